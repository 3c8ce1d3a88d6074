import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@kabuto/contract';
import { apiClient } from '../../../lib/api-client';
import { userKeys } from './user-keys';

export function useUserBalances(userId: string) {
  return useQuery({
    queryKey: [...userKeys.detail(userId), 'balances'],
    queryFn: () => apiClient.call(api.staffLedger.userBalances, { params: { userId } }),
  });
}

/** The user's journal entries, newest first, a cursor page at a time. */
export function useUserLedger(userId: string) {
  return useInfiniteQuery({
    queryKey: [...userKeys.detail(userId), 'ledger'],
    queryFn: ({ pageParam }) =>
      apiClient.call(api.staffLedger.userEntries, {
        params: { userId },
        query: { cursor: pageParam, limit: 20 },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
