import type { api, QueryOf, ResponseOf } from '@kabuto/contract';

export type DepositNotice = ResponseOf<typeof api.staffFunding.depositNotices>['items'][number];
export type StaffDeposit = ResponseOf<typeof api.staffFunding.creditDeposit>;
export type StaffWithdrawal = ResponseOf<typeof api.staffFunding.withdrawals>['items'][number];

export type DepositNoticeQuery = QueryOf<typeof api.staffFunding.depositNotices>;
export type WithdrawalQuery = QueryOf<typeof api.staffFunding.withdrawals>;

export const fundingKeys = {
  all: ['funding'] as const,
  notices: (query: DepositNoticeQuery) => [...fundingKeys.all, 'notices', query] as const,
  withdrawals: (query: WithdrawalQuery) => [...fundingKeys.all, 'withdrawals', query] as const,
};
