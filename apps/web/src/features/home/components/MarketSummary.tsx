import { useState } from 'react';
import { useMarketTranslation } from '../../../lib/market-texts';
import { LoadError } from '../../../components/market/LoadError';
import { QuoteListSkeleton } from '../../../components/market/QuoteListSkeleton';
import { QuoteRow, useOpenStock } from '../../../components/market/QuoteRow';
import { SimulatedNote } from '../../../components/market/SimulatedNote';
import { EmptyState } from '../../../components/ui/EmptyState';
import { currentLang } from '../../../lib/i18n';
import { useMarketSummary, useQuotes } from '../../../lib/market-data';
import { formatCompact } from '../../../lib/market-format';
import { orderByQuote } from '../../../lib/quote-order';

type Movers = 'gainers' | 'losers';

/** Grey rows in the summary's own height, so the sections below stay put when it arrives. */
export function MarketSummarySkeleton() {
  return (
    <div className="kb-summary-loading">
      <QuoteListSkeleton rows={3} />
    </div>
  );
}

/** The market's breadth today and its biggest movers each way. */
export function MarketSummary() {
  const { t } = useMarketTranslation();
  const summary = useMarketSummary();
  const [movers, setMovers] = useState<Movers>('gainers');
  const open = useOpenStock();
  // The movers are chosen by the summary (every 30 s); their prices follow the quote channels meanwhile.
  const shown = summary.data?.[movers] ?? [];
  const quotes = useQuotes(shown.map((row) => row.instrument.code));
  if (summary.isPending) return <MarketSummarySkeleton />;
  if (summary.isError && !summary.data) return <LoadError onRetry={() => void summary.refetch()} />;
  const data = summary.data;
  const figures: [string, string, string?][] = [
    ['advancers', String(data.advancers), 'kb-tone-up'],
    ['decliners', String(data.decliners), 'kb-tone-down'],
    ['unchanged', String(data.unchanged)],
    ['stopHigh', String(data.stopHigh), 'kb-tone-up'],
    ['stopLow', String(data.stopLow), 'kb-tone-down'],
    ['turnover', t('market:yen', { value: formatCompact(data.turnover, currentLang()) })],
  ];
  // In the order of their live changes, as the label says: the summary ranked them up to 30 s ago.
  const rows = orderByQuote(
    data[movers].map(({ instrument, quote }) => ({
      code: instrument.code,
      instrument,
      quote: quotes.data?.get(instrument.code) ?? quote,
    })),
    'changePercent',
    movers === 'gainers' ? 'desc' : 'asc',
  );
  return (
    <div data-testid="market-summary">
      <p className="kb-muted kb-summary-session">
        {t(`market:session.${data.sessionState}`)}
        {t('common:separator')}
        {t('market:universeCount', { total: data.total })}
      </p>
      <dl className="kb-figures kb-breadth">
        {figures.map(([key, value, className]) => (
          <div key={key} data-testid={`summary-${key}`}>
            <dt>{t(`market:summary.${key}`)}</dt>
            <dd className={className}>{value}</dd>
          </div>
        ))}
      </dl>
      <h3 className="kb-movers-title">{t('market:topMovers')}</h3>
      <div className="kb-segments" role="group" aria-label={t('market:topMovers')}>
        {(['gainers', 'losers'] as const).map((id) => (
          <button
            key={id}
            type="button"
            className="kb-segment"
            aria-pressed={movers === id}
            onClick={() => setMovers(id)}
            data-testid={`movers-${id}`}
          >
            {t(`market:movers.${id}`)}
          </button>
        ))}
      </div>
      {rows.length === 0 ? (
        <EmptyState description={t('market:noMovers')} />
      ) : (
        <ul className="kb-quote-list" data-testid={`movers-list-${movers}`}>
          {rows.map(({ instrument, quote }) => (
            <QuoteRow key={instrument.code} instrument={instrument} quote={quote} t={t} onOpen={open} />
          ))}
        </ul>
      )}
      <SimulatedNote simulated={data.simulated} />
    </div>
  );
}
