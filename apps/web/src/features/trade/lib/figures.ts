import {
  decimalToSen,
  isMarginTrade,
  senToDecimal,
  typedCount,
  type Position,
  type Sen,
  type TradingAccount,
  typedPrice,
} from '@kabuto/contract';
import { isOnTick, SHARES_PER_LOT, tickSize, tickTableFor } from '@kabuto/market-rules';

export type Side = 'long' | 'short';

function senOf(decimal: string): Sen {
  return decimalToSen(decimal) ?? 0n;
}

/**
 * The lots of a quantity typed in shares, as Japanese brokers take it (100, 1,000, full-width digits too);
 * null unless it is a whole number of lots (100-share units), at least one. A comma out of place ("10,00") is a
 * slip, not 1,000 shares.
 */
export function lotsOfShares(typed: string): number | null {
  const digits = typedCount(typed);
  if (digits === null || digits.length > 12) return null;
  const shares = Number(digits);
  return shares > 0 && shares % SHARES_PER_LOT === 0 ? shares / SHARES_PER_LOT : null;
}

/**
 * The shares field after a − or a +: one lot a tap, never under one lot nor over `maxLots`. Shares between two
 * whole lots (150) step to the lot on that side (100 or 200); a quantity that cannot be read steps from
 * `fallbackLots` (0 starts at one lot).
 */
export function steppedShares(typed: string, step: 1 | -1, fallbackLots = 0, maxLots = Infinity): string {
  const digits = typedCount(typed);
  const shares = digits === null || digits.length > 12 ? 0 : Number(digits);
  const lots =
    shares <= 0
      ? fallbackLots + step
      : shares % SHARES_PER_LOT === 0
        ? shares / SHARES_PER_LOT + step
        : (step === 1 ? Math.ceil : Math.floor)(shares / SHARES_PER_LOT);
  return String(Math.max(1, Math.min(maxLots, lots)) * SHARES_PER_LOT);
}

/** Which of the shares stepper's − and + move the quantity, at steppedShares' bounds; both while it is unreadable. */
export function sharesSteps(
  lots: number | null,
  maxLots = Infinity,
): { canStepDown: boolean; canStepUp: boolean } {
  return { canStepDown: lots === null || lots > 1, canStepUp: lots === null || lots < maxLots };
}

/** Whether one wire amount is more than another ("1000.01" over "1000.00"). */
export function exceeds(amount: string, limit: string): boolean {
  return senOf(amount) > senOf(limit);
}

/** Price × shares as a wire decimal: the notional (約定代金) of `lots` at `price`. */
export function notionalOf(price: string, lots: number): string {
  return senToDecimal(senOf(price) * BigInt(lots * SHARES_PER_LOT));
}

/**
 * The margin a notional takes at a leverage, as the engine holds it: the notional divided by the leverage,
 * rounded up to the sen. Before the fee, which only the server's preview gives.
 */
export function marginOf(notional: string, leverage: number): string {
  const sen = senOf(notional);
  const by = BigInt(leverage);
  return senToDecimal((sen + by - 1n) / by);
}

/**
 * The P&L of an open position at `last`, before the closing fee (as the server's unrealisedPnl): a long gains
 * when the price rises, a short when it falls.
 */
export function unrealisedPnlAt(
  position: { side: Side; entryPrice: string; lots: number },
  last: string,
): string {
  const perShare = senOf(last) - senOf(position.entryPrice);
  const signed = position.side === 'long' ? perShare : -perShare;
  return senToDecimal(signed * BigInt(position.lots * SHARES_PER_LOT));
}

/**
 * The P&L a take-profit or a stop-loss would realise if the position closed exactly there, before fees and
 * interest: null until the typed price reads as one (typedPrice) and the entry is known.
 */
export function pnlAtTarget(
  position: { side: Side; entryPrice: string | null; lots: number | null },
  typed: string,
): string | null {
  const { side, entryPrice, lots } = position;
  const target = typedPrice(typed);
  if (target === null || entryPrice === null || lots === null) return null;
  return unrealisedPnlAt({ side, entryPrice, lots }, senToDecimal(target));
}

/**
 * Whether a position's interest or borrow fee has a row: a margin trade's always; a 1x buy, which borrows nothing
 * and is never charged, only if something was charged all the same.
 */
export const showsInterest = (position: Pick<Position, 'side' | 'leverage'>, interest: string): boolean =>
  isMarginTrade(position.side, position.leverage) || decimalToSen(interest) !== 0n;

