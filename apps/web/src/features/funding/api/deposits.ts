import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { routes, type api } from '@kabuto/contract';
import { apiClient } from '../../../lib/api-client';
import { fundingKeys, type RequestBody } from './keys';
import { useRefreshMoney } from './refresh';

const PAGE_SIZE = 20;

export function useDepositAccount() {
  return useQuery({
    queryKey: fundingKeys.depositAccount(),
    queryFn: () => apiClient.call(routes.funding.depositAccount),
    staleTime: 5 * 60_000,
  });
}

/** The caller's notices and credits, a page at a time. */
export function useDeposits() {
  return useInfiniteQuery({
    queryKey: fundingKeys.deposits(),
    queryFn: ({ pageParam }) =>
      apiClient.call(routes.funding.deposits, { query: { page: pageParam, pageSize: PAGE_SIZE } }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
}

export function useFileDepositNotice() {
  const refreshMoney = useRefreshMoney();
  return useMutation({
    mutationFn: (body: RequestBody<typeof api.funding.fileDepositNotice>) =>
      apiClient.call(routes.funding.fileDepositNotice, { body }),
    onSuccess: refreshMoney,
    meta: { failuresInForm: true },
  });
}
