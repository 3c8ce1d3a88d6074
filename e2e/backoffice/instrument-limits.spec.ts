import { expect, test, type APIRequestContext } from '@playwright/test';
import { screenshot } from '../support';
import { investorWithCash, openSignedInPhone, useLanguage, waitUntilSettled } from '../web/helpers';
import { seriousAxeViolations } from '../support/a11y';
import { loginByApi, openSignedIn, type StaffSession } from './staff-session';

/**
 * Per-instrument limits: a dealer's dialog sets Sony's (6758) maximum leverage, lots per order and no new
 * shorts; an investor of this test is refused an order over them, and the order panel offers only what is
 * allowed. The limits are cleared at the end (other tests trade Sony with the global configuration).
 */
test.setTimeout(180_000);

const CODE = '6758';

async function putLimits(request: APIRequestContext, session: StaffSession, body: object) {
  const response = await request.put(`/api/staff/trading/instruments/${CODE}/limits`, {
    headers: { token: session.token },
    data: body,
  });
  return (await response.json()) as { code: number; msg: string; errorCode?: string };
}

test.afterAll(async ({ request }) => {
  const cleared = await putLimits(request, await loginByApi(request), {
    maxLeverage: null,
    maxLotsPerOrder: null,
    maxOpenLots: null,
    shortable: true,
    reason: 'e2e: back to the global configuration',
  });
  // Already cleared (the test failed before setting them) is fine too.
  expect(cleared.code === 1 || cleared.errorCode === 'INSTRUMENT_LIMITS_UNCHANGED', cleared.msg).toBe(true);
});

test('ja: a dealer limits Sony in the dialog; an investor order over the limits is refused', async ({
  browser,
  request,
}) => {
  const session = await loginByApi(request);
  const investor = await investorWithCash(request, session, '1000000');
  const backOffice = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await backOffice.newPage();
  await openSignedIn(page, session, 'ja', `#/trading/instruments?q=${CODE}`);
  const row = page.getByTestId('instruments-table').locator('tr', { hasText: CODE });
  await expect(row.getByTestId('instrument-limits')).toHaveText('制限なし');
  await row.getByTestId(`limits-${CODE}`).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('ソニーグループ の取引制限');
  await page.getByTestId('limits-leverage').click();
  await page.locator('.ant-select-item-option', { hasText: '1倍まで' }).click();
  await page.getByTestId('limits-lots').fill('2');
  await page.getByTestId('limits-shortable').click();
  await page.getByTestId('limits-reason').fill('貸借銘柄の指定取消しのため');
  await page.mouse.move(0, 0);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshot(page, 'bo-ja-instrument-limits-dialog');
  await page.getByTestId('limits-submit').click();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('instrument-limits')).toContainText('最大1倍');
  await expect(row.getByTestId('instrument-limits')).toContainText('1注文2単元まで');
  await expect(row.getByTestId('instrument-limits')).toContainText('売建不可');
  await screenshot(page, 'bo-ja-instrument-limits-list');
  await backOffice.close();

  const order = { code: CODE, side: 'long', type: 'market', lots: 1, leverage: 1 };
  const refused = [
    [{ ...order, lots: 3 }, 'ORDER_LOTS_ABOVE_INSTRUMENT_LIMIT'],
    [{ ...order, leverage: 2 }, 'ORDER_LEVERAGE_ABOVE_INSTRUMENT_LIMIT'],
    [{ ...order, side: 'short' }, 'ORDER_SHORT_NOT_ALLOWED'],
  ] as const;
  for (const [body, errorCode] of refused) {
    const response = await request.post('/api/orders?lang=ja', {
      headers: { token: investor.token, 'idempotency-key': `e2e-limits-${errorCode}-${Date.now()}` },
      data: body,
    });
    expect(await response.json(), errorCode).toMatchObject({ errorCode });
  }

  // The order panel offers 1x only and no short, with the reason.
  for (const lang of ['ja', 'en'] as const) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const phone = await context.newPage();
    await useLanguage(phone, lang);
    await openSignedInPhone(phone, investor, `/#/subPackages/order/order?code=${CODE}&side=short`);
    const panel = phone.getByTestId('order-panel');
    await expect(panel.getByTestId('order-form')).toBeVisible();
    await expect(panel.getByTestId('order-side-short')).toBeDisabled();
    await expect(panel.getByTestId('order-side-long')).toHaveAttribute('aria-pressed', 'true');
    await expect(panel.getByTestId('order-short-note')).toBeVisible();
    await expect(panel.getByTestId('order-leverage-1')).toBeVisible();
    await expect(panel.getByTestId('order-leverage-2')).toHaveCount(0);
    await expect(panel.getByTestId('order-leverage-limit')).toBeVisible();
    await waitUntilSettled(panel);
    await screenshot(phone, `order-panel-limited-${lang}`);
    await context.close();
  }
});
