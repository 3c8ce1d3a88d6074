import { sql } from 'kysely';
import type { STAFF_POSITION_STATUSES } from '@kabuto/contract';
import type { Executor } from '../../database';
import { fetchPage, type PageRequest } from '../../platform/pagination';
import type { InstrumentRow } from '../market';
import type { OrderRow } from '../trading';

/** Reads of the trading and market tables for the back office; the trading module owns the writes. */

export interface TradingFilter extends PageRequest {
  code?: string | undefined;
  userId?: bigint | undefined;
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Instruments by code prefix or name (`term` in search form), optionally only halted or only trading ones. */
export function instrumentsPage(
  db: Executor,
  filter: PageRequest & { term: string; halted?: boolean | undefined },
) {
  const escaped = likeEscape(filter.term);
  const base = db
    .selectFrom('instruments')
    .$if(filter.term !== '', (query) =>
      query.where((eb) =>
        eb.or([eb('code', 'like', `${escaped.toUpperCase()}%`), eb('search_text', 'like', `%${escaped}%`)]),
      ),
    )
    .$if(filter.halted !== undefined, (query) => query.where('halted', '=', filter.halted!));
  return fetchPage(
    base,
    (query) => query.selectAll().orderBy('code'),
    filter,
    (row) => row,
  );
}

export const instrumentForUpdate = (db: Executor, code: string) =>
  db.selectFrom('instruments').selectAll().where('code', '=', code).forUpdate().executeTakeFirst();

/** Whether each instrument (or only `code`) is halted, as stored. */
export const haltStates = (db: Executor, code?: string) =>
  db
    .selectFrom('instruments')
    .select(['code', 'halted'])
    .$if(code !== undefined, (query) => query.where('code', '=', code!))
    .execute();

export const setInstrumentHalted = (db: Executor, code: string, halted: boolean) =>
  db.updateTable('instruments').set({ halted }).where('code', '=', code).execute();

export type StoredLimits = Pick<
  InstrumentRow,
  'max_leverage' | 'max_lots_per_order' | 'max_open_lots' | 'shortable'
>;

/** Each instrument's limits (or only `code`'s), as stored. */
export const limitStates = (db: Executor, code?: string) =>
  db
    .selectFrom('instruments')
    .select(['code', 'max_leverage', 'max_lots_per_order', 'max_open_lots', 'shortable'])
    .$if(code !== undefined, (query) => query.where('code', '=', code!))
    .execute();

export const setInstrumentLimits = (db: Executor, code: string, limits: StoredLimits) =>
  db.updateTable('instruments').set(limits).where('code', '=', code).execute();

/** Positions, newest first: open ones (holding, closing or limit-closing) or closed ones. */
export function positionsPage(
  db: Executor,
  filter: TradingFilter & { status: (typeof STAFF_POSITION_STATUSES)[number] },
) {
  const base = db
    .selectFrom('trading_positions')
    .where('status', filter.status === 'open' ? '<>' : '=', 'closed')
    .$if(filter.code !== undefined, (query) => query.where('code', '=', filter.code!))
    .$if(filter.userId !== undefined, (query) => query.where('user_id', '=', filter.userId!));
  return fetchPage(
    base,
    (query) => query.selectAll().orderBy('id', 'desc'),
    filter,
    (row) => row,
  );
}

/** Orders in one status (resting, filled or cancelled), newest first. */
export function ordersPage(db: Executor, filter: TradingFilter & { status: OrderRow['status'] }) {
  const base = db
    .selectFrom('trading_orders')
    .where('status', '=', filter.status)
    .$if(filter.code !== undefined, (query) => query.where('code', '=', filter.code!))
    .$if(filter.userId !== undefined, (query) => query.where('user_id', '=', filter.userId!));
  return fetchPage(
    base,
    (query) => query.selectAll().orderBy('id', 'desc'),
    filter,
    (row) => row,
  );
}

/** Per code and side: the open lots, the sum of lots × entry price, and how many positions. */
export async function openPositionTotals(db: Executor) {
  const rows = await db
    .selectFrom('trading_positions')
    .where('status', '<>', 'closed')
    .select([
      'code',
      'side',
      sql<string>`sum(lots)::text`.as('lots'),
      sql<string>`sum(lots::bigint * entry_price)::text`.as('entry_value'),
      sql<string>`count(*)::text`.as('positions'),
    ])
    .groupBy(['code', 'side'])
    .execute();
  return rows.map((row) => ({
    code: row.code,
    side: row.side,
    lots: BigInt(row.lots),
    entryValue: BigInt(row.entry_value),
    positions: Number(row.positions),
  }));
}

/** The realised P&L of every closed position, and the number of resting orders. */
export async function tradingTotals(db: Executor) {
  const [realised, orders] = await Promise.all([
    db
      .selectFrom('trading_positions')
      .where('status', '=', 'closed')
      .select(sql<string>`coalesce(sum(realised_pnl), 0)::text`.as('sum'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('trading_orders')
      .where('status', '=', 'open')
      .select(sql<string>`count(*)::text`.as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { realised: BigInt(realised.sum), openOrders: Number(orders.n) };
}

export const instrumentsByCode = (db: Executor, codes: readonly string[]) =>
  codes.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('instruments')
        .select(['code', 'name_ja', 'name_en', 'halted'])
        .where('code', 'in', [...codes])
        .execute();

export function forcedClosesPage(db: Executor, filter: TradingFilter) {
  const base = db
    .selectFrom('trading_forced_closes as f')
    .innerJoin('trading_positions as p', 'p.id', 'f.position_id')
    .$if(filter.code !== undefined, (query) => query.where('p.code', '=', filter.code!))
    .$if(filter.userId !== undefined, (query) => query.where('f.user_id', '=', filter.userId!));
  return fetchPage(
    base,
    (query) =>
      query
        .selectAll('f')
        .select([
          'p.code',
          'p.side',
          'p.lots',
          'p.status as position_status',
          'p.exit_price',
          'p.realised_pnl',
          'p.closed_at',
        ])
        .orderBy('f.id', 'desc'),
    filter,
    (row) => row,
  );
}

export function marginCallsPage(
  db: Executor,
  filter: PageRequest & { userId?: bigint | undefined; status: 'open' | 'cleared' | 'all' },
) {
  const base = db
    .selectFrom('trading_margin_calls')
    .$if(filter.userId !== undefined, (query) => query.where('user_id', '=', filter.userId!))
    .$if(filter.status === 'open', (query) => query.where('cleared_at', 'is', null))
    .$if(filter.status === 'cleared', (query) => query.where('cleared_at', 'is not', null));
  return fetchPage(
    base,
    (query) => query.selectAll().orderBy('id', 'desc'),
    filter,
    (row) => row,
  );
}
