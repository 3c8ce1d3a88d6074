import type { SmsPurpose } from '@kabuto/contract';
import { sql } from 'kysely';
import type { Executor } from '../../database';
import { fetchPage, type PageRequest } from '../../platform/pagination';

/** One issuer at a time per number and purpose, so concurrent requests cannot skip the resend interval. */
export const lockNumberAndPurpose = (db: Executor, mobile: string, purpose: SmsPurpose) =>
  sql`SELECT pg_advisory_xact_lock(hashtext(${`sms:${mobile}:${purpose}`}))`.execute(db);

export async function countCodesSince(
  db: Executor,
  since: Date,
  filter?: { mobile: string; purpose: SmsPurpose },
): Promise<number> {
  let query = db
    .selectFrom('sms_codes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('created_at', '>', since);
  if (filter) query = query.where('mobile', '=', filter.mobile).where('purpose', '=', filter.purpose);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

export const latestCodeTime = (db: Executor, mobile: string, purpose: SmsPurpose) =>
  db
    .selectFrom('sms_codes')
    .select('created_at')
    .where('mobile', '=', mobile)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();

export const retireLiveCodes = (db: Executor, mobile: string, purpose: SmsPurpose, now: Date) =>
  db
    .updateTable('sms_codes')
    .set({ consumed_at: now })
    .where('mobile', '=', mobile)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .execute();

export const insertCode = (
  db: Executor,
  values: { mobile: string; purpose: SmsPurpose; code_hash: string; created_at: Date; expires_at: Date },
) => db.insertInto('sms_codes').values(values).execute();

export const lockNewestLiveCode = (db: Executor, mobile: string, purpose: SmsPurpose, now: Date) =>
  db
    .selectFrom('sms_codes')
    .selectAll()
    .where('mobile', '=', mobile)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();

export const recordAttempt = (db: Executor, id: bigint, attempts: number, consumedAt: Date | null) =>
  db.updateTable('sms_codes').set({ attempts, consumed_at: consumedAt }).where('id', '=', id).execute();

export const insertOutboxMessage = (
  db: Executor,
  values: { mobile: string; purpose: string; code: string; body: string; created_at: Date },
) => db.insertInto('sms_outbox').values(values).execute();

export function listOutbox(db: Executor, filter: PageRequest & { mobile?: string | undefined }) {
  let query = db.selectFrom('sms_outbox');
  if (filter.mobile) query = query.where('mobile', '=', filter.mobile);
  return fetchPage(
    query,
    (q) => q.selectAll().orderBy('id', 'desc'),
    filter,
    (row) => ({
      id: row.id.toString(),
      mobile: row.mobile,
      purpose: row.purpose,
      code: row.code,
      text: row.body,
      createdAt: new Date(row.created_at).toISOString(),
    }),
  );
}
