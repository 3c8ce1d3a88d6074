import type { Executor } from '../../platform/db-types';

export const insertSession = (
  db: Executor,
  values: {
    user_id: bigint;
    token_hash: string;
    device_id: string | null;
    user_agent: string | null;
    ip: string | null;
    created_at: Date;
    last_seen_at: Date;
    expires_at: Date;
  },
) => db.insertInto('sessions').values(values).returning('id').executeTakeFirstOrThrow();

export const findLiveSessionByHash = (db: Executor, tokenHash: string) =>
  db
    .selectFrom('sessions')
    .select(['id', 'user_id', 'expires_at', 'last_seen_at'])
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();

export const touchSession = (db: Executor, id: bigint, now: Date) =>
  db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', id).execute();

export async function revokeSessions(
  db: Executor,
  userId: bigint,
  now: Date,
  reason: string,
  keepSessionId: bigint | null = null,
): Promise<number> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepSessionId !== null) query = query.where('id', '!=', keepSessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export const revokeSession = (db: Executor, id: bigint, now: Date, reason: string) =>
  db
    .updateTable('sessions')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();

/** Sessions neither revoked, past their absolute expiry, nor idle since before `idleSince`; newest first. */
export const listLiveSessions = (db: Executor, userId: bigint, now: Date, idleSince: Date) =>
  db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .where('last_seen_at', '>', idleSince)
    .orderBy('last_seen_at', 'desc')
    .execute();

export const listRecentSessions = (db: Executor, userId: bigint, limit: number) =>
  db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
