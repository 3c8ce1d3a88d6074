import { BillOutline } from 'antd-mobile-icons';
import { AUTH, page, tabPage, type AppRoute } from '../../../lib/routing';
import { CONFIRM_PATH, ORDER_PATH, TRADE_DETAIL_PATH, TRADE_PATH } from '../../../lib/paths';

export const tradeRoutes: AppRoute[] = [
  tabPage(TRADE_PATH, { index: 2, labelKey: 'tabs.trade', icon: BillOutline }, () => import('./TradePage')),
  page(ORDER_PATH, () => import('./OrderPage'), AUTH),
  page(TRADE_DETAIL_PATH, () => import('./TradeDetailPage'), AUTH),
  page(CONFIRM_PATH, () => import('./ConfirmPage'), AUTH),
];
