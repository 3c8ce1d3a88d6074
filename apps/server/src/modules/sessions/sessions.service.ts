import { REMAINING_ATTEMPTS_WARNING, type SessionEndReason } from '@kabuto/contract';
import type { Executor } from '../../database';
import type { AppContext, ClientMeta } from '../../platform/context';
import { newToken, sha256 } from '../../platform/crypto';
import { fail, FailAfterCommit, type AppError } from '../../platform/errors';
import { AFTER_SUCCESS, afterFailure, lockedMinutes, type Lockable, type LockPolicy } from './lockout';
import { sessionCache, sessionCacheKey } from './session-cache';
import { isSessionLive, needsTouch } from './session-rules';
import {
  findRevocationReason,
  findSessionRevocation,
  lockUnknownAccountCounter,
  updateUnknownAccountCounter,
  findTrustedDevice,
  findUnrevokedSession,
  insertSession,
  insertTrustedDevice,
  touchSession,
  updateTrustedDevice,
} from './sessions.repository';
import type { SubjectKind, TrustedDeviceRow } from './sessions.table';

export async function openSession(
  db: Executor,
  kind: SubjectKind,
  subjectId: bigint,
  meta: ClientMeta,
  now: Date,
  ttlSeconds: number,
): Promise<{ token: string; sessionId: bigint }> {
  const token = newToken();
  const row = await insertSession(db, kind, {
    subjectId,
    tokenHash: sha256(token),
    deviceId: meta.deviceId ?? null,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    ip: meta.ip,
    now,
    expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
  });
  return { token, sessionId: row.id };
}

/**
 * The session a token opens, if it is neither revoked, past its absolute expiry, nor idle too long. Read
 * through the session cache: only a live answer is taken from memory; a cached session that looks idle
 * or expired is read again, since another node may have seen it more recently. `touch: false` checks without
 * counting as activity (a push to an open connection is not the user doing something).
 */
export async function authenticateSession(
  ctx: Pick<AppContext, 'db' | 'bus' | 'clock' | 'config'>,
  kind: SubjectKind,
  token: string,
  idleSeconds: number,
  options: { touch: boolean } = { touch: true },
): Promise<{ subjectId: bigint; sessionId: bigint } | null> {
  const tokenHash = sha256(token);
  const key = sessionCacheKey(kind, tokenHash);
  const cache = sessionCache(ctx);
  const now = ctx.clock.now();
  let session = await cache.read(key, () => findUnrevokedSession(ctx.db, kind, tokenHash));
  if (session && !isSessionLive(session, now, idleSeconds)) {
    cache.forget(key);
    session = await findUnrevokedSession(ctx.db, kind, tokenHash);
    if (!session || !isSessionLive(session, now, idleSeconds)) return null;
  }
  if (!session) return null;
  if (options.touch && needsTouch(session, now)) {
    await touchSession(ctx.db, kind, session.id, now);
    cache.forget(key);
  }
  return { subjectId: session.subject_id, sessionId: session.id };
}

/**
 * Inside a transaction that changes something on the actor's behalf, after locking the subject's row:
 * the session the request came with must still be unrevoked. Authentication happened before the
 * transaction (and before any password hashing), so another device may have ended this session
 * meanwhile; every path that revokes a subject's sessions locks the same row, so this check is exact.
 */
export async function requireUnrevokedSession(db: Executor, kind: SubjectKind, sessionId: bigint) {
  const session = await findSessionRevocation(db, kind, sessionId);
  if (!session || session.revoked_at) throw fail('SESSION_EXPIRED');
}

/**
 * The lockout gate of one sign-in attempt (OWASP's device cookie). A device that signed in to this
 * account before presents its device token: its own failures count and lock only that device. Any
 * other attempt counts against, and is stopped by, the account's lock.
 */
export interface LoginGate {
  readonly device: TrustedDeviceRow | undefined;
  /** Minutes left of the lock that applies to this attempt, or null. */
  readonly lockedMinutes: number | null;
}

