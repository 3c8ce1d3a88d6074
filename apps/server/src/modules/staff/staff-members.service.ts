import type { StaffCredentials, StaffRole } from '@kabuto/contract';
import type { AppContext } from '../../platform/context';
import { hashPassword, verifyPassword } from '../../platform/crypto';
import { isUniqueViolation } from '../../platform/db';
import { fail } from '../../platform/errors';
import type { StaffActor } from '../../platform/routes';
import { recordAudit } from '../audit';
import {
  countFailedLogin,
  forgetTrustedDevices,
  lockedMinutes,
  requireUnrevokedSession,
  revokeSessions,
} from '../sessions';
import {
  countEnabledAdmins,
  findStaffById,
  insertCredentialIssue,
  issuedPasswordHashes,
  releaseCredentialIssues,
  insertStaff,
  lockStaffById,
  updateStaff,
} from './staff.repository';
import type { Tx } from '../../platform/unit-of-work';
import type { StaffRow } from './staff.table';
import { countsAsOf } from './custody';
import { memberOf, newAuthenticator, temporaryPassword } from './staff.service';

/** The audit trail of member changes: never a password, hash or secret. */
const auditView = (staff: StaffRow) => {
  const { id, username, displayName, role, disabled } = memberOf(staff);
  return { id, username, displayName, role, disabled, disabledReason: staff.disabled_reason };
};

