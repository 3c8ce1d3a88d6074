import { sql } from 'kysely';
import type { Executor } from '../../database';
import { fetchPage, type PageRequest } from '../../platform/pagination';
import type { PriceAlertRow } from './alerts.table';

/** How long a triggered alert stays in the list. */
const TRIGGERED_SHOWN_MS = 30 * 86_400_000;

/** One page of the caller's alerts: waiting ones first, then those triggered in the last 30 days; newest first. */
export const alertsPage = (db: Executor, userId: bigint, now: Date, page: PageRequest) =>
  fetchPage(
    db
      .selectFrom('price_alerts')
      .innerJoin('instruments', 'instruments.code', 'price_alerts.code')
      .where('price_alerts.user_id', '=', userId)
      .where((eb) =>
        eb.or([
          eb('price_alerts.triggered_at', 'is', null),
          eb('price_alerts.triggered_at', '>', new Date(now.getTime() - TRIGGERED_SHOWN_MS)),
        ]),
      ),
    (query) =>
      query
        .selectAll('instruments')
        .select([
          'price_alerts.id',
          'price_alerts.direction',
          'price_alerts.price',
          'price_alerts.created_at',
          'price_alerts.triggered_at',
          'price_alerts.triggered_price',
        ])
        .orderBy(sql`price_alerts.triggered_at IS NULL`, 'desc')
        .orderBy('price_alerts.id', 'desc'),
    page,
    (row) => row,
  );

/** Counts one more alert created by the user on `day` and returns the day's count, this one included. */
export async function countCreation(db: Executor, userId: bigint, day: string): Promise<number> {
  const row = await db
    .insertInto('price_alert_daily')
    .values({ user_id: userId, day, created: 1 })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'day'])
        .doUpdateSet((eb) => ({ created: eb('price_alert_daily.created', '+', 1) })),
    )
    .returning('created')
    .executeTakeFirstOrThrow();
  return Number(row.created);
}

/** Whether the user already has this very alert waiting (same code, direction and price). */
export const hasWaitingAlert = async (
  db: Executor,
  userId: bigint,
  alert: { code: string; direction: 'above' | 'below'; price: bigint },
) =>
  (await db
    .selectFrom('price_alerts')
    .select('id')
    .where('user_id', '=', userId)
    .where('code', '=', alert.code)
    .where('direction', '=', alert.direction)
    .where('price', '=', alert.price)
    .where('triggered_at', 'is', null)
    .executeTakeFirst()) !== undefined;

export const countWaitingAlerts = async (db: Executor, userId: bigint) =>
  Number(
    (
      await db
        .selectFrom('price_alerts')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .where('triggered_at', 'is', null)
        .executeTakeFirstOrThrow()
    ).n,
  );

export const insertAlert = (
  db: Executor,
  alert: { userId: bigint; code: string; direction: 'above' | 'below'; price: bigint; at: Date },
) =>
  db
    .insertInto('price_alerts')
    .values({
      user_id: alert.userId,
      code: alert.code,
      direction: alert.direction,
      price: alert.price,
      created_at: alert.at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();

/** The instruments with at least one waiting alert (read from the partial index on waiting alerts). */
export const waitingAlertCodes = async (db: Executor) =>
  (
    await db.selectFrom('price_alerts').select('code').distinct().where('triggered_at', 'is', null).execute()
  ).map((row) => row.code);

/** Deletes the caller's alert; another user's id deletes nothing, like an unknown one. */
export const deleteAlert = async (db: Executor, userId: bigint, id: bigint) =>
  (await db.deleteFrom('price_alerts').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst())
    .numDeletedRows > 0n;

/** The high and low a batch of trades reached per code, and its last price. */
export interface CodeRange {
  code: string;
  high: bigint;
  low: bigint;
  last: bigint;
}

/**
 * Marks every waiting alert the ranges reached as triggered and returns them. An alert triggers once: a
 * second node (or a second call) finds it triggered already and skips it.
 */
export async function triggerReached(
  db: Executor,
  ranges: readonly CodeRange[],
  at: Date,
): Promise<(PriceAlertRow & { name_ja: string; name_en: string })[]> {
  const result = await sql<PriceAlertRow & { name_ja: string; name_en: string }>`
    WITH reached AS (
      SELECT a.id, CASE WHEN a.direction = 'above' THEN r.high ELSE r.low END AS at_price
        FROM unnest(${ranges.map((r) => r.code)}::text[], ${ranges.map((r) => r.high)}::bigint[],
                    ${ranges.map((r) => r.low)}::bigint[]) AS r(code, high, low)
        JOIN price_alerts a ON a.code = r.code AND a.triggered_at IS NULL
         AND ((a.direction = 'above' AND a.price <= r.high) OR (a.direction = 'below' AND a.price >= r.low))
    )
    UPDATE price_alerts a SET triggered_at = ${at}, triggered_price = reached.at_price
      FROM reached, instruments i
     WHERE a.id = reached.id AND a.triggered_at IS NULL AND i.code = a.code
    RETURNING a.*, i.name_ja, i.name_en`.execute(db);
  return result.rows.map((row) => ({
    ...row,
    id: BigInt(row.id),
    user_id: BigInt(row.user_id),
    price: BigInt(row.price),
    triggered_price: row.triggered_price === null ? null : BigInt(row.triggered_price),
  }));
}
