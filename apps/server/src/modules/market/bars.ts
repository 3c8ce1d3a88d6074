import type { BarInterval } from '@kabuto/contract';
import { jstDateOf, jstInstant } from '@kabuto/market-rules';
import type { StoredInterval } from './market.table';

/** One bar in sen and shares; `start` is epoch ms. */
export interface BarValue {
  start: number;
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
  volume: bigint;
  turnover: bigint;
}

/**
 * Only 1-minute and daily bars are stored. 5/15/30/45/60-minute bars are aggregated on read from the 1-minute
 * bars, weekly and monthly from the daily ones: at most five days of minutes or two years of days per request,
 * which costs less than keeping seven more copies up to date every minute.
 */
export const SOURCE_OF: Record<BarInterval, { stored: StoredInterval; minutes?: number }> = {
  '1m': { stored: '1m', minutes: 1 },
  '5m': { stored: '1m', minutes: 5 },
  '15m': { stored: '1m', minutes: 15 },
  '30m': { stored: '1m', minutes: 30 },
  '45m': { stored: '1m', minutes: 45 },
  '60m': { stored: '1m', minutes: 60 },
  '1d': { stored: '1d' },
  '1w': { stored: '1d' },
  '1mo': { stored: '1d' },
};

const MINUTE = 60_000;
const JST_OFFSET = 9 * 60 * MINUTE;
const MORNING_OPEN = 9 * 60;
const AFTERNOON_OPEN = 12 * 60 + 30;

/**
 * Minute buckets count from the session's opening (9:00 or 12:30 JST), so a 45-minute bar never spans the lunch
 * break: 9:00, 9:45, 10:30, 11:15, then 12:30, 13:15, ...; a 60-minute one 9:00, 10:00, 11:00 (half an hour,
 * to the 11:30 close), then 12:30, 13:30, 14:30 (to the 15:30 close), as brokers draw 60分足. Minutes outside the sessions (the always-open demo
 * clock) count from midnight.
 */
function minuteBucket(start: number, size: number): number {
  const minuteOfDay = Math.floor(((((start + JST_OFFSET) % 86_400_000) + 86_400_000) % 86_400_000) / MINUTE);
  const anchor =
    minuteOfDay >= AFTERNOON_OPEN ? AFTERNOON_OPEN : minuteOfDay >= MORNING_OPEN ? MORNING_OPEN : 0;
  const offset = (minuteOfDay - anchor) % size;
  return start - (start % MINUTE) - offset * MINUTE;
}

/** Monday 00:00 JST of the week. */
function weekBucket(start: number): number {
  const date = jstDateOf(start);
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return jstInstant(date, '00:00') - ((weekday + 6) % 7) * 86_400_000;
}

const monthBucket = (start: number) => jstInstant(`${jstDateOf(start).slice(0, 7)}-01`, '00:00');

export function bucketOf(interval: BarInterval, start: number): number {
  if (interval === '1w') return weekBucket(start);
  if (interval === '1mo') return monthBucket(start);
  const minutes = SOURCE_OF[interval].minutes;
  return minutes === undefined ? start : minuteBucket(start, minutes);
}

/** Stored bars (oldest first) folded into the interval's buckets. */
export function aggregate(bars: readonly BarValue[], interval: BarInterval): BarValue[] {
  const out: BarValue[] = [];
  let current: BarValue | null = null;
  for (const bar of bars) {
    const start = bucketOf(interval, bar.start);
    if (current && current.start === start) {
      if (bar.high > current.high) current.high = bar.high;
      if (bar.low < current.low) current.low = bar.low;
      current.close = bar.close;
      current.volume += bar.volume;
      current.turnover += bar.turnover;
    } else {
      current = { ...bar, start };
      out.push(current);
    }
  }
  return out;
}

/**
 * The bars of a read that may have hit its row limit: the stored bars are read newest first, so a cut read starts
 * partway into its oldest bucket, and that bucket's bar (other than a stored interval's own) is left out rather
 * than drawn from part of its period.
 */
export function aggregateRead(bars: readonly BarValue[], interval: BarInterval, cut: boolean): BarValue[] {
  const folded = aggregate(bars, interval);
  const partial = cut && interval !== SOURCE_OF[interval].stored && folded.length > 0;
  return partial ? folded.slice(1) : folded;
}
