import type { Quote } from '@kabuto/engine';
import type { MarketClock } from '@kabuto/market-rules';
import type { MarketFeed } from '../market';

/**
 * The engine's view of an instrument now: the best bid and ask of the feed's board (the last price for a
 * side the board lacks, as at stop high or stop low), the last price, the day's limits and the session.
 */
export function quoteFromFeed(feed: MarketFeed, clock: MarketClock, code: string, now: Date): Quote | null {
  const quote = feed.quote(code);
  if (!quote) return null;
  const board = feed.board(code, 1);
  const bid = board?.bids[0]?.price ?? quote.last;
  const ask = board?.asks[0]?.price ?? quote.last;
  return {
    code,
    bid: bid <= ask ? bid : ask,
    ask: bid <= ask ? ask : bid,
    last: quote.last,
    limitUp: quote.limitUp,
    limitDown: quote.limitDown,
    phase: clock.phaseAt(now),
    halted: quote.halted,
    at: now.getTime(),
  };
}

/** Whether two quotes would tell the engine the same thing (the instant aside). */
export const sameQuote = (a: Quote, b: Quote) =>
  a.bid === b.bid &&
  a.ask === b.ask &&
  a.last === b.last &&
  a.limitUp === b.limitUp &&
  a.limitDown === b.limitDown &&
  a.phase === b.phase &&
  a.halted === b.halted;
