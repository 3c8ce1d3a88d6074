import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  usePrefetchInfiniteQuery,
  usePrefetchQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { ApiError } from '@kabuto/client';
import { routes } from '@kabuto/contract';
import { apiClient } from '../../../lib/api-client';
import { currentUserKeys } from '../../../lib/current-user';
import { useEffect } from 'react';
import { useFallbackInterval, useQuotes } from '../../../lib/market-data';
import { useChannel } from '../../../lib/realtime';
import { useIsLoggedIn } from '../../../lib/session-store';
import {
  tradeKeys,
  type AmendRequest,
  type CloseRequest,
  type OrderFilter,
  type OrderRequest,
  type PositionFilter,
  type TargetsRequest,
} from './keys';

/**
 * Every call the trading screens make, in one place: the order panel, the Trade page and the details. Lists
 * show their own loading and failure states, so their queries are `silent`.
 */

const PAGE_SIZE = 20;
/** Open positions are read whole (as the positions channel sends them), for the account's figures to add up. */
const OPEN_PAGE_SIZE = 100;

/**
 * The trading channels (positions, orders, balances) as change notices: a frame re-reads the account and the
 * lists over HTTP (keeping their paging), so fills, forced closes and deposits show at once. While the socket
 * is down they are polled slowly instead (useFallbackInterval).
 */
export function useTradingChannels() {
  const loggedIn = useIsLoggedIn();
  const queryClient = useQueryClient();
  const positions = useChannel(loggedIn ? 'positions' : null);
  const orders = useChannel(loggedIn ? 'orders' : null);
  const balances = useChannel(loggedIn ? 'balances' : null);
  useEffect(() => {
    if (positions || orders || balances) void queryClient.invalidateQueries({ queryKey: tradeKeys.all });
  }, [positions, orders, balances, queryClient]);
}

/**
 * While positions are open, the account is read again this often even with the socket live: buying power and the
 * engine's equity move with prices, and only the server applies the engine's checks to them.
 */
const OPEN_ACCOUNT_REFRESH_MS = 10_000;

const accountQuery = () =>
  queryOptions({
    queryKey: tradeKeys.account(),
    queryFn: () => apiClient.call(routes.trading.account),
    meta: { silent: true },
  });

export function useTradingAccount() {
  const loggedIn = useIsLoggedIn();
  const fallback = useFallbackInterval();
  return useQuery({
    ...accountQuery(),
    enabled: loggedIn,
    refetchInterval: (query) =>
      fallback ||
      (query.state.data && query.state.data.openNotional !== '0.00' ? OPEN_ACCOUNT_REFRESH_MS : false),
  });
}

/** Each page continues after the previous one's last line, so lines that come and go never repeat or hide one. */
const nextPage = (last: { nextCursor: string | null }) => last.nextCursor ?? undefined;
const after = (cursor: string | undefined) => (cursor ? { cursor } : {});

/** Resting orders (open) or filled and cancelled ones (history), newest first, a page at a time. */
export function useOrders(status: OrderFilter, enabled = true) {
  const fallback = useFallbackInterval();
  return useInfiniteQuery({
    queryKey: tradeKeys.orders(status),
    queryFn: ({ pageParam }) =>
      apiClient.call(routes.trading.orders, {
        query: { status, pageSize: PAGE_SIZE, ...after(pageParam) },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextPage,
    enabled,
    refetchInterval: status === 'open' ? fallback : false,
    meta: { silent: true },
  });
}

/**
 * 注文履歴: orders to open once filled or cancelled, and every close (返済), newest first, a page at a time. Each
 * page continues from the previous one's cursor, so lines that join while the investor scrolls neither repeat
 * nor push a line out of sight; a refresh reads the pages again from the newest.
 */
export function useTradeHistory() {
  return useInfiniteQuery({
    queryKey: tradeKeys.history(),
    queryFn: ({ pageParam }) =>
      apiClient.call(routes.trading.history, {
        query: { pageSize: PAGE_SIZE, ...after(pageParam) },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextPage,
    meta: { silent: true },
  });
}

/** Open positions (holding, closing, limit-closing) or closed ones, newest first, a page at a time. */
const positionsQuery = (status: PositionFilter) =>
  infiniteQueryOptions({
    queryKey: tradeKeys.positions(status),
    queryFn: ({ pageParam }) =>
      apiClient.call(routes.trading.positions, {
        query: { status, pageSize: status === 'open' ? OPEN_PAGE_SIZE : PAGE_SIZE, ...after(pageParam) },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextPage,
    meta: { silent: true },
  });

export function usePositions(status: PositionFilter, enabled = true) {
  const fallback = useFallbackInterval();
  return useInfiniteQuery({
    ...positionsQuery(status),
    enabled,
    refetchInterval: status === 'open' ? fallback : false,
  });
}

/**
 * Starts reading the account and the open positions while the component calling it renders, before anything
 * under it has committed: the Trade tab's figures wait for the trading texts, and a query only starts once its
 * component commits, so on a first load the figures came a whole round trip after the texts.
 */
export function usePrefetchTradeAccount() {
  usePrefetchQuery(accountQuery());
  usePrefetchInfiniteQuery(positionsQuery('open'));
}

export function usePosition(id: string | null) {
  return useQuery({
    queryKey: tradeKeys.position(id ?? ''),
    queryFn: () => apiClient.call(routes.trading.position, { params: { id: id ?? '' } }),
    enabled: id !== null,
    meta: { silent: true },
  });
}

/** The latest quotes of some codes, by code: live over the quote channels (see useQuotes). */
export function useLiveQuotes(codes: readonly string[]) {
  return useQuotes([...new Set(codes)].sort());
}

/** After an order, a cancel, an amendment, a close or a TP/SL change: every trading list, and the cash everywhere. */
function useRefreshTrading() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: tradeKeys.all }),
      queryClient.invalidateQueries({ queryKey: currentUserKeys.all }),
    ]);
}

/** The confirmation's figures; refuses what placing would refuse, with the same error. */
export function useOrderPreview() {
  return useMutation({
    mutationFn: (body: OrderRequest) => apiClient.call(routes.trading.previewOrder, { body }),
    meta: { failuresInForm: true },
  });
}

/** One sending of a confirmed request: a retry of the same confirmation reuses its key and acts once. */
export interface Confirmed<B> {
  body: B;
  idempotencyKey: string;
}

export function usePlaceOrder() {
  const refresh = useRefreshTrading();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: Confirmed<OrderRequest>) =>
      apiClient.call(routes.trading.placeOrder, { body, idempotencyKey }),
    onSuccess: refresh,
    onError: (error) => refreshWhenChanged(error, refresh),
    meta: { failuresInForm: true },
  });
}

