import { useCallback, useMemo } from 'react';
import {
  keepPreviousData,
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
import { useQuoteChannels, useSocketLive } from './realtime';
import { useSession } from './session-store';

/**
 * Market data shared by Home and the market screens. Quotes and boards arrive over the WebSocket
 * (lib/realtime.ts); HTTP reads the first figures and, only while the socket is down, polls slowly instead.
 */
export const FALLBACK_REFRESH_MS = 15_000;
/** Figures no channel carries (the market's breadth, the movers): refreshed this often even while live. */
const SUMMARY_REFRESH_MS = 30_000;

/**
 * What the server said of its market feed when it served this page: index.html's `<html data-market="simulated">`,
 * put in by the server for the page it sends (never for the copy the service worker keeps). The simulated-data
 * note is shown from it while the first answers load; from then on every quote says it itself.
 */
export const PAGE_SAYS_SIMULATED =
  typeof document !== 'undefined' && document.documentElement.dataset.market === 'simulated';

/** The polling interval of something a channel also carries: none while the socket is live. */
export function useFallbackInterval(): number | false {
  return useSocketLive() ? false : FALLBACK_REFRESH_MS;
}

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

// A failed refresh keeps the last figures on screen; the screen says so itself (no toast every few seconds).
const silent = { meta: { silent: true } } as const;

/**
 * One instrument by its code (names, sector, TOPIX500 membership for the tick table, halted); null for none.
 * A screen that needs it says so itself when it cannot be read.
 */
export function useInstrument(code: string) {
  return useQuery({
    queryKey: marketKeys.instrument(code),
    queryFn: async () => {
      const page = await apiClient.call(routes.market.instruments, { query: { q: code, pageSize: 5 } });
      return page.items.find((item) => item.code === code) ?? null;
    },
    enabled: code !== '',
    staleTime: 5 * 60_000,
    ...silent,
  });
}

/** A read a channel also carries: polled slowly only while the socket is down. */
export function useLiveQuery<T, K extends QueryKey>(options: UseQueryOptions<T, DefaultError, T, K>) {
  const refetchInterval = useFallbackInterval();
  return useQuery({ ...options, refetchInterval, ...silent });
}

/**
 * A list read once per explicit change (a new sort): its rows keep their order while their quotes update in
 * place from the channels, so nothing moves under the investor's finger.
 */
export function useStableInfiniteQuery<T, K extends QueryKey, P>(
  options: UseInfiniteQueryOptions<T, DefaultError, InfiniteData<T, P>, K, P>,
) {
  return useInfiniteQuery({
    ...options,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    ...silent,
  });
}

/** The quotes API takes at most this many codes a call. */
const QUOTES_PER_CALL = 50;

/**
 * Live quotes of the given codes, by code: each code's channel once its snapshot arrived, else (and while the
 * socket is down, when HTTP polls slowly) the HTTP read. `live` says whether the figures are current; when it is
 * false, `asOf` is the time of the last HTTP read, for the screen to say so.
 */
export function useQuotes(codes: readonly string[]) {
  const socketLive = useSocketLive();
  const pushed = useQuoteChannels(codes);
  const read = useLiveQuery({
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
    placeholderData: keepPreviousData,
  });
  const data = useMemo(() => {
    if (!read.data && pushed.size === 0) return undefined;
    const merged = new Map(read.data);
    for (const [code, quote] of pushed) if (socketLive || !merged.has(code)) merged.set(code, quote);
    return merged;
  }, [read.data, pushed, socketLive]);
  return { ...read, data, live: socketLive, asOf: read.dataUpdatedAt };
}

/** Breadth and top movers of the whole market. */
export function useMarketSummary() {
  return useQuery({
    queryKey: marketKeys.summary(),
    queryFn: () => apiClient.call(routes.market.summary),
    refetchInterval: SUMMARY_REFRESH_MS,
    ...silent,
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
/** The watchlist's toggle; `onToggled` hears, for every toggle the server accepts, whether the code is now watched. */
export function useWatchlistToggle(onToggled?: (watched: boolean) => void) {
  const queryClient = useQueryClient();
  const userId = useSession((state) => state.userId);
  const { data: items } = useWatchlist();
  const codes = useMemo(() => new Set(items?.map((item) => item.code)), [items]);
  const toggle = useMutation({
    mutationFn: async ({ code, watch }: { code: string; watch: boolean }): Promise<void> => {
      if (watch) await apiClient.call(routes.watchlist.add, { params: { code } });
      else await apiClient.call(routes.watchlist.remove, { params: { code } });
    },
    onSuccess: (_, { watch }) => onToggled?.(watch),
    onSettled: () => queryClient.invalidateQueries({ queryKey: marketKeys.watchlist(userId) }),
  });
  const { mutate } = toggle;
  return {
    isWatched: useCallback((code: string) => codes.has(code), [codes]),
    // Stable while the watchlist is, so the rows given it (memoised) are not drawn again by a price.
    toggle: useCallback((code: string) => mutate({ code, watch: !codes.has(code) }), [mutate, codes]),
    pendingCode: toggle.isPending ? toggle.variables.code : null,
  };
}
