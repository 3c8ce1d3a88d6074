import { normalizeMobile, type SessionResponse } from '@kabuto/contract';
import type { Lang } from '@kabuto/i18n';
import type { AppContext, ClientMeta } from '../../platform/context';
import { hashPassword, UNMATCHABLE_HASH, verifyPassword } from '../../platform/crypto';
import type { Executor } from '../../platform/db-types';
import { isUniqueViolation } from '../../platform/db-types';
import { fail, failure, success, type Outcome } from '../../platform/errors';
import {
  consumeInvitation,
  createReferralInvitation,
  lockUsableInvitation,
  newUniqueCode,
} from '../invitations';
import {
  findUserByMobile,
  insertUser,
  lockUserById,
  lockUserByMobile,
  updateUser,
  userInfoOf,
} from '../users';
import { revokeSessions } from './sessions.repository';
import { openSession } from './sessions.service';
import { consumeSmsCode, issueSmsCode } from './sms-codes.service';

export interface RegisterInput {
  mobile: string;
  password: string;
  inviteCode: string;
  smsCode: string;
}

async function sessionFor(
  ctx: AppContext,
  trx: Executor,
  userId: bigint,
  meta: ClientMeta,
): Promise<SessionResponse> {
  const { token } = await openSession(trx, ctx.clock, ctx.config, userId, meta);
  const user = await updateUser(trx, userId, { last_login_at: ctx.clock.now() });
  return { token, userId: userId.toString(), userInfo: await userInfoOf(trx, user) };
}

export async function requestSmsCode(
  ctx: AppContext,
  trx: Executor,
  input: { mobile: string; purpose: 'register' | 'reset_password' },
  lang: Lang,
) {
  const registered = (await findUserByMobile(trx, input.mobile)) !== undefined;
  if (input.purpose === 'register' && registered) return failure(fail('MOBILE_TAKEN', 409));
  // A reset code goes only to registered numbers, but the answer is the same either way, so the
  // endpoint cannot be used to find out who has an account.
  const deliver = input.purpose === 'register' || registered;
  return issueSmsCode(ctx, trx, input.mobile, input.purpose, lang, deliver);
}

/** Checks in the form's field order (number, invitation code, SMS code), then creates the account. */
export async function register(
  ctx: AppContext,
  trx: Executor,
  input: RegisterInput,
  meta: ClientMeta,
): Promise<Outcome<SessionResponse>> {
  if (await findUserByMobile(trx, input.mobile)) return failure(fail('MOBILE_TAKEN', 409));
  const invitation = await lockUsableInvitation(trx, input.inviteCode);
  if (!invitation) return failure(fail('INVITE_CODE_INVALID'));
  if (!(await consumeSmsCode(ctx, trx, input.mobile, 'register', input.smsCode))) {
    return failure(fail('SMS_CODE_INVALID'));
  }
  await consumeInvitation(trx, invitation.id);
  const referralCode = await newUniqueCode(trx);
  let userId: bigint;
  try {
    const user = await insertUser(trx, {
      mobile: input.mobile,
      password_hash: await hashPassword(input.password),
      invitation_code_id: invitation.id,
      referral_code: referralCode,
      created_at: ctx.clock.now(),
    });
    userId = user.id;
  } catch (error) {
    if (isUniqueViolation(error)) throw fail('MOBILE_TAKEN', 409);
    throw error;
  }
  await createReferralInvitation(trx, userId, referralCode);
  return success(await sessionFor(ctx, trx, userId, meta));
}

const minutesUntil = (until: Date, now: Date) =>
  Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));

/**
 * Password login. Wrong credentials get one message whichever part was wrong; LOGIN_MAX_FAILURES in a
 * row lock the account for LOGIN_LOCK_MINUTES. A frozen account is reported only to the right password.
 */
