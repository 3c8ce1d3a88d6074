import { PUBLIC, endpoint } from '../endpoint';
import {
  barList,
  barsQuery,
  board,
  instrumentCodeParams,
  instrumentPage,
  instrumentQuery,
  marketStatus,
  marketSummary,
  quoteList,
  quotesQuery,
  rankingPage,
  rankingQuery,
} from '../market';

export const marketEndpoints = {
  instruments: endpoint({
    method: 'GET',
    path: '/api/market/instruments',
    tag: 'market',
    summary: 'Search the instrument universe by code prefix, Japanese name or English name',
    description:
      'q is matched case-insensitively after NFKC normalisation (full-width digits and letters work); without q every instrument is listed, by code.',
    access: PUBLIC,
    query: instrumentQuery,
    response: instrumentPage,
  }),
  quotes: endpoint({
    method: 'GET',
    path: '/api/market/quotes',
    tag: 'market',
    summary: 'Quotes of up to 50 instruments (codes=7203,6758)',
    description: 'Simulated market data: every quote says so in `simulated`.',
    access: PUBLIC,
    query: quotesQuery,
    response: quoteList,
  }),
  board: endpoint({
    method: 'GET',
    path: '/api/market/board/:code',
    tag: 'market',
    summary: 'The five best price levels on each side of the book',
    access: PUBLIC,
    params: instrumentCodeParams,
    response: board,
  }),
  bars: endpoint({
    method: 'GET',
    path: '/api/market/bars/:code',
    tag: 'market',
    summary: 'Chart bars (1m, 5m, 15m, 30m, 45m, 60m, 1d, 1w, 1mo) between from and to',
    description:
      'from and to are ISO instants; without them the most recent bars are returned. Minute bars cover the last five trading days, daily and longer bars at least two years.',
    access: PUBLIC,
    params: instrumentCodeParams,
    query: barsQuery,
    response: barList,
  }),
  ranking: endpoint({
    method: 'GET',
    path: '/api/market/ranking',
    tag: 'market',
    summary:
      'Every instrument with its quote, ordered by change %, volume, turnover or code, a page at a time',
    description:
      'The market list: sort=changePercent|volume|turnover|code, order=desc|asc (ties by code). Simulated market data.',
    access: PUBLIC,
    query: rankingQuery,
    response: rankingPage,
  }),
  summary: endpoint({
    method: 'GET',
    path: '/api/market/summary',
    tag: 'market',
    summary: 'Advancers, decliners, stop high and low, total turnover and the top five movers each way',
    access: PUBLIC,
    response: marketSummary,
  }),
  status: endpoint({
    method: 'GET',
    path: '/api/market/status',
    tag: 'market',
    summary: 'The session state now and the next opening',
    access: PUBLIC,
    response: marketStatus,
  }),
} as const;
