import { memo, useCallback } from 'react';
import type { TFunction } from 'i18next';
import type { Instrument, Quote } from '@kabuto/contract';
import { useNavigate } from 'react-router';
import { currentLang } from '../../lib/i18n';
import { formatPercent, formatPrice, instrumentName } from '../../lib/market-format';
import { stockDetailPath } from '../../lib/paths';
import { toneClass } from '../../lib/price-tone';
import { WatchStarButton } from './WatchStar';

interface QuoteRowProps {
  instrument: Instrument;
  quote: Quote | undefined;
  /** A figure shown under the price (the volume when the list is ordered by volume). */
  detail?: string;
  /** The list's market texts (the list hooks them once for all its rows). */
  t: TFunction;
  /** Opens the instrument's detail (`useOpenStock`, or one that also records the search). */
  onOpen: (instrument: Instrument) => void;
  /** The watchlist star (`useWatchStars`): none when undefined. */
  watched?: boolean;
  watchPending?: boolean;
  onToggleWatch?: (code: string) => void;
}

/**
 * One instrument in a list: name and code, last price and change %, a tap opens its detail. Everything it
 * needs comes from its list, and it is memoised, so a live price draws its own row only.
 */
export const QuoteRow = memo(function QuoteRow({
  instrument,
  quote,
  detail,
  t,
  onOpen,
  watched,
  watchPending = false,
  onToggleWatch,
}: QuoteRowProps) {
  const name = instrumentName(instrument, currentLang());
  const tone = toneClass(quote?.change);
  return (
    <li className="kb-quote-row" data-code={instrument.code} data-testid={`quote-row-${instrument.code}`}>
      <button type="button" className="kb-quote-open" onClick={() => onOpen(instrument)}>
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
      {watched !== undefined && onToggleWatch && (
        <WatchStarButton
          code={instrument.code}
          name={name}
          watched={watched}
          pending={watchPending}
          onToggle={onToggleWatch}
          t={t}
        />
      )}
    </li>
  );
});

/** Opens an instrument's detail: one callback for all the rows of a list. */
export function useOpenStock() {
  const navigate = useNavigate();
  return useCallback((instrument: Instrument) => navigate(stockDetailPath(instrument.code)), [navigate]);
}
