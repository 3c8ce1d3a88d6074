import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { routes } from '@kabuto/contract';
import { apiClient } from '../../../lib/api-client';
import { currentUserKeys } from '../../../lib/current-user';
import { useIsLoggedIn } from '../../../lib/session-store';
import {
  tradeKeys,
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
/** How often open positions' prices refresh until the WebSocket quote channel feeds them. */
const QUOTE_POLL_MS = 3_000;
/** How often the account summary and open lists refresh (fills of resting orders, forced closes). */
const ACCOUNT_POLL_MS = 10_000;

export function useTradingAccount() {
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: tradeKeys.account(),
    queryFn: () => apiClient.call(routes.trading.account),
    enabled: loggedIn,
    refetchInterval: ACCOUNT_POLL_MS,
    meta: { silent: true },
  });
}

const nextPage = (last: { page: number; pageSize: number; total: number }) =>
  last.page * last.pageSize < last.total ? last.page + 1 : undefined;

/** Resting orders (open) or filled and cancelled ones (history), newest first, a page at a time. */
export function useOrders(status: OrderFilter, enabled = true) {
  return useInfiniteQuery({
    queryKey: tradeKeys.orders(status),
    queryFn: ({ pageParam }) =>
      apiClient.call(routes.trading.orders, { query: { status, page: pageParam, pageSize: PAGE_SIZE } }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled,
    refetchInterval: status === 'open' ? ACCOUNT_POLL_MS : false,
    meta: { silent: true },
  });
}

/** Open positions (holding, closing, limit-closing) or closed ones, newest first, a page at a time. */
export function usePositions(status: PositionFilter, enabled = true) {
  return useInfiniteQuery({
    queryKey: tradeKeys.positions(status),
    queryFn: ({ pageParam }) =>
      apiClient.call(routes.trading.positions, { query: { status, page: pageParam, pageSize: PAGE_SIZE } }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled,
    refetchInterval: status === 'open' ? ACCOUNT_POLL_MS : false,
    meta: { silent: true },
  });
}

export function usePosition(id: string | null) {
  return useQuery({
    queryKey: tradeKeys.position(id ?? ''),
    queryFn: () => apiClient.call(routes.trading.position, { params: { id: id ?? '' } }),
    enabled: id !== null,
    meta: { silent: true },
  });
}

/** The instrument behind a code (name, TOPIX500 membership for the tick table, halted). */
export function useInstrument(code: string) {
  return useQuery({
    queryKey: tradeKeys.instrument(code),
    queryFn: () =>
      apiClient
        .call(routes.market.instruments, { query: { q: code, pageSize: 20 } })
        .then((page) => page.items.find((item) => item.code === code) ?? null),
    staleTime: 60 * 60_000,
    enabled: code !== '',
    meta: { silent: true },
  });
}

/**
 * The latest quotes of some codes, refreshed by polling. The one source of live prices on these screens: a
 * WebSocket quote channel replaces its body, not its callers.
 */
export function useLiveQuotes(codes: readonly string[]) {
  const sorted = [...new Set(codes)].sort();
  return useQuery({
    queryKey: tradeKeys.quotes(sorted),
    queryFn: () =>
      apiClient
        .call(routes.market.quotes, { query: { codes: sorted.join(',') } })
        .then((list) => new Map(list.items.map((quote) => [quote.code, quote]))),
    enabled: sorted.length > 0,
    refetchInterval: QUOTE_POLL_MS,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

/** After an order, a cancel, a close or a TP/SL change: every trading list, and the cash everywhere. */
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
    meta: { failuresInForm: true },
  });
}

export function useCancelOrder() {
  const refresh = useRefreshTrading();
  return useMutation({
    mutationFn: (id: string) => apiClient.call(routes.trading.cancelOrder, { params: { id } }),
    onSuccess: refresh,
  });
}

export function useClosePosition() {
  const refresh = useRefreshTrading();
  return useMutation({
    mutationFn: ({ id, body, idempotencyKey }: Confirmed<CloseRequest> & { id: string }) =>
      apiClient.call(routes.trading.closePosition, { params: { id }, body, idempotencyKey }),
    onSuccess: refresh,
    meta: { failuresInForm: true },
  });
}

export function useSetTargets() {
  const refresh = useRefreshTrading();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TargetsRequest }) =>
      apiClient.call(routes.trading.setTakeProfitStopLoss, { params: { id }, body }),
    onSuccess: refresh,
    meta: { failuresInForm: true },
  });
}
