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
    time: Math.floor(Date.parse(bar.start) / 1000) + JST_OFFSET_S,
    open: Number(bar.open),
    high: Number(bar.high),
    low: Number(bar.low),
    close: Number(bar.close),
    volume: Number(bar.volume),
  }));
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
