import { normalizeMobile, type SessionResponse } from '@kabuto/contract';
import type { Lang } from '@kabuto/i18n';
import type { AppContext, ClientMeta } from '../../platform/context';
import { UNMATCHABLE_HASH, verifyPassword } from '../../platform/crypto';
import type { Executor } from '../../platform/db-types';
import { isUniqueViolation } from '../../platform/db-types';
import { fail, failure, success, type AppError, type Outcome } from '../../platform/errors';
import {
  consumeInvitation,
  createReferralInvitation,
  findUsableInvitation,
  newUniqueCode,
} from '../invitations';
import {
  findUserById,
  findUserByMobile,
  insertUser,
  lockUserById,
  lockUserByMobile,
  updateUser,
  userInfoOf,
  type UserRow,
} from '../users';
import { revokeSessions } from './sessions.repository';
import { openSession } from './sessions.service';
import { consumeSmsCode, issueSmsCode } from './sms-codes.service';

// Password hashing (scrypt, ~27 ms) never runs inside a transaction: on the embedded database a
// transaction holds the whole database. Routes hash and verify first, then open the transaction, and
// the transaction re-checks what could have changed in between.

async function sessionFor(
  ctx: AppContext,
  trx: Executor,
  user: UserRow,
  meta: ClientMeta,
): Promise<SessionResponse> {
  const { token } = await openSession(trx, ctx.clock, ctx.config, user.id, meta);
  return { token, userId: user.id.toString(), userInfo: await userInfoOf(trx, user) };
}

const minutesUntil = (until: Date, now: Date) =>
  Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));

function lockedError(user: UserRow, now: Date): AppError | null {
  if (user.locked_until === null || new Date(user.locked_until) <= now) return null;
  return fail('ACCOUNT_LOCKED', 423, { minutes: minutesUntil(new Date(user.locked_until), now) });
}

/**
 * Counts a wrong password (login or a password change) on the locked user row; LOGIN_MAX_FAILURES in a
 * row lock the account for LOGIN_LOCK_MINUTES and end every session. Returns the error to report.
 */
async function countFailure(
  ctx: AppContext,
  trx: Executor,
  user: UserRow,
  wrong: AppError,
): Promise<AppError> {
  const now = ctx.clock.now();
  const failures = user.failed_logins + 1;
  if (failures < ctx.config.loginMaxFailures) {
    await updateUser(trx, user.id, { failed_logins: failures });
    return wrong;
  }
  await updateUser(trx, user.id, {
    failed_logins: 0,
    locked_until: new Date(now.getTime() + ctx.config.loginLockMinutes * 60_000),
  });
  await revokeSessions(trx, user.id, now, 'locked_after_failures');
  return fail('ACCOUNT_LOCKED', 423, { minutes: ctx.config.loginLockMinutes });
}

export async function requestSmsCode(
  ctx: AppContext,
  trx: Executor,
  input: { mobile: string; purpose: 'register' | 'reset_password' },
  lang: Lang,
) {
  const registered = (await findUserByMobile(trx, input.mobile)) !== undefined;
  // Registration has to say that a number is taken; a reset code goes only to registered numbers, with
  // the same answer either way.
  if (input.purpose === 'register' && registered) return failure(fail('MOBILE_TAKEN', 409));
  const deliver = input.purpose === 'register' || registered;
  return issueSmsCode(ctx, trx, input.mobile, input.purpose, lang, deliver);
}

export interface RegisterInput {
  mobile: string;
  passwordHash: string;
  inviteCode: string;
  smsCode: string;
}

/**
 * Checks in the form's field order (number, invitation code, SMS code), then creates the account. A
 * wrong SMS code is committed as an attempt; losing the last use of a code to a concurrent registration
 * rolls everything back, so the SMS code stays usable.
 */
