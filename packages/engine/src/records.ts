import type { Sen } from '@kabuto/contract';
import type { CalendarDate, MarketPhase, Price } from '@kabuto/market-rules';

/** Epoch milliseconds, always given by the caller: the engine has no clock. */
export type EpochMs = number;

export type Side = 'long' | 'short';
export type OrderType = 'market' | 'limit';
/** An open position; a closed one exists only in its PositionClosed event (and the server's database). */
export type PositionStatus = 'holding' | 'closing' | 'limit-closing';
export type CloseReason = 'user' | 'take_profit' | 'stop_loss' | 'forced';
/** Why a resting limit close went without filling (CloseCancelled). */
export type LimitCloseWithdrawal = 'user' | 'expired' | 'replaced' | Exclude<CloseReason, 'user'>;

/** The latest state of one instrument, from the feed. Prices in sen. */
export interface Quote {
  readonly code: string;
  readonly bid: Price;
  readonly ask: Price;
  readonly last: Price;
  readonly limitUp: Price;
  readonly limitDown: Price;
  readonly phase: MarketPhase;
  /** Trading halted (売買停止): nothing fills and new orders are refused. */
  readonly halted?: boolean;
  readonly at: EpochMs;
}

export interface MarginCallRecord {
  readonly raisedOn: CalendarDate;
  /** Restore the ratio by this business day, or positions are closed (MARKET-RULES.md). */
  readonly deadline: CalendarDate;
}

export interface AccountRecord {
  readonly id: string;
  /** Cash available, as the ledger has it. */
  readonly available: Sen;
  /** What the account owes after losses beyond its cash: zero or negative. */
  readonly debt?: Sen;
  readonly kycPassed: boolean;
  readonly creditScore: number;
  readonly marginCall?: MarginCallRecord | null;
}

/** A resting order to open a position, holding its margin and fee until filled or cancelled. */
export interface OrderRecord {
  readonly id: string;
  /** Time priority; assigned by the engine, given back on restore. */
  readonly seq?: number;
  readonly accountId: string;
  readonly code: string;
  readonly side: Side;
  readonly type: OrderType;
  readonly limitPrice: Price | null;
  readonly lots: number;
  readonly leverage: number;
  readonly heldMargin: Sen;
  readonly heldFee: Sen;
  readonly takeProfit: Price | null;
  readonly stopLoss: Price | null;
  /** The last JST date it may fill on (期間); null or absent: until cancelled. */
  readonly validUntil?: CalendarDate | null;
  readonly placedAt: EpochMs;
}

export interface PositionRecord {
  /** The id of the order that opened it. */
  readonly id: string;
  readonly seq?: number;
  readonly accountId: string;
  readonly code: string;
  readonly side: Side;
  readonly lots: number;
  readonly leverage: number;
  readonly entryPrice: Price;
  readonly margin: Sen;
  readonly openFee: Sen;
  /** Interest or borrow fee charged so far. */
  readonly interest?: Sen;
  readonly takeProfit: Price | null;
  readonly stopLoss: Price | null;
  readonly status: PositionStatus;
  /** The resting close price when limit-closing. */
  readonly closeLimit: Price | null;
  /** The resting close's last JST date (期間); null or absent: until withdrawn. */
  readonly closeValidUntil?: CalendarDate | null;
  /** Why a market close is waiting, when closing. */
  readonly closeReason: 'user' | 'forced' | null;
  /** While closing or limit-closing: the lots the close covers when fewer than all (一部返済); null or absent: all. */
  readonly closeLots?: number | null;
  /** With closeLots: the id the closed lots take when the close fills. */
  readonly closePartId?: string | null;
  readonly openedAt: EpochMs;
}

/** Everything the engine knows; what `snapshot()` returns and `createEngine(config, state)` rebuilds from. */
export interface EngineState {
  readonly accounts: readonly AccountRecord[];
  readonly orders: readonly OrderRecord[];
  readonly positions: readonly PositionRecord[];
  /** The latest quote per instrument, so that marks and price limits are known before the first tick. */
  readonly quotes?: readonly Quote[];
  readonly lastAccrualDate?: CalendarDate | null;
  readonly nextSeq?: number;
}
