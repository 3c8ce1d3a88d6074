import { page, type AppRoute } from '../../../lib/routing';
import { BLOCK_TRADE_PATH, BONUS_PATH, DIVIDEND_PATH, IPO_PATH } from '../../../lib/paths';

export const offeringsRoutes: AppRoute[] = [
  page(IPO_PATH, () => import('./IpoPage')),
  page(BLOCK_TRADE_PATH, () => import('./BlockTradePage')),
  page(DIVIDEND_PATH, () => import('./DividendPage')),
  page(BONUS_PATH, () => import('./BonusPage')),
];
