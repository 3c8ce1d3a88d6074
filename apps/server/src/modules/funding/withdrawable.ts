import { wholeYenDown } from '@kabuto/contract';
import type { AccountView } from '@kabuto/engine';

/** Whether trading has a claim on the account's cash: open orders or positions, debt, or a margin call. */
export const hasExposure = (view: AccountView) =>
  view.held !== 0n ||
  view.margin !== 0n ||
  view.openNotional !== 0n ||
  view.debt !== 0n ||
  view.marginCall !== null;

const wholeYen = (sen: bigint) => (sen > 0n ? wholeYenDown(sen) : 0n);

/**
 * What may leave the account now (docs/trading.md, "Withdrawals and trading"), as the withdrawal screen shows it
 * (出金可能額) and as a request is decided: available cash, but with trading exposure never more than the equity
 * left over the margin in use (positions' margin and what resting orders hold), so unrealised losses and debt
 * are covered first and unrealised gains are not paid out; nothing during a margin call, nor on a node that does
 * not feed the engine (its marks are old). In whole yen, as transfers are; never negative. `limitedBy` says why
 * it is below the available cash.
 */
export function withdrawableNow(
  view: AccountView,
  feedsFromMarket: boolean,
): { withdrawable: bigint; limitedBy: 'margin_call' | 'free_margin' | 'unavailable' | null } {
  if (!hasExposure(view)) return { withdrawable: wholeYen(view.available), limitedBy: null };
  if (view.marginCall !== null) return { withdrawable: 0n, limitedBy: 'margin_call' };
  if (!feedsFromMarket) return { withdrawable: 0n, limitedBy: 'unavailable' };
  const free = view.equity - view.margin - view.held;
  return free < view.available
    ? { withdrawable: wholeYen(free), limitedBy: 'free_margin' }
    : { withdrawable: wholeYen(view.available), limitedBy: null };
}
