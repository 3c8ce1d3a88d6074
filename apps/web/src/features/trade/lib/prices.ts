import { decimalToSen, senToDecimal, typedPrice, type Sen } from '@kabuto/contract';
import { isOnTick, lowestPrice, roundToTick, tickSize, ticksAway, tickTableFor } from '@kabuto/market-rules';
import { marketEntry, type BoardTop, type Side } from './figures';

/** A price for an input field: "2800", "2800.5", "99.9" (no separators, no trailing zeros). */
export function priceInputText(sen: Sen): string {
  return senToDecimal(sen)
    .replace(/\.00$/, '')
    .replace(/(\.\d)0$/, '$1');
}

/**
 * The tick size (呼値の単位) at the typed price, or at `reference` while nothing readable is typed: the step a
 * limit price must be a multiple of there, in sen.
 */
export function tickAt(typed: string, reference: Sen, topix500: boolean): Sen {
  return tickSize(typedPrice(typed) ?? reference, tickTableFor(topix500));
}

/** The day's price band an order may name, in sen. */
export interface PriceBand {
  low: Sen;
  high: Sen;
}

/** What the engine refuses in a limit price: not a price, outside the day's limits, off the tick grid (the tick there). */
export type LimitPriceProblem = { kind: 'unreadable' } | { kind: 'limits' } | { kind: 'tick'; tick: Sen };

/**
 * A typed limit price judged as the engine judges it: a price at all, then within the day's limits, then on the
 * tick grid (each of the last two once `band` and `topix500` are known). Null while nothing is typed (a limit order
 * without a price is refused on submit) or when it is fine.
 */
export function limitPriceProblem(
  typed: string,
  band: PriceBand | null,
  topix500: boolean | null,
): LimitPriceProblem | null {
  if (typed.trim() === '') return null;
  const price = typedPrice(typed);
  if (price === null) return { kind: 'unreadable' };
  if (band && (price < band.low || price > band.high)) return { kind: 'limits' };
  if (topix500 === null) return null;
  const table = tickTableFor(topix500);
  return isOnTick(price, table) ? null : { kind: 'tick', tick: tickSize(price, table) };
}

/** The day's limits of a quote (stop low and stop high), as the price steppers and the limits line take them. */
export const bandOf = (quote: { limitDown: string; limitUp: string }): PriceBand => ({
  low: decimalToSen(quote.limitDown) ?? 1n,
  high: decimalToSen(quote.limitUp) ?? 1n,
});

/**
 * The price one tick above (+1) or below (-1) the typed one, on the stock's tick table (TOPIX500 or the
 * other), kept inside the day's limits. A price off the grid moves to the nearest valid price in the step's
 * direction; nothing typed (or something unreadable) starts from `reference` (the last price).
 */
export function steppedPrice(
  typed: string,
  step: 1 | -1,
  { topix500, reference, band }: { topix500: boolean; reference: Sen; band?: PriceBand },
): Sen {
  const table = tickTableFor(topix500);
  const floor = band && band.low > lowestPrice(table) ? band.low : lowestPrice(table);
  const clamp = (price: Sen): Sen => {
    if (price < floor) return floor;
    if (band && price > band.high) return band.high;
    return price;
  };
  const current = typedPrice(typed);
  if (current === null) return clamp(roundToTick(clamp(reference), 'down', table));
  if (current < lowestPrice(table)) return floor;
  if (!isOnTick(current, table)) return clamp(roundToTick(current, step > 0 ? 'up' : 'down', table));
  if (step < 0 && current <= floor) return floor;
  return clamp(ticksAway(current, step, table));
}

/**
 * A limit price stepped as steppedPrice, where nothing typed starts from what a market order on `side` would meet
 * now (marketEntry: the best ask for a buy, the best bid for a sell, the last price while that side of the board
 * is empty or unread): the first − or + fills that price in as it is, each later tap moves one tick. The order
 * panel steps its order's side; a close steps the other side of its position.
 */
export function steppedLimit(
  typed: string,
  step: 1 | -1,
  side: Side,
  market: { last: Sen; board: BoardTop | undefined; topix500: boolean; band?: PriceBand },
): Sen {
  const reference = marketEntry(side, market.last, market.board)?.price ?? market.last;
  return steppedPrice(typed, step, { topix500: market.topix500, reference, band: market.band });
}

/**
 * A take-profit or stop-loss stepped as steppedPrice, except that nothing typed starts one tick from `reference`
 * (the price it is judged against) in the step's direction: the reference itself is never a valid target, so the
 * first + on a buy's take-profit gives the tick above the best ask, the first − on its stop-loss the tick below the bid.
 */
export function steppedTarget(
  typed: string,
  step: 1 | -1,
  options: { topix500: boolean; reference: Sen; band?: PriceBand },
): Sen {
  if (typedPrice(typed) !== null) return steppedPrice(typed, step, options);
  return steppedPrice(priceInputText(options.reference), step, options);
}
