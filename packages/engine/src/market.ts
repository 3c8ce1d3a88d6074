import { isOnTick, type Price } from '@kabuto/market-rules';
import type { QuoteRejectReason } from './events';
import { isContinuous } from './market-access';
import { fillOrder } from './orders';
import { closeFired, settleClose } from './positions';
import { HIGHEST_PRICE } from './price-checks';
import type { EpochMs, Quote } from './records';
import { evaluateChanged, evaluateTriggered } from './risk';
import { bySeq, type Book, type State } from './state';

function quoteProblem(book: Book, quote: Quote): QuoteRejectReason | null {
  const { bid, ask, last, limitUp, limitDown } = quote;
  const table = book.tickTable;
  // The limits change once a day: checked again only when they differ from the previous quote's.
  const previous = book.quote;
  const sameLimits = previous !== null && previous.limitUp === limitUp && previous.limitDown === limitDown;
  if (!sameLimits && (limitUp > HIGHEST_PRICE || !isOnTick(limitUp, table) || !isOnTick(limitDown, table))) {
    return 'QUOTE_OFF_TICK';
  }
  if (!isOnTick(bid, table) || !isOnTick(ask, table) || !isOnTick(last, table)) return 'QUOTE_OFF_TICK';
  if (bid < limitDown || ask > limitUp || last < limitDown || last > limitUp) return 'QUOTE_OUTSIDE_LIMITS';
  if (bid > ask) return 'QUOTE_CROSSED';
  return null;
}

/**
 * An auction sets one price for everything waiting: the opening (the first trading quote after a break
 * or a halt) and the close (the first quote after the close, 15:30, whose last price is the closing price;
 * the instrument need not have sent a quote in the closing auction itself). Without an earlier quote
 * (just started) there is nothing to tell, and continuous trading goes on.
 */
function isAuction(previous: Quote | null, quote: Quote): boolean {
  if (previous === null || quote.halted === true) return false;
  if (isContinuous(quote.phase)) return !isContinuous(previous.phase) || previous.halted === true;
  const wasOpen = previous.phase === 'closing-auction' || isContinuous(previous.phase);
  return quote.phase === 'after-close' && wasOpen && previous.halted !== true;
}

/**
 * Everything that trades at these prices, closes first (they free margin the openings may need): waiting
 * market closes, resting closes, take-profits and stop-losses; then waiting market orders and resting
 * limit orders. Within each kind, price then time priority.
 */
function match(state: State, book: Book, bid: Price, ask: Price, at: EpochMs): void {
  if (book.pendingCloses.size > 0) {
    for (const position of [...book.pendingCloses].sort(bySeq)) {
      const reason = position.closeReason === 'forced' ? 'forced' : 'user';
      settleClose(state, position, position.side === 'long' ? bid : ask, reason, at);
    }
  }
  closeFired(state, book.longCloseLimits, 'closeLimit', bid, 'user', at);
  closeFired(state, book.longTakeProfits, 'takeProfit', bid, 'take_profit', at);
  closeFired(state, book.longStopLosses, 'stopLoss', bid, 'stop_loss', at);
  closeFired(state, book.shortCloseLimits, 'closeLimit', ask, 'user', at);
  closeFired(state, book.shortTakeProfits, 'takeProfit', ask, 'take_profit', at);
  closeFired(state, book.shortStopLosses, 'stopLoss', ask, 'stop_loss', at);
  if (book.waitingMarket.size > 0) {
    for (const order of [...book.waitingMarket].sort(bySeq)) {
      fillOrder(state, order, order.side === 'long' ? ask : bid, at);
    }
  }
  const askKey = Number(ask);
  for (let order = book.longLimits.takeNext(askKey); order; order = book.longLimits.takeNext(askKey)) {
    fillOrder(state, order, ask, at);
  }
  const bidKey = Number(bid);
  for (let order = book.shortLimits.takeNext(bidKey); order; order = book.shortLimits.takeNext(bidKey)) {
    fillOrder(state, order, bid, at);
  }
}

/**
 * A quote taken as a mark only, by an engine that does not decide risk: nothing matches, no trigger fires and no
 * account is evaluated at it (its prices are not the market's of the moment).
 */
export function markQuote(state: State, quote: Quote): void {
  const book = quotedBook(state, quote);
  if (book) book.quote = quote;
}

/** The quote's book, or null with the quote rejected (an unknown instrument, a price off the grid or limits). */
function quotedBook(state: State, quote: Quote): Book | null {
  const book = state.books.get(quote.code);
  const problem = book ? quoteProblem(book, quote) : 'INSTRUMENT_UNKNOWN';
  if (book && !problem) return book;
  state.out.push({ type: 'QuoteRejected', code: quote.code, reason: problem!, at: quote.at });
  return null;
}

export function onQuote(state: State, quote: Quote): void {
  const book = quotedBook(state, quote);
  if (!book) return;
  const previous = book.quote;
  book.quote = quote;
  state.marketPhase = quote.phase;
  if (isAuction(previous, quote)) state.auction = { book, price: quote.last };
  try {
    if (state.auction) match(state, book, quote.last, quote.last, quote.at);
    else if (isContinuous(quote.phase) && quote.halted !== true)
      match(state, book, quote.bid, quote.ask, quote.at);
    evaluateChanged(state, quote.at);
    evaluateTriggered(state, book, quote.at);
  } finally {
    state.auction = null;
  }
}
