import { isOnTick, type Price } from '@kabuto/market-rules';
import type { RejectReason } from './events';
import type { Side } from './records';
import type { Book } from './state';

/** Prices are filed in indexes as numbers; anything beyond this is no real price. */
export const HIGHEST_PRICE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * An order or close price: within today's limits and on the tick grid. A price outside the limits is told so
 * first, whatever its tick: it is the larger mistake, and the limits say which prices are possible at all.
 */
export function limitPriceProblem(book: Book, price: Price): RejectReason | null {
  const quote = book.quote;
  if (quote !== null && (price < quote.limitDown || price > quote.limitUp)) return 'PRICE_OUTSIDE_LIMITS';
  if (!isOnTick(price, book.tickTable)) return 'PRICE_OFF_TICK';
  if (quote === null) return 'MARKET_DATA_UNAVAILABLE';
  return null;
}

/** The prices a take-profit and a stop-loss are each judged against (triggerProblem). */
export interface TriggerReferences {
  takeProfit: Price;
  stopLoss: Price;
}

/**
 * Take-profit and stop-loss are trigger prices, not orders: on the tick grid, on the profitable (or losing)
 * side of their reference price, but not bound by today's limits.
 */
export function triggerProblem(
  book: Book,
  side: Side,
  references: TriggerReferences,
  takeProfit: Price | null,
  stopLoss: Price | null,
): RejectReason | null {
  const valid = (price: Price) => price <= HIGHEST_PRICE && isOnTick(price, book.tickTable);
  if (takeProfit !== null) {
    const reference = references.takeProfit;
    const profitable = side === 'long' ? takeProfit > reference : takeProfit < reference;
    if (!valid(takeProfit) || !profitable) return 'TAKE_PROFIT_INVALID';
  }
  if (stopLoss !== null) {
    const reference = references.stopLoss;
    const losing = side === 'long' ? stopLoss < reference : stopLoss > reference;
    if (!valid(stopLoss) || !losing) return 'STOP_LOSS_INVALID';
  }
  return null;
}

/**
 * What a position's triggers fire on now: a long's the bid it would be sold into, a short's the ask it would be
 * bought back at (market.ts, `match`). A trigger already reached there would fire at the next price.
 */
export function triggerPriceNow(book: Book, side: Side): Price | null {
  const quote = book.quote;
  if (quote === null) return null;
  return side === 'long' ? quote.bid : quote.ask;
}

/**
 * The references of a position's triggers at `entry` while `now` (triggerPriceNow) is the price they fire on:
 * each must be on its side of both, so that neither is already reached. A long's take-profit above the higher,
 * its stop-loss below the lower; a short's the other way round.
 */
export function triggerReferences(side: Side, entry: Price, now: Price | null): TriggerReferences {
  if (now === null) return { takeProfit: entry, stopLoss: entry };
  const [lower, higher] = entry <= now ? [entry, now] : [now, entry];
  return side === 'long' ? { takeProfit: higher, stopLoss: lower } : { takeProfit: lower, stopLoss: higher };
}
