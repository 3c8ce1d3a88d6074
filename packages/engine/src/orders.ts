import { isMarginTrade, type Sen } from '@kabuto/contract';
import { isWholeLotCount, SHARES_PER_LOT, type Price } from '@kabuto/market-rules';
import type { AmendOrder, PlaceOrder, CancelOrder, ExpireOrders } from './commands';
import type { OrderCancelled, RejectReason, Transfer } from './events';
import { entryPriceNow } from './market-access';
import { fundsProblem } from './account-limits';
import { feeFor, marginFor, notionalOf } from './money';
import { move } from './pockets';
import { limitPriceProblem, triggerPriceNow, triggerProblem, triggerReferences } from './price-checks';
import type { EpochMs, Side } from './records';
import { reject } from './rejections';
import { measure } from './risk';
import { expireLimitCloses, openPosition } from './positions';
import { bySeq, type Account, type Book, type Order, type State } from './state';
import { acceptableValidUntil, pastValidUntil, requireCalendarDate } from './validity';

/** What accepting an order would do, worked out before anything changes. */
export interface OrderPlan {
  readonly account: Account;
  readonly book: Book;
  readonly shares: number;
  /** The price the hold is computed at: the fill price when it fills at once, else the limit, else limit up. */
  readonly holdPrice: Price;
  readonly notional: Sen;
  readonly margin: Sen;
  readonly fee: Sen;
  readonly fillPrice: Price | null;
  readonly equity: Sen;
  readonly openNotional: Sen;
}

function marketable(side: Side, limit: Price, price: Price): boolean {
  return side === 'long' ? price <= limit : price >= limit;
}

/** Lots the account has open in the book: its positions and resting orders there, both sides. */
function openLotsIn(account: Account, book: Book): number {
  let lots = 0;
  for (const position of account.positions) if (position.book === book) lots += position.lots;
  for (const order of account.orders) if (order.book === book) lots += order.lots;
  return lots;
}

/** The house's limits on the instrument (config.ts, InstrumentLimits); only new orders are checked. */
function instrumentLimitProblem(account: Account, book: Book, cmd: PlaceOrder): RejectReason | null {
  const { limits } = book;
  if (limits.maxLeverage !== null && cmd.leverage > limits.maxLeverage) {
    return 'LEVERAGE_ABOVE_INSTRUMENT_LIMIT';
  }
  if (cmd.side === 'short' && !limits.shortable) return 'SHORT_SELLING_NOT_ALLOWED';
  if (limits.maxLotsPerOrder !== null && cmd.lots > limits.maxLotsPerOrder) {
    return 'LOTS_ABOVE_INSTRUMENT_LIMIT';
  }
  if (limits.maxOpenLots !== null && openLotsIn(account, book) + cmd.lots > limits.maxOpenLots) {
    return 'OPEN_LOTS_ABOVE_INSTRUMENT_LIMIT';
  }
  return null;
}

