// The market's constants, apart from its schemas: the screens that only need these load no zod.

/** The chart intervals of the market screens: 1-minute base bars and their aggregates, daily and its aggregates. */
export const BAR_INTERVALS = ['1m', '5m', '15m', '30m', '45m', '60m', '1d', '1w', '1mo'] as const;
export type BarInterval = (typeof BAR_INTERVALS)[number];

/** Most watchlist entries one investor may keep. */
export const WATCHLIST_MAX = 100;

/** A TSE securities code: three digits and a digit or letter (as in 130A). */
export const INSTRUMENT_CODE = /^\d{3}[0-9A-Z]$/;

/** A code as typed, read as written: full-width characters and lower case accepted (７２０３, 130a). */
export const typedInstrumentCode = (typed: string) => typed.normalize('NFKC').trim().toUpperCase();

/** What the market list can be ordered by. */
export const MARKET_SORTS = ['changePercent', 'volume', 'turnover', 'code'] as const;
export type MarketSort = (typeof MARKET_SORTS)[number];

/** The longest search (a name, a code, kana): the search field takes no more. */
export const MARKET_QUERY_MAX_LENGTH = 50;

/** How many instruments the search history keeps per investor, newest first. */
export const SEARCH_HISTORY_MAX = 10;