export async function loginGate(
  db: Executor,
  kind: SubjectKind,
  subjectId: bigint,
  account: Lockable,
  deviceToken: string | undefined,
  now: Date,
): Promise<LoginGate> {
  const device = deviceToken ? await findTrustedDevice(db, kind, subjectId, sha256(deviceToken)) : undefined;
  return { device, lockedMinutes: lockedMinutes(device ?? account, now) };
}

/**
 * Counts a wrong password against the gate (the device, or else the account through `updateAccount`) and
 * returns the failure to throw: it must commit, so the count survives.
 */
export async function countFailedLogin(
  db: Executor,
  gate: LoginGate,
  account: Lockable,
  updateAccount: (values: { failed_logins: number; locked_until?: Date }) => Promise<unknown>,
  wrong: AppError,
  now: Date,
  policy: LockPolicy,
): Promise<FailAfterCommit> {
  const { locked, ...values } = afterFailure(gate.device ?? account, now, policy);
  if (gate.device) await updateTrustedDevice(db, gate.device.id, values);
  else await updateAccount(values);
  return new FailAfterCommit(failureAfter(locked, values.failed_logins, wrong, policy));
}

/** The lock, or the wrong-password failure with the tries left once they are few (REMAINING_ATTEMPTS_WARNING). */
function failureAfter(locked: boolean, failures: number, wrong: AppError, policy: LockPolicy): AppError {
  if (locked) return fail('ACCOUNT_LOCKED', { minutes: policy.loginLockMinutes });
  const remainingAttempts = policy.loginMaxFailures - failures;
  if (remainingAttempts > REMAINING_ATTEMPTS_WARNING) return wrong;
  return fail(wrong.errorCode, { ...wrong.params, remainingAttempts });
}

/**
 * A sign-in attempt for an account that does not exist: counted and locked in its own table exactly as a
 * wrong password for a real account, so the answers are the same and do not tell which numbers are registered.
 * Returns the failure to throw (it must commit).
 */
export async function countUnknownAccountFailure(
  db: Executor,
  account: string,
  wrong: AppError,
  now: Date,
  policy: LockPolicy,
): Promise<AppError | FailAfterCommit> {
  const counter = await lockUnknownAccountCounter(db, account, now);
  const minutes = lockedMinutes(counter, now);
  if (minutes !== null) return fail('ACCOUNT_LOCKED', { minutes });
  const { locked, ...values } = afterFailure(counter, now, policy);
  await updateUnknownAccountCounter(db, account, { ...values, updated_at: now });
  return new FailAfterCommit(failureAfter(locked, values.failed_logins, wrong, policy));
}

const END_REASONS: Record<string, SessionEndReason> = {
  revoked_by_user: 'signed_out_elsewhere',
  password_changed: 'password_changed',
  transaction_password_changed: 'password_changed',
  password_reset: 'password_changed',
  frozen_by_staff: 'frozen',
};

/** Why the session of a token that no longer authenticates was ended, when it was ended on purpose elsewhere. */
export async function sessionEndReason(
  db: Executor,
  kind: SubjectKind,
  token: string,
): Promise<SessionEndReason | null> {
  const reason = await findRevocationReason(db, kind, sha256(token));
  return reason === null ? null : (END_REASONS[reason] ?? null);
}

/**
 * After a successful sign-in: the device's counter is cleared, or the device is trusted from now on.
 * Returns the device token for the client to keep.
 */
export async function trustDevice(
  db: Executor,
  kind: SubjectKind,
  subjectId: bigint,
  gate: LoginGate,
  presentedToken: string | undefined,
  now: Date,
): Promise<string> {
  if (gate.device && presentedToken) {
    await updateTrustedDevice(db, gate.device.id, { ...AFTER_SUCCESS, last_used_at: now });
    return presentedToken;
  }
  const token = newToken();
  await insertTrustedDevice(db, { kind, subjectId, tokenHash: sha256(token), now });
  return token;
}
