import { z } from 'zod';
import { code, decimalMoney, pageQuery, paged, requiredText } from './fields';
import { instrument, instrumentCodeField, instrumentCodeParams } from './market';
import { order, ORDER_SIDES, ORDER_STATUSES, position } from './trading';

/** The back office's trading screens: every client's orders and positions, the house's exposure, halts. */

const userIdFilter = z
  .string(code('VALIDATION_FAILED'))
  .trim()
  .regex(/^[1-9]\d{0,17}$/, code('VALIDATION_FAILED'))
  .transform((value) => BigInt(value));

/** Filter by instrument code and by user id; both optional. */
export const staffTradingQuery = pageQuery.extend({
  code: instrumentCodeField.optional(),
  userId: userIdFilter.optional(),
});

/** Staff read clients' orders by status: resting (the default), filled or cancelled. */
export const staffOrderQuery = staffTradingQuery.extend({
  status: z.enum(ORDER_STATUSES, code('VALIDATION_FAILED')).default('open'),
});

/** `open`: holding, closing or limit-closing (the default); `closed`: the history. */
export const STAFF_POSITION_STATUSES = ['open', 'closed'] as const;
export const staffPositionQuery = staffTradingQuery.extend({
  status: z.enum(STAFF_POSITION_STATUSES, code('VALIDATION_FAILED')).default('open'),
});

export const staffOrder = order.extend({ userId: z.string() });
export const staffPosition = position.extend({ userId: z.string() });

export const staffInstrumentQuery = pageQuery.extend({
  q: z.string(code('VALIDATION_FAILED')).trim().max(50, code('MARKET_QUERY_TOO_LONG')).optional(),
  halted: z.enum(['true', 'false'], code('VALIDATION_FAILED')).optional(),
});

/** An instrument with the house's limits on new orders, the price the house marks it at, and the day's limits. */
export const staffInstrument = instrument.extend({
  /** null: the global lots-per-order limit. */
  maxLotsPerOrder: z.number().int().nullable(),
  /** Lots an account may have open here (positions and resting orders); null: no limit. */
  maxOpenLots: z.number().int().nullable(),
  last: decimalMoney.nullable(),
  limitUp: decimalMoney.nullable(),
  limitDown: decimalMoney.nullable(),
});

export const haltRequest = z.strictObject({ reason: requiredText('REASON_REQUIRED', 500) });
export { instrumentCodeParams as staffInstrumentParams };

/** A whole number within [min, max], or null for "no limit of this instrument's own". */
const limitField = (error: Parameters<typeof code>[0], min: number, max: number) =>
  z.number(code(error)).int(code(error)).min(min, code(error)).max(max, code(error)).nullable();

/** The house's limits on new orders in an instrument; every field given (null clears one). */
export const instrumentLimitsRequest = z.strictObject({
  maxLeverage: limitField('INSTRUMENT_LIMIT_LEVERAGE_INVALID', 1, 100),
  maxLotsPerOrder: limitField('INSTRUMENT_LIMIT_LOTS_INVALID', 1, 10_000),
  maxOpenLots: limitField('INSTRUMENT_LIMIT_OPEN_LOTS_INVALID', 1, 1_000_000),
  shortable: z.boolean(code('VALIDATION_FAILED')),
  reason: requiredText('REASON_REQUIRED', 500),
});
export type InstrumentLimitsRequest = z.input<typeof instrumentLimitsRequest>;

/**
 * The house is the counterparty of every client position: its exposure on a code is the clients' net long
 * shares (long minus short), taken the other way. Notional at the last price the engine has.
 */
export const exposureLine = z.object({
  code: z.string(),
  nameJa: z.string(),
  nameEn: z.string(),
  halted: z.boolean(),
  last: decimalMoney.nullable(),
  longShares: z.number().int(),
  shortShares: z.number().int(),
  /** Client long minus short: the house holds the opposite. */
  netShares: z.number().int(),
  longNotional: decimalMoney.nullable(),
  shortNotional: decimalMoney.nullable(),
  netNotional: decimalMoney.nullable(),
  /** The clients' unrealised P&L on the code at the last price (the house's is its negative). */
  clientUnrealisedPnl: decimalMoney.nullable(),
  positions: z.number().int(),
});

