import type { Sen } from '@kabuto/contract';
import { jstDateOf, marginCallDeadline } from '@kabuto/market-rules';
import { exitPriceNow, markOf } from './market-access';
import { BASIS_POINTS, equityAtLevel, feeFor, isBelowLevel, notionalOf, ratioBp } from './money';
import { releaseOrder } from './orders';
import {
  cancelLimitClose,
  markPendingClose,
  pnlAt,
  settleClose,
  unfileRisk,
  waitingToClose,
  withdrawWaitingPart,
} from './positions';
import { HIGHEST_PRICE } from './price-checks';
import type { PriceIndex } from './price-index';
import type { EpochMs } from './records';
import { bySeq, type Account, type Book, type Position, type State } from './state';

export interface Measure {
  /** available + held + margin + debt + unrealised P&L at the marks. */
  readonly equity: Sen;
  /** The open positions' notional at entry: the denominator of the maintenance ratio. */
  readonly notional: Sen;
}

export function measure(account: Account): Measure {
  let equity = account.available + account.held + account.margin + account.debt;
  let notional = 0n;
  for (const position of account.positions) {
    equity += pnlAt(position, markOf(position));
    notional += position.entryNotional;
  }
  return { equity, notional };
}

/**
 * As measure, with the lots already waiting to close (all of a position's, or those of a 一部返済) counted as
 * closed at their mark, less the fee.
 */
function measureAfterPendingCloses(state: State, account: Account): Measure {
  let { equity, notional } = measure(account);
  for (const position of account.positions) {
    const closing = waitingToClose(position);
    if (!closing) continue;
    notional -= closing.entryNotional;
    equity -= feeFor(notionalOf(markOf(position), closing.shares), state.config.fee);
  }
  return { equity, notional };
}

function ratioFields(account: Account, { equity, notional }: Measure, at: EpochMs) {
  return { accountId: account.id, equity, openNotional: notional, ratioBp: ratioBp(equity, notional), at };
}

/**
 * Closes positions worst first (largest unrealised loss, then oldest) until the ratio, counting closes
 * that wait for the next auction as done, is back at the maintenance level. The account's resting orders
 * to open are cancelled first: they would only add exposure.
 */
function forceClose(
  state: State,
  account: Account,
  reason: 'liquidation_level' | 'margin_call_deadline',
  at: EpochMs,
): void {
  for (const order of [...account.orders].sort(bySeq)) releaseOrder(state, order, 'forced_close', at);
  const candidates = [...account.positions]
    // A waiting 一部返済 leaves the rest of its position open: the forced close takes the whole position.
    .filter((position) => position.status !== 'closing' || position.closeLots !== null)
    .map((position) => ({ position, pnl: pnlAt(position, markOf(position)) }))
    .sort((a, b) => (a.pnl === b.pnl ? a.position.seq - b.position.seq : a.pnl < b.pnl ? -1 : 1));
  for (const { position } of candidates) {
    const now = measureAfterPendingCloses(state, account);
    if (
      now.notional === 0n ||
      !isBelowLevel(now.equity, now.notional, state.config.margin.maintenanceRatioBp)
    ) {
      break;
    }
    const price = exitPriceNow(state, position.book, position.side);
    // Before the forced close's events, which the server applies after it.
    if (position.status === 'limit-closing') cancelLimitClose(state, position, 'forced', at);
    else if (position.status === 'closing') withdrawWaitingPart(state, position, at);
    state.out.push({
      type: 'ForcedClose',
      ...ratioFields(account, now, at),
      positionId: position.id,
      reason,
      pending: price === null,
    });
    if (price === null) markPendingClose(position, 'forced');
    else settleClose(state, position, price, 'forced', at);
  }
}

/**
 * Files each position's risk trigger: the last price beyond which the account might have crossed its
 * next level (the maintenance level, or the liquidation level during a margin call). The account's buffer
 * (equity × 10,000 - notional × level) is shared out in proportion to notional, so until some position's
 * price moves past its share no combination of moves can have crossed the level, and a tick only has to
 * look at the triggers it passes. A trigger sits one sen beyond the exact bound so it never fires at the
 * price it was computed at. An account already past its level gets triggers that fire on the next quote.
 */
