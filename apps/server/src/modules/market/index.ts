export type { MarketTables, InstrumentRow } from './market.table';
export { findInstrument } from './market.repository';
export { instrumentView, instrumentLimitsOf } from './market.views';
export type { MarketFeed, Trade, FeedQuote, FeedBoard } from './feed';
export {
  marketOf,
  startMarket,
  MARKET_TICKS,
  type Market,
  type MarketTick,
  type BackfillReport,
  type TradesListener,
} from './market.service';
export { marketRoutes, searchHistoryRoutes, watchlistRoutes } from './market.routes';
export { searchForm } from './universe';
