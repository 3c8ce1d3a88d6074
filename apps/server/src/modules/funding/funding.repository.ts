import type { ReviewStatus } from '@kabuto/contract';
import { sql } from 'kysely';
import type { Executor } from '../../database';
import { fetchPage, type PageRequest } from '../../platform/pagination';
import type { BankAccountRow, DepositNoticeRow, WithdrawalRow } from './funding.table';

// ---- deposit notices and deposits ----

export const countPendingNotices = async (db: Executor, userId: bigint) =>
  Number(
    (
      await db
        .selectFrom('deposit_notices')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow()
    ).n,
  );

export const insertNotice = (
  db: Executor,
  notice: { userId: bigint; amount: bigint; transferDate: string; senderName: string; at: Date },
) =>
  db
    .insertInto('deposit_notices')
    .values({
      user_id: notice.userId,
      amount: notice.amount,
      transfer_date: notice.transferDate,
      sender_name: notice.senderName,
      created_at: notice.at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();

export const lockNotice = (db: Executor, id: bigint) =>
  db.selectFrom('deposit_notices').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export const reviewNotice = (
  db: Executor,
  id: bigint,
  review: { status: ReviewStatus; reason: string | null; staffId: bigint; at: Date },
) =>
  db
    .updateTable('deposit_notices')
    .set({
      status: review.status,
      reason: review.reason,
      reviewed_by: review.staffId,
      reviewed_at: review.at,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();

export const findDepositByEntry = (db: Executor, entryId: bigint) =>
  db.selectFrom('deposits').selectAll().where('entry_id', '=', entryId).executeTakeFirst();

export const findDepositByBankReference = (db: Executor, bankReference: string) =>
  db.selectFrom('deposits').select('id').where('bank_reference', '=', bankReference).executeTakeFirst();

/**
 * Whether any of these staff members credited this user a deposit since an instant: any deposit, with or
 * without the user's notice, of any amount (the user writes the notice, so it proves nothing the staff member
 * did not).
 */
export async function creditedUserSince(
  db: Executor,
  userId: bigint,
  staffIds: readonly bigint[],
  since: Date,
) {
  const row = await db
    .selectFrom('deposits')
    .select('id')
    .where('user_id', '=', userId)
    .where('credited_by', 'in', staffIds)
    .where('created_at', '>=', since)
    .executeTakeFirst();
  return row !== undefined;
}

export const insertDeposit = (
  db: Executor,
  deposit: {
    userId: bigint;
    amount: bigint;
    bankReference: string;
    noticeId: bigint | null;
    entryId: bigint;
    staffId: bigint | null;
    availableAfter: bigint;
    at: Date;
  },
) =>
  db
    .insertInto('deposits')
    .values({
      user_id: deposit.userId,
      amount: deposit.amount,
      bank_reference: deposit.bankReference,
      notice_id: deposit.noticeId,
      entry_id: deposit.entryId,
      credited_by: deposit.staffId,
      available_after: deposit.availableAfter,
      created_at: deposit.at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();

export interface DepositRecordRow {
  id: string;
  amount: bigint;
  status: ReviewStatus;
  transfer_date: string | null;
  sender_name: string | null;
  reason: string | null;
  created_at: Date;
  credited_at: Date | null;
}

/** The user's notices and the credits made without one, newest first. */
export async function depositRecords(db: Executor, userId: bigint, page: PageRequest) {
  const records = sql`
    SELECT 'notice-' || n.id AS id, coalesce(d.amount, n.amount) AS amount, n.status, n.transfer_date, n.sender_name, n.reason,
           n.created_at, d.created_at AS credited_at
      FROM deposit_notices n LEFT JOIN deposits d ON d.notice_id = n.id
     WHERE n.user_id = ${userId}
    UNION ALL
    SELECT 'credit-' || d.id, d.amount, 'approved', NULL, NULL, NULL, d.created_at, d.created_at
      FROM deposits d
     WHERE d.user_id = ${userId} AND d.notice_id IS NULL`;
  const [rows, count] = await Promise.all([
    sql<DepositRecordRow>`SELECT * FROM (${records}) r ORDER BY created_at DESC, id DESC
      LIMIT ${page.pageSize} OFFSET ${(page.page - 1) * page.pageSize}`.execute(db),
    sql<{ n: string | number | bigint }>`SELECT count(*) AS n FROM (${records}) r`.execute(db),
  ]);
  return { rows: rows.rows, total: Number(count.rows[0]?.n ?? 0) };
}

export function noticesForStaff(db: Executor, filter: PageRequest & { status?: ReviewStatus | undefined }) {
  let query = db.selectFrom('deposit_notices').innerJoin('users', 'users.id', 'deposit_notices.user_id');
  if (filter.status) query = query.where('deposit_notices.status', '=', filter.status);
  return fetchPage(
    query,
    (q) =>
      q
        .selectAll('deposit_notices')
        .select('users.mobile')
        // Pending first, oldest first: the order staff work through them.
        .orderBy(sql`deposit_notices.status = 'pending'`, 'desc')
        .orderBy('deposit_notices.id', 'asc'),
    filter,
    (row) => row,
  );
}

export const findNoticeWithMobile = (db: Executor, id: bigint) =>
  db
    .selectFrom('deposit_notices')
    .innerJoin('users', 'users.id', 'deposit_notices.user_id')
    .selectAll('deposit_notices')
    .select('users.mobile')
    .where('deposit_notices.id', '=', id)
    .executeTakeFirstOrThrow();

export type NoticeWithMobile = DepositNoticeRow & { mobile: string };

// ---- bank accounts ----

export const listBankAccounts = (db: Executor, userId: bigint) =>
  db
    .selectFrom('bank_accounts')
    .selectAll()
    .where('user_id', '=', userId)
    .where('removed_at', 'is', null)
    .orderBy('id')
    .execute();

export const findBankAccount = (db: Executor, userId: bigint, id: bigint) =>
  db
    .selectFrom('bank_accounts')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();

export const insertBankAccount = (
  db: Executor,
  account: Omit<BankAccountRow, 'id' | 'removed_at' | 'created_at'> & { created_at: Date },
) => db.insertInto('bank_accounts').values(account).returningAll().executeTakeFirstOrThrow();

export const removeBankAccount = (db: Executor, id: bigint, at: Date) =>
  db.updateTable('bank_accounts').set({ removed_at: at }).where('id', '=', id).execute();

// ---- withdrawals ----

export const findWithdrawalByHoldEntry = (db: Executor, entryId: bigint) =>
  db.selectFrom('withdrawals').selectAll().where('hold_entry_id', '=', entryId).executeTakeFirst();

/** What the user has asked to withdraw since an instant, not counting rejected requests. */
export async function withdrawnSince(db: Executor, userId: bigint, since: Date): Promise<bigint> {
  const row = await db
    .selectFrom('withdrawals')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<bigint>('amount'), sql<bigint>`0`).as('total'))
    .where('user_id', '=', userId)
    .where('status', '<>', 'rejected')
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return BigInt(row.total);
}

export const insertWithdrawal = (
  db: Executor,
  withdrawal: Pick<
    WithdrawalRow,
    'user_id' | 'bank_account_id' | 'amount' | 'approvals_needed' | 'hold_entry_id'
  > & {
    created_at: Date;
  },
) => db.insertInto('withdrawals').values(withdrawal).returningAll().executeTakeFirstOrThrow();

export async function isBankAccountRemoved(db: Executor, id: bigint): Promise<boolean> {
  const row = await db
    .selectFrom('bank_accounts')
    .select('removed_at')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.removed_at !== null;
}

export const lockWithdrawal = (db: Executor, id: bigint) =>
  db.selectFrom('withdrawals').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export const settleWithdrawal = (
  db: Executor,
  id: bigint,
  settlement: { status: ReviewStatus; reason: string | null; entryId: bigint; staffId: bigint; at: Date },
) =>
  db
    .updateTable('withdrawals')
    .set({
      status: settlement.status,
      reason: settlement.reason,
      settle_entry_id: settlement.entryId,
      reviewed_by: settlement.staffId,
      reviewed_at: settlement.at,
    })
    .where('id', '=', id)
    .execute();

export const insertApproval = (db: Executor, withdrawalId: bigint, staffId: bigint, at: Date) =>
  db
    .insertInto('withdrawal_approvals')
    .values({ withdrawal_id: withdrawalId, staff_id: staffId, created_at: at })
    .onConflict((oc) => oc.doNothing())
    .execute();

export const approvalsOf = (db: Executor, withdrawalIds: readonly bigint[]) =>
  withdrawalIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('withdrawal_approvals')
        .select(['withdrawal_id', 'staff_id', 'created_at'])
        .where('withdrawal_id', 'in', withdrawalIds)
        .orderBy('created_at')
        .execute();

const withdrawalsWithAccount = (db: Executor) =>
  db
    .selectFrom('withdrawals')
    .innerJoin('bank_accounts', 'bank_accounts.id', 'withdrawals.bank_account_id')
    .innerJoin('users', 'users.id', 'withdrawals.user_id');

const withdrawalColumns = <Q extends ReturnType<typeof withdrawalsWithAccount>>(q: Q) =>
  q
    .selectAll('withdrawals')
    .select([
      'bank_accounts.bank_name',
      'bank_accounts.branch_name',
      'bank_accounts.account_number',
      'bank_accounts.holder_name',
      'bank_accounts.branch_code',
      'bank_accounts.removed_at as bank_account_removed_at',
      'users.mobile',
    ]);

export const userWithdrawals = (db: Executor, userId: bigint, page: PageRequest) =>
  fetchPage(
    withdrawalsWithAccount(db).where('withdrawals.user_id', '=', userId),
    (q) => withdrawalColumns(q).orderBy('withdrawals.id', 'desc'),
    page,
    (row) => row,
  );

export function withdrawalsForStaff(
  db: Executor,
  filter: PageRequest & { status?: ReviewStatus | undefined },
) {
  let query = withdrawalsWithAccount(db);
  if (filter.status) query = query.where('withdrawals.status', '=', filter.status);
  return fetchPage(
    query,
    (q) =>
      withdrawalColumns(q)
        .orderBy(sql`withdrawals.status = 'pending'`, 'desc')
        .orderBy('withdrawals.id', 'asc'),
    filter,
    (row) => row,
  );
}

export const findWithdrawalView = (db: Executor, id: bigint) =>
  withdrawalColumns(withdrawalsWithAccount(db)).where('withdrawals.id', '=', id).executeTakeFirstOrThrow();

export type WithdrawalView = Awaited<ReturnType<typeof findWithdrawalView>>;
