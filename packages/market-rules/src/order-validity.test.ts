import { describe, expect, it } from 'vitest';
import { lastBusinessDayOfWeek, orderValidUntil, tradingDateAt } from './order-validity';
import { jstInstant } from './time';

describe('an order’s trading date', () => {
  it('is today until the close of a business day, then the next business day', () => {
    expect(tradingDateAt('exchange', jstInstant('2026-11-24', '08:00'))).toBe('2026-11-24');
    expect(tradingDateAt('exchange', jstInstant('2026-11-24', '15:29'))).toBe('2026-11-24');
    expect(tradingDateAt('exchange', jstInstant('2026-11-24', '15:30'))).toBe('2026-11-25');
    // Friday evening, a Saturday and a holiday (Monday 2026-11-23) look to the next business day.
    expect(tradingDateAt('exchange', jstInstant('2026-11-20', '20:00'))).toBe('2026-11-24');
    expect(tradingDateAt('exchange', jstInstant('2026-11-21', '10:00'))).toBe('2026-11-24');
    expect(tradingDateAt('exchange', jstInstant('2026-11-23', '10:00'))).toBe('2026-11-24');
  });

  it('is the calendar date on the always-open demo clock', () => {
    expect(tradingDateAt('always-open', jstInstant('2026-11-21', '23:59'))).toBe('2026-11-21');
  });
});

describe('the last business day of a week', () => {
  it('is its Friday, or the day before a Friday holiday, and never before the date', () => {
    expect(lastBusinessDayOfWeek('2026-11-24')).toBe('2026-11-27');
    expect(lastBusinessDayOfWeek('2026-11-27')).toBe('2026-11-27');
    // A Friday holiday: 2027-12-31 is the year-end closure.
    expect(lastBusinessDayOfWeek('2027-12-27')).toBe('2027-12-30');
    expect(lastBusinessDayOfWeek('2026-11-28')).toBe('2026-11-28');
  });
});

describe('an order’s last valid date', () => {
  it('is the trading date for a day order and its week’s last business day for a week order', () => {
    const tuesday = jstInstant('2026-11-24', '10:00');
    expect(orderValidUntil('exchange', 'day', tuesday)).toBe('2026-11-24');
    expect(orderValidUntil('exchange', 'week', tuesday)).toBe('2026-11-27');
    const fridayEvening = jstInstant('2026-11-27', '16:00');
    expect(orderValidUntil('exchange', 'day', fridayEvening)).toBe('2026-11-30');
    expect(orderValidUntil('exchange', 'week', fridayEvening)).toBe('2026-12-04');
  });

  it('runs to the week’s Sunday for a week order on the always-open demo clock, which trades every day', () => {
    const saturday = jstInstant('2026-11-28', '10:00');
    expect(orderValidUntil('always-open', 'day', saturday)).toBe('2026-11-28');
    expect(orderValidUntil('always-open', 'week', saturday)).toBe('2026-11-29');
    const tuesday = jstInstant('2026-11-24', '10:00');
    expect(orderValidUntil('always-open', 'week', tuesday)).toBe('2026-11-29');
    const sundayNight = jstInstant('2026-11-29', '23:59');
    expect(orderValidUntil('always-open', 'week', sundayNight)).toBe('2026-11-29');
    // The year-end closure is the exchange's: the demo clock trades through it.
    expect(orderValidUntil('always-open', 'week', jstInstant('2027-12-31', '10:00'))).toBe('2028-01-02');
  });
});
