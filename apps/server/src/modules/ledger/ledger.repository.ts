import { sql } from 'kysely';
import type { Executor } from '../../database';
import { fetchPage } from '../../platform/pagination';
import {
  USER_ACCOUNT_KINDS,
  type AccountKind,
  type EntryActorKind,
  type UserAccountKind,
} from './ledger.table';

/** The bus topic announcing that a user's balances changed (key: the user id). */
export const BALANCE_CHANGES = 'ledger.balances-changed';

const CREDIT_NORMAL: ReadonlySet<AccountKind> = new Set([
  'cash_available',
  'cash_held',
  'loan_payable',
  'margin_posted',
  'house_fee_income',
  'house_interest_income',
]);
export const normalSideOf = (kind: AccountKind) => (CREDIT_NORMAL.has(kind) ? 'credit' : 'debit');

/** Serialises callers of one idempotency key until the end of the transaction (`ledger_post` takes the same lock). */
export async function lockIdempotencyKey(db: Executor, scope: string, key: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${scope}|${key}`}, 0))`.execute(db);
}

export const findEntryByKey = (db: Executor, scope: string, key: string) =>
  db
    .selectFrom('journal_entries')
    .selectAll()
    .where('idempotency_scope', '=', scope)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();

/** Opens the user's accounts that are not open yet (idempotent). */
export async function openUserAccounts(db: Executor, userId: bigint): Promise<void> {
  await db
    .insertInto('ledger_accounts')
    .values(USER_ACCOUNT_KINDS.map((kind) => ({ user_id: userId, kind, normal_side: normalSideOf(kind) })))
    .onConflict((oc) => oc.columns(['user_id', 'kind']).where('user_id', 'is not', null).doNothing())
    .execute();
}

export interface NewEntry {
  kind: string;
  reference: string | null;
  scope: string;
  key: string;
  requestHash: string;
  actorKind: EntryActorKind;
  actorId: bigint | null;
  memo: string | null;
  at: Date;
}

/** A posting to write: to a user's account or the house's (user null), signed (a debit is positive). */
export interface NewPosting {
  user: bigint | null;
  kind: AccountKind;
  amount: bigint;
}

/** What `ledger_post` answers (see its migration). */
export type PostOutcome =
  | { outcome: 'posted'; entryId: bigint; createdAt: Date }
  | { outcome: 'taken'; entryId: bigint; createdAt: Date; kind: string; requestHash: string }
  | { outcome: 'insufficient' | 'no_accounts' };

/**
 * Writes the entry and its postings in one statement, the database function `ledger_post`: takes the key,
 * answers with the entry it already wrote, locks the user accounts the postings touch and checks their
 * balances, then writes. Nothing is written unless the outcome is `posted`.
 */
export async function postEntry(
  db: Executor,
  entry: NewEntry,
  postings: readonly NewPosting[],
): Promise<PostOutcome> {
  const result = await sql<{
    r_outcome: 'posted' | 'taken' | 'insufficient' | 'no_accounts';
    r_entry_id: bigint | null;
    r_created_at: Date | null;
    r_kind: string | null;
    r_request_hash: string | null;
  }>`SELECT * FROM ledger_post(${entry.kind}, ${entry.reference}, ${entry.scope}, ${entry.key},
      ${entry.requestHash}, ${entry.actorKind}, ${entry.actorId}, ${entry.memo}, ${entry.at},
      ${postings.map((p) => p.user)}::bigint[], ${postings.map((p) => p.kind)}::text[],
      ${postings.map((p) => p.amount)}::bigint[])`.execute(db);
  const row = result.rows[0];
  if (!row) throw new Error('ledger_post answered nothing');
  return outcomeOf(row);
}

function outcomeOf(row: {
  r_outcome: 'posted' | 'taken' | 'insufficient' | 'no_accounts';
  r_entry_id: bigint | null;
  r_created_at: Date | null;
  r_kind: string | null;
  r_request_hash: string | null;
}): PostOutcome {
  switch (row.r_outcome) {
    case 'posted':
      return { outcome: 'posted', entryId: BigInt(row.r_entry_id!), createdAt: new Date(row.r_created_at!) };
    case 'taken':
      return {
        outcome: 'taken',
        entryId: BigInt(row.r_entry_id!),
        createdAt: new Date(row.r_created_at!),
        kind: row.r_kind!,
        requestHash: row.r_request_hash!,
      };
    default:
      return { outcome: row.r_outcome };
  }
}

