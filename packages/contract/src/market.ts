import { z } from 'zod';
import { code, decimalMoney, pageQuery, paged } from './fields';
import {
  BAR_INTERVALS,
  INSTRUMENT_CODE,
  MARKET_QUERY_MAX_LENGTH,
  MARKET_SORTS,
  typedInstrumentCode,
} from './market-codes';

/** A securities code as typed: full-width characters and lower case accepted. */
export const instrumentCodeField = z
  .string(code('INSTRUMENT_CODE_INVALID'))
  .transform(typedInstrumentCode)
  .pipe(z.string().regex(INSTRUMENT_CODE, code('INSTRUMENT_CODE_INVALID')));

export const instrumentCodeParams = z.object({ code: instrumentCodeField });

export const instrumentQuery = pageQuery.extend({
  q: z
    .string(code('VALIDATION_FAILED'))
    .max(MARKET_QUERY_MAX_LENGTH, code('MARKET_QUERY_TOO_LONG'))
    .optional(),
});

export const instrument = z.object({
  code: z.string(),
  nameJa: z.string(),
  nameEn: z.string(),
  nameKana: z.string().nullable(),
  sector: z.string(),
  topix500: z.boolean(),
  halted: z.boolean(),
  /** The highest leverage an order may take here; null: every leverage of the configured set. */
  maxLeverage: z.number().int().nullable(),
  /** Whether new short positions may be opened (TSE: 貸借銘柄). */
  shortable: z.boolean(),
});
export const instrumentPage = paged(instrument);

/** The market's state at an instant: a TSE session phase, or 'always-open' in the demo clock. */
export const sessionState = z.enum([
  'pre-open',
  'morning',
  'lunch-break',
  'afternoon',
  'closing-auction',
  'after-close',
  'non-business-day',
  'always-open',
]);

/** Where the last price stands against the day's limits: ストップ高 / ストップ安. */
export const limitState = z.enum(['normal', 'stop-high', 'stop-low']);

export const quotesQuery = z.object({
  codes: z
    .string(code('MARKET_CODES_REQUIRED'))
    .transform((value) =>
      value
        .normalize('NFKC')
        .split(/[,\s]+/)
        .map((item) => item.trim().toUpperCase())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.string().regex(INSTRUMENT_CODE, code('INSTRUMENT_CODE_INVALID')))
        .min(1, code('MARKET_CODES_REQUIRED'))
        .max(50, code('MARKET_TOO_MANY_CODES')),
    ),
});

export const quote = z.object({
  code: z.string(),
  last: decimalMoney,
  change: decimalMoney,
  /** Percent change from the previous close, two decimals ("-1.23"). */
  changePercent: z.string(),
  open: decimalMoney.nullable(),
  high: decimalMoney.nullable(),
  low: decimalMoney.nullable(),
  previousClose: decimalMoney,
  /** Shares traded today. */
  volume: z.string(),
  turnover: decimalMoney,
  limitUp: decimalMoney,
  limitDown: decimalMoney,
  limitState,
  sessionState,
  halted: z.boolean(),
  /** The trading day (YYYY-MM-DD, Japan) the figures belong to. */
  tradingDay: z.string().nullable(),
  updatedAt: z.string().nullable(),
  simulated: z.boolean(),
});
export const quoteList = z.object({ items: z.array(quote) });

export const boardLevel = z.object({ price: decimalMoney, lots: z.number().int() });
export const board = z.object({
  code: z.string(),
  last: decimalMoney,
  /** Best (lowest) first. */
  asks: z.array(boardLevel),
  /** Best (highest) first. */
  bids: z.array(boardLevel),
  limitState,
  sessionState,
  simulated: z.boolean(),
});

/**
 * The instants a bar query may name: from 1970 to the end of year 9999 in Japan (15:00 UTC on 12/31), where bars
 * are dated; a later instant is already a five-digit year there.
 */
const EARLIEST_INSTANT = 0;
const LATEST_INSTANT = Date.UTC(9999, 11, 31, 15) - 1;

const instantField = z
  .string(code('MARKET_TIME_INVALID'))
  .max(40, code('MARKET_TIME_INVALID'))
  .refine((value) => {
    const at = Date.parse(value);
    return at >= EARLIEST_INSTANT && at <= LATEST_INSTANT;
  }, code('MARKET_TIME_INVALID'))
  .transform((value) => new Date(value));

export const barsQuery = z.object({
  interval: z.enum(BAR_INTERVALS, code('BAR_INTERVAL_INVALID')).default('1d'),
  from: instantField.optional(),
  to: instantField.optional(),
});

export const bar = z.object({
  /** The bar's first instant (ISO); daily and longer bars start at 00:00 JST of their first day. */
  start: z.string(),
  open: decimalMoney,
  high: decimalMoney,
  low: decimalMoney,
  close: decimalMoney,
  volume: z.string(),
  turnover: decimalMoney,
});
export const barList = z.object({
  code: z.string(),
  interval: z.enum(BAR_INTERVALS),
  items: z.array(bar),
  simulated: z.boolean(),
});

export const marketStatus = z.object({
  clock: z.enum(['exchange', 'always-open']),
  sessionState,
  tradingOpen: z.boolean(),
  /** The next session opening (ISO), null when the market is open at every instant. */
  nextOpen: z.string().nullable(),
  now: z.string(),
  simulated: z.boolean(),
});

export const watchlistItem = z.object({ code: z.string(), addedAt: z.string(), instrument });
export const watchlist = z.object({ items: z.array(watchlistItem), max: z.number().int() });

export const rankingQuery = pageQuery.extend({
  sort: z.enum(MARKET_SORTS, code('VALIDATION_FAILED')).default('changePercent'),
  order: z.enum(['asc', 'desc'], code('VALIDATION_FAILED')).default('desc'),
  /** The first page's `snapshot`: the pages after it keep that page's order, so each instrument shows once. */
  snapshot: z.string().max(64, code('VALIDATION_FAILED')).optional(),
});

/** One row of the market list: the instrument and its quote. */
export const rankedQuote = z.object({ instrument, quote });
export const rankingPage = paged(rankedQuote).extend({
  /** Names this order, for the next pages' `snapshot`. */
  snapshot: z.string(),
});

/** Figures across the whole universe, like an index's breadth: how many rose, fell, hit their limits. */
export const marketSummary = z.object({
  total: z.number().int(),
  advancers: z.number().int(),
  decliners: z.number().int(),
  unchanged: z.number().int(),
  stopHigh: z.number().int(),
  stopLow: z.number().int(),
  turnover: decimalMoney,
  /** Largest rises first. */
  gainers: z.array(rankedQuote),
  /** Largest falls first. */
  losers: z.array(rankedQuote),
  sessionState,
  simulated: z.boolean(),
});

export type Instrument = z.infer<typeof instrument>;
export type RankedQuote = z.infer<typeof rankedQuote>;
export type Bar = z.infer<typeof bar>;
export type MarketSummary = z.infer<typeof marketSummary>;
export type WatchlistItem = z.infer<typeof watchlistItem>;

export const searchHistoryBody = z.object({ code: instrumentCodeField });
export const searchHistoryItem = z.object({ code: z.string(), searchedAt: z.string(), instrument });
export const searchHistory = z.object({ items: z.array(searchHistoryItem) });
