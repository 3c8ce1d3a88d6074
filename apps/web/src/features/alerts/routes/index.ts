import { AUTH, page, type AppRoute } from '../../../lib/routing';
import { PRICE_ALERTS_PATH } from '../../../lib/paths';

export const alertRoutes: AppRoute[] = [page(PRICE_ALERTS_PATH, () => import('./PriceAlertsPage'), AUTH)];
