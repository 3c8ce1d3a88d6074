import type { Quote } from '@kabuto/contract';
import { describe, expect, it } from 'vitest';
import { isOutOfOrder, orderByQuote } from './quote-order';

const row = (code: string, changePercent: string, volume: string) => ({
  code,
  quote: { code, changePercent, volume, turnover: '0.00' } as Quote,
});

describe('ordering a watchlist by its quotes', () => {
  const rows = [row('7203', '1.20', '500'), row('6758', '-0.40', '900'), row('9984', '1.20', '100')];
  const codes = (list: { code: string }[]) => list.map((item) => item.code);

  it('orders by change %, ties by code, either way', () => {
    expect(codes(orderByQuote(rows, 'changePercent', 'desc'))).toEqual(['7203', '9984', '6758']);
    expect(codes(orderByQuote(rows, 'changePercent', 'asc'))).toEqual(['6758', '7203', '9984']);
  });

  it('orders by volume and by code, and puts rows without a quote last', () => {
    expect(codes(orderByQuote(rows, 'volume', 'desc'))).toEqual(['6758', '7203', '9984']);
    expect(codes(orderByQuote(rows, 'code', 'asc'))).toEqual(['6758', '7203', '9984']);
    const withMissing = [{ code: '1301', quote: undefined }, ...rows];
    expect(codes(orderByQuote(withMissing, 'volume', 'asc')).at(-1)).toBe('1301');
  });
});

describe('a ranked list whose prices have moved', () => {
  const ranked = [row('7203', '1.20', '500'), row('9984', '0.80', '900'), row('6758', '-0.40', '100')];

  it('is in order while its figures still follow the ranking, ties by code included', () => {
    expect(isOutOfOrder(ranked, 'changePercent', 'desc')).toBe(false);
    const tied = [row('6758', '0.50', '1'), row('7203', '0.50', '2')];
    expect(isOutOfOrder(tied, 'changePercent', 'desc')).toBe(false);
    expect(isOutOfOrder([...tied].reverse(), 'changePercent', 'desc')).toBe(true);
  });

  it('is out of order once a live figure passes its neighbour, judged by the sort shown', () => {
    const moved = [ranked[0]!, row('9984', '1.30', '900'), ranked[2]!];
    expect(isOutOfOrder(moved, 'changePercent', 'desc')).toBe(true);
    expect(isOutOfOrder(moved, 'changePercent', 'asc')).toBe(true);
    expect(isOutOfOrder([row('6758', '0', '900'), row('7203', '0', '500')], 'volume', 'desc')).toBe(false);
  });
});
