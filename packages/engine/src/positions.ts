import type { Sen } from '@kabuto/contract';
import { SHARES_PER_LOT, type CalendarDate, type Price } from '@kabuto/market-rules';
import type { CancelClose, ClosePosition, SetTakeProfitStopLoss } from './commands';
import type { CloseCancelled, LimitClose, RejectReason, Transfer } from './events';
import { exitPriceNow } from './market-access';
import { feeFor, notionalOf } from './money';
import { charge, move, repayDebt } from './pockets';
import { limitPriceProblem, triggerPriceNow, triggerProblem } from './price-checks';
import type { CloseReason, EpochMs, LimitCloseWithdrawal } from './records';
import { reject } from './rejections';
import { bySeq, type Order, type Position, type PositionKeys, type State } from './state';
import { acceptableValidUntil, pastValidUntil } from './validity';
import type { PriceIndex } from './price-index';

type TriggerKind = Exclude<keyof PositionKeys, 'risk'>;

/** The index a position is filed in for each kind of trigger: longs leave at the bid, shorts at the ask. */
function indexFor(position: Position, kind: TriggerKind): PriceIndex<Position> {
  const { book } = position;
  if (position.side === 'long') {
    if (kind === 'takeProfit') return book.longTakeProfits;
    return kind === 'stopLoss' ? book.longStopLosses : book.longCloseLimits;
  }
  if (kind === 'takeProfit') return book.shortTakeProfits;
  return kind === 'stopLoss' ? book.shortStopLosses : book.shortCloseLimits;
}

function file(position: Position, kind: TriggerKind, price: Price | null): void {
  if (price === null) return;
  const key = Number(price);
  indexFor(position, kind).insert(key, position.seq, position);
  position.keys[kind] = key;
}

export function unfile(position: Position, kind: TriggerKind): void {
  const key = position.keys[kind];
  if (key === null) return;
  indexFor(position, kind).remove(key, position.seq);
  position.keys[kind] = null;
}

export function unfileRisk(position: Position): void {
  const key = position.keys.risk;
  if (key === null) return;
  const index = position.side === 'long' ? position.book.longRisk : position.book.shortRisk;
  index.remove(key, position.seq);
  position.keys.risk = null;
}

/** Files a position's take-profit, stop-loss and resting close, as its status allows. */
export function fileTriggers(position: Position): void {
  if (position.status === 'closing') {
    position.book.pendingCloses.add(position);
    return;
  }
  file(position, 'takeProfit', position.takeProfit);
  file(position, 'stopLoss', position.stopLoss);
  if (position.status === 'limit-closing') file(position, 'closeLimit', position.closeLimit);
}

function unfileAll(position: Position): void {
  unfile(position, 'takeProfit');
  unfile(position, 'stopLoss');
  unfile(position, 'closeLimit');
  unfileRisk(position);
  position.book.pendingCloses.delete(position);
}

export function openPosition(
  state: State,
  order: Order,
  price: Price,
  margin: Sen,
  fee: Sen,
  at: EpochMs,
): void {
  const shares = order.lots * SHARES_PER_LOT;
  const position: Position = {
    id: order.id,
    seq: order.seq,
    account: order.account,
    book: order.book,
    side: order.side,
    lots: order.lots,
    shares,
    leverage: order.leverage,
    entryPrice: price,
    entryNotional: notionalOf(price, shares),
    margin,
    openFee: fee,
    interest: 0n,
    takeProfit: order.takeProfit,
    stopLoss: order.stopLoss,
    status: 'holding',
    closeLimit: null,
    closeValidUntil: null,
    closeReason: null,
    closeLots: null,
    closePartId: null,
    openedAt: at,
    keys: { takeProfit: null, stopLoss: null, closeLimit: null, risk: null },
  };
  state.positions.set(position.id, position);
  position.account.positions.add(position);
  fileTriggers(position);
  state.dirty.add(position.account);
  state.out.push({
    type: 'PositionOpened',
    positionId: position.id,
    orderId: order.id,
    accountId: position.account.id,
    code: position.book.code,
    side: position.side,
    lots: position.lots,
    leverage: position.leverage,
    entryPrice: price,
    notional: position.entryNotional,
    margin,
    fee,
    takeProfit: position.takeProfit,
    stopLoss: position.stopLoss,
    at,
  });
}

/** Realised or unrealised P&L of a position (or of some of its lots) at a price. */
export function pnlAt(position: Pick<Position, 'side' | 'shares' | 'entryNotional'>, price: Price): Sen {
  const gain = notionalOf(price, position.shares) - position.entryNotional;
  return position.side === 'long' ? gain : -gain;
}

