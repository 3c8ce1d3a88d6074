import { useRef } from 'react';
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
import { QuoteRow, useOpenStock } from './QuoteRow';
import { useWatchStars } from './use-watch-stars';
import { LiveNotice } from './LiveNotice';
import { SimulatedNote } from './SimulatedNote';

interface WatchlistQuotesProps {
  sort?: MarketSort;
  order?: 'asc' | 'desc';
  /** The figure under each price, when the list is ordered by one. */
  detailOf?: (quote: Parameters<typeof QuoteRow>[0]['quote']) => string | undefined;
  /** Shows at most this many rows (Home). */
  limit?: number;
  /** Off where the screen already says above the list that prices are simulated (Home's market summary). */
  simulatedNote?: boolean;
}

/** The investor's watchlist with live quotes; a visitor is offered to log in. */
export function WatchlistQuotes({
  sort = 'code',
  order = 'asc',
  detailOf,
  limit,
  simulatedNote = true,
}: WatchlistQuotesProps) {
  const { t } = useMarketTranslation();
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const watchlist = useWatchlist();
  const codes = watchlist.data?.map((item) => item.code) ?? [];
  const quotes = useQuotes(codes);
  const orderRef = useRef<StableOrder | null>(null);
  const open = useOpenStock();
  const stars = useWatchStars();

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

  const rows = orderOnce(
    watchlist.data.map((item) => ({ ...item, quote: quotes.data?.get(item.code) })),
    orderRef,
    `${sort}:${order}`,
    (unordered) => orderByQuote(unordered, sort, order),
  ).slice(0, limit);
  const simulated = quotes.data ? [...quotes.data.values()].some((quote) => quote.simulated) : undefined;
  return (
    <>
      {simulatedNote && <SimulatedNote simulated={simulated} />}
      <LiveNotice asOf={quotes.asOf} />
      <ul className="kb-quote-list" data-testid="watchlist">
        {rows.map(({ instrument, quote }) => (
          <QuoteRow
            key={instrument.code}
            instrument={instrument}
            quote={quote}
            detail={detailOf?.(quote)}
            t={t}
            onOpen={open}
            watched={stars.isWatched(instrument.code)}
            watchPending={stars.pendingCode === instrument.code}
            onToggleWatch={stars.toggle}
          />
        ))}
      </ul>
    </>
  );
}

interface StableOrder {
  key: string;
  codes: string[];
}

/**
 * The rows in the order `sort` gave them when the sort was chosen (or the list or its first quotes arrived):
 * later prices update the rows in place without moving them under the investor's finger.
 */
function orderOnce<T extends { code: string; quote: unknown }>(
  rows: T[],
  ref: { current: StableOrder | null },
  sortKey: string,
  sort: (rows: T[]) => T[],
): T[] {
  const complete = rows.every((row) => row.quote !== undefined);
  const key = `${sortKey}|${rows
    .map((row) => row.code)
    .sort()
    .join(',')}|${complete}`;
  if (ref.current?.key !== key) ref.current = { key, codes: sort(rows).map((row) => row.code) };
  const byCode = new Map(rows.map((row) => [row.code, row]));
  return ref.current.codes.map((code) => byCode.get(code)!);
}