export function planOrder(state: State, cmd: PlaceOrder): OrderPlan | RejectReason {
  const { config } = state;
  const account = state.accounts.get(cmd.accountId);
  if (!account) return 'ACCOUNT_NOT_FOUND';
  if (state.orders.has(cmd.orderId) || state.positions.has(cmd.orderId)) return 'ORDER_ID_IN_USE';
  const validUntil = cmd.validUntil ?? null;
  if (validUntil !== null && !acceptableValidUntil(validUntil, cmd.at)) return 'VALIDITY_INVALID';
  const book = state.books.get(cmd.code);
  if (!book) return 'INSTRUMENT_UNKNOWN';
  if (!isWholeLotCount(cmd.lots) || cmd.lots > config.maxLotsPerOrder) return 'LOTS_INVALID';
  if (!config.leverages.includes(cmd.leverage)) return 'LEVERAGE_NOT_ALLOWED';
  const limits = instrumentLimitProblem(account, book, cmd);
  if (limits) return limits;
  const marginTrade = isMarginTrade(cmd.side, cmd.leverage);
  if (marginTrade) {
    if (!account.kycPassed) return 'KYC_REQUIRED_FOR_LEVERAGE';
    if (account.creditScore < config.minimumCreditScoreForLeverage) return 'CREDIT_SCORE_TOO_LOW';
  }
  const quote = book.quote;
  if (!quote) return 'MARKET_DATA_UNAVAILABLE';
  if (quote.halted) return 'INSTRUMENT_HALTED';
  if (cmd.type === 'limit') {
    if (cmd.price === undefined) return 'PRICE_REQUIRED';
    const problem = limitPriceProblem(book, cmd.price);
    if (problem) return problem;
  } else if (cmd.price !== undefined) {
    return 'PRICE_NOT_ALLOWED';
  }
  const now = entryPriceNow(state, book, cmd.side);
  const fillPrice =
    now === null || (cmd.price !== undefined && !marketable(cmd.side, cmd.price, now)) ? null : now;
  // Judged against the entry price the position will have: a limit order that fills at once fills at the
  // market price, which may be better than its limit, and a take-profit already reached there would close
  // the position at the next price (docs/trading.md, "Take-profit and stop-loss"). A position opened at the
  // market is also judged against the price its triggers fire on now: a long's stop-loss at the bid is reached.
  // A limit the board already reaches while the market is closed fills at the opening, at the market too.
  const boardSide = cmd.side === 'long' ? quote.ask : quote.bid;
  const atMarket =
    fillPrice !== null || cmd.price === undefined || marketable(cmd.side, cmd.price, boardSide);
  const entry = fillPrice ?? cmd.price ?? boardSide;
  const references = triggerReferences(cmd.side, entry, atMarket ? triggerPriceNow(book, cmd.side) : null);
  const triggers = triggerProblem(book, cmd.side, references, cmd.takeProfit ?? null, cmd.stopLoss ?? null);
  if (triggers) return triggers;
  if (account.marginCall) return 'MARGIN_CALL_OUTSTANDING';
  const { equity, notional: openNotional } = measure(account);
  if (marginTrade && equity < config.margin.minimumEquity) return 'MINIMUM_EQUITY_REQUIRED';

  // A market order waiting for the opening cannot fill beyond today's limit up: hold for that price.
  const holdPrice = fillPrice ?? cmd.price ?? quote.limitUp;
  const shares = cmd.lots * SHARES_PER_LOT;
  const notional = notionalOf(holdPrice, shares);
  const margin = marginFor(notional, cmd.leverage);
  const fee = feeFor(notional, config.fee);
  const funds = fundsProblem(
    { available: account.available, equity, openNotional },
    notional,
    cmd.leverage,
    config,
  );
  if (funds) return funds;
  return { account, book, shares, holdPrice, notional, margin, fee, fillPrice, equity, openNotional };
}

function fileOrder(order: Order): void {
  if (order.limitPrice === null) order.book.waitingMarket.add(order);
  else {
    const index = order.side === 'long' ? order.book.longLimits : order.book.shortLimits;
    index.insert(Number(order.limitPrice), order.seq, order);
  }
}

function unfileOrder(order: Order): void {
  if (order.limitPrice === null) order.book.waitingMarket.delete(order);
  else {
    const index = order.side === 'long' ? order.book.longLimits : order.book.shortLimits;
    index.remove(Number(order.limitPrice), order.seq);
  }
}

function forget(state: State, order: Order): void {
  unfileOrder(order);
  state.orders.delete(order.id);
  order.account.orders.delete(order);
}

export function placeOrder(state: State, cmd: PlaceOrder): void {
  const plan = planOrder(state, cmd);
  if (typeof plan === 'string') {
    reject(state, 'placeOrder', plan, { accountId: cmd.accountId, orderId: cmd.orderId }, cmd.at);
    return;
  }
  acceptOrder(state, cmd, plan);
}

