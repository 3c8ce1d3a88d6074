import type { AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db-types';
import { isSessionLive } from '../../platform/session-rules';
import { iso } from '../../platform/db-types';
import { fail } from '../../platform/errors';
import { listRecentSessions, revokeSessions } from '../auth';
import { findUserById, inviteCodeOf, lockUserById, searchUsers, updateUser, type UserRow } from '../users';
import { recordAudit } from './audit';

async function detailOf(db: Executor, user: UserRow) {
  return {
    userId: user.id.toString(),
    mobile: user.mobile,
    status: user.status,
    kycStatus: user.kyc_status,
    creditScore: user.credit_score,
    inviteCode: await inviteCodeOf(db, user.invitation_code_id),
    createdAt: iso(user.created_at) ?? '',
    lastLoginAt: iso(user.last_login_at),
    frozenReason: user.frozen_reason,
    referralCode: user.referral_code,
    failedLogins: user.failed_logins,
    lockedUntil: iso(user.locked_until),
    hasTransactionPassword: user.transaction_password_hash !== null,
  };
}

export async function listUsers(db: Executor, q: string | undefined, page: number, pageSize: number) {
  const result = await searchUsers(db, { q, page, pageSize });
  return {
    ...result,
    items: result.items.map((row) => ({
      userId: row.id.toString(),
      mobile: row.mobile,
      status: row.status,
      kycStatus: row.kyc_status,
      creditScore: row.credit_score,
      inviteCode: row.invite_code,
      createdAt: iso(row.created_at) ?? '',
      lastLoginAt: iso(row.last_login_at),
    })),
  };
}

export async function userDetail(ctx: AppContext, userId: bigint) {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw fail('USER_NOT_FOUND', 404);
  const now = ctx.clock.now();
  const sessions = await listRecentSessions(ctx.db, userId, 50);
  return {
    user: await detailOf(ctx.db, user),
    sessions: sessions.map((s) => ({
      id: s.id.toString(),
      deviceId: s.device_id,
      userAgent: s.user_agent,
      ip: s.ip,
      createdAt: iso(s.created_at) ?? '',
      lastSeenAt: iso(s.last_seen_at) ?? '',
      expiresAt: iso(s.expires_at) ?? '',
      active: isSessionLive(s, now, ctx.config.sessionIdleSeconds),
    })),
  };
}

/** Freezing ends every session of the user at once; unfreezing lets them log in again. Both audited. */
export async function setFrozen(
  ctx: AppContext,
  trx: Executor,
  input: { userId: bigint; frozen: boolean; reason: string; staffId: bigint; ip: string | null },
) {
  const user = await lockUserById(trx, input.userId);
  if (!user) throw fail('USER_NOT_FOUND', 404);
  if (input.frozen && user.status === 'frozen') throw fail('ALREADY_FROZEN', 409);
  if (!input.frozen && user.status !== 'frozen') throw fail('NOT_FROZEN', 409);
  const now = ctx.clock.now();
  const updated = await updateUser(trx, user.id, {
    status: input.frozen ? 'frozen' : 'active',
    frozen_reason: input.frozen ? input.reason : null,
  });
  if (input.frozen) await revokeSessions(trx, user.id, now, 'frozen_by_staff');
  await recordAudit(trx, {
    staffId: input.staffId,
    action: input.frozen ? 'user.freeze' : 'user.unfreeze',
    targetKind: 'user',
    targetId: user.id.toString(),
    reason: input.reason,
    before: { status: user.status, frozenReason: user.frozen_reason },
    after: { status: updated.status, frozenReason: updated.frozen_reason },
    ip: input.ip,
    at: now,
  });
  return detailOf(trx, updated);
}
