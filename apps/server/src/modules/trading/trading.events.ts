import { randomUUID } from 'node:crypto';
import { senToDecimal, wholeYenUp } from '@kabuto/contract';
import type { EngineEvent, Transfer } from '@kabuto/engine';
import type { Executor } from '../../database';
import type { LedgerActor } from '../ledger';
import type { OutgoingMessage } from '../messaging';
import type { TradingWriter } from './trading.writer';
import { clearMarginCall, openMarginCall } from './trading.repository';

/** What an order row needs beyond its OrderAccepted event: the caller's idempotency key and request. */
export interface OrderRequestMeta {
  orderId: string;
  idempotencyKey: string;
  requestHash: string;
  validity: 'day' | 'week';
  /** The order an amendment (訂正) replaces. */
  amendsOrderId?: bigint;
}

export interface CloseRequestMeta {
  positionId: string;
  validity: 'day' | 'week';
}

export interface Commit {
  events: readonly EngineEvent[];
  /** Who asked (a user's command), or the system (a quote, the daily run). */
  actor: LedgerActor;
  order?: OrderRequestMeta;
  /** The investor's close of a position: its 期間, which the engine's events give only as a date. */
  close?: CloseRequestMeta;
}

/** The 期間 of the investor's close of this position in this commit, if the commit is one. */
const validityOfClose = (commit: Commit, positionId: string) =>
  commit.close?.positionId === positionId ? commit.close.validity : undefined;
const userOf = (event: { accountId: string }) => BigInt(event.accountId);
/** A position's row once no close waits on it any more. */
const HELD_AGAIN = {
  status: 'holding',
  close_limit: null,
  close_validity: null,
  close_valid_until: null,
  close_pending_reason: null,
  close_requested_at: null,
  close_lots: null,
  close_part_id: null,
} as const;
const dateOf = (at: number) => new Date(at);
const percent = (ratioBp: number | null) => (ratioBp === null ? '-' : (ratioBp / 100).toFixed(2));
const slashDate = (date: string) => date.replaceAll('-', '/');
/** What an expiry message names: the stock, its lots and the last date, as 2026/11/25. */
const expiryParams = (event: { code: string; lots: number; validUntil: string | null }) => ({
  code: event.code,
  lots: String(event.lots),
  date: slashDate(event.validUntil ?? ''),
});

/**
 * Writes what the engine decided: the rows of orders, positions, fills, margin calls and forced closes, and
 * for every event that moves money one journal entry whose idempotency key is derived from the event (so the
 * same event can never be applied twice). In the caller's transaction, through `writer`, which keeps the
 * rows of a batch of commits for a few statements at its end; returns the users whose trading state changed.
 */
