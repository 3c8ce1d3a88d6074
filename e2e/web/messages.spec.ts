import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { dialogOpened, registerByApi, screenshot } from '../support';
import { seriousAxeViolations, smallTapTargets } from '../support/a11y';
import { loginByApi, openSignedIn, newStaffMember, staffApi } from '../backoffice/staff-session';
import {
  expectNoHorizontalOverflow,
  investorWithCash,
  loginInBrowser,
  message,
  openSignedInPhone,
  useLanguage,
  placeOrderByApi,
} from './helpers';

const MESSAGES_PATH = '/#/subPackages/message/message';

/** A phone-sized page in a browser context of its own: no device token, nothing stored. */
async function freshPhone(browser: Browser, lang: 'ja' | 'en'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await useLanguage(page, lang);
  return page;
}

async function unreadCount(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get('/api/messages/unread-count', { headers: { token } });
  return ((await response.json()) as { data: { count: number } }).data.count;
}

test('a login from a fresh browser leaves a message; reading it clears the dots', async ({
  page,
  browser,
  request,
}) => {
  const user = await registerByApi(request);
  expect(await unreadCount(request, user.token)).toBe(0);

  await useLanguage(page, 'ja');
  await loginInBrowser(page, user.mobile, user.password);
  await expect(page.getByTestId('top-bar-unread-dot')).toBeAttached();
  await screenshot(page, 'web-home-unread-ja');
  await page.getByTestId('top-bar-user').click();
  await expect(page.getByTestId('side-menu-unread-dot')).toBeAttached();
  await screenshot(page, 'web-side-menu-unread-ja');
  await page.keyboard.press('Escape');
  await page.goto(MESSAGES_PATH);

  const item = page.getByTestId('message-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(message('ja', 'messages', 'new_device_login.title'));
  await expect(item).toContainText('Chrome · Linux');
  await expect(item).toHaveAttribute('data-read', 'false');
  await expectNoHorizontalOverflow(page);
  await screenshot(page, 'web-messages-ja');
  expect(await seriousAxeViolations(page)).toEqual([]);
  expect(await smallTapTargets(page)).toEqual([]);

  await item.click();
  await expect(item).toHaveAttribute('data-read', 'true');
  await expect(item).toHaveAttribute('data-expanded', 'true');
  await expect(page.getByTestId('messages-read-all')).toBeDisabled();
  await page.getByTestId('nav-back').click();
  await expect(page.getByTestId('home-page')).toBeVisible();
  await expect(page.getByTestId('top-bar-unread-dot')).toHaveCount(0);
  await page.getByTestId('top-bar-user').click();
  await expect(page.getByTestId('side-menu-notifications')).toBeVisible();
  await expect(page.getByTestId('side-menu-unread-dot')).toHaveCount(0);

  // Another browser is another device.
  const other = await freshPhone(browser, 'en');
  await loginInBrowser(other, user.mobile, user.password);
  await other.goto(MESSAGES_PATH);
  await expect(other.getByTestId('message-item')).toHaveCount(2);
  await expect(other.getByTestId('message-item').first()).toContainText(
    message('en', 'messages', 'new_device_login.title'),
  );
  await expect(other.getByTestId('message-item').first()).toHaveAttribute('data-read', 'false');
  await expectNoHorizontalOverflow(other);
  await screenshot(other, 'web-messages-en');
  await other.context().close();
});

test('a new investor sees the empty state', async ({ browser, request }) => {
  const user = await registerByApi(request);
  for (const lang of ['ja', 'en'] as const) {
    const page = await freshPhone(browser, lang);
    await openSignedInPhone(page, user, MESSAGES_PATH);
    await expect(page.getByTestId('empty-state')).toContainText(message(lang, 'web', 'messages.empty'));
    await expect(page.getByTestId('messages-read-all')).toBeDisabled();
    await screenshot(page, `web-messages-empty-${lang}`);
    await page.context().close();
  }
});

test('a notice one staff member writes reaches the investor once another approves it', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000); // a staff login may wait for an authenticator code the server has not seen
  const investor = await registerByApi(request);
  const staff = await loginByApi(request);
  const title = `システムメンテナンスのお知らせ ${Date.now()}`;

  const office = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await openSignedIn(office, staff, 'ja', '#/notices');
  await office.getByTestId('broadcast-notice').click();
  const dialog = office.getByRole('dialog');
  await dialog.getByTestId('broadcast-notice-submit').click();
  await expect(dialog).toContainText(message('ja', 'errors', 'NOTICE_TITLE_REQUIRED'));
  await dialog.getByTestId('notice-title').fill(title);
  await dialog
    .getByTestId('notice-body')
    .fill('11月30日（日）2:00〜6:00 はメンテナンスのため、すべてのサービスを停止します。');
  await screenshot(office, 'backoffice-notice-broadcast-ja');
  await dialog.getByTestId('broadcast-notice-submit').click();
  await expect(dialog).toBeHidden();
  const written = office.getByTestId('notices-table').locator('tr', { hasText: title });
  await expect(written.getByTestId('review-status')).toHaveText(
    message('ja', 'backoffice', 'reviewStatus.pending'),
  );
  // Its author cannot publish it; nothing has reached the investor yet.
  await expect(written.getByTestId('notice-approve')).toBeDisabled();
  await screenshot(office, 'backoffice-notices-ja');
  await office.close();
  expect(await unreadCount(request, investor.token)).toBe(0);

  const reviewer = await newStaffMember(request, staff, 'support');
  const second = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await openSignedIn(second, reviewer, 'ja', '#/notices');
  const pending = second.getByTestId('notices-table').locator('tr', { hasText: title });
  await pending.getByTestId('notice-approve').click();
  const confirm = second.getByRole('dialog');
  await expect(confirm.getByTestId('confirm-question')).toContainText(title);
  await dialogOpened(confirm);
  await screenshot(second, 'backoffice-notice-approve-ja');
  await confirm.getByTestId('confirm-action').click();
  await expect(confirm).toBeHidden();
  await expect(pending.getByTestId('review-status')).toHaveText(
    message('ja', 'backoffice', 'reviewStatus.approved'),
  );
  await second.close();

  const audit = await staffApi<{ items: { action: string; after: { title: string } }[] }>(
    request,
    staff,
    '/api/staff/audit-log?action=notice.create',
  );
  expect(audit.items[0]?.after.title).toBe(title);

  const phone = await freshPhone(browser, 'en');
  await openSignedInPhone(phone, investor, '/#/pages/index/index');
  await expect(phone.getByTestId('top-bar-unread-dot')).toBeAttached();
  await phone.getByTestId('top-bar-bell').click();
  const notice = phone.getByTestId('message-item').filter({ hasText: title });
  await expect(notice).toContainText(message('en', 'web', 'messages.notice'));
  await expect(notice).toHaveAttribute('data-read', 'false');
  await phone.getByTestId('messages-read-all').click();
  await expect(notice).toHaveAttribute('data-read', 'true');
  expect(await unreadCount(request, investor.token)).toBe(0);
  await phone.context().close();
});

