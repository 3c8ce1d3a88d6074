import { expect, test, type APIRequestContext } from '@playwright/test';
import { screenshot } from '../support';
import { seriousAxeViolations } from '../support/a11y';
import { loginByApi, type StaffSession } from '../backoffice/staff-session';
import { investorWithCash, message, openSignedInPhone, useLanguage } from './helpers';

/**
 * A stock staff have marked as not shortable (per-instrument limits, docs/trading.md): the stock page's Sell
 * button, which opens a short, is disabled at once with the reason in words, and the server still refuses a
 * short order sent past the screen. SoftBank Group (9984) is limited by no other spec; the limit is cleared
 * at the end.
 */
test.setTimeout(120_000);

const CODE = '9984';
const OTHER = '7203';
const stockPage = (code: string) => `/#/subPackages/index/gupiaoDetail/gupiaoDetail?code=${code}`;

async function putLimits(request: APIRequestContext, session: StaffSession, shortable: boolean) {
  const response = await request.put(`/api/staff/trading/instruments/${CODE}/limits`, {
    headers: { token: session.token },
    data: {
      maxLeverage: null,
      maxLotsPerOrder: null,
      maxOpenLots: null,
      shortable,
      reason: 'e2e: 貸借銘柄でない',
    },
  });
  return (await response.json()) as { code: number; msg: string; errorCode?: string };
}

test.afterAll(async ({ request }) => {
  const cleared = await putLimits(request, await loginByApi(request), true);
  expect(cleared.code === 1 || cleared.errorCode === 'INSTRUMENT_LIMITS_UNCHANGED', cleared.msg).toBe(true);
});

test('a stock that cannot be sold short: Sell is disabled with the reason, and a short order is refused', async ({
  browser,
  request,
}) => {
  const session = await loginByApi(request);
  const limited = await putLimits(request, session, false);
  expect(limited.code, limited.msg).toBe(1);
  const investor = await investorWithCash(request, session, '1000000');

  for (const lang of ['ja', 'en'] as const) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await useLanguage(page, lang);
    await openSignedInPhone(page, investor, stockPage(CODE));
    const actions = page.getByTestId('stock-actions');
    const sell = actions.getByTestId('stock-sell');
    const note = actions.getByTestId('stock-short-note');
    // A fresh server generates the market's history first, and answers the stock's page only after.
    await expect(sell).toBeVisible({ timeout: 45_000 });
    await expect(sell).toBeDisabled();
    await expect(note).toHaveText(message(lang, 'market', 'actions.shortNotAllowed'));
    // Said in words and tied to the button, not only shown by its colour.
    await expect(sell).toHaveAttribute('aria-describedby', 'stock-short-note');
    await expect(sell).toHaveAccessibleDescription(message(lang, 'market', 'actions.shortNotAllowed'));
    await expect(actions.getByTestId('stock-buy')).toBeEnabled();
    await sell.click({ force: true });
    await expect(page.getByTestId('stock-detail-page')).toBeVisible();
    await expect(page).not.toHaveURL(/order\/order/);
    await page.mouse.move(0, 0);
    expect(await seriousAxeViolations(page, '[data-testid="stock-actions"]')).toEqual([]);
    await screenshot(page, `stock-detail-not-shortable-${lang}`);

    // Another stock keeps its Sell button, with no note.
    await page.goto(stockPage(OTHER));
    await expect(page.getByTestId('stock-sell')).toBeEnabled();
    await expect(page.getByTestId('stock-short-note')).toHaveCount(0);
    await context.close();
  }

  // Past the screen, the server refuses the short in the investor's language.
  const refused = await request.post('/api/orders?lang=ja', {
    headers: { token: investor.token, 'idempotency-key': `e2e-short-limit-${Date.now()}` },
    data: { code: CODE, side: 'short', type: 'market', lots: 1, leverage: 1 },
  });
  expect(await refused.json()).toMatchObject({
    code: 0,
    errorCode: 'ORDER_SHORT_NOT_ALLOWED',
    msg: message('ja', 'errors', 'ORDER_SHORT_NOT_ALLOWED'),
  });
});
