import {
  auditEntry,
  auditQuery,
  createInvitationRequest,
  devSmsItem,
  idParams,
  invitationCode,
  paged,
  pageQuery,
  reasonRequest,
  smsOutboxQuery,
  staffLoginRequest,
  staffProfile,
  staffSessionResponse,
  staffUserDetail,
  staffUserQuery,
  staffUserSummary,
  userIdParams,
} from '@kabuto/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { unwrap } from '../../platform/errors';
import { authRateLimit, emptyData, envelope, ok } from '../../platform/http';
import { listOutbox } from '../../platform/sms';
import { clientMeta } from '../auth';
import { createStaffInvitation, disableInvitation, listInvitations } from '../invitations';
import { listAudit, recordAudit } from './audit';
import { requireStaff, staffOf } from './guard';
import { profileOf, staffLogin } from './staff-auth.service';
import { listUsers, setFrozen, userDetail } from './staff-users.service';

export function staffRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const tags = ['staff'];
  const rateLimited = authRateLimit(ctx.config);
  return async (app) => {
    app.post(
      '/api/staff/auth/login',
      {
        config: rateLimited,
        schema: {
          tags,
          summary: 'Staff login with password and TOTP',
          body: staffLoginRequest,
          response: { 200: envelope(staffSessionResponse) },
        },
      },
      async (request) => {
        const outcome = await ctx.db
          .transaction()
          .execute((trx) => staffLogin(ctx, trx, request.body, clientMeta(request)));
        return ok(request, unwrap(outcome));
      },
    );

    app.post(
      '/api/staff/auth/logout',
      {
        preHandler: requireStaff(ctx),
        schema: { tags, summary: 'End the staff session', response: { 200: envelope(emptyData) } },
      },
      async (request) => {
        const { staff, sessionId } = staffOf(request);
        const now = ctx.clock.now();
        await ctx.db.transaction().execute(async (trx) => {
          await trx
            .updateTable('staff_sessions')
            .set({ revoked_at: now, revoked_reason: 'logout' })
            .where('id', '=', sessionId)
            .execute();
          await recordAudit(trx, { staffId: staff.id, action: 'staff.logout', ip: request.ip, at: now });
        });
        return ok(request, {});
      },
    );

    app.get(
      '/api/staff/me',
      {
        preHandler: requireStaff(ctx),
        schema: { tags, summary: 'The signed-in staff member', response: { 200: envelope(staffProfile) } },
      },
      async (request) => ok(request, profileOf(staffOf(request).staff)),
    );

    app.get(
      '/api/staff/users',
      {
        preHandler: requireStaff(ctx, 'users.read'),
        schema: {
          tags,
          summary: 'Search users',
          querystring: staffUserQuery,
          response: { 200: envelope(paged(staffUserSummary)) },
        },
      },
      async (request) =>
        ok(request, await listUsers(ctx.db, request.query.q, request.query.page, request.query.pageSize)),
    );

    app.get(
      '/api/staff/users/:userId',
      {
        preHandler: requireStaff(ctx, 'users.read'),
        schema: {
          tags,
          summary: 'User detail with sessions (the view is audited)',
          params: userIdParams,
          response: { 200: envelope(staffUserDetail) },
        },
      },
      async (request) => {
        const detail = await userDetail(ctx, request.params.userId);
        await recordAudit(ctx.db, {
          staffId: staffOf(request).staff.id,
          action: 'user.view',
          targetKind: 'user',
          targetId: detail.user.userId,
          ip: request.ip,
          at: ctx.clock.now(),
        });
        return ok(request, detail);
      },
    );

    for (const frozen of [true, false]) {
      app.post(
        `/api/staff/users/:userId/${frozen ? 'freeze' : 'unfreeze'}`,
        {
          preHandler: requireStaff(ctx, 'users.freeze'),
          schema: {
            tags,
            summary: frozen ? 'Freeze a user (ends their sessions)' : 'Unfreeze a user',
            params: userIdParams,
            body: reasonRequest,
            response: { 200: envelope(staffUserDetail.shape.user) },
          },
        },
        async (request) => {
          const staffId = staffOf(request).staff.id;
          const user = await ctx.db.transaction().execute((trx) =>
            setFrozen(ctx, trx, {
              userId: request.params.userId,
              frozen,
              reason: request.body.reason,
              staffId,
              ip: request.ip,
            }),
          );
          return ok(request, user);
        },
      );
    }

    app.get(
      '/api/staff/invitation-codes',
      {
        preHandler: requireStaff(ctx, 'invites.read'),
        schema: {
          tags,
          summary: 'Invitation codes issued by staff',
          querystring: pageQuery,
          response: { 200: envelope(paged(invitationCode)) },
        },
      },
      async (request) =>
        ok(request, await listInvitations(ctx.db, request.query.page, request.query.pageSize)),
    );

    app.post(
      '/api/staff/invitation-codes',
      {
        preHandler: requireStaff(ctx, 'invites.write'),
        schema: {
          tags,
          summary: 'Create an invitation code',
          body: createInvitationRequest,
          response: { 200: envelope(invitationCode) },
        },
      },
      async (request) => {
        const staffId = staffOf(request).staff.id;
        const now = ctx.clock.now();
        const created = await ctx.db.transaction().execute(async (trx) => {
          const code = await createStaffInvitation(trx, { ...request.body, staffId, now });
          await recordAudit(trx, {
            staffId,
            action: 'invitation.create',
            targetKind: 'invitation_code',
            targetId: code.id,
            after: code,
            ip: request.ip,
            at: now,
          });
          return code;
        });
        return ok(request, created);
      },
    );

    app.post(
      '/api/staff/invitation-codes/:id/disable',
      {
        preHandler: requireStaff(ctx, 'invites.write'),
        schema: {
          tags,
          summary: 'Disable an invitation code',
          params: idParams,
          body: reasonRequest,
          response: { 200: envelope(invitationCode) },
        },
      },
      async (request) => {
        const staffId = staffOf(request).staff.id;
        const now = ctx.clock.now();
        const result = await ctx.db.transaction().execute(async (trx) => {
          const { before, after } = await disableInvitation(trx, request.params.id, request.body.reason, now);
          await recordAudit(trx, {
            staffId,
            action: 'invitation.disable',
            targetKind: 'invitation_code',
            targetId: after.id,
            reason: request.body.reason,
            before,
            after,
            ip: request.ip,
            at: now,
          });
          return after;
        });
        return ok(request, result);
      },
    );

    app.get(
      '/api/staff/audit-log',
      {
        preHandler: requireStaff(ctx, 'audit.read'),
        schema: {
          tags,
          summary: 'The append-only audit log',
          querystring: auditQuery,
          response: { 200: envelope(paged(auditEntry)) },
        },
      },
      async (request) => ok(request, await listAudit(ctx.db, request.query)),
    );

    app.get(
      '/api/staff/sms-outbox',
      {
        preHandler: requireStaff(ctx, 'sms.read'),
        schema: {
          tags,
          summary: 'Messages of the dev SMS outbox',
          querystring: smsOutboxQuery,
          response: { 200: envelope(paged(devSmsItem)) },
        },
      },
      async (request) => {
        // Reading codes can hand over an account, so every look is audited with its filter.
        await recordAudit(ctx.db, {
          staffId: staffOf(request).staff.id,
          action: 'sms_outbox.view',
          targetKind: request.query.mobile ? 'mobile' : undefined,
          targetId: request.query.mobile,
          ip: request.ip,
          at: ctx.clock.now(),
        });
        return ok(request, await listOutbox(ctx.db, request.query));
      },
    );
  };
}
