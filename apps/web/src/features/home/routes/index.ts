import { AppOutline } from 'antd-mobile-icons';
import { tabPage, type AppRoute } from '../../../lib/routing';
import { HOME_PATH } from '../../../lib/paths';

export const homeRoutes: AppRoute[] = [
  tabPage(HOME_PATH, { index: 0, labelKey: 'tabs.home', icon: AppOutline }, () => import('./HomePage')),
];
