import { isBusinessDay, jstInstant, previousBusinessDay, type TickTable } from '@kabuto/market-rules';
import type { BarValue } from './bars';
import {
  clampPrice,
  instrumentProfile,
  jumpSize,
  JUMPS_PER_DAY,
  limitsFrom,
  snapToTick,
  streamFor,
  type InstrumentProfile,
} from './pricing';
import type { Rng } from './prng';

/** The minutes of continuous trading each history day has 1-minute bars for: 9:00-11:29 and 12:30-15:24. */
const SESSIONS = [
  { from: '09:00', minutes: 150 },
  { from: '12:30', minutes: 175 },
] as const;
export const MINUTES_PER_DAY = SESSIONS.reduce((sum, session) => sum + session.minutes, 0);

export interface HistoryRequest {
  seed: string;
  code: string;
  topix500: boolean;
  /** The close of the last history day (the universe's approximate price). */
  lastClose: bigint;
  /** The last history day, a business day. */
  lastDay: string;
  /** Business days of daily bars (about 245 a year). */
  days: number;
  /** The most recent of those days that also get 1-minute bars. */
  minuteDays: number;
}

export interface History {
  daily: BarValue[];
  minute: BarValue[];
}

/** The business days ending at `lastDay`, oldest first. */
export function businessDaysUntil(lastDay: string, count: number): string[] {
  const days: string[] = [];
  let day = isBusinessDay(lastDay) ? lastDay : previousBusinessDay(lastDay);
  while (days.length < count) {
    days.push(day);
    day = previousBusinessDay(day);
  }
  return days.reverse();
}

/**
 * The history of one instrument, generated backwards from its last close: each earlier close is drawn from the
 * same volatility and jumps as the live feed and then nudged, tick by tick, until the later close lies within
 * the daily limits it sets. Days with 1-minute bars get a random bridge from the open to the close; their daily
 * bar is the aggregate of those minutes, so the two never disagree.
 */
export function generateHistory(request: HistoryRequest): History {
  const profile = instrumentProfile(request.seed, {
    code: request.code,
    topix500: request.topix500,
    basePrice: request.lastClose,
  });
  const rng = streamFor(request.seed, request.code, 'history');
  const days = businessDaysUntil(request.lastDay, request.days);
  const closes = closesBackwards(
    rng,
    profile,
    snapToTick(Number(request.lastClose), profile.table),
    days.length,
  );

  const daily: BarValue[] = [];
  const minute: BarValue[] = [];
  const firstMinuteDay = days.length - request.minuteDays;
  for (let i = 1; i < days.length; i += 1) {
    const day = days[i]!;
    const previousClose = closes[i - 1]!;
    const close = closes[i]!;
    const volume =
      BigInt(Math.max(1, Math.round(profile.dailyLots * Math.exp(0.4 * rng.normal() - 0.08)))) * 100n;
    if (i >= firstMinuteDay) {
      const minutes = minuteBars(rng, profile, day, previousClose, close, volume);
      minute.push(...minutes);
      daily.push(dayOf(day, minutes));
    } else {
      daily.push(dayBar(rng, profile, day, previousClose, close, volume));
    }
  }
  return { daily, minute };
}

function closesBackwards(rng: Rng, profile: InstrumentProfile, lastClose: bigint, count: number): bigint[] {
  const closes = new Array<bigint>(count);
  closes[count - 1] = lastClose;
  for (let i = count - 1; i > 0; i -= 1) {
    const later = closes[i]!;
    let logReturn = profile.dailyVolatility * rng.normal();
    const jumpDraw = rng.next();
    const jump = jumpSize(rng);
    if (jumpDraw < JUMPS_PER_DAY) logReturn += jump;
    let earlier = snapToTick(Number(later) / Math.exp(logReturn), profile.table);
    for (;;) {
      const limits = limitsFrom(earlier, profile.table);
      if (later > limits.up) earlier = snapToTick(Number(earlier) + Number(later - limits.up), profile.table);
      else if (later < limits.down)
        earlier = snapToTick(Number(earlier) - Number(limits.down - later), profile.table);
      else break;
    }
    closes[i - 1] = earlier;
  }
  return closes;
}

/** The typical price of a bar times its volume: turnover when only the bar is known. */
const turnoverOf = (high: bigint, low: bigint, close: bigint, volume: bigint) =>
  (volume * (high + low + close)) / 3n;

