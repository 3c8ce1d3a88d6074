import type { InstrumentLimits } from './config';
import type { Sen } from '@kabuto/contract';
import type { CalendarDate, Price } from '@kabuto/market-rules';
import type { EpochMs, OrderType, Quote, Side } from './records';

export interface PlaceOrder {
  /** Chosen by the caller (the server's order id); the position it opens gets the same id. */
  readonly orderId: string;
  readonly accountId: string;
  readonly code: string;
  readonly side: Side;
  readonly type: OrderType;
  /** The limit price; only for limit orders. */
  readonly price?: Price;
  readonly lots: number;
  readonly leverage: number;
  readonly takeProfit?: Price | null;
  readonly stopLoss?: Price | null;
  /**
   * The last JST date on which the order may fill (期間, from the caller's business-day calendar); null or
   * absent: until cancelled. A fill attempted on a later date cancels it as expired instead.
   */
  readonly validUntil?: CalendarDate | null;
  readonly at: EpochMs;
}

/**
 * 訂正: a resting limit order's price and lots changed. The order is cancelled and a new one with the new
 * figures placed in the same step (its other terms kept), or, if the new one would be refused, nothing
 * changes. The new order queues behind those already there.
 */
export interface AmendOrder {
  readonly accountId: string;
  readonly orderId: string;
  /** The new order's id, chosen by the caller as for PlaceOrder. */
  readonly newOrderId: string;
  readonly price: Price;
  readonly lots: number;
  readonly at: EpochMs;
}

export interface CancelOrder {
  readonly accountId: string;
  readonly orderId: string;
  readonly at: EpochMs;
}

export interface ClosePosition {
  readonly accountId: string;
  readonly positionId: string;
  readonly type: OrderType;
  readonly price?: Price;
  /**
   * A limit close's last JST date (期間), as for PlaceOrder; null or absent: until withdrawn. Past it the close
   * is withdrawn as expired and the position held again.
   */
  readonly validUntil?: CalendarDate | null;
  /**
   * 返済数量: the lots to close; all when absent. Fewer than all (一部返済) need `partId`: when the close fills, those
   * lots leave the position as a position of that id and close (PositionSplit, then its PositionClosed); the
   * position keeps the rest and is held again.
   */
  readonly lots?: number;
  readonly partId?: string;
  readonly at: EpochMs;
}

/** Withdraws a position's resting limit close (返済注文の取消): the position is held again. */
export interface CancelClose {
  readonly accountId: string;
  readonly positionId: string;
  readonly at: EpochMs;
}

export interface SetTakeProfitStopLoss {
  readonly accountId: string;
  readonly positionId: string;
  /** null clears it. */
  readonly takeProfit: Price | null;
  readonly stopLoss: Price | null;
  readonly at: EpochMs;
}

/** The ledger's cash available for an account, after a deposit, withdrawal or adjustment. */
export interface UpdateCash {
  readonly accountId: string;
  readonly available: Sen;
  readonly at: EpochMs;
}

/** Creates an account (with no cash) or updates what the engine checks before leverage. */
export interface UpsertAccount {
  readonly accountId: string;
  readonly kycPassed: boolean;
  readonly creditScore: number;
  readonly at: EpochMs;
}

/** Once per business day: interest and borrow fees for `days` calendar days (default 1). */
export interface AccrueDaily {
  readonly date: CalendarDate;
  readonly days?: number;
  readonly at: EpochMs;
}

/** Once per business day before the open: margin calls past their deadline close positions. */
export interface ExpireMarginCalls {
  readonly date: CalendarDate;
  readonly at: EpochMs;
}

/**
 * At the start of each day: every resting order whose last valid date is before `date` is cancelled as expired,
 * and every resting limit close past its date withdrawn.
 */
export interface ExpireOrders {
  readonly date: CalendarDate;
  readonly at: EpochMs;
}

/**
 * The house changes an instrument's limits. Only orders placed from now on are checked against them: open
 * positions and resting orders are not touched (closing is always allowed).
 */
export interface SetInstrumentLimits {
  readonly code: string;
  readonly limits: InstrumentLimits;
  readonly at: EpochMs;
}

/** Every input as data, for replay: `engine.execute(command)` is the same as the named method. */
export type EngineCommand =
  | ({ readonly command: 'placeOrder' } & PlaceOrder)
  | ({ readonly command: 'amendOrder' } & AmendOrder)
  | ({ readonly command: 'cancelOrder' } & CancelOrder)
  | ({ readonly command: 'closePosition' } & ClosePosition)
  | ({ readonly command: 'cancelClose' } & CancelClose)
  | ({ readonly command: 'setTakeProfitStopLoss' } & SetTakeProfitStopLoss)
  | ({ readonly command: 'updateCash' } & UpdateCash)
  | ({ readonly command: 'upsertAccount' } & UpsertAccount)
  | ({ readonly command: 'accrueDaily' } & AccrueDaily)
  | ({ readonly command: 'expireMarginCalls' } & ExpireMarginCalls)
  | ({ readonly command: 'expireOrders' } & ExpireOrders)
  | ({ readonly command: 'setInstrumentLimits' } & SetInstrumentLimits)
  | ({ readonly command: 'quote' } & Quote);
