import type { Sen } from '@kabuto/contract';
import type { Price } from '@kabuto/market-rules';

/** Ratios are in basis points: 10,000 bp = 100%. */
export const BASIS_POINTS = 10_000n;

/** ⌈a / b⌉ for a ≥ 0, b > 0. */
export function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}

/** ⌊a / b⌋ for b > 0 and any a (bigint division truncates towards zero). */
export function floorDiv(a: bigint, b: bigint): bigint {
  const quotient = a / b;
  return a % b !== 0n && a < 0n ? quotient - 1n : quotient;
}

export function notionalOf(price: Price, shares: number): Sen {
  return price * BigInt(shares);
}

/** Margin = notional / leverage, rounded up to the sen: the house never finances a fraction of a sen. */
export function marginFor(notional: Sen, leverage: number): Sen {
  return ceilDiv(notional, BigInt(leverage));
}

/** A commission schedule: a rate with a minimum and an optional maximum per fill. */
export interface FeeSchedule {
  readonly rateBp: number;
  readonly minimum: Sen;
  readonly maximum: Sen | null;
}

/** The fee of one fill: notional × rate, rounded up to the sen, then held between minimum and maximum. */
export function feeFor(notional: Sen, schedule: FeeSchedule): Sen {
  const fee = ceilDiv(notional * BigInt(schedule.rateBp), BASIS_POINTS);
  if (fee < schedule.minimum) return schedule.minimum;
  if (schedule.maximum !== null && fee > schedule.maximum) return schedule.maximum;
  return fee;
}

/** Interest for `days` days at a yearly rate: base × rate × days / (10,000 × daysPerYear), rounded down. */
export function interestFor(base: Sen, rateBpPerYear: number, days: number, daysPerYear: number): Sen {
  return (base * BigInt(rateBpPerYear) * BigInt(days)) / (BASIS_POINTS * BigInt(daysPerYear));
}

/** The least equity at which `notional` is not below the level (isBelowLevel), to the sen. */
export function equityAtLevel(notional: Sen, levelBp: number): Sen {
  return ceilDiv(notional * BigInt(levelBp), BASIS_POINTS);
}

/** equity / notional < level, exactly. */
export function isBelowLevel(equity: Sen, notional: Sen, levelBp: number): boolean {
  return equity * BASIS_POINTS < notional * BigInt(levelBp);
}

/** equity / notional in basis points, rounded down; null without open notional. */
export function ratioBp(equity: Sen, notional: Sen): number | null {
  return notional === 0n ? null : Number(floorDiv(equity * BASIS_POINTS, notional));
}
