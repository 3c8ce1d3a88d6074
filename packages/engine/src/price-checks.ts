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

/**
 * Take-profit and stop-loss are trigger prices, not orders: on the tick grid, on the profitable (or losing)
 * side of the reference price, but not bound by today's limits.
 */
export function triggerProblem(
  book: Book,
  side: Side,
  reference: Price,
  takeProfit: Price | null,
  stopLoss: Price | null,
): RejectReason | null {
  const valid = (price: Price) => price <= HIGHEST_PRICE && isOnTick(price, book.tickTable);
  if (takeProfit !== null) {
    const profitable = side === 'long' ? takeProfit > reference : takeProfit < reference;
    if (!valid(takeProfit) || !profitable) return 'TAKE_PROFIT_INVALID';
  }
  if (stopLoss !== null) {
    const losing = side === 'long' ? stopLoss < reference : stopLoss > reference;
    if (!valid(stopLoss) || !losing) return 'STOP_LOSS_INVALID';
  }
  return null;
}
