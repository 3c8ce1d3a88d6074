import { z } from 'zod';
import { INVESTOR, endpoint } from '../endpoint';
import { pageQuery, paged } from '../fields';
import {
  bankAccount,
  bankAccountList,
  bankAccountRequest,
  depositAccount,
  depositNoticeRequest,
  depositRecord,
  withdrawable,
  withdrawal,
  withdrawalRequest,
} from '../funding';
import { idParams } from '../staff';

export const fundingEndpoints = {
  depositAccount: endpoint({
    method: 'GET',
    path: '/api/funding/deposit-account',
    tag: 'funding',
    summary: "The firm's deposit account and the caller's transfer reference",
    access: INVESTOR,
    response: depositAccount,
  }),
  fileDepositNotice: endpoint({
    method: 'POST',
    path: '/api/funding/deposit-notices',
    tag: 'funding',
    summary: 'Tell the firm about a transfer made (amount, date, sender name)',
    description:
      'Only once identity verification has passed (KYC_NOT_PASSED). The transfer date is today or within the last 30 days; at most 5 notices wait for review at once.',
    access: INVESTOR,
    body: depositNoticeRequest,
    response: depositRecord,
  }),
  deposits: endpoint({
    method: 'GET',
    path: '/api/funding/deposits',
    tag: 'funding',
    summary: "The caller's deposit notices and credits, newest first",
    access: INVESTOR,
    query: pageQuery,
    response: paged(depositRecord),
  }),
  bankAccounts: endpoint({
    method: 'GET',
    path: '/api/funding/bank-accounts',
    tag: 'funding',
    summary: "The caller's withdrawal bank accounts",
    access: INVESTOR,
    response: bankAccountList,
  }),
  addBankAccount: endpoint({
    method: 'POST',
    path: '/api/funding/bank-accounts',
    tag: 'funding',
    summary: 'Register a withdrawal bank account (needs a recent step-up)',
    access: INVESTOR,
    body: bankAccountRequest,
    response: bankAccount,
  }),
  removeBankAccount: endpoint({
    method: 'DELETE',
    path: '/api/funding/bank-accounts/:id',
    tag: 'funding',
    summary: 'Remove a withdrawal bank account (needs a recent step-up)',
    access: INVESTOR,
    params: idParams,
    response: z.object({ removed: z.literal(true) }),
  }),
  requestWithdrawal: endpoint({
    method: 'POST',
    path: '/api/funding/withdrawals',
    tag: 'funding',
    summary: 'Ask to withdraw cash to a registered bank account',
    description:
      'At least 10,000 JPY, no fee, business days 9:00-15:30 JST, identity verified, transaction password and a recent step-up. The amount moves from available to held at once.',
    access: INVESTOR,
    movesMoney: true,
    body: withdrawalRequest,
    response: withdrawal,
  }),
  withdrawable: endpoint({
    method: 'GET',
    path: '/api/funding/withdrawable',
    tag: 'funding',
    summary: 'What the caller may withdraw now (出金可能額)',
    description:
      'Available cash in whole yen; with positions or orders open, no more than the equity left over the margin in use, and nothing during a margin call. The withdrawal itself is decided again when requested.',
    access: INVESTOR,
    response: withdrawable,
  }),
  withdrawals: endpoint({
    method: 'GET',
    path: '/api/funding/withdrawals',
    tag: 'funding',
    summary: "The caller's withdrawals, newest first",
    access: INVESTOR,
    query: pageQuery,
    response: paged(withdrawal),
  }),
} as const;
