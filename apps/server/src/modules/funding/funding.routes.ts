import { api, senToDecimal } from '@kabuto/contract';
import type { AppContext } from '../../platform/context';
import { route } from '../../platform/routes';
import { factorSetupNeeded } from '../factors';
import { tradingOf } from '../trading';
import { addBankAccount, removeUserBankAccount } from './bank-accounts.service';
import { fileDepositNotice } from './deposits.service';
import { depositRecordView, noticeRecordView } from './deposits.view';
import { depositRecords, listBankAccounts, userWithdrawals } from './funding.repository';
import { withdrawableNow } from './withdrawable';
import { requestWithdrawal } from './withdrawals.service';
import { bankAccountView, withdrawalView } from './withdrawals.view';

export function fundingRoutes(ctx: AppContext) {
  return [
    route(api.funding.depositAccount, async ({ actor }) => {
      const { isDemo, ...account } = ctx.config.depositAccount;
      return { ...account, transferReference: transferReferenceOf(actor.userId), isDemo };
    }),
    route(api.funding.fileDepositNotice, async ({ actor, body }) =>
      noticeRecordView(await fileDepositNotice(ctx, actor, body)),
    ),
    route(api.funding.deposits, async ({ actor, query }) => {
      const { rows, total } = await depositRecords(ctx.db, actor.userId, query);
      return { items: rows.map(depositRecordView), total, page: query.page, pageSize: query.pageSize };
    }),
    route(api.funding.bankAccounts, async ({ actor }) => ({
      items: (await listBankAccounts(ctx.db, actor.userId)).map(bankAccountView),
      factorRequired: await factorSetupNeeded(ctx, ctx.db, actor.userId),
    })),
    route(api.funding.addBankAccount, async ({ actor, body }) =>
      bankAccountView(await addBankAccount(ctx, actor, body)),
    ),
    route(api.funding.removeBankAccount, async ({ actor, params }) => {
      await removeUserBankAccount(ctx, actor, params.id);
      return { removed: true as const };
    }),
    route(api.funding.requestWithdrawal, async ({ actor, body, idempotencyKey }) =>
      withdrawalView(await requestWithdrawal(ctx, actor, body, idempotencyKey)),
    ),
    route(api.funding.withdrawable, async ({ actor }) => {
      const trading = tradingOf(ctx);
      const view = await trading.account(actor.userId);
      const { withdrawable, limitedBy } = withdrawableNow(view, trading.feedsFromMarket);
      return {
        withdrawable: senToDecimal(withdrawable),
        available: senToDecimal(view.available),
        limitedBy,
        factorRequired: await factorSetupNeeded(ctx, ctx.db, actor.userId),
      };
    }),
    route(api.funding.withdrawals, async ({ actor, query }) => {
      const page = await userWithdrawals(ctx.db, actor.userId, query);
      return { ...page, items: page.items.map(withdrawalView) };
    }),
  ];
}

/**
 * What the customer puts before the sender name on a transfer, so staff match it to the account: the
 * customer number, zero-padded to 7 digits (bank transfer names take digits and katakana).
 */
export const transferReferenceOf = (userId: bigint) => userId.toString().padStart(7, '0');
