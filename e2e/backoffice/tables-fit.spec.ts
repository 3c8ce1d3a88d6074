import { expect, test } from '@playwright/test';
import { registerByApi } from '../support';
import { clippedCells } from './clipped-cells';
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
