import { describe, expect, it } from 'vitest';
import { isMarketClockPolicy, jstInstant, marketClock, withinWithdrawalWindow } from './index';

const THURSDAY = '2026-05-07';

describe('withdrawal window: business days 9:00-15:30 JST', () => {
  it.each([
    ['08:59', false],
    ['09:00', true],
    ['12:00', true],
    ['15:29', true],
    ['15:30', false],
    ['23:00', false],
  ])('at %s on a business day: %s', (time, open) =>
    expect(withinWithdrawalWindow(jstInstant(THURSDAY, time))).toBe(open),
  );

  it('is shut on holidays, weekends and the year-end closure', () => {
    for (const date of ['2026-05-06', '2026-05-09', '2026-12-31', '2027-01-01']) {
      expect(withinWithdrawalWindow(jstInstant(date, '10:00'))).toBe(false);
    }
  });

  it('ends a millisecond before 15:30', () => {
    expect(withinWithdrawalWindow(jstInstant(THURSDAY, '15:30') - 1)).toBe(true);
    expect(withinWithdrawalWindow(jstInstant(THURSDAY, '09:00') - 1)).toBe(false);
  });
});

describe('market clock', () => {
  it('names the MARKET_CLOCK values', () => {
    expect(isMarketClockPolicy('exchange')).toBe(true);
    expect(isMarketClockPolicy('always-open')).toBe(true);
    expect(isMarketClockPolicy('tse')).toBe(false);
  });

  it('follows the TSE sessions under the exchange policy', () => {
    const clock = marketClock('exchange');
    expect(clock.policy).toBe('exchange');
    expect(clock.isTradingOpen(jstInstant(THURSDAY, '10:00'))).toBe(true);
    expect(clock.isTradingOpen(jstInstant(THURSDAY, '12:00'))).toBe(false);
    expect(clock.isTradingOpen(jstInstant(THURSDAY, '15:27'))).toBe(false); // closing auction
    expect(clock.isTradingOpen(jstInstant('2026-05-06', '10:00'))).toBe(false);
    expect(clock.phaseAt(jstInstant(THURSDAY, '15:27'))).toBe('closing-auction');
    expect(clock.isWithdrawalOpen(jstInstant(THURSDAY, '15:27'))).toBe(true);
    expect(clock.isWithdrawalOpen(jstInstant('2026-05-09', '10:00'))).toBe(false);
    expect(clock.nextOpen(jstInstant(THURSDAY, '16:00'))).toBe(jstInstant('2026-05-08', '09:00'));
  });

  it('opens trading and withdrawals at every instant in the always-open demo mode', () => {
    const clock = marketClock('always-open');
    const saturdayNight = jstInstant('2026-05-09', '03:00');
    const newYearsDay = new Date(jstInstant('2027-01-01', '20:00'));
    for (const instant of [saturdayNight, newYearsDay]) {
      expect(clock.isTradingOpen(instant)).toBe(true);
      expect(clock.isWithdrawalOpen(instant)).toBe(true);
      expect(clock.phaseAt(instant)).toBe('always-open');
      expect(clock.nextOpen(instant)).toBeNull();
    }
  });
});