/**
 * Some of a position's lots, with their share of its margin, opening fee and interest so far: rounded down, so
 * the position keeps what rounding leaves and the shares add up to the whole.
 */
export function shareOfLots(position: Position, lots: number) {
  const shares = lots * SHARES_PER_LOT;
  const share = (amount: Sen) => (amount * BigInt(lots)) / BigInt(position.lots);
  return {
    lots,
    shares,
    entryNotional: notionalOf(position.entryPrice, shares),
    margin: share(position.margin),
    openFee: share(position.openFee),
    interest: share(position.interest),
  };
}

/**
 * 一部返済 filled at a price: the close's lots leave the position as a position of their own, which closes there;
 * the position keeps the rest and is held again, its take-profit and stop-loss filed again if a waiting market
 * close had taken them off.
 */
function settlePart(
  state: State,
  position: Position,
  price: Price,
  at: EpochMs,
  closedByLimit: LimitClose | null,
): void {
  const part: Position = {
    ...position,
    ...shareOfLots(position, position.closeLots!),
    id: position.closePartId!,
    status: 'holding',
    takeProfit: null,
    stopLoss: null,
    closeLimit: null,
    closeValidUntil: null,
    closeReason: null,
    closeLots: null,
    closePartId: null,
    keys: { takeProfit: null, stopLoss: null, closeLimit: null, risk: null },
  };
  const waited = position.status === 'closing';
  unfile(position, 'closeLimit');
  position.book.pendingCloses.delete(position);
  position.lots -= part.lots;
  position.shares -= part.shares;
  position.entryNotional = notionalOf(position.entryPrice, position.shares);
  position.margin -= part.margin;
  position.openFee -= part.openFee;
  position.interest -= part.interest;
  withdrawLimitClose(position);
  position.closeReason = null;
  if (waited) fileTriggers(position);
  state.out.push({
    type: 'PositionSplit',
    positionId: position.id,
    partId: part.id,
    accountId: position.account.id,
    lots: part.lots,
    margin: part.margin,
    openFee: part.openFee,
    interest: part.interest,
    remainingLots: position.lots,
    at,
  });
  settleClose(state, part, price, 'user', at, closedByLimit);
}

/**
 * Closes a position at a price: margin back to available, a gain from the counterparty, then the loss and
 * the fee from available, and what available cannot pay as debt. The investor's close of fewer lots than all
 * closes only those (settlePart); a take-profit, stop-loss or forced close takes the whole position.
 */
export function settleClose(
  state: State,
  position: Position,
  price: Price,
  reason: CloseReason,
  at: EpochMs,
  closedByLimit: LimitClose | null = null,
): void {
  if (position.closeLots !== null && reason === 'user')
    return settlePart(state, position, price, at, closedByLimit);
  // Closed another way (a take-profit, a stop-loss, a forced close) while a limit close rested: that close is
  // withdrawn, and said so first.
  if (position.status === 'limit-closing' && closedByLimit === null) withdrawnBy(state, position, reason, at);
  unfileAll(position);
  const { account } = position;
  const notional = notionalOf(price, position.shares);
  const realisedPnl = pnlAt(position, price);
  const fee = feeFor(notional, state.config.fee);
  const transfers: Transfer[] = [];
  move(account, 'margin', 'available', position.margin, transfers);
  let shortfall = 0n;
  if (realisedPnl > 0n) move(account, 'counterparty', 'available', realisedPnl, transfers);
  else shortfall += charge(account, 'counterparty', -realisedPnl, transfers);
  shortfall += charge(account, 'fee_income', fee, transfers);
  state.positions.delete(position.id);
  account.positions.delete(position);
  state.out.push({
    type: 'PositionClosed',
    positionId: position.id,
    accountId: account.id,
    code: position.book.code,
    side: position.side,
    lots: position.lots,
    leverage: position.leverage,
    entryPrice: position.entryPrice,
    exitPrice: price,
    notional,
    realisedPnl,
    fee,
    marginReleased: position.margin,
    interest: position.interest,
    shortfall,
    reason,
    closedByLimit,
    transfers,
    at,
  });
  repayDebt(state, account, at);
  state.dirty.add(account);
  if (reason === 'forced') state.forceClosed.add(account);
}

