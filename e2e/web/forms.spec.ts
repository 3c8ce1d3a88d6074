import { expect, test, type Page } from '@playwright/test';
import { freshMobile, registerByApi, screenshot } from '../support';
import {
  expectNoHorizontalOverflow,
  input,
  loginInBrowser,
  message,
  shownToast,
  useLanguage,
} from './helpers';

const LOGIN = '/#/subPackages/login/login';

async function tryLogin(page: Page, account: string, password: string) {
  await input(page, 'login-account').fill(account);
  await input(page, 'login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

for (const lang of ['ja', 'en']) {
  test.describe(`forms in ${lang}`, () => {
    test.beforeEach(async ({ page }) => useLanguage(page, lang));

    test('a wrong password shows under the password, then the tries left before the lock', async ({
      page,
      request,
    }) => {
      const user = await registerByApi(request);
      await page.goto(LOGIN);
      await tryLogin(page, user.mobile, 'wrong-pass');
      const error = page.getByTestId('login-password-error');
      await expect(error).toHaveText(message(lang, 'errors', 'INVALID_CREDENTIALS'));
      await expect(page.getByRole('alert')).toContainText(message(lang, 'errors', 'INVALID_CREDENTIALS'));
      const field = input(page, 'login-password');
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAttribute('aria-describedby', 'login-password-error');
      await expect(page.getByTestId('login-password-warning')).toHaveCount(0);
      await expectNoHorizontalOverflow(page);
      await screenshot(page, `${lang}-forms-login-wrong-password`);

      // typing again clears the error; two more wrong tries leave two before the lock
      await input(page, 'login-password').fill('x');
      await expect(error).toHaveCount(0);
      await expect(field).not.toHaveAttribute('aria-invalid', 'true');
      await tryLogin(page, user.mobile, 'wrong-pass');
      await expect(error).toBeVisible();
      await tryLogin(page, user.mobile, 'wrong-pass2');
      const warning = page.getByTestId('login-password-warning');
      await expect(warning).toHaveText(
        message(lang, 'web', 'form.remainingAttempts').replace('{{count}}', '2'),
      );
      await expect(field).toHaveAttribute('aria-describedby', 'login-password-error login-password-warning');
      await expectNoHorizontalOverflow(page);
      await screenshot(page, `${lang}-forms-login-attempts-warning`);
    });

    test('an unregistered number gets the same warning, and the lock above the form', async ({ page }) => {
      const unknown = freshMobile();
      await page.goto(LOGIN);
      for (let i = 0; i < 3; i += 1) {
        await tryLogin(page, unknown, `wrong-${i}`);
        await expect(page.getByTestId('login-password-error')).toBeVisible();
      }
      await expect(page.getByTestId('login-password-warning')).toHaveText(
        message(lang, 'web', 'form.remainingAttempts').replace('{{count}}', '2'),
      );
      await tryLogin(page, unknown, 'wrong-3');
      await expect(page.getByTestId('login-password-warning')).toContainText('1');
      await tryLogin(page, unknown, 'wrong-4');
      await expect(page.getByTestId('login-alert')).toHaveText(
        message(lang, 'errors', 'ACCOUNT_LOCKED').replace('{{minutes}}', '15'),
      );
      await expect(page.getByTestId('login-retry')).toHaveCount(0);
      await screenshot(page, `${lang}-forms-login-locked`);
    });

    test('a timed-out login offers a retry that sends it again and gets in', async ({ page, request }) => {
      const user = await registerByApi(request);
      await page.goto(LOGIN);
      let attempts = 0;
      await page.route('**/api/auth/login*', async (route) => {
        attempts += 1;
        if (attempts > 1) return route.continue();
        // longer than the client's 5-second timeout: the app gives up first
        await new Promise((resolve) => setTimeout(resolve, 6000));
        await route.abort('timedout').catch(() => undefined);
      });
      await tryLogin(page, user.mobile, user.password);
      await expect(page.getByTestId('login-alert')).toContainText(message(lang, 'errors', 'TIMEOUT'), {
        timeout: 15_000,
      });
      await expectNoHorizontalOverflow(page);
      await screenshot(page, `${lang}-forms-login-timeout`);
      await page.getByTestId('login-retry').click();
      await expect(page.getByTestId('home-page')).toBeVisible();
      expect(attempts).toBe(2);
    });

    test('server failures of the other forms show under their fields', async ({ page, request }) => {
      // registration: a wrong SMS code under the code, a taken number under the number
      const taken = await registerByApi(request);
      await page.goto('/#/subPackages/register/register?invite=WELCOME');
      const mobile = freshMobile();
      await input(page, 'register-mobile').fill(mobile);
      await input(page, 'register-password').fill('pass1234');
      await input(page, 'register-confirm').fill('pass1234');
      await page.getByTestId('sms-code-button').click();
      await expect(page.getByTestId('sms-code-button')).toBeDisabled();
      // a toast is wide enough for its sentence: two lines at most, not a column of a few characters
      expect((await shownToast(page, message(lang, 'web', 'auth.codeSent'))).height).toBeLessThan(80);
      await screenshot(page, `${lang}-forms-toast`);
      await input(page, 'register-sms').fill('000000');
      await page.getByTestId('register-agree').click();
      await page.getByTestId('register-submit').click();
      await expect(page.getByTestId('register-sms-error')).toHaveText(
        message(lang, 'errors', 'SMS_CODE_INVALID'),
      );
      await expect(input(page, 'register-sms')).toHaveAttribute('aria-invalid', 'true');
      await screenshot(page, `${lang}-forms-register-wrong-code`);
      await input(page, 'register-mobile').fill(taken.mobile);
      await page.getByTestId('register-submit').click();
      await expect(page.getByTestId('register-mobile-error')).toHaveText(
        message(lang, 'errors', 'MOBILE_TAKEN'),
      );

      // forgotten password: a wrong code under the code
      await page.goto('/#/subPackages/login/forgot');
      await input(page, 'forgot-mobile').fill(taken.mobile);
      await input(page, 'forgot-sms').fill('000000');
      await input(page, 'forgot-password').fill('pass5678');
      await input(page, 'forgot-confirm').fill('pass5678');
      await page.getByTestId('forgot-submit').click();
      await expect(page.getByTestId('forgot-sms-error')).toHaveText(
        message(lang, 'errors', 'SMS_CODE_INVALID'),
      );
      await screenshot(page, `${lang}-forms-forgot-wrong-code`);

      // password changes: a wrong current password under it
      await loginInBrowser(page, taken.mobile, taken.password);
      for (const path of ['changePassword/changePassword', 'transactionPassions/transactionPassions']) {
        await page.goto(`/#/subPackages/${path}`);
        await input(page, 'password-old').fill('not-the-password');
        await input(page, 'password-new').fill('pass9999');
        await input(page, 'password-confirm').fill('pass9999');
        await page.getByTestId('password-submit').click();
        await expect(page.getByTestId('password-old-error')).toHaveText(
          message(lang, 'errors', 'OLD_PASSWORD_WRONG'),
        );
      }
      await expectNoHorizontalOverflow(page);
      await screenshot(page, `${lang}-forms-transaction-password-wrong-old`);
    });

    test('one other device is logged out after confirmation, and learns why at its login screen', async ({
      page,
      browser,
      request,
    }) => {
      const user = await registerByApi(request);
      // the other device: a second browser signed in to the same account
      const other = await browser.newPage({ viewport: { width: 390, height: 844 } });
      await useLanguage(other, lang);
      await loginInBrowser(other, user.mobile, user.password);
      await loginInBrowser(page, user.mobile, user.password);

      await page.goto('/#/subPackages/seting/seting');
      await expect(page.getByTestId('session-other')).toHaveCount(2);
      await screenshot(page, `${lang}-forms-sessions`);
      await page.getByTestId('session-revoke').first().click();
      const dialog = page.locator('.adm-dialog-body');
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText('Chrome');
      await screenshot(page, `${lang}-forms-sessions-confirm`);
      await dialog.getByText(message(lang, 'web', 'sessions.revokeOne'), { exact: true }).click();
      await expect(page.getByTestId('session-other')).toHaveCount(1);
      await expect(page.getByTestId('session-current')).toBeVisible();
      await expect(page.locator('.adm-toast-main')).toContainText(
        message(lang, 'web', 'sessions.revokedOne'),
      );

      // the registration session was the first listed or not: end every other one to reach the browser
      await page.getByTestId('session-revoke').first().click();
      await page
        .locator('.adm-dialog')
        .getByText(message(lang, 'web', 'sessions.revokeOne'), { exact: true })
        .click();
      await expect(page.getByTestId('session-other')).toHaveCount(0);

      await other.goto('/#/subPackages/seting/seting');
      await expect(other.getByTestId('login-session-ended')).toHaveText(
        message(lang, 'web', 'sessionEnded.signed_out_elsewhere'),
        { timeout: 15_000 },
      );
      await expectNoHorizontalOverflow(other);
      await screenshot(other, `${lang}-forms-login-session-ended`);
      await other.close();
    });

    test('a long toast is as wide as the screen allows, not a narrow column', async ({ page, request }) => {
      const user = await registerByApi(request);
      await loginInBrowser(page, user.mobile, user.password);
      await page.goto('/#/subPackages/seting/seting');
      // a failure outside a form is a toast (here the server's long refusal, answered by the test)
      await page.route('**/api/account/sessions/*/revoke*', (route) =>
        route.fulfill({
          status: 409,
          contentType: 'application/json',
          body: JSON.stringify({
            code: 0,
            msg: message(lang, 'errors', 'SESSION_IS_CURRENT'),
            errorCode: 'SESSION_IS_CURRENT',
            params: {},
          }),
        }),
      );
      await page.getByTestId('session-revoke').click();
      await page
        .locator('.adm-dialog-body')
        .getByText(message(lang, 'web', 'sessions.revokeOne'), { exact: true })
        .click();
      const box = await shownToast(page, message(lang, 'errors', 'SESSION_IS_CURRENT'));
      expect(box.text).toBe(message(lang, 'errors', 'SESSION_IS_CURRENT'));
      await screenshot(page, `${lang}-forms-long-toast`);
      expect(box.width).toBeGreaterThan(280);
      expect(box.width).toBeLessThanOrEqual(342);
      expect(box.height).toBeLessThan(110);
      if (lang !== 'ja') expect(box.splitWords).toEqual([]);
    });
  });
}
