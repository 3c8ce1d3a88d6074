import type { api, CallInput, EndpointDef } from '@kabuto/contract';

export type OrderFilter = 'open' | 'history';
export type PositionFilter = 'open' | 'closed';

export const tradeKeys = {
  all: ['trade'] as const,
  account: () => [...tradeKeys.all, 'account'] as const,
  orders: (status: OrderFilter) => [...tradeKeys.all, 'orders', status] as const,
  positions: (status: PositionFilter) => [...tradeKeys.all, 'positions', status] as const,
  position: (id: string) => [...tradeKeys.all, 'position', id] as const,
  history: () => [...tradeKeys.all, 'history'] as const,
  quotes: (codes: readonly string[]) => ['trade-market', 'quotes', codes.join(',')] as const,
};

/** A request body as the form sends it (before the server's transforms: prices stay decimal text). */
export type RequestBody<E extends EndpointDef> = NonNullable<CallInput<E>['body']>;
export type OrderRequest = RequestBody<typeof api.trading.placeOrder>;
export type CloseRequest = RequestBody<typeof api.trading.closePosition>;
export type TargetsRequest = RequestBody<typeof api.trading.setTakeProfitStopLoss>;
export type AmendRequest = RequestBody<typeof api.trading.amendOrder>;
