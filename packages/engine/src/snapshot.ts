import { isWholeLotCount, SHARES_PER_LOT } from '@kabuto/market-rules';
import type { EngineConfig } from './config';
import { notionalOf } from './money';
import { fileTriggers } from './positions';
import type { AccountRecord, EngineState, OrderRecord, PositionRecord } from './records';
import { measure, refileRisk } from './risk';
import { bySeq, createAccount, createState, type Account, type Book, type State } from './state';
import { isCalendarDate } from './validity';

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The engine's state as plain records, in a canonical order: accounts by id, orders and positions by seq. */
export function snapshotOf(state: State): Required<EngineState> {
  const accounts: AccountRecord[] = [...state.accounts.values()].sort(byId).map((account) => ({
    id: account.id,
    available: account.available,
    debt: account.debt,
    kycPassed: account.kycPassed,
    creditScore: account.creditScore,
    marginCall: account.marginCall,
  }));
  const orders: OrderRecord[] = [...state.orders.values()].sort(bySeq).map((order) => ({
    id: order.id,
    seq: order.seq,
    accountId: order.account.id,
    code: order.book.code,
    side: order.side,
    type: order.type,
    limitPrice: order.limitPrice,
    lots: order.lots,
    leverage: order.leverage,
    heldMargin: order.heldMargin,
    heldFee: order.heldFee,
    takeProfit: order.takeProfit,
    stopLoss: order.stopLoss,
    validUntil: order.validUntil,
    placedAt: order.placedAt,
  }));
  const positions: PositionRecord[] = [...state.positions.values()].sort(bySeq).map((position) => ({
    id: position.id,
    seq: position.seq,
    accountId: position.account.id,
    code: position.book.code,
    side: position.side,
    lots: position.lots,
    leverage: position.leverage,
    entryPrice: position.entryPrice,
    margin: position.margin,
    openFee: position.openFee,
    interest: position.interest,
    takeProfit: position.takeProfit,
    stopLoss: position.stopLoss,
    status: position.status,
    closeLimit: position.closeLimit,
    closeValidUntil: position.closeValidUntil,
    closeReason: position.closeReason,
    closeLots: position.closeLots,
    closePartId: position.closePartId,
    openedAt: position.openedAt,
  }));
  const quotes = [...state.books.values()]
    .flatMap((book) => (book.quote ? [book.quote] : []))
    .sort((a, b) => (a.code < b.code ? -1 : 1));
  return {
    accounts,
    orders,
    positions,
    quotes,
    lastAccrualDate: state.lastAccrualDate,
    nextSeq: state.nextSeq,
  };
}

function invalid(message: string): never {
  throw new RangeError(`Cannot restore: ${message}`);
}

/** A loop rather than Math.max(...seqs): hundreds of thousands of arguments would overflow the stack. */
function highestSeq(...lists: readonly (readonly { readonly seq?: number }[])[]): number {
  let highest = 0;
  for (const list of lists) for (const record of list) highest = Math.max(highest, record.seq ?? 0);
  return highest;
}

/** Orders and positions without a seq (rebuilt from a database) get one after the highest given, in order. */
function withSeqs<T extends { readonly seq?: number }>(
  records: readonly T[],
  first: number,
): (T & { seq: number })[] {
  let next = first;
  return records.map((record) => ({ ...record, seq: record.seq ?? next++ }));
}

/**
 * Rebuilds the state from records: held cash and margin are the sums of the orders' holds and the
 * positions' margins, every index is filed again, and risk triggers are computed at the given quotes.
 * Records that contradict each other throw: the engine must not start on a state it cannot explain.
 */
