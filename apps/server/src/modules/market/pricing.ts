import {
  limitDown,
  limitUp,
  lowestPrice,
  roundToTick,
  tickTableFor,
  type TickTable,
} from '@kabuto/market-rules';
import { seededRng } from './prng';

/** Continuous trading seconds in a TSE day: 9:00-11:30 and 12:30-15:25. */
export const TRADING_SECONDS_PER_DAY = 19_500;

/** The nearest valid price to a float price in sen (the simulator's only float-to-price step). */
export function snapToTick(sen: number, table: TickTable): bigint {
  const raw = BigInt(Math.max(1, Math.round(sen)));
  const up = roundToTick(raw, 'up', table);
  if (raw < lowestPrice(table)) return up;
  const down = roundToTick(raw, 'down', table);
  return raw - down <= up - raw ? down : up;
}

export const clampPrice = (price: bigint, low: bigint, high: bigint) =>
  price < low ? low : price > high ? high : price;

export interface DayLimits {
  up: bigint;
  down: bigint;
}

export const limitsFrom = (previousClose: bigint, table: TickTable): DayLimits => ({
  up: limitUp(previousClose, table),
  down: limitDown(previousClose, table),
});

/** How an instrument moves: drawn once from the seed, so it is the same in the history and in the live feed. */
export interface InstrumentProfile {
  table: TickTable;
  /**
   * Standard deviation of the daily log return without jumps, 1.2% to 2.1%: with the jumps added, a day moves
   * by 1.75% to 2.5% (standard deviation), as large Japanese stocks do.
   */
  dailyVolatility: number;
  /** Average lots (100 shares) traded a day. */
  dailyLots: number;
}

export function instrumentProfile(
  seed: string,
  instrument: { code: string; topix500: boolean; basePrice: bigint },
): InstrumentProfile {
  const rng = seededRng(`${seed}:${instrument.code}:profile`);
  const dailyVolatility = 0.012 + 0.009 * rng.next();
  // Daily turnover around 20 billion yen for TOPIX500 names and 1 billion for the others, spread tenfold.
  const turnoverYen = (instrument.topix500 ? 2e10 : 1e9) * 10 ** (rng.next() - 0.5);
  const priceYen = Number(instrument.basePrice) / 100;
  return {
    table: tickTableFor(instrument.topix500),
    dailyVolatility,
    dailyLots: Math.max(50, turnoverYen / priceYen / 100),
  };
}

/** A rare jump (news): about one trading day in twenty, 3% to 8% either way. */
export const JUMPS_PER_DAY = 0.05;
export function jumpSize(rng: { next(): number }): number {
  const size = 0.03 + 0.05 * rng.next();
  return rng.next() < 0.5 ? -size : size;
}

/** A deterministic stream for one purpose of one instrument. */
export const streamFor = (seed: string, code: string, purpose: string) =>
  seededRng(`${seed}:${code}:${purpose}`);
