import { expect, test, type Page } from '@playwright/test';
import { registerByApi } from '../support';
import {
  loginByApi,
  openSignedIn,
  staffApi,
  type BackOfficeLocale,
  type StaffSession,
} from './staff-session';

/**
 * Every back-office table at 1280x800 in all five languages shows each column whole: no header or cell
 * text cut off (an ellipsis, or text wider than its cell) and no horizontal scrolling of the table.
 */
test.use({ viewport: { width: 1280, height: 800 } });
// A login may wait up to 30 s for an authenticator code the server has not seen yet.
test.setTimeout(240_000);

const LANGUAGES: readonly BackOfficeLocale[] = ['ja', 'zh-CN', 'en', 'es', 'fr'];

let session: StaffSession;
let investor: { userId: string; mobile: string };

test.beforeAll(async ({ request }) => {
  investor = await registerByApi(request);
  session = await loginByApi(request);
  // A note as long as the form allows, so the invitation table must make room for it.
  await staffApi(request, session, '/api/staff/invitation-codes', {
    maxUses: 5,
    note: 'Campaign for the autumn seminar in Osaka: partners who attended the evening session and asked to open an account',
  });
});

/** The cells and scrollers of the table carrying the test id that do not show their text whole. */
async function clippedCells(page: Page, testId: string): Promise<string[]> {
  const table = page.getByTestId(testId);
  await expect(table.locator('tr.ant-table-row').first()).toBeVisible();
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  return table.evaluate((root) => {
    const problems: string[] = [];
    const label = (element: Element) => (element.textContent ?? '').trim().slice(0, 40);
    for (const scroller of Array.from(root.querySelectorAll('.ant-table-content, .ant-table-body'))) {
      if (scroller.scrollWidth > scroller.clientWidth + 1) {
        problems.push(`table scrolls sideways: ${scroller.scrollWidth} px in ${scroller.clientWidth} px`);
      }
    }
    for (const cell of Array.from(root.querySelectorAll('th, td'))) {
      if (!label(cell)) continue;
      const boxes = [cell, ...Array.from(cell.querySelectorAll('*'))];
      for (const box of boxes) {
        const style = getComputedStyle(box);
        const truncates =
          style.textOverflow === 'ellipsis' || box.classList.contains('ant-typography-ellipsis');
        const hidden = style.overflowX !== 'visible';
        if ((truncates || hidden) && box.scrollWidth > box.clientWidth + 1) {
          problems.push(`"${label(box)}" cut off: ${box.scrollWidth} px in ${box.clientWidth} px`);
          break;
        }
      }
      if (cell.scrollWidth > cell.clientWidth + 1) {
        problems.push(
          `"${label(cell)}" wider than its cell: ${cell.scrollWidth} px in ${cell.clientWidth} px`,
        );
      }
    }
    return [...new Set(problems)];
  });
}

for (const lang of LANGUAGES) {
  test(`${lang}: every table shows its columns whole at 1280 px`, async ({ page }) => {
    const problems: string[] = [];
    const check = async (screen: string, hash: string, testId: string) => {
      await page.goto(`/backoffice/${hash}`);
      for (const problem of await clippedCells(page, testId)) problems.push(`${screen}: ${problem}`);
    };

    await openSignedIn(page, session, lang, '#/');
    await check('users', '#/users', 'users-table');
    await check('user sessions', `#/users/${investor.userId}`, 'sessions-table');
    await check('invitation codes', '#/invitation-codes', 'invitations-table');
    await check('audit log', '#/audit-log', 'audit-table');
    await check('sms outbox', '#/sms-outbox', 'sms-table');
    await check('staff members', '#/staff-members', 'members-table');

    expect(problems, problems.join('\n')).toEqual([]);
  });
}
