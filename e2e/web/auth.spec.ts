import { expect, test } from '@playwright/test';
import { DEMO_INVESTOR, freshMobile, latestSmsCode, registerByApi, userApi } from '../support';
import { input, loginInBrowser, message, messageWith, useLanguage } from './helpers';

test('a new investor registers with the SMS code, is shown the next steps, then Home', async ({
  page,
  request,
}) => {
  const mobile = freshMobile();
  await page.goto('/#/subPackages/register/register?invite=WELCOME');
  await expect(input(page, 'register-invite')).toHaveValue('WELCOME');
  await input(page, 'register-mobile').fill(mobile);
  await input(page, 'register-password').fill('pass1234');
  await input(page, 'register-confirm').fill('pass1234');

  await page.getByTestId('sms-code-button').click();
  await expect(page.getByTestId('sms-code-button')).toBeDisabled();
  await expect(page.getByTestId('sms-code-button')).toContainText(/\d+/);
  // another number may get a code at once; back to the first, the countdown still runs
  await input(page, 'register-mobile').fill(freshMobile());
  await expect(page.getByTestId('sms-code-button')).toBeEnabled();
  await input(page, 'register-mobile').fill(mobile);
  await expect(page.getByTestId('sms-code-button')).toBeDisabled();
  await input(page, 'register-sms').fill(await latestSmsCode(request, mobile));

  await page.getByTestId('register-agree').click();
  await page.getByTestId('register-submit').click();

  await expect(page.getByTestId('registered-page')).toBeVisible();
  await expect(page.getByTestId('registered-result')).toContainText(message('ja', 'web', 'registered.title'));
  await expect(page.getByTestId('registered-identity')).toBeVisible();
  await expect(page.getByTestId('registered-transaction-password')).toBeVisible();
  await page.getByTestId('registered-home').click();
  await expect(page.getByTestId('home-page')).toBeVisible();
  await expect(page).toHaveURL(/#\/pages\/index\/index$/);
  await expect(page.getByTestId('home-greeting')).toContainText(
    `${mobile.slice(0, 3)}****${mobile.slice(7)}`,
  );
  expect(await page.evaluate(() => window.localStorage.getItem('kabuto.deviceToken'))).toBeTruthy();
});

test('the demo investor logs in, is greeted by name and sees the masked phone in the side menu', async ({
  page,
}) => {
  await loginInBrowser(page, DEMO_INVESTOR.mobile, DEMO_INVESTOR.password);
  // Verified, so Home greets by the name verification passed with (the seed's 兜 太郎), not the number.
  await expect(page.getByTestId('home-greeting')).toHaveText(
    messageWith('ja', 'web', 'home.greetingUser', { name: '兜 太郎' }),
  );
  await page.getByTestId('top-bar-user').click();
  await expect(page.getByTestId('side-menu-phone')).toHaveText('090****0001');
  await expect(page.getByTestId('side-menu').getByTestId('balance-total')).toContainText('¥');
});

test('login returns the investor to the page they were going to; logged in, login and register lead Home', async ({
  page,
}) => {
  await page.goto('/#/subPackages/seting/seting');
  await expect(page.getByTestId('login-page')).toBeVisible();
  await input(page, 'login-account').fill(DEMO_INVESTOR.mobile);
  await input(page, 'login-password').fill(DEMO_INVESTOR.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/#\/subPackages\/seting\/seting$/);

  await page.goto('/#/subPackages/login/login');
  await expect(page.getByTestId('home-page')).toBeVisible();
  await page.goto('/#/subPackages/register/register');
  await expect(page.getByTestId('home-page')).toBeVisible();
});

test('a double tap on ログイン logs in once: one session, one new-device notice', async ({
  page,
  request,
}) => {
  const user = await registerByApi(request);
  await page.goto('/#/subPackages/login/login');
  await input(page, 'login-account').fill(user.mobile);
  await input(page, 'login-password').fill(user.password);
  await page.getByTestId('login-submit').dblclick();
  await expect(page.getByTestId('home-page')).toBeVisible();
  // The registration's session and this browser's one: a second login would have made three.
  const { items } = await userApi<{ items: unknown[] }>(request, user.token, '/api/account/sessions');
  expect(items).toHaveLength(2);
});

test('a guest sees only what needs no account in the side menu, and an investor sees the rest', async ({
  page,
}) => {
  await page.goto('/#/pages/index/index');
  await page.getByTestId('top-bar-user').click();
  const menu = page.getByTestId('side-menu');
  await expect(menu.getByTestId('side-menu-login')).toBeVisible();
  for (const id of ['customerService', 'language', 'about', 'agreement'])
    await expect(menu.getByTestId(`side-menu-${id}`)).toBeVisible();
  for (const id of ['identity', 'notifications', 'deposit', 'withdrawal', 'bankAccount', 'logout'])
    await expect(menu.getByTestId(`side-menu-${id}`)).toHaveCount(0);
  await expect(menu.getByTestId('side-menu-unread-dot')).toHaveCount(0);

  await loginInBrowser(page, DEMO_INVESTOR.mobile, DEMO_INVESTOR.password);
  await page.getByTestId('top-bar-user').click();
  for (const id of ['identity', 'notifications', 'deposit', 'withdrawal', 'bankAccount', 'logout'])
    await expect(menu.getByTestId(`side-menu-${id}`)).toBeVisible();
  // This browser had never signed in to the account: the new-device message is unread.
  await expect(menu.getByTestId('side-menu-unread-dot')).toBeAttached();
});

test('a session revoked from another device expires in the browser and sends the user to login', async ({
  page,
  request,
}) => {
  await loginInBrowser(page, DEMO_INVESTOR.mobile, DEMO_INVESTOR.password);

  const login = await request.post('/api/auth/login', {
    data: { account: DEMO_INVESTOR.mobile, password: DEMO_INVESTOR.password },
  });
  const { data } = (await login.json()) as { data: { token: string } };
  const revoke = await request.post('/api/account/sessions/revoke-others', {
    headers: { token: data.token },
    data: {},
  });
  expect(((await revoke.json()) as { code: number }).code).toBe(1);

  await page.getByTestId('top-bar-user').click();
  await expect(page.getByText(message('ja', 'errors', 'SESSION_EXPIRED'))).toBeVisible();
  await expect(page).toHaveURL(/#\/subPackages\/login\/login$/);
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  // Logging in again from there leads Home, not back to the logout question.
  await input(page, 'login-account').fill(DEMO_INVESTOR.mobile);
  await input(page, 'login-password').fill(DEMO_INVESTOR.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('home-page')).toBeVisible();
  await expect(page.locator('.adm-dialog')).toHaveCount(0);
});

test('an empty login shows the first missing field in English', async ({ page }) => {
  await useLanguage(page, 'en');
  await page.goto('/#/subPackages/login/login');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-account-error')).toHaveText('Account cannot be empty');
});

test('an empty login shows the first missing field in Japanese', async ({ page }) => {
  await page.goto('/#/subPackages/login/login');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-account-error')).toHaveText(
    message('ja', 'errors', 'ACCOUNT_REQUIRED'),
  );
});

test('logging out asks for confirmation, ends the session and shows login', async ({ page }) => {
  await loginInBrowser(page, DEMO_INVESTOR.mobile, DEMO_INVESTOR.password);
  await page.goto('/#/subPackages/seting/seting');
  await expect(page.getByTestId('settings-page')).toBeVisible();
  await page.getByTestId('settings-logout').click();
  await page
    .locator('.adm-dialog-footer')
    .getByText(message('ja', 'common', 'cancel'))
    .click();
  await expect(page).toHaveURL(/#\/subPackages\/seting\/seting$/);

  await page.goto('/#/pages/index/index');
  await page.getByTestId('top-bar-user').click();
  await page.getByTestId('side-menu-logout').click();
  await page
    .locator('.adm-dialog-footer')
    .getByText(message('ja', 'web', 'logout.submit'))
    .click();
  await expect(page).toHaveURL(/#\/subPackages\/login\/login$/);
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  // Logging in again from there leads Home, not back to the logout question.
  await input(page, 'login-account').fill(DEMO_INVESTOR.mobile);
  await input(page, 'login-password').fill(DEMO_INVESTOR.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('home-page')).toBeVisible();
  await expect(page.locator('.adm-dialog')).toHaveCount(0);
});

test('a forgotten password is reset with an SMS code, then the new password logs in', async ({
  page,
  request,
}) => {
  const user = await registerByApi(request);
  await useLanguage(page, 'en');
  await page.goto('/#/subPackages/login/login');
  await page.getByTestId('login-forgot').click();
  await expect(page.getByTestId('forgot-page')).toBeVisible();

  await input(page, 'forgot-mobile').fill(user.mobile);
  await page.getByTestId('sms-code-button').click();
  await expect(page.getByTestId('sms-code-button')).toBeDisabled();
  await expect
    .poll(async () => {
      const outbox = (await (await request.get(`/api/dev/sms?mobile=${user.mobile}`)).json()) as {
        data: { items: { purpose: string }[] };
      };
      return outbox.data.items[0]?.purpose;
    })
    .toBe('reset_password');
  await input(page, 'forgot-sms').fill(await latestSmsCode(request, user.mobile));
  await input(page, 'forgot-password').fill('fresh123');
  await input(page, 'forgot-confirm').fill('fresh124');
  await page.getByTestId('forgot-submit').click();
  await expect(page.getByTestId('forgot-confirm-error')).toHaveText(
    message('en', 'errors', 'PASSWORDS_MISMATCH'),
  );

  await input(page, 'forgot-confirm').fill('fresh123');
  await page.getByTestId('forgot-submit').click();
  await expect(page).toHaveURL(/#\/subPackages\/login\/login$/);
  await loginInBrowser(page, user.mobile, 'fresh123');
});

test('a browser that has logged in before still gets in while guesses from elsewhere have locked the account', async ({
  page,
  request,
}) => {
  const user = await registerByApi(request);
  await loginInBrowser(page, user.mobile, user.password);
  const deviceToken = await page.evaluate(() => window.localStorage.getItem('kabuto.deviceToken'));
  expect(deviceToken).toBeTruthy();

  await page.goto('/#/subPackages/logout/logout');
  await page
    .locator('.adm-dialog-footer')
    .getByText(message('ja', 'web', 'logout.submit'))
    .click();
  await expect(page).toHaveURL(/#\/subPackages\/login\/login$/);
  expect(await page.evaluate(() => window.localStorage.getItem('kabuto.deviceToken'))).toBe(deviceToken);

  const guess = async (password: string) => {
    const response = await request.post('/api/auth/login', { data: { account: user.mobile, password } });
    return ((await response.json()) as { errorCode?: string }).errorCode;
  };
  let outcome: string | undefined;
  for (let attempt = 0; attempt < 10 && outcome !== 'ACCOUNT_LOCKED'; attempt += 1) {
    outcome = await guess('wrong-guess');
  }
  expect(outcome).toBe('ACCOUNT_LOCKED');
  expect(await guess(user.password)).toBe('ACCOUNT_LOCKED');

  const loginCall = page.waitForRequest('**/api/auth/login*');
  await loginInBrowser(page, user.mobile, user.password);
  expect((await loginCall).postDataJSON()).toMatchObject({ deviceToken });
});
