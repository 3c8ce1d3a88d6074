import fc from 'fast-check';
import { LANGUAGES } from '@kabuto/i18n';
import { describe, expect, it } from 'vitest';
import {
  chartTime,
  chartTimeFormats,
  sameBar,
  toChartBars,
  withLivePrice,
  type ChartBar,
} from './chart-data';

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
    expect(ja.crosshair(bar!.time, true)).toBe('2026/11/24 09:05');
    expect(ja.crosshair(bar!.time, false)).toBe('2026/11/24');
    expect([0, 1, 2, 3].map((kind) => ja.tick(bar!.time, kind))).toEqual([
      '2026年',
      '11月',
      '11/24',
      '09:05',
    ]);
    expect(chartTimeFormats('en').crosshair(bar!.time, true)).toBe('2026/11/24 09:05 JST');
    expect(chartTimeFormats('fr').tick(bar!.time, 2)).toBe('24/11');
  });

  it('label the axis as Intl.DateTimeFormat would in every language, and the crosshair year/month/day, on any day', () => {
    const TAGS = { ja: 'ja-JP', 'zh-CN': 'zh-CN', en: 'en-US', es: 'es-ES', fr: 'fr-FR' };
    const intl = (lang: keyof typeof TAGS, options: Intl.DateTimeFormatOptions) => (seconds: number) =>
      new Intl.DateTimeFormat(TAGS[lang], { ...options, timeZone: 'UTC' }).format(new Date(seconds * 1000));
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2000, 0, 1) / 1000, max: Date.UTC(2099, 11, 31) / 1000 }),
        fc.constantFrom(...LANGUAGES),
        (seconds, lang) => {
          const formats = chartTimeFormats(lang);
          // The whole date as the rest of the app prints it in every language: Japan's year/month/day.
          const date = intl('ja', { year: 'numeric', month: '2-digit', day: '2-digit' })(seconds);
          const time = intl(lang, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })(seconds);
          expect(formats.crosshair(seconds, false)).toBe(date);
          expect(formats.crosshair(seconds, true)).toBe(`${date} ${time}${lang === 'ja' ? '' : ' JST'}`);
          expect([0, 1, 2, 3].map((kind) => formats.tick(seconds, kind))).toEqual([
            intl(lang, { year: 'numeric' })(seconds),
            intl(lang, { month: 'short' })(seconds),
            intl(lang, { month: 'numeric', day: 'numeric' })(seconds),
            time,
          ]);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('the newest bar with the live price', () => {
  const bar = (start: string): ChartBar => ({
    time: chartTime(start),
    open: 100,
    high: 110,
    low: 95,
    close: 105,
    volume: 1000,
  });
  const live = (last: number, at: string) => ({ last, at: chartTime(at) });

  it('moves the close and stretches the high or low with a price traded within the bar', () => {
    const minute = bar('2026-11-24T00:05:00.000Z'); // 9:05 JST
    expect(withLivePrice(minute, '1m', live(112, '2026-11-24T00:05:59.000Z'))).toEqual({
      ...minute,
      close: 112,
      high: 112,
    });
    expect(withLivePrice(minute, '5m', live(90, '2026-11-24T00:09:30.000Z'))).toEqual({
      ...minute,
      close: 90,
      low: 90,
    });
    expect(withLivePrice(minute, '1m', live(101, '2026-11-24T00:05:00.000Z'))).toEqual({
      ...minute,
      close: 101,
    });
  });

  it('leaves a bar alone that already closes at the live price', () => {
    const minute = bar('2026-11-24T00:05:00.000Z');
    expect(withLivePrice(minute, '1m', live(minute.close, '2026-11-24T00:05:30.000Z'))).toBeNull();
    expect(withLivePrice(minute, '1d', live(minute.close, '2026-11-24T05:00:00.000Z'))).toBeNull();
  });

  it('leaves a bar alone for a price from before it or from the next bar', () => {
    const minute = bar('2026-11-24T00:05:00.000Z');
    expect(withLivePrice(minute, '1m', live(112, '2026-11-24T00:06:00.000Z'))).toBeNull();
    expect(withLivePrice(minute, '1m', live(112, '2026-11-24T00:04:59.000Z'))).toBeNull();
    expect(withLivePrice(minute, '45m', live(112, '2026-11-24T00:50:00.000Z'))).toBeNull();
    const eleven = bar('2026-11-24T02:00:00.000Z'); // the 11:00 JST hour, which the 11:30 close halves
    expect(withLivePrice(eleven, '60m', live(112, '2026-11-24T02:29:00.000Z'))?.close).toBe(112);
    expect(withLivePrice(eleven, '60m', live(112, '2026-11-24T03:30:00.000Z'))).toBeNull(); // 12:30 JST
  });

  it('takes the day, week and month in Japan time', () => {
    // The day bar of 24 November (JST) starts at 15:00 UTC on the 23rd.
    const day = bar('2026-11-23T15:00:00.000Z');
    expect(withLivePrice(day, '1d', live(120, '2026-11-24T05:30:00.000Z'))?.close).toBe(120);
    expect(withLivePrice(day, '1d', live(120, '2026-11-24T15:00:00.000Z'))).toBeNull(); // 25 Nov JST
    // The week of Monday 23 November (JST): Friday the 27th is in it, Monday the 30th is not.
    const week = bar('2026-11-22T15:00:00.000Z');
    expect(withLivePrice(week, '1w', live(120, '2026-11-27T05:00:00.000Z'))?.close).toBe(120);
    expect(withLivePrice(week, '1w', live(120, '2026-11-30T00:00:00.000Z'))).toBeNull();
    // November (JST) ends at 15:00 UTC on the 30th.
    const month = bar('2026-10-31T15:00:00.000Z');
    expect(withLivePrice(month, '1mo', live(120, '2026-11-30T14:59:00.000Z'))?.close).toBe(120);
    expect(withLivePrice(month, '1mo', live(120, '2026-11-30T15:00:00.000Z'))).toBeNull();
  });
});

describe('a refreshed bar the chart already shows', () => {
  const drawn: ChartBar = { time: 1000, open: 100, high: 110, low: 95, close: 105, volume: 1000 };

  it('is the same only when every figure is', () => {
    expect(sameBar({ ...drawn }, drawn)).toBe(true);
    expect(sameBar(drawn, null)).toBe(false);
    for (const field of ['time', 'open', 'high', 'low', 'close', 'volume'] as const)
      expect(sameBar({ ...drawn, [field]: drawn[field] + 1 }, drawn)).toBe(false);
  });
});
