import { api, senToDecimal } from '@kabuto/contract';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import { route } from '../../platform/routes';
import { findUserById } from '../users';
import {
  adjustmentView,
  approveAdjustment,
  rejectAdjustment,
  requestAdjustment,
} from './adjustments.service';
import { adjustmentsPage, checkLedger } from './ledger.repository';
import { balancesOf } from './ledger.service';
import { balancesView, entriesPage } from './ledger.view';

async function existingUser(ctx: AppContext, userId: bigint) {
  if (!(await findUserById(ctx.db, userId))) throw fail('USER_NOT_FOUND');
  return userId;
}

export function ledgerStaffRoutes(ctx: AppContext) {
  return [
    route(api.staffLedger.userBalances, async ({ params }) =>
      balancesView(await balancesOf(ctx.db, await existingUser(ctx, params.userId))),
    ),
    route(api.staffLedger.userEntries, async ({ params, query }) =>
      entriesPage(ctx.db, await existingUser(ctx, params.userId), query),
    ),
    route(api.staffLedger.verify, async () => {
      const check = await checkLedger(ctx.db);
      return {
        ...check,
        postingsTotal: senToDecimal(check.postingsTotal),
        balanced:
          check.postingsTotal === 0n &&
          check.unbalancedEntries === 0 &&
          check.mismatchedBalances === 0 &&
          check.negativeUserBalances === 0,
      };
    }),
    route(api.staffLedger.adjustments, async ({ query }) => {
      const page = await adjustmentsPage(ctx.db, query);
      return { ...page, items: page.items.map(adjustmentView) };
    }),
    route(api.staffLedger.requestAdjustment, async ({ actor, body, meta }) =>
      adjustmentView(await requestAdjustment(ctx, actor, body, meta.ip)),
    ),
    route(api.staffLedger.approveAdjustment, async ({ actor, params, idempotencyKey, meta }) =>
      adjustmentView(await approveAdjustment(ctx, actor, params.id, idempotencyKey, meta.ip)),
    ),
    route(api.staffLedger.rejectAdjustment, async ({ actor, params, body, meta }) =>
      adjustmentView(await rejectAdjustment(ctx, actor, params.id, body.reason, meta.ip)),
    ),
  ];
}
