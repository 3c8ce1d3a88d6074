import type { WithdrawnCloseReason } from '@kabuto/contract';
import type { ColumnType, Selectable } from 'kysely';
import type { DefaultNow, Id, Timestamp } from '../../platform/db/columns';

export type OrderStatus = 'open' | 'filled' | 'cancelled';
export type StoredPositionStatus = 'holding' | 'closing' | 'limit-closing' | 'closed';

export interface TradingOrdersTable {
  id: bigint;
  user_id: bigint;
  code: string;
  side: 'long' | 'short';
  type: 'market' | 'limit';
  limit_price: bigint | null;
  lots: number;
  leverage: number;
  take_profit: bigint | null;
  stop_loss: bigint | null;
  held_margin: bigint;
  held_fee: bigint;
  status: OrderStatus;
  cancel_reason: 'user' | 'insufficient_funds' | 'forced_close' | 'expired' | 'amended' | null;
  fill_price: bigint | null;
  /** 期間: day (当日中) or week (今週中). */
  validity: 'day' | 'week';
  /** The last JST business date (YYYY-MM-DD) on which it may fill. */
  valid_until: string;
  idempotency_key: string;
  request_hash: string;
  /** The order this one replaced by 訂正; null for an order placed anew. */
  amends_order_id: bigint | null;
  /** The order that replaced this one by 訂正 (cancel reason `amended`); null otherwise. */
  amended_by_order_id: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TradingPositionsTable {
  id: bigint;
  user_id: bigint;
  code: string;
  side: 'long' | 'short';
  lots: number;
  leverage: number;
  entry_price: bigint;
  margin: bigint;
  open_fee: bigint;
  interest: bigint;
  take_profit: bigint | null;
  stop_loss: bigint | null;
  status: StoredPositionStatus;
  close_limit: bigint | null;
  /** The limit close's 期間 and its last JST business date (YYYY-MM-DD); kept once closed, as close_limit is. */
  close_validity: ColumnType<'day' | 'week' | null, 'day' | 'week' | null | undefined, 'day' | 'week' | null>;
  close_valid_until: ColumnType<string | null, string | null | undefined, string | null>;
  close_pending_reason: 'user' | 'forced' | null;
  /** When the close the position waits on was placed; null while held. */
  close_requested_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** 一部返済 while closing or limit-closing: the lots the close covers and the id they take when it fills. */
  close_lots: ColumnType<number | null, number | null | undefined, number | null>;
  close_part_id: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  /** For lots closed by 一部返済: the position they came from. */
  part_of: ColumnType<bigint | null, bigint | null | undefined, never>;
  /** The id, or null for a part (generated: a reference to the order that opened it). */
  order_id: ColumnType<bigint | null, never, never>;
  opened_at: Timestamp;
  exit_price: bigint | null;
  realised_pnl: bigint | null;
  close_fee: bigint | null;
  shortfall: bigint | null;
  close_reason: 'user' | 'take_profit' | 'stop_loss' | 'forced' | null;
  closed_at: Timestamp | null;
  updated_at: Timestamp;
}

export interface TradingFillsTable {
  id: Id;
  user_id: bigint;
  position_id: bigint;
  kind: 'open' | 'close';
  code: string;
  side: 'long' | 'short';
  price: bigint;
  lots: number;
  notional: bigint;
  fee: bigint;
  realised_pnl: bigint | null;
  entry_id: bigint | null;
  created_at: Timestamp;
}

export interface TradingMarginCallsTable {
  id: Id;
  user_id: bigint;
  raised_on: string;
  deadline: string;
  equity: bigint;
  open_notional: bigint;
  ratio_bp: number | null;
  created_at: Timestamp;
  cleared_at: Timestamp | null;
  /** How it ended; null while open. */
  cleared_by: 'recovered' | 'forced_close' | null;
}

export interface TradingForcedClosesTable {
  id: Id;
  user_id: bigint;
  position_id: bigint;
  reason: 'liquidation_level' | 'margin_call_deadline';
  equity: bigint;
  open_notional: bigint;
  ratio_bp: number | null;
  pending: boolean;
  created_at: Timestamp;
}

/** Every idempotency key a close of the position was sent with, and the request it answers for. */
export interface TradingCloseRequestsTable {
  position_id: bigint;
  idempotency_key: string;
  /** null: stored before requests were hashed; answers any retry with the position. */
  request_hash: string | null;
  created_at: DefaultNow;
}

/** A resting limit close (返済指値) that went without filling: 注文履歴 lists it. */
export interface TradingWithdrawnClosesTable {
  id: ColumnType<bigint, never, never>;
  position_id: bigint;
  user_id: bigint;
  /** With `validity` and `valid_until`, null for a market close that waited for the auction (withdrawn by a forced close). */
  limit_price: bigint | null;
  validity: 'day' | 'week' | null;
  valid_until: string | null;
  requested_at: Timestamp;
  withdrawn_at: Timestamp;
  reason: WithdrawnCloseReason;
  /** The lots the close covered (fewer than the position's for 一部返済). */
  lots: number;
}

export interface TradingStateTable {
  id: number;
  last_accrual_date: string | null;
  version: bigint;
}

export interface TradingTables {
  trading_orders: TradingOrdersTable;
  trading_positions: TradingPositionsTable;
  trading_close_requests: TradingCloseRequestsTable;
  trading_fills: TradingFillsTable;
  trading_margin_calls: TradingMarginCallsTable;
  trading_forced_closes: TradingForcedClosesTable;
  trading_withdrawn_closes: TradingWithdrawnClosesTable;
  trading_state: TradingStateTable;
}

export type OrderRow = Selectable<TradingOrdersTable>;
export type PositionRow = Selectable<TradingPositionsTable>;
export type WithdrawnCloseRow = Selectable<TradingWithdrawnClosesTable>;
