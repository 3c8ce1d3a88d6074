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
  const withdrawable = free < view.available ? free : view.available;
  return withdrawable > 0n ? withdrawable - (withdrawable % 100n) : 0n;
}

/** What the withdrawal screen shows as 出金可能額 (GET /api/funding/withdrawable), and why it is below available cash. */
export function withdrawableNow(view: AccountView): {
  withdrawable: bigint;
  limitedBy: 'margin_call' | 'free_margin' | null;
} {
  if (!hasExposure(view)) return { withdrawable: view.available, limitedBy: null };
  if (view.marginCall !== null) return { withdrawable: 0n, limitedBy: 'margin_call' };
  const free = view.equity - view.margin - view.held;
  return { withdrawable: withdrawableOf(view), limitedBy: free < view.available ? 'free_margin' : null };
}
