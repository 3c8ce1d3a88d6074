import { Button } from 'antd-mobile';
import { memo, useDeferredValue } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useMarketTranslation } from '../../../lib/market-texts';
import { INSTRUMENT_CODE, typedInstrumentCode } from '@kabuto/contract';
import { normalizeLang } from '@kabuto/i18n';
import { LoadError } from '../../../components/market/LoadError';
import { QuoteListSkeleton } from '../../../components/market/QuoteListSkeleton';
import { LiveNotice } from '../../../components/market/LiveNotice';
import { SimulatedNote } from '../../../components/market/SimulatedNote';
import { EmptyState } from '../../../components/ui/EmptyState';
import { SubPage } from '../../../components/ui/SubPage';
import { PAGE_SAYS_SIMULATED, useInstrument, useQuotes } from '../../../lib/market-data';
import { instrumentName } from '../../../lib/market-format';
import { MARKET_PATH, ORDER_PATH, PRICE_ALERTS_PATH } from '../../../lib/paths';
import { useBoard } from '../../../lib/board';
import { OrderBook } from '../components/OrderBook';
import { PriceChart } from '../components/PriceChart';
import { QuoteHeader } from '../components/QuoteHeader';

export default function StockDetailPage() {
  const { t } = useMarketTranslation();
  const code = typedInstrumentCode(useSearchParams()[0].get('code') ?? '');
  const valid = INSTRUMENT_CODE.test(code);
  return (
    <SubPage title={t('titles.stockDetail')} testId="stock-detail-page" fallback={MARKET_PATH}>
      {/* Keyed by the stock: going from one stock's page to another's (back, forward, a link) starts afresh, so
          nothing of the first (its chart's bars, a deferred quote or board) is shown as the second's. */}
      {valid ? <StockDetail key={code} code={code} /> : <EmptyState description={t('market:notFound')} />}
    </SubPage>
  );
}

function StockDetail({ code }: { code: string }) {
  const { t, i18n } = useMarketTranslation();
  const instrument = useInstrument(code);
  const quotes = useQuotes(instrument.data ? [code] : []);
  const board = useBoard(code);
  // Each answer renders the sections it feeds in a transition of its own, which React cuts into short slices,
  // rather than in one task with the page (each was a long task at a phone's speed); the sections are memoised.
  const quote = useDeferredValue(quotes.data?.get(code));
  const boardData = useDeferredValue(board.data);

  if (instrument.isPending)
    return (
      <div className="kb-stock-detail">
        <div className="kb-stock-detail-head">
          <SimulatedNote simulated={PAGE_SAYS_SIMULATED} />
          <QuoteListSkeleton rows={4} />
        </div>
      </div>
    );
  if (instrument.isError) return <LoadError onRetry={() => void instrument.refetch()} />;
  if (!instrument.data) return <EmptyState description={t('market:notFound')} />;
  return (
    <div className="kb-stock-detail">
      {/* Its height is reserved (app.css), so the chart below stays put when the note and the quote arrive. */}
      <div className="kb-stock-detail-head">
        <SimulatedNote simulated={quote ? quote.simulated : PAGE_SAYS_SIMULATED} />
        <LiveNotice asOf={quotes.asOf} />
        {quote ? (
          <QuoteHeader instrument={instrument.data} quote={quote} />
        ) : quotes.isError ? (
          <LoadError onRetry={() => void quotes.refetch()} />
        ) : (
          <QuoteListSkeleton rows={4} />
        )}
      </div>
      <PriceChart code={code} live={quote} />
      {boardData ? (
        <OrderBook board={boardData} previousClose={quote?.previousClose} />
      ) : board.isError ? (
        <LoadError onRetry={() => void board.refetch()} />
      ) : null}
      <StockActions
        code={code}
        shortable={instrument.data.shortable}
        name={instrumentName(instrument.data, normalizeLang(i18n.language))}
      />
    </div>
  );
}

/**
 * Alert, sell and buy: the order screen asks for a login first when there is no session. Sell opens a short,
 * so for a stock that cannot be sold short (the house's per-instrument limits) it is disabled and says why.
 */
const StockActions = memo(function StockActions({
  code,
  name,
  shortable,
}: {
  code: string;
  name: string;
  shortable: boolean;
}) {
  const { t } = useMarketTranslation();
  const navigate = useNavigate();
  const go = (path: string) => navigate(`${path}?code=${encodeURIComponent(code)}`);
  return (
    <div className="kb-stock-actions" data-testid="stock-actions">
      {!shortable && (
        <p className="kb-stock-actions-note" id="stock-short-note" data-testid="stock-short-note">
          {t('market:actions.shortNotAllowed')}
        </p>
      )}
      <Button
        fill="outline"
        onClick={() => go(PRICE_ALERTS_PATH)}
        aria-label={t('market:actions.alertLabel', { name })}
        data-testid="stock-alert"
      >
        {t('market:actions.alert')}
      </Button>
      <Button
        className="kb-stock-sell"
        onClick={() => navigate(`${ORDER_PATH}?code=${encodeURIComponent(code)}&side=short`)}
        disabled={!shortable}
        aria-label={t('market:actions.sellLabel', { name })}
        {...(shortable ? {} : { 'aria-describedby': 'stock-short-note' })}
        data-testid="stock-sell"
      >
        {t('market:actions.sell')}
      </Button>
      <Button
        className="kb-stock-buy"
        onClick={() => navigate(`${ORDER_PATH}?code=${encodeURIComponent(code)}&side=long`)}
        aria-label={t('market:actions.buyLabel', { name })}
        data-testid="stock-buy"
      >
        {t('market:actions.buy')}
      </Button>
    </div>
  );
});