test('the back office notices screen in English', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const staff = await loginByApi(request);
  const office = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await openSignedIn(office, staff, 'en', '#/notices');
  await expect(office.getByTestId('notices-table')).toBeVisible();
  await office.getByTestId('broadcast-notice').click();
  await expect(office.getByRole('dialog')).toContainText(
    message('en', 'backoffice', 'notices.broadcast.warning'),
  );
  await screenshot(office, 'backoffice-notice-broadcast-en');
  await office.close();
});

for (const lang of ['ja', 'en'] as const) {
  test(`お知らせ's filters list a fill under 取引, the deposit under 入出金 and the login under その他 (${lang})`, async ({
    page,
    request,
  }) => {
    const investor = await investorWithCash(request, await loginByApi(request), '1000000');
    await placeOrderByApi(request, investor.token);
    await useLanguage(page, lang);
    await loginInBrowser(page, investor.mobile, investor.password);
    await page.goto(MESSAGES_PATH);
    // The fill, the deposit, the identity check passed and this browser's login.
    const items = page.getByTestId('message-item');
    await expect(items).toHaveCount(4);
    const filter = (name: string) =>
      page.getByRole('button', { name: message(lang, 'web', `messages.categories.${name}`), exact: true });
    await expect(filter('all')).toHaveAttribute('aria-pressed', 'true');
    await filter('trading').click();
    await expect(filter('trading')).toHaveAttribute('aria-pressed', 'true');
    await expect(items).toHaveCount(1);
    await expect(items).toContainText(message(lang, 'messages', 'order_filled.title'));
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `web-messages-trading-${lang}`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await smallTapTargets(page)).toEqual([]);
    await filter('funding').click();
    await expect(items).toHaveCount(1);
    await expect(items).toContainText(message(lang, 'messages', 'deposit_credited.title'));
    await filter('other').click();
    await expect(items).toHaveCount(2);
    await expect(items.first()).toContainText(message(lang, 'messages', 'new_device_login.title'));
    await expect(items.last()).toContainText(message(lang, 'messages', 'kyc_passed.title'));
    await filter('all').click();
    await expect(items).toHaveCount(4);
  });
}