export async function persistEvents(
  db: Executor,
  writer: TradingWriter,
  commit: Commit,
): Promise<Set<bigint>> {
  const changed = new Set<bigint>();
  const batch = randomUUID();
  let index = 0;
  const post = (
    event: { accountId: string; transfers: readonly Transfer[]; at: number },
    kind: string,
    reference: string,
    key: string,
  ) =>
    writer.post({
      userId: userOf(event),
      kind,
      reference,
      transfers: event.transfers,
      key,
      actor: commit.actor,
      at: dateOf(event.at),
    });
  const notify = <K extends OutgoingMessage['kind']>(
    userId: bigint,
    kind: K,
    params: OutgoingMessage<K>['params'],
    at: Date,
  ) => writer.message({ userId, kind, params, at } as OutgoingMessage);

  // An order accepted and filled in the same commit (a market order in continuous trading) never rests: its
  // hold and its fill are one entry (order_fill), in which the held pocket nets to nothing.
  const filledHere = new Set(
    commit.events.flatMap((event) => (event.type === 'OrderFilled' ? [event.orderId] : [])),
  );
  const holds = new Map<string, readonly Transfer[]>();
  // 一部返済: the lots each part's position keeps, from its PositionSplit, for the part's close message after it.
  const keptAfterSplit = new Map<string, number>();

  for (const event of commit.events) {
    index += 1;
    if (event.type === 'Rejected' || event.type === 'QuoteRejected') continue;
    const userId = userOf(event);
    changed.add(userId);
    const at = dateOf(event.at);
    switch (event.type) {
      case 'OrderAccepted': {
        const meta = commit.order;
        if (!meta || meta.orderId !== event.orderId)
          throw new Error(`trading: order ${event.orderId} without its request`);
        const validUntil = event.validUntil;
        if (validUntil === null)
          throw new Error(`trading: order ${event.orderId} without its last valid date`);
        writer.insertOrder({
          id: BigInt(event.orderId),
          user_id: userId,
          code: event.code,
          side: event.side,
          type: event.orderType,
          limit_price: event.limitPrice,
          lots: event.lots,
          leverage: event.leverage,
          take_profit: event.takeProfit,
          stop_loss: event.stopLoss,
          held_margin: event.heldMargin,
          held_fee: event.heldFee,
          status: 'open',
          cancel_reason: null,
          fill_price: null,
          validity: meta.validity,
          valid_until: validUntil,
          idempotency_key: meta.idempotencyKey,
          request_hash: meta.requestHash,
          amends_order_id: meta.amendsOrderId ?? null,
          created_at: at,
          updated_at: at,
        });
        // The order it replaces names it back (its cancellation, reason amended, is in the same command).
        if (meta.amendsOrderId !== undefined)
          writer.updateOrder(meta.amendsOrderId, { amended_by_order_id: BigInt(event.orderId) });
        if (filledHere.has(event.orderId)) holds.set(event.orderId, event.transfers);
        else post(event, 'order_hold', `order:${event.orderId}`, `order_accepted:${event.orderId}`);
        break;
      }
      case 'OrderFilled': {
        const hold = holds.get(event.orderId) ?? [];
        const entry = post(
          { ...event, transfers: [...hold, ...event.transfers] },
          'order_fill',
          `order:${event.orderId}`,
          `order_filled:${event.orderId}`,
        );
        writer.updateOrder(BigInt(event.orderId), {
          status: 'filled',
          fill_price: event.price,
          updated_at: at,
        });
        writer.insertFill({
          user_id: userId,
          position_id: BigInt(event.positionId),
          kind: 'open',
          code: event.code,
          side: event.side,
          price: event.price,
          lots: event.lots,
          notional: event.notional,
          fee: event.fee,
          realised_pnl: null,
          entry,
          created_at: at,
        });
        notify(
          userId,
          'order_filled',
          {
            code: event.code,
            lots: String(event.lots),
            price: senToDecimal(event.price),
            side: event.side,
            // Margin trading as the order form defines it: a short, or a margin below the notional (2x and above).
            margin: event.side === 'short' || event.margin < event.notional ? 'true' : 'false',
          },
          at,
        );
        break;
      }
      case 'PositionOpened':
        writer.insertPosition({
          id: BigInt(event.positionId),
          user_id: userId,
          code: event.code,
          side: event.side,
          lots: event.lots,
          leverage: event.leverage,
          entry_price: event.entryPrice,
          margin: event.margin,
          open_fee: event.fee,
          interest: 0n,
          take_profit: event.takeProfit,
          stop_loss: event.stopLoss,
          status: 'holding',
          close_limit: null,
          close_validity: null,
          close_valid_until: null,
          close_pending_reason: null,
          opened_at: at,
          exit_price: null,
          realised_pnl: null,
          close_fee: null,
          shortfall: null,
          close_reason: null,
          closed_at: null,
          updated_at: at,
        });
        break;
      case 'OrderCancelled':
        post(event, 'order_release', `order:${event.orderId}`, `order_cancelled:${event.orderId}`);
        writer.updateOrder(BigInt(event.orderId), {
          status: 'cancelled',
          cancel_reason: event.reason,
          updated_at: at,
        });
        if (event.reason === 'expired') notify(userId, 'order_expired', expiryParams(event), at);
        break;
      case 'CloseRequested': {
        const resting = event.status === 'limit-closing';
        const validity = validityOfClose(commit, event.positionId);
        if (resting && (!validity || event.validUntil === null))
          throw new Error(`trading: limit close of ${event.positionId} without its 期間`);
        writer.updatePosition(BigInt(event.positionId), {
          status: event.status,
          close_limit: event.limitPrice,
          close_validity: resting ? validity! : null,
          close_valid_until: resting ? event.validUntil : null,
          // A forced close that waits says so in its ForcedClose event instead.
          close_pending_reason: event.status === 'closing' ? 'user' : null,
          close_requested_at: at,
          close_lots: event.partId === null ? null : event.lots,
          close_part_id: event.partId === null ? null : BigInt(event.partId),
          updated_at: at,
        });
        break;
      }
      case 'CloseCancelled':
        writer.withdrawClose({
          positionId: BigInt(event.positionId),
          userId,
          limitPrice: event.limitPrice,
          validUntil: event.validUntil,
          withdrawnAt: at,
          reason: event.reason,
          lots: event.lots,
        });
        // Held again, unless the events after it (the close that replaced or overtook it) say otherwise.
        writer.updatePosition(BigInt(event.positionId), { ...HELD_AGAIN, updated_at: at });
        if (event.reason === 'expired') notify(userId, 'close_expired', expiryParams(event), at);
        break;
      case 'PositionSplit': {
        // 一部返済 filled: its lots become a position of their own, which closes next (its PositionClosed), as the
        // position's close was: the same limit and 期間, placed at the same time.
        keptAfterSplit.set(event.partId, event.remainingLots);
        const positionId = BigInt(event.positionId);
        const position = await writer.storedPosition(db, positionId);
        writer.insertPosition({
          ...position,
          id: BigInt(event.partId),
          part_of: positionId,
          lots: event.lots,
          margin: event.margin,
          open_fee: event.openFee,
          interest: event.interest,
          take_profit: null,
          stop_loss: null,
          close_validity: validityOfClose(commit, event.positionId) ?? position.close_validity ?? null,
          close_lots: null,
          close_part_id: null,
          updated_at: at,
        });
        writer.updatePosition(positionId, {
          lots: event.remainingLots,
          margin: BigInt(position.margin) - event.margin,
          open_fee: BigInt(position.open_fee) - event.openFee,
          interest: BigInt(position.interest ?? 0n) - event.interest,
          ...HELD_AGAIN,
          updated_at: at,
        });
        break;
      }
      case 'PositionClosed': {
        const entry = post(
          event,
          'position_close',
          `position:${event.positionId}`,
          `position_closed:${event.positionId}`,
        );
        const byLimit = event.closedByLimit;
        const validity = validityOfClose(commit, event.positionId);
        writer.updatePosition(BigInt(event.positionId), {
          status: 'closed',
          // The close that filled it: a resting limit close (its 期間 stored when placed) or one that filled
          // at once in this commit (its 期間 from the request); nothing of a close something else overtook.
          close_limit: byLimit?.price ?? null,
          close_valid_until: byLimit?.validUntil ?? null,
          // Without the request here, the close rested before: its stored 期間 is kept.
          ...((byLimit?.validUntil ?? null) === null
            ? { close_validity: null }
            : validity
              ? { close_validity: validity }
              : {}),
          exit_price: event.exitPrice,
          realised_pnl: event.realisedPnl,
          close_fee: event.fee,
          shortfall: event.shortfall,
          close_reason: event.reason,
          interest: event.interest,
          close_lots: null,
          close_part_id: null,
          closed_at: at,
          updated_at: at,
        });
        const remainingLots = keptAfterSplit.get(event.positionId);
        writer.insertFill({
          user_id: userId,
          position_id: BigInt(event.positionId),
          kind: 'close',
          code: event.code,
          side: event.side,
          price: event.exitPrice,
          lots: event.lots,
          notional: event.notional,
          fee: event.fee,
          realised_pnl: event.realisedPnl,
          entry,
          created_at: at,
        });
        notify(
          userId,
          'position_closed',
          {
            code: event.code,
            lots: String(event.lots),
            price: senToDecimal(event.exitPrice),
            amount: senToDecimal(event.realisedPnl),
            closedBy: event.reason,
            ...(remainingLots === undefined ? {} : { remainingLots: String(remainingLots) }),
          },
          at,
        );
        break;
      }
      case 'TakeProfitStopLossSet':
        writer.updatePosition(BigInt(event.positionId), {
          take_profit: event.takeProfit,
          stop_loss: event.stopLoss,
          updated_at: at,
        });
        break;
      case 'MarginCall': {
        // Decided in the same step as a forced close (a price gapping past both levels), it names no deposit:
        // none can stop the close.
        const forcedNow = commit.events.some(
          (other) => other.type === 'ForcedClose' && other.accountId === event.accountId,
        );
        await openMarginCall(db, {
          user_id: userId,
          raised_on: event.raisedOn,
          deadline: event.deadline,
          equity: event.equity,
          open_notional: event.openNotional,
          ratio_bp: event.ratioBp,
          created_at: at,
        });
        notify(
          userId,
          'margin_call',
          {
            ratio: percent(event.ratioBp),
            deadline: slashDate(event.deadline),
            ...(forcedNow ? {} : { amount: senToDecimal(wholeYenUp(event.shortfall)) }),
          },
          at,
        );
        break;
      }
      case 'MarginCallCleared':
        await clearMarginCall(db, userId, at, event.by);
        break;
      case 'ForcedClose': {
        writer.insertForcedClose({
          user_id: userId,
          position_id: BigInt(event.positionId),
          reason: event.reason,
          equity: event.equity,
          open_notional: event.openNotional,
          ratio_bp: event.ratioBp,
          pending: event.pending,
          created_at: at,
        });
        // The engine marks the position closing (its limit close, if any, withdrawn) without a CloseRequested.
        if (event.pending)
          writer.updatePosition(BigInt(event.positionId), {
            status: 'closing',
            close_limit: null,
            close_validity: null,
            close_valid_until: null,
            close_pending_reason: 'forced',
            close_requested_at: at,
            close_lots: null,
            close_part_id: null,
            updated_at: at,
          });
        const position = await writer.position(db, BigInt(event.positionId));
        notify(userId, 'forced_close', { code: position.code, lots: String(position.lots) }, at);
        break;
      }
      case 'InterestCharged':
        post(
          event,
          event.kind === 'long_interest' ? 'interest' : 'borrow_fee',
          `position:${event.positionId}`,
          `interest:${event.positionId}:${event.date}`,
        );
        writer.addPositionInterest(BigInt(event.positionId), event.amount, at);
        break;
      case 'DebtRepaid':
        post(event, 'debt_repayment', `account:${event.accountId}`, `debt_repaid:${batch}:${index}`);
        break;
      case 'CashUpdated':
      case 'AccountUpdated':
        // The ledger's own figure and the user's profile: nothing to write.
        changed.delete(userId);
        break;
    }
  }
  return changed;
}
