import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type BarInterval, type MarketSort } from '@kabuto/contract';
import { apiClient } from '../../../lib/api-client';
import { marketKeys, useStableInfiniteQuery } from '../../../lib/market-data';

/** No channel carries chart bars: the newest ones are read this often. */
const BARS_REFRESH_MS = 10_000;

export const RANKING_PAGE_SIZE = 30;

export type SortOrder = 'asc' | 'desc';

/**
 * The market list: the universe in the chosen order, a page at a time, read once per sort (the screen keeps
 * the quotes live over the channels of the rows in view).
 */
export function useRanking(sort: MarketSort, order: SortOrder) {
  return useStableInfiniteQuery({ ...rankingQuery(sort, order), placeholderData: keepPreviousData });
}

/**
 * Reads the ranking afresh from its top, its first page only: the list goes back to its first row and reads the
 * next pages on scrolling, as after a new sort. Rejects with the failure.
 */
export function useRerank(sort: MarketSort, order: SortOrder) {
  const queryClient = useQueryClient();
  // Its failure is said by the caller, once: not by the shell's toast as well.
  return () =>
    queryClient.fetchInfiniteQuery({
      ...rankingQuery(sort, order),
      pages: 1,
      staleTime: 0,
      meta: { silent: true },
    });
}

/** Which page of the ranking to read: the next pages name the first page's order (its snapshot). */
type RankingPageParam = { page: number; snapshot?: string };

type RankingPage = Awaited<ReturnType<typeof readRankingPage>>;

function readRankingPage(sort: MarketSort, order: SortOrder, pageParam: RankingPageParam) {
  return apiClient.call(routes.market.ranking, {
    query: { sort, order, pageSize: RANKING_PAGE_SIZE, ...pageParam },
  });
}

function rankingQuery(sort: MarketSort, order: SortOrder) {
  return {
    queryKey: marketKeys.ranking(sort, order),
    queryFn: ({ pageParam }: { pageParam: RankingPageParam }) => readRankingPage(sort, order, pageParam),
    initialPageParam: { page: 1 } as RankingPageParam,
    // The next pages keep the first page's order (its snapshot): prices move between loads.
    getNextPageParam: (last: RankingPage): RankingPageParam | undefined =>
      last.page * last.pageSize < last.total ? { page: last.page + 1, snapshot: last.snapshot } : undefined,
  };
}

/** Chart bars of one interval, read once (the newest ones follow through useLatestBars). */
export function useBars(code: string, interval: BarInterval) {
  return useQuery({
    queryKey: marketKeys.bars(code, interval),
    queryFn: () => apiClient.call(routes.market.bars, { params: { code }, query: { interval } }),
    // The chart keeps the previous interval's bars on screen until the next ones arrive.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    // The chart says a failure itself, over the chart, with its retry: a toast would say it twice.
    meta: { silent: true },
  });
}

export type Bars = NonNullable<ReturnType<typeof useBars>['data']>;

/**
 * The bars from the start of the newest one on the chart, live: the bar being built and any that began since,
 * so a refresh moves a few bars rather than a week of minutes. The full read it follows counts as its first
 * answer, so the first refresh comes one period after it, not at once for the bar just read.
 */
export function useLatestBars(
  code: string,
  interval: BarInterval,
  loaded: { bars: Bars; at: number } | undefined,
) {
  const from = loaded?.bars.items.at(-1)?.start;
  return useQuery({
    queryKey: [...marketKeys.bars(code, interval), 'from', from ?? ''],
    queryFn: () => apiClient.call(routes.market.bars, { params: { code }, query: { interval, from: from! } }),
    enabled: from !== undefined,
    initialData: () => loaded && { ...loaded.bars, items: loaded.bars.items.slice(-1) },
    initialDataUpdatedAt: loaded?.at,
    staleTime: BARS_REFRESH_MS,
    refetchInterval: BARS_REFRESH_MS,
    meta: { silent: true },
  });
}

/** Instruments whose code, Japanese or English name matches. */
export function useInstrumentSearch(q: string) {
  return useQuery({
    queryKey: marketKeys.search(q),
    queryFn: () => apiClient.call(routes.market.instruments, { query: { q, pageSize: 30 } }),
    enabled: q !== '',
    placeholderData: keepPreviousData,
  });
}
