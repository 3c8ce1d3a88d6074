import { ContentOutline } from 'antd-mobile-icons';
import { page, tabPage, type AppRoute } from '../../../lib/routing';
import { NEWS_PATH, WEBVIEW_PATH } from '../../../lib/paths';

export const newsRoutes: AppRoute[] = [
  tabPage(NEWS_PATH, { index: 3, labelKey: 'tabs.news', icon: ContentOutline }, () => import('./NewsPage')),
  page(WEBVIEW_PATH, () => import('./WebViewPage')),
];
