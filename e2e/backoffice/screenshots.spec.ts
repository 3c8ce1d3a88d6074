import { expect, test, type Page } from '@playwright/test';
import { registerByApi, screenshot } from '../support';
import { loginByApi, openLoginPage, openSignedIn, staffApi, type StaffSession } from './staff-session';

test.use({ viewport: { width: 1280, height: 800 } });
// A login may wait up to 30 s for an authenticator code the server has not seen yet.
test.setTimeout(120_000);

/** Moves the pointer away (no hover tooltips) and lets antd's animations finish: the picture shows the settled screen. */
async function settled(page: Page) {
  await page.mouse.move(0, 0);
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  await page.waitForTimeout(600);
}

let session: StaffSession;
let investor: { userId: string; mobile: string };

test.beforeAll(async ({ request }) => {
  investor = await registerByApi(request);
  session = await loginByApi(request);
  await staffApi(request, session, '/api/staff/invitation-codes', {
    maxUses: 50,
    note: '秋の投資セミナー参加者',
  });
  const retired = await staffApi<{ id: string }>(request, session, '/api/staff/invitation-codes', {
    maxUses: null,
    note: '提携キャンペーン（終了）',
  });
  await staffApi(request, session, `/api/staff/invitation-codes/${retired.id}/disable`, {
    reason: 'キャンペーン期間の終了',
  });
  // Staff IDs are unique; a retried run adds members rather than failing on the first run's ones.
  const run = Date.now().toString(36).slice(-4);
  await staffApi(request, session, '/api/staff/members', {
    username: `sato.${run}`,
    displayName: '佐藤 花子',
    role: 'compliance',
  });
  const leaver = await staffApi<{ member: { id: string } }>(request, session, '/api/staff/members', {
    username: `tanaka.${run}`,
    displayName: '田中 一郎',
    role: 'support',
  });
  await staffApi(request, session, `/api/staff/members/${leaver.member.id}/disable`, {
    reason: '退職のため',
  });
});

for (const lang of ['ja', 'en'] as const) {
  test(`every back-office screen in ${lang}`, async ({ page }) => {
    const shot = async (name: string) => {
      await settled(page);
      await screenshot(page, `bo-${lang}-${name}`);
    };

    await openLoginPage(page, lang);
    await shot('login');

    await openSignedIn(page, session, lang, '#/');
    await expect(page.getByTestId('staff-badge')).toBeVisible();
    await shot('home');

    await page.goto('/backoffice/#/users');
    await expect(page.getByTestId('users-table').locator('tr', { hasText: investor.mobile })).toBeVisible();
    await shot('users');

    await page.getByTestId('users-table').locator('tr', { hasText: investor.mobile }).click();
    await expect(page.getByTestId('user-profile')).toContainText(investor.mobile);
    await expect(page.getByTestId('sessions-table').locator('tr.ant-table-row').first()).toBeVisible();
    await shot('user-detail');

    await page.goto('/backoffice/#/invitation-codes');
    await expect(page.getByTestId('invitations-table')).toContainText('秋の投資セミナー参加者');
    await shot('invitation-codes');
    await page.getByTestId('create-invitation').click();
    await expect(page.getByTestId('create-invitation-form')).toBeVisible();
    await shot('create-invitation');
    await page.keyboard.press('Escape');

    await page.goto('/backoffice/#/audit-log?action=invitation.disable');
    await page.getByTestId('audit-table').locator('.ant-table-row-expand-icon').first().click();
    await expect(page.getByTestId('audit-after')).toBeVisible();
    await shot('audit-log');

    await page.goto('/backoffice/#/sms-outbox');
    await expect(page.getByTestId('sms-table').locator('tr', { hasText: investor.mobile })).toBeVisible();
    await shot('sms-outbox');

    await page.goto('/backoffice/#/staff-members');
    await expect(page.getByTestId('members-table')).toContainText('田中 一郎');
    await shot('staff-members');

    await page.getByTestId('create-member').click();
    const form = page.getByTestId('create-member-form');
    await form.locator('input#username').fill(`suzuki.${lang}.${Date.now().toString(36).slice(-4)}`);
    await form.locator('input#displayName').fill('鈴木 次郎');
    await form.locator('input#role').click();
    await page.locator('.ant-select-item-option').first().click();
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect(page.getByTestId('one-time-credentials')).toBeVisible();
    await shot('staff-member-credentials');
    await page.getByTestId('credentials-done').click();

    await page.getByTestId('account-menu').click();
    await page.locator('.ant-dropdown-menu-item').click();
    await expect(page.getByTestId('change-password-form')).toBeVisible();
    await shot('change-password');
  });
}
