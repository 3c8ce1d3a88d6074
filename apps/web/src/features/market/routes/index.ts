import { HistogramOutline } from 'antd-mobile-icons';
import { page, tabPage, type AppRoute } from '../../../lib/routing';
import { MARKET_PATH, SEARCH_PATH, STOCK_DETAIL_PATH } from '../../../lib/paths';

export const marketRoutes: AppRoute[] = [
  tabPage(
    MARKET_PATH,
    { index: 1, labelKey: 'tabs.market', icon: HistogramOutline },
    () => import('./MarketPage'),
  ),
  page(STOCK_DETAIL_PATH, () => import('./StockDetailPage')),
  page(SEARCH_PATH, () => import('./SearchPage')),
];
