import { yen, type Price } from './prices';

/** Which tick-size table applies: TOPIX500 constituents have the finer one. */
export type TickTable = 'topix500' | 'other';

/** The instrument universe flags TOPIX500 membership; that flag alone picks the table. */
export function tickTableFor(isTopix500: boolean): TickTable {
  return isTopix500 ? 'topix500' : 'other';
}

interface TickBand {
  /** Inclusive upper bound of the band; null for the last band ("above"). */
  readonly upTo: Price | null;
  readonly tick: Record<TickTable, Price>;
}

function band(upTo: number | null, topix500: Price, other: Price): TickBand {
  return { upTo: upTo === null ? null : yen(upTo), tick: { topix500, other } };
}

/** 呼値の単位 (MARKET-RULES.md, Tick size): ticks in sen, 10n = 0.1 JPY. */
const TICK_BANDS: readonly TickBand[] = [
  band(1_000, 10n, yen(1)),
  band(3_000, 50n, yen(1)),
  band(5_000, yen(1), yen(5)),
  band(10_000, yen(1), yen(10)),
  band(30_000, yen(5), yen(10)),
  band(50_000, yen(10), yen(50)),
  band(100_000, yen(10), yen(100)),
  band(300_000, yen(50), yen(100)),
  band(500_000, yen(100), yen(500)),
  band(1_000_000, yen(100), yen(1_000)),
  band(3_000_000, yen(500), yen(1_000)),
  band(5_000_000, yen(1_000), yen(5_000)),
  band(10_000_000, yen(1_000), yen(10_000)),
  band(30_000_000, yen(5_000), yen(10_000)),
  band(50_000_000, yen(10_000), yen(50_000)),
  band(null, yen(10_000), yen(100_000)),
];

function assertPositive(price: Price): void {
  if (price <= 0n) throw new RangeError(`A price must be positive: ${price}`);
}

/** The tick size for a price: "up to" is inclusive, so a price exactly at a bound uses that bound's column. */
export function tickSize(price: Price, table: TickTable): Price {
  assertPositive(price);
  const found = TICK_BANDS.find(({ upTo }) => upTo === null || price <= upTo);
  // The last band has no bound, so find always succeeds.
  return found!.tick[table];
}

/** The lowest valid price of a table: one tick of its finest band. */
export function lowestPrice(table: TickTable): Price {
  return TICK_BANDS[0]!.tick[table];
}

export function isOnTick(price: Price, table: TickTable): boolean {
  return price > 0n && price % tickSize(price, table) === 0n;
}

export type RoundingDirection = 'up' | 'down';

/**
 * The nearest valid price at or above ('up') or at or below ('down') a price. Band bounds are multiples
 * of both neighbouring ticks, so rounding within the price's own band always lands on a valid price.
 * Rounding down a price below the table's lowest price has no answer and throws.
 */
export function roundToTick(price: Price, direction: RoundingDirection, table: TickTable): Price {
  assertPositive(price);
  const tick = tickSize(price, table);
  const remainder = price % tick;
  if (remainder === 0n) return price;
  const rounded = direction === 'down' ? price - remainder : price - remainder + tick;
  if (rounded <= 0n) throw new RangeError(`No valid price at or below ${price}`);
  return rounded;
}

/** The valid price `count` ticks above (positive) or below (negative) a valid price, across band bounds. */
export function ticksAway(price: Price, count: number, table: TickTable): Price {
  if (!isOnTick(price, table)) throw new RangeError(`Not a valid price: ${price}`);
  if (!Number.isSafeInteger(count)) throw new RangeError(`Not a whole number of ticks: ${count}`);
  let current = price;
  for (let step = 0; step < Math.abs(count); step += 1) {
    current = count > 0 ? roundToTick(current + 1n, 'up', table) : roundToTick(current - 1n, 'down', table);
  }
  return current;
}
