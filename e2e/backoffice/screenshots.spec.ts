import { expect, test, type Page } from '@playwright/test';
import { registerByApi, screenshot } from '../support';
import { loginByApi, openBackOffice, openSignedIn, staffApi, type StaffSession } from './staff-session';

test.use({ viewport: { width: 1440, height: 900 } });
// A login may wait up to 30 s for an authenticator code the server has not seen yet.
test.setTimeout(120_000);

/** Lets antd's open and fade animations finish so that the picture shows the settled screen. */
async function settled(page: Page) {
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
});

for (const lang of ['ja', 'en'] as const) {
  test(`every back-office screen in ${lang}`, async ({ page }) => {
    const shot = async (name: string) => {
      await settled(page);
      await screenshot(page, `bo-${lang}-${name}`);
    };

    await openBackOffice(page, lang, '#/login');
    await expect(page.getByTestId('login-card')).toBeVisible();
    await shot('login');

    await openSignedIn(page, session, lang, '#/users');
    await expect(page.getByTestId('users-table').locator('tr', { hasText: investor.mobile })).toBeVisible();
    await shot('users');

    await page.getByTestId('users-table').locator('tr', { hasText: investor.mobile }).click();
    await expect(page.getByTestId('user-profile')).toContainText(investor.mobile);
    await expect(page.getByTestId('sessions-table').locator('tr.ant-table-row').first()).toBeVisible();
    await shot('user-detail');

    await page.goto('/backoffice/#/invitation-codes');
    await expect(page.getByTestId('invitations-table')).toContainText('秋の投資セミナー参加者');
    await page.getByTestId('create-invitation').click();
    await expect(page.getByTestId('create-invitation-form')).toBeVisible();
    await shot('invitation-codes');
    await page.keyboard.press('Escape');

    await page.goto('/backoffice/#/audit-log?action=invitation.disable');
    await page.getByTestId('audit-table').locator('.ant-table-row-expand-icon').first().click();
    await expect(page.getByTestId('audit-after')).toBeVisible();
    await shot('audit-log');

    await page.goto('/backoffice/#/sms-outbox');
    await expect(page.getByTestId('sms-table').locator('tr', { hasText: investor.mobile })).toBeVisible();
    await shot('sms-outbox');
  });
}
