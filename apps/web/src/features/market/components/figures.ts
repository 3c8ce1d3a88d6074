import type { MarketSort, Quote } from '@kabuto/contract';
import type { TFunction } from 'i18next';
import { currentLang } from '../../../lib/i18n';
import { formatCompact } from '../../../lib/market-format';

/** The figure a row shows under its price when the list is ordered by it (volume or turnover). */
export function sortDetail(sort: MarketSort, quote: Quote | undefined, t: TFunction): string | undefined {
  if (!quote) return undefined;
  const lang = currentLang();
  if (sort === 'volume') return t('market:volumeShort', { value: formatCompact(quote.volume, lang) });
  if (sort === 'turnover') return t('market:turnoverShort', { value: formatCompact(quote.turnover, lang) });
  return undefined;
}
