import type { Sen } from '@kabuto/contract';
import { nextBusinessDay } from './calendar';
import { yen } from './prices';
import type { CalendarDate } from './time';

/**
 * Margin conventions of Japanese brokers (MARKET-RULES.md, Margin conventions). Every number is
 * configuration; ratios are in basis points (3000 = 30%) so nothing needs floating point.
 */
export interface MarginRules {
  /** Collateral needed to open a leveraged position, as a share of its value. */
  readonly initialMarginRatioBp: number;
  /** Equity needed to open any leveraged position. */
  readonly minimumEquity: Sen;
  /** Below this share of open position value, a margin call (追証) is raised. */
  readonly maintenanceRatioBp: number;
}

export const DEFAULT_MARGIN_RULES: MarginRules = {
  initialMarginRatioBp: 3_000,
  minimumEquity: yen(300_000),
  maintenanceRatioBp: 2_000,
};

const BASIS_POINTS = 10_000n;

/** amount >= value × ratio, exactly. */
function coversShare(amount: Sen, value: Sen, ratioBp: number): boolean {
  return amount * BASIS_POINTS >= value * BigInt(ratioBp);
}

/** Collateral of at least the initial ratio (30%) of the position's value. */
export function meetsInitialMargin(
  collateral: Sen,
  positionValue: Sen,
  rules: MarginRules = DEFAULT_MARGIN_RULES,
): boolean {
  return coversShare(collateral, positionValue, rules.initialMarginRatioBp);
}

/** Equity of at least the minimum (300,000 JPY) to open a leveraged position. */
export function meetsMinimumEquity(equity: Sen, rules: MarginRules = DEFAULT_MARGIN_RULES): boolean {
  return equity >= rules.minimumEquity;
}

/** A margin call is raised when equity falls below the maintenance ratio (20%) of open position value. */
export function isMarginCallRequired(
  equity: Sen,
  openPositionValue: Sen,
  rules: MarginRules = DEFAULT_MARGIN_RULES,
): boolean {
  return !coversShare(equity, openPositionValue, rules.maintenanceRatioBp);
}

/** A margin call raised on a date must be met by the next business day, or positions are closed. */
export function marginCallDeadline(raisedOn: CalendarDate): CalendarDate {
  return nextBusinessDay(raisedOn);
}
