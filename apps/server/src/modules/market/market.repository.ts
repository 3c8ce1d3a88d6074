import { sql } from 'kysely';
import type { Executor } from '../../database';
import { fetchPage, type PageRequest } from '../../platform/pagination';
import type { BarValue } from './bars';
import type { InstrumentRow, StoredInterval } from './market.table';

// ---- instruments ----

export const countInstruments = async (db: Executor) =>
  Number(
    (
      await db
        .selectFrom('instruments')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

export const insertInstruments = (db: Executor, rows: readonly InstrumentRow[]) =>
  db
    .insertInto('instruments')
    .values([...rows])
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();

/** Each instrument's reading and search text as `rows` give them, where they differ (one statement). */
export async function updateReadings(
  db: Executor,
  rows: readonly Pick<InstrumentRow, 'code' | 'name_kana' | 'search_text'>[],
): Promise<void> {
  if (rows.length === 0) return;
  await sql`UPDATE instruments i SET name_kana = r.name_kana, search_text = r.search_text
    FROM unnest(${rows.map((row) => row.code)}::text[], ${rows.map((row) => row.name_kana)}::text[],
                ${rows.map((row) => row.search_text)}::text[]) AS r(code, name_kana, search_text)
    WHERE i.code = r.code
      AND (i.name_kana IS DISTINCT FROM r.name_kana OR i.search_text IS DISTINCT FROM r.search_text)`.execute(
    db,
  );
}

export const allInstruments = (db: Executor) =>
  db.selectFrom('instruments').selectAll().orderBy('code').execute();

export const findInstrument = (db: Executor, code: string) =>
  db.selectFrom('instruments').selectAll().where('code', '=', code).executeTakeFirst();

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** By code prefix or any part of the names; `term` is already in search form (universe.ts). */
export function searchInstruments(db: Executor, term: string, page: PageRequest) {
  const escaped = likeEscape(term);
  const base = db
    .selectFrom('instruments')
    .$if(term !== '', (query) =>
      query.where((eb) =>
        eb.or([eb('code', 'like', `${escaped.toUpperCase()}%`), eb('search_text', 'like', `%${escaped}%`)]),
      ),
    );
  return fetchPage(
    base,
    (query) =>
      query
        .selectAll()
        // Codes starting with the term first, then by code.
        .orderBy(sql`CASE WHEN code LIKE ${`${escaped.toUpperCase()}%`} THEN 0 ELSE 1 END`)
        .orderBy('code'),
    page,
    (row) => row,
  );
}

// ---- bars ----

export interface BarRecord extends BarValue {
  code: string;
  interval: StoredInterval;
}

/** Rows per statement: each column travels as one array parameter. */
const BATCH = 20_000;

/**
 * Writes bars, replacing any with the same code, interval and start. Columns are sent as arrays and unnested:
 * on PGlite this is several times faster than a multi-row VALUES list, which binds nine parameters a row.
 */
export async function upsertBars(db: Executor, bars: readonly BarRecord[]): Promise<void> {
  for (let i = 0; i < bars.length; i += BATCH) {
    const batch = bars.slice(i, i + BATCH);
    const column = (pick: (bar: BarRecord) => string) => batch.map(pick);
    await sql`
      INSERT INTO bars (code, "interval", start, open, high, low, close, volume, turnover)
      SELECT * FROM unnest(
        ${column((bar) => bar.code)}::text[],
        ${column((bar) => bar.interval)}::text[],
        ${column((bar) => new Date(bar.start).toISOString())}::timestamptz[],
        ${column((bar) => bar.open.toString())}::bigint[],
        ${column((bar) => bar.high.toString())}::bigint[],
        ${column((bar) => bar.low.toString())}::bigint[],
        ${column((bar) => bar.close.toString())}::bigint[],
        ${column((bar) => bar.volume.toString())}::bigint[],
        ${column((bar) => bar.turnover.toString())}::bigint[]
      )
      ON CONFLICT (code, "interval", start) DO UPDATE SET
        open = excluded.open, high = excluded.high, low = excluded.low, close = excluded.close,
        volume = excluded.volume, turnover = excluded.turnover
    `.execute(db);
  }
}

/** Instruments with any stored bar of an interval (the backfill skips them). */
export const codesWithBars = async (db: Executor, interval: StoredInterval) =>
  new Set(
    (await db.selectFrom('bars').select('code').distinct().where('interval', '=', interval).execute()).map(
      (row) => row.code,
    ),
  );

/** The newest `count` daily bars of every instrument, newest first per code. */
export async function latestDailyBars(db: Executor, count: number): Promise<Map<string, BarValue[]>> {
  const rows = await db
    .selectFrom((qb) =>
      qb
        .selectFrom('bars')
        .selectAll()
        .select(sql<number>`row_number() OVER (PARTITION BY code ORDER BY start DESC)`.as('rank'))
        .where('interval', '=', '1d')
        .as('ranked'),
    )
    .selectAll()
    .where('rank', '<=', count)
    .orderBy('code')
    .orderBy('start', 'desc')
    .execute();
  const byCode = new Map<string, BarValue[]>();
  for (const row of rows) {
    const list = byCode.get(row.code) ?? [];
    list.push(toBarValue(row));
    byCode.set(row.code, list);
  }
  return byCode;
}

const toBarValue = (row: {
  start: Date;
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
  volume: bigint;
  turnover: bigint;
}): BarValue => ({
  start: new Date(row.start).getTime(),
  open: row.open,
  high: row.high,
  low: row.low,
  close: row.close,
  volume: row.volume,
  turnover: row.turnover,
});

/** Stored bars with from <= start < to, oldest first; the newest `limit` of them when there are more. */
export async function readBars(
  db: Executor,
  query: { code: string; interval: StoredInterval; from: Date; to: Date; limit: number },
): Promise<BarValue[]> {
  const rows = await db
    .selectFrom('bars')
    .select(['start', 'open', 'high', 'low', 'close', 'volume', 'turnover'])
    .where('code', '=', query.code)
    .where('interval', '=', query.interval)
    .where('start', '>=', query.from)
    .where('start', '<', query.to)
    .orderBy('start', 'desc')
    .limit(query.limit)
    .execute();
  return rows.map(toBarValue).reverse();
}

// ---- watchlist ----

export const watchlistOf = (db: Executor, userId: bigint) =>
  db
    .selectFrom('watchlist')
    .innerJoin('instruments', 'instruments.code', 'watchlist.code')
    .selectAll('instruments')
    .select('watchlist.created_at')
    .where('watchlist.user_id', '=', userId)
    .orderBy('watchlist.created_at')
    .orderBy('watchlist.code')
    .execute();

export const countWatchlist = async (db: Executor, userId: bigint) =>
  Number(
    (
      await db
        .selectFrom('watchlist')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

export const findWatchlistEntry = (db: Executor, userId: bigint, code: string) =>
  db
    .selectFrom('watchlist')
    .selectAll()
    .where('user_id', '=', userId)
    .where('code', '=', code)
    .executeTakeFirst();

export const insertWatchlistEntry = (db: Executor, entry: { userId: bigint; code: string; at: Date }) =>
  db
    .insertInto('watchlist')
    .values({ user_id: entry.userId, code: entry.code, created_at: entry.at })
    .onConflict((oc) => oc.columns(['user_id', 'code']).doNothing())
    .execute();

export const deleteWatchlistEntry = async (db: Executor, userId: bigint, code: string) =>
  (await db.deleteFrom('watchlist').where('user_id', '=', userId).where('code', '=', code).executeTakeFirst())
    .numDeletedRows > 0n;

// ---- search history ----

export const searchHistoryOf = (db: Executor, userId: bigint, limit: number) =>
  db
    .selectFrom('search_history')
    .innerJoin('instruments', 'instruments.code', 'search_history.code')
    .selectAll('instruments')
    .select('search_history.searched_at')
    .where('search_history.user_id', '=', userId)
    .orderBy('search_history.searched_at', 'desc')
    .orderBy('search_history.code')
    .limit(limit)
    .execute();

export const upsertSearchHistory = (db: Executor, entry: { userId: bigint; code: string; at: Date }) =>
  db
    .insertInto('search_history')
    .values({ user_id: entry.userId, code: entry.code, searched_at: entry.at })
    .onConflict((oc) => oc.columns(['user_id', 'code']).doUpdateSet({ searched_at: entry.at }))
    .execute();

/** Drops the user's entries beyond the newest `keep`. */
export const trimSearchHistory = (db: Executor, userId: bigint, keep: number) =>
  db
    .deleteFrom('search_history')
    .where('user_id', '=', userId)
    .where('code', 'not in', (eb) =>
      eb
        .selectFrom('search_history')
        .select('code')
        .where('user_id', '=', userId)
        .orderBy('searched_at', 'desc')
        .orderBy('code')
        .limit(keep),
    )
    .execute();

export const clearSearchHistory = async (db: Executor, userId: bigint) =>
  Number(
    (await db.deleteFrom('search_history').where('user_id', '=', userId).executeTakeFirst()).numDeletedRows,
  );
