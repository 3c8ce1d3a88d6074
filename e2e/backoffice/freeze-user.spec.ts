import { expect, test } from '@playwright/test';
import { registerByApi, sendWithReason } from '../support';
import { loginByApi, openSignedIn } from './staff-session';

test.use({ viewport: { width: 1440, height: 900 } });
// A login may wait up to 30 s for an authenticator code the server has not seen yet.
test.setTimeout(120_000);

test('staff freezes a user with a reason and the audit log records it', async ({ page, request }) => {
  const investor = await registerByApi(request);
  const session = await loginByApi(request);
  await openSignedIn(page, session, 'en', '#/users');

  await page.getByTestId('users-search').locator('input').fill(investor.mobile);
  await page.getByTestId('users-search').locator('input').press('Enter');
  const row = page.getByTestId('users-table').locator('tr', { hasText: investor.mobile });
  await expect(row.getByTestId('user-status')).toHaveText('Active');
  await row.click();

  await expect(page.getByRole('heading', { name: `User ${investor.userId}` })).toBeVisible();
  const reason = `Suspicious activity reported by e2e ${Date.now()}`;
  await page.getByTestId('freeze-user').click();
  await sendWithReason(page, reason);

  await expect(page.getByTestId('user-profile').getByTestId('user-status')).toHaveText('Frozen');
  await expect(page.getByTestId('frozen-reason')).toHaveText(reason);
  await expect(page.getByTestId('unfreeze-user')).toBeVisible();

  await page.getByTestId('side-menu').getByText('Audit log').click();
  await page.getByTestId('audit-target-filter').locator('input').fill(investor.userId);
  await page.getByTestId('audit-target-filter').locator('input').press('Enter');
  const entry = page.getByTestId('audit-table').locator('tr', { hasText: reason });
  await expect(entry.getByTestId('audit-action')).toHaveText('Account frozen');
  await expect(entry.getByTestId('audit-target')).toHaveText(`User ${investor.userId}`);
});

test('an account locked by wrong passwords shows as locked beside its status', async ({ page, request }) => {
  const investor = await registerByApi(request);
  for (let attempt = 0; attempt < 5; attempt += 1)
    await request.post('/api/auth/login', { data: { account: investor.mobile, password: 'wrong-pass' } });
  const session = await loginByApi(request);
  await openSignedIn(page, session, 'ja', `#/users/${investor.userId}`);
  const profile = page.getByTestId('user-profile');
  await expect(profile.getByTestId('user-status')).toHaveText('有効');
  await expect(profile.getByTestId('user-locked')).toHaveText('ロック中（パスワード誤り）');
});
