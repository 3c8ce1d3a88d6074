import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isContinuousTradingPhase, jstDateOf, jstInstant, nextSessionOpen, sessionPhaseAt } from './index';

const THURSDAY = '2026-05-07'; // a business day
// The package is typed without Node; its tests run on Node, where assigning TZ switches the zone at once.
const env = (globalThis as unknown as { process: { env: Record<string, string | undefined> } }).process.env;
const HOUR_MS = 3_600_000;

describe('session phase on a business day (JST)', () => {
  it.each([
    ['00:00', 'pre-open'],
    ['08:59', 'pre-open'],
    ['09:00', 'morning'],
    ['09:01', 'morning'],
    ['11:29', 'morning'],
    ['11:30', 'lunch-break'],
    ['11:31', 'lunch-break'],
    ['12:29', 'lunch-break'],
    ['12:30', 'afternoon'],
    ['12:31', 'afternoon'],
    ['15:24', 'afternoon'],
    ['15:25', 'closing-auction'],
    ['15:29', 'closing-auction'],
    ['15:30', 'after-close'],
    ['15:31', 'after-close'],
    ['23:59', 'after-close'],
  ])('%s is %s', (time, phase) => expect(sessionPhaseAt(jstInstant(THURSDAY, time))).toBe(phase));

  it('changes phase exactly at the minute, not a millisecond before', () => {
    for (const [time, before, after] of [
      ['09:00', 'pre-open', 'morning'],
      ['11:30', 'morning', 'lunch-break'],
      ['12:30', 'lunch-break', 'afternoon'],
      ['15:25', 'afternoon', 'closing-auction'],
      ['15:30', 'closing-auction', 'after-close'],
    ] as const) {
      expect(sessionPhaseAt(jstInstant(THURSDAY, time) - 1)).toBe(before);
      expect(sessionPhaseAt(jstInstant(THURSDAY, time))).toBe(after);
    }
  });

  it('reads UTC instants as JST (UTC+9) and takes Date as well as epoch ms', () => {
    expect(sessionPhaseAt(Date.UTC(2026, 4, 7, 0, 0))).toBe('morning'); // 09:00 JST
    expect(sessionPhaseAt(new Date('2026-05-07T06:25:00Z'))).toBe('closing-auction'); // 15:25 JST
    expect(sessionPhaseAt(new Date('2026-05-06T23:59:59.999Z'))).toBe('pre-open'); // 08:59:59.999 JST
  });

  it('is closed all day on weekends, holidays and the year-end closure', () => {
    for (const date of ['2026-05-06', '2026-05-09', '2026-12-31', '2027-01-03']) {
      expect(sessionPhaseAt(jstInstant(date, '10:00'))).toBe('non-business-day');
    }
  });

  it('fills continuously only in the morning and afternoon sessions', () => {
    expect(isContinuousTradingPhase('morning')).toBe(true);
    expect(isContinuousTradingPhase('afternoon')).toBe(true);
    for (const phase of [
      'pre-open',
      'lunch-break',
      'closing-auction',
      'after-close',
      'non-business-day',
    ] as const) {
      expect(isContinuousTradingPhase(phase)).toBe(false);
    }
  });
});

describe('nextSessionOpen', () => {
  it.each([
    [THURSDAY, '08:00', THURSDAY, '09:00'],
    [THURSDAY, '09:00', THURSDAY, '12:30'],
    [THURSDAY, '11:45', THURSDAY, '12:30'],
    [THURSDAY, '12:30', '2026-05-08', '09:00'],
    [THURSDAY, '15:30', '2026-05-08', '09:00'],
    ['2026-05-01', '16:00', '2026-05-07', '09:00'], // over Golden Week
    ['2026-12-30', '15:30', '2027-01-04', '09:00'], // over the year end
    ['2026-05-09', '10:00', '2026-05-11', '09:00'], // from a Saturday
  ])('after %s %s is %s %s', (date, time, openDate, openTime) =>
    expect(nextSessionOpen(jstInstant(date, time))).toBe(jstInstant(openDate, openTime)),
  );
});

describe('independence from the machine time zone', () => {
  const originalTz = env.TZ;
  afterEach(() => {
    if (originalTz === undefined) delete env.TZ;
    else env.TZ = originalTz;
  });

  const instants = fc.integer({ min: Date.UTC(2025, 11, 1), max: Date.UTC(2028, 0, 31) });

  it('gives the same phase, date and next open under Tokyo, UTC and New York time', () => {
    const results = (tz: string, sample: number[]) => {
      env.TZ = tz;
      return sample.map((ms) => [sessionPhaseAt(ms), jstDateOf(ms), nextSessionOpen(ms)]);
    };
    fc.assert(
      fc.property(fc.array(instants, { minLength: 1, maxLength: 50 }), (sample) => {
        const tokyo = results('Asia/Tokyo', sample);
        expect(results('UTC', sample)).toEqual(tokyo);
        expect(results('America/New_York', sample)).toEqual(tokyo);
      }),
      { numRuns: 50 },
    );
  });

  it('reads JST under TZ=America/New_York', () => {
    env.TZ = 'America/New_York';
    expect(new Date(2026, 0, 15, 12).getTimezoneOffset()).toBe(300); // the zone really changed
    expect(jstDateOf(Date.UTC(2026, 4, 6, 15, 0))).toBe('2026-05-07'); // 00:00 JST
    expect(jstDateOf(Date.UTC(2026, 4, 6, 14, 59, 59, 999))).toBe('2026-05-06');
    expect(sessionPhaseAt(Date.UTC(2026, 4, 7, 0, 0))).toBe('morning');
    expect(sessionPhaseAt(Date.UTC(2026, 4, 6, 23, 59))).toBe('pre-open');
    // 2026-05-06 23:00 in New York is already Thursday 12:00 in Tokyo.
    expect(sessionPhaseAt(new Date(2026, 4, 6, 23, 0))).toBe('lunch-break');
  });

  it('phase follows the JST wall clock alone', () => {
    const minuteOfDay = fc.integer({ min: 0, max: 24 * 60 - 1 });
    const expectedAt = (minute: number) =>
      minute < 540
        ? 'pre-open'
        : minute < 690
          ? 'morning'
          : minute < 750
            ? 'lunch-break'
            : minute < 925
              ? 'afternoon'
              : minute < 930
                ? 'closing-auction'
                : 'after-close';
    fc.assert(
      fc.property(minuteOfDay, fc.integer({ min: 0, max: 59_999 }), (minute, ms) => {
        const instant = jstInstant(THURSDAY, '00:00') + minute * 60_000 + ms;
        expect(sessionPhaseAt(instant)).toBe(expectedAt(minute));
        expect(sessionPhaseAt(instant + 7 * 24 * HOUR_MS)).toBe(expectedAt(minute)); // next Thursday too
      }),
    );
  });
});