/** A market close that cannot fill now waits for the next auction; its triggers no longer matter. */
export function markPendingClose(position: Position, reason: 'user' | 'forced'): void {
  unfile(position, 'takeProfit');
  unfile(position, 'stopLoss');
  unfile(position, 'closeLimit');
  position.status = 'closing';
  position.closeLimit = null;
  position.closeValidUntil = null;
  position.closeReason = reason;
  // A forced close takes all the lots, whatever the investor's waiting close covered.
  if (reason === 'forced') {
    position.closeLots = null;
    position.closePartId = null;
  }
  position.book.pendingCloses.add(position);
}

/** What closing would do now: the position and the price it fills at now (null: it waits), or the refusal. */
export function planClose(
  state: State,
  cmd: ClosePosition,
): RejectReason | { readonly position: Position; readonly fillPrice: Price | null; readonly lots: number } {
  const position = state.positions.get(cmd.positionId);
  if (!position || position.account.id !== cmd.accountId) return 'POSITION_NOT_FOUND';
  if (position.status === 'closing') return 'POSITION_CLOSING';
  const lots = cmd.lots ?? position.lots;
  if (!Number.isInteger(lots) || lots < 1 || lots > position.lots) return 'CLOSE_LOTS_INVALID';
  if (lots < position.lots) {
    if (!cmd.partId) return 'CLOSE_LOTS_INVALID';
    if (state.positions.has(cmd.partId) || state.orders.has(cmd.partId)) return 'ORDER_ID_IN_USE';
  }
  const validUntil = cmd.validUntil ?? null;
  if (validUntil !== null && !acceptableValidUntil(validUntil, cmd.at)) return 'VALIDITY_INVALID';
  if (cmd.type === 'limit') {
    if (cmd.price === undefined) return 'PRICE_REQUIRED';
    const problem = limitPriceProblem(position.book, cmd.price);
    if (problem) return problem;
  } else if (cmd.price !== undefined) {
    return 'PRICE_NOT_ALLOWED';
  }
  const now = exitPriceNow(state, position.book, position.side);
  const limit = cmd.price ?? null;
  const fillsNow =
    now !== null && (limit === null || (position.side === 'long' ? now >= limit : now <= limit));
  return { position, fillPrice: fillsNow ? now : null, lots };
}

export function closePosition(state: State, cmd: ClosePosition): void {
  const plan = planClose(state, cmd);
  if (typeof plan === 'string') {
    const ids = { accountId: cmd.accountId, positionId: cmd.positionId };
    return reject(state, 'closePosition', plan, ids, cmd.at);
  }
  const { position, fillPrice, lots } = plan;
  // A new close replaces a resting one.
  if (position.status === 'limit-closing') cancelLimitClose(state, position, 'replaced', cmd.at);
  const some = lots < position.lots;
  position.closeLots = some ? lots : null;
  position.closePartId = some ? cmd.partId! : null;

  const byLimit = cmd.price === undefined ? null : { price: cmd.price, validUntil: cmd.validUntil ?? null };
  if (fillPrice !== null) return settleClose(state, position, fillPrice, 'user', cmd.at, byLimit);
  if (byLimit === null) markPendingClose(position, 'user');
  else {
    position.status = 'limit-closing';
    position.closeLimit = byLimit.price;
    position.closeValidUntil = byLimit.validUntil;
    file(position, 'closeLimit', byLimit.price);
  }
  state.out.push({
    type: 'CloseRequested',
    positionId: position.id,
    accountId: position.account.id,
    closeType: cmd.type,
    limitPrice: byLimit?.price ?? null,
    validUntil: byLimit?.validUntil ?? null,
    status: byLimit === null ? 'closing' : 'limit-closing',
    lots,
    partId: position.closePartId,
    at: cmd.at,
  });
}

/** The position held again, its resting limit close (if any) off the book. */
function withdrawLimitClose(position: Position): void {
  unfile(position, 'closeLimit');
  position.status = 'holding';
  position.closeLimit = null;
  position.closeValidUntil = null;
  position.closeLots = null;
  position.closePartId = null;
}

/** The position's close as it stands, withdrawn: its lots, its limit and last date (none at the market). */
const closeCancelled = (position: Position, reason: LimitCloseWithdrawal, at: EpochMs): CloseCancelled => ({
  type: 'CloseCancelled',
  positionId: position.id,
  accountId: position.account.id,
  code: position.book.code,
  lots: position.closeLots ?? position.lots,
  reason,
  limitPrice: position.closeLimit,
  validUntil: position.closeValidUntil,
  at,
});

/** A resting limit close withdrawn without filling, and said so. */
export function cancelLimitClose(
  state: State,
  position: Position,
  reason: LimitCloseWithdrawal,
  at: EpochMs,
): void {
  const cancelled = closeCancelled(position, reason, at);
  withdrawLimitClose(position);
  state.out.push(cancelled);
}

