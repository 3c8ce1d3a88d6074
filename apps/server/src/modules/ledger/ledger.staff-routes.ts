import { api, senToDecimal } from '@kabuto/contract';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import { route, type StaffActor } from '../../platform/routes';
import { recordAudit, recordListView } from '../audit';
import { findUserById } from '../users';
import {
  adjustmentView,
  approveAdjustment,
  rejectAdjustment,
  requestAdjustment,
} from './adjustments.service';
import { adjustmentsPage, checkLedger } from './ledger.repository';
import { balancesOf } from './ledger.service';
import { balancesView, entriesPage, type TradesOfReferences } from './ledger.view';

/** A look at someone's money is audited like a look at their profile. */
async function viewedUser(
  ctx: AppContext,
  actor: StaffActor,
  userId: bigint,
  ip: string | null,
  what: object,
) {
  if (!(await findUserById(ctx.db, userId))) throw fail('USER_NOT_FOUND');
  await recordAudit(ctx.db, {
    staffId: actor.staffId,
    action: 'user.ledger_view',
    targetKind: 'user',
    targetId: userId.toString(),
    after: what,
    ip,
    at: ctx.clock.now(),
  });
  return userId;
}

export function ledgerStaffRoutes(ctx: AppContext, tradesOf: TradesOfReferences) {
  return [
    route(api.staffLedger.userBalances, async ({ params, actor, meta }) =>
      balancesView(
        await balancesOf(ctx.db, await viewedUser(ctx, actor, params.userId, meta.ip, { balances: true })),
      ),
    ),
    route(api.staffLedger.userEntries, async ({ params, query, actor, meta }) =>
      entriesPage(
        ctx.db,
        await viewedUser(ctx, actor, params.userId, meta.ip, { entries: query }),
        query,
        tradesOf,
      ),
    ),
    route(api.staffLedger.verify, async ({ actor, meta }) => {
      const check = await checkLedger(ctx.db);
      const result = {
        ...check,
        postingsTotal: senToDecimal(check.postingsTotal),
        balanced:
          check.postingsTotal === 0n &&
          check.unbalancedEntries === 0 &&
          check.mismatchedBalances === 0 &&
          check.negativeUserBalances === 0,
      };
      // Who checked, when, and what they saw: a finding someone saw and kept quiet about is on the record.
      await recordAudit(ctx.db, {
        staffId: actor.staffId,
        action: 'ledger.verify',
        after: result,
        ip: meta.ip,
        at: ctx.clock.now(),
      });
      return result;
    }),
    route(api.staffLedger.adjustments, async ({ query, actor, meta }) => {
      const page = await adjustmentsPage(ctx.db, query);
      await recordListView(ctx, { actor, meta }, { action: 'adjustment.list', query, rows: page.items });
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
