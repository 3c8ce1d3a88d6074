import type { ComponentType, LazyExoticComponent } from 'react';
import { AppOutline, BillOutline, ContentOutline, HistogramOutline, UserOutline } from 'antd-mobile-icons';
import * as paths from './paths';
import { lazyPage } from '../lib/lazy-page';

export interface TabItem {
  /** web namespace key of the tab label (also the top bar title). */
  labelKey: string;
  icon: ComponentType;
}

export interface AppRoute {
  path: string;
  component: LazyExoticComponent<ComponentType>;
  isTabBar: boolean;
  /** Position in the bottom tab bar (tab pages only). */
  tabBarIndex?: number;
  /** The startup screen. */
  isEntry?: boolean;
  /** Sends the visitor to login when no session is stored. */
  requiresAuth?: boolean;
  tab?: TabItem;
}

const tab = (
  path: string,
  tabBarIndex: number,
  tabItem: TabItem,
  component: AppRoute['component'],
): AppRoute => ({
  path,
  component,
  isTabBar: true,
  tabBarIndex,
  tab: tabItem,
});
const page = (path: string, component: AppRoute['component'], requiresAuth = false): AppRoute => ({
  path,
  component,
  isTabBar: false,
  requiresAuth,
});
const AUTH = true;

/** Every route of the investor app. The spec's pinyin paths are kept as URLs. */
export const ROUTES: readonly AppRoute[] = [
  {
    path: '/',
    component: lazyPage(() => import('../pages/startup/StartupPage')),
    isTabBar: false,
    isEntry: true,
  },

  tab(
    paths.HOME_PATH,
    0,
    { labelKey: 'tabs.home', icon: AppOutline },
    lazyPage(() => import('../pages/home/HomePage')),
  ),
  tab(
    paths.MARKET_PATH,
    1,
    { labelKey: 'tabs.market', icon: HistogramOutline },
    lazyPage(() => import('../pages/market/MarketPage')),
  ),
  tab(
    paths.TRADE_PATH,
    2,
    { labelKey: 'tabs.trade', icon: BillOutline },
    lazyPage(() => import('../pages/trade/TradePage')),
  ),
  tab(
    paths.NEWS_PATH,
    3,
    { labelKey: 'tabs.news', icon: ContentOutline },
    lazyPage(() => import('../pages/news/NewsPage')),
  ),
  tab(
    paths.USER_PATH,
    4,
    { labelKey: 'tabs.user', icon: UserOutline },
    lazyPage(() => import('../pages/user/UserPage')),
  ),

  page(
    paths.LOGIN_PATH,
    lazyPage(() => import('../pages/login/LoginPage')),
  ),
  page(
    paths.FORGOT_PASSWORD_PATH,
    lazyPage(() => import('../pages/forgot-password/ForgotPasswordPage')),
  ),
  page(
    paths.REGISTER_PATH,
    lazyPage(() => import('../pages/register/RegisterPage')),
  ),
  page(
    '/subPackages/test/test',
    lazyPage(() => import('../pages/test/TestPage')),
  ),
  page(
    paths.AGREEMENT_PATH,
    lazyPage(() => import('../pages/agreement/AgreementPage')),
  ),
  page(
    paths.PRIVACY_PATH,
    lazyPage(() => import('../pages/privacy/PrivacyPage')),
  ),
  page(
    '/subPackages/order/order',
    lazyPage(() => import('../pages/order/OrderPage')),
    AUTH,
  ),
  page(
    paths.MESSAGE_PATH,
    lazyPage(() => import('../pages/messages/MessagesPage')),
    AUTH,
  ),
  page(
    paths.ABOUT_PATH,
    lazyPage(() => import('../pages/about/AboutPage')),
  ),
  page(
    '/subPackages/index/gupiaoDetail/gupiaoDetail',
    lazyPage(() => import('../pages/stock-detail/StockDetailPage')),
  ),
  page(
    paths.IPO_PATH,
    lazyPage(() => import('../pages/ipo/IpoPage')),
  ),
  page(
    '/subPackages/index/dividend/dividend',
    lazyPage(() => import('../pages/dividend/DividendPage')),
  ),
  page(
    paths.BLOCK_TRADE_PATH,
    lazyPage(() => import('../pages/block-trade/BlockTradePage')),
  ),
  page(
    '/subPackages/index/hongli/hongli',
    lazyPage(() => import('../pages/bonus/BonusPage')),
  ),
  page(
    paths.COPY_TRADING_PATH,
    lazyPage(() => import('../pages/copy-trading/CopyTradingPage')),
  ),
  page(
    '/subPackages/index/gendan/record',
    lazyPage(() => import('../pages/copy-trading-record/CopyTradingRecordPage')),
    AUTH,
  ),
  page(
    paths.FINANCING_PATH,
    lazyPage(() => import('../pages/financing/FinancingPage')),
    AUTH,
  ),
  page(
    paths.FUND_PATH,
    lazyPage(() => import('../pages/fund/FundPage')),
  ),
  page(
    '/subPackages/fund/record',
    lazyPage(() => import('../pages/fund-record/FundRecordPage')),
    AUTH,
  ),
  page(
    '/subPackages/jiaoyi/jiaoyiDetail/jiaoyiDetail',
    lazyPage(() => import('../pages/trade-detail/TradeDetailPage')),
    AUTH,
  ),
  page(
    paths.BANK_ACCOUNT_PATH,
    lazyPage(() => import('../pages/bank-account/BankAccountPage')),
    AUTH,
  ),
  page(
    '/subPackages/bankAccount/accountLog',
    lazyPage(() => import('../pages/account-log/AccountLogPage')),
    AUTH,
  ),
  page(
    '/subPackages/search/search',
    lazyPage(() => import('../pages/search/SearchPage')),
  ),
  page(
    '/subPackages/webview/webview',
    lazyPage(() => import('../pages/webview/WebViewPage')),
  ),
  page(
    paths.WITHDRAWAL_PATH,
    lazyPage(() => import('../pages/withdrawal/WithdrawalPage')),
    AUTH,
  ),
  page(
    paths.REAL_NAME_PATH,
    lazyPage(() => import('../pages/identity-verification/IdentityVerificationPage')),
    AUTH,
  ),
  page(
    paths.SETTINGS_PATH,
    lazyPage(() => import('../pages/settings/SettingsPage')),
    AUTH,
  ),
  page(
    '/subPackages/details/details',
    lazyPage(() => import('../pages/details/DetailsPage')),
    AUTH,
  ),
  page(
    paths.DEPOSIT_PATH,
    lazyPage(() => import('../pages/deposit/DepositPage')),
  ),
  page(
    paths.TRANSACTION_PASSWORD_PATH,
    lazyPage(() => import('../pages/transaction-password/TransactionPasswordPage')),
    AUTH,
  ),
  page(
    paths.LANGUAGE_PATH,
    lazyPage(() => import('../pages/language/LanguagePage')),
  ),
  page(
    '/subPackages/confirm/confirm',
    lazyPage(() => import('../pages/confirm/ConfirmPage')),
    AUTH,
  ),
  page(
    paths.CUSTOMER_SERVICE_PATH,
    lazyPage(() => import('../pages/customer-service/CustomerServicePage')),
  ),
  page(
    paths.CHANGE_PASSWORD_PATH,
    lazyPage(() => import('../pages/change-password/ChangePasswordPage')),
    AUTH,
  ),
  page(
    paths.TRANSACTION_LOG_PATH,
    lazyPage(() => import('../pages/transaction-log/TransactionLogPage')),
    AUTH,
  ),
  page(
    paths.LOGOUT_PATH,
    lazyPage(() => import('../pages/logout/LogoutPage')),
    AUTH,
  ),
];

export const TAB_ROUTES = ROUTES.filter((route) => route.isTabBar).sort(
  (a, b) => (a.tabBarIndex ?? 0) - (b.tabBarIndex ?? 0),
);

export function findRoute(pathname: string): AppRoute | undefined {
  return ROUTES.find((route) => route.path === pathname);
}
