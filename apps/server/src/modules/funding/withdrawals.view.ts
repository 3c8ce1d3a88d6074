import { senToDecimal } from '@kabuto/contract';
import { iso } from '../../platform/db';
import type { WithdrawalView } from './funding.repository';
import type { BankAccountRow } from './funding.table';

export const bankAccountView = (account: BankAccountRow) => ({
  id: account.id.toString(),
  holderName: account.holder_name,
  bankName: account.bank_name,
  branchName: account.branch_name,
  branchCode: account.branch_code,
  accountLast4: account.account_number.slice(-4),
  createdAt: iso(account.created_at) ?? '',
});

export const withdrawalView = (row: WithdrawalView) => ({
  id: row.id.toString(),
  amount: senToDecimal(row.amount),
  status: row.status,
  bankName: row.bank_name,
  branchName: row.branch_name,
  accountLast4: row.account_number.slice(-4),
  reason: row.reason,
  createdAt: iso(row.created_at) ?? '',
  reviewedAt: iso(row.reviewed_at),
});

export const staffWithdrawalView = (row: WithdrawalView, mobile: string, approvedBy: string[]) => ({
  ...withdrawalView(row),
  userId: row.user_id.toString(),
  mobile,
  holderName: row.holder_name,
  // Finance makes the transfer from these: the whole number, which the investor's own views never carry.
  branchCode: row.branch_code,
  accountNumber: row.account_number,
  approvalsNeeded: row.approvals_needed,
  approvedBy,
  bankAccountRemoved: row.bank_account_removed_at !== null,
});
