import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api, senToDecimal, type BodyOf, type QueryOf, type ResponseOf } from '@kabuto/contract';
import { apiClient } from '../../../lib/api-client';
import { useReloadAfterMoneyChange } from '../../../lib/reload-after-money-change';

export type AdjustmentQuery = QueryOf<typeof api.staffLedger.adjustments>;
export type Adjustment = ResponseOf<typeof api.staffLedger.adjustments>['items'][number];

export const ledgerKeys = {
  all: ['ledger'] as const,
  adjustments: (query: AdjustmentQuery) => [...ledgerKeys.all, 'adjustments', query] as const,
};

export function useAdjustments(query: AdjustmentQuery) {
  return useQuery({
    queryKey: ledgerKeys.adjustments(query),
    queryFn: () => apiClient.call(api.staffLedger.adjustments, { query }),
    placeholderData: keepPreviousData,
  });
}

export function useRequestAdjustment() {
  const onSuccess = useReloadAfterMoneyChange();
  return useMutation({
    // The form hands over the checked request (amount in sen); the wire takes decimal text again.
    mutationFn: ({ userId, amount, reason }: BodyOf<typeof api.staffLedger.requestAdjustment>) =>
      apiClient.call(api.staffLedger.requestAdjustment, {
        body: { userId: String(userId), amount: senToDecimal(amount), reason },
      }),
    onSuccess,
  });
}

export function useApproveAdjustment(id: string, idempotencyKey: string) {
  const onSuccess = useReloadAfterMoneyChange();
  return useMutation({
    mutationFn: () => apiClient.call(api.staffLedger.approveAdjustment, { params: { id }, idempotencyKey }),
    onSuccess,
  });
}

export function useRejectAdjustment(id: string) {
  const onSuccess = useReloadAfterMoneyChange();
  return useMutation({
    mutationFn: (body: BodyOf<typeof api.staffLedger.rejectAdjustment>) =>
      apiClient.call(api.staffLedger.rejectAdjustment, { params: { id }, body }),
    onSuccess,
  });
}
