import type { AccountView } from '@kabuto/engine';

/** Whether trading has a claim on the account's cash: open orders or positions, debt, or a margin call. */
export const hasExposure = (view: AccountView) =>
  view.held !== 0n ||
  view.margin !== 0n ||
  view.openNotional !== 0n ||
  view.debt !== 0n ||
  view.marginCall !== null;

/**
 * What may leave the account (docs/trading.md, "Withdrawals and trading"): available cash, but never more
 * than the equity left over the margin in use (positions' margin and what resting orders hold), so
 * unrealised losses and debt are covered first and unrealised gains are not paid out. In whole yen, as transfers are; never negative.
 */
export function withdrawableOf(view: AccountView): bigint {
  const free = view.equity - view.margin - view.held;
  return wholeYen(free < view.available ? free : view.available);
}

const wholeYen = (sen: bigint) => (sen > 0n ? sen - (sen % 100n) : 0n);

/**
 * What the withdrawal screen shows as 出金可能額 (GET /api/funding/withdrawable), in whole yen as a request must
 * be, and why it is below the available cash: a margin call, the free margin, or (on a node that does not feed
 * the engine, which refuses withdrawals with exposure) `unavailable`.
 */
export function withdrawableNow(
  view: AccountView,
  feedsFromMarket: boolean,
): { withdrawable: bigint; limitedBy: 'margin_call' | 'free_margin' | 'unavailable' | null } {
  if (!hasExposure(view)) return { withdrawable: wholeYen(view.available), limitedBy: null };
  if (view.marginCall !== null) return { withdrawable: 0n, limitedBy: 'margin_call' };
  if (!feedsFromMarket) return { withdrawable: 0n, limitedBy: 'unavailable' };
  const free = view.equity - view.margin - view.held;
  return { withdrawable: withdrawableOf(view), limitedBy: free < view.available ? 'free_margin' : null };
}
