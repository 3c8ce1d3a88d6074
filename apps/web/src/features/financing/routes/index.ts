import { AUTH, page, type AppRoute } from '../../../lib/routing';
import { FINANCING_PATH } from '../../../lib/paths';

export const financingRoutes: AppRoute[] = [page(FINANCING_PATH, () => import('./FinancingPage'), AUTH)];
