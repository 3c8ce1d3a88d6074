import { api } from '@kabuto/contract';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import { route } from '../../platform/routes';
import { recordAudit } from '../audit';
import { revokeSession } from '../sessions';
import { changeMember, changeOwnPassword, createMember } from './staff-members.service';
import { countsAsOf } from './custody';
import { findStaffById, listStaff } from './staff.repository';
import { checkStaffCredentials, memberOf, profileOf, staffLogin } from './staff.service';

export function staffStaffRoutes(ctx: AppContext) {
  return [
    route(api.staffAuth.login, async ({ body, meta }) => {
      const check = await checkStaffCredentials(ctx, body);
      return ctx.transact((tx) => staffLogin(ctx, tx, check, body, meta));
    }),

    route(api.staffAuth.logout, async ({ actor, meta }) => {
      const now = ctx.clock.now();
      return ctx.transact(async (tx) => {
        await revokeSession(tx.db, 'staff', actor.sessionId, now, 'logout');
        await recordAudit(tx.db, { staffId: actor.staffId, action: 'staff.logout', ip: meta.ip, at: now });
        return {};
      });
    }),

    route(api.staffAuth.me, async ({ actor }) => {
      const staff = await findStaffById(ctx.db, actor.staffId);
      if (!staff) throw fail('SESSION_EXPIRED');
      return profileOf(staff);
    }),

    route(api.staffAuth.changePassword, async ({ body, actor, meta }) =>
      changeOwnPassword(ctx, actor, body, meta.ip),
    ),

    route(api.staffMembers.list, async ({ query }) => {
      const page = await listStaff(ctx.db, query);
      const countsAs = await countsAsOf(
        ctx,
        ctx.db,
        page.items.map((row) => row.id),
      );
      return { ...page, items: page.items.map((row) => memberOf(row, countsAs.get(row.id))) };
    }),
    route(api.staffMembers.create, async ({ body, actor, meta }) => createMember(ctx, actor, body, meta.ip)),
    route(api.staffMembers.resetPassword, async ({ params, body, actor, meta }) =>
      changeMember(ctx, actor, { id: params.id, change: 'reset_password', reason: body.reason }, meta.ip),
    ),
    route(api.staffMembers.resetAuthenticator, async ({ params, body, actor, meta }) =>
      changeMember(
        ctx,
        actor,
        { id: params.id, change: 'reset_authenticator', reason: body.reason },
        meta.ip,
      ),
    ),
    route(
      api.staffMembers.disable,
      async ({ params, body, actor, meta }) =>
        (await changeMember(ctx, actor, { id: params.id, change: 'disable', reason: body.reason }, meta.ip))
          .member,
    ),
    route(
      api.staffMembers.enable,
      async ({ params, body, actor, meta }) =>
        (await changeMember(ctx, actor, { id: params.id, change: 'enable', reason: body.reason }, meta.ip))
          .member,
    ),
  ];
}
