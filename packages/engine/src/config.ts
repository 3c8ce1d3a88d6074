import type { Sen } from '@kabuto/contract';
import { DEFAULT_MARGIN_RULES, yen, type MarginRules, type TickTable } from '@kabuto/market-rules';
import type { FeeSchedule } from './money';

/**
 * The house's limits on opening positions in one instrument, on top of the global configuration. They
 * apply to new orders only: positions and resting orders placed before a lower limit stay as they are.
 */
export interface InstrumentLimits {
  /** The highest leverage allowed, one of the configured leverages; null: every configured leverage. */
  readonly maxLeverage: number | null;
  /** Lots per order; null: the global maxLotsPerOrder. */
  readonly maxLotsPerOrder: number | null;
  /** Lots an account may have open in the instrument (positions and resting orders, both sides); null: no limit. */
  readonly maxOpenLots: number | null;
  /** Whether new short positions may be opened (TSE: only 貸借銘柄 can be sold short on margin). */
  readonly shortable: boolean;
}

export const NO_INSTRUMENT_LIMITS: InstrumentLimits = {
  maxLeverage: null,
  maxLotsPerOrder: null,
  maxOpenLots: null,
  shortable: true,
};

export interface InstrumentConfig {
  readonly code: string;
  readonly tickTable: TickTable;
  /** Absent: NO_INSTRUMENT_LIMITS. */
  readonly limits?: InstrumentLimits;
}

export interface EngineConfig {
  /** The tradable universe; quotes and orders for other codes are refused. */
  readonly instruments: readonly InstrumentConfig[];
  /** Allowed leverages, whole numbers: margin = notional / leverage. */
  readonly leverages: readonly number[];
  /** Initial margin ratio, minimum equity of a margin trade (above 1x, or any short), maintenance (margin call) level. */
  readonly margin: MarginRules;
  /** Below this equity / open notional, positions are closed by force, worst first. */
  readonly liquidationRatioBp: number;
  /** Leverage above 1x needs at least this credit score (PRODUCT.md, Money: credit score). */
  readonly minimumCreditScoreForLeverage: number;
  /** Charged on every fill, opening and closing. */
  readonly fee: FeeSchedule;
  /** Yearly interest on the financed part of a leveraged long (notional - margin). */
  readonly longInterestBpPerYear: number;
  /** Yearly borrow fee on the notional of a short. */
  readonly shortBorrowFeeBpPerYear: number;
  readonly daysPerYear: number;
  readonly maxLotsPerOrder: number;
}

export type EngineConfigInput = Partial<Omit<EngineConfig, 'instruments'>> &
  Pick<EngineConfig, 'instruments'>;

export const DEFAULT_ENGINE_CONFIG: Omit<EngineConfig, 'instruments'> = {
  leverages: [1, 2, 3],
  margin: DEFAULT_MARGIN_RULES,
  liquidationRatioBp: 1_000,
  minimumCreditScoreForLeverage: 80,
  fee: { rateBp: 10, minimum: yen(100), maximum: null },
  longInterestBpPerYear: 280,
  shortBorrowFeeBpPerYear: 115,
  daysPerYear: 365,
  maxLotsPerOrder: 10_000,
};

function requireWhole(name: string, value: number, min: number): void {
  if (!Number.isSafeInteger(value) || value < min)
    throw new RangeError(`${name} must be a whole number ≥ ${min}`);
}

function requireAmount(name: string, value: Sen): void {
  if (value < 0n) throw new RangeError(`${name} must not be negative`);
}

/** The configuration with defaults filled in, checked; a wrong setting throws at start, not mid-trade. */
export function engineConfig(input: EngineConfigInput): EngineConfig {
  const config: EngineConfig = { ...DEFAULT_ENGINE_CONFIG, ...input };
  const codes = new Set(config.instruments.map(({ code }) => code));
  if (codes.size !== config.instruments.length) throw new RangeError('Instrument codes must be unique');
  if (config.leverages.length === 0) throw new RangeError('At least one leverage must be allowed');
  for (const leverage of config.leverages) {
    requireWhole('A leverage', leverage, 1);
    // margin = notional / leverage must cover the initial margin ratio (MARKET-RULES.md: 30% -> at most 3x).
    if (leverage * config.margin.initialMarginRatioBp > 10_000) {
      throw new RangeError(`Leverage ${leverage}x posts less than the initial margin ratio`);
    }
  }
  requireWhole('The maintenance ratio', config.margin.maintenanceRatioBp, 1);
  requireWhole('The liquidation ratio', config.liquidationRatioBp, 0);
  if (config.liquidationRatioBp >= config.margin.maintenanceRatioBp) {
    throw new RangeError('The liquidation ratio must be below the maintenance ratio');
  }
  requireAmount('The minimum equity', config.margin.minimumEquity);
  requireWhole('The fee rate', config.fee.rateBp, 0);
  requireAmount('The minimum fee', config.fee.minimum);
  if (config.fee.maximum !== null && config.fee.maximum < config.fee.minimum) {
    throw new RangeError('The maximum fee must not be below the minimum');
  }
  requireWhole('The long interest rate', config.longInterestBpPerYear, 0);
  requireWhole('The short borrow fee rate', config.shortBorrowFeeBpPerYear, 0);
  requireWhole('Days per year', config.daysPerYear, 1);
  requireWhole('The lot limit', config.maxLotsPerOrder, 1);
  for (const instrument of config.instruments) {
    if (instrument.limits) checkInstrumentLimits(config, instrument.limits);
  }
  return config;
}

/** Throws when `limits` cannot apply under `config` (a leverage it does not offer, a lot count below 1). */
export function checkInstrumentLimits(
  config: Pick<EngineConfig, 'leverages'>,
  limits: InstrumentLimits,
): void {
  if (limits.maxLeverage !== null && !config.leverages.includes(limits.maxLeverage)) {
    throw new RangeError(`Leverage ${limits.maxLeverage}x is not one of the configured leverages`);
  }
  if (limits.maxLotsPerOrder !== null) requireWhole('The instrument lot limit', limits.maxLotsPerOrder, 1);
  if (limits.maxOpenLots !== null) requireWhole('The open lot limit', limits.maxOpenLots, 1);
}

export const limitsOf = (instrument: InstrumentConfig): InstrumentLimits =>
  instrument.limits ?? NO_INSTRUMENT_LIMITS;
