/**
 * @kabuto/engine: the pure, deterministic trading core. No I/O, no clock, no randomness: the same state and
 * the same commands give the same events, byte for byte. The server persists each command's events with
 * their ledger postings in one transaction and rebuilds the engine from its database at start.
 *
 * State. Accounts (cash available as the ledger has it; held cash of resting orders; margin of open
 * positions; debt, zero or negative), resting orders to open, open positions (holding, closing: a market
 * close waiting for the next auction; limit-closing: a resting close), the latest quote per instrument, a
 * sequence counter (time priority) and the last accrual date. `snapshot()` gives it as plain records in a
 * canonical order; `createEngine(config, state)` rebuilds from them (held cash and margin are re-derived
 * from the orders and positions; missing seqs are assigned in the order given).
 *
 * Commands (each returns the events it caused): placeOrder, amendOrder (訂正: a resting limit order cancelled
 * and replaced by one at a new price and lots in one step, or nothing changes), cancelOrder, closePosition (market or limit;
 * all lots, or some: 一部返済, which close as a part of their own when the close fills),
 * cancelClose (a resting limit close withdrawn), setTakeProfitStopLoss, onQuote, accrueDaily (once per business day), expireMarginCalls (before the open),
 * expireOrders (at the start of each day: orders past their last valid date, 期間, are cancelled as expired; a
 * fill attempted after that date cancels the order the same way, so an expired order never fills),
 * updateCash (the ledger's figure after a deposit or withdrawal), upsertAccount (KYC, credit score),
 * setInstrumentLimits (the house's per-instrument maximum leverage, lots per order, open lots per account
 * and whether shorts may open: new orders only, open positions are never touched), and
 * `execute(command)` for any of them as data. Ids come from the caller; a position takes its order's id.
 * previewOrder gives the confirmation popup's figures (with one day's interest or borrow fee), previewClose the 返済
 * confirmation's (the close price, the P&L on it, the closing fee, the interest so far and the net P&L); account()
 * the balances, equity and ratio;
 * buyingPower(account, side, leverage, config) the largest new position the money checks of placeOrder accept (the
 * same function decides both), riskLevels the equity at the margin-call and forced-close levels.
 *
 * Events: Rejected{command, reason} with SCREAMING_SNAKE reasons (REJECT_REASONS), QuoteRejected,
 * OrderAccepted, OrderFilled, OrderCancelled, PositionOpened, CloseRequested, CloseCancelled, PositionSplit, PositionClosed{reason: user |
 * take_profit | stop_loss | forced}, TakeProfitStopLossSet, MarginCall, MarginCallCleared, ForcedClose,
 * InterestCharged, CashUpdated, DebtRepaid, AccountUpdated. Every event that moves money lists its
 * transfers between pockets (the user's available, held, margin, debt; the house's fee_income,
 * counterparty, interest_income); applying them is the ledger's whole job, and they always balance.
 *
 * Execution. Market orders fill at the ask (long) or bid (short) in continuous trading; limit orders fill
 * at their limit or better when the market reaches them. Outside continuous trading everything waits for
 * the next auction: the first trading quote after a break or halt (the opening) or the first quote after
 * the closing auction (the close), whose last price fills every marketable order and close. Order and
 * close prices must be on the tick grid and within the day's limits; quotes that are not are refused, so
 * no fill can be off the grid or beyond the limits. Lots are whole (100 shares).
 *
 * Money. Bigint sen throughout, ratios in basis points. Margin = notional / leverage, rounded up; the fee
 * is the schedule's rate of the notional, rounded up, between its minimum and maximum, on every fill;
 * interest and borrow fees are base × rate × days / (10,000 × daysPerYear), rounded down, per position
 * per accrual (a leveraged long pays on notional - margin, a short on its notional). An order holds its
 * margin and fee at the price it can fill at worst (its limit, or limit up for a market order waiting for
 * the open); the fill releases the excess or takes a shortfall from available (or is cancelled without
 * it). A close returns the margin, pays a gain or takes the loss and fee from available, and what
 * available cannot cover becomes debt, repaid first from any cash that arrives.
 *
 * Risk. Equity = available + held + margin + debt + unrealised P&L at the last prices; the maintenance
 * ratio is equity / open notional at entry. Below the maintenance level: MarginCall, with a deadline of
 * the next business day; below the liquidation level, or past the deadline: positions are closed worst
 * first (largest unrealised loss) until the ratio is back at the maintenance level. A margin call is lifted
 * only by an evaluation that follows a change to the account, never by a price passing by; MarginCallCleared
 * says by what: forced_close when a forced close of the account filled in the same step (at once, or waiting
 * for that auction), recovered otherwise.
 *
 * Indexing. Per instrument and side, sorted arrays (PriceIndex) file resting orders, resting closes,
 * take-profits, stop-losses and risk triggers by price, next-to-fire last, so a tick takes what it
 * crosses: O(log n + triggered), never a scan. A risk trigger is the price beyond which its account
 * might have crossed its next level: the account's buffer is shared out in proportion to notional, so no
 * crossing is missed, and an account is evaluated exactly (O(its positions)) only when one fires.
 */
export { createEngine, type Engine, type AccountView, type EngineOptions } from './engine';
export {
  DEFAULT_ENGINE_CONFIG,
  engineConfig,
  type EngineConfig,
  type EngineConfigInput,
  type InstrumentConfig,
  type InstrumentLimits,
  NO_INSTRUMENT_LIMITS,
  checkInstrumentLimits,
} from './config';
export type { FeeSchedule } from './money';
export {
  buyingPower,
  riskLevels,
  type AccountFunds,
  type BuyingPower,
  type RiskLevel,
} from './account-limits';
export { feeFor, marginFor, interestFor } from './money';
export type { ClosePreview, OrderPreview } from './preview';
export type * from './commands';
export type * from './records';
export {
  REJECT_REASONS,
  QUOTE_REJECT_REASONS,
  type RejectReason,
  type QuoteRejectReason,
  type Pocket,
  type UserPocket,
  type HousePocket,
  type Transfer,
  type EngineEvent,
  type Rejected,
  type QuoteRejected,
  type OrderAccepted,
  type OrderFilled,
  type OrderCancelled,
  type PositionOpened,
  type CloseRequested,
  type CloseCancelled,
  type PositionClosed,
  type PositionSplit,
  type TakeProfitStopLossSet,
  type MarginCall,
  type MarginCallCleared,
  type ForcedClose,
  type InterestCharged,
  type CashUpdated,
  type DebtRepaid,
  type AccountUpdated,
} from './events';
