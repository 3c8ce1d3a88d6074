import type { Sen } from '@kabuto/contract';
import type { CalendarDate, MarketPhase, Price, TickTable } from '@kabuto/market-rules';
import { limitsOf, type EngineConfig, type InstrumentLimits } from './config';
import type { EngineEvent } from './events';
import { PriceIndex } from './price-index';
import type { EpochMs, MarginCallRecord, OrderType, PositionStatus, Quote, Side } from './records';

/** The engine's mutable state. Only the engine's modules see it; callers get records and events. */
export interface Account {
  readonly id: string;
  available: Sen;
  held: Sen;
  margin: Sen;
  debt: Sen;
  kycPassed: boolean;
  creditScore: number;
  marginCall: MarginCallRecord | null;
  readonly orders: Set<Order>;
  readonly positions: Set<Position>;
}

export interface Order {
  readonly id: string;
  readonly seq: number;
  readonly account: Account;
  readonly book: Book;
  readonly side: Side;
  readonly type: OrderType;
  readonly limitPrice: Price | null;
  readonly lots: number;
  readonly leverage: number;
  heldMargin: Sen;
  heldFee: Sen;
  readonly takeProfit: Price | null;
  readonly stopLoss: Price | null;
  /** The last JST date it may fill on; null: until cancelled. */
  readonly validUntil: CalendarDate | null;
  readonly placedAt: EpochMs;
}

/** The index keys a position is filed under, so it can be taken out again; null when not filed. */
export interface PositionKeys {
  takeProfit: number | null;
  stopLoss: number | null;
  closeLimit: number | null;
  risk: number | null;
}

export interface Position {
  readonly id: string;
  readonly seq: number;
  readonly account: Account;
  readonly book: Book;
  readonly side: Side;
  /** Lots, shares, entry notional, margin, opening fee and interest shrink when some lots close (一部返済). */
  lots: number;
  shares: number;
  readonly leverage: number;
  readonly entryPrice: Price;
  entryNotional: Sen;
  margin: Sen;
  openFee: Sen;
  interest: Sen;
  takeProfit: Price | null;
  stopLoss: Price | null;
  status: PositionStatus;
  closeLimit: Price | null;
  /** The resting close's last JST date; null: until withdrawn (or not limit-closing). */
  closeValidUntil: CalendarDate | null;
  closeReason: 'user' | 'forced' | null;
  /** While closing or limit-closing: the lots the close covers when fewer than all (一部返済); null: all. */
  closeLots: number | null;
  /** With closeLots: the id the closed lots take when the close fills. */
  closePartId: string | null;
  readonly openedAt: EpochMs;
  readonly keys: PositionKeys;
}

/**
 * One instrument: its latest quote and everything waiting on its price, filed by the price at which it
 * acts. Long positions leave at the bid, shorts at the ask; risk triggers watch the last price.
 */
export interface Book {
  readonly code: string;
  readonly tickTable: TickTable;
  /** The house's limits on new orders (setInstrumentLimits changes them). */
  limits: InstrumentLimits;
  quote: Quote | null;
  /** Market orders to open, waiting for the next opening. */
  readonly waitingMarket: Set<Order>;
  readonly longLimits: PriceIndex<Order>;
  readonly shortLimits: PriceIndex<Order>;
  /** Market closes waiting for the next opening (status closing). */
  readonly pendingCloses: Set<Position>;
  readonly longCloseLimits: PriceIndex<Position>;
  readonly shortCloseLimits: PriceIndex<Position>;
  readonly longTakeProfits: PriceIndex<Position>;
  readonly longStopLosses: PriceIndex<Position>;
  readonly shortTakeProfits: PriceIndex<Position>;
  readonly shortStopLosses: PriceIndex<Position>;
  readonly longRisk: PriceIndex<Position>;
  readonly shortRisk: PriceIndex<Position>;
}

export interface State {
  /** Replaced (never mutated) when an instrument's limits change, so engine.config stays current. */
  config: EngineConfig;
  readonly accounts: Map<string, Account>;
  readonly orders: Map<string, Order>;
  readonly positions: Map<string, Position>;
  readonly books: Map<string, Book>;
  nextSeq: number;
  lastAccrualDate: CalendarDate | null;
  /** The phase of the latest quote of any instrument: every instrument shares the session clock. */
  marketPhase: MarketPhase | null;
  /** While an auction tick is processed: the instrument and its single price. */
  auction: { readonly book: Book; readonly price: Price } | null;
  /** Accounts whose money or positions changed and must be evaluated before the step ends. */
  readonly dirty: Set<Account>;
  /** Accounts with a position force-closed during the step: a margin call lifted in it was lifted by that. */
  readonly forceClosed: Set<Account>;
  /** Events of the step being processed. */
  out: EngineEvent[];
}

export function createBook(code: string, tickTable: TickTable, limits: InstrumentLimits): Book {
  return {
    code,
    tickTable,
    limits,
    quote: null,
    waitingMarket: new Set(),
    longLimits: new PriceIndex('at-or-below'),
    shortLimits: new PriceIndex('at-or-above'),
    pendingCloses: new Set(),
    longCloseLimits: new PriceIndex('at-or-above'),
    shortCloseLimits: new PriceIndex('at-or-below'),
    longTakeProfits: new PriceIndex('at-or-above'),
    longStopLosses: new PriceIndex('at-or-below'),
    shortTakeProfits: new PriceIndex('at-or-below'),
    shortStopLosses: new PriceIndex('at-or-above'),
    longRisk: new PriceIndex('at-or-below'),
    shortRisk: new PriceIndex('at-or-above'),
  };
}

export function createState(config: EngineConfig): State {
  const books = new Map<string, Book>();
  for (const instrument of config.instruments) {
    books.set(instrument.code, createBook(instrument.code, instrument.tickTable, limitsOf(instrument)));
  }
  return {
    config,
    accounts: new Map(),
    orders: new Map(),
    positions: new Map(),
    books,
    nextSeq: 1,
    lastAccrualDate: null,
    marketPhase: null,
    auction: null,
    dirty: new Set(),
    forceClosed: new Set(),
    out: [],
  };
}

export function createAccount(id: string, kycPassed: boolean, creditScore: number): Account {
  return {
    id,
    available: 0n,
    held: 0n,
    margin: 0n,
    debt: 0n,
    kycPassed,
    creditScore,
    marginCall: null,
    orders: new Set(),
    positions: new Set(),
  };
}

export const bySeq = (a: { seq: number }, b: { seq: number }): number => a.seq - b.seq;
