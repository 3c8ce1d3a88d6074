import { expect, test, type Page } from '@playwright/test';
import { TOTP } from 'otpauth';
import { latestSmsCode, registerByApi, screenshot, serverPort } from '../support';
import { addVirtualAuthenticator, confirmBySms, input, message, useLanguage } from './helpers';

/** WebAuthn needs a secure context and a domain as RP ID: these tests use localhost, not 127.0.0.1. */
const at = (path: string) => `http://localhost:${serverPort()}/#${path}`;
const SECURITY = '/subPackages/security/security';

async function passwordStep(page: Page, mobile: string, password: string) {
  await page.goto(at('/subPackages/login/login'));
  await input(page, 'login-account').fill(mobile);
  await input(page, 'login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

async function logOut(page: Page, lang = 'ja') {
  await page.goto(at('/subPackages/seting/seting'));
  await page.getByTestId('settings-logout').click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: message(lang, 'web', 'logout.submit') })
    .click();
  await expect(page.getByTestId('login-submit').or(page.getByTestId('home-page'))).toBeVisible();
}

test('enrol a passkey, log out, and log in with password and passkey', async ({ page, request }) => {
  await addVirtualAuthenticator(page);
  const user = await registerByApi(request);
  await passwordStep(page, user.mobile, user.password);
  await expect(page.getByTestId('home-page')).toBeVisible();

  await page.goto(at('/subPackages/seting/seting'));
  await page.getByTestId('settings-security').click();
  await expect(page.getByTestId('factor-none')).toBeVisible();
  await screenshot(page, 'ja-security-empty');
  await page.getByTestId('security-add-passkey').click();
  // The first factor needs the registered number: a phished password alone cannot add one.
  await expect(page.getByTestId('step-up-sms-send')).toBeVisible();
  await screenshot(page, 'ja-security-sms-step-up');
  // A wrong code shows under the code field, announced; the right one then goes through.
  await page.getByTestId('step-up-sms-send').click();
  const sent = await latestSmsCode(request, user.mobile);
  await input(page, 'step-up-sms-code').fill(sent === '000000' ? '111111' : '000000');
  await page.getByTestId('step-up-sms-submit').click();
  await expect(page.getByTestId('step-up-sms-code-error')).toHaveText(
    message('ja', 'errors', 'SMS_CODE_INVALID'),
  );
  await expect(input(page, 'step-up-sms-code')).toHaveAttribute('aria-invalid', 'true');
  await screenshot(page, 'ja-security-sms-step-up-wrong-code');
  await input(page, 'step-up-sms-code').fill(sent);
  await page.getByTestId('step-up-sms-submit').click();
  await expect(page.getByTestId('factor-passkey')).toBeVisible();
  await expect(page.getByTestId('factor-passkey')).toContainText(
    message('ja', 'web', 'security.kind.passkey'),
  );
  await screenshot(page, 'ja-security-passkey');

  await logOut(page);
  await passwordStep(page, user.mobile, user.password);
  await expect(page.getByTestId('login-factor')).toBeVisible();
  await screenshot(page, 'ja-login-factor-passkey');
  await page.getByTestId('login-factor-passkey').click();
  await expect(page.getByTestId('home-page')).toBeVisible();

  // Removing the passkey right after a login with it needs no second confirmation.
  await page.goto(at(SECURITY));
  await page.getByTestId('factor-remove').click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: message('ja', 'web', 'security.remove') })
    .click();
  await expect(page.getByTestId('factor-none')).toBeVisible();
});

test('enrol an authenticator app with a computed code, then log in with a code', async ({
  page,
  request,
}) => {
  await useLanguage(page, 'en');
  const user = await registerByApi(request);
  await passwordStep(page, user.mobile, user.password);
  await expect(page.getByTestId('home-page')).toBeVisible();

  await page.goto(at(SECURITY));
  await screenshot(page, 'en-security-empty');
  await page.getByTestId('security-add-totp').click();
  await confirmBySms(page, request, user.mobile);
  await expect(page.getByTestId('totp-qr').locator('svg')).toBeVisible();
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  // The whole key shows on the phone's width, wrapped rather than cut off.
  const keyFits = await page
    .getByTestId('totp-secret')
    .evaluate(
      (key) => key.scrollWidth <= key.clientWidth && key.getBoundingClientRect().right <= window.innerWidth,
    );
  expect(keyFits).toBe(true);
  await screenshot(page, 'en-security-totp-enrolment');
  const totp = new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' });

  await input(page, 'totp-code').fill('000000');
  await page.getByTestId('totp-verify').click();
  await expect(page.getByText(message('en', 'errors', 'FACTOR_CODE_INVALID'))).toBeVisible();
  await input(page, 'totp-code').fill(totp.generate());
  await page.getByTestId('totp-verify').click();
  await expect(page.getByTestId('factor-totp')).toBeVisible();
  await screenshot(page, 'en-security-totp');

  await logOut(page, 'en');
  await passwordStep(page, user.mobile, user.password);
  await expect(page.getByTestId('login-factor')).toBeVisible();
  await screenshot(page, 'en-login-factor-code');
  // The enrolment used this time step's code; the next step's code is inside the accepted drift.
  await input(page, 'login-factor-code').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByTestId('login-factor-submit').click();
  await expect(page.getByTestId('home-page')).toBeVisible();
});