/**
 * Writes several entries in order in one statement (`ledger_post_batch`, set-wise while every entry is plain),
 * stopping after the first whose outcome is not `posted`: the outcomes of those applied, in order.
 */
export async function postEntries(
  db: Executor,
  entries: readonly { entry: NewEntry; postings: readonly NewPosting[] }[],
): Promise<PostOutcome[]> {
  const of = <T>(pick: (entry: NewEntry) => T) => entries.map(({ entry }) => pick(entry));
  const postings = entries.flatMap(({ postings }, i) =>
    postings.map((posting) => ({ ...posting, entry: i + 1 })),
  );
  const result = await sql<{
    r_n: number;
    r_outcome: 'posted' | 'taken' | 'insufficient' | 'no_accounts';
    r_entry_id: bigint | null;
    r_created_at: Date | null;
    r_kind: string | null;
    r_request_hash: string | null;
  }>`SELECT * FROM ledger_post_batch(${of((e) => e.kind)}::text[], ${of((e) => e.reference)}::text[],
      ${of((e) => e.scope)}::text[], ${of((e) => e.key)}::text[], ${of((e) => e.requestHash)}::text[],
      ${of((e) => e.actorKind)}::text[], ${of((e) => e.actorId)}::bigint[], ${of((e) => e.memo)}::text[],
      ${of((e) => e.at.toISOString())}::timestamptz[], ${postings.map((p) => p.entry)}::int[],
      ${postings.map((p) => p.user)}::bigint[], ${postings.map((p) => p.kind)}::text[],
      ${postings.map((p) => p.amount)}::bigint[]) ORDER BY r_n`.execute(db);
  return result.rows.map(outcomeOf);
}

export async function userBalances(db: Executor, userId: bigint): Promise<Map<UserAccountKind, bigint>> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['kind', 'balance'])
    .where('user_id', '=', userId)
    .execute();
  return new Map(rows.map((row) => [row.kind as UserAccountKind, row.balance]));
}

export interface UserEntryRow {
  id: bigint;
  kind: string;
  reference: string | null;
  memo: string | null;
  created_at: Date;
  /** The entry's effect on the user's available cash, in the user's sense (positive: more cash). */
  available_change: bigint;
  held_change: bigint;
}

export interface UserEntryFilter {
  from?: Date | undefined;
  until?: Date | undefined;
  kind?: string | undefined;
  /** Only entries of these kinds (a statement's set), with `kind` on top. */
  kinds?: readonly string[] | undefined;
  /** Entries older than this id (the cursor of the previous page). */
  beforeId?: bigint | undefined;
  limit: number;
}

/** The user's journal entries, newest first, with what each did to their available and held cash. */
export async function userEntries(
  db: Executor,
  userId: bigint,
  filter: UserEntryFilter,
): Promise<UserEntryRow[]> {
  let query = db
    .selectFrom('journal_entries as e')
    .innerJoin('postings as p', 'p.entry_id', 'e.id')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .where('a.user_id', '=', userId)
    .select([
      'e.id',
      'e.kind',
      'e.reference',
      'e.memo',
      'e.created_at',
      sql<bigint>`coalesce(sum(-p.amount) filter (where a.kind = 'cash_available'), 0)`.as(
        'available_change',
      ),
      sql<bigint>`coalesce(sum(-p.amount) filter (where a.kind = 'cash_held'), 0)`.as('held_change'),
    ])
    .groupBy(['e.id', 'e.kind', 'e.reference', 'e.memo', 'e.created_at'])
    .orderBy('e.id', 'desc')
    .limit(filter.limit);
  if (filter.from) query = query.where('e.created_at', '>=', filter.from);
  if (filter.until) query = query.where('e.created_at', '<', filter.until);
  if (filter.kind) query = query.where('e.kind', '=', filter.kind);
  if (filter.kinds) query = query.where('e.kind', 'in', [...filter.kinds]);
  if (filter.beforeId !== undefined) query = query.where('e.id', '<', filter.beforeId);
  return query.execute();
}

/** What moved a trade's cash, in sen, signed as the cash moved (they add up to the entry's cash change). */
export interface TradeBreakdown {
  /** Margin posted (negative) or returned (positive). */
  margin: bigint;
  /** The gain or loss on the price. */
  pnl: bigint;
  /** Fees paid (negative). */
  fee: bigint;
  /** Interest or borrow fee paid (negative). */
  interest: bigint;
  /** What the cash could not pay of a loss, owed to the firm instead (positive: cash not taken). */
  debt: bigint;
}

