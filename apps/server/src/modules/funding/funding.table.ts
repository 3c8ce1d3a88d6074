import type { ReviewStatus } from '@kabuto/contract';
import type { Generated, Selectable } from 'kysely';
import type { Id, Timestamp } from '../../platform/db/columns';

export interface DepositNoticesTable {
  id: Id;
  user_id: bigint;
  amount: bigint;
  /** YYYY-MM-DD in Japan time. */
  transfer_date: string;
  sender_name: string;
  status: Generated<ReviewStatus>;
  reason: string | null;
  reviewed_by: bigint | null;
  reviewed_at: Timestamp | null;
  created_at: Timestamp;
}

export interface DepositsTable {
  id: Id;
  user_id: bigint;
  amount: bigint;
  bank_reference: string;
  notice_id: bigint | null;
  entry_id: bigint;
  credited_by: bigint | null;
  available_after: bigint;
  created_at: Timestamp;
}

export interface BankAccountsTable {
  id: Id;
  user_id: bigint;
  holder_name: string;
  bank_name: string;
  branch_name: string;
  branch_code: string;
  account_number: string;
  created_at: Timestamp;
  removed_at: Timestamp | null;
}

export interface WithdrawalsTable {
  id: Id;
  user_id: bigint;
  bank_account_id: bigint;
  amount: bigint;
  status: Generated<ReviewStatus>;
  approvals_needed: number;
  reason: string | null;
  hold_entry_id: bigint;
  settle_entry_id: bigint | null;
  reviewed_by: bigint | null;
  reviewed_at: Timestamp | null;
  created_at: Timestamp;
}

export interface WithdrawalApprovalsTable {
  withdrawal_id: bigint;
  staff_id: bigint;
  created_at: Timestamp;
}

export interface FundingTables {
  deposit_notices: DepositNoticesTable;
  deposits: DepositsTable;
  bank_accounts: BankAccountsTable;
  withdrawals: WithdrawalsTable;
  withdrawal_approvals: WithdrawalApprovalsTable;
}

export type DepositNoticeRow = Selectable<DepositNoticesTable>;
export type DepositRow = Selectable<DepositsTable>;
export type BankAccountRow = Selectable<BankAccountsTable>;
export type WithdrawalRow = Selectable<WithdrawalsTable>;
