export type { TradingTables, OrderRow, PositionRow } from './trading.table';
export {
  onUserTradingChanged,
  startTrading,
  tradingOf,
  type Trading,
  type PlaceOrderBody,
} from './trading.service';
export { tradingRoutes } from './trading.routes';
export { offersTestPrices, testPriceRoutes } from './trading.test-prices';
export { orderView, positionView, accountView } from './trading.views';
export { REJECTION_ERRORS } from './trading.rejections';
export {
  ordersPage,
  positionsPage,
  findUserOrder,
  findUserPosition,
  tradesOfReferences,
} from './trading.repository';
export { quoteFromFeed } from './trading.quotes';
