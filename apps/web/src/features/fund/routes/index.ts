import { AUTH, page, type AppRoute } from '../../../lib/routing';
import { FUND_PATH, FUND_RECORD_PATH } from '../../../lib/paths';

export const fundRoutes: AppRoute[] = [
  page(FUND_PATH, () => import('./FundPage')),
  page(FUND_RECORD_PATH, () => import('./FundRecordPage'), AUTH),
];
