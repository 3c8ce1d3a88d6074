import { describe, expect, it } from 'vitest';
import { decimalToSen } from '@kabuto/contract';
import {
  DEFAULT_MARGIN_RULES,
  isMarginCallRequired,
  isTradableShareQuantity,
  isWholeLotCount,
  marginCallDeadline,
  meetsInitialMargin,
  meetsMinimumEquity,
  sharesForLots,
  SHARES_PER_LOT,
} from './index';

function jpy(text: string): bigint {
  const sen = decimalToSen(text);
  if (sen === null) throw new Error(`bad amount ${text}`);
  return sen;
}

describe('trading unit (100 shares)', () => {
  it('counts 100 shares to a lot', () => {
    expect(SHARES_PER_LOT).toBe(100);
    expect(sharesForLots(3)).toBe(300);
    expect(() => sharesForLots(0)).toThrow(RangeError);
  });

  it('accepts only positive whole lots', () => {
    expect(isWholeLotCount(1)).toBe(true);
    for (const lots of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(isWholeLotCount(lots)).toBe(false);
  });

  it('accepts share quantities only in whole lots', () => {
    expect(isTradableShareQuantity(100)).toBe(true);
    expect(isTradableShareQuantity(2500)).toBe(true);
    for (const shares of [0, 50, 150, 101, -100]) expect(isTradableShareQuantity(shares)).toBe(false);
  });
});

describe('margin conventions', () => {
  it('needs collateral of at least 30% of the position value', () => {
    expect(meetsInitialMargin(jpy('300000'), jpy('1000000'))).toBe(true);
    expect(meetsInitialMargin(jpy('299999.99'), jpy('1000000'))).toBe(false);
  });

  it('needs at least 300,000 JPY of equity', () => {
    expect(meetsMinimumEquity(jpy('300000'))).toBe(true);
    expect(meetsMinimumEquity(jpy('299999.99'))).toBe(false);
  });

  it('raises a margin call only below 20% of open position value', () => {
    expect(isMarginCallRequired(jpy('200000'), jpy('1000000'))).toBe(false);
    expect(isMarginCallRequired(jpy('199999.99'), jpy('1000000'))).toBe(true);
  });

  it('takes every number from configuration', () => {
    const rules = { ...DEFAULT_MARGIN_RULES, initialMarginRatioBp: 5_000, maintenanceRatioBp: 2_500 };
    expect(meetsInitialMargin(jpy('300000'), jpy('1000000'), rules)).toBe(false);
    expect(isMarginCallRequired(jpy('240000'), jpy('1000000'), rules)).toBe(true);
    expect(meetsMinimumEquity(jpy('100000'), { ...rules, minimumEquity: jpy('100000') })).toBe(true);
  });

  it('gives the call until the next business day', () => {
    expect(marginCallDeadline('2026-05-07')).toBe('2026-05-08');
    expect(marginCallDeadline('2026-05-01')).toBe('2026-05-07');
    expect(marginCallDeadline('2026-12-30')).toBe('2027-01-04');
  });
});
