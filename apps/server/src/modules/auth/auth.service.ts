import {
  normalizeMobile,
  type FactorProof,
  type LoginResponse,
  type SessionResponse,
  type SmsPurpose,
} from '@kabuto/contract';
import type { Lang } from '@kabuto/i18n';
import type { AppContext, ClientMeta } from '../../platform/context';
import { UNMATCHABLE_HASH, verifyPassword } from '../../platform/crypto';
import { isUniqueViolation } from '../../platform/db';
import { fail, type AppError } from '../../platform/errors';
import type { Tx } from '../../platform/unit-of-work';
import { describeDevice } from '../../platform/user-agent';
import {
  consumeInvitation,
  createReferralInvitation,
  findUsableInvitation,
  newUniqueCode,
} from '../invitations';
import { notify } from '../messaging';
import {
  AFTER_SUCCESS,
  countUnknownAccountFailure,
  forgetTrustedDevices,
  lockedMinutes,
  loginGate,
  openSession,
  revokeOwnSession,
  revokeSessions,
  requireUnrevokedSession,
  trustDevice,
  type LoginGate,
} from '../sessions';
import {
  answerLoginChallenge,
  loginChallengeUser,
  markSteppedUp,
  startLoginChallenge,
  wrongProof,
} from '../factors';
import { consumeSmsCode, issueSmsCode } from '../sms';
import { tradingOf } from '../trading';
import {
  countWrongAnswer,
  findUserById,
  findUserByMobile,
  insertUser,
  lockUserById,
  lockUserByMobile,
  updateUser,
  userInfoOf,
  type UserRow,
} from '../users';

// Password hashing (scrypt, ~27 ms) never runs inside a transaction: on the embedded database a
// transaction holds the whole database. Routes hash and verify first, then open the transaction, and
// the transaction re-checks what could have changed in between.

async function signIn(
  ctx: AppContext,
  tx: Tx,
  user: UserRow,
  gate: LoginGate | null,
  input: { deviceToken?: string | undefined },
  meta: ClientMeta,
  withSecondFactor = false,
): Promise<SessionResponse> {
  const now = ctx.clock.now();
  const { token, sessionId } = await openSession(
    tx.db,
    'user',
    user.id,
    meta,
    now,
    ctx.config.sessionTtlSeconds,
  );
  // The factor was just verified: sensitive actions need no second step-up for STEP_UP_TTL.
  if (withSecondFactor) await markSteppedUp(ctx, tx.db, sessionId);
  const deviceToken = await trustDevice(
    tx.db,
    'user',
    user.id,
    gate ?? { device: undefined, lockedMinutes: null },
    input.deviceToken,
    now,
  );
  // Read inside the transaction: on the embedded database a read through ctx.db would wait for this very
  // transaction to end.
  const userInfo = await userInfoOf({ ...ctx, db: tx.db }, user, tradingOf(ctx).unrealisedPnlOf(user.id));
  return { token, deviceToken, userId: user.id.toString(), userInfo };
}

export async function requestSmsCode(
  ctx: AppContext,
  tx: Tx,
  input: { mobile: string; purpose: SmsPurpose },
  lang: Lang,
) {
  const registered = (await findUserByMobile(tx.db, input.mobile)) !== undefined;
  // Registration has to say that a number is taken; a reset code goes only to registered numbers, with
  // the same answer either way.
  if (input.purpose === 'register' && registered) throw fail('MOBILE_TAKEN');
  const deliver = input.purpose === 'register' || registered;
  return issueSmsCode(ctx, tx, { ...input, lang, deliver });
}

export interface RegisterInput {
  mobile: string;
  passwordHash: string;
  inviteCode: string;
  smsCode: string;
  deviceToken?: string | undefined;
}

/**
 * Checks in the form's field order (number, invitation code, SMS code), then creates the account. A
 * wrong SMS code is committed as an attempt; losing the last use of a code to a concurrent registration
 * rolls everything back, so the SMS code stays usable.
 */