export async function login(
  ctx: AppContext,
  trx: Executor,
  input: { account: string; password: string },
  meta: ClientMeta,
): Promise<Outcome<SessionResponse>> {
  const now = ctx.clock.now();
  const mobile = normalizeMobile(input.account);
  const user = mobile === null ? undefined : await lockUserByMobile(trx, mobile);
  if (!user) {
    await verifyPassword(input.password, UNMATCHABLE_HASH);
    return failure(fail('INVALID_CREDENTIALS', 400));
  }
  if (user.locked_until !== null && new Date(user.locked_until) > now) {
    return failure(fail('ACCOUNT_LOCKED', 423, { minutes: minutesUntil(new Date(user.locked_until), now) }));
  }
  if (!(await verifyPassword(input.password, user.password_hash))) {
    const failures = user.failed_logins + 1;
    if (failures >= ctx.config.loginMaxFailures) {
      const lockedUntil = new Date(now.getTime() + ctx.config.loginLockMinutes * 60_000);
      await updateUser(trx, user.id, { failed_logins: 0, locked_until: lockedUntil });
      return failure(fail('ACCOUNT_LOCKED', 423, { minutes: ctx.config.loginLockMinutes }));
    }
    await updateUser(trx, user.id, { failed_logins: failures });
    return failure(fail('INVALID_CREDENTIALS', 400));
  }
  if (user.status === 'frozen') return failure(fail('ACCOUNT_FROZEN', 403));
  await updateUser(trx, user.id, { failed_logins: 0, locked_until: null });
  return success(await sessionFor(ctx, trx, user.id, meta));
}

export async function resetPassword(
  ctx: AppContext,
  trx: Executor,
  input: { mobile: string; smsCode: string; password: string },
): Promise<Outcome<Record<string, never>>> {
  if (!(await consumeSmsCode(ctx, trx, input.mobile, 'reset_password', input.smsCode))) {
    return failure(fail('SMS_CODE_INVALID'));
  }
  const user = await lockUserByMobile(trx, input.mobile);
  if (!user) return failure(fail('SMS_CODE_INVALID'));
  await updateUser(trx, user.id, {
    password_hash: await hashPassword(input.password),
    failed_logins: 0,
    locked_until: null,
  });
  await revokeSessions(trx, user.id, ctx.clock.now(), 'password_reset');
  return success({});
}

export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
}

/** Changes the login password; every other session of the user ends. */
export async function changeLoginPassword(
  ctx: AppContext,
  trx: Executor,
  userId: bigint,
  sessionId: bigint,
  input: PasswordChange,
): Promise<Outcome<{ revokedSessions: number }>> {
  const user = await lockUserById(trx, userId);
  if (!user || !(await verifyPassword(input.oldPassword, user.password_hash))) {
    return failure(fail('OLD_PASSWORD_WRONG'));
  }
  if (input.oldPassword === input.newPassword) return failure(fail('NEW_PASSWORD_SAME'));
  await updateUser(trx, userId, { password_hash: await hashPassword(input.newPassword) });
  const revoked = await revokeSessions(trx, userId, ctx.clock.now(), 'password_changed', sessionId);
  return success({ revokedSessions: revoked });
}

/**
 * Sets or changes the transaction password. The first time, the "old password" is the login password;
 * afterwards it is the current transaction password. Other sessions end either way.
 */
export async function changeTransactionPassword(
  ctx: AppContext,
  trx: Executor,
  userId: bigint,
  sessionId: bigint,
  input: PasswordChange,
): Promise<Outcome<{ revokedSessions: number }>> {
  const user = await lockUserById(trx, userId);
  const current = user?.transaction_password_hash ?? user?.password_hash;
  if (!user || !current || !(await verifyPassword(input.oldPassword, current))) {
    return failure(fail('OLD_PASSWORD_WRONG'));
  }
  if (user.transaction_password_hash !== null && input.oldPassword === input.newPassword) {
    return failure(fail('NEW_PASSWORD_SAME'));
  }
  await updateUser(trx, userId, { transaction_password_hash: await hashPassword(input.newPassword) });
  const revoked = await revokeSessions(
    trx,
    userId,
    ctx.clock.now(),
    'transaction_password_changed',
    sessionId,
  );
  return success({ revokedSessions: revoked });
}
