import type { Generated, Selectable } from 'kysely';
import type { DefaultNow, Id, Timestamp } from '../../platform/db/columns';

export const USER_ACCOUNT_KINDS = [
  'cash_available',
  'cash_held',
  'margin_in_use',
  'loan_payable',
  /** Cash posted as margin of open positions (trading; credit-normal, unlike margin_in_use). */
  'margin_posted',
  /** What the user owes after trading losses beyond their cash: a receivable, debit-normal. */
  'trading_debt',
] as const;
export type UserAccountKind = (typeof USER_ACCOUNT_KINDS)[number];
export const HOUSE_ACCOUNT_KINDS = [
  'house_bank',
  'house_fee_income',
  'house_adjustments',
  /** The other side of users' trades: their realised gains are its debits, their losses its credits. */
  'house_counterparty',
  'house_interest_income',
] as const;
export type HouseAccountKind = (typeof HOUSE_ACCOUNT_KINDS)[number];
export type AccountKind = UserAccountKind | HouseAccountKind;
export type NormalSide = 'debit' | 'credit';

export interface LedgerAccountsTable {
  id: Id;
  user_id: bigint | null;
  kind: AccountKind;
  normal_side: NormalSide;
  /** Kept by the posting trigger for user accounts only; never written by code. */
  balance: Generated<bigint>;
  created_at: DefaultNow;
}

export type EntryActorKind = 'user' | 'staff' | 'system';

export interface JournalEntriesTable {
  id: Id;
  kind: string;
  reference: string | null;
  idempotency_scope: string;
  idempotency_key: string;
  request_hash: string;
  actor_kind: EntryActorKind;
  actor_id: bigint | null;
  memo: string | null;
  created_at: Timestamp;
  /** The top-level transaction that wrote the entry: only it may write the entry's postings. */
  created_xact: Generated<string>;
}

export interface PostingsTable {
  id: Id;
  entry_id: bigint;
  account_id: bigint;
  /** Signed: a debit is positive, a credit negative. */
  amount: bigint;
}

export interface LedgerTables {
  ledger_accounts: LedgerAccountsTable;
  journal_entries: JournalEntriesTable;
  postings: PostingsTable;
  ledger_adjustments: LedgerAdjustmentsTable;
}

export type LedgerAccountRow = Selectable<LedgerAccountsTable>;
export type JournalEntryRow = Selectable<JournalEntriesTable>;

export interface LedgerAdjustmentsTable {
  id: Id;
  user_id: bigint;
  /** Signed: positive adds to the user's available cash. */
  amount: bigint;
  reason: string;
  status: Generated<'pending' | 'approved' | 'rejected'>;
  requested_by: bigint;
  reviewed_by: bigint | null;
  review_reason: string | null;
  entry_id: bigint | null;
  reviewed_at: Timestamp | null;
  created_at: Timestamp;
}

export type LedgerAdjustmentRow = Selectable<LedgerAdjustmentsTable>;