/**
 * The investor's market 一部返済 waiting for the auction, withdrawn as a forced close takes the whole position: the
 * order leaves a record, as a withdrawn limit close does. The position stays closing, now for all its lots.
 */
export function withdrawWaitingPart(state: State, position: Position, at: EpochMs): void {
  state.out.push(closeCancelled(position, 'forced', at));
}

/** The lots waiting to close at the auction (all of the position, or a 一部返済's), as a part; null if none wait. */
export function waitingToClose(position: Position): Pick<Position, 'shares' | 'entryNotional'> | null {
  if (position.status !== 'closing') return null;
  return position.closeLots === null ? position : shareOfLots(position, position.closeLots);
}

/** The resting limit close of a position closed by `reason` another way. */
const withdrawnBy = (state: State, position: Position, reason: CloseReason, at: EpochMs) =>
  cancelLimitClose(state, position, reason === 'user' ? 'replaced' : reason, at);

/**
 * Withdraws, as expired, every resting limit close whose last date is before `date`, in time priority; the
 * positions are held again. Run twice for a date, it withdraws nothing the second time.
 */
export function expireLimitCloses(state: State, date: CalendarDate, at: EpochMs): void {
  const due = [...state.positions.values()]
    .filter((position) => position.closeValidUntil !== null && position.closeValidUntil < date)
    .sort(bySeq);
  for (const position of due) cancelLimitClose(state, position, 'expired', at);
}

export function cancelClose(state: State, cmd: CancelClose): void {
  const ids = { accountId: cmd.accountId, positionId: cmd.positionId };
  const position = state.positions.get(cmd.positionId);
  if (!position || position.account.id !== cmd.accountId)
    return reject(state, 'cancelClose', 'POSITION_NOT_FOUND', ids, cmd.at);
  // A market close waiting for the auction is not withdrawn: it may be a forced one, and the client's own
  // goes at the next auction as the client asked.
  if (position.status !== 'limit-closing')
    return reject(state, 'cancelClose', 'POSITION_NOT_LIMIT_CLOSING', ids, cmd.at);
  cancelLimitClose(state, position, 'user', cmd.at);
}

export function setTakeProfitStopLoss(state: State, cmd: SetTakeProfitStopLoss): void {
  const ids = { accountId: cmd.accountId, positionId: cmd.positionId };
  const position = state.positions.get(cmd.positionId);
  if (!position || position.account.id !== cmd.accountId) {
    return reject(state, 'setTakeProfitStopLoss', 'POSITION_NOT_FOUND', ids, cmd.at);
  }
  if (position.status === 'closing') {
    return reject(state, 'setTakeProfitStopLoss', 'POSITION_CLOSING', ids, cmd.at);
  }
  // Judged against the price they fire on now (a long's bid, a short's ask): one already reached there would
  // close the position at the next price. Before any quote, against the entry price.
  const now = triggerPriceNow(position.book, position.side) ?? position.entryPrice;
  const problem = triggerProblem(
    position.book,
    position.side,
    { takeProfit: now, stopLoss: now },
    cmd.takeProfit,
    cmd.stopLoss,
  );
  if (problem) return reject(state, 'setTakeProfitStopLoss', problem, ids, cmd.at);
  unfile(position, 'takeProfit');
  unfile(position, 'stopLoss');
  position.takeProfit = cmd.takeProfit;
  position.stopLoss = cmd.stopLoss;
  file(position, 'takeProfit', cmd.takeProfit);
  file(position, 'stopLoss', cmd.stopLoss);
  state.out.push({
    type: 'TakeProfitStopLossSet',
    positionId: position.id,
    accountId: position.account.id,
    takeProfit: position.takeProfit,
    stopLoss: position.stopLoss,
    at: cmd.at,
  });
}

/** Takes every position an index fires at this price and closes it there. */
export function closeFired(
  state: State,
  index: PriceIndex<Position>,
  kind: TriggerKind,
  price: Price,
  reason: CloseReason,
  at: EpochMs,
): void {
  const key = Number(price);
  for (let position = index.takeNext(key); position; position = index.takeNext(key)) {
    position.keys[kind] = null;
    // The daily run withdraws it at the start of the next day; this holds even if a price comes first.
    if (kind !== 'closeLimit') settleClose(state, position, price, reason, at);
    else if (pastValidUntil(position.closeValidUntil, at)) cancelLimitClose(state, position, 'expired', at);
    else
      settleClose(state, position, price, reason, at, {
        price: position.closeLimit!,
        validUntil: position.closeValidUntil,
      });
  }
}