function wick(rng: Rng, profile: InstrumentProfile, scale: number) {
  return Math.abs(rng.normal()) * profile.dailyVolatility * scale;
}

function dayBar(
  rng: Rng,
  profile: InstrumentProfile,
  day: string,
  previousClose: bigint,
  close: bigint,
  volume: bigint,
): BarValue {
  const { up, down } = limitsFrom(previousClose, profile.table);
  const open = clampPrice(
    snapToTick(Number(previousClose) * Math.exp(0.3 * profile.dailyVolatility * rng.normal()), profile.table),
    down,
    up,
  );
  const top = open > close ? open : close;
  const bottom = open < close ? open : close;
  const high = clampPrice(snapUp(Number(top) * Math.exp(wick(rng, profile, 0.5)), profile.table), top, up);
  const low = clampPrice(
    snapDown(Number(bottom) * Math.exp(-wick(rng, profile, 0.5)), profile.table),
    down,
    bottom,
  );
  return {
    start: jstInstant(day, '00:00'),
    open,
    high,
    low,
    close,
    volume,
    turnover: turnoverOf(high, low, close, volume),
  };
}

const snapUp = (sen: number, table: TickTable) => snapToTick(Math.ceil(sen), table);
const snapDown = (sen: number, table: TickTable) => snapToTick(Math.floor(sen), table);

/** Volume through the day is U-shaped: busiest at the opens and towards the close. */
function minuteWeight(index: number, minutes: number): number {
  const x = index / (minutes - 1);
  return 0.6 + 2 * (x - 0.5) ** 2 * 4;
}

function minuteBars(
  rng: Rng,
  profile: InstrumentProfile,
  day: string,
  previousClose: bigint,
  close: bigint,
  volume: bigint,
): BarValue[] {
  const { up, down } = limitsFrom(previousClose, profile.table);
  const floor = Math.log(Number(down));
  const ceiling = Math.log(Number(up));
  const sigma = profile.dailyVolatility / Math.sqrt(MINUTES_PER_DAY);
  const target = Math.log(Number(close));
  let fair = Math.log(Number(previousClose)) + 0.3 * profile.dailyVolatility * rng.normal();
  let previous = clampPrice(snapToTick(Math.exp(fair), profile.table), down, up);

  const starts = SESSIONS.flatMap(({ from, minutes }) =>
    Array.from({ length: minutes }, (_, k) => jstInstant(day, from) + k * 60_000),
  );
  const lots = Number(volume / 100n);
  const totalWeight = starts.reduce((sum, _start, index) => sum + minuteWeight(index, starts.length), 0);
  const bars: BarValue[] = [];
  starts.forEach((start, index) => {
    const remaining = starts.length - index;
    // A Brownian bridge: drift towards the close so that the last minute ends on it.
    fair = Math.min(ceiling, Math.max(floor, fair + (target - fair) / remaining + sigma * rng.normal()));
    const open = previous;
    const barClose =
      remaining === 1 ? close : clampPrice(snapToTick(Math.exp(fair), profile.table), down, up);
    const top = open > barClose ? open : barClose;
    const bottom = open < barClose ? open : barClose;
    const high = clampPrice(
      snapUp(Number(top) * Math.exp(Math.abs(rng.normal()) * sigma * 0.5), profile.table),
      top,
      up,
    );
    const low = clampPrice(
      snapDown(Number(bottom) * Math.exp(-Math.abs(rng.normal()) * sigma * 0.5), profile.table),
      down,
      bottom,
    );
    const barLots = Math.round(
      (lots * minuteWeight(index, starts.length) * (0.5 + rng.next())) / totalWeight,
    );
    const barVolume = BigInt(barLots) * 100n;
    bars.push({
      start,
      open,
      high,
      low,
      close: barClose,
      volume: barVolume,
      turnover: turnoverOf(high, low, barClose, barVolume),
    });
    previous = barClose;
  });
  return bars;
}

/** The daily bar of a day from its minutes. */
function dayOf(day: string, minutes: readonly BarValue[]): BarValue {
  const first = minutes[0]!;
  const bar: BarValue = { ...first, start: jstInstant(day, '00:00') };
  for (const minute of minutes.slice(1)) {
    if (minute.high > bar.high) bar.high = minute.high;
    if (minute.low < bar.low) bar.low = minute.low;
    bar.close = minute.close;
    bar.volume += minute.volume;
    bar.turnover += minute.turnover;
  }
  return bar;
}
