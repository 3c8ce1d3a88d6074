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
