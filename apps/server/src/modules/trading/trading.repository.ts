import type { WithdrawnCloseReason } from '@kabuto/contract';
import { sql, type Insertable, type Updateable } from 'kysely';
import type { DB, Executor } from '../../database';
import { inStatementChunks } from '../../platform/db';
import { fail } from '../../platform/errors';
import { pageBeforeId, type CursorRequest } from '../../platform/pagination';
import { decodeHistoryCursor, encodeHistoryCursor, type HistoryKind } from './trading.history-cursor';
import type {
  OrderRow,
  PositionRow,
  TradingMarginCallsTable,
  TradingOrdersTable,
  TradingPositionsTable,
} from './trading.table';

/** `count` new order ids, in increasing order. */
export async function nextOrderIds(db: Executor, count: number): Promise<bigint[]> {
  if (count === 0) return [];
  const { rows } = await sql<{
    id: bigint;
  }>`SELECT nextval('trading_order_ids') AS id FROM generate_series(1, ${count}::int)`.execute(db);
  return rows.map((row) => BigInt(row.id)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Inserts `rows` in as few statements as the parameter limit allows (none: nothing). */
const insertAll =
  <T extends 'trading_orders' | 'trading_positions' | 'trading_fills' | 'trading_forced_closes'>(table: T) =>
  (db: Executor, rows: readonly Insertable<DB[T]>[]) =>
    inStatementChunks(rows, (chunk) =>
      db
        .insertInto(table)
        .values(chunk as never)
        .execute(),
    );

export const insertOrders = insertAll('trading_orders');
export const insertPositions = insertAll('trading_positions');
export const insertFills = insertAll('trading_fills');
export const insertForcedCloses = insertAll('trading_forced_closes');

/**
 * Records closes withdrawn without filling. Each one's 期間 and placing time are given when the close was placed
 * in the same batch; otherwise they are read from its position row, so this runs before the
 * batch's changes to the positions are written. One array per column, so the statement has eight parameters
 * however many closes the daily run withdraws at once (a statement takes at most 65,535).
 */
export async function insertWithdrawnCloses(db: Executor, rows: readonly WithdrawnClose[]): Promise<void> {
  if (rows.length === 0) return;
  const column = <T>(of: (row: WithdrawnClose) => T) => rows.map(of);
  await sql`
    INSERT INTO trading_withdrawn_closes
      (position_id, user_id, limit_price, validity, valid_until, requested_at, withdrawn_at, reason, lots)
    SELECT w.position_id, w.user_id, w.limit_price,
      -- A market close has no 期間, whatever its position's row still says of a limit close before it.
      CASE WHEN w.limit_price IS NULL THEN NULL ELSE coalesce(w.validity, p.close_validity) END, w.valid_until,
      coalesce(w.requested_at, p.close_requested_at), w.withdrawn_at, w.reason, w.lots
    FROM unnest(
      ${column((row) => row.positionId.toString())}::bigint[],
      ${column((row) => row.userId.toString())}::bigint[],
      ${column((row) => row.limitPrice?.toString() ?? null)}::bigint[],
      ${column((row) => row.validity)}::text[],
      ${column((row) => row.validUntil)}::text[],
      ${column((row) => row.requestedAt?.toISOString() ?? null)}::timestamptz[],
      ${column((row) => row.withdrawnAt.toISOString())}::timestamptz[],
      ${column((row) => row.reason)}::text[],
      ${column((row) => row.lots)}::int[]
    ) AS w (position_id, user_id, limit_price, validity, valid_until, requested_at, withdrawn_at, reason, lots)
    JOIN trading_positions p ON p.id = w.position_id`.execute(db);
}

/**
 * A withdrawn close to record; `validity` and `requestedAt` null: as its position row has them. A market close
 * waiting for the auction has no `limitPrice`, `validity` nor `validUntil`.
 */
export interface WithdrawnClose {
  positionId: bigint;
  userId: bigint;
  limitPrice: bigint | null;
  validity: 'day' | 'week' | null;
  validUntil: string | null;
  requestedAt: Date | null;
  withdrawnAt: Date;
  reason: WithdrawnCloseReason;
  lots: number;
}

export const updateOrder = (db: Executor, id: bigint, patch: Updateable<TradingOrdersTable>) =>
  db.updateTable('trading_orders').set(patch).where('id', '=', id).execute();

export const findOrderByKey = (db: Executor, userId: bigint, key: string) =>
  db
    .selectFrom('trading_orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();

/** The orders placed under these users' keys (each key is its user's own). */
export async function findOrdersByKeys(
  db: Executor,
  keys: readonly { userId: bigint; key: string }[],
): Promise<OrderRow[]> {
  if (keys.length === 0) return [];
  return db
    .selectFrom('trading_orders')
    .selectAll()
    .where((eb) =>
      eb.or(
        keys.map(({ userId, key }) => eb.and([eb('user_id', '=', userId), eb('idempotency_key', '=', key)])),
      ),
    )
    .execute();
}

/** The caller's order: another user's order is as absent as one that does not exist. */
export const findUserOrder = (db: Executor, userId: bigint, id: bigint) =>
  db
    .selectFrom('trading_orders')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();

export const updatePosition = (db: Executor, id: bigint, patch: Updateable<TradingPositionsTable>) =>
  db.updateTable('trading_positions').set(patch).where('id', '=', id).execute();

export const addPositionInterest = (db: Executor, id: bigint, amount: bigint, at: Date) =>
  db
    .updateTable('trading_positions')
    .set((eb) => ({ interest: eb('interest', '+', amount), updated_at: at }))
    .where('id', '=', id)
    .execute();

export const findUserPosition = (db: Executor, userId: bigint, id: bigint) =>
  db
    .selectFrom('trading_positions')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();

/** The last close request (key and request hash) of each position. */
/** Which of these close requests (a position and a key) were made before, with the hash of their request. */
export async function closeRequestsOf(
  db: Executor,
  requests: readonly { positionId: bigint; idempotencyKey: string }[],
) {
  if (requests.length === 0) return [];
  return db
    .selectFrom('trading_close_requests')
    .select(['position_id', 'idempotency_key', 'request_hash'])
    .where(({ eb, or, and }) =>
      or(
        requests.map((request) =>
          and([
            eb('position_id', '=', request.positionId),
            eb('idempotency_key', '=', request.idempotencyKey),
          ]),
        ),
      ),
    )
    .execute();
}

/** Records a close request's key: from now on a retry with it places nothing. */
export const recordCloseRequest = (
  db: Executor,
  request: { positionId: bigint; idempotencyKey: string; requestHash: string },
) =>
  db
    .insertInto('trading_close_requests')
    .values({
      position_id: request.positionId,
      idempotency_key: request.idempotencyKey,
      request_hash: request.requestHash,
    })
    .onConflict((conflict) => conflict.columns(['position_id', 'idempotency_key']).doNothing())
    .execute();

export const findPosition = (db: Executor, id: bigint) =>
  db.selectFrom('trading_positions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

export async function openMarginCall(
  db: Executor,
  row: {
    user_id: bigint;
    raised_on: string;
    deadline: string;
    equity: bigint;
    open_notional: bigint;
    ratio_bp: number | null;
    created_at: Date;
  },
): Promise<void> {
  await db
    .insertInto('trading_margin_calls')
    .values(row)
    .onConflict((oc) => oc.column('user_id').where('cleared_at', 'is', null).doNothing())
    .execute();
}

export const clearMarginCall = (
  db: Executor,
  userId: bigint,
  at: Date,
  by: NonNullable<TradingMarginCallsTable['cleared_by']>,
) =>
  db
    .updateTable('trading_margin_calls')
    .set({ cleared_at: at, cleared_by: by })
    .where('user_id', '=', userId)
    .where('cleared_at', 'is', null)
    .execute();

/** Counts a trading commit, waiting for any other in flight; the count after it. */
export async function bumpVersion(db: Executor): Promise<bigint> {
  const row = await db
    .updateTable('trading_state')
    .set((eb) => ({ version: eb('version', '+', 1n) }))
    .where('id', '=', 1)
    .returning('version')
    .executeTakeFirstOrThrow();
  return BigInt(row.version);
}

/** The version, with the state row locked until the transaction ends (as a trading commit locks it). */
export async function lockedVersion(db: Executor): Promise<bigint> {
  const row = await db
    .selectFrom('trading_state')
    .select('version')
    .where('id', '=', 1)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return BigInt(row.version);
}

/**
 * Of `sessionIds`, the investor sessions still in force (not revoked) whose user is active (not frozen), each with
 * its user.
 */
export async function sessionsInForce(
  db: Executor,
  sessionIds: readonly bigint[],
): Promise<Map<bigint, bigint>> {
  if (sessionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.id', 'sessions.user_id'])
    .where('sessions.id', 'in', sessionIds)
    .where('sessions.revoked_at', 'is', null)
    .where('users.status', '=', 'active')
    .execute();
  return new Map(rows.map((row) => [row.id, row.user_id]));
}

export async function currentVersion(db: Executor): Promise<bigint> {
  const row = await db
    .selectFrom('trading_state')
    .select('version')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return BigInt(row.version);
}

/** The session advisory lock whose holder feeds the engine from the market (any fixed number). */
const TICK_LEASE_KEY = 7_203_000_001n;

/** Takes the tick lease on this connection if no other session holds it; held until released or disconnected. */
export async function tryTickLease(connection: Executor): Promise<boolean> {
  const { rows } = await sql<{
    held: boolean;
  }>`SELECT pg_try_advisory_lock(${TICK_LEASE_KEY}) AS held`.execute(connection);
  return rows[0]?.held === true;
}

export async function releaseTickLease(connection: Executor): Promise<void> {
  await sql`SELECT pg_advisory_unlock(${TICK_LEASE_KEY})`.execute(connection);
}

export const setLastAccrualDate = (db: Executor, date: string) =>
  db.updateTable('trading_state').set({ last_accrual_date: date }).where('id', '=', 1).execute();

// ---- what the engine is rebuilt from ----

export interface StoredState {
  orders: OrderRow[];
  positions: PositionRow[];
  marginCalls: { user_id: bigint; raised_on: string; deadline: string }[];
  accounts: AccountFigures[];
  lastAccrualDate: string | null;
  /** The count of trading commits this state includes. */
  version: bigint;
}

/**
 * Everything open: resting orders, open positions, open margin calls, and the accounts they belong to (or
 * that owe money), with the ledger's cash and debt. Accounts with nothing open join the engine on their
 * first command.
 */
export async function loadStoredState(db: Executor): Promise<StoredState> {
  // First, so that a commit landing while the rest is read makes the state look older, never newer.
  const version = await currentVersion(db);
  const orders = await db
    .selectFrom('trading_orders')
    .selectAll()
    .where('status', '=', 'open')
    .orderBy('id')
    .execute();
  const positions = await db
    .selectFrom('trading_positions')
    .selectAll()
    .where('status', '<>', 'closed')
    .orderBy('id')
    .execute();
  const marginCalls = await db
    .selectFrom('trading_margin_calls')
    .select(['user_id', 'raised_on', 'deadline'])
    .where('cleared_at', 'is', null)
    .execute();
  const indebted = await db
    .selectFrom('ledger_accounts')
    .select('user_id')
    .where('kind', '=', 'trading_debt')
    .where('balance', '>', 0n)
    .execute();
  const ids = [
    ...new Set([...orders, ...positions, ...marginCalls, ...indebted].map((row) => row.user_id!.toString())),
  ].map(BigInt);
  const accounts = ids.length ? await accountFigures(db, ids) : [];
  const state = await db
    .selectFrom('trading_state')
    .select('last_accrual_date')
    .where('id', '=', 1)
    .executeTakeFirst();
  return {
    orders,
    positions,
    marginCalls,
    accounts,
    lastAccrualDate: state?.last_accrual_date ?? null,
    version,
  };
}

export interface AccountFigures {
  id: bigint;
  kyc_status: string;
  credit_score: number;
  available: bigint;
  debt: bigint;
}

/** What the engine needs to know of users: KYC, credit score, and the ledger's cash available and debt. */
export async function accountFigures(db: Executor, userIds: readonly bigint[]): Promise<AccountFigures[]> {
  return db
    .selectFrom('users as u')
    .leftJoin('ledger_accounts as c', (join) =>
      join.onRef('c.user_id', '=', 'u.id').on('c.kind', '=', 'cash_available'),
    )
    .leftJoin('ledger_accounts as d', (join) =>
      join.onRef('d.user_id', '=', 'u.id').on('d.kind', '=', 'trading_debt'),
    )
    .select([
      'u.id',
      'u.kyc_status',
      'u.credit_score',
      sql<bigint>`coalesce(c.balance, 0)`.as('available'),
      sql<bigint>`coalesce(d.balance, 0)`.as('debt'),
    ])
    .where('u.id', 'in', userIds)
    .execute()
    .then((rows) =>
      rows.map((row) => ({ ...row, available: BigInt(row.available), debt: BigInt(row.debt) })),
    );
}

// ---- lists ----

export function ordersPage(
  db: Executor,
  userId: bigint,
  status: 'open' | 'history' | 'all',
  page: CursorRequest,
) {
  return pageBeforeId(page, async (beforeId, limit) => {
    let query = db.selectFrom('trading_orders').selectAll().where('user_id', '=', userId);
    if (status === 'open') query = query.where('status', '=', 'open');
    if (status === 'history') query = query.where('status', '<>', 'open');
    if (beforeId !== undefined) query = query.where('id', '<', beforeId);
    return (await query.orderBy('id', 'desc').limit(limit).execute()) as OrderRow[];
  });
}

/**
 * 注文履歴: the user's orders to open that are no longer open (at their placing), their closed positions (at
 * their close) and their limit closes withdrawn without filling (at their placing), newest first, one page of all
 * together after the place `query.cursor` names. The page is cut over the union by keyset, not offset: an order
 * that finishes meanwhile joins at its placing, and a line already read is never read again nor one passed over.
 * At one instant a close comes before the order to open (it happened after), then the higher id. The rows are
 * then read whole by id, the user's own only.
 */
export async function tradeHistoryPage(
  db: Executor,
  userId: bigint,
  query: { cursor?: string | undefined; pageSize: number },
) {
  const after = query.cursor ? decodeHistoryCursor(query.cursor) : null;
  const micros = (column: string) => sql<string>`(extract(epoch from ${sql.ref(column)}) * 1000000)::bigint`;
  const lines = db
    .selectFrom('trading_orders')
    .select([
      sql<HistoryKind>`'order'`.as('kind'),
      sql<number>`0`.as('rank'),
      'id',
      micros('created_at').as('at'),
    ])
    .where('user_id', '=', userId)
    .where('status', '<>', 'open')
    .unionAll(
      db
        .selectFrom('trading_positions')
        .select([
          sql<HistoryKind>`'close'`.as('kind'),
          sql<number>`1`.as('rank'),
          'id',
          micros('closed_at').as('at'),
        ])
        .where('user_id', '=', userId)
        .where('status', '=', 'closed'),
    )
    .unionAll(
      db
        .selectFrom('trading_withdrawn_closes')
        .select([
          sql<HistoryKind>`'withdrawn-close'`.as('kind'),
          sql<number>`2`.as('rank'),
          'id',
          micros('requested_at').as('at'),
        ])
        .where('user_id', '=', userId),
    );
  let page = db.selectFrom(lines.as('h')).select(['kind', 'id', 'at']);
  if (after)
    page = page.where((eb) =>
      eb(
        eb.refTuple('at', 'id', 'rank'),
        '<',
        eb.tuple(after.atMicros.toString(), after.id, RANK[after.kind]),
      ),
    );
  const rows = await page
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .orderBy('rank', 'desc')
    .limit(query.pageSize + 1)
    .execute();
  const listed = rows
    .slice(0, query.pageSize)
    .map((row) => ({ kind: row.kind, id: BigInt(row.id), atMicros: BigInt(row.at) }));
  const ids = (kind: HistoryKind) => listed.filter((line) => line.kind === kind).map((line) => line.id);
  const withdrawn = ids('withdrawn-close').length
    ? await db
        .selectFrom('trading_withdrawn_closes')
        .selectAll()
        .where('user_id', '=', userId)
        .where('id', 'in', ids('withdrawn-close'))
        .execute()
    : [];
  const positionIds = [...ids('close'), ...withdrawn.map((row) => row.position_id)];
  const [orders, positions] = await Promise.all([
    ids('order').length
      ? db
          .selectFrom('trading_orders')
          .selectAll()
          .where('user_id', '=', userId)
          .where('id', 'in', ids('order'))
          .execute()
      : [],
    positionIds.length
      ? db
          .selectFrom('trading_positions')
          .selectAll()
          .where('user_id', '=', userId)
          .where('id', 'in', positionIds)
          .execute()
      : [],
  ]);
  const orderById = new Map(orders.map((row) => [row.id, row]));
  const positionById = new Map(positions.map((row) => [row.id, row]));
  const withdrawnById = new Map(withdrawn.map((row) => [row.id, row]));
  const last = listed.at(-1);
  return {
    items: listed.map((line) => {
      if (line.kind === 'order') return { kind: 'order' as const, order: orderById.get(line.id)! };
      if (line.kind === 'close') return { kind: 'close' as const, position: positionById.get(line.id)! };
      const close = withdrawnById.get(line.id)!;
      return { kind: 'withdrawn-close' as const, close, position: positionById.get(close.position_id)! };
    }),
    nextCursor: rows.length > query.pageSize && last ? encodeHistoryCursor(last) : null,
  };
}

/** Where a kind sorts among lines of one instant and id, newest first: the close after the order that opened it. */
const RANK = { order: 0, close: 1, 'withdrawn-close': 2 } as const satisfies Record<HistoryKind, number>;

/**
 * The user's positions, newest first: open ones by their opening (id), closed ones (決済済み建玉) by their close,
 * as a broker's 約定履歴 lists them. The cursor is the id of the previous page's last position either way: a
 * close never moves once made, so the closed list continues after that position's own close time. A cursor that
 * is not one of the user's closed positions is refused, whoever's it is, rather than read as the list's end.
 */
export function positionsPage(
  db: Executor,
  userId: bigint,
  status: 'open' | 'closed' | 'all',
  page: CursorRequest,
) {
  return pageBeforeId(page, async (afterPosition, limit) => {
    let query = db.selectFrom('trading_positions').selectAll().where('user_id', '=', userId);
    if (status === 'closed') {
      query = query.where('status', '=', 'closed');
      if (afterPosition !== undefined) {
        // Its close time as the database writes it, to the microsecond, which a Date would round.
        const place = await db
          .selectFrom('trading_positions')
          .select(sql<string>`closed_at::text`.as('closedAt'))
          .where('id', '=', afterPosition)
          .where('user_id', '=', userId)
          .where('status', '=', 'closed')
          .executeTakeFirst();
        if (!place) throw fail('LIST_CURSOR_INVALID', { field: 'cursor' });
        query = query.where(
          sql<boolean>`(closed_at, id) < (${place.closedAt}::timestamptz, ${afterPosition})`,
        );
      }
      return (await query
        .orderBy('closed_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute()) as PositionRow[];
    }
    if (status === 'open') query = query.where('status', '<>', 'closed');
    if (afterPosition !== undefined) query = query.where('id', '<', afterPosition);
    return (await query.orderBy('id', 'desc').limit(limit).execute()) as PositionRow[];
  });
}

const TRADING_REFERENCE = /^(order|position):(\d{1,18})$/;

/** What a ledger reference to an order or a position is about: its stock and, for 一部返済's lots, their position. */
export interface ReferencedTrade {
  instrument: { code: string; nameJa: string; nameEn: string };
  /** Lots closed by 一部返済: the position (建玉番号) they came from, as the investor knows them; else null. */
  partOf: string | null;
}

/**
 * What each of a user's ledger references is about ("order:42" and "position:42", as the trading entries are
 * posted), for statements that list journal entries: an order's stock from the orders, a position's from the
 * positions (lots closed by 一部返済 are a position with no order of its own, named by the position they came
 * from). Only the user's own rows are read; any other reference is left out.
 */
export async function tradesOfReferences(
  db: Executor,
  userId: bigint,
  references: readonly (string | null)[],
): Promise<Map<string, ReferencedTrade>> {
  const ids = { order: new Set<bigint>(), position: new Set<bigint>() };
  for (const reference of references) {
    const match = TRADING_REFERENCE.exec(reference ?? '');
    if (match) ids[match[1] as 'order' | 'position'].add(BigInt(match[2]!));
  }
  const trades = new Map<string, ReferencedTrade>();
  const [orders, positions] = await Promise.all([
    ids.order.size === 0
      ? []
      : db
          .selectFrom('trading_orders as o')
          .innerJoin('instruments as i', 'i.code', 'o.code')
          .select(['o.id', 'i.code', 'i.name_ja', 'i.name_en'])
          .where('o.user_id', '=', userId)
          .where('o.id', 'in', [...ids.order])
          .execute(),
    ids.position.size === 0
      ? []
      : db
          .selectFrom('trading_positions as p')
          .innerJoin('instruments as i', 'i.code', 'p.code')
          .select(['p.id', 'p.part_of', 'i.code', 'i.name_ja', 'i.name_en'])
          .where('p.user_id', '=', userId)
          .where('p.id', 'in', [...ids.position])
          .execute(),
  ]);
  for (const row of orders) trades.set(`order:${row.id}`, { instrument: instrumentOf(row), partOf: null });
  for (const row of positions)
    trades.set(`position:${row.id}`, {
      instrument: instrumentOf(row),
      partOf: row.part_of?.toString() ?? null,
    });
  return trades;
}

const instrumentOf = (row: { code: string; name_ja: string; name_en: string }) => ({
  code: row.code,
  nameJa: row.name_ja,
  nameEn: row.name_en,
});
