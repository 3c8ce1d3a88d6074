import type { Sen } from '@kabuto/contract';
import { DEFAULT_MARGIN_RULES, yen, type MarginRules, type TickTable } from '@kabuto/market-rules';
import type { FeeSchedule } from './money';

export interface InstrumentConfig {
  readonly code: string;
  readonly tickTable: TickTable;
}

export interface EngineConfig {
  /** The tradable universe; quotes and orders for other codes are refused. */
  readonly instruments: readonly InstrumentConfig[];
  /** Allowed leverages, whole numbers: margin = notional / leverage. */
  readonly leverages: readonly number[];
  /** Initial margin ratio, minimum equity for leverage above 1x, maintenance (margin call) level. */
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
  return config;
}
