import { expect, test, type Page } from '@playwright/test';
import { dialogOpened, sendWithReason, totpCode } from '../support';
import { fillLogin, loginByApi, openBackOffice, openSignedIn, staffApi } from './staff-session';

test.use({ viewport: { width: 1440, height: 900 } });
// A login may wait up to 30 s for an authenticator code the server has not seen yet.
test.setTimeout(120_000);

/** Confirms the one-time credentials were noted, once their dialog has opened, and sees it close. */
async function closeCredentials(page: Page) {
  const details = page.getByTestId('one-time-credentials');
  await dialogOpened(page.getByRole('dialog').filter({ has: details }));
  await page.getByTestId('credentials-done').click();
  await expect(details).toBeHidden();
}

test('an admin creates a member who signs in, changes their password and is signed out when disabled', async ({
  page,
  request,
  browser,
}) => {
  const admin = await loginByApi(request);
  await openSignedIn(page, admin, 'en', '#/staff-members');

  // The admin creates the member and sees their sign-in details once.
  const username = `e2e.${Date.now().toString(36)}`;
  await page.getByTestId('create-member').click();
  const form = page.getByRole('dialog', { name: 'Create a staff member' });
  await form.getByLabel('Staff ID').fill(username);
  await form.getByLabel('Display name').fill('E2E Support');
  await form.getByLabel('Role').click();
  await page.locator('.ant-select-item-option', { hasText: 'Support' }).click();
  await form.getByRole('button', { name: 'Create' }).click();

  const details = page.getByTestId('one-time-credentials');
  await expect(details).toContainText('Shown only once');
  await expect(details).toContainText(username);
  const temporaryPassword = (await details.getByTestId('credential-password').textContent()) ?? '';
  const totpSecret = (await details.getByTestId('credential-totp-secret').textContent()) ?? '';
  await expect(details.getByTestId('credential-otpauth-uri')).toContainText(`secret=${totpSecret}`);
  expect(temporaryPassword.length).toBeGreaterThanOrEqual(12);
  await closeCredentials(page);

  const row = page.getByTestId('members-table').locator('tr', { hasText: username });
  await expect(row.getByTestId('member-status')).toHaveText('Active');
  await expect(row.getByTestId('staff-role')).toHaveText('Support');

  // The member signs in on their own browser with the temporary password and their authenticator.
  const memberContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const member = await memberContext.newPage();
  await openBackOffice(member, 'en', '#/login');
  await fillLogin(member, { username, password: temporaryPassword, totp: totpCode(totpSecret) });
  await expect(member.getByTestId('side-menu')).toBeVisible();
  await expect(member.getByTestId('side-menu')).toContainText('Invitation codes');
  await expect(member.getByTestId('side-menu')).not.toContainText('Staff members');
  const deviceToken = await member.evaluate(() => localStorage.getItem('kabuto.staffDeviceToken'));
  expect(deviceToken).toBeTruthy();

  // ... and changes their own password from the menu under their name.
  await member.getByTestId('account-menu').click();
  await member.getByRole('menuitem', { name: 'Change password' }).click();
  const newPassword = `New-password-${Date.now()}`;
  await member.getByLabel('Current password').fill(temporaryPassword);
  await member.getByLabel('New password', { exact: true }).fill(newPassword);
  await member.getByLabel('Confirm the new password').fill(newPassword);
  await member.getByTestId('change-password-submit').click();
  await expect(member.getByText('Your password has been changed')).toBeVisible();

  // The admin disables the member.
  await row.getByTestId('member-actions').click();
  await page.getByRole('menuitem', { name: 'Disable' }).click();
  await sendWithReason(page, 'Left the support team (e2e)');
  await expect(row.getByTestId('member-status')).toHaveText('Disabled');

  // The member's next action ends their session and returns them to the login page.
  await member.getByTestId('side-menu').getByText('Users').click();
  await expect(member).toHaveURL(/#\/login$/);
  await expect(member.getByTestId('session-notice')).toHaveText(
    'Your session has expired, please log in again',
  );

  // The device token outlives the session and goes with the next login, which a disabled member fails.
  const login = member.waitForRequest('**/api/staff/auth/login**');
  await fillLogin(member, { username, password: newPassword, totp: totpCode(totpSecret) });
  expect((await login).postDataJSON()).toMatchObject({ username, deviceToken });
  await expect(member.getByTestId('form-error')).toHaveText(
    'Incorrect staff ID, password or authenticator code',
  );
  await memberContext.close();
});

test('resetting a member shows only the new credential, once', async ({ page, request }) => {
  const admin = await loginByApi(request);
  const username = `e2e.reset.${Date.now().toString(36)}`;
  await staffApi(request, admin, '/api/staff/members', {
    username,
    displayName: 'E2E Dealer',
    role: 'dealer',
  });
  await openSignedIn(page, admin, 'en', '#/staff-members');
  const row = page.getByTestId('members-table').locator('tr', { hasText: username });

  await row.getByTestId('member-actions').click();
  await page.getByRole('menuitem', { name: 'Reset authenticator' }).click();
  await sendWithReason(page, 'Lost phone (e2e)');
  const details = page.getByTestId('one-time-credentials');
  await expect(details.getByTestId('credential-totp-secret')).toHaveText(/^[A-Z2-7]{16,}$/);
  await expect(details.getByTestId('credential-otpauth-uri')).toBeVisible();
  await expect(details.getByTestId('credential-password')).toHaveCount(0);
  await closeCredentials(page);

  await row.getByTestId('member-actions').click();
  await page.getByRole('menuitem', { name: 'Reset password' }).click();
  await sendWithReason(page, 'Forgotten password (e2e)');
  await expect(details.getByTestId('credential-password')).toBeVisible();
  await expect(details.getByTestId('credential-totp-secret')).toHaveCount(0);
  await closeCredentials(page);
});
