import { api, senToDecimal, WITHDRAWAL_RULES } from '@kabuto/contract';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import { route, type InvestorActor } from '../../platform/routes';
import { bankAccountsOf } from '../funding';
import { tradingOf } from '../trading';
import { accountFigures, findUserCached, userInfoOf } from '../users';

/** The caller's own id; any other `user_id` is refused with the same answer whether it exists or not. */
function ownUserId(actor: InvestorActor, requested: string | undefined): bigint {
  if (requested !== undefined && requested.trim() !== actor.userId.toString()) throw fail('FORBIDDEN');
  return actor.userId;
}

/** The legacy client calls, exactly as the original client makes them. */
export function compatRoutes(ctx: AppContext) {
  return [
    route(api.legacy.userInfo, async ({ query, actor }) => {
      const user = await findUserCached(ctx, ownUserId(actor, query.user_id));
      if (!user) throw fail('SESSION_EXPIRED');
      return userInfoOf(ctx, user, tradingOf(ctx).unrealisedPnlOf(user.id));
    }),

    route(api.legacy.customerService, async () => ({ kefu_url: ctx.config.customerServiceUrl })),

    route(api.legacy.withdrawal, async ({ query, actor }) => {
      const userId = ownUserId(actor, query.user_id);
      const figures = await accountFigures(ctx, userId);
      return {
        money: senToDecimal(figures.available),
        min_amount: senToDecimal(WITHDRAWAL_RULES.minimumSen),
        fee: senToDecimal(WITHDRAWAL_RULES.feeSen),
        open_from: WITHDRAWAL_RULES.openFrom,
        open_until: WITHDRAWAL_RULES.openUntil,
        weekdays_only: true,
        credited_within_hours: WITHDRAWAL_RULES.creditedWithinHours,
        bank_accounts: (await bankAccountsOf(ctx.db, userId)).map((account) => ({
          id: account.id.toString(),
          bank_name: account.bank_name,
          account_last4: account.account_number.slice(-4),
        })),
      };
    }),
  ];
}
