import type { MarketSort } from '@kabuto/contract';
import type { FeedQuote } from './feed';
import type { InstrumentRow } from './market.table';
import { changeBasisPoints } from './market.views';

export interface RankedRow {
  instrument: InstrumentRow;
  quote: FeedQuote;
}

const KEY_OF: Record<Exclude<MarketSort, 'code'>, (quote: FeedQuote) => bigint> = {
  // As the quote shows it, so that two rows showing the same change rank by code.
  changePercent: (quote) => changeBasisPoints(quote.last - quote.previousClose, quote.previousClose),
  volume: (quote) => quote.volume,
  turnover: (quote) => quote.turnover,
};

/** The rows ordered by `sort` (ties by code, ascending, whichever the order), without changing the input. */
export function rank(rows: readonly RankedRow[], sort: MarketSort, order: 'asc' | 'desc'): RankedRow[] {
  const sign = order === 'asc' ? 1 : -1;
  const byCode = (a: RankedRow, b: RankedRow) => (a.instrument.code < b.instrument.code ? -1 : 1);
  if (sort === 'code') return [...rows].sort((a, b) => sign * byCode(a, b));
  const key = KEY_OF[sort];
  return [...rows].sort((a, b) => {
    const difference = key(a.quote) - key(b.quote);
    return difference === 0n ? byCode(a, b) : difference > 0n ? sign : -sign;
  });
}

/** Breadth of the market: rises, falls and limit hits across the rows, and their turnover. */
export function breadth(rows: readonly RankedRow[]) {
  let advancers = 0;
  let decliners = 0;
  let stopHigh = 0;
  let stopLow = 0;
  let turnover = 0n;
  for (const { quote } of rows) {
    if (quote.last > quote.previousClose) advancers += 1;
    if (quote.last < quote.previousClose) decliners += 1;
    if (quote.last >= quote.limitUp) stopHigh += 1;
    if (quote.last <= quote.limitDown) stopLow += 1;
    turnover += quote.turnover;
  }
  return {
    total: rows.length,
    advancers,
    decliners,
    unchanged: rows.length - advancers - decliners,
    stopHigh,
    stopLow,
    turnover,
  };
}
