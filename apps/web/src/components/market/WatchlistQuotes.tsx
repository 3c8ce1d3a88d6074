import { Button } from 'antd-mobile';
import type { MarketSort } from '@kabuto/contract';
import { useMarketTranslation } from '../../lib/market-texts';
import { useNavigate } from 'react-router';
import { useQuotes, useWatchlist } from '../../lib/market-data';
import { LOGIN_PATH } from '../../lib/paths';
import { orderByQuote } from '../../lib/quote-order';
import { useIsLoggedIn } from '../../lib/session-store';
import { EmptyState } from '../ui/EmptyState';
import { LoadError } from './LoadError';
import { QuoteListSkeleton } from './QuoteListSkeleton';
import { QuoteRow } from './QuoteRow';
import { SimulatedNote } from './SimulatedNote';

interface WatchlistQuotesProps {
  sort?: MarketSort;
  order?: 'asc' | 'desc';
  /** The figure under each price, when the list is ordered by one. */
  detailOf?: (quote: Parameters<typeof QuoteRow>[0]['quote']) => string | undefined;
  /** Shows at most this many rows (Home). */
  limit?: number;
}

/** The investor's watchlist with live quotes; a visitor is offered to log in. */
export function WatchlistQuotes({ sort = 'code', order = 'asc', detailOf, limit }: WatchlistQuotesProps) {
  const { t } = useMarketTranslation();
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const watchlist = useWatchlist();
  const codes = watchlist.data?.map((item) => item.code) ?? [];
  const quotes = useQuotes(codes);

  if (!loggedIn)
    return (
      <div className="kb-watchlist-guest" data-testid="watchlist-guest">
        <p>{t('market:watchlistGuest')}</p>
        <Button
          color="primary"
          size="small"
          onClick={() => navigate(LOGIN_PATH)}
          data-testid="watchlist-login"
        >
          {t('user.login')}
        </Button>
      </div>
    );
  if (watchlist.isPending) return <QuoteListSkeleton rows={3} />;
  if (watchlist.isError) return <LoadError onRetry={() => void watchlist.refetch()} />;
  if (codes.length === 0) return <EmptyState description={t('market:watchlistEmpty')} />;
  if (quotes.isError && !quotes.data) return <LoadError onRetry={() => void quotes.refetch()} />;

  const rows = orderByQuote(
    watchlist.data.map((item) => ({ ...item, quote: quotes.data?.get(item.code) })),
    sort,
    order,
  ).slice(0, limit);
  const simulated = quotes.data ? [...quotes.data.values()].some((quote) => quote.simulated) : undefined;
  return (
    <>
      <SimulatedNote simulated={simulated} />
      <ul className="kb-quote-list" data-testid="watchlist">
        {rows.map(({ instrument, quote }) => (
          <QuoteRow
            key={instrument.code}
            instrument={instrument}
            quote={quote}
            detail={detailOf?.(quote)}
            star
          />
        ))}
      </ul>
    </>
  );
}
