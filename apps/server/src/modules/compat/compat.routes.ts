import {
  customerServiceLink,
  legacyUserQuery,
  senToDecimal,
  userInfo,
  WITHDRAWAL_RULES,
  withdrawalContext,
} from '@kabuto/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod as ZodPlugin } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import { envelope, ok } from '../../platform/http';
import { principalOf, requireUser } from '../auth';
import { accountFigures, findUserById, userInfoOf } from '../users';

/** The caller's own id; any other `user_id` is refused with the same answer whether it exists or not. */
function ownUserId(request: FastifyRequest, requested: string | undefined): bigint {
  const { userId } = principalOf(request);
  if (requested !== undefined && requested.trim() !== userId.toString()) throw fail('FORBIDDEN', 403);
  return userId;
}

/** The legacy client calls of SPEC.md section 7, exactly as the original client makes them. */
export function compatRoutes(ctx: AppContext): ZodPlugin {
  const tags = ['legacy'];
  return async (app) => {
    app.get(
      '/api/index/getUserInfo',
      {
        preHandler: requireUser(ctx),
        schema: {
          tags,
          summary: 'User info (legacy)',
          querystring: legacyUserQuery,
          response: { 200: envelope(userInfo) },
        },
      },
      async (request) => {
        const user = await findUserById(ctx.db, ownUserId(request, request.query.user_id));
        if (!user) throw fail('SESSION_EXPIRED', 401);
        return ok(request, await userInfoOf(ctx.db, user));
      },
    );

    app.get(
      '/api/index/getCzhiurl',
      {
        preHandler: requireUser(ctx),
        schema: {
          tags,
          summary: 'Deposit instructions / customer-service URL (legacy)',
          response: { 200: envelope(customerServiceLink) },
        },
      },
      async (request) => ok(request, { kefu_url: ctx.config.customerServiceUrl }),
    );

    app.get(
      '/api/index/withdrawal',
      {
        preHandler: requireUser(ctx),
        schema: {
          tags,
          summary: 'Withdrawal form context (legacy)',
          querystring: legacyUserQuery,
          response: { 200: envelope(withdrawalContext) },
        },
      },
      async (request) => {
        const userId = ownUserId(request, request.query.user_id);
        const figures = await accountFigures(ctx.db, userId);
        return ok(request, {
          money: senToDecimal(figures.available),
          min_amount: senToDecimal(WITHDRAWAL_RULES.minimumSen),
          fee: senToDecimal(WITHDRAWAL_RULES.feeSen),
          open_from: WITHDRAWAL_RULES.openFrom,
          open_until: WITHDRAWAL_RULES.openUntil,
          weekdays_only: true,
          credited_within_hours: WITHDRAWAL_RULES.creditedWithinHours,
          bank_accounts: [],
        });
      },
    );
  };
}
