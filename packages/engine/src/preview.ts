import type { Sen } from '@kabuto/contract';
import { lowestPrice, roundToTick, type Price } from '@kabuto/market-rules';
import type { AmendOrder, ClosePosition, PlaceOrder } from './commands';
import { dailyChargeFor, type DailyCharge } from './daily';
import type { RejectReason } from './events';
import { markOf } from './market-access';
import { BASIS_POINTS, feeFor, interestFor, notionalOf } from './money';
import { planAmendment, planOrder } from './orders';
import { planClose, pnlAt, shareOfLots, waitingToClose } from './positions';
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
       * Where this stock's price would bring the account to the liquidation level, on the tick grid: the new
       * position and every position already held in the stock move with it, other stocks stay where they are;
       * null when no price gets there. The forced close looks at the whole account (equity against every open
       * position's notional), so this figure does too: the same 1x short sits further away in an account with
       * more cash beside it, and a second buy of a stock held comes nearer than the buy alone would.
       */
      readonly estimatedLiquidationPrice: Price | null;
      /** The account is short more than long in the stock: a rise takes it to the level (else a fall, if any). */
      readonly liquidationOnRise: boolean;
      /**
       * The interest or borrow fee the position would be charged for one day at these figures, rounded down to
       * the sen as each day's accrual is; null when none is (a 1x long).
       */
      readonly dailyCharge: (Omit<DailyCharge, 'base'> & { readonly perDay: Sen }) | null;
    }
  | { readonly ok: false; readonly reason: RejectReason };

/** The confirmation popup's figures for an order, or the reason it would be refused. Changes nothing. */
export function previewOrder(state: State, cmd: PlaceOrder): OrderPreview {
  const plan = planOrder(state, cmd);
  if (typeof plan === 'string') return { ok: false, reason: plan };
  const { account, book, shares, holdPrice, notional, margin, fee } = plan;
  const entry = worstEntry(cmd, plan.fillPrice, holdPrice, book.quote!.limitDown);
  const entryNotional = notionalOf(entry, shares);
  // The account as a function of this stock's price, taken from the entry: the equity with this stock's
  // positions at the entry, and the shares long less the shares short that move with the price from there (the
  // new position's and those held). Lots waiting to close at the auction count as closed, as the forced close
  // counts them: at their mark less the fee, or this stock's, which the same auction fills, at the entry.
  let equity = plan.equity - feeFor(entryNotional, state.config.fee);
  let openNotional = plan.openNotional + entryNotional;
  let netShares = signed(cmd.side, BigInt(shares));
  for (const position of account.positions) {
    const here = position.book === book;
    const waiting = waitingToClose(position);
    if (here) {
      equity += signed(position.side, BigInt(position.shares)) * (entry - markOf(position));
      netShares += signed(position.side, BigInt(position.shares - (waiting?.shares ?? 0)));
    }
    if (waiting) {
      openNotional -= waiting.entryNotional;
      equity -= feeFor(notionalOf(here ? entry : markOf(position), waiting.shares), state.config.fee);
    }
  }
  const buffer = equity * BASIS_POINTS - openNotional * BigInt(state.config.liquidationRatioBp);
  let estimatedLiquidationPrice: Price | null = null;
  if (netShares !== 0n) {
    const exposure = netShares < 0n ? -netShares : netShares;
    const distance = buffer < 0n ? 0n : buffer / (exposure * BASIS_POINTS);
    if (netShares > 0n) {
      const price = entry - distance - 1n;
      if (price >= lowestPrice(book.tickTable))
        estimatedLiquidationPrice = roundToTick(price, 'down', book.tickTable);
    } else {
      estimatedLiquidationPrice = roundToTick(entry + distance + 1n, 'up', book.tickTable);
    }
  }
  return {
    ok: true,
    price: holdPrice,
    fillsNow: plan.fillPrice !== null,
    notional,
    margin,
    fee,
    estimatedLiquidationPrice,
    liquidationOnRise: netShares < 0n,
    dailyCharge: dailyChargePreview(state, cmd.side, notional, margin),
  };
}

function dailyChargePreview(state: State, side: PlaceOrder['side'], notional: Sen, margin: Sen) {
  const charge = dailyChargeFor(side, notional, margin, state.config);
  if (!charge) return null;
  const perDay = interestFor(charge.base, charge.rateBpPerYear, 1, state.config.daysPerYear);
  return { kind: charge.kind, rateBpPerYear: charge.rateBpPerYear, perDay };
}

/** Shares as a long gains with the price: a short's count negative. */
const signed = (side: PlaceOrder['side'], shares: bigint) => (side === 'long' ? shares : -shares);

/** The 訂正 confirmation's figures: the amended order's, judged on the cash the old one frees. Changes nothing. */
export function previewAmendment(state: State, cmd: AmendOrder): OrderPreview {
  const preview = planAmendment(state, cmd, (next) => previewOrder(state, next));
  return typeof preview === 'string' ? { ok: false, reason: preview } : preview;
}

/**
 * The entry the estimate assumes: the fill price now, or the limit, else (a market order waiting for the
 * opening, which may fill anywhere within today's limits) the entry that brings the forced close nearest. A
 * long bought at the limit up is the price it is held for; a short sold at the limit down is closed by force
 * at the lowest price, so a short is estimated from there rather than from the limit up it is held for.
 */
function worstEntry(cmd: PlaceOrder, fillPrice: Price | null, holdPrice: Price, limitDown: Price): Price {
  if (fillPrice !== null || cmd.price !== undefined || cmd.side === 'long') return holdPrice;
  return limitDown;
}

export type ClosePreview =
  | {
      readonly ok: true;
      /**
       * The price the figures are computed at: the fill price now (a limit close the market is already
       * through fills there, at its limit or better), the limit of a close that would rest, or the last price
       * for a market close waiting for the next auction.
       */
      readonly price: Price;
      readonly fillsNow: boolean;
      readonly notional: Sen;
      /** The gain or loss on the price, before any cost. */
      readonly realisedPnl: Sen;
      /** The closing fee. */
      readonly fee: Sen;
      /** The opening fee of the lots that close (for 一部返済, their share of the position's). */
      readonly openFee: Sen;
      /** Interest (long) or borrow fee (short) charged so far. */
      readonly interest: Sen;
      /** realisedPnl less the opening fee, the closing fee and the interest: the position's net P&L once closed. */
      readonly netPnl: Sen;
    }
  | { readonly ok: false; readonly reason: RejectReason };

/** The 返済 confirmation's figures, or the reason closing would be refused. Changes nothing. */
export function previewClose(state: State, cmd: ClosePosition): ClosePreview {
  const plan = planClose(state, cmd);
  if (typeof plan === 'string') return { ok: false, reason: plan };
  const { position, fillPrice, lots } = plan;
  // 一部返済: the figures of the lots that close, with their share of the opening fee and interest.
  const closing = lots === position.lots ? position : shareOfLots(position, lots);
  const price = fillPrice ?? cmd.price ?? markOf(position);
  const notional = notionalOf(price, closing.shares);
  const realisedPnl = pnlAt({ side: position.side, ...closing }, price);
  const fee = feeFor(notional, state.config.fee);
  return {
    ok: true,
    price,
    fillsNow: fillPrice !== null,
    notional,
    realisedPnl,
    fee,
    openFee: closing.openFee,
    interest: closing.interest,
    netPnl: realisedPnl - closing.openFee - fee - closing.interest,
  };
}
