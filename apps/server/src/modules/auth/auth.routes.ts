import {
  loginRequest,
  registerRequest,
  resetPasswordRequest,
  sessionResponse,
  smsCodeRequest,
  smsCodeResponse,
} from '@kabuto/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { unwrap } from '../../platform/errors';
import { authRateLimit, emptyData, envelope, ok } from '../../platform/http';
import { hashPassword } from '../../platform/crypto';
import { checkCredentials, login, register, requestSmsCode, resetPassword } from './auth.service';
import { clientMeta, principalOf, requireUser } from './guard';
import { revokeSession } from './sessions.repository';

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const rateLimited = authRateLimit(ctx.config);
  const tags = ['auth'];
  return async (app) => {
    app.post(
      '/api/auth/sms-code',
      {
        config: rateLimited,
        schema: {
          tags,
          summary: 'Send a one-time SMS code',
          body: smsCodeRequest,
          response: { 200: envelope(smsCodeResponse) },
        },
      },
      async (request) => {
        const outcome = await ctx.db
          .transaction()
          .execute((trx) => requestSmsCode(ctx, trx, request.body, request.lang));
        return ok(request, unwrap(outcome));
      },
    );

    app.post(
      '/api/auth/register',
      {
        config: rateLimited,
        schema: {
          tags,
          summary: 'Register with an invitation code and SMS code',
          body: registerRequest,
          response: { 200: envelope(sessionResponse) },
        },
      },
      async (request) => {
        const { deviceId, mobile, password, inviteCode, smsCode } = request.body;
        const passwordHash = await hashPassword(password);
        const outcome = await ctx.db
          .transaction()
          .execute((trx) =>
            register(ctx, trx, { mobile, passwordHash, inviteCode, smsCode }, clientMeta(request, deviceId)),
          );
        return ok(request, unwrap(outcome));
      },
    );

    app.post(
      '/api/auth/login',
      {
        config: rateLimited,
        schema: {
          tags,
          summary: 'Log in with phone number and password',
          body: loginRequest,
          response: { 200: envelope(sessionResponse) },
        },
      },
      async (request) => {
        const { deviceId, ...input } = request.body;
        const check = await checkCredentials(ctx, input);
        const outcome = await ctx.db
          .transaction()
          .execute((trx) => login(ctx, trx, check, clientMeta(request, deviceId)));
        return ok(request, unwrap(outcome));
      },
    );

    app.post(
      '/api/auth/logout',
      {
        preHandler: requireUser(ctx),
        schema: { tags, summary: 'End the current session', response: { 200: envelope(emptyData) } },
      },
      async (request) => {
        await revokeSession(ctx.db, principalOf(request).sessionId, ctx.clock.now(), 'logout');
        return ok(request, {});
      },
    );

    app.post(
      '/api/auth/reset-password',
      {
        config: rateLimited,
        schema: {
          tags,
          summary: 'Reset a forgotten password with an SMS code',
          body: resetPasswordRequest,
          response: { 200: envelope(emptyData) },
        },
      },
      async (request) => {
        const { mobile, smsCode, password } = request.body;
        const passwordHash = await hashPassword(password);
        const outcome = await ctx.db
          .transaction()
          .execute((trx) => resetPassword(ctx, trx, { mobile, smsCode, passwordHash }));
        return ok(request, unwrap(outcome));
      },
    );
  };
}
