import { useSearchParams } from 'react-router';
import { useMarketTranslation } from '../../../lib/market-texts';
import { INSTRUMENT_CODE } from '@kabuto/contract';
import { LoadError } from '../../../components/market/LoadError';
import { QuoteListSkeleton } from '../../../components/market/QuoteListSkeleton';
import { SimulatedNote } from '../../../components/market/SimulatedNote';
import { EmptyState } from '../../../components/ui/EmptyState';
import { SubPage } from '../../../components/ui/SubPage';
import { useQuotes } from '../../../lib/market-data';
import { MARKET_PATH } from '../../../lib/paths';
import { useBoard, useInstrument } from '../api/market';
import { OrderBook } from '../components/OrderBook';
import { PriceChart } from '../components/PriceChart';
import { QuoteHeader } from '../components/QuoteHeader';

export default function StockDetailPage() {
  const { t } = useMarketTranslation();
  const code = (useSearchParams()[0].get('code') ?? '').normalize('NFKC').trim().toUpperCase();
  const valid = INSTRUMENT_CODE.test(code);
  return (
    <SubPage title={t('titles.stockDetail')} testId="stock-detail-page" fallback={MARKET_PATH}>
      {valid ? <StockDetail code={code} /> : <EmptyState description={t('market:notFound')} />}
    </SubPage>
  );
}

function StockDetail({ code }: { code: string }) {
  const { t } = useMarketTranslation();
  const instrument = useInstrument(code);
  const quotes = useQuotes(instrument.data ? [code] : []);
  const board = useBoard(code);
  const quote = quotes.data?.get(code);

  if (instrument.isPending) return <QuoteListSkeleton rows={4} />;
  if (instrument.isError) return <LoadError onRetry={() => void instrument.refetch()} />;
  if (!instrument.data) return <EmptyState description={t('market:notFound')} />;
  return (
    <div className="kb-stock-detail">
      <SimulatedNote simulated={quote?.simulated} />
      {quote ? (
        <QuoteHeader instrument={instrument.data} quote={quote} />
      ) : quotes.isError ? (
        <LoadError onRetry={() => void quotes.refetch()} />
      ) : (
        <QuoteListSkeleton rows={2} />
      )}
      <PriceChart code={code} />
      {board.data ? (
        <OrderBook board={board.data} previousClose={quote?.previousClose} />
      ) : board.isError ? (
        <LoadError onRetry={() => void board.refetch()} />
      ) : null}
    </div>
  );
}