/** An order planned without refusal: its hold taken, then filled at once or filed to rest. */
function acceptOrder(state: State, cmd: PlaceOrder, plan: OrderPlan): void {
  const { account, book } = plan;
  const order: Order = {
    id: cmd.orderId,
    seq: state.nextSeq++,
    account,
    book,
    side: cmd.side,
    type: cmd.type,
    limitPrice: cmd.price ?? null,
    lots: cmd.lots,
    leverage: cmd.leverage,
    heldMargin: plan.margin,
    heldFee: plan.fee,
    takeProfit: cmd.takeProfit ?? null,
    stopLoss: cmd.stopLoss ?? null,
    validUntil: cmd.validUntil ?? null,
    placedAt: cmd.at,
  };
  const transfers: Transfer[] = [];
  move(account, 'available', 'held', plan.margin + plan.fee, transfers);
  state.orders.set(order.id, order);
  account.orders.add(order);
  state.out.push({
    type: 'OrderAccepted',
    orderId: order.id,
    accountId: account.id,
    code: book.code,
    side: order.side,
    orderType: order.type,
    limitPrice: order.limitPrice,
    lots: order.lots,
    leverage: order.leverage,
    heldMargin: order.heldMargin,
    heldFee: order.heldFee,
    takeProfit: order.takeProfit,
    stopLoss: order.stopLoss,
    validUntil: order.validUntil,
    transfers,
    at: cmd.at,
  });
  if (plan.fillPrice !== null) fillOrder(state, order, plan.fillPrice, cmd.at);
  else fileOrder(order);
}

/** The resting limit order `cmd` amends, or why it cannot be amended. */
function amendable(state: State, cmd: AmendOrder): Order | RejectReason {
  const order = state.orders.get(cmd.orderId);
  if (!order || order.account.id !== cmd.accountId) return 'ORDER_NOT_FOUND';
  if (order.limitPrice === null) return 'ORDER_NOT_AMENDABLE';
  if (order.limitPrice === cmd.price && order.lots === cmd.lots) return 'ORDER_AMEND_UNCHANGED';
  // As at Japanese brokers, a 訂正 may only reduce the quantity; more shares are a new order.
  if (cmd.lots > order.lots) return 'ORDER_AMEND_LOTS_INCREASED';
  return order;
}

/** The order that replaces `order` under AmendOrder: the same terms, the new price and lots. */
function replacement(order: Order, cmd: AmendOrder): PlaceOrder {
  return {
    orderId: cmd.newOrderId,
    accountId: cmd.accountId,
    code: order.book.code,
    side: order.side,
    type: 'limit',
    price: cmd.price,
    lots: cmd.lots,
    leverage: order.leverage,
    takeProfit: order.takeProfit,
    stopLoss: order.stopLoss,
    validUntil: order.validUntil,
    at: cmd.at,
  };
}

/**
 * Runs `work` with `order` out of its book and its hold back in available cash, as a cancel would leave the
 * account, so the replacement is judged on what the amendment frees. Unless `work` keeps it cancelled, the
 * order goes back exactly as it was, in its place in the queue. Returns `work`'s answer and the transfers
 * that freed the hold.
 */
function asIfCancelled<T>(
  order: Order,
  work: () => { readonly result: T; readonly keepCancelled: boolean },
): { readonly result: T; readonly transfers: Transfer[] } {
  const released = order.heldMargin + order.heldFee;
  const transfers: Transfer[] = [];
  unfileOrder(order);
  order.account.orders.delete(order);
  move(order.account, 'held', 'available', released, transfers);
  const { result, keepCancelled } = work();
  if (!keepCancelled) {
    move(order.account, 'available', 'held', released, []);
    order.account.orders.add(order);
    fileOrder(order);
  }
  return { result, transfers };
}

export function amendOrder(state: State, cmd: AmendOrder): void {
  const ids = { accountId: cmd.accountId, orderId: cmd.orderId };
  const order = amendable(state, cmd);
  if (typeof order === 'string') return reject(state, 'amendOrder', order, ids, cmd.at);
  const next = replacement(order, cmd);
  const { result: plan, transfers } = asIfCancelled(order, () => {
    const planned = planOrder(state, next);
    return { result: planned, keepCancelled: typeof planned !== 'string' };
  });
  if (typeof plan === 'string') return reject(state, 'amendOrder', plan, ids, cmd.at);
  state.orders.delete(order.id);
  state.out.push({
    type: 'OrderCancelled',
    orderId: order.id,
    accountId: order.account.id,
    code: order.book.code,
    lots: order.lots,
    validUntil: order.validUntil,
    reason: 'amended',
    released: order.heldMargin + order.heldFee,
    transfers,
    at: cmd.at,
  });
  acceptOrder(state, next, plan);
}

