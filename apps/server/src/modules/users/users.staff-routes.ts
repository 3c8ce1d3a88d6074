import { api, maskMobile, roleCan } from '@kabuto/contract';
import type { AppContext } from '../../platform/context';
import { iso } from '../../platform/db';
import { fail } from '../../platform/errors';
import { route, type StaffActor } from '../../platform/routes';
import { describeDevice } from '../../platform/user-agent';
import { recordAudit } from '../audit';
import { isSessionLive, listRecentUserSessions } from '../sessions';
import type { Executor } from '../../database';
import { findUserById, inviteCodeOf, searchUsers } from './users.repository';
import { setUserFrozen } from './users.service';
import type { UserRow } from './users.table';

/** Dealers and support work without the full number: they see 090****5678. */
export const mobileFor = (actor: Pick<StaffActor, 'role'>, mobile: string) =>
  roleCan(actor.role, 'users.read_mobile') ? mobile : maskMobile(mobile);

async function detailOf(db: Executor, actor: StaffActor, user: UserRow) {
  return {
    userId: user.id.toString(),
    mobile: mobileFor(actor, user.mobile),
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

export function userStaffRoutes(ctx: AppContext) {
  return [
    route(api.staffUsers.list, async ({ query, actor, meta }) => {
      const page = await searchUsers(ctx.db, {
        ...query,
        wholeMobileOnly: !roleCan(actor.role, 'users.read_mobile'),
      });
      // A list shows people's details just as a detail page does, so it is audited the same way.
      await recordAudit(ctx.db, {
        staffId: actor.staffId,
        action: 'user.list',
        targetKind: 'user_search',
        targetId: query.q || undefined,
        after: {
          page: query.page,
          pageSize: query.pageSize,
          shown: page.items.map((row) => row.id.toString()),
        },
        ip: meta.ip,
        at: ctx.clock.now(),
      });
      return {
        ...page,
        items: page.items.map((row) => ({
          userId: row.id.toString(),
          mobile: mobileFor(actor, row.mobile),
          status: row.status,
          kycStatus: row.kyc_status,
          creditScore: row.credit_score,
          inviteCode: row.invite_code,
          createdAt: iso(row.created_at) ?? '',
          lastLoginAt: iso(row.last_login_at),
        })),
      };
    }),

    route(api.staffUsers.detail, async ({ params, actor, meta }) => {
      const user = await findUserById(ctx.db, params.userId);
      if (!user) throw fail('USER_NOT_FOUND');
      const now = ctx.clock.now();
      const sessions = await listRecentUserSessions(ctx.db, user.id, 50);
      await recordAudit(ctx.db, {
        staffId: actor.staffId,
        action: 'user.view',
        targetKind: 'user',
        targetId: user.id.toString(),
        ip: meta.ip,
        at: now,
      });
      return {
        user: await detailOf(ctx.db, actor, user),
        sessions: sessions.map((s) => ({
          id: s.id.toString(),
          deviceId: s.device_id,
          userAgent: s.user_agent,
          deviceName: describeDevice(s.user_agent) || null,
          ip: s.ip,
          createdAt: iso(s.created_at) ?? '',
          lastSeenAt: iso(s.last_seen_at) ?? '',
          expiresAt: iso(s.expires_at) ?? '',
          active: isSessionLive(s, now, ctx.config.sessionIdleSeconds),
        })),
      };
    }),

    route(api.staffUsers.freeze, async ({ params, body, actor, meta }) => {
      const user = await setUserFrozen(ctx, actor, params.userId, true, body.reason, meta.ip);
      return detailOf(ctx.db, actor, user);
    }),
    route(api.staffUsers.unfreeze, async ({ params, body, actor, meta }) => {
      const user = await setUserFrozen(ctx, actor, params.userId, false, body.reason, meta.ip);
      return detailOf(ctx.db, actor, user);
    }),
  ];
}
