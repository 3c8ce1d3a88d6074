import type { MarketSort, Quote } from '@kabuto/contract';

const KEYS: Record<Exclude<MarketSort, 'code'>, (quote: Quote) => number> = {
  changePercent: (quote) => Number(quote.changePercent),
  volume: (quote) => Number(quote.volume),
  turnover: (quote) => Number(quote.turnover),
};

/**
 * Orders rows the way the server's market ranking does (ties and rows without a quote by code), for lists the
 * client holds whole, such as the watchlist.
 */
export function orderByQuote<T extends { code: string; quote: Quote | undefined }>(
  rows: readonly T[],
  sort: MarketSort,
  order: 'asc' | 'desc',
): T[] {
  const sign = order === 'asc' ? 1 : -1;
  const byCode = (a: T, b: T) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);
  if (sort === 'code') return [...rows].sort((a, b) => sign * byCode(a, b));
  const key = KEYS[sort];
  return [...rows].sort((a, b) => {
    if (!a.quote || !b.quote) return a.quote ? -1 : b.quote ? 1 : byCode(a, b);
    const difference = key(a.quote) - key(b.quote);
    return difference === 0 ? byCode(a, b) : sign * Math.sign(difference);
  });
}

/**
 * Whether live prices have moved rows out of the order a list was ranked in (the list keeps its order so rows
 * never move under the investor's finger; this says when that order no longer matches its label).
 */
export function isOutOfOrder<T extends { code: string; quote: Quote | undefined }>(
  rows: readonly T[],
  sort: MarketSort,
  order: 'asc' | 'desc',
): boolean {
  return orderByQuote(rows, sort, order).some((row, index) => row.code !== rows[index]?.code);
}