export async function register(
  ctx: AppContext,
  trx: Executor,
  input: RegisterInput,
  meta: ClientMeta,
): Promise<Outcome<SessionResponse>> {
  if (await findUserByMobile(trx, input.mobile)) return failure(fail('MOBILE_TAKEN', 409));
  const invitation = await findUsableInvitation(trx, input.inviteCode);
  if (!invitation) return failure(fail('INVITE_CODE_INVALID'));
  if (!(await consumeSmsCode(ctx, trx, input.mobile, 'register', input.smsCode))) {
    return failure(fail('SMS_CODE_INVALID'));
  }
  if (!(await consumeInvitation(trx, invitation.id))) throw fail('INVITE_CODE_INVALID');
  const now = ctx.clock.now();
  let user: UserRow;
  try {
    user = await insertUser(trx, {
      mobile: input.mobile,
      password_hash: input.passwordHash,
      invitation_code_id: invitation.id,
      referral_code: await newUniqueCode(trx),
      created_at: now,
      last_login_at: now,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fail('MOBILE_TAKEN', 409);
    throw error;
  }
  await createReferralInvitation(trx, user.id, user.referral_code, now);
  return success(await sessionFor(ctx, trx, user, meta));
}

/** What the password check outside the transaction found. */
export interface CredentialCheck {
  user: UserRow | undefined;
  passwordOk: boolean;
}

export async function checkCredentials(
  ctx: AppContext,
  input: { account: string; password: string },
): Promise<CredentialCheck> {
  const mobile = normalizeMobile(input.account);
  const user = mobile === null ? undefined : await findUserByMobile(ctx.db, mobile);
  if (!user) {
    await verifyPassword(input.password, UNMATCHABLE_HASH);
    return { user: undefined, passwordOk: false };
  }
  if (lockedError(user, ctx.clock.now())) return { user, passwordOk: false };
  return { user, passwordOk: await verifyPassword(input.password, user.password_hash) };
}

/**
 * Completes a login on the locked user row. Wrong credentials get one message whichever part was
 * wrong; a frozen account is reported only to the right password.
 */
export async function login(
  ctx: AppContext,
  trx: Executor,
  check: CredentialCheck,
  meta: ClientMeta,
): Promise<Outcome<SessionResponse>> {
  const now = ctx.clock.now();
  const invalid = fail('INVALID_CREDENTIALS');
  if (!check.user) return failure(invalid);
  const user = await lockUserById(trx, check.user.id);
  if (!user) return failure(invalid);
  const locked = lockedError(user, now);
  if (locked) return failure(locked);
  if (user.password_hash !== check.user.password_hash) return failure(invalid); // changed meanwhile
  if (!check.passwordOk) return failure(await countFailure(ctx, trx, user, invalid));
  if (user.status === 'frozen') return failure(fail('ACCOUNT_FROZEN', 403));
  const updated = await updateUser(trx, user.id, {
    failed_logins: 0,
    locked_until: null,
    last_login_at: now,
  });
  return success(await sessionFor(ctx, trx, updated, meta));
}

export async function resetPassword(
  ctx: AppContext,
  trx: Executor,
  input: { mobile: string; smsCode: string; passwordHash: string },
): Promise<Outcome<Record<string, never>>> {
  if (!(await consumeSmsCode(ctx, trx, input.mobile, 'reset_password', input.smsCode))) {
    return failure(fail('SMS_CODE_INVALID'));
  }
  const user = await lockUserByMobile(trx, input.mobile);
  if (!user) return failure(fail('SMS_CODE_INVALID'));
  await updateUser(trx, user.id, { password_hash: input.passwordHash, failed_logins: 0, locked_until: null });
  await revokeSessions(trx, user.id, ctx.clock.now(), 'password_reset');
  return success({});
}

export type PasswordKind = 'login' | 'transaction';

/** What the checks outside the transaction found for a password change. */
export interface PasswordChangeCheck {
  kind: PasswordKind;
  /** The hash the old password was checked against; a different one in the transaction means a race. */
  checkedHash: string;
  oldOk: boolean;
  sameAsOld: boolean;
  sameAsLogin: boolean;
  newHash: string;
}

/**
 * The login password is confirmed with itself. The transaction password is confirmed with itself once
 * set; the first time, with the login password, and it may not equal the login password.
 */
export async function checkPasswordChange(
  ctx: AppContext,
  userId: bigint,
  kind: PasswordKind,
  input: { oldPassword: string; newPassword: string },
  hash: (password: string) => Promise<string>,
): Promise<PasswordChangeCheck> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw fail('SESSION_EXPIRED', 401);
  const checkedHash =
    kind === 'transaction' ? (user.transaction_password_hash ?? user.password_hash) : user.password_hash;
  const [oldOk, sameAsLogin, newHash] = await Promise.all([
    verifyPassword(input.oldPassword, checkedHash),
    kind === 'transaction' ? verifyPassword(input.newPassword, user.password_hash) : Promise.resolve(false),
    hash(input.newPassword),
  ]);
  return {
    kind,
    checkedHash,
    oldOk,
    sameAsOld: input.oldPassword === input.newPassword,
    sameAsLogin,
    newHash,
  };
}

/**
 * Applies a checked password change on the locked user row. A wrong old password counts towards the
 * lockout like a failed login. Every other session of the user ends.
 */
export async function changePassword(
  ctx: AppContext,
  trx: Executor,
  userId: bigint,
  sessionId: bigint,
  check: PasswordChangeCheck,
): Promise<Outcome<{ revokedSessions: number }>> {
  const user = await lockUserById(trx, userId);
  if (!user) return failure(fail('SESSION_EXPIRED', 401));
  const locked = lockedError(user, ctx.clock.now());
  if (locked) return failure(locked);
  const current =
    check.kind === 'transaction'
      ? (user.transaction_password_hash ?? user.password_hash)
      : user.password_hash;
  if (current !== check.checkedHash) return failure(fail('OLD_PASSWORD_WRONG'));
  if (!check.oldOk) return failure(await countFailure(ctx, trx, user, fail('OLD_PASSWORD_WRONG')));
  if (check.sameAsLogin) return failure(fail('TRANSACTION_PASSWORD_SAME_AS_LOGIN'));
  if (check.sameAsOld) return failure(fail('NEW_PASSWORD_SAME'));
  await updateUser(
    trx,
    userId,
    check.kind === 'login'
      ? { password_hash: check.newHash, failed_logins: 0 }
      : { transaction_password_hash: check.newHash, failed_logins: 0 },
  );
  const reason = check.kind === 'login' ? 'password_changed' : 'transaction_password_changed';
  const revoked = await revokeSessions(trx, userId, ctx.clock.now(), reason, sessionId);
  return success({ revokedSessions: revoked });
}
