import type { Executor } from '../../database';
import { announceChange } from '../../platform/unit-of-work';
import { SESSION_CHANGES, sessionCacheKey } from './session-cache';
import type { SubjectKind } from './sessions.table';

/** Every node drops the revoked sessions it has cached, once the revocation is committed. */
async function announceRevoked(db: Executor, kind: SubjectKind, rows: { token_hash: string }[]) {
  await Promise.all(
    rows.map((row) => announceChange(db, SESSION_CHANGES, sessionCacheKey(kind, row.token_hash))),
  );
}

/**
 * Investor sessions live in `sessions` (owner `user_id`), staff sessions in `staff_sessions` (owner
 * `staff_id`); every other column is shared. The queries below name only shared columns and the owner
 * column, so one implementation serves both (typed as `sessions` for Kysely's sake).
 */
const TABLES = {
  user: { table: 'sessions', owner: 'user_id' },
  staff: { table: 'staff_sessions', owner: 'staff_id' },
} as const;
const tableOf = (kind: SubjectKind) => TABLES[kind].table as 'sessions';
const ownerOf = (kind: SubjectKind) => TABLES[kind].owner as 'user_id';

export interface NewSession {
  subjectId: bigint;
  tokenHash: string;
  deviceId: string | null;
  userAgent: string | null;
  ip: string | null;
  now: Date;
  expiresAt: Date;
}

export const insertSession = (db: Executor, kind: SubjectKind, values: NewSession) =>
  db
    .insertInto(tableOf(kind))
    .values({
      [ownerOf(kind)]: values.subjectId,
      token_hash: values.tokenHash,
      ...(kind === 'user' ? { device_id: values.deviceId } : {}),
      user_agent: values.userAgent,
      ip: values.ip,
      created_at: values.now,
      last_seen_at: values.now,
      expires_at: values.expiresAt,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();

export const findUnrevokedSession = (db: Executor, kind: SubjectKind, tokenHash: string) =>
  db
    .selectFrom(tableOf(kind))
    .select(['id', `${ownerOf(kind)} as subject_id`, 'expires_at', 'last_seen_at'])
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst() as Promise<
    { id: bigint; subject_id: bigint; expires_at: Date; last_seen_at: Date } | undefined
  >;

export const findSessionRevocation = (db: Executor, kind: SubjectKind, id: bigint) =>
  db.selectFrom(tableOf(kind)).select('revoked_at').where('id', '=', id).executeTakeFirst();

/** Why the session a token opened was ended, if it was revoked (null when it ended by time or never existed). */
export const findRevocationReason = async (db: Executor, kind: SubjectKind, tokenHash: string) =>
  (
    await db
      .selectFrom(tableOf(kind))
      .select('revoked_reason')
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is not', null)
      .executeTakeFirst()
  )?.revoked_reason ?? null;

/** Ends one unrevoked session of the subject; false when it is not theirs or already ended. */
export async function revokeOwnSession(
  db: Executor,
  kind: SubjectKind,
  subjectId: bigint,
  id: bigint,
  now: Date,
  reason: string,
): Promise<boolean> {
  const revoked = await db
    .updateTable(tableOf(kind))
    .set({ revoked_at: now, revoked_reason: reason })
    .where('id', '=', id)
    .where(ownerOf(kind), '=', subjectId)
    .where('revoked_at', 'is', null)
    .returning('token_hash')
    .execute();
  await announceRevoked(db, kind, revoked);
  return revoked.length > 0;
}

export const touchSession = (db: Executor, kind: SubjectKind, id: bigint, now: Date) =>
  db.updateTable(tableOf(kind)).set({ last_seen_at: now }).where('id', '=', id).execute();

export async function revokeSessions(
  db: Executor,
  kind: SubjectKind,
  subjectId: bigint,
  now: Date,
  reason: string,
  keepSessionId: bigint | null = null,
): Promise<number> {
  let query = db
    .updateTable(tableOf(kind))
    .set({ revoked_at: now, revoked_reason: reason })
    .where(ownerOf(kind), '=', subjectId)
    .where('revoked_at', 'is', null);
  if (keepSessionId !== null) query = query.where('id', '!=', keepSessionId);
  const revoked = await query.returning('token_hash').execute();
  await announceRevoked(db, kind, revoked);
  return revoked.length;
}

export async function revokeSession(db: Executor, kind: SubjectKind, id: bigint, now: Date, reason: string) {
  const revoked = await db
    .updateTable(tableOf(kind))
    .set({ revoked_at: now, revoked_reason: reason })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .returning('token_hash')
    .execute();
  await announceRevoked(db, kind, revoked);
}

/** Investor sessions neither revoked, past their absolute expiry, nor idle since before `idleSince`; newest first. */
export const listLiveUserSessions = (db: Executor, userId: bigint, now: Date, idleSince: Date) =>
  db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .where('last_seen_at', '>', idleSince)
    .orderBy('last_seen_at', 'desc')
    .execute();

export const listRecentUserSessions = (db: Executor, userId: bigint, limit: number) =>
  db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

export const findTrustedDevice = (db: Executor, kind: SubjectKind, subjectId: bigint, tokenHash: string) =>
  db
    .selectFrom('trusted_devices')
    .selectAll()
    .where('subject_kind', '=', kind)
    .where('subject_id', '=', subjectId)
    .where('token_hash', '=', tokenHash)
    .forUpdate()
    .executeTakeFirst();

export const insertTrustedDevice = (
  db: Executor,
  values: { kind: SubjectKind; subjectId: bigint; tokenHash: string; now: Date },
) =>
  db
    .insertInto('trusted_devices')
    .values({
      subject_kind: values.kind,
      subject_id: values.subjectId,
      token_hash: values.tokenHash,
      created_at: values.now,
      last_used_at: values.now,
    })
    .execute();

export const updateTrustedDevice = (
  db: Executor,
  id: bigint,
  values: { failed_logins?: number; locked_until?: Date | null; last_used_at?: Date },
) => db.updateTable('trusted_devices').set(values).where('id', '=', id).execute();

/** After a credential reset or when an account is disabled, no device keeps its exemption from the lock. */
export const forgetTrustedDevices = (db: Executor, kind: SubjectKind, subjectId: bigint) =>
  db
    .deleteFrom('trusted_devices')
    .where('subject_kind', '=', kind)
    .where('subject_id', '=', subjectId)
    .execute();

/** A second factor was verified on this investor session: sensitive actions are allowed until `until`. */
export const markSessionSteppedUp = (db: Executor, sessionId: bigint, until: Date) =>
  db.updateTable('sessions').set({ stepped_up_until: until }).where('id', '=', sessionId).execute();

export const findSessionStepUp = (db: Executor, sessionId: bigint) =>
  db.selectFrom('sessions').select('stepped_up_until').where('id', '=', sessionId).executeTakeFirst();
/** The failure counter of an account that does not exist, created at zero and locked for this transaction. */
export async function lockUnknownAccountCounter(db: Executor, account: string, now: Date) {
  await db
    .insertInto('unknown_account_login_failures')
    .values({ account, updated_at: now })
    .onConflict((conflict) => conflict.column('account').doNothing())
    .execute();
  return db
    .selectFrom('unknown_account_login_failures')
    .selectAll()
    .where('account', '=', account)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export const updateUnknownAccountCounter = (
  db: Executor,
  account: string,
  values: { failed_logins: number; locked_until?: Date | null; updated_at: Date },
) => db.updateTable('unknown_account_login_failures').set(values).where('account', '=', account).execute();
