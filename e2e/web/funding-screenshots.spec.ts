import { expect, test } from '@playwright/test';
import { DEMO_INVESTOR, screenshot } from '../support';
import { loginByApi, openSignedIn } from '../backoffice/staff-session';
import { loginInBrowser, useLanguage } from './helpers';

test.setTimeout(150_000);

const INVESTOR_SCREENS = [
  { name: 'deposit', path: '/subPackages/recharge/recharge', ready: 'deposit-account' },
  { name: 'bank-account', path: '/subPackages/bankAccount/bankAccount', ready: 'bank-account' },
  { name: 'withdrawal', path: '/subPackages/withdrawal/withdrawal', ready: 'withdrawal-bank' },
  { name: 'transaction-log', path: '/subPackages/transactionLog/transactionLog', ready: 'ledger-entry' },
  { name: 'account-log', path: '/subPackages/bankAccount/accountLog', ready: 'ledger-entry' },
] as const;

for (const lang of ['ja', 'en'] as const) {
  test(`money screens of the demo investor in ${lang}`, async ({ page }) => {
    await useLanguage(page, lang);
    await loginInBrowser(page, DEMO_INVESTOR.mobile, DEMO_INVESTOR.password);
    for (const screen of INVESTOR_SCREENS) {
      await page.goto(`/#${screen.path}`);
      await expect(page.getByTestId(screen.ready).first()).toBeVisible();
      await expect(page.locator('h1')).toHaveCount(1);
      await screenshot(page, `${lang}-${screen.name}`);
    }
  });
}

test('back-office money screens in ja and en', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const session = await loginByApi(request);
  for (const lang of ['ja', 'en'] as const) {
    for (const [name, hash, table] of [
      ['deposits', '#/deposits', 'deposit-notices-table'],
      ['withdrawals', '#/withdrawals', 'withdrawals-table'],
      ['adjustments', '#/adjustments', 'adjustments-table'],
      ['user-ledger', '#/users/100001', 'user-ledger'],
    ] as const) {
      await openSignedIn(page, session, lang, hash);
      await expect(page.getByTestId(table)).toBeVisible();
      await screenshot(page, `${lang}-backoffice-${name}`);
    }
    await openSignedIn(page, session, lang, '#/deposits');
    await page.getByTestId('credit-without-notice').click();
    await expect(page.getByTestId('credit-form')).toBeVisible();
    await screenshot(page, `${lang}-backoffice-credit-dialog`);
  }
});
