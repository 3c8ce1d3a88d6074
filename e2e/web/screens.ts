import { expect, type Page } from '@playwright/test';

/**
 * Every investor screen reachable by route. `title` is the web-namespace key of the screen's own title
 * (its h1, and the first part of the document title); `ready` a test id that shows the screen has loaded.
 */
export interface InvestorScreen {
  path: string;
  title: string;
  ready: string | readonly string[];
  /** Needs a session: a visitor is sent to login instead. */
  auth?: boolean;
  /** Login and registration: someone signed in is sent Home instead. */
  guestOnly?: boolean;
}

const placeholder = (path: string, title: string, auth = false): InvestorScreen => ({
  path,
  title: `titles.${title}`,
  ready: 'placeholder-page',
  auth,
});

export const INVESTOR_SCREENS: readonly InvestorScreen[] = [
  { path: '/pages/index/index', title: 'tabs.home', ready: 'home-page' },
  { path: '/pages/market/market', title: 'tabs.market', ready: 'market-list' },
  { path: '/pages/jiaoyi/jiaoyi', title: 'tabs.trade', ready: ['trade-guest', 'trade-page'] },
  { path: '/pages/record/record', title: 'tabs.news', ready: 'empty-state' },
  { path: '/pages/user/user', title: 'tabs.user', ready: ['user-guest', 'user-page'] },
  { path: '/subPackages/login/login', title: 'titles.login', ready: 'login-page', guestOnly: true },
  {
    path: '/subPackages/register/register',
    title: 'titles.register',
    ready: 'register-page',
    guestOnly: true,
  },
  {
    path: '/subPackages/login/forgot',
    title: 'titles.forgotPassword',
    ready: 'forgot-page',
    guestOnly: true,
  },
  { path: '/subPackages/agreement/agreement', title: 'titles.agreement', ready: 'agreement-section-10' },
  { path: '/subPackages/privacy/privacy', title: 'titles.privacy', ready: 'privacy-article-9' },
  { path: '/subPackages/about/index', title: 'titles.about', ready: 'about-version' },
  { path: '/subPackages/switchLanguage/switchLanguage', title: 'titles.language', ready: 'language-page' },
  {
    path: '/subPackages/customerService/customerService',
    title: 'titles.customerService',
    ready: 'customer-service-page',
  },
  { path: '/subPackages/recharge/recharge', title: 'titles.deposit', ready: 'deposit-account', auth: true },
  { path: '/subPackages/alerts/alerts', title: 'titles.priceAlerts', ready: 'alert-form', auth: true },
  placeholder('/subPackages/test/test', 'test'),
  {
    path: '/subPackages/index/gupiaoDetail/gupiaoDetail?code=7203',
    title: 'titles.stockDetail',
    ready: 'order-book',
  },
  { path: '/subPackages/search/search', title: 'titles.search', ready: 'search-history' },
  placeholder('/subPackages/webview/webview', 'webview'),
  placeholder('/subPackages/index/ipo/ipo', 'ipo'),
  placeholder('/subPackages/index/dadan/dadan', 'blockTrade'),
  placeholder('/subPackages/index/dividend/dividend', 'dividend'),
  placeholder('/subPackages/index/hongli/hongli', 'bonus'),
  placeholder('/subPackages/index/gendan/gendan', 'copyTrading'),
  placeholder('/subPackages/fund/index', 'fund'),
  { path: '/nope', title: 'notFound.title', ready: 'not-found-page' },
  // Signed-in only.
  { path: '/subPackages/register/done', title: 'titles.registered', ready: 'registered-page', auth: true },
  { path: '/subPackages/seting/seting', title: 'titles.settings', ready: 'session-current', auth: true },
  {
    path: '/subPackages/changePassword/changePassword',
    title: 'titles.changePassword',
    ready: 'change-password-page',
    auth: true,
  },
  {
    path: '/subPackages/transactionPassions/transactionPassions',
    title: 'titles.transactionPassword',
    ready: 'transaction-password-page',
    auth: true,
  },
  {
    path: '/subPackages/real_name/real_name',
    title: 'titles.identityVerification',
    ready: 'kyc-page',
    auth: true,
  },
  {
    path: '/subPackages/message/message',
    title: 'titles.messages',
    ready: ['message-list', 'empty-state'],
    auth: true,
  },
  {
    path: '/subPackages/order/order?code=7203&side=long',
    title: 'titles.order',
    ready: 'order-form',
    auth: true,
  },
  placeholder('/subPackages/jiaoyi/jiaoyiDetail/jiaoyiDetail', 'tradeDetail', true),
  placeholder('/subPackages/confirm/confirm', 'confirm', true),
  {
    path: '/subPackages/withdrawal/withdrawal',
    title: 'titles.withdrawal',
    ready: 'withdrawal-rules',
    auth: true,
  },
  {
    path: '/subPackages/bankAccount/bankAccount',
    title: 'titles.bankAccount',
    ready: 'bank-form',
    auth: true,
  },
  {
    path: '/subPackages/bankAccount/accountLog',
    title: 'titles.accountLog',
    ready: 'ledger-list',
    auth: true,
  },
  {
    path: '/subPackages/transactionLog/transactionLog',
    title: 'titles.transactionLog',
    ready: 'ledger-list',
    auth: true,
  },
  {
    path: '/subPackages/details/details',
    title: 'funding.ledger.detail.title',
    ready: 'ledger-detail-page',
    auth: true,
  },
  placeholder('/subPackages/index/gendan/record', 'copyTradingRecord', true),
  placeholder('/subPackages/fund/record', 'fundRecord', true),
  placeholder('/subPackages/index/rongzi/rongzi', 'financing', true),
];

/** The investor screen at `path`. */
export const screen = (path: string): InvestorScreen => {
  const found = INVESTOR_SCREENS.find((s) => s.path === path);
  if (!found) throw new Error(`no screen ${path}`);
  return found;
};

/** The screens a visitor (no session) or a signed-in investor can open. */
export const screensFor = (signedIn: boolean) =>
  INVESTOR_SCREENS.filter((screen) => (signedIn ? !screen.guestOnly : !screen.auth));

/** Opens a screen and waits until it has loaded and its animations have settled. */
export async function openScreen(page: Page, screen: InvestorScreen): Promise<void> {
  await page.goto(`/#${screen.path}`);
  const ready = (typeof screen.ready === 'string' ? [screen.ready] : screen.ready)
    .map((id) => `[data-testid="${id}"]`)
    .join(', ');
  await expect(page.locator(ready).first()).toBeVisible();
  await expect(page.getByTestId('page-loading')).toHaveCount(0);
  await page.waitForTimeout(150);
}