export async function register(ctx: AppContext, tx: Tx, input: RegisterInput, meta: ClientMeta) {
  if (await findUserByMobile(tx.db, input.mobile)) throw fail('MOBILE_TAKEN');
  const invitation = await findUsableInvitation(tx.db, input.inviteCode);
  if (!invitation) throw fail('INVITE_CODE_INVALID');
  await consumeSmsCode(ctx, tx, input.mobile, 'register', input.smsCode);
  if (!(await consumeInvitation(tx.db, invitation.id))) throw fail('INVITE_CODE_INVALID');
  const now = ctx.clock.now();
  let user: UserRow;
  try {
    user = await insertUser(tx.db, {
      mobile: input.mobile,
      password_hash: input.passwordHash,
      invitation_code_id: invitation.id,
      referral_code: await newUniqueCode(tx.db),
      created_at: now,
      last_login_at: now,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fail('MOBILE_TAKEN');
    throw error;
  }
  await createReferralInvitation(tx.db, user.id, user.referral_code, now);
  return signIn(ctx, tx, user, null, {}, meta);
}

/** What the password check outside the transaction found. */
export interface CredentialCheck {
  /** The account as typed, normalised to a mobile number where it is one: the key of an unknown account's counter. */
  account: string;
  user: UserRow | undefined;
  passwordOk: boolean;
}

/** Always verifies (also for unknown or locked accounts), so timing tells nothing. */
export async function checkCredentials(
  ctx: AppContext,
  input: { account: string; password: string },
): Promise<CredentialCheck> {
  const mobile = normalizeMobile(input.account);
  const user = mobile === null ? undefined : await findUserByMobile(ctx.db, mobile);
  const passwordOk = await verifyPassword(input.password, user?.password_hash ?? UNMATCHABLE_HASH);
  return { account: mobile ?? input.account.trim(), user, passwordOk: user !== undefined && passwordOk };
}

/**
 * Completes a login on the locked user row. The lock that applies is the device's when a known device
 * token is presented, else the account's; while it holds, every attempt gets the lock message, right
 * password or not. Wrong credentials get one message whichever part was wrong, and an account that does
 * not exist is counted and locked like one that does; a frozen account is reported only to the right
 * password. A user with a second factor gets a pending challenge instead of a session (`loginWithFactor`
 * completes it); the failure counter is cleared only then, so the right password cannot reset the count of
 * wrong factors.
 */
export async function login(
  ctx: AppContext,
  tx: Tx,
  check: CredentialCheck,
  input: { deviceToken?: string | undefined },
  meta: ClientMeta,
): Promise<LoginResponse> {
  const now = ctx.clock.now();
  const invalid = fail('INVALID_CREDENTIALS');
  if (!check.user) throw await countUnknownAccountFailure(tx.db, check.account, invalid, now, ctx.config);
  const user = await lockUserById(tx.db, check.user.id);
  if (!user) throw invalid;
  const gate = await loginGate(tx.db, 'user', user.id, user, input.deviceToken, now);
  if (gate.lockedMinutes !== null) throw fail('ACCOUNT_LOCKED', { minutes: gate.lockedMinutes });
  if (user.password_hash !== check.user.password_hash) throw invalid; // changed meanwhile
  if (!check.passwordOk) throw await countWrongPassword(ctx, tx, user, gate, invalid);
  if (user.status === 'frozen') throw fail('ACCOUNT_FROZEN');
  const challenge = await startLoginChallenge(ctx, tx, user.id);
  if (challenge) return challenge;
  const updated = await updateUser(tx.db, user.id, {
    ...(gate.device ? {} : AFTER_SUCCESS),
    last_login_at: now,
  });
  const session = await signIn(ctx, tx, updated, gate, input, meta);
  // No known device token: the first sign-in from this device (or since its devices were forgotten).
  if (!gate.device) {
    const device = describeDevice(meta.userAgent);
    await notify(
      tx.db,
      user.id,
      'new_device_login',
      { ...(device ? { device } : {}), at: now.toISOString(), ip: meta.ip ?? '—' },
      now,
    );
  }
  return session;
}

/**
 * The second step of a login: the pending challenge and a TOTP code or passkey assertion. The same lock
 * gate as the password applies, and a wrong factor counts towards it like a wrong password.
 */
export async function loginWithFactor(
  ctx: AppContext,
  tx: Tx,
  input: { challengeToken: string; proof: FactorProof; deviceToken?: string | undefined },
  meta: ClientMeta,
): Promise<SessionResponse> {
  const now = ctx.clock.now();
  const expired = fail('LOGIN_CHALLENGE_EXPIRED');
  const userId = await loginChallengeUser(ctx, tx, input.challengeToken);
  if (userId === null) throw expired;
  const user = await lockUserById(tx.db, userId);
  if (!user) throw expired;
  const gate = await loginGate(tx.db, 'user', user.id, user, input.deviceToken, now);
  if (gate.lockedMinutes !== null) throw fail('ACCOUNT_LOCKED', { minutes: gate.lockedMinutes });
  if (user.status === 'frozen') throw fail('ACCOUNT_FROZEN');
  const answer = await answerLoginChallenge(ctx, tx, input.challengeToken, input.proof);
  if (answer === 'expired') throw expired;
  if (answer === 'wrong') throw await countWrongPassword(ctx, tx, user, gate, wrongProof(input.proof));
  const updated = await updateUser(tx.db, user.id, {
    ...(gate.device ? {} : AFTER_SUCCESS),
    last_login_at: now,
  });
  return signIn(ctx, tx, updated, gate, input, meta, true);
}

const countWrongPassword = (ctx: AppContext, tx: Tx, user: UserRow, gate: LoginGate, wrong: AppError) =>
  countWrongAnswer(ctx, tx.db, user, wrong, gate);

/** A new login password by SMS code. It may not equal the transaction password; other sessions end. */
export async function resetPassword(
  ctx: AppContext,
  tx: Tx,
  input: {
    mobile: string;
    smsCode: string;
    passwordHash: string;
    sameAsTransaction: (hash: string) => Promise<boolean>;
  },
): Promise<Record<string, never>> {
  await consumeSmsCode(ctx, tx, input.mobile, 'reset_password', input.smsCode);
  const user = await lockUserByMobile(tx.db, input.mobile);
  if (!user) throw fail('SMS_CODE_INVALID');
  if (user.transaction_password_hash && (await input.sameAsTransaction(user.transaction_password_hash)))
    throw fail('LOGIN_PASSWORD_SAME_AS_TRANSACTION');
  await updateUser(tx.db, user.id, { password_hash: input.passwordHash, ...AFTER_SUCCESS });
  await revokeSessions(tx.db, 'user', user.id, ctx.clock.now(), 'password_reset');
  await forgetTrustedDevices(tx.db, 'user', user.id);
  return {};
}

export type PasswordKind = 'login' | 'transaction';

/** What the checks outside the transaction found for a password change. */
export interface PasswordChangeCheck {
  kind: PasswordKind;
  /** The hash the old password was checked against; a different one in the transaction means a race. */
  checkedHash: string;
  oldOk: boolean;
  sameAsOld: boolean;
  /** The new password equals the other password (login vs transaction), which is never allowed. */
  sameAsOther: boolean;
  newHash: string;
}

/**
 * The login password is confirmed with itself. The transaction password is confirmed with itself once
 * set; the first time, with the login password. The two may never be equal, whichever is changed.
 */
export async function checkPasswordChange(
  ctx: AppContext,
  userId: bigint,
  kind: PasswordKind,
  input: { oldPassword: string; newPassword: string },
  hash: (password: string) => Promise<string>,
): Promise<PasswordChangeCheck> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw fail('SESSION_EXPIRED');
  const checkedHash =
    kind === 'transaction' ? (user.transaction_password_hash ?? user.password_hash) : user.password_hash;
  const otherHash = kind === 'transaction' ? user.password_hash : user.transaction_password_hash;
  const [oldOk, sameAsOther, newHash] = await Promise.all([
    verifyPassword(input.oldPassword, checkedHash),
    otherHash ? verifyPassword(input.newPassword, otherHash) : Promise.resolve(false),
    hash(input.newPassword),
  ]);
  return {
    kind,
    checkedHash,
    oldOk,
    sameAsOld: input.oldPassword === input.newPassword,
    sameAsOther,
    newHash,
  };
}

/**
 * Applies a checked password change on the locked user row. A wrong old password counts towards the
 * lockout like a failed login. Every other session of the user ends.
 */
export async function changePassword(
  ctx: AppContext,
  tx: Tx,
  userId: bigint,
  sessionId: bigint,
  check: PasswordChangeCheck,
): Promise<{ revoked: number }> {
  const now = ctx.clock.now();
  const user = await lockUserById(tx.db, userId);
  if (!user) throw fail('SESSION_EXPIRED');
  await requireUnrevokedSession(tx.db, 'user', sessionId);
  const gate: LoginGate = { device: undefined, lockedMinutes: lockedMinutes(user, now) };
  if (gate.lockedMinutes !== null) throw fail('ACCOUNT_LOCKED', { minutes: gate.lockedMinutes });
  const current =
    check.kind === 'transaction'
      ? (user.transaction_password_hash ?? user.password_hash)
      : user.password_hash;
  if (current !== check.checkedHash) throw fail('OLD_PASSWORD_WRONG');
  if (!check.oldOk) throw await countWrongPassword(ctx, tx, user, gate, fail('OLD_PASSWORD_WRONG'));
  if (check.sameAsOther)
    throw fail(
      check.kind === 'transaction'
        ? 'TRANSACTION_PASSWORD_SAME_AS_LOGIN'
        : 'LOGIN_PASSWORD_SAME_AS_TRANSACTION',
    );
  if (check.sameAsOld) throw fail('NEW_PASSWORD_SAME');
  await updateUser(
    tx.db,
    userId,
    check.kind === 'login'
      ? { password_hash: check.newHash, failed_logins: 0 }
      : { transaction_password_hash: check.newHash, failed_logins: 0 },
  );
  const reason = check.kind === 'login' ? 'password_changed' : 'transaction_password_changed';
  return { revoked: await revokeSessions(tx.db, 'user', userId, now, reason, sessionId) };
}

/** Ends every other session of the user, unless this one has itself been ended meanwhile. */
export async function revokeOtherSessions(ctx: AppContext, userId: bigint, sessionId: bigint) {
  return ctx.transact(async (tx) => {
    if (!(await lockUserById(tx.db, userId))) throw fail('SESSION_EXPIRED');
    await requireUnrevokedSession(tx.db, 'user', sessionId);
    return revokeSessions(tx.db, 'user', userId, ctx.clock.now(), 'revoked_by_user', sessionId);
  });
}

/** Ends one other session of the user (a device in their list); their current one is refused. */
export async function revokeOneSession(
  ctx: AppContext,
  userId: bigint,
  sessionId: bigint,
  targetId: bigint,
): Promise<{ revoked: number }> {
  if (targetId === sessionId) throw fail('SESSION_IS_CURRENT');
  return ctx.transact(async (tx) => {
    if (!(await lockUserById(tx.db, userId))) throw fail('SESSION_EXPIRED');
    await requireUnrevokedSession(tx.db, 'user', sessionId);
    const revoked = await revokeOwnSession(
      tx.db,
      'user',
      userId,
      targetId,
      ctx.clock.now(),
      'revoked_by_user',
    );
    if (!revoked) throw fail('SESSION_NOT_FOUND');
    return { revoked: 1 };
  });
}
