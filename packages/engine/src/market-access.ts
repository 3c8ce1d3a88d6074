import { isContinuousTradingPhase, type MarketPhase, type Price } from '@kabuto/market-rules';
import type { Side } from './records';
import type { Book, Position, State } from './state';

/** Continuous trading: the morning and afternoon sessions, or always with the demo clock. */
export function isContinuous(phase: MarketPhase): boolean {
  return phase === 'always-open' || isContinuousTradingPhase(phase);
}

/** The instrument trades now: its quote is in continuous trading, not halted, and so is the market. */
export function isTrading(state: State, book: Book): boolean {
  const quote = book.quote;
  return (
    quote !== null &&
    quote.halted !== true &&
    isContinuous(quote.phase) &&
    state.marketPhase !== null &&
    isContinuous(state.marketPhase)
  );
}

/**
 * The price at which a side trades now: during an auction its single price; in continuous trading a buy
 * takes the ask and a sell the bid; otherwise null (the order or close waits).
 */
function priceNow(state: State, book: Book, buying: boolean): Price | null {
  if (state.auction !== null && state.auction.book === book) return state.auction.price;
  if (!isTrading(state, book)) return null;
  return buying ? book.quote!.ask : book.quote!.bid;
}

/** Opening a long buys (ask), opening a short sells (bid). */
export function entryPriceNow(state: State, book: Book, side: Side): Price | null {
  return priceNow(state, book, side === 'long');
}

/** Closing a long sells (bid), closing a short buys (ask). */
export function exitPriceNow(state: State, book: Book, side: Side): Price | null {
  return priceNow(state, book, side === 'short');
}

/** Positions are valued at the last price; before any quote, at their entry price. */
export function markOf(position: Position): Price {
  return position.book.quote?.last ?? position.entryPrice;
}