/** P&L as a percentage of the margin put up, two decimals ("12.34", "-5.00"); null without margin. */
export function pnlPercentOf(pnl: string, margin: string): string | null {
  const base = senOf(margin);
  if (base <= 0n) return null;
  // Hundredths of a percent, rounded half away from zero.
  const scaled = senOf(pnl) * 10_000n;
  const quotient = scaled / base;
  const remainder = scaled % base;
  const rounded = remainder * 2n >= base ? quotient + 1n : remainder * 2n <= -base ? quotient - 1n : quotient;
  return senToDecimal(rounded);
}

/** A position's two closing targets. */
export type Target = 'takeProfit' | 'stopLoss';

/**
 * A price an order or its targets are judged from: the best ask a buy meets or the best bid a sell meets, the last
 * price when that side of the board is empty (or not read yet), or a limit order's limit.
 */
export interface TargetReference {
  price: Sen;
  basis: 'ask' | 'bid' | 'last' | 'limit';
}

/** The best ask and bid of a board, best first each side, as decimals. */
export interface BoardTop {
  asks: readonly { price: string }[];
  bids: readonly { price: string }[];
}

/**
 * The price a market order meets now, as the engine takes it from the board: a buy the best ask, a sell the best
 * bid; a side with no orders (stop high, stop low), or a board not read yet, the last price. A crossed board is
 * read with its two best prices the right way round, as the engine reads it. Null without a last price.
 */
export function marketEntry(
  side: Side,
  last: Sen | null,
  board: BoardTop | undefined,
): TargetReference | null {
  if (last === null) return null;
  const ask = board?.asks[0] ? decimalToSen(board.asks[0].price) : null;
  const bid = board?.bids[0] ? decimalToSen(board.bids[0].price) : null;
  const best = { ask: ask ?? last, bid: bid ?? last };
  const crossed = best.bid > best.ask;
  if (side === 'long') {
    if (crossed) return { price: best.bid, basis: bid === null ? 'last' : 'bid' };
    return { price: best.ask, basis: ask === null ? 'last' : 'ask' };
  }
  if (crossed) return { price: best.ask, basis: ask === null ? 'last' : 'ask' };
  return { price: best.bid, basis: bid === null ? 'last' : 'bid' };
}

/** A take-profit lies on the winning side of the reference price (above it for a long), a stop-loss on the losing side. */
export function targetDirection(side: Side, target: Target): 'above' | 'below' {
  return (side === 'long') === (target === 'takeProfit') ? 'above' : 'below';
}

/** Whether a target price lies strictly on its side of the reference price (targetDirection). */
export function targetOnItsSide(side: Side, target: Target, reference: Sen, price: Sen): boolean {
  return targetDirection(side, target) === 'above' ? price > reference : price < reference;
}

/**
 * The price a new order's take-profit and stop-loss are judged against, as the engine takes it: the price it fills
 * at when it fills at once (a market order, or a limit the market is already through: `entry`, marketEntry), else
 * its limit. Null until that price, or a limit order's limit, is known.
 */
export function entryReference(
  side: Side,
  limit: Sen | null | undefined,
  entry: TargetReference | null,
): TargetReference | null {
  if (limit === undefined) return entry;
  if (limit === null) return null;
  const through = entry !== null && (side === 'long' ? limit >= entry.price : limit <= entry.price);
  return through ? entry : { price: limit, basis: 'limit' };
}

/** What each target is judged against. */
export type TargetReferences = Record<Target, TargetReference>;

/** The side of the trade that closes a position: closing a long sells, closing a short buys. */
export const closingSide = (side: Side): Side => (side === 'long' ? 'short' : 'long');

/**
 * What closing a position at the market meets now, and what its targets fire on: a long is sold into the best bid,
 * a short bought back at the best ask (marketEntry of the closing side).
 */
export function marketExit(
  side: Side,
  last: Sen | null,
  board: BoardTop | undefined,
): TargetReference | null {
  return marketEntry(closingSide(side), last, board);
}

/**
 * A position's targets judged as the engine judges them, so that neither is already reached: against `entry` and
 * against `now`, the price they fire on (a long's the bid it is sold into, a short's the ask), a long's
 * take-profit above the higher of the two and its stop-loss below the lower, a short's the other way round.
 */
function beyondBoth(side: Side, entry: TargetReference, now: TargetReference | null): TargetReferences {
  if (now === null) return { takeProfit: entry, stopLoss: entry };
  if (side === 'long')
    return {
      takeProfit: entry.price >= now.price ? entry : now,
      stopLoss: now.price <= entry.price ? now : entry,
    };
  return {
    takeProfit: entry.price <= now.price ? entry : now,
    stopLoss: now.price >= entry.price ? now : entry,
  };
}