export const exposureReport = z.object({
  items: z.array(exposureLine),
  totals: z.object({
    longNotional: decimalMoney,
    shortNotional: decimalMoney,
    netNotional: decimalMoney,
    /** Over open positions with a price; codes without one are left out and counted in `unpriced`. */
    clientUnrealisedPnl: decimalMoney,
    /** Every closed position's realised P&L (before fees), since trading began. */
    clientRealisedPnl: decimalMoney,
    openPositions: z.number().int(),
    openOrders: z.number().int(),
    unpriced: z.number().int(),
  }),
});

export const forcedCloseQuery = pageQuery.extend({
  code: instrumentCodeField.optional(),
  userId: userIdFilter.optional(),
});

export const forcedCloseEntry = z.object({
  id: z.string(),
  userId: z.string(),
  positionId: z.string(),
  code: z.string(),
  side: z.enum(ORDER_SIDES),
  lots: z.number().int(),
  reason: z.enum(['liquidation_level', 'margin_call_deadline']),
  equity: decimalMoney,
  openNotional: decimalMoney,
  /** Equity / open notional in basis points; null with nothing open. */
  ratioBp: z.number().int().nullable(),
  /** The close still waits for the next auction (the market was shut or the code halted); false once executed. */
  pending: z.boolean(),
  exitPrice: decimalMoney.nullable(),
  realisedPnl: decimalMoney.nullable(),
  /** When the close was decided. */
  createdAt: z.string(),
  /** When it filled (the position's close): later than createdAt for a close that waited; null until then. */
  executedAt: z.string().nullable(),
});

export const marginCallQuery = pageQuery.extend({
  userId: userIdFilter.optional(),
  status: z.enum(['open', 'cleared', 'all'], code('VALIDATION_FAILED')).default('all'),
});

export const marginCallEntry = z.object({
  id: z.string(),
  userId: z.string(),
  raisedOn: z.string(),
  deadline: z.string(),
  equity: decimalMoney,
  openNotional: decimalMoney,
  ratioBp: z.number().int().nullable(),
  createdAt: z.string(),
  clearedAt: z.string().nullable(),
  /**
   * How it ended: recovered (the ratio came back without a forced close: cash that arrived, the client's own
   * closes, the price) or forced_close (a forced close of the account's positions lifted it); null while open.
   */
  clearedBy: z.enum(['recovered', 'forced_close']).nullable(),
});

/** The engine's configuration as this server runs it (set through TRADING_* and MARKET-RULES.md). */
export const tradingConfigView = z.object({
  leverages: z.array(z.number().int()),
  feeRateBp: z.number().int(),
  feeMinimum: decimalMoney,
  feeMaximum: decimalMoney.nullable(),
  longInterestBpPerYear: z.number().int(),
  shortBorrowFeeBpPerYear: z.number().int(),
  daysPerYear: z.number().int(),
  initialMarginBp: z.number().int(),
  maintenanceBp: z.number().int(),
  liquidationBp: z.number().int(),
  minimumEquityForLeverage: decimalMoney,
  minimumCreditScoreForLeverage: z.number().int(),
  maxLotsPerOrder: z.number().int(),
});

export const staffOrderPage = paged(staffOrder);
export const staffPositionPage = paged(staffPosition);
export const staffInstrumentPage = paged(staffInstrument);
export const forcedClosePage = paged(forcedCloseEntry);
export const marginCallPage = paged(marginCallEntry);
export type StaffOrder = z.infer<typeof staffOrder>;
export type StaffPosition = z.infer<typeof staffPosition>;
export type StaffInstrument = z.infer<typeof staffInstrument>;
export type ExposureReport = z.infer<typeof exposureReport>;
export type ExposureLine = z.infer<typeof exposureLine>;
export type ForcedCloseEntry = z.infer<typeof forcedCloseEntry>;
export type MarginCallEntry = z.infer<typeof marginCallEntry>;
export type TradingConfigView = z.infer<typeof tradingConfigView>;
