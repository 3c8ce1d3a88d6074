import type { Sen } from '@kabuto/contract';
import type { CalendarDate, Price } from '@kabuto/market-rules';
import type { EngineCommand } from './commands';
import type { CloseReason, EpochMs, LimitCloseWithdrawal, OrderType, PositionStatus, Side } from './records';

/**
 * Where money sits. The user's pockets: cash available, cash held for resting orders, margin of open
 * positions, and debt (zero or negative: losses beyond the account's cash). The house's: fee income, the
 * trading counterparty (users' realised P&L is its loss or gain) and interest income.
 */
export type UserPocket = 'available' | 'held' | 'margin' | 'debt';
export type HousePocket = 'fee_income' | 'counterparty' | 'interest_income';
export type Pocket = UserPocket | HousePocket;

/** One movement of money: `amount` (> 0) leaves `from` and enters `to`; the user is the event's account. */
export interface Transfer {
  readonly from: Pocket;
  readonly to: Pocket;
  readonly amount: Sen;
}

export const REJECT_REASONS = [
  'ACCOUNT_NOT_FOUND',
  'ORDER_ID_IN_USE',
  'INSTRUMENT_UNKNOWN',
  'LOTS_INVALID',
  'LEVERAGE_NOT_ALLOWED',
  'LEVERAGE_ABOVE_INSTRUMENT_LIMIT',
  'LOTS_ABOVE_INSTRUMENT_LIMIT',
  'OPEN_LOTS_ABOVE_INSTRUMENT_LIMIT',
  'SHORT_SELLING_NOT_ALLOWED',
  'KYC_REQUIRED_FOR_LEVERAGE',
  'CREDIT_SCORE_TOO_LOW',
  'MARKET_DATA_UNAVAILABLE',
  'INSTRUMENT_HALTED',
  'PRICE_REQUIRED',
  'PRICE_NOT_ALLOWED',
  'PRICE_OFF_TICK',
  'PRICE_OUTSIDE_LIMITS',
  'TAKE_PROFIT_INVALID',
  'STOP_LOSS_INVALID',
  'MARGIN_CALL_OUTSTANDING',
  'MINIMUM_EQUITY_REQUIRED',
  'INSUFFICIENT_FUNDS',
  'MARGIN_RATIO_TOO_LOW',
  'ORDER_NOT_FOUND',
  'ORDER_NOT_AMENDABLE',
  'ORDER_AMEND_UNCHANGED',
  'ORDER_AMEND_LOTS_INCREASED',
  'VALIDITY_INVALID',
  'POSITION_NOT_FOUND',
  'POSITION_CLOSING',
  'POSITION_NOT_LIMIT_CLOSING',
  'CLOSE_LOTS_INVALID',
] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];

export const QUOTE_REJECT_REASONS = [
  'INSTRUMENT_UNKNOWN',
  'QUOTE_OFF_TICK',
  'QUOTE_OUTSIDE_LIMITS',
  'QUOTE_CROSSED',
] as const;
export type QuoteRejectReason = (typeof QUOTE_REJECT_REASONS)[number];

/** A command refused; nothing changed. */
export interface Rejected {
  readonly type: 'Rejected';
  readonly command: Exclude<EngineCommand['command'], 'quote'>;
  readonly reason: RejectReason;
  readonly accountId: string;
  readonly orderId: string | null;
  readonly positionId: string | null;
  readonly at: EpochMs;
}

export interface QuoteRejected {
  readonly type: 'QuoteRejected';
  readonly code: string;
  readonly reason: QuoteRejectReason;
  readonly at: EpochMs;
}

/** An order to open is accepted: its margin and fee move from available to held. */
export interface OrderAccepted {
  readonly type: 'OrderAccepted';
  readonly orderId: string;
  readonly accountId: string;
  readonly code: string;
  readonly side: Side;
  readonly orderType: OrderType;
  readonly limitPrice: Price | null;
  readonly lots: number;
  readonly leverage: number;
  readonly heldMargin: Sen;
  readonly heldFee: Sen;
  readonly takeProfit: Price | null;
  readonly stopLoss: Price | null;
  readonly validUntil: CalendarDate | null;
  readonly transfers: readonly Transfer[];
  readonly at: EpochMs;
}

