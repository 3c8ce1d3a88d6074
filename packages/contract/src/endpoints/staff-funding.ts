import { endpoint, staff } from '../endpoint';
import { paged } from '../fields';
import {
  depositNotice,
  depositNoticeQuery,
  staffDeposit,
  staffDepositRequest,
  staffWithdrawal,
  withdrawalQuery,
} from '../funding';
import { idParams, reasonRequest } from '../staff';

export const staffFundingEndpoints = {
  depositNotices: endpoint({
    method: 'GET',
    path: '/api/staff/deposit-notices',
    tag: 'staff: funding',
    summary: 'Deposit notices, oldest pending first',
    access: staff('deposits.credit'),
    query: depositNoticeQuery,
    response: paged(depositNotice),
  }),
  creditDeposit: endpoint({
    method: 'POST',
    path: '/api/staff/deposits',
    tag: 'staff: funding',
    summary: "Credit money received in the firm's bank account to a user",
    description:
      "Only to a user whose identity verification has passed (DEPOSIT_USER_NOT_VERIFIED: the money goes back to the sender). bankReference identifies the bank statement line: each is credited once. With noticeId the notice is approved; it must be the same user's.",
    access: staff('deposits.credit'),
    movesMoney: true,
    body: staffDepositRequest,
    response: staffDeposit,
  }),
  rejectDepositNotice: endpoint({
    method: 'POST',
    path: '/api/staff/deposit-notices/:id/reject',
    tag: 'staff: funding',
    summary: 'Reject a deposit notice with a reason the user sees',
    access: staff('deposits.credit'),
    params: idParams,
    body: reasonRequest,
    response: depositNotice,
  }),
  withdrawals: endpoint({
    method: 'GET',
    path: '/api/staff/withdrawals',
    tag: 'staff: funding',
    summary: 'Withdrawals, oldest pending first',
    access: staff('withdrawals.approve'),
    query: withdrawalQuery,
    response: paged(staffWithdrawal),
  }),
  approveWithdrawal: endpoint({
    method: 'POST',
    path: '/api/staff/withdrawals/:id/approve',
    tag: 'staff: funding',
    summary: 'Approve a withdrawal: the held amount is paid out',
    description:
      'Above the four-eyes threshold (WITHDRAWAL_FOUR_EYES_JPY) the first approval is recorded and a different staff member pays it out.',
    access: staff('withdrawals.approve'),
    movesMoney: true,
    params: idParams,
    response: staffWithdrawal,
  }),
  rejectWithdrawal: endpoint({
    method: 'POST',
    path: '/api/staff/withdrawals/:id/reject',
    tag: 'staff: funding',
    summary: 'Reject a withdrawal with a reason: the held amount returns to available cash',
    access: staff('withdrawals.approve'),
    movesMoney: true,
    params: idParams,
    body: reasonRequest,
    response: staffWithdrawal,
  }),
} as const;
