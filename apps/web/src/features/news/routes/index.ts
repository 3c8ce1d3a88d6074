import { ContentOutline } from 'antd-mobile-icons';
import { AUTH, page, tabPage, type AppRoute } from '../../../lib/routing';
import { MESSAGE_PATH, NEWS_PATH, WEBVIEW_PATH } from '../../../lib/paths';

export const newsRoutes: AppRoute[] = [
  tabPage(NEWS_PATH, { index: 3, labelKey: 'tabs.news', icon: ContentOutline }, () => import('./NewsPage')),
  page(MESSAGE_PATH, () => import('./MessagesPage'), AUTH),
  page(WEBVIEW_PATH, () => import('./WebViewPage')),
];
