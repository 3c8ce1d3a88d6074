import { expect, test } from '@playwright/test';
import { registerByApi } from '../support';
import { registerInBrowser } from '../web/helpers';
import { loginInUi } from './staff-session';

test.use({ viewport: { width: 1440, height: 900 } });
// A login may wait up to 30 s for an authenticator code the server has not seen yet.
test.setTimeout(120_000);

test('staff creates a single-use invitation code that admits exactly one investor', async ({
  page,
  request,
  browser,
}) => {
  await loginInUi(page, 'en');
  await page.getByTestId('side-menu').getByText('Invitation codes').click();

  const note = `e2e single use ${Date.now()}`;
  await page.getByTestId('create-invitation').click();
  const modal = page.getByRole('dialog', { name: 'Create an invitation code' });
  await modal.getByTestId('invitation-max-uses').fill('1');
  await modal.getByTestId('invitation-note').fill(note);
  await modal.getByRole('button', { name: 'Create' }).click();
  await expect(modal).toBeHidden();

  const row = page.getByTestId('invitations-table').locator('tr', { hasText: note });
  await expect(row.getByTestId('invitation-uses')).toHaveText('0 / 1');
  const code = (await row.getByTestId('invitation-code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^[A-Z0-9]{4,32}$/);

  // The investor registers on a phone with the new code, through the investor app's screens.
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await phone.addInitScript(() => window.localStorage.setItem('locale', 'en'));
  const mobile = await registerInBrowser(phone, request, code);
  await expect(phone.getByTestId('registered-page')).toBeVisible();
  await phone.getByTestId('registered-home').click();
  await expect(phone.getByTestId('home-greeting')).toContainText(
    `${mobile.slice(0, 3)}****${mobile.slice(7)}`,
  );
  await phone.close();

  // A second investor, on another phone, is refused: the code is used up.
  const secondPhone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await secondPhone.addInitScript(() => window.localStorage.setItem('locale', 'en'));
  const mobile2 = await registerInBrowser(secondPhone, request, code);
  await expect(secondPhone.getByText('The invitation code is invalid or has no uses left')).toBeVisible();
  await expect(secondPhone.getByTestId('registered-page')).toBeHidden();
  expect(mobile2).not.toBe(mobile);
  await secondPhone.close();

  await page.getByTestId('refresh').click();
  await expect(row.getByTestId('invitation-uses')).toHaveText('1 / 1');

  await expect(registerByApi(request, code)).rejects.toThrow(/register failed/);
});
