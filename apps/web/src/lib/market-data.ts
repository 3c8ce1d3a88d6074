import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type DefaultError,
  type InfiniteData,
  type QueryKey,
  type UseInfiniteQueryOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { routes, type Quote, type WatchlistItem } from '@kabuto/contract';
import { apiClient } from './api-client';
import { useSession } from './session-store';

/**
 * Market data shared by Home and the market screens. Everything that changes while the market trades goes
 * through `useLiveQuery` / `useLiveInfiniteQuery`: polling for now. The WebSocket feed replaces those two,
 * and nothing else needs to change.
 */
export const LIVE_REFRESH_MS = 5000;

export const marketKeys = {
  all: ['market'] as const,
  summary: () => [...marketKeys.all, 'summary'] as const,
  quotes: (codes: readonly string[]) => [...marketKeys.all, 'quotes', codes.join(',')] as const,
  ranking: (sort: string, order: string) => [...marketKeys.all, 'ranking', sort, order] as const,
  board: (code: string) => [...marketKeys.all, 'board', code] as const,
  bars: (code: string, interval: string) => [...marketKeys.all, 'bars', code, interval] as const,
  search: (q: string) => [...marketKeys.all, 'search', q] as const,
  instrument: (code: string) => [...marketKeys.all, 'instrument', code] as const,
  watchlist: (userId: string) => ['watchlist', userId] as const,
};

const live = {
  refetchInterval: LIVE_REFRESH_MS,
  // A failed refresh keeps the last figures on screen; the screen says so itself (no toast every 5 s).
  meta: { silent: true },
} as const;

export function useLiveQuery<T, K extends QueryKey>(options: UseQueryOptions<T, DefaultError, T, K>) {
  return useQuery({ ...options, ...live });
}

export function useLiveInfiniteQuery<T, K extends QueryKey, P>(
  options: UseInfiniteQueryOptions<T, DefaultError, InfiniteData<T, P>, K, P>,
) {
  return useInfiniteQuery({ ...options, ...live });
}

/** The quotes API takes at most this many codes a call. */
const QUOTES_PER_CALL = 50;

/** Live quotes of the given codes, by code. */
export function useQuotes(codes: readonly string[]) {
  return useLiveQuery({
    queryKey: marketKeys.quotes(codes),
    queryFn: async () => {
      const calls: Promise<{ items: Quote[] }>[] = [];
      for (let start = 0; start < codes.length; start += QUOTES_PER_CALL) {
        const batch = codes.slice(start, start + QUOTES_PER_CALL).join(',');
        calls.push(apiClient.call(routes.market.quotes, { query: { codes: batch } }));
      }
      const pages = await Promise.all(calls);
      return new Map(pages.flatMap((page) => page.items).map((quote) => [quote.code, quote]));
    },
    enabled: codes.length > 0,
  });
}

/** Breadth and top movers of the whole market. */
export function useMarketSummary() {
  return useLiveQuery({
    queryKey: marketKeys.summary(),
    queryFn: () => apiClient.call(routes.market.summary),
  });
}

/** The signed-in investor's watchlist (nothing for a visitor). */
export function useWatchlist() {
  const token = useSession((state) => state.token);
  const userId = useSession((state) => state.userId);
  return useQuery({
    queryKey: marketKeys.watchlist(userId),
    queryFn: () => apiClient.call(routes.watchlist.list),
    enabled: token !== '',
    select: (data): WatchlistItem[] => data.items,
  });
}

/** Whether a code is on the watchlist, and the toggle. */
export function useWatchlistToggle() {
  const queryClient = useQueryClient();
  const userId = useSession((state) => state.userId);
  const { data: items } = useWatchlist();
  const codes = new Set(items?.map((item) => item.code));
  const toggle = useMutation({
    mutationFn: async ({ code, watch }: { code: string; watch: boolean }): Promise<void> => {
      if (watch) await apiClient.call(routes.watchlist.add, { params: { code } });
      else await apiClient.call(routes.watchlist.remove, { params: { code } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: marketKeys.watchlist(userId) }),
  });
  return {
    isWatched: (code: string) => codes.has(code),
    toggle: (code: string) => toggle.mutate({ code, watch: !codes.has(code) }),
    pendingCode: toggle.isPending ? toggle.variables.code : null,
  };
}