/** What the amended order would hold and where it would be liquidated, or why it would be refused. */
export function planAmendment<T>(
  state: State,
  cmd: AmendOrder,
  judge: (next: PlaceOrder) => T,
): T | RejectReason {
  const order = amendable(state, cmd);
  if (typeof order === 'string') return order;
  return asIfCancelled(order, () => ({ result: judge(replacement(order, cmd)), keepCancelled: false }))
    .result;
}

/** Gives back an order's hold and forgets it. */
export function releaseOrder(
  state: State,
  order: Order,
  reason: OrderCancelled['reason'],
  at: EpochMs,
): void {
  forget(state, order);
  const released = order.heldMargin + order.heldFee;
  const transfers: Transfer[] = [];
  move(order.account, 'held', 'available', released, transfers);
  state.out.push({
    type: 'OrderCancelled',
    orderId: order.id,
    accountId: order.account.id,
    code: order.book.code,
    lots: order.lots,
    validUntil: order.validUntil,
    reason,
    released,
    transfers,
    at,
  });
}

export function cancelOrder(state: State, cmd: CancelOrder): void {
  const order = state.orders.get(cmd.orderId);
  if (!order || order.account.id !== cmd.accountId) {
    reject(
      state,
      'cancelOrder',
      'ORDER_NOT_FOUND',
      { accountId: cmd.accountId, orderId: cmd.orderId },
      cmd.at,
    );
    return;
  }
  releaseOrder(state, order, 'user', cmd.at);
}

/**
 * Cancels, as expired, every resting order whose last valid date is before `cmd.date`, in time priority. An
 * order already gone (expired before, filled, cancelled) is not there to cancel, so running it twice for a date
 * cancels nothing the second time.
 */
export function expireOrders(state: State, cmd: ExpireOrders): void {
  requireCalendarDate(cmd.date);
  const due = [...state.orders.values()]
    .filter((order) => order.validUntil !== null && order.validUntil < cmd.date)
    .sort(bySeq);
  for (const order of due) releaseOrder(state, order, 'expired', cmd.at);
  expireLimitCloses(state, cmd.date, cmd.at);
}

/**
 * Fills an order to open at a price: the hold becomes the position's margin and the fee, the excess goes
 * back to available. A fill that needs more than was held (a short filled above its limit, an opening
 * beyond yesterday's limit up) takes the rest from available, and is cancelled when that is not there.
 */
export function fillOrder(state: State, order: Order, price: Price, at: EpochMs): void {
  const { account } = order;
  // The daily run cancels it at the start of the next day; this holds even if a price comes first.
  if (pastValidUntil(order.validUntil, at)) {
    releaseOrder(state, order, 'expired', at);
    return;
  }
  const shares = order.lots * SHARES_PER_LOT;
  const notional = notionalOf(price, shares);
  const margin = marginFor(notional, order.leverage);
  const fee = feeFor(notional, state.config.fee);
  const held = order.heldMargin + order.heldFee;
  const needed = margin + fee;
  if (needed > held && account.available < needed - held) {
    releaseOrder(state, order, 'insufficient_funds', at);
    return;
  }
  forget(state, order);
  const transfers: Transfer[] = [];
  if (needed > held) move(account, 'available', 'held', needed - held, transfers);
  move(account, 'held', 'margin', margin, transfers);
  move(account, 'held', 'fee_income', fee, transfers);
  if (held > needed) move(account, 'held', 'available', held - needed, transfers);
  state.out.push({
    type: 'OrderFilled',
    orderId: order.id,
    accountId: account.id,
    positionId: order.id,
    code: order.book.code,
    side: order.side,
    price,
    lots: order.lots,
    notional,
    margin,
    fee,
    transfers,
    at,
  });
  openPosition(state, order, price, margin, fee, at);
}
