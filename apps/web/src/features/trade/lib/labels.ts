import { SHARES_PER_LOT } from '@kabuto/market-rules';
import type { TFunction } from 'i18next';

/** The instrument's name in the reader's language: the Japanese name in Japanese, the English one otherwise. */
export function instrumentName(
  instrument: { nameJa: string; nameEn: string } | null | undefined,
  language: string | undefined,
): string | null {
  if (!instrument) return null;
  return language === 'ja' ? instrument.nameJa : instrument.nameEn;
}

/** "200株（2単元）" / "200 shares (2 lots)". */
export function quantityText(t: TFunction, lots: number): string {
  return t('trade:quantity', { shares: (lots * SHARES_PER_LOT).toLocaleString('en-US'), lots });
}
