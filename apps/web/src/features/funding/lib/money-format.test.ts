import { describe, expect, it } from 'vitest';
import { heldMove, recentMonths, signedAmount, transferDateRange } from './money-format';

describe('signedAmount', () => {
  it('marks income with a plus and keeps separators and two decimals', () => {
    expect(signedAmount('1000000.00')).toBe('+1,000,000.00');
    expect(signedAmount('12.5')).toBe('+12.50');
  });
  it('keeps the minus of expenditure', () => {
    expect(signedAmount('-10000.00')).toBe('-10,000.00');
  });
  it('shows no sign for no change', () => {
    expect(signedAmount('0.00')).toBe('0.00');
  });
});

describe('heldMove', () => {
  it('names a hold and a release, with the amount unsigned: neither is income nor expenditure', () => {
    expect(heldMove('120000.00')).toEqual({ kind: 'held', amount: '120,000.00' });
    expect(heldMove('-120000.00')).toEqual({ kind: 'released', amount: '120,000.00' });
  });
});

describe('transferDateRange', () => {
  it('counts the Japan date, which is a day ahead late in the UTC evening', () => {
    expect(transferDateRange(new Date('2026-11-24T16:00:00Z'))).toEqual({
      min: '2026-10-26',
      max: '2026-11-25',
    });
  });
});

describe('recentMonths', () => {
  it('goes back across the new year in Japan time', () => {
    expect(recentMonths(new Date('2026-01-31T15:30:00Z'), 3)).toEqual(['2026-02', '2026-01', '2025-12']);
    expect(recentMonths(new Date('2026-01-10T00:00:00Z'), 2)).toEqual(['2026-01', '2025-12']);
  });
});