export function useCancelOrder() {
  const refresh = useRefreshTrading();
  return useMutation({
    mutationFn: (id: string) => apiClient.call(routes.trading.cancelOrder, { params: { id } }),
    onSuccess: refresh,
    onError: (error) => refreshWhenChanged(error, refresh),
  });
}

/** 返済注文の取消: a position's resting limit close withdrawn. */
export function useCancelClose() {
  const refresh = useRefreshTrading();
  return useMutation({
    mutationFn: (id: string) => apiClient.call(routes.trading.cancelClose, { params: { id } }),
    onSuccess: refresh,
    // Filled meanwhile: the lists catch up and the error says so.
    onError: () => void refresh(),
  });
}

/** The 訂正 confirmation's figures for a resting limit order; refuses what amending would refuse, with the same error. */
export function useAmendPreview() {
  const refresh = useRefreshTrading();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AmendRequest }) =>
      apiClient.call(routes.trading.previewAmendment, { params: { id }, body }),
    // A preview acts on nothing; an order gone meanwhile is what the lists must catch up with.
    onError: (error) => isOrderGone(error) && void refresh(),
    meta: { failuresInForm: true },
  });
}

/**
 * The lists and the cash catch up after an order filled, cancelled or amended meanwhile (on another device, by the
 * market), and after a request whose answer was lost (a timeout, a dropped connection): it may have acted.
 */
function refreshWhenChanged(error: unknown, refresh: () => Promise<unknown>) {
  if (isOrderGone(error) || (error instanceof ApiError && error.transport)) void refresh();
}

export const isOrderGone = (error: unknown) =>
  error instanceof ApiError && error.errorCode === 'ORDER_NOT_OPEN';

/**
 * 訂正: the order is cancelled (reason amended) and a new one placed at the new price and lots, in one step;
 * answers the new order.
 */
export function useAmendOrder() {
  const refresh = useRefreshTrading();
  return useMutation({
    mutationFn: ({ id, body, idempotencyKey }: Confirmed<AmendRequest> & { id: string }) =>
      apiClient.call(routes.trading.amendOrder, { params: { id }, body, idempotencyKey }),
    onSuccess: refresh,
    onError: (error) => refreshWhenChanged(error, refresh),
    meta: { failuresInForm: true },
  });
}

/** The 返済 confirmation's figures; refuses what closing would refuse, with the same error. */
export function useClosePreview() {
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CloseRequest }) =>
      apiClient.call(routes.trading.previewClose, { params: { id }, body }),
    meta: { failuresInForm: true },
  });
}

export function useClosePosition() {
  const refresh = useRefreshTrading();
  return useMutation({
    mutationFn: ({ id, body, idempotencyKey }: Confirmed<CloseRequest> & { id: string }) =>
      apiClient.call(routes.trading.closePosition, { params: { id }, body, idempotencyKey }),
    onSuccess: refresh,
    onError: (error) => refreshWhenChanged(error, refresh),
    meta: { failuresInForm: true },
  });
}

export function useSetTargets() {
  const refresh = useRefreshTrading();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TargetsRequest }) =>
      apiClient.call(routes.trading.setTakeProfitStopLoss, { params: { id }, body }),
    onSuccess: refresh,
    onError: (error) => refreshWhenChanged(error, refresh),
    meta: { failuresInForm: true },
  });
}
