import { describe, expect, it } from 'vitest';
import { toChartBars } from './chart-data';

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
});