/** An order to open filled: held money becomes the position's margin and the fee; any excess is released. */
export interface OrderFilled {
  readonly type: 'OrderFilled';
  readonly orderId: string;
  readonly accountId: string;
  readonly positionId: string;
  readonly code: string;
  readonly side: Side;
  readonly price: Price;
  readonly lots: number;
  readonly notional: Sen;
  readonly margin: Sen;
  readonly fee: Sen;
  readonly transfers: readonly Transfer[];
  readonly at: EpochMs;
}

export interface OrderCancelled {
  readonly type: 'OrderCancelled';
  readonly orderId: string;
  readonly accountId: string;
  readonly code: string;
  readonly lots: number;
  /** The last date it could have filled on; null: until cancelled. */
  readonly validUntil: CalendarDate | null;
  /** user: asked for; insufficient_funds: a fill needed more than was held and the cash was not there;
   * forced_close: the account went below the liquidation level; expired: its last valid date passed before it
   * filled (expireOrders, or a fill attempted on a later date); amended: replaced by a new order (AmendOrder). */
  readonly reason: 'user' | 'insufficient_funds' | 'forced_close' | 'expired' | 'amended';
  readonly released: Sen;
  readonly transfers: readonly Transfer[];
  readonly at: EpochMs;
}

export interface PositionOpened {
  readonly type: 'PositionOpened';
  readonly positionId: string;
  readonly orderId: string;
  readonly accountId: string;
  readonly code: string;
  readonly side: Side;
  readonly lots: number;
  readonly leverage: number;
  readonly entryPrice: Price;
  readonly notional: Sen;
  readonly margin: Sen;
  readonly fee: Sen;
  readonly takeProfit: Price | null;
  readonly stopLoss: Price | null;
  readonly at: EpochMs;
}

/** A close that could not fill at once: it waits for the next session (closing) or rests (limit-closing). */
export interface CloseRequested {
  readonly type: 'CloseRequested';
  readonly positionId: string;
  readonly accountId: string;
  readonly closeType: OrderType;
  readonly limitPrice: Price | null;
  /** A limit close's last date (期間); null for a market close or one until withdrawn. */
  readonly validUntil: CalendarDate | null;
  readonly status: Exclude<PositionStatus, 'holding'>;
  /** The lots the close covers: fewer than the position's for 一部返済, whose lots take `partId` when it fills. */
  readonly lots: number;
  readonly partId: string | null;
  readonly at: EpochMs;
}

/**
 * A close withdrawn without filling: the position is held again, until the events after it in the same decision
 * say otherwise. user: asked for; expired: its last date passed before it filled (expireOrders, or a fill
 * attempted after that date); replaced: the investor placed another close (it comes before that close's events);
 * take_profit, stop_loss, forced: the position is closed another way (before that close's events). Mostly a
 * resting limit close; a market 一部返済 waiting for the auction is withdrawn only by a forced close, which takes
 * the whole position (`limitPrice` and `validUntil` null).
 */
export interface CloseCancelled {
  readonly type: 'CloseCancelled';
  readonly positionId: string;
  readonly accountId: string;
  readonly code: string;
  /** The lots the close covered. */
  readonly lots: number;
  readonly reason: LimitCloseWithdrawal;
  /** The limit the close rested at; null for a market close that waited for the auction. */
  readonly limitPrice: Price | null;
  readonly validUntil: CalendarDate | null;
  readonly at: EpochMs;
}

/**
 * 一部返済 filled: `lots` leave the position as a position of their own, `partId`, with their share of its margin,
 * opening fee and interest so far (rounded down; the position keeps the rest), and that part closes at once: its
 * PositionClosed follows. The position is held again with `remainingLots`. Moves no money.
 */
export interface PositionSplit {
  readonly type: 'PositionSplit';
  readonly positionId: string;
  readonly partId: string;
  readonly accountId: string;
  readonly lots: number;
  readonly margin: Sen;
  readonly openFee: Sen;
  readonly interest: Sen;
  readonly remainingLots: number;
  readonly at: EpochMs;
}

/**
 * A position closed. Its margin returns to available; a gain comes from the counterparty; a loss and the
 * fee are paid from available, and what available cannot pay becomes debt (`shortfall`).
 */
