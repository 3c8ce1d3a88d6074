import { expect, test, type Page } from '@playwright/test';
import { DEMO_INVESTOR, screenshot } from '../support';
import {
  expectNoHorizontalOverflow,
  expectStartupToOpenHome,
  holdUpdateCheck,
  input,
  loginInBrowser,
  useLanguage,
} from './helpers';

/** Screens reachable by route, with the element that shows the screen is ready. */
const SCREENS: { name: string; path: string; ready: string }[] = [
  { name: 'home', path: '/pages/index/index', ready: 'home-page' },
  { name: 'user', path: '/pages/user/user', ready: 'user-page' },
  { name: 'settings', path: '/subPackages/seting/seting', ready: 'session-current' },
  {
    name: 'change-password',
    path: '/subPackages/changePassword/changePassword',
    ready: 'change-password-page',
  },
  {
    name: 'transaction-password',
    path: '/subPackages/transactionPassions/transactionPassions',
    ready: 'transaction-password-page',
  },
  { name: 'language', path: '/subPackages/switchLanguage/switchLanguage', ready: 'language-page' },
  { name: 'about', path: '/subPackages/about/index', ready: 'about-version' },
  { name: 'privacy', path: '/subPackages/privacy/privacy', ready: 'privacy-article-9' },
  { name: 'agreement', path: '/subPackages/agreement/agreement', ready: 'agreement-section-10' },
  {
    name: 'customer-service',
    path: '/subPackages/customerService/customerService',
    ready: 'customer-service-page',
  },
  { name: 'empty-state', path: '/subPackages/index/ipo/ipo', ready: 'empty-state' },
  { name: 'market', path: '/pages/market/market', ready: 'market-list' },
  { name: 'search', path: '/subPackages/search/search', ready: 'search-history' },
  {
    name: 'stock-detail',
    path: '/subPackages/index/gupiaoDetail/gupiaoDetail?code=7203',
    ready: 'order-book',
  },
];

async function visit(page: Page, path: string, ready: string): Promise<void> {
  await page.goto(`/#${path}`);
  await expect(page.getByTestId(ready).first()).toBeVisible();
  await expectNoHorizontalOverflow(page);
}

for (const lang of ['ja', 'en']) {
  test(`screenshots of every investor screen in ${lang}`, async ({ page }) => {
    await useLanguage(page, lang);

    const releaseUpdateCheck = await holdUpdateCheck(page);
    await page.goto('/');
    await expect(page.getByTestId('startup-steps').locator('li')).toHaveCount(3);
    await screenshot(page, `${lang}-startup`);
    releaseUpdateCheck();
    await expectStartupToOpenHome(page);

    await visit(page, '/subPackages/login/login', 'login-page');
    await screenshot(page, `${lang}-login`);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-account-error')).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `${lang}-login-validation`);
    await visit(page, '/subPackages/register/register?invite=WELCOME', 'register-page');
    await screenshot(page, `${lang}-register`);
    await visit(page, '/subPackages/login/forgot', 'forgot-page');
    await screenshot(page, `${lang}-forgot-password`);
    await visit(page, '/pages/user/user', 'user-guest');
    await screenshot(page, `${lang}-user-logged-out`);
    await visit(page, '/nope', 'not-found-page');
    await screenshot(page, `${lang}-not-found`);

    await loginInBrowser(page, DEMO_INVESTOR.mobile, DEMO_INVESTOR.password);
    for (const { name, path, ready } of SCREENS) {
      await visit(page, path, ready);
      await screenshot(page, `${lang}-${name}`);
    }

    await visit(page, '/pages/index/index', 'home-page');
    await page.getByTestId('top-bar-user').click();
    await expect(page.getByTestId('side-menu-phone')).toHaveText('090****0001');
    await page.waitForTimeout(400);
    await screenshot(page, `${lang}-side-menu`);

    await visit(page, '/subPackages/changePassword/changePassword', 'change-password-page');
    await input(page, 'password-old').fill('demo1234');
    await page.getByTestId('password-submit').click();
    await page.waitForTimeout(300);
    await screenshot(page, `${lang}-change-password-validation`);

    await visit(page, '/subPackages/logout/logout', 'logout-page');
    await expect(page.locator('.adm-dialog-body')).toBeVisible();
    await page.waitForTimeout(400);
    await screenshot(page, `${lang}-logout`);
  });
}
