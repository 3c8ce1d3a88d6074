import type { Bar, BarInterval } from '@kabuto/contract';

/** Japan is UTC+9 all year; the chart draws UTC, so times are shifted to read as Japan time on its axis. */
const JST_OFFSET_S = 9 * 3600;

export const INTRADAY: ReadonlySet<BarInterval> = new Set(['1m', '5m', '15m', '30m', '45m', '60m']);

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

const MINUTES: Partial<Record<BarInterval, number>> = {
  '1m': 1,
  '5m': 5,
  '15m': 15,
  '30m': 30,
  '45m': 45,
  '60m': 60,
};
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

/** Whether two bars show the same: a refresh that brings the newest bar unchanged needs no redraw. */
export function sameBar(a: ChartBar, b: ChartBar | null): boolean {
  return (
    b !== null &&
    a.time === b.time &&
    a.open === b.open &&
    a.high === b.high &&
    a.low === b.low &&
    a.close === b.close &&
    a.volume === b.volume
  );
}

/**
 * The newest bar with the live price in it, when that price was traded within the bar's period; null when it
 * belongs to a bar the chart does not have yet (the next refresh brings it), or when the bar already shows it
 * (each redraw of the chart costs a frame on a phone). Between refreshes of the bars, the chart's last price
 * then agrees with the quote above it.
 */
export function withLivePrice(
  bar: ChartBar,
  interval: BarInterval,
  live: { last: number; at: number },
): ChartBar | null {
  if (!inBar(interval, bar.time, live.at)) return null;
  if (bar.close === live.last) return null;
  return {
    ...bar,
    close: live.last,
    high: Math.max(bar.high, live.last),
    low: Math.min(bar.low, live.last),
  };
}

/** The chart's kinds of time-axis labels (lightweight-charts' TickMarkType, kept here as numbers). */
const TICK = { year: 0, month: 1, dayOfMonth: 2, time: 3, timeWithSeconds: 4 } as const;

export interface ChartTimeFormats {
  crosshair(seconds: number, intraday: boolean): string;
  tick(seconds: number, kind: number): string;
}

interface DateParts {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
}

/**
 * How each language writes the time axis's labels: what Intl.DateTimeFormat prints for ja-JP, zh-CN, en-US, es-ES
 * and fr-FR (chart-data.test.ts compares them), written out because a page's first Intl formatter costs 40 to 60 ms
 * of main thread on a desktop, four times that on a phone, in the chart's first frame.
 */
interface DateStyle {
  year(parts: DateParts): string;
  /** The short month name: "11月", "Nov", "nov.". */
  month(parts: DateParts): string;
  /** Month and day in numbers: "11/24", "24/11". */
  day(parts: DateParts): string;
}

const pad2 = (value: number) => String(value).padStart(2, '0');

/** A whole date as the rest of the app prints it in every language (formatJst): "2026/11/24". */
const fullDate = ({ year, month, day }: DateParts) => `${year}/${pad2(month)}/${pad2(day)}`;

const eastAsian: DateStyle = {
  year: ({ year }) => `${year}年`,
  month: ({ month }) => `${month}月`,
  day: ({ month, day }) => `${month}/${day}`,
};

const european = (months: readonly string[], day: DateStyle['day']): DateStyle => ({
  year: ({ year }) => String(year),
  month: ({ month }) => months[month - 1]!,
  day,
});

const DATE_STYLES: Record<string, DateStyle> = {
  ja: eastAsian,
  'zh-CN': eastAsian,
  en: {
    year: ({ year }) => String(year),
    month: ({ month }) =>
      ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][month - 1]!,
    day: ({ month, day }) => `${month}/${day}`,
  },
  es: european(
    ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'],
    ({ month, day }) => `${day}/${month}`,
  ),
  fr: european(
    ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'],
    ({ month, day }) => `${pad2(day)}/${pad2(month)}`,
  ),
};

const formatsByLang = new Map<string, ChartTimeFormats>();

/**
 * The chart's dates and times in the reader's language instead of the library's default: in Japanese the
 * crosshair reads "2026/11/24 09:05" (elsewhere "2026/11/24 09:05 JST") and the axis "2026年", "11月", "11/24", "09:05". The chart's times
 * are already shifted to Japan time (toChartBars), so they are read as UTC.
 */
export function chartTimeFormats(lang: string): ChartTimeFormats {
  const known = formatsByLang.get(lang);
  if (known) return known;
  const style = DATE_STYLES[lang] ?? DATE_STYLES.en!;
  const partsOf = (seconds: number): DateParts => {
    const date = new Date(seconds * 1000);
    return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
  };
  const time = (seconds: number) => {
    const minutes = Math.floor(seconds / 60);
    return `${pad2(Math.floor(minutes / 60) % 24)}:${pad2(minutes % 60)}`;
  };
  const formats = {
    /** The crosshair's label: the date, and the time in Japan on intraday charts. */
    crosshair: (seconds: number, intraday: boolean) => {
      const date = fullDate(partsOf(seconds));
      // A Japanese reader takes a market time as Japan's; the others are told.
      return intraday ? `${date} ${time(seconds)}${lang === 'ja' ? '' : ' JST'}` : date;
    },
    /** A label of the time axis. */
    tick: (seconds: number, kind: number): string => {
      if (kind === TICK.year) return style.year(partsOf(seconds));
      if (kind === TICK.month) return style.month(partsOf(seconds));
      if (kind === TICK.dayOfMonth) return style.day(partsOf(seconds));
      return time(seconds);
    },
  };
  formatsByLang.set(lang, formats);
  return formats;
}
