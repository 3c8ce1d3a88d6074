import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api, senToDecimal, type BodyOf } from '@kabuto/contract';
import { apiClient } from '../../../lib/api-client';
import { fundingKeys, type DepositNoticeQuery } from './funding-keys';
import { useReloadAfterMoneyChange } from '../../../lib/reload-after-money-change';

export function useDepositNotices(query: DepositNoticeQuery) {
  return useQuery({
    queryKey: fundingKeys.notices(query),
    queryFn: () => apiClient.call(api.staffFunding.depositNotices, { query }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Credits a deposit with the dialog's idempotency key: the same dialog sending twice (a double click, a
 * retry after a lost answer) credits once.
 */
export function useCreditDeposit(idempotencyKey: string) {
  const onSuccess = useReloadAfterMoneyChange();
  return useMutation({
    // The form hands over the checked request (amount in sen); the wire takes decimal text again.
    mutationFn: ({
      userId,
      amount,
      bankReference,
      noticeId,
    }: BodyOf<typeof api.staffFunding.creditDeposit>) =>
      apiClient.call(api.staffFunding.creditDeposit, {
        body: {
          userId: String(userId),
          amount: senToDecimal(amount),
          bankReference,
          ...(noticeId === undefined ? {} : { noticeId: String(noticeId) }),
        },
        idempotencyKey,
      }),
    onSuccess,
  });
}

export function useRejectDepositNotice(id: string) {
  const onSuccess = useReloadAfterMoneyChange();
  return useMutation({
    mutationFn: (body: BodyOf<typeof api.staffFunding.rejectDepositNotice>) =>
      apiClient.call(api.staffFunding.rejectDepositNotice, { params: { id }, body }),
    onSuccess,
  });
}