export async function createMember(
  ctx: AppContext,
  actor: StaffActor,
  input: { username: string; displayName: string; role: StaffRole },
  ip: string | null,
): Promise<StaffCredentials> {
  const password = temporaryPassword();
  const authenticator = newAuthenticator(input.username);
  const passwordHash = await hashPassword(password);
  const now = ctx.clock.now();
  return ctx.transact(async (tx) => {
    const current = await lockStaffById(tx.db, actor.staffId);
    if (!current || current.disabled || current.role !== 'admin') throw fail('SESSION_EXPIRED');
    await requireUnrevokedSession(tx.db, 'staff', actor.sessionId);
    let member: StaffRow;
    try {
      member = await insertStaff(tx.db, {
        username: input.username,
        display_name: input.displayName,
        role: input.role,
        password_hash: passwordHash,
        totp_secret: authenticator.secret,
        created_at: now,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw fail('STAFF_USERNAME_TAKEN');
      throw error;
    }
    await insertCredentialIssue(tx.db, { staffId: member.id, issuedBy: actor.staffId, passwordHash }, now);
    await recordAudit(tx.db, {
      staffId: actor.staffId,
      action: 'staff_member.create',
      targetKind: 'staff',
      targetId: member.username,
      after: auditView(member),
      ip,
      at: now,
    });
    const countsAs = await countsAsOf(ctx, tx.db, [member.id]);
    return {
      member: memberOf(member, countsAs.get(member.id)),
      temporaryPassword: password,
      totpSecret: authenticator.secret,
      otpauthUri: authenticator.uri,
    };
  });
}

type MemberChange = 'reset_password' | 'reset_authenticator' | 'disable' | 'enable';

/**
 * The acting admin, re-read under a row lock inside the change's transaction: an admin disabled a moment
 * ago (by another admin at the same time) can no longer act. Rows are locked in id order, so two admins
 * acting on each other cannot deadlock.
 */
async function lockActorAndTarget(tx: Tx, actor: StaffActor, targetId: bigint) {
  const [first, second] = actor.staffId < targetId ? [actor.staffId, targetId] : [targetId, actor.staffId];
  const rows = new Map<bigint, StaffRow | undefined>();
  rows.set(first, await lockStaffById(tx.db, first));
  rows.set(second, await lockStaffById(tx.db, second));
  const current = rows.get(actor.staffId);
  if (!current || current.disabled || current.role !== 'admin') throw fail('SESSION_EXPIRED');
  await requireUnrevokedSession(tx.db, 'staff', actor.sessionId);
  const target = rows.get(targetId);
  if (!target) throw fail('STAFF_NOT_FOUND');
  return target;
}

/**
 * Resets or switches a member on or off, with the reason in the audit log. Resets and disabling end every
 * session of the member; an admin cannot do any of this to themselves (another admin must).
 */
export async function changeMember(
  ctx: AppContext,
  actor: StaffActor,
  input: { id: bigint; change: MemberChange; reason: string },
  ip: string | null,
): Promise<StaffCredentials> {
  if (input.id === actor.staffId) throw fail('STAFF_SELF_ACTION');
  const target = await findStaffById(ctx.db, input.id);
  if (!target) throw fail('STAFF_NOT_FOUND');
  const password = input.change === 'reset_password' ? temporaryPassword() : null;
  const passwordHash = password === null ? null : await hashPassword(password);
  const authenticator = input.change === 'reset_authenticator' ? newAuthenticator(target.username) : null;
  const now = ctx.clock.now();
  return ctx.transact(async (tx) => {
    const before = await lockActorAndTarget(tx, actor, input.id);
    if (input.change === 'disable' && before.disabled) throw fail('STAFF_ALREADY_DISABLED');
    if (input.change === 'disable' && before.role === 'admin' && (await countEnabledAdmins(tx.db)) <= 1)
      throw fail('STAFF_SELF_ACTION');
    if (input.change === 'enable' && !before.disabled) throw fail('STAFF_NOT_DISABLED');
    const after = await updateStaff(tx.db, before.id, {
      ...(passwordHash ? { password_hash: passwordHash, failed_logins: 0, locked_until: null } : {}),
      ...(authenticator ? { totp_secret: authenticator.secret, last_totp_step: null } : {}),
      ...(input.change === 'disable' ? { disabled: true, disabled_reason: input.reason } : {}),
      ...(input.change === 'enable' ? { disabled: false, disabled_reason: null } : {}),
    });
    if (passwordHash || authenticator)
      await insertCredentialIssue(tx.db, { staffId: before.id, issuedBy: actor.staffId, passwordHash }, now);
    if (input.change !== 'enable') {
      await revokeSessions(tx.db, 'staff', before.id, now, `staff_${input.change}`);
      await forgetTrustedDevices(tx.db, 'staff', before.id);
    }
    await recordAudit(tx.db, {
      staffId: actor.staffId,
      action: `staff_member.${input.change}`,
      targetKind: 'staff',
      targetId: before.username,
      reason: input.reason,
      before: auditView(before),
      after: auditView(after),
      ip,
      at: now,
    });
    const countsAs = await countsAsOf(ctx, tx.db, [after.id]);
    return {
      member: memberOf(after, countsAs.get(after.id)),
      temporaryPassword: password,
      totpSecret: authenticator?.secret ?? null,
      otpauthUri: authenticator?.uri ?? null,
    };
  });
}

/**
 * A member changes their own password with the current one; a wrong current password counts towards
 * the lockout. Their other sessions end.
 */
export async function changeOwnPassword(
  ctx: AppContext,
  actor: StaffActor,
  input: { oldPassword: string; newPassword: string },
  ip: string | null,
): Promise<{ revoked: number }> {
  const staff = await findStaffById(ctx.db, actor.staffId);
  if (!staff) throw fail('SESSION_EXPIRED');
  // The current password is compared once, below, whether or not it was issued.
  const issued = (await issuedPasswordHashes(ctx.db, staff.id)).filter(
    (hash) => hash !== staff.password_hash,
  );
  const [oldOk, newHash, sameAsCurrent, ...sameAsIssued] = await Promise.all([
    verifyPassword(input.oldPassword, staff.password_hash),
    hashPassword(input.newPassword),
    // Compared as the hash compares them (NFKC), not as typed: a full-width copy is the same password.
    verifyPassword(input.newPassword, staff.password_hash),
    ...issued.map((hash) => verifyPassword(input.newPassword, hash)),
  ]);
  const now = ctx.clock.now();
  return ctx.transact(async (tx) => {
    const current = await lockStaffById(tx.db, actor.staffId);
    if (!current || current.disabled) throw fail('SESSION_EXPIRED');
    await requireUnrevokedSession(tx.db, 'staff', actor.sessionId);
    const locked = lockedMinutes(current, now);
    if (locked !== null) throw fail('ACCOUNT_LOCKED', { minutes: locked });
    if (current.password_hash !== staff.password_hash) throw fail('OLD_PASSWORD_WRONG');
    if (!oldOk) {
      await recordAudit(tx.db, {
        staffId: actor.staffId,
        action: 'staff.password_change_failed',
        targetKind: 'staff',
        targetId: current.username,
        ip,
        at: now,
      });
      throw await countFailedLogin(
        tx.db,
        { device: undefined, lockedMinutes: null },
        current,
        (values) => updateStaff(tx.db, current.id, values),
        fail('OLD_PASSWORD_WRONG'),
        now,
        ctx.config,
      );
    }
    if (sameAsCurrent) throw fail('NEW_PASSWORD_SAME');
    // An issued password is one an admin knows: taking it back would end custody with the admin still able to
    // sign in (custody.ts).
    if (sameAsIssued.includes(true)) throw fail('STAFF_PASSWORD_WAS_ISSUED');
    await updateStaff(tx.db, current.id, { password_hash: newHash, failed_logins: 0 });
    // Only the member knows this password: whoever issued the one before can no longer sign in as it.
    await releaseCredentialIssues(tx.db, current.id, now);
    const revoked = await revokeSessions(
      tx.db,
      'staff',
      current.id,
      now,
      'password_changed',
      actor.sessionId,
    );
    await recordAudit(tx.db, {
      staffId: actor.staffId,
      action: 'staff.password_changed',
      targetKind: 'staff',
      targetId: current.username,
      ip,
      at: now,
    });
    return { revoked };
  });
}
