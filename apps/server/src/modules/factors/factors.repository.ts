import type { Executor } from '../../database';
import type { ChallengePurpose, UserFactorsTable } from './factors.table';
import type { Insertable, Updateable } from 'kysely';

/** Verified factors of a user, oldest first (pending authenticator apps are not factors yet). */
export const listActiveFactors = (db: Executor, userId: bigint) =>
  db
    .selectFrom('user_factors')
    .selectAll()
    .where('user_id', '=', userId)
    .where('verified_at', 'is not', null)
    .orderBy('id')
    .execute();

export const findActiveFactor = (db: Executor, userId: bigint, id: bigint) =>
  db
    .selectFrom('user_factors')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('verified_at', 'is not', null)
    .executeTakeFirst();

export const findPendingTotp = (db: Executor, userId: bigint) =>
  db
    .selectFrom('user_factors')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', 'totp')
    .where('verified_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();

export const deletePendingTotps = (db: Executor, userId: bigint) =>
  db
    .deleteFrom('user_factors')
    .where('user_id', '=', userId)
    .where('kind', '=', 'totp')
    .where('verified_at', 'is', null)
    .execute();

export const insertFactor = (db: Executor, values: Insertable<UserFactorsTable>) =>
  db.insertInto('user_factors').values(values).returningAll().executeTakeFirstOrThrow();

export const updateFactor = (db: Executor, id: bigint, values: Updateable<UserFactorsTable>) =>
  db.updateTable('user_factors').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

export const deleteFactor = (db: Executor, id: bigint) =>
  db.deleteFrom('user_factors').where('id', '=', id).execute();

export const insertChallenge = (
  db: Executor,
  values: {
    purpose: ChallengePurpose;
    userId: bigint;
    sessionId: bigint | null;
    tokenHash: string | null;
    webauthnChallenge: string | null;
    now: Date;
    expiresAt: Date;
  },
) =>
  db
    .insertInto('factor_challenges')
    .values({
      purpose: values.purpose,
      user_id: values.userId,
      session_id: values.sessionId,
      token_hash: values.tokenHash,
      webauthn_challenge: values.webauthnChallenge,
      created_at: values.now,
      expires_at: values.expiresAt,
    })
    .execute();

/**
 * Takes the session's newest live challenge of a purpose, marking it used in the same statement, so a
 * challenge answers one verification at most.
 */
export const takeSessionChallenge = (db: Executor, sessionId: bigint, purpose: ChallengePurpose, now: Date) =>
  db
    .updateTable('factor_challenges')
    .set({ used_at: now })
    .where(
      'id',
      '=',
      db
        .selectFrom('factor_challenges')
        .select('id')
        .where('session_id', '=', sessionId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .orderBy('id', 'desc')
        .limit(1),
    )
    .returning('webauthn_challenge')
    .executeTakeFirst();

/** The pending second step of a login, locked while it is being answered. */
export const lockLoginChallenge = (db: Executor, tokenHash: string, now: Date) =>
  db
    .selectFrom('factor_challenges')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', 'login')
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .forUpdate()
    .executeTakeFirst();

export const updateChallenge = (db: Executor, id: bigint, values: { attempts?: number; used_at?: Date }) =>
  db.updateTable('factor_challenges').set(values).where('id', '=', id).execute();
