import { yen, type Price } from './prices';
import { lowestPrice, roundToTick, type TickTable } from './ticks';

interface LimitStep {
  readonly below: Price;
  readonly limit: Price;
}

function step(below: number, limit: number): LimitStep {
  return { below: yen(below), limit: yen(limit) };
}

/** 制限値幅 below 1,000 JPY (MARKET-RULES.md, Daily price limit). */
const STEPS_BELOW_1000: readonly LimitStep[] = [
  step(100, 30),
  step(200, 50),
  step(500, 80),
  step(700, 100),
  step(1_000, 150),
];

/** The steps from 1,000 to 10,000 JPY, which repeat for every tenfold above. */
const DECADE_STEPS: readonly LimitStep[] = [
  step(1_500, 300),
  step(2_000, 400),
  step(3_000, 500),
  step(5_000, 700),
  step(7_000, 1_000),
  step(10_000, 1_500),
];
const DECADE_TOP = yen(10_000);

/** The daily price limit width (制限値幅) for a base price, normally the previous close. */
export function dailyPriceLimit(basePrice: Price): Price {
  if (basePrice <= 0n) throw new RangeError(`A base price must be positive: ${basePrice}`);
  const fixed = STEPS_BELOW_1000.find(({ below }) => basePrice < below);
  if (fixed) return fixed.limit;
  let scale = 1n;
  while (basePrice >= DECADE_TOP * scale) scale *= 10n;
  const found = DECADE_STEPS.find(({ below }) => basePrice < below * scale);
  // basePrice < DECADE_TOP * scale, the last step's bound, so find always succeeds.
  return found!.limit * scale;
}

/** The highest price allowed today (stop high, ストップ高): base + limit, rounded down onto the tick grid. */
export function limitUp(basePrice: Price, table: TickTable): Price {
  return roundToTick(basePrice + dailyPriceLimit(basePrice), 'down', table);
}

/**
 * The lowest price allowed today (stop low, ストップ安): base - limit, rounded up onto the tick grid, and
 * never below the table's lowest price (prices stay positive).
 */
export function limitDown(basePrice: Price, table: TickTable): Price {
  const floor = basePrice - dailyPriceLimit(basePrice);
  return floor <= 0n ? lowestPrice(table) : roundToTick(floor, 'up', table);
}

export function isWithinDailyLimits(price: Price, basePrice: Price, table: TickTable): boolean {
  return price >= limitDown(basePrice, table) && price <= limitUp(basePrice, table);
}
