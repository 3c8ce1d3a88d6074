import { expect, test, type Page } from '@playwright/test';
import { registerByApi, screenshot } from '../support';
import { message } from '../web/helpers';
import { loginByApi, openSignedIn, staffApi, type StaffSession } from './staff-session';

test.use({ viewport: { width: 1280, height: 800 } });
// A login may wait up to 30 s for an authenticator code the server has not seen yet.
test.setTimeout(120_000);

let session: StaffSession;
test.beforeAll(async ({ request }) => {
  session = await loginByApi(request);
});

/** Counts the calls a page makes to one API path. */
function countCalls(page: Page, path: string) {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) calls.push(request.url());
  });
  return calls;
}

test('the SMS outbox loads when opened, when the filter changes and on Refresh, never by itself', async ({
  page,
  request,
}) => {
  const investor = await registerByApi(request);
  const calls = countCalls(page, '/api/staff/sms-outbox');
  await openSignedIn(page, session, 'en', '#/sms-outbox');
  await expect(page.getByTestId('sms-table').locator('tr', { hasText: investor.mobile })).toBeVisible();
  await page.waitForTimeout(6_000);
  expect(calls).toHaveLength(1);

  await page.getByLabel('Mobile number').fill(investor.mobile);
  await page.getByLabel('Mobile number').press('Enter');
  // On a fresh server the outbox may hold this one code only, so the row count alone does not show the new load.
  await expect.poll(() => calls.length).toBe(2);
  await expect(page.getByTestId('sms-table').locator('tbody tr.ant-table-row')).toHaveCount(1);

  await page.getByTestId('refresh').click();
  await expect.poll(() => calls.length).toBe(3);
  await page.waitForTimeout(6_000);
  expect(calls).toHaveLength(3);
});

test('a page past the end of a list moves to its last page instead of showing an empty table', async ({
  page,
}) => {
  await openSignedIn(page, session, 'en', '#/users');
  await page.goto('/backoffice/#/audit-log?page=9999&pageSize=10');
  await expect(page).toHaveURL(/page=(?!9999)\d+/);
  const rows = page.getByTestId('audit-table').locator('tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  const current = Number(new URL(page.url().replace('#/', '')).searchParams.get('page'));
  await expect(page.locator('.ant-pagination-item-active')).toHaveText(String(current));
  // The last page: there is no next one.
  await expect(page.locator('.ant-pagination-next')).toHaveAttribute('aria-disabled', 'true');
  // The move replaced the address past the end: Back leaves the list instead of returning past its end.
  await page.goBack();
  await expect(page).toHaveURL(/#\/users$/);
});

test("invitation codes filter by kind and show a referral code's owner", async ({ page, request }) => {
  const investor = await registerByApi(request);
  await openSignedIn(page, session, 'en', '#/invitation-codes');
  await page.getByLabel('Kind').click();
  await page.locator('.ant-select-item-option', { hasText: 'User referral' }).click();
  await expect(page).toHaveURL(/kind=user/);
  const table = page.getByTestId('invitations-table');
  await expect(table.getByTestId('invitation-owner').filter({ hasText: investor.userId })).toBeVisible();
  await expect(table.locator('tbody tr.ant-table-row', { hasText: 'Issued by staff' })).toHaveCount(0);
});

test('the audit log filters by a labelled select of localised action names', async ({ page }) => {
  await openSignedIn(page, session, 'ja', '#/audit-log');
  await page.getByLabel('操作', { exact: true }).click();
  // The list of actions is long and virtual: a person types to find one.
  await page.keyboard.type('スタッフログイン');
  await page.locator('.ant-select-item-option').getByText('スタッフログイン', { exact: true }).click();
  await expect(page).toHaveURL(/action=staff\.login(&|$)/);
  const table = page.getByTestId('audit-table');
  await expect(table.getByTestId('audit-action').first()).toHaveText('スタッフログイン');
  await expect(table.locator('[data-testid="audit-action"]:not([data-action="staff.login"])')).toHaveCount(0);
});

test('a staff action refused by a four-eyes rule shows in the audit log with the rule in the reader’s language', async ({
  page,
  request,
}) => {
  const investor = await registerByApi(request);
  const asked = await staffApi<{ id: string }>(request, session, '/api/staff/adjustments', {
    userId: investor.userId,
    amount: '100',
    reason: 'e2e: a goodwill credit',
  });
  const own = await request.post(`/api/staff/adjustments/${asked.id}/approve`, {
    headers: { token: session.token, 'idempotency-key': `e2e-own-approval-${Date.now()}` },
    data: {},
  });
  expect(((await own.json()) as { errorCode: string }).errorCode).toBe('SECOND_APPROVER_MUST_DIFFER');
  await openSignedIn(page, session, 'ja', '#/audit-log?action=staff.action_refused');
  const entry = page
    .getByTestId('audit-table')
    .locator('tr', { hasText: `/api/staff/adjustments/${asked.id}/approve` });
  await expect(entry.getByTestId('audit-action')).toHaveText(
    message('ja', 'backoffice', 'audit.actions.staff.action_refused'),
  );
  await expect(entry.getByTestId('audit-reason')).toHaveText(
    `${message('ja', 'errors', 'SECOND_APPROVER_MUST_DIFFER')} (SECOND_APPROVER_MUST_DIFFER)`,
  );
  await screenshot(page, 'backoffice-audit-refused-ja');
});