export function refileRisk(state: State, account: Account, { equity, notional }: Measure): void {
  const level = account.marginCall ? state.config.liquidationRatioBp : state.config.margin.maintenanceRatioBp;
  const buffer = equity * BASIS_POINTS - notional * BigInt(level);
  for (const position of account.positions) {
    unfileRisk(position);
    let trigger: Sen;
    if (buffer < 0n) trigger = position.side === 'long' ? HIGHEST_PRICE : 0n;
    else {
      const share = (buffer * position.entryNotional) / notional;
      const distance = share / (BigInt(position.shares) * BASIS_POINTS);
      const mark = markOf(position);
      trigger = position.side === 'long' ? mark - distance - 1n : mark + distance + 1n;
      // A long cannot fall below one sen, a short's trigger beyond any price never fires.
      if (trigger <= 0n || trigger > HIGHEST_PRICE) continue;
    }
    const key = Number(trigger);
    (position.side === 'long' ? position.book.longRisk : position.book.shortRisk).insert(
      key,
      position.seq,
      position,
    );
    position.keys.risk = key;
  }
}

export interface EvaluateOptions {
  /**
   * Whether a standing margin call may be lifted now. Only evaluations that follow a change to the
   * account (a fill, a deposit, a daily check) lift one, never a passing price: when triggers fire depends
   * on when they were filed, and decisions must not.
   */
  readonly mayClear: boolean;
  /** The margin call's deadline has passed: below the maintenance level is enough for a forced close. */
  readonly deadlinePassed?: boolean;
}

/** A forced close has been decided and waits for the next auction (the market shut or the stock halted). */
export function awaitsForcedClose(account: Account): boolean {
  // Asked of every account view: no array made for it.
  for (const position of account.positions)
    if (position.status === 'closing' && position.closeReason === 'forced') return true;
  return false;
}

/** Margin call, forced close and the account's risk triggers, from its exact ratio now. */
export function evaluate(state: State, account: Account, at: EpochMs, options: EvaluateOptions): void {
  const { config } = state;
  const maintenance = config.margin.maintenanceRatioBp;
  let now = measure(account);
  const belowMaintenance = now.notional > 0n && isBelowLevel(now.equity, now.notional, maintenance);
  if (belowMaintenance && !account.marginCall) {
    const raisedOn = jstDateOf(at);
    account.marginCall = { raisedOn, deadline: marginCallDeadline(raisedOn) };
    state.out.push({
      type: 'MarginCall',
      ...ratioFields(account, now, at),
      maintenanceRatioBp: maintenance,
      shortfall: equityAtLevel(now.notional, maintenance) - now.equity,
      raisedOn,
      deadline: account.marginCall.deadline,
    });
  }
  const belowLiquidation =
    now.notional > 0n && isBelowLevel(now.equity, now.notional, config.liquidationRatioBp);
  const forced = belowLiquidation || (belowMaintenance && options.deadlinePassed === true);
  if (forced) {
    forceClose(state, account, belowLiquidation ? 'liquidation_level' : 'margin_call_deadline', at);
    now = measure(account);
  }
  const restored = now.notional === 0n || !isBelowLevel(now.equity, now.notional, maintenance);
  // A forced close once decided goes ahead at the next auction whatever arrives meanwhile: the call it was
  // decided for stands until it fills, and is then lifted by it.
  if (account.marginCall && restored && (options.mayClear || forced) && !awaitsForcedClose(account)) {
    account.marginCall = null;
    const by = state.forceClosed.has(account) ? 'forced_close' : 'recovered';
    state.out.push({ type: 'MarginCallCleared', ...ratioFields(account, now, at), by });
  }
  refileRisk(state, account, now);
  state.dirty.delete(account);
}

/** Evaluates every account changed during the step, in the order they were first changed. */
export function evaluateChanged(state: State, at: EpochMs): void {
  for (let next = state.dirty.values().next(); !next.done; next = state.dirty.values().next()) {
    evaluate(state, next.value, at, { mayClear: true });
  }
}

/** Takes the positions whose risk triggers fire at this price; their accounts join `fired`. */
function takeFired(
  index: PriceIndex<Position>,
  last: number,
  fired: Set<Account> | null,
): Set<Account> | null {
  for (let position = index.takeNext(last); position; position = index.takeNext(last)) {
    position.keys.risk = null;
    (fired ??= new Set()).add(position.account);
  }
  return fired;
}

function byAccountId(a: Account, b: Account): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Evaluates the accounts whose risk triggers this instrument's last price passed, in account id order. */
export function evaluateTriggered(state: State, book: Book, at: EpochMs): void {
  const last = Number(book.quote!.last);
  // Most ticks pass no trigger: nothing is allocated for them.
  const fired = takeFired(book.shortRisk, last, takeFired(book.longRisk, last, null));
  if (fired === null) return;
  for (const account of [...fired].sort(byAccountId)) evaluate(state, account, at, { mayClear: false });
}