export interface PositionClosed {
  readonly type: 'PositionClosed';
  readonly positionId: string;
  readonly accountId: string;
  readonly code: string;
  readonly side: Side;
  readonly lots: number;
  readonly leverage: number;
  readonly entryPrice: Price;
  readonly exitPrice: Price;
  readonly notional: Sen;
  readonly realisedPnl: Sen;
  readonly fee: Sen;
  readonly marginReleased: Sen;
  /** Interest or borrow fee charged over the position's life, for its statement. */
  readonly interest: Sen;
  readonly shortfall: Sen;
  readonly reason: CloseReason;
  /**
   * The investor's limit close that filled it (返済指値: its limit and last date), null when anything else closed
   * it: a market close, a take-profit, a stop-loss or a forced close, even with a limit close resting.
   */
  readonly closedByLimit: LimitClose | null;
  readonly transfers: readonly Transfer[];
  readonly at: EpochMs;
}

export interface LimitClose {
  readonly price: Price;
  readonly validUntil: CalendarDate | null;
}

export interface TakeProfitStopLossSet {
  readonly type: 'TakeProfitStopLossSet';
  readonly positionId: string;
  readonly accountId: string;
  readonly takeProfit: Price | null;
  readonly stopLoss: Price | null;
  readonly at: EpochMs;
}

interface AccountRatio {
  readonly accountId: string;
  readonly equity: Sen;
  readonly openNotional: Sen;
  /** equity / open notional, in basis points, rounded down. */
  readonly ratioBp: number | null;
  readonly at: EpochMs;
}

/** 追証: the maintenance ratio fell below the maintenance level. */
export interface MarginCall extends AccountRatio {
  readonly type: 'MarginCall';
  readonly maintenanceRatioBp: number;
  /** What the equity lacks to reach the maintenance level at the prices of the call (more than zero). */
  readonly shortfall: Sen;
  readonly raisedOn: CalendarDate;
  readonly deadline: CalendarDate;
}

/** 追証 lifted: the ratio is back at the maintenance level. */
export interface MarginCallCleared extends AccountRatio {
  readonly type: 'MarginCallCleared';
  /**
   * forced_close: a forced close of the account's positions filled in the same step (at once, or one waiting
   * for this auction); recovered: anything else (cash that arrived, the client's own closes, the price).
   */
  readonly by: 'recovered' | 'forced_close';
}

/** A position chosen for a forced close (its PositionClosed follows, now or at the next auction). */
export interface ForcedClose extends AccountRatio {
  readonly type: 'ForcedClose';
  readonly positionId: string;
  readonly reason: 'liquidation_level' | 'margin_call_deadline';
  /** Its instrument is not trading: the close waits for the next auction (the position is closing). */
  readonly pending: boolean;
}

export interface InterestCharged {
  readonly type: 'InterestCharged';
  readonly accountId: string;
  readonly positionId: string;
  readonly kind: 'long_interest' | 'short_borrow_fee';
  readonly date: CalendarDate;
  readonly days: number;
  readonly base: Sen;
  readonly rateBpPerYear: number;
  readonly amount: Sen;
  readonly shortfall: Sen;
  readonly transfers: readonly Transfer[];
  readonly at: EpochMs;
}

/** The ledger's figure replaced the engine's; `available - previous` came from outside (deposit, withdrawal). */
export interface CashUpdated {
  readonly type: 'CashUpdated';
  readonly accountId: string;
  readonly previous: Sen;
  readonly available: Sen;
  readonly at: EpochMs;
}

export interface DebtRepaid {
  readonly type: 'DebtRepaid';
  readonly accountId: string;
  readonly amount: Sen;
  readonly transfers: readonly Transfer[];
  readonly at: EpochMs;
}

export interface AccountUpdated {
  readonly type: 'AccountUpdated';
  readonly accountId: string;
  readonly created: boolean;
  readonly kycPassed: boolean;
  readonly creditScore: number;
  readonly at: EpochMs;
}

export type EngineEvent =
  | Rejected
  | QuoteRejected
  | OrderAccepted
  | OrderFilled
  | OrderCancelled
  | PositionOpened
  | CloseRequested
  | CloseCancelled
  | PositionSplit
  | PositionClosed
  | TakeProfitStopLossSet
  | MarginCall
  | MarginCallCleared
  | ForcedClose
  | InterestCharged
  | CashUpdated
  | DebtRepaid
  | AccountUpdated;
