import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type BodyOf, type CallInput, type EndpointDef } from '@kabuto/contract';
import { apiClient } from '../../../lib/api-client';

/** The filters as typed in the screens (sent as text, read by the server). */
type QueryInput<E extends EndpointDef> = NonNullable<CallInput<E>['query']>;
export type InstrumentQuery = QueryInput<typeof api.staffTrading.instruments>;
export type PositionQuery = QueryInput<typeof api.staffTrading.positions>;
export type OrderQuery = QueryInput<typeof api.staffTrading.orders>;
export type ForcedCloseQuery = QueryInput<typeof api.staffTrading.forcedCloses>;
export type MarginCallQuery = QueryInput<typeof api.staffTrading.marginCalls>;

export const tradingKeys = {
  all: ['trading'] as const,
  list: (name: string, query: object) => [...tradingKeys.all, name, query] as const,
};

export const useStaffInstruments = (query: InstrumentQuery) =>
  useQuery({
    queryKey: tradingKeys.list('instruments', query),
    queryFn: () => apiClient.call(api.staffTrading.instruments, { query }),
    placeholderData: keepPreviousData,
  });

export const useStaffPositions = (query: PositionQuery) =>
  useQuery({
    queryKey: tradingKeys.list('positions', query),
    queryFn: () => apiClient.call(api.staffTrading.positions, { query }),
    placeholderData: keepPreviousData,
  });

export const useStaffOrders = (query: OrderQuery) =>
  useQuery({
    queryKey: tradingKeys.list('orders', query),
    queryFn: () => apiClient.call(api.staffTrading.orders, { query }),
    placeholderData: keepPreviousData,
  });

export const useForcedCloses = (query: ForcedCloseQuery) =>
  useQuery({
    queryKey: tradingKeys.list('forced-closes', query),
    queryFn: () => apiClient.call(api.staffTrading.forcedCloses, { query }),
    placeholderData: keepPreviousData,
  });

export const useMarginCalls = (query: MarginCallQuery) =>
  useQuery({
    queryKey: tradingKeys.list('margin-calls', query),
    queryFn: () => apiClient.call(api.staffTrading.marginCalls, { query }),
    placeholderData: keepPreviousData,
  });

export const useExposure = () =>
  useQuery({
    queryKey: tradingKeys.list('exposure', {}),
    queryFn: () => apiClient.call(api.staffTrading.exposure),
  });

export const useTradingConfig = () =>
  useQuery({
    queryKey: tradingKeys.list('config', {}),
    queryFn: () => apiClient.call(api.staffTrading.config),
  });

/** Halts or resumes an instrument (audited with the reason), then reloads the trading screens. */
export function useHaltInstrument(code: string, action: 'halt' | 'resume') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof api.staffTrading.halt>) =>
      apiClient.call(api.staffTrading[action], { params: { code }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tradingKeys.all }),
  });
}

/** Sets an instrument's limits on new orders (audited with the reason), then reloads the trading screens. */
export function useSetInstrumentLimits(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof api.staffTrading.setLimits>) =>
      apiClient.call(api.staffTrading.setLimits, { params: { code }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tradingKeys.all }),
  });
}