/**
 * The breakdown of each of the given entries by the account on its other side: the position's margin, the
 * firm's counterparty (the gain or loss), its fee and interest income, and the user's debt. Postings are debits
 * positive, so each sum is the cash it moved. Only for entries the caller read as the user's own.
 */
export async function tradeBreakdowns(
  db: Executor,
  entryIds: readonly bigint[],
): Promise<Map<bigint, TradeBreakdown>> {
  if (entryIds.length === 0) return new Map();
  const sumOf = (kind: string) => sql<bigint>`coalesce(sum(p.amount) filter (where a.kind = ${kind}), 0)`;
  const rows = await db
    .selectFrom('postings as p')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .where('p.entry_id', 'in', [...entryIds])
    .select([
      'p.entry_id',
      sumOf('margin_posted').as('margin'),
      sumOf('house_counterparty').as('pnl'),
      sumOf('house_fee_income').as('fee'),
      sumOf('house_interest_income').as('interest'),
      sumOf('trading_debt').as('debt'),
    ])
    .groupBy('p.entry_id')
    .execute();
  return new Map(
    rows.map((row) => [
      BigInt(row.entry_id),
      {
        margin: BigInt(row.margin),
        pnl: BigInt(row.pnl),
        fee: BigInt(row.fee),
        interest: BigInt(row.interest),
        debt: BigInt(row.debt),
      },
    ]),
  );
}

/**
 * The user's cash (available and held, 預り金) after each of the given entries, in sen: the sum of the user's
 * cash postings up to and including the entry. One statement, so one snapshot: today's balance less the cash
 * moves of the entries after each one. It reads the user's cash postings from the oldest of the entries on
 * (index postings (account_id, entry_id)), so the newest pages, the ones read most, cost least.
 */
export async function cashBalancesAfter(
  db: Executor,
  userId: bigint,
  entryIds: readonly bigint[],
): Promise<Map<bigint, bigint>> {
  if (entryIds.length === 0) return new Map();
  const oldest = entryIds.reduce((min, id) => (id < min ? id : min));
  const result = await sql<{ entry_id: bigint; balance_after: bigint }>`
    WITH cash AS MATERIALIZED (
      SELECT id, balance FROM ledger_accounts
      WHERE user_id = ${userId} AND kind IN ('cash_available', 'cash_held')
    ),
    moves AS (
      SELECT p.entry_id, sum(-p.amount) AS change, false AS asked
      FROM postings p WHERE p.account_id IN (SELECT id FROM cash) AND p.entry_id > ${oldest}
      GROUP BY p.entry_id
    ),
    asked AS (SELECT unnest(${entryIds.map(String)}::bigint[]) AS entry_id, 0::numeric AS change, true AS asked),
    walk AS (
      SELECT entry_id, asked,
        sum(change) OVER (ORDER BY entry_id DESC, asked DESC ROWS UNBOUNDED PRECEDING) AS later
      FROM (SELECT * FROM moves UNION ALL SELECT * FROM asked) points
    )
    SELECT walk.entry_id, ((SELECT coalesce(sum(balance), 0) FROM cash) - walk.later)::bigint AS balance_after
    FROM walk WHERE walk.asked
  `.execute(db);
  return new Map(result.rows.map((row) => [BigInt(row.entry_id), BigInt(row.balance_after)]));
}

export interface LedgerCheck {
  entries: number;
  postingsTotal: bigint;
  unbalancedEntries: number;
  mismatchedBalances: number;
  negativeUserBalances: number;
}

