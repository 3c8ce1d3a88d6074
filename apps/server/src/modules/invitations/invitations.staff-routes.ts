import { api } from '@kabuto/contract';
import type { AppContext } from '../../platform/context';
import { route } from '../../platform/routes';
import { recordAudit } from '../audit';
import { disableInvitation, insertStaffInvitation, listInvitations } from './invitations.repository';

export function invitationStaffRoutes(ctx: AppContext) {
  return [
    route(api.staffInvitations.list, async ({ query }) => listInvitations(ctx.db, query)),

    route(api.staffInvitations.create, async ({ body, actor, meta }) => {
      const now = ctx.clock.now();
      return ctx.transact(async (tx) => {
        const code = await insertStaffInvitation(tx.db, { ...body, staffId: actor.staffId, now });
        await recordAudit(tx.db, {
          staffId: actor.staffId,
          action: 'invitation.create',
          targetKind: 'invitation_code',
          targetId: code.id,
          after: code,
          ip: meta.ip,
          at: now,
        });
        return code;
      });
    }),

    route(api.staffInvitations.disable, async ({ params, body, actor, meta }) => {
      const now = ctx.clock.now();
      return ctx.transact(async (tx) => {
        const { before, after } = await disableInvitation(tx.db, params.id, body.reason, now);
        await recordAudit(tx.db, {
          staffId: actor.staffId,
          action: 'invitation.disable',
          targetKind: 'invitation_code',
          targetId: after.id,
          reason: body.reason,
          before,
          after,
          ip: meta.ip,
          at: now,
        });
        return after;
      });
    }),
  ];
}
