import { AUTH, page, type AppRoute } from '../../../lib/routing';
import { COPY_TRADING_PATH, COPY_TRADING_RECORD_PATH } from '../../../lib/paths';

export const copyTradingRoutes: AppRoute[] = [
  page(COPY_TRADING_PATH, () => import('./CopyTradingPage')),
  page(COPY_TRADING_RECORD_PATH, () => import('./CopyTradingRecordPage'), AUTH),
];
