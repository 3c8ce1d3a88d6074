import type { Sen } from '@kabuto/contract';
import { lowestPrice, roundToTick, type Price } from '@kabuto/market-rules';
import type { PlaceOrder } from './commands';
import type { RejectReason } from './events';
import { BASIS_POINTS } from './money';
import { planOrder } from './orders';
import type { State } from './state';

export type OrderPreview =
  | {
      readonly ok: true;
      /** The price the figures are computed at: the fill price now, the limit, or today's limit up. */
      readonly price: Price;
      readonly fillsNow: boolean;
      readonly notional: Sen;
      readonly margin: Sen;
      readonly fee: Sen;
      /**
       * Where this position alone would bring the account to the liquidation level, the rest of the
       * account unchanged, on the tick grid; null when no price gets there.
       */
      readonly estimatedLiquidationPrice: Price | null;
    }
  | { readonly ok: false; readonly reason: RejectReason };

/** The confirmation popup's figures for an order, or the reason it would be refused. Changes nothing. */
export function previewOrder(state: State, cmd: PlaceOrder): OrderPreview {
  const plan = planOrder(state, cmd);
  if (typeof plan === 'string') return { ok: false, reason: plan };
  const { book, shares, holdPrice, notional, margin, fee } = plan;
  const equity = plan.equity - fee;
  const openNotional = plan.openNotional + notional;
  const buffer = equity * BASIS_POINTS - openNotional * BigInt(state.config.liquidationRatioBp);
  const distance = buffer < 0n ? 0n : buffer / (BigInt(shares) * BASIS_POINTS);
  let estimatedLiquidationPrice: Price | null;
  if (cmd.side === 'long') {
    const price = holdPrice - distance - 1n;
    estimatedLiquidationPrice =
      price < lowestPrice(book.tickTable) ? null : roundToTick(price, 'down', book.tickTable);
  } else {
    estimatedLiquidationPrice = roundToTick(holdPrice + distance + 1n, 'up', book.tickTable);
  }
  return {
    ok: true,
    price: holdPrice,
    fillsNow: plan.fillPrice !== null,
    notional,
    margin,
    fee,
    estimatedLiquidationPrice,
  };
}
