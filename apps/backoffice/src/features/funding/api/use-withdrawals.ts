import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api, type BodyOf } from '@kabuto/contract';
import { apiClient } from '../../../lib/api-client';
import { fundingKeys, type WithdrawalQuery } from './funding-keys';
import { useReloadAfterMoneyChange } from '../../../lib/reload-after-money-change';

export function useWithdrawalQueue(query: WithdrawalQuery) {
  return useQuery({
    queryKey: fundingKeys.withdrawals(query),
    queryFn: () => apiClient.call(api.staffFunding.withdrawals, { query }),
    placeholderData: keepPreviousData,
  });
}

/** One key per opened dialog, so a double click approves (and pays out) once. */
export function useApproveWithdrawal(id: string, idempotencyKey: string) {
  const onSuccess = useReloadAfterMoneyChange();
  return useMutation({
    mutationFn: () => apiClient.call(api.staffFunding.approveWithdrawal, { params: { id }, idempotencyKey }),
    onSuccess,
  });
}

export function useRejectWithdrawal(id: string, idempotencyKey: string) {
  const onSuccess = useReloadAfterMoneyChange();
  return useMutation({
    mutationFn: (body: BodyOf<typeof api.staffFunding.rejectWithdrawal>) =>
      apiClient.call(api.staffFunding.rejectWithdrawal, { params: { id }, body, idempotencyKey }),
    onSuccess,
  });
}
