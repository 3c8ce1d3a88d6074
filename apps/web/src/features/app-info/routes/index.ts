import { page, type AppRoute } from '../../../lib/routing';
import { ABOUT_PATH, STARTUP_PATH, TEST_PATH } from '../../../lib/paths';

export const appInfoRoutes: AppRoute[] = [
  page(STARTUP_PATH, () => import('./StartupPage'), { isEntry: true }),
  page(ABOUT_PATH, () => import('./AboutPage')),
  page(TEST_PATH, () => import('./TestPage')),
];
