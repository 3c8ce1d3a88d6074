import { senToDecimal, type ResponseOf, type api } from '@kabuto/contract';
import type { MarketPhase } from '@kabuto/market-rules';
import type { BarValue } from './bars';
import type { FeedBoard, FeedQuote } from './feed';
import type { InstrumentRow } from './market.table';

export type Quote = ResponseOf<typeof api.market.quotes>['items'][number];
export type Board = ResponseOf<typeof api.market.board>;
type Instrument = ResponseOf<typeof api.market.instruments>['items'][number];

export const instrumentView = (row: InstrumentRow): Instrument => ({
  code: row.code,
  nameJa: row.name_ja,
  nameEn: row.name_en,
  nameKana: row.name_kana,
  sector: row.sector,
  topix500: row.topix500,
  halted: row.halted,
  maxLeverage: row.max_leverage,
  shortable: row.shortable,
});

/** The engine's limits of an instrument as stored. */
export const instrumentLimitsOf = (
  row: Pick<InstrumentRow, 'max_leverage' | 'max_lots_per_order' | 'max_open_lots' | 'shortable'>,
) => ({
  maxLeverage: row.max_leverage,
  maxLotsPerOrder: row.max_lots_per_order,
  maxOpenLots: row.max_open_lots,
  shortable: row.shortable,
});

const decimalOrNull = (value: bigint | null) => (value === null ? null : senToDecimal(value));

export const limitStateOf = (quote: Pick<FeedQuote, 'last' | 'limitUp' | 'limitDown'>) =>
  quote.last >= quote.limitUp
    ? ('stop-high' as const)
    : quote.last <= quote.limitDown
      ? ('stop-low' as const)
      : ('normal' as const);

/**
 * Change from the previous close in hundredths of a percent, rounded half away from zero as brokers print it
 * (-3 on 2,800 is -0.107%: -0.11, not -0.10).
 */
export function changeBasisPoints(change: bigint, previousClose: bigint): bigint {
  const magnitude = ((change < 0n ? -change : change) * 20_000n + previousClose) / (2n * previousClose);
  return change < 0n ? -magnitude : magnitude;
}

/** Percent change in hundredths of a percent, written like a price ("-1.23"). */
export const changePercentOf = (change: bigint, previousClose: bigint) =>
  senToDecimal(changeBasisPoints(change, previousClose));

export function quoteView(quote: FeedQuote, phase: MarketPhase, simulated: boolean): Quote {
  const change = quote.last - quote.previousClose;
  return {
    code: quote.code,
    last: senToDecimal(quote.last),
    change: senToDecimal(change),
    changePercent: changePercentOf(change, quote.previousClose),
    open: decimalOrNull(quote.open),
    high: decimalOrNull(quote.high),
    low: decimalOrNull(quote.low),
    previousClose: senToDecimal(quote.previousClose),
    volume: quote.volume.toString(),
    turnover: senToDecimal(quote.turnover),
    limitUp: senToDecimal(quote.limitUp),
    limitDown: senToDecimal(quote.limitDown),
    limitState: limitStateOf(quote),
    sessionState: phase,
    halted: quote.halted,
    tradingDay: quote.tradingDay,
    updatedAt: quote.updatedAt === null ? null : new Date(quote.updatedAt).toISOString(),
    simulated,
  };
}

export const boardLevelsView = (board: FeedBoard) => ({
  asks: board.asks.map((level) => ({ price: senToDecimal(level.price), lots: level.lots })),
  bids: board.bids.map((level) => ({ price: senToDecimal(level.price), lots: level.lots })),
});

export const barView = (bar: BarValue) => ({
  start: new Date(bar.start).toISOString(),
  open: senToDecimal(bar.open),
  high: senToDecimal(bar.high),
  low: senToDecimal(bar.low),
  close: senToDecimal(bar.close),
  volume: bar.volume.toString(),
  turnover: senToDecimal(bar.turnover),
});
