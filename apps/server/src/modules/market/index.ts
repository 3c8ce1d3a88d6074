export type { MarketTables } from './market.table';
export type { MarketFeed, Trade, FeedQuote, FeedBoard } from './feed';
export {
  marketOf,
  startMarket,
  type Market,
  type BackfillReport,
  type TradeListener,
} from './market.service';
export type { InstrumentRow } from './market.table';
export { marketRoutes, watchlistRoutes } from './market.routes';
export { searchForm } from './universe';
