import { expect, test, type Page } from '@playwright/test';
import { axeViolations, isSerious, violationLine } from '../support/a11y';
import { registerByApi } from '../support';
import { loginByApi, openLoginPage, openSignedIn, type StaffSession } from './staff-session';

/**
 * Every back-office screen at 1280x800 in Japanese and English: no serious or critical axe violation, and its
 * content inside landmarks with one <main> (two moderate rules, asked for by name).
 */
test.use({ viewport: { width: 1280, height: 800 } });
// A login may wait up to 30 s for an authenticator code the server has not seen yet, and each of the 17 screens'
// axe scan takes up to 10 s on a slow 2-core machine running the other project beside it (one run took 180 s).
test.setTimeout(300_000);

const LANDMARK_RULES = ['landmark-one-main', 'region'];

let session: StaffSession;
let investor: { userId: string; mobile: string };

test.beforeAll(async ({ request }) => {
  investor = await registerByApi(request);
  session = await loginByApi(request);
});

async function settled(page: Page) {
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  await page.waitForTimeout(400);
}

for (const lang of ['ja', 'en'] as const) {
  test(`every back-office screen in ${lang} has no serious or critical axe violation, and its content in landmarks`, async ({
    page,
  }) => {
    const problems: string[] = [];
    const check = async (screen: string) => {
      await settled(page);
      for (const violation of await axeViolations(page))
        if (isSerious(violation) || LANDMARK_RULES.includes(violation.id))
          problems.push(`${screen}: ${violationLine(violation)}`);
    };

    await openLoginPage(page, lang);
    await check('login');

    await openSignedIn(page, session, lang, '#/');
    await expect(page.getByTestId('staff-badge')).toBeVisible();
    await check('home');

    await page.goto('/backoffice/#/users');
    await expect(page.getByTestId('users-table').locator('tr', { hasText: investor.mobile })).toBeVisible();
    await check('users');

    await page.goto(`/backoffice/#/users/${investor.userId}`);
    await expect(page.getByTestId('user-profile')).toContainText(investor.mobile);
    await check('user detail');
    // A two-character CJK label keeps its characters together (antd would render "更 新").
    if (lang === 'ja') await expect(page.getByTestId('refresh')).toHaveText('更新');

    await page.goto('/backoffice/#/invitation-codes');
    await expect(page.getByTestId('invitations-table').locator('tr.ant-table-row').first()).toBeVisible();
    await check('invitation codes');
    await page.getByTestId('create-invitation').click();
    await expect(page.getByTestId('create-invitation-form')).toBeVisible();
    await check('create invitation');
    await page.keyboard.press('Escape');

    await page.goto('/backoffice/#/audit-log');
    await expect(page.getByTestId('audit-table').locator('tr.ant-table-row').first()).toBeVisible();
    await page.getByTestId('audit-table').locator('.ant-table-row-expand-icon').first().click();
    await check('audit log');

    await page.goto('/backoffice/#/sms-outbox');
    await expect(page.getByTestId('sms-table').locator('tr', { hasText: investor.mobile })).toBeVisible();
    await check('sms outbox');

    await page.goto('/backoffice/#/staff-members');
    await expect(page.getByTestId('members-table').locator('tr.ant-table-row').first()).toBeVisible();
    await check('staff members');
    await page.getByTestId('create-member').click();
    await expect(page.getByTestId('create-member-form')).toBeVisible();
    await check('create staff member');
    await page.keyboard.press('Escape');

    await page.getByTestId('account-menu').click();
    await page.locator('.ant-dropdown-menu-item').click();
    await expect(page.getByTestId('change-password-form')).toBeVisible();
    await check('change password');

    await page.goto('/backoffice/#/nope');
    await expect(page.locator('.ant-result-404')).toBeVisible();
    await check('not found');

    expect(problems, problems.join('\n')).toEqual([]);
  });
}
