import { passwordChangeRequest, sessionItem } from '@kabuto/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { iso } from '../../platform/db-types';
import { idleCutoff } from '../../platform/session-rules';
import { unwrap } from '../../platform/errors';
import { authRateLimit, envelope, ok } from '../../platform/http';
import { hashPassword } from '../../platform/crypto';
import { changePassword, checkPasswordChange } from './auth.service';
import { principalOf, requireUser } from './guard';
import { listLiveSessions, revokeSessions } from './sessions.repository';

const revokedData = z.object({ revoked: z.number().int() });

export function accountRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const tags = ['account'];
  const rateLimited = authRateLimit(ctx.config);
  return async (app) => {
    app.addHook('preHandler', requireUser(ctx));

    const passwordRoutes = [
      {
        kind: 'login' as const,
        url: '/api/account/password',
        summary: 'Change the login password (other sessions end)',
        description: 'A wrong current password counts towards the login lockout.',
      },
      {
        kind: 'transaction' as const,
        url: '/api/account/transaction-password',
        summary: 'Set or change the transaction password (other sessions end)',
        description:
          'The first time, oldPassword is the login password; afterwards the current transaction password. It may not equal the login password. A wrong current password counts towards the login lockout.',
      },
    ];
    for (const route of passwordRoutes) {
      app.post(
        route.url,
        {
          config: rateLimited,
          schema: {
            tags,
            summary: route.summary,
            description: route.description,
            body: passwordChangeRequest,
            response: { 200: envelope(revokedData) },
          },
        },
        async (request) => {
          const { userId, sessionId } = principalOf(request);
          const check = await checkPasswordChange(ctx, userId, route.kind, request.body, hashPassword);
          const outcome = await ctx.db
            .transaction()
            .execute((trx) => changePassword(ctx, trx, userId, sessionId, check));
          return ok(request, { revoked: unwrap(outcome).revokedSessions });
        },
      );
    }

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
        const now = ctx.clock.now();
        const rows = await listLiveSessions(
          ctx.db,
          userId,
          now,
          idleCutoff(now, ctx.config.sessionIdleSeconds),
        );
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
