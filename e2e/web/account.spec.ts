import { expect, test } from '@playwright/test';
import { registerByApi, screenshot } from '../support';
import {
  expectNoHorizontalOverflow,
  input,
  loginInBrowser,
  message,
  openSignedInPhone,
  useLanguage,
} from './helpers';

test('a new investor sets the transaction password with the login password, then changes the login password', async ({
  page,
  request,
}) => {
  const user = await registerByApi(request);
  await loginInBrowser(page, user.mobile, user.password);

  await page.goto('/#/subPackages/transactionPassions/transactionPassions');
  // The first time, the login password confirms it; the new fields say which password they set.
  await expect(page.getByText(message('ja', 'web', 'password.currentLogin'))).toBeVisible();
  await expect(
    page.getByText(message('ja', 'web', 'password.newTransaction'), { exact: true }),
  ).toBeVisible();
  await expect(page.getByText(message('ja', 'web', 'password.confirmNewTransaction'))).toBeVisible();
  await input(page, 'password-old').fill(user.password);
  await input(page, 'password-new').fill('246810');
  await input(page, 'password-confirm').fill('246810');
  await page.getByTestId('password-submit').click();
  const saved = page.getByTestId('transaction-password-saved');
  await expect(saved).toContainText(message('ja', 'web', 'password.transactionSetDone'));
  await expectNoHorizontalOverflow(page);
  await page.reload();
  await expect(page.getByText(message('ja', 'web', 'password.currentTransaction'))).toBeVisible();
  await input(page, 'password-old').fill('246810');
  await input(page, 'password-new').fill('135790');
  await input(page, 'password-confirm').fill('135790');
  await page.getByTestId('password-submit').click();
  await expect(saved).toContainText(message('ja', 'web', 'password.transactionChangedDone'));

  await page.goto('/#/subPackages/changePassword/changePassword');
  await input(page, 'password-old').fill(user.password);
  await input(page, 'password-new').fill('newpass1');
  await input(page, 'password-confirm').fill('newpass2');
  await page.getByTestId('password-submit').click();
  await expect(page.getByTestId('password-confirm-error')).toHaveText(
    message('ja', 'errors', 'NEW_PASSWORD_MISMATCH'),
  );

  await input(page, 'password-confirm').fill('newpass1');
  await page.getByTestId('password-submit').click();
  await expect(page.getByText(message('ja', 'web', 'password.changedOthersLoggedOut'))).toBeVisible();

  const relogin = await request.post('/api/auth/login', {
    data: { account: user.mobile, password: 'newpass1' },
  });
  expect(((await relogin.json()) as { code: number }).code).toBe(1);
});

test('settings list this device and log out the others after confirmation', async ({ page, request }) => {
  const user = await registerByApi(request);
  await loginInBrowser(page, user.mobile, user.password);

  await page.goto('/#/subPackages/seting/seting');
  await expect(page.getByTestId('session-current')).toBeVisible();
  await expect(page.getByTestId('session-other')).toHaveCount(1);
  await page.getByTestId('sessions-revoke-others').click();
  await page
    .locator('.adm-dialog-footer')
    .getByText(message('ja', 'common', 'confirm'))
    .click();
  await expect(page.getByTestId('session-other')).toHaveCount(0);
  await expect(page.getByTestId('session-current')).toBeVisible();
});

test('the user page shows the figures of the signed-in investor', async ({ page, request }) => {
  const user = await registerByApi(request);
  await loginInBrowser(page, user.mobile, user.password);
  await page.getByTestId('tab-user').click();
  await expect(page.getByTestId('user-phone')).toHaveText(
    `${user.mobile.slice(0, 3)}****${user.mobile.slice(7)}`,
  );
  await expect(page.getByTestId('user-id')).toContainText(user.userId);
  await expect(page.getByTestId('balance-total')).toContainText('¥0.00');
  await expect(page.getByTestId('user-kyc')).toHaveText(message('ja', 'web', 'kyc.none'));
});

for (const lang of ['ja', 'en'] as const) {
  test(`${lang}: tapping the credit score says what it is and what it allows`, async ({ page, request }) => {
    const user = await registerByApi(request);
    await useLanguage(page, lang);
    await openSignedInPhone(page, user, '/#/pages/user/user');
    const credit = page.getByTestId('user-credit');
    await expect(credit).toContainText('100');
    await expect(credit).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByTestId('user-credit-note')).toBeHidden();
    await credit.click();
    await expect(credit).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByTestId('user-credit-note')).toHaveText(
      message(lang, 'web', 'user.creditScoreNote'),
    );
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `${lang}-user-credit-note`);
    await credit.click();
    await expect(page.getByTestId('user-credit-note')).toBeHidden();
  });
}
