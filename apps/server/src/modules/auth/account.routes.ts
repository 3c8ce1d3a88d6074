import { passwordChangeRequest, sessionItem } from '@kabuto/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { iso } from '../../platform/db-types';
import { unwrap } from '../../platform/errors';
import { envelope, ok } from '../../platform/http';
import { changeLoginPassword, changeTransactionPassword } from './auth.service';
import { principalOf, requireUser } from './guard';
import { listLiveSessions, revokeSessions } from './sessions.repository';

const revokedData = z.object({ revoked: z.number().int() });

export function accountRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const tags = ['account'];
  return async (app) => {
    app.addHook('preHandler', requireUser(ctx));

    app.post(
      '/api/account/password',
      {
        schema: {
          tags,
          summary: 'Change the login password (other sessions end)',
          body: passwordChangeRequest,
          response: { 200: envelope(revokedData) },
        },
      },
      async (request) => {
        const { userId, sessionId } = principalOf(request);
        const outcome = await ctx.db
          .transaction()
          .execute((trx) => changeLoginPassword(ctx, trx, userId, sessionId, request.body));
        return ok(request, { revoked: unwrap(outcome).revokedSessions });
      },
    );

    app.post(
      '/api/account/transaction-password',
      {
        schema: {
          tags,
          summary: 'Set or change the transaction password (other sessions end)',
          description:
            'The first time, oldPassword is the login password; afterwards the current transaction password.',
          body: passwordChangeRequest,
          response: { 200: envelope(revokedData) },
        },
      },
      async (request) => {
        const { userId, sessionId } = principalOf(request);
        const outcome = await ctx.db
          .transaction()
          .execute((trx) => changeTransactionPassword(ctx, trx, userId, sessionId, request.body));
        return ok(request, { revoked: unwrap(outcome).revokedSessions });
      },
    );

    app.get(
      '/api/account/sessions',
      {
        schema: {
          tags,
          summary: 'Signed-in devices',
          response: { 200: envelope(z.object({ items: z.array(sessionItem) })) },
        },
      },
      async (request) => {
        const { userId, sessionId } = principalOf(request);
        const rows = await listLiveSessions(ctx.db, userId, ctx.clock.now());
        return ok(request, {
          items: rows.map((row) => ({
            id: row.id.toString(),
            current: row.id === sessionId,
            deviceId: row.device_id,
            userAgent: row.user_agent,
            ip: row.ip,
            createdAt: iso(row.created_at) ?? '',
            lastSeenAt: iso(row.last_seen_at) ?? '',
          })),
        });
      },
    );

    app.post(
      '/api/account/sessions/revoke-others',
      { schema: { tags, summary: 'Log out every other device', response: { 200: envelope(revokedData) } } },
      async (request) => {
        const { userId, sessionId } = principalOf(request);
        const revoked = await revokeSessions(ctx.db, userId, ctx.clock.now(), 'revoked_by_user', sessionId);
        return ok(request, { revoked });
      },
    );
  };
}
