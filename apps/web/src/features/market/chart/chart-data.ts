import type { Bar, BarInterval } from '@kabuto/contract';

/** Japan is UTC+9 all year; the chart draws UTC, so times are shifted to read as Japan time on its axis. */
const JST_OFFSET_S = 9 * 3600;

export const INTRADAY: ReadonlySet<BarInterval> = new Set(['1m', '5m', '15m', '30m', '45m']);

export interface ChartBar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** Bars from the wire as the chart plots them: seconds on a Japan-time axis, prices as numbers (display only). */
export function toChartBars(bars: readonly Bar[]): ChartBar[] {
  return bars.map((bar) => ({
    time: chartTime(bar.start),
    open: Number(bar.open),
    high: Number(bar.high),
    low: Number(bar.low),
    close: Number(bar.close),
    volume: Number(bar.volume),
  }));
}

/** A time from the wire as the chart plots it: seconds on the Japan-time axis. */
export const chartTime = (iso: string) => Math.floor(Date.parse(iso) / 1000) + JST_OFFSET_S;

const MINUTES: Partial<Record<BarInterval, number>> = { '1m': 1, '5m': 5, '15m': 15, '30m': 30, '45m': 45 };
const DAY_S = 86_400;
/** Days since 1970-01-01 of a chart time; the chart's times are Japan time read as UTC. */
const dayOf = (seconds: number) => Math.floor(seconds / DAY_S);
/** The Monday on or before a day (1970-01-01 was a Thursday). */
const mondayOf = (day: number) => day - ((day + 3) % 7);
const monthOf = (seconds: number) => {
  const date = new Date(seconds * 1000);
  return date.getUTCFullYear() * 12 + date.getUTCMonth();
};

/** Whether a price traded at chart time `at` belongs to the bar starting at `start`. */
function inBar(interval: BarInterval, start: number, at: number): boolean {
  if (at < start) return false;
  const minutes = MINUTES[interval];
  if (minutes !== undefined) return at < start + minutes * 60;
  if (interval === '1d') return dayOf(at) === dayOf(start);
  if (interval === '1w') return mondayOf(dayOf(at)) === mondayOf(dayOf(start));
  return monthOf(at) === monthOf(start);
}

/**
 * The newest bar with the live price in it, when that price was traded within the bar's period; null when it
 * belongs to a bar the chart does not have yet (the next refresh brings it). Between refreshes of the bars,
 * the chart's last price then agrees with the quote above it.
 */
export function withLivePrice(
  bar: ChartBar,
  interval: BarInterval,
  live: { last: number; at: number },
): ChartBar | null {
  if (!inBar(interval, bar.time, live.at)) return null;
  return {
    ...bar,
    close: live.last,
    high: Math.max(bar.high, live.last),
    low: Math.min(bar.low, live.last),
  };
}

/** The chart's kinds of time-axis labels (lightweight-charts' TickMarkType, kept here as numbers). */
const TICK = { year: 0, month: 1, dayOfMonth: 2, time: 3, timeWithSeconds: 4 } as const;

const LOCALE_TAGS: Record<string, string> = {
  ja: 'ja-JP',
  'zh-CN': 'zh-CN',
  en: 'en-US',
  es: 'es-ES',
  fr: 'fr-FR',
};

export interface ChartTimeFormats {
  crosshair(seconds: number, intraday: boolean): string;
  tick(seconds: number, kind: number): string;
}

const formatsByLang = new Map<string, ChartTimeFormats>();

/**
 * The chart's dates and times in the reader's language instead of the library's default: in Japanese the
 * crosshair reads "2026/11/24 09:05 JST" and the axis "2026年", "11月", "11/24", "09:05". The chart's times
 * are already shifted to Japan time (toChartBars), so they are formatted as UTC.
 */
export function chartTimeFormats(lang: string): ChartTimeFormats {
  const known = formatsByLang.get(lang);
  if (known) return known;
  const tag = LOCALE_TAGS[lang] ?? lang;
  // Each formatter is made when first used: creating one costs milliseconds on a phone, and the chart's first
  // frame needs only some of them.
  const format = (options: Intl.DateTimeFormatOptions) => {
    let formatter: Intl.DateTimeFormat | undefined;
    return (seconds: number) => {
      formatter ??= new Intl.DateTimeFormat(tag, { ...options, timeZone: 'UTC' });
      return formatter.format(new Date(seconds * 1000));
    };
  };
  const date = format({ year: 'numeric', month: '2-digit', day: '2-digit' });
  const time = format({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const year = format({ year: 'numeric' });
  const month = format({ month: 'short' });
  const day = format({ month: 'numeric', day: 'numeric' });
  const formats = {
    /** The crosshair's label: the date, and the time in Japan on intraday charts. */
    crosshair: (seconds: number, intraday: boolean) =>
      intraday ? `${date(seconds)} ${time(seconds)} JST` : date(seconds),
    /** A label of the time axis. */
    tick: (seconds: number, kind: number): string => {
      if (kind === TICK.year) return year(seconds);
      if (kind === TICK.month) return month(seconds);
      if (kind === TICK.dayOfMonth) return day(seconds);
      return time(seconds);
    },
  };
  formatsByLang.set(lang, formats);
  return formats;
}
