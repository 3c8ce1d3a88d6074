export type { MarketTables } from './market.table';
export type { MarketFeed, Trade, FeedQuote, FeedBoard } from './feed';
export { marketOf, startMarket, type Market, type BackfillReport } from './market.service';
export { marketRoutes, searchHistoryRoutes, watchlistRoutes } from './market.routes';
