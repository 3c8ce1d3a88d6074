import { page, type AppRoute } from '../../../lib/routing';
import { CUSTOMER_SERVICE_PATH } from '../../../lib/paths';

export const supportRoutes: AppRoute[] = [page(CUSTOMER_SERVICE_PATH, () => import('./CustomerServicePage'))];
