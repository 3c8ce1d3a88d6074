import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type api } from '@kabuto/contract';
import { apiClient } from '../../../lib/api-client';
import { fundingKeys, type RequestBody } from './keys';
import { useRefreshMoney } from './refresh';

const PAGE_SIZE = 20;

export function useWithdrawals() {
  return useInfiniteQuery({
    queryKey: fundingKeys.withdrawals(),
    queryFn: ({ pageParam }) =>
      apiClient.call(routes.funding.withdrawals, { query: { page: pageParam, pageSize: PAGE_SIZE } }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
}

export interface WithdrawalAttempt {
  body: RequestBody<typeof api.funding.requestWithdrawal>;
  /** One key per confirmation: a retry of the same confirmation withdraws once. */
  idempotencyKey: string;
}

export function useRequestWithdrawal() {
  const refreshMoney = useRefreshMoney();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: WithdrawalAttempt) =>
      apiClient.call(routes.funding.requestWithdrawal, { body, idempotencyKey }),
    onSuccess: refreshMoney,
    // Refused (above what may leave now, a margin call since): 出金可能額 is read again, so the page and 全額 give
    // the server's figure rather than the one that was refused.
    onError: () => queryClient.invalidateQueries({ queryKey: fundingKeys.withdrawable() }),
    meta: { failuresInForm: true },
  });
}
