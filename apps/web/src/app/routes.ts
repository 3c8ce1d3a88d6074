import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { AppOutline, BillOutline, ContentOutline, HistogramOutline, UserOutline } from 'antd-mobile-icons';
import * as paths from './paths';

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
    component: lazy(() => import('../pages/startup/StartupPage')),
    isTabBar: false,
    isEntry: true,
  },

  tab(
    paths.HOME_PATH,
    0,
    { labelKey: 'tabs.home', icon: AppOutline },
    lazy(() => import('../pages/home/HomePage')),
  ),
  tab(
    paths.MARKET_PATH,
    1,
    { labelKey: 'tabs.market', icon: HistogramOutline },
    lazy(() => import('../pages/market/MarketPage')),
  ),
  tab(
    paths.TRADE_PATH,
    2,
    { labelKey: 'tabs.trade', icon: BillOutline },
    lazy(() => import('../pages/trade/TradePage')),
  ),
  tab(
    paths.NEWS_PATH,
    3,
    { labelKey: 'tabs.news', icon: ContentOutline },
    lazy(() => import('../pages/news/NewsPage')),
  ),
  tab(
    paths.USER_PATH,
    4,
    { labelKey: 'tabs.user', icon: UserOutline },
    lazy(() => import('../pages/user/UserPage')),
  ),

  page(
    paths.LOGIN_PATH,
    lazy(() => import('../pages/login/LoginPage')),
  ),
  page(
    paths.FORGOT_PASSWORD_PATH,
    lazy(() => import('../pages/forgot-password/ForgotPasswordPage')),
  ),
  page(
    paths.REGISTER_PATH,
    lazy(() => import('../pages/register/RegisterPage')),
  ),
  page(
    '/subPackages/test/test',
    lazy(() => import('../pages/test/TestPage')),
  ),
  page(
    paths.AGREEMENT_PATH,
    lazy(() => import('../pages/agreement/AgreementPage')),
  ),
  page(
    paths.PRIVACY_PATH,
    lazy(() => import('../pages/privacy/PrivacyPage')),
  ),
  page(
    '/subPackages/order/order',
    lazy(() => import('../pages/order/OrderPage')),
    AUTH,
  ),
  page(
    paths.MESSAGE_PATH,
    lazy(() => import('../pages/messages/MessagesPage')),
    AUTH,
  ),
  page(
    paths.ABOUT_PATH,
    lazy(() => import('../pages/about/AboutPage')),
  ),
  page(
    '/subPackages/index/gupiaoDetail/gupiaoDetail',
    lazy(() => import('../pages/stock-detail/StockDetailPage')),
  ),
  page(
    paths.IPO_PATH,
    lazy(() => import('../pages/ipo/IpoPage')),
  ),
  page(
    '/subPackages/index/dividend/dividend',
    lazy(() => import('../pages/dividend/DividendPage')),
  ),
  page(
    paths.BLOCK_TRADE_PATH,
    lazy(() => import('../pages/block-trade/BlockTradePage')),
  ),
  page(
    '/subPackages/index/hongli/hongli',
    lazy(() => import('../pages/bonus/BonusPage')),
  ),
  page(
    paths.COPY_TRADING_PATH,
    lazy(() => import('../pages/copy-trading/CopyTradingPage')),
  ),
  page(
    '/subPackages/index/gendan/record',
    lazy(() => import('../pages/copy-trading-record/CopyTradingRecordPage')),
    AUTH,
  ),
  page(
    paths.FINANCING_PATH,
    lazy(() => import('../pages/financing/FinancingPage')),
    AUTH,
  ),
  page(
    paths.FUND_PATH,
    lazy(() => import('../pages/fund/FundPage')),
  ),
  page(
    '/subPackages/fund/record',
    lazy(() => import('../pages/fund-record/FundRecordPage')),
    AUTH,
  ),
  page(
    '/subPackages/jiaoyi/jiaoyiDetail/jiaoyiDetail',
    lazy(() => import('../pages/trade-detail/TradeDetailPage')),
    AUTH,
  ),
  page(
    paths.BANK_ACCOUNT_PATH,
    lazy(() => import('../pages/bank-account/BankAccountPage')),
    AUTH,
  ),
  page(
    '/subPackages/bankAccount/accountLog',
    lazy(() => import('../pages/account-log/AccountLogPage')),
    AUTH,
  ),
  page(
    '/subPackages/search/search',
    lazy(() => import('../pages/search/SearchPage')),
  ),
  page(
    '/subPackages/webview/webview',
    lazy(() => import('../pages/webview/WebViewPage')),
  ),
  page(
    paths.WITHDRAWAL_PATH,
    lazy(() => import('../pages/withdrawal/WithdrawalPage')),
    AUTH,
  ),
  page(
    paths.REAL_NAME_PATH,
    lazy(() => import('../pages/identity-verification/IdentityVerificationPage')),
    AUTH,
  ),
  page(
    paths.SETTINGS_PATH,
    lazy(() => import('../pages/settings/SettingsPage')),
    AUTH,
  ),
  page(
    '/subPackages/details/details',
    lazy(() => import('../pages/details/DetailsPage')),
    AUTH,
  ),
  page(
    paths.DEPOSIT_PATH,
    lazy(() => import('../pages/deposit/DepositPage')),
  ),
  page(
    paths.TRANSACTION_PASSWORD_PATH,
    lazy(() => import('../pages/transaction-password/TransactionPasswordPage')),
    AUTH,
  ),
  page(
    paths.LANGUAGE_PATH,
    lazy(() => import('../pages/language/LanguagePage')),
  ),
  page(
    '/subPackages/confirm/confirm',
    lazy(() => import('../pages/confirm/ConfirmPage')),
    AUTH,
  ),
  page(
    paths.CUSTOMER_SERVICE_PATH,
    lazy(() => import('../pages/customer-service/CustomerServicePage')),
  ),
  page(
    paths.CHANGE_PASSWORD_PATH,
    lazy(() => import('../pages/change-password/ChangePasswordPage')),
    AUTH,
  ),
  page(
    paths.TRANSACTION_LOG_PATH,
    lazy(() => import('../pages/transaction-log/TransactionLogPage')),
    AUTH,
  ),
  page(
    paths.LOGOUT_PATH,
    lazy(() => import('../pages/logout/LogoutPage')),
    AUTH,
  ),
];

export const TAB_ROUTES = ROUTES.filter((route) => route.isTabBar).sort(
  (a, b) => (a.tabBarIndex ?? 0) - (b.tabBarIndex ?? 0),
);

export function findRoute(pathname: string): AppRoute | undefined {
  return ROUTES.find((route) => route.path === pathname);
}
