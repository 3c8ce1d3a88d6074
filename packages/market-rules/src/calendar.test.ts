import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addBusinessDays,
  isBusinessDay,
  nextBusinessDay,
  nonBusinessDayReason,
  previousBusinessDay,
  settlementDate,
} from './index';

// Japanese national holidays falling on weekdays, from the Cabinet Office calendar.
const WEEKDAY_HOLIDAYS_2026 = [
  '2026-01-12', // Coming of Age Day
  '2026-02-11', // National Foundation Day
  '2026-02-23', // Emperor's Birthday
  '2026-03-20', // Vernal Equinox Day
  '2026-04-29', // Showa Day
  '2026-05-04', // Greenery Day
  '2026-05-05', // Children's Day
  '2026-05-06', // substitute holiday for Constitution Day (Sunday May 3)
  '2026-07-20', // Marine Day
  '2026-08-11', // Mountain Day
  '2026-09-21', // Respect for the Aged Day
  '2026-09-22', // citizens' holiday between two holidays
  '2026-09-23', // Autumnal Equinox Day
  '2026-10-12', // Sports Day
  '2026-11-03', // Culture Day
  '2026-11-23', // Labour Thanksgiving Day
];
const WEEKDAY_HOLIDAYS_2027 = [
  '2027-01-11',
  '2027-02-11',
  '2027-02-23',
  '2027-03-22', // substitute holiday for the Vernal Equinox Day (Sunday March 21)
  '2027-04-29',
  '2027-05-03',
  '2027-05-04',
  '2027-05-05',
  '2027-07-19',
  '2027-08-11',
  '2027-09-20',
  '2027-09-23',
  '2027-10-11',
  '2027-11-03',
  '2027-11-23',
];

describe('business days', () => {
  it.each([...WEEKDAY_HOLIDAYS_2026, ...WEEKDAY_HOLIDAYS_2027])('%s is a national holiday', (date) => {
    expect(nonBusinessDayReason(date)).toBe('national-holiday');
    expect(isBusinessDay(date)).toBe(false);
  });

  it.each(['2026-05-02', '2026-05-03', '2026-03-21', '2027-03-21', '2027-01-02', '2027-01-03'])(
    '%s is a weekend day',
    (date) => expect(nonBusinessDayReason(date)).toBe('weekend'),
  );

  it.each(['2025-12-31', '2026-01-02', '2026-12-31', '2027-12-31', '2028-01-03'])(
    '%s falls in the 12/31-1/3 closure',
    (date) => expect(nonBusinessDayReason(date)).toBe('year-end-closure'),
  );

  it.each(['2026-01-05', '2026-05-01', '2026-05-07', '2026-09-24', '2026-12-30', '2027-01-04', '2028-01-04'])(
    '%s is a business day',
    (date) => expect(isBusinessDay(date)).toBe(true),
  );

  it('refuses what is not a YYYY-MM-DD date', () => {
    expect(() => isBusinessDay('2026-02-30')).toThrow(RangeError);
    expect(() => isBusinessDay('2026/05/07')).toThrow(RangeError);
  });
});

describe('stepping over business days', () => {
  it.each([
    ['2026-04-30', '2026-05-01'],
    ['2026-05-01', '2026-05-07'], // Golden Week: Sat, Sun, then three holidays
    ['2026-09-18', '2026-09-24'], // Silver Week
    ['2026-12-30', '2027-01-04'], // year end
    ['2027-03-19', '2027-03-23'], // weekend and substitute holiday
    ['2026-05-03', '2026-05-07'], // from a holiday
  ])('next after %s is %s', (date, expected) => expect(nextBusinessDay(date)).toBe(expected));

  it.each([
    ['2026-05-07', '2026-05-01'],
    ['2027-01-04', '2026-12-30'],
    ['2026-01-05', '2025-12-30'],
    ['2026-09-24', '2026-09-18'],
  ])('previous before %s is %s', (date, expected) => expect(previousBusinessDay(date)).toBe(expected));

  it('adds and subtracts whole business days; zero leaves the date alone', () => {
    expect(addBusinessDays('2026-04-28', 3)).toBe('2026-05-07');
    expect(addBusinessDays('2026-05-07', -2)).toBe('2026-04-30');
    expect(addBusinessDays('2026-05-03', 0)).toBe('2026-05-03');
    expect(() => addBusinessDays('2026-05-07', 1.5)).toThrow(RangeError);
  });

  it.each([
    ['2026-05-11', '2026-05-13'],
    ['2026-04-30', '2026-05-07'],
    ['2026-12-29', '2027-01-04'],
    ['2026-05-02', '2026-05-08'], // a Saturday trade under the always-open demo clock
  ])('a trade on %s settles on %s (T+2)', (trade, expected) => expect(settlementDate(trade)).toBe(expected));
});

const DAY_MS = 86_400_000;
const anyDate = fc
  .integer({ min: Date.UTC(2024, 0, 1) / DAY_MS, max: Date.UTC(2049, 11, 31) / DAY_MS })
  .map((day) => new Date(day * DAY_MS).toISOString().slice(0, 10));

describe('calendar properties', () => {
  it('addBusinessDays(n) then addBusinessDays(-n) returns to a business day', () => {
    const businessDay = anyDate.map((date) => (isBusinessDay(date) ? date : nextBusinessDay(date)));
    fc.assert(
      fc.property(businessDay, fc.integer({ min: -400, max: 400 }), (date, count) => {
        const moved = addBusinessDays(date, count);
        expect(addBusinessDays(moved, -count)).toBe(date);
        if (count !== 0) expect(isBusinessDay(moved)).toBe(true);
      }),
    );
  });

  it('the next business day is the first business day after the date', () => {
    fc.assert(
      fc.property(anyDate, (date) => {
        const next = nextBusinessDay(date);
        expect(next > date).toBe(true);
        expect(isBusinessDay(next)).toBe(true);
        for (let day = Date.parse(date) + DAY_MS; day < Date.parse(next); day += DAY_MS) {
          expect(isBusinessDay(new Date(day).toISOString().slice(0, 10))).toBe(false);
        }
      }),
    );
  });
});