export function restoreState(config: EngineConfig, input: EngineState): State {
  const state = createState(config);
  for (const record of input.accounts) {
    if (state.accounts.has(record.id)) invalid(`account ${record.id} twice`);
    const account = createAccount(record.id, record.kycPassed, record.creditScore);
    if (record.available < 0n) invalid(`account ${record.id} has negative cash`);
    if ((record.debt ?? 0n) > 0n) invalid(`account ${record.id} has positive debt`);
    account.available = record.available;
    account.debt = record.debt ?? 0n;
    account.marginCall = record.marginCall ?? null;
    state.accounts.set(account.id, account);
  }
  const lookup = (record: {
    id: string;
    accountId: string;
    code: string;
    lots: number;
    leverage: number;
  }) => {
    const account: Account | undefined = state.accounts.get(record.accountId);
    const book: Book | undefined = state.books.get(record.code);
    if (!account) invalid(`${record.id} belongs to unknown account ${record.accountId}`);
    if (!book) invalid(`${record.id} is for unknown instrument ${record.code}`);
    if (!isWholeLotCount(record.lots)) invalid(`${record.id} has ${record.lots} lots`);
    if (!Number.isSafeInteger(record.leverage) || record.leverage < 1)
      invalid(`${record.id} has leverage ${record.leverage}`);
    if (state.orders.has(record.id) || state.positions.has(record.id)) invalid(`id ${record.id} twice`);
    return { account, book };
  };
  const orders = withSeqs(input.orders, highestSeq(input.orders, input.positions) + 1);
  const positions = withSeqs(input.positions, highestSeq(orders, input.positions) + 1);
  const seqs = new Set([...orders, ...positions].map((record) => record.seq));
  if (seqs.size !== orders.length + positions.length) invalid('two records share a seq');

  for (const record of orders.sort(bySeq)) {
    const { account, book } = lookup(record);
    if ((record.type === 'limit') !== (record.limitPrice !== null))
      invalid(`order ${record.id} type and price disagree`);
    if (record.heldMargin < 0n || record.heldFee < 0n) invalid(`order ${record.id} holds a negative amount`);
    const validUntil = record.validUntil ?? null;
    if (validUntil !== null && !isCalendarDate(validUntil))
      invalid(`order ${record.id} has no valid last date`);
    const order = {
      id: record.id,
      seq: record.seq,
      account,
      book,
      side: record.side,
      type: record.type,
      limitPrice: record.limitPrice,
      lots: record.lots,
      leverage: record.leverage,
      heldMargin: record.heldMargin,
      heldFee: record.heldFee,
      takeProfit: record.takeProfit,
      stopLoss: record.stopLoss,
      validUntil,
      placedAt: record.placedAt,
    };
    state.orders.set(order.id, order);
    account.orders.add(order);
    account.held += order.heldMargin + order.heldFee;
    if (order.limitPrice === null) book.waitingMarket.add(order);
    else
      (order.side === 'long' ? book.longLimits : book.shortLimits).insert(
        Number(order.limitPrice),
        order.seq,
        order,
      );
  }
  for (const record of positions.sort(bySeq)) {
    const { account, book } = lookup(record);
    if (record.margin < 0n) invalid(`position ${record.id} has negative margin`);
    if ((record.status === 'limit-closing') !== (record.closeLimit !== null)) {
      invalid(`position ${record.id} status and close price disagree`);
    }
    if ((record.status === 'closing') !== (record.closeReason !== null)) {
      invalid(`position ${record.id} status and close reason disagree`);
    }
    const closeValidUntil = record.closeValidUntil ?? null;
    if (closeValidUntil !== null && (record.closeLimit === null || !isCalendarDate(closeValidUntil)))
      invalid(`position ${record.id} has a close's last date without a valid limit close`);
    const closeLots = record.closeLots ?? null;
    const closePartId = record.closePartId ?? null;
    if (
      closeLots !== null &&
      (record.status === 'holding' ||
        !Number.isInteger(closeLots) ||
        closeLots < 1 ||
        closeLots >= record.lots)
    )
      invalid(`position ${record.id} has close lots without a close of fewer lots than it holds`);
    if ((closeLots === null) !== (closePartId === null))
      invalid(`position ${record.id} has a part id without close lots`);
    const shares = record.lots * SHARES_PER_LOT;
    const position = {
      id: record.id,
      seq: record.seq,
      account,
      book,
      side: record.side,
      lots: record.lots,
      shares,
      leverage: record.leverage,
      entryPrice: record.entryPrice,
      entryNotional: notionalOf(record.entryPrice, shares),
      margin: record.margin,
      openFee: record.openFee,
      interest: record.interest ?? 0n,
      takeProfit: record.takeProfit,
      stopLoss: record.stopLoss,
      status: record.status,
      closeLimit: record.closeLimit,
      closeValidUntil,
      closeReason: record.closeReason,
      closeLots,
      closePartId,
      openedAt: record.openedAt,
      keys: { takeProfit: null, stopLoss: null, closeLimit: null, risk: null },
    };
    state.positions.set(position.id, position);
    account.positions.add(position);
    account.margin += position.margin;
    fileTriggers(position);
  }
  let latest = -Infinity;
  for (const quote of input.quotes ?? []) {
    const book = state.books.get(quote.code);
    if (!book) invalid(`quote for unknown instrument ${quote.code}`);
    book.quote = quote;
    if (quote.at >= latest) {
      latest = quote.at;
      state.marketPhase = quote.phase;
    }
  }
  state.nextSeq = Math.max(input.nextSeq ?? 1, highestSeq(orders, positions) + 1);
  state.lastAccrualDate = input.lastAccrualDate ?? null;
  for (const account of state.accounts.values()) refileRisk(state, account, measure(account));
  return state;
}