/** Recomputes everything from postings: what `GET /api/staff/ledger/verify` reports. */
export async function checkLedger(db: Executor): Promise<LedgerCheck> {
  const totals = await sql<{ entries: bigint; postings_total: bigint | null }>`
    SELECT (SELECT count(*) FROM journal_entries) AS entries, (SELECT sum(amount) FROM postings) AS postings_total
  `.execute(db);
  const unbalanced = await sql<{ n: bigint }>`
    SELECT count(*) AS n FROM (
      SELECT e.id FROM journal_entries e LEFT JOIN postings p ON p.entry_id = e.id
      GROUP BY e.id HAVING count(p.id) < 2 OR coalesce(sum(p.amount), 0) <> 0
    ) bad
  `.execute(db);
  const mismatched = await sql<{ n: bigint }>`
    SELECT count(*) AS n FROM ledger_accounts a
    WHERE a.user_id IS NOT NULL AND a.balance <> (
      SELECT coalesce(sum(CASE WHEN a.normal_side = 'debit' THEN p.amount ELSE -p.amount END), 0)
      FROM postings p WHERE p.account_id = a.id
    )
  `.execute(db);
  const negative = await sql<{ n: bigint }>`
    SELECT count(*) AS n FROM ledger_accounts WHERE user_id IS NOT NULL AND balance < 0
  `.execute(db);
  const first = totals.rows[0];
  return {
    entries: Number(first?.entries ?? 0),
    postingsTotal: BigInt(first?.postings_total ?? 0),
    unbalancedEntries: Number(unbalanced.rows[0]?.n ?? 0),
    mismatchedBalances: Number(mismatched.rows[0]?.n ?? 0),
    negativeUserBalances: Number(negative.rows[0]?.n ?? 0),
  };
}

// ---- staff adjustments ----

/**
 * This user's adjustments adding money that was added since an instant, or may still be: from when the money
 * moved (the approval), not the request, as one asked for long ago and approved today funds today's withdrawals.
 * One still pending counts too.
 */
const creditAdjustmentsSince = (db: Executor, userId: bigint, since: Date) =>
  db
    .selectFrom('ledger_adjustments')
    .where('user_id', '=', userId)
    .where('amount', '>', 0n)
    .where('status', '<>', 'rejected')
    .where((eb) =>
      eb.or([eb('status', '=', 'pending'), eb(eb.fn.coalesce('reviewed_at', 'created_at'), '>=', since)]),
    );

/** When the earliest credit adjustment that `requestedCreditAdjustment` counts for this user was asked for. */
export async function earliestCreditAdjustmentRequest(db: Executor, userId: bigint, since: Date) {
  const row = await creditAdjustmentsSince(db, userId, since)
    .select((eb) => eb.fn.min('created_at').as('first'))
    .executeTakeFirst();
  return (row?.first as Date | null | undefined) ?? null;
}

/** Whether any of these staff members asked for one of the credit adjustments `creditAdjustmentsSince` counts. */
export async function requestedCreditAdjustment(
  db: Executor,
  userId: bigint,
  staffIds: readonly bigint[],
  since: Date,
) {
  const row = await creditAdjustmentsSince(db, userId, since)
    .select('id')
    .where('requested_by', 'in', staffIds)
    .executeTakeFirst();
  return row !== undefined;
}

export const insertAdjustment = (
  db: Executor,
  adjustment: { userId: bigint; amount: bigint; reason: string; staffId: bigint; at: Date },
) =>
  db
    .insertInto('ledger_adjustments')
    .values({
      user_id: adjustment.userId,
      amount: adjustment.amount,
      reason: adjustment.reason,
      requested_by: adjustment.staffId,
      created_at: adjustment.at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();

export const lockAdjustment = (db: Executor, id: bigint) =>
  db.selectFrom('ledger_adjustments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export const findAdjustmentByEntry = (db: Executor, entryId: bigint) =>
  db.selectFrom('ledger_adjustments').selectAll().where('entry_id', '=', entryId).executeTakeFirst();

export const reviewAdjustment = (
  db: Executor,
  id: bigint,
  review: {
    status: 'approved' | 'rejected';
    staffId: bigint;
    reason: string | null;
    entryId: bigint | null;
    at: Date;
  },
) =>
  db
    .updateTable('ledger_adjustments')
    .set({
      status: review.status,
      reviewed_by: review.staffId,
      review_reason: review.reason,
      entry_id: review.entryId,
      reviewed_at: review.at,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();

export function adjustmentsPage(
  db: Executor,
  filter: { page: number; pageSize: number; status?: 'pending' | 'approved' | 'rejected' | undefined },
) {
  let query = db.selectFrom('ledger_adjustments');
  if (filter.status) query = query.where('status', '=', filter.status);
  return fetchPage(
    query,
    (q) =>
      q
        .selectAll()
        .orderBy(sql`status = 'pending'`, 'desc')
        .orderBy('id', 'desc'),
    filter,
    (row) => row,
  );
}
