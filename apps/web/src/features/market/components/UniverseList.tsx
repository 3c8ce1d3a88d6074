import { useDeferredValue, useRef } from 'react';
import { isCancelledError } from '@tanstack/react-query';
import { ApiError } from '@kabuto/client';
import { InfiniteScroll } from 'antd-mobile';
import { useMarketTranslation } from '../../../lib/market-texts';
import { LoadError } from '../../../components/market/LoadError';
import { QuoteListSkeleton } from '../../../components/market/QuoteListSkeleton';
import { QuoteRow, useOpenStock } from '../../../components/market/QuoteRow';
import { useWatchStars } from '../../../components/market/use-watch-stars';
import { LiveNotice } from '../../../components/market/LiveNotice';
import { SimulatedNote } from '../../../components/market/SimulatedNote';
import { PAGE_SAYS_SIMULATED, useQuotes } from '../../../lib/market-data';
import { isOutOfOrder } from '../../../lib/quote-order';
import { scrollToTopOf } from '../../../lib/scroll-to-top';
import { toastError } from '../../../lib/error-toast';
import { useVisibleCodes } from '../../../lib/visible-codes';
import { EmptyState } from '../../../components/ui/EmptyState';
import { useRanking, useRerank } from '../api/market';
import { sortDetail } from './figures';
import type { Sorting } from './SortBar';

/** About a phone screen of rows, and a few more for a quick first flick. */
const FIRST_ROWS = 16;

/**
 * Every instrument with its live quote; more rows load on scrolling. The order is the server's ranking at the
 * last sort action and does not follow the prices afterwards: rows never move under the investor's finger,
 * only their figures change (from the quote channels of the rows in view). Once the figures no longer follow
 * the order the sort bar names, a bar at the bottom of the screen offers the current ranking, read from its top.
 */
export function UniverseList({ sorting }: { sorting: Sorting }) {
  const { t } = useMarketTranslation();
  const ranking = useRanking(sorting.sort, sorting.order);
  const rerank = useRerank(sorting.sort, sorting.order);
  const allRows = onceEach(ranking.data?.pages.flatMap((page) => page.items) ?? []);
  // When a page of rows arrives, the rows a phone shows first are drawn at once and the rest of the page in the
  // background (a render React interrupts for input): all 30 in one go held the main thread for 35-60 ms on a
  // mid-range phone. Rows already read (back on the tab) are drawn at once, so the scroll position holds.
  const drawnCount = Math.max(useDeferredValue(allRows.length), Math.min(allRows.length, FIRST_ROWS));
  const rows = allRows.slice(0, drawnCount);
  const listRef = useRef<HTMLUListElement>(null);
  const visible = useVisibleCodes(listRef, rows.map((row) => row.instrument.code).join(','));
  const quotes = useQuotes(visible);
  const open = useOpenStock();
  const stars = useWatchStars();
  // The note comes first while the list loads too (when the server said so in the page), so it is not what moves
  // the rows down, and it is drawn by the first screen already.
  if (ranking.isPending)
    return (
      <>
        <SimulatedNote simulated={PAGE_SAYS_SIMULATED} />
        <QuoteListSkeleton />
      </>
    );
  if (ranking.isError && !ranking.data) return <LoadError onRetry={() => void ranking.refetch()} />;
  if (allRows.length === 0) return <EmptyState />;
  const shown = rows.map(({ instrument, quote }) => ({
    code: instrument.code,
    quote: quotes.data?.get(instrument.code) ?? quote,
  }));
  const drifted = sorting.sort !== 'code' && isOutOfOrder(shown, sorting.sort, sorting.order);
  return (
    <>
      <SimulatedNote simulated={rows[0]?.quote.simulated} />
      <LiveNotice asOf={quotes.asOf || ranking.dataUpdatedAt} />
      <ul
        ref={listRef}
        className="kb-quote-list"
        data-testid="market-list"
        aria-busy={ranking.isPlaceholderData}
      >
        {rows.map(({ instrument }, index) => {
          const quote = shown[index]!.quote;
          return (
            <QuoteRow
              key={instrument.code}
              instrument={instrument}
              quote={quote}
              detail={sortDetail(sorting.sort, quote, t)}
              t={t}
              onOpen={open}
              watched={stars.isWatched(instrument.code)}
              watchPending={stars.pendingCode === instrument.code}
              onToggleWatch={stars.toggle}
            />
          );
        })}
      </ul>
      <InfiniteScroll
        loadMore={async () => void (await ranking.fetchNextPage())}
        // Not while the page's last rows are still to be drawn: on a tall screen the list's end is then in view,
        // and the next page would be read (and drawn) before anyone scrolled. Nor while the ranking is read
        // afresh (a refetch): the page would join the old order, and cancel the new read.
        hasMore={ranking.hasNextPage && rows.length === allRows.length && !ranking.isRefetching}
      >
        <span className="kb-list-end">{ranking.hasNextPage ? t('common:loading') : t('market:listEnd')}</span>
      </InfiniteScroll>
      {/* A bar across the bottom of the screen rather than a button floating over the rows: the rows end at its top
          edge, so none shows beside or around the button with its middle under it, and at the list's end the bar
          sits below the last row. */}
      {drifted && (
        <div className="kb-rerank-bar" data-testid="market-rerank-bar">
          <button
            type="button"
            className="kb-rerank"
            disabled={ranking.isFetching}
            onClick={() =>
              void rerank().then(
                () => listRef.current && scrollToTopOf(listRef.current),
                (error: unknown) => {
                  // Cancelled: the list was dropped (a sign-in or a sign-out), and nobody waits for it.
                  if (!isCancelledError(error))
                    toastError(error instanceof ApiError ? error.message : t('common:error'));
                },
              )
            }
            data-testid="market-rerank"
          >
            <span aria-hidden>↻ </span>
            {t('market:rerank')}
          </button>
        </div>
      )}
    </>
  );
}

/**
 * Each instrument once: the pages keep their first page's order, but one ranked afresh (its order expired, or
 * another server answered) may repeat an instrument of an earlier page.
 */
function onceEach<T extends { instrument: { code: string } }>(rows: readonly T[]): T[] {
  const seen = new Set<string>();
  return rows.filter(({ instrument: { code } }) => {
    if (seen.has(code)) return false;
    seen.add(code);
    return true;
  });
}
