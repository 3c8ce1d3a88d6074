import { api } from '@kabuto/contract';
import type { AppContext } from '../../platform/context';
import { route, type StaffActor } from '../../platform/routes';
import { recordListView } from '../audit';
import { mobileFor } from '../users';
import { creditUserDeposit, depositView, rejectDepositNotice } from './deposits.service';
import { staffNoticeView } from './deposits.view';
import { approvalsOf, noticesForStaff, withdrawalsForStaff, type WithdrawalView } from './funding.repository';
import { approveWithdrawal, rejectWithdrawal } from './withdrawals.service';
import { staffWithdrawalView } from './withdrawals.view';

async function staffWithdrawals(ctx: AppContext, actor: StaffActor, rows: WithdrawalView[]) {
  const approvals = await approvalsOf(
    ctx.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) =>
    staffWithdrawalView(
      row,
      mobileFor(actor, row.mobile),
      approvals.filter((a) => a.withdrawal_id === row.id).map((a) => a.staff_id.toString()),
    ),
  );
}

export function fundingStaffRoutes(ctx: AppContext) {
  return [
    route(api.staffFunding.depositNotices, async ({ actor, query, meta }) => {
      const page = await noticesForStaff(ctx.db, query);
      await recordListView(ctx, { actor, meta }, { action: 'deposit_notice.list', query, rows: page.items });
      return {
        ...page,
        items: page.items.map((notice) =>
          staffNoticeView({ ...notice, mobile: mobileFor(actor, notice.mobile) }),
        ),
      };
    }),
    route(api.staffFunding.creditDeposit, async ({ actor, body, idempotencyKey, meta }) =>
      depositView(await creditUserDeposit(ctx, actor, body, idempotencyKey, meta.ip)),
    ),
    route(api.staffFunding.rejectDepositNotice, async ({ actor, params, body, meta }) => {
      const notice = await rejectDepositNotice(ctx, actor, params.id, body.reason, meta.ip);
      return staffNoticeView({ ...notice, mobile: mobileFor(actor, notice.mobile) });
    }),
    route(api.staffFunding.withdrawals, async ({ actor, query, meta }) => {
      const page = await withdrawalsForStaff(ctx.db, query);
      await recordListView(ctx, { actor, meta }, { action: 'withdrawal.list', query, rows: page.items });
      return { ...page, items: await staffWithdrawals(ctx, actor, page.items) };
    }),
    route(api.staffFunding.approveWithdrawal, async ({ actor, params, idempotencyKey, meta }) => {
      const row = await approveWithdrawal(ctx, actor, params.id, idempotencyKey, meta.ip);
      return (await staffWithdrawals(ctx, actor, [row]))[0]!;
    }),
    route(api.staffFunding.rejectWithdrawal, async ({ actor, params, body, idempotencyKey, meta }) => {
      const row = await rejectWithdrawal(ctx, actor, params.id, body.reason, idempotencyKey, meta.ip);
      return (await staffWithdrawals(ctx, actor, [row]))[0]!;
    }),
  ];
}
