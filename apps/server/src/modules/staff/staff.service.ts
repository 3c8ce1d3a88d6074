import { ROLE_PERMISSIONS, type StaffMember, type StaffProfile } from '@kabuto/contract';
import type { AppContext, ClientMeta } from '../../platform/context';
import { newToken, UNMATCHABLE_HASH, verifyPassword } from '../../platform/crypto';
import { iso } from '../../platform/db';
import { fail, FailAfterCommit } from '../../platform/errors';
import type { StaffActor } from '../../platform/routes';
import { checkTotp, newTotpSecret } from '../../platform/totp';
import type { Tx } from '../../platform/unit-of-work';
import { recordAudit } from '../audit';
import {
  AFTER_SUCCESS,
  authenticateSession,
  countFailedLogin,
  loginGate,
  openSession,
  trustDevice,
} from '../sessions';
import { findStaffById, findStaffByUsername, lockStaffByUsername, updateStaff } from './staff.repository';
import type { StaffRow } from './staff.table';

const ISSUER = 'Kabuto back office';

export function profileOf(staff: StaffRow): StaffProfile {
  return {
    id: staff.id.toString(),
    username: staff.username,
    displayName: staff.display_name,
    displayNameKey: staff.display_name_key,
    role: staff.role,
    permissions: [...ROLE_PERMISSIONS[staff.role]],
  };
}

export function memberOf(staff: StaffRow, countsAs: StaffMember['countsAs'] = null): StaffMember {
  return {
    id: staff.id.toString(),
    username: staff.username,
    displayName: staff.display_name,
    displayNameKey: staff.display_name_key,
    role: staff.role,
    disabled: staff.disabled,
    lockedUntil: iso(staff.locked_until),
    createdAt: iso(staff.created_at) ?? '',
    lastLoginAt: iso(staff.last_login_at),
    countsAs,
  };
}

/** A fresh authenticator secret and its otpauth:// URI for the member's app. */
export const newAuthenticator = (username: string) => newTotpSecret(ISSUER, username);

/** What the password check outside the transaction found (scrypt never runs inside one). */
export interface StaffCredentialCheck {
  username: string;
  /** The hash the password was checked against; a different one in the transaction means a race. */
  passwordHash: string | null;
  passwordOk: boolean;
}

export async function checkStaffCredentials(
  ctx: AppContext,
  input: { username: string; password: string },
): Promise<StaffCredentialCheck> {
  const username = input.username.trim().toLowerCase();
  const staff = await findStaffByUsername(ctx.db, username);
  const passwordOk = await verifyPassword(input.password, staff?.password_hash ?? UNMATCHABLE_HASH);
  return {
    username,
    passwordHash: staff?.password_hash ?? null,
    passwordOk: staff !== undefined && passwordOk,
  };
}

/**
 * Staff login: password and a TOTP code, each code accepted once. Both are checked before the lock, and
 * a locked gate answers the same whatever was typed. The gate is the device's own when it presents a
 * device token this member earned before, else the account's, so guesses from elsewhere never lock a
 * member out of their own machine. Every attempt is audited under the normalised username.
 */
export async function staffLogin(
  ctx: AppContext,
  tx: Tx,
  check: StaffCredentialCheck,
  input: { totp: string; deviceToken?: string | undefined },
  meta: ClientMeta,
) {
  const now = ctx.clock.now();
  const staff = await lockStaffByUsername(tx.db, check.username);
  const audit = (action: 'staff.login' | 'staff.login_failed', reason: string | null) =>
    recordAudit(tx.db, {
      staffId: staff?.id ?? null,
      action,
      targetKind: 'staff',
      targetId: check.username,
      reason,
      ip: meta.ip,
      at: now,
    });
  const invalid = fail('STAFF_INVALID_CREDENTIALS');

  if (!staff || staff.disabled || staff.password_hash !== check.passwordHash) {
    await audit('staff.login_failed', staff?.disabled ? 'disabled' : 'unknown');
    throw new FailAfterCommit(invalid);
  }
  const totp = check.passwordOk ? checkTotp(staff.totp_secret, input.totp, now, staff.last_totp_step) : null;
  const gate = await loginGate(tx.db, 'staff', staff.id, staff, input.deviceToken, now);
  if (gate.lockedMinutes !== null) {
    await audit('staff.login_failed', 'locked');
    throw new FailAfterCommit(fail('ACCOUNT_LOCKED', { minutes: gate.lockedMinutes }));
  }
  if (!totp?.ok) {
    await audit(
      'staff.login_failed',
      !totp ? 'password' : totp.reason === 'replayed' ? 'totp_replayed' : 'totp',
    );
    throw await countFailedLogin(
      tx.db,
      gate,
      staff,
      (values) => updateStaff(tx.db, staff.id, values),
      invalid,
      now,
      ctx.config,
    );
  }
  await updateStaff(tx.db, staff.id, {
    ...(gate.device ? {} : AFTER_SUCCESS),
    last_totp_step: totp.step,
    last_login_at: now,
  });
  const { token } = await openSession(tx.db, 'staff', staff.id, meta, now, ctx.config.staffSessionTtlSeconds);
  const deviceToken = await trustDevice(tx.db, 'staff', staff.id, gate, input.deviceToken, now);
  await audit('staff.login', null);
  return { token, deviceToken, staff: profileOf(staff) };
}

export type AuthenticatedStaff = StaffActor & { can(permission: string): boolean };

export async function authenticateStaff(ctx: AppContext, token: string): Promise<AuthenticatedStaff | null> {
  const session = await authenticateSession(ctx, 'staff', token, ctx.config.staffSessionIdleSeconds);
  if (!session) return null;
  const staff = await findStaffById(ctx.db, session.subjectId);
  if (!staff || staff.disabled) return null;
  const permissions: readonly string[] = ROLE_PERMISSIONS[staff.role];
  return {
    staffId: staff.id,
    sessionId: session.sessionId,
    username: staff.username,
    role: staff.role,
    can: (permission) => permissions.includes(permission),
  };
}

/** A random temporary password for a new or reset member (base64url, 128 bits). */
export const temporaryPassword = () => newToken().slice(0, 22);
