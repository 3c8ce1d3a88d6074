import type { Instrument, Quote } from '@kabuto/contract';
import { useMarketTranslation } from '../../lib/market-texts';
import { useNavigate } from 'react-router';
import { currentLang } from '../../lib/i18n';
import { formatPercent, formatPrice, instrumentName } from '../../lib/market-format';
import { stockDetailPath } from '../../lib/paths';
import { toneClass } from '../../lib/price-tone';
import { WatchStar } from './WatchStar';

interface QuoteRowProps {
  instrument: Instrument;
  quote: Quote | undefined;
  /** A figure shown under the price (the volume when the list is ordered by volume). */
  detail?: string;
  star?: boolean;
  /** Called as the row opens the detail (search records its history). */
  onOpen?: () => void;
}

/** One instrument in a list: name and code, last price and change %, a tap opens its detail. */
export function QuoteRow({ instrument, quote, detail, star = false, onOpen }: QuoteRowProps) {
  const { t } = useMarketTranslation();
  const navigate = useNavigate();
  const name = instrumentName(instrument, currentLang());
  const tone = toneClass(quote?.change);
  return (
    <li className="kb-quote-row" data-code={instrument.code} data-testid={`quote-row-${instrument.code}`}>
      <button
        type="button"
        className="kb-quote-open"
        onClick={() => {
          onOpen?.();
          navigate(stockDetailPath(instrument.code));
        }}
      >
        <span className="kb-quote-name">
          <span className="kb-quote-title">{name}</span>
          <span className="kb-quote-code">
            {instrument.code}
            {instrument.halted && <span className="kb-quote-halted">{t('market:halted')}</span>}
            {quote?.limitState === 'stop-high' && (
              <span className="kb-limit kb-tone-up">{t('market:stopHigh')}</span>
            )}
            {quote?.limitState === 'stop-low' && (
              <span className="kb-limit kb-tone-down">{t('market:stopLow')}</span>
            )}
          </span>
        </span>
        <span className="kb-quote-price">
          <span className={`kb-quote-last ${tone}`} data-testid="quote-last">
            {formatPrice(quote?.last)}
          </span>
          {detail && <span className="kb-quote-detail">{detail}</span>}
        </span>
        <span className={`kb-quote-badge ${tone}`} data-testid="quote-percent">
          {formatPercent(quote?.changePercent)}
        </span>
      </button>
      {star && <WatchStar code={instrument.code} name={name} />}
    </li>
  );
}