/**
 * A new order's target references: the price it fills at (entryReference), and, for an order at the market or one
 * the market is already through, the price its targets would fire on now as well; a resting limit's its limit.
 * Null until the prices it needs are known.
 */
export function orderTargetReferences(
  side: Side,
  limit: Sen | null | undefined,
  last: Sen | null,
  board: BoardTop | undefined,
): TargetReferences | null {
  const entry = entryReference(side, limit, marketEntry(side, last, board));
  if (entry === null) return null;
  if (entry.basis === 'limit') return { takeProfit: entry, stopLoss: entry };
  return beyondBoth(side, entry, marketExit(side, last, board));
}

/**
 * An open position's target references: the price they fire on now (a long's bid, a short's ask; the last price
 * while that side of the board is empty or unread), as the engine judges a change of them.
 */
export function positionTargetReferences(
  side: Side,
  last: Sen | null,
  board: BoardTop | undefined,
): TargetReferences | null {
  const now = marketExit(side, last, board);
  return now === null ? null : { takeProfit: now, stopLoss: now };
}

/**
 * What is wrong with a typed take-profit or stop-loss: not a price at all, off the tick grid (with the tick at its
 * price), or on the wrong side.
 */
export type TargetProblem =
  { kind: 'unreadable' } | { kind: 'tick'; tick: Sen } | { kind: 'side'; reference: TargetReference };

/**
 * A typed target judged as the engine will judge it: a price at all, on the tick grid of its instrument (when
 * known), then on its side of the reference. Null while nothing is typed (no target) or when it is fine.
 */
export function targetProblem(
  side: Side,
  target: Target,
  typed: string,
  reference: TargetReference | null,
  topix500: boolean | null,
): TargetProblem | null {
  if (typed.trim() === '') return null;
  const price = typedPrice(typed);
  if (price === null) return { kind: 'unreadable' };
  if (topix500 !== null) {
    const table = tickTableFor(topix500);
    if (!isOnTick(price, table)) return { kind: 'tick', tick: tickSize(price, table) };
  }
  if (reference && !targetOnItsSide(side, target, reference.price, price)) return { kind: 'side', reference };
  return null;
}

/**
 * The latest price and the P&L at it: from the live quotes when they have the code, else the server's own. A closed
 * position's is its 実現損益 after both fees and the interest or borrow fee (the server's netPnl).
 */
export function livePnl(
  position: Position,
  last: string | undefined,
): { price: string | null; pnl: string | null } {
  if (position.status === 'closed') return { price: position.exitPrice, pnl: position.netPnl };
  if (last === undefined) return { price: position.markPrice, pnl: position.unrealisedPnl };
  return { price: last, pnl: unrealisedPnlAt(position, last) };
}

/** The server's buying power for a side at a leverage (the engine's own bound), or null before the account is read. */
export function buyingPowerAt(
  account: Pick<TradingAccount, 'buyingPower'> | undefined,
  side: 'long' | 'short',
  leverage: number,
): TradingAccount['buyingPower'][number] | null {
  return account?.buyingPower.find((power) => power.side === side && power.leverage === leverage) ?? null;
}

/**
 * How far equity may fall before a level is reached: equity less the level's equity, as a wire decimal; "0.00"
 * once reached; null with nothing open (no level to reach).
 */
export function roomAbove(equity: string, levelEquity: string | null): string | null {
  if (levelEquity === null) return null;
  const room = senOf(equity) - senOf(levelEquity);
  return senToDecimal(room > 0n ? room : 0n);
}

/**
 * What a deposit would have to add for equity to reach a level again (a deposit raises equity by its amount, repaying
 * any amount owed first): the level's equity less equity, as a wire decimal; null once at or above it, or with
 * nothing open.
 */
export function shortfallTo(equity: string, levelEquity: string | null): string | null {
  if (levelEquity === null) return null;
  const shortfall = senOf(levelEquity) - senOf(equity);
  return shortfall > 0n ? senToDecimal(shortfall) : null;
}

/** The lots of the investor's open positions in a stock on the other side of an order; 0 when none. */
export function oppositeLots(positions: readonly Position[], code: string, side: Side): number {
  return positions
    .filter((open) => open.code === code && open.side !== side && open.status !== 'closed')
    .reduce((lots, open) => lots + open.lots, 0);
}
