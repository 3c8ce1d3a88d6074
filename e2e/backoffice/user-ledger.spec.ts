import { expect, test } from '@playwright/test';
import { failRequests } from '../support';
import { investorWithCash } from '../web/helpers';
import { loginByApi, openSignedIn } from './staff-session';

test.use({ viewport: { width: 1280, height: 800 } });
// A login may wait up to 30 s for an authenticator code the server has not seen yet.
test.setTimeout(120_000);

test("a failed load of a user's ledger says so, with a retry, and never that the user has no entries", async ({
  page,
  request,
}) => {
  const session = await loginByApi(request);
  const investor = await investorWithCash(request, session, '50000');
  const recover = await failRequests(page, '**/api/staff/users/*/ledger*');
  await openSignedIn(page, session, 'ja', `#/users/${investor.userId}`);
  await expect(page.getByTestId('query-error')).toBeVisible();
  await expect(page.getByTestId('user-ledger').locator('.ant-empty')).toHaveCount(0);
  recover();
  await page.getByTestId('query-error').getByRole('button').click();
  await expect(page.getByTestId('user-ledger').locator('tbody tr.ant-table-row')).not.toHaveCount(0);
  await expect(page.getByTestId('query-error')).toHaveCount(0);
});
