import { describe, expect, it } from 'vitest';
import { chartTimeFormats, toChartBars } from './chart-data';

describe('chart bars', () => {
  it('place a bar at its Japan-time instant and read prices from the wire decimals', () => {
    const [bar] = toChartBars([
      {
        start: '2026-11-24T00:00:00.000Z', // 9:00 JST
        open: '2345.50',
        high: '2350.00',
        low: '2340.00',
        close: '2348.50',
        volume: '12300',
        turnover: '28874550.00',
      },
    ]);
    expect(new Date(bar!.time * 1000).toISOString()).toBe('2026-11-24T09:00:00.000Z');
    expect(bar).toMatchObject({ open: 2345.5, high: 2350, low: 2340, close: 2348.5, volume: 12300 });
  });

  it("label dates and times the reader's way, in Japan time", () => {
    const [bar] = toChartBars([
      {
        start: '2026-11-24T00:05:00.000Z',
        open: '1',
        high: '1',
        low: '1',
        close: '1',
        volume: '1',
        turnover: '1',
      },
    ]);
    const ja = chartTimeFormats('ja');
    expect(ja.crosshair(bar!.time, true)).toBe('2026/11/24 09:05 JST');
    expect(ja.crosshair(bar!.time, false)).toBe('2026/11/24');
    expect([0, 1, 2, 3].map((kind) => ja.tick(bar!.time, kind))).toEqual([
      '2026年',
      '11月',
      '11/24',
      '09:05',
    ]);
    expect(chartTimeFormats('en').crosshair(bar!.time, true)).toBe('11/24/2026 09:05 JST');
    expect(chartTimeFormats('fr').tick(bar!.time, 2)).toBe('24/11');
  });
});
