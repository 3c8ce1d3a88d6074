import { expect, test, type APIRequestContext } from '@playwright/test';
import { investorWithCash } from '../web/helpers';
import { failRequests, screenshot, sendWithReason } from '../support';
import { seriousAxeViolations } from '../support/a11y';
import { clippedCells } from './clipped-cells';
import { loginByApi, openSignedIn, type BackOfficeLang, type BackOfficeLocale } from './staff-session';

/** The trading section at 1280 px in Japanese and English: every screen, and a halt and resume of Toyota. */
test.use({ viewport: { width: 1280, height: 800 } });
// A login may wait up to 30 s for an authenticator code the server has not seen yet.
test.setTimeout(180_000);

/**
 * An investor of this test (identity verified, with cash) holds a position and a resting order in Toyota, and
 * has closed another position and cancelled another order; the demo investor's balance belongs to other tests.
 */
async function tradeAsNewInvestor(request: APIRequestContext) {
  const investor = await investorWithCash(request, await loginByApi(request), '4000000');
  const headers = (key: string) => ({
    token: investor.token,
    'idempotency-key': `e2e-trading-${key}-${Date.now()}`,
  });
  const quotes = await request.get('/api/market/quotes?codes=7203', { headers: { token: investor.token } });
  const { data } = (await quotes.json()) as { data: { items: { limitDown: string; limitUp: string }[] } };
  const order = { code: '7203', side: 'long', lots: 1, leverage: 1 };
  const ids: string[] = [];
  for (const [key, body] of [
    ['market', { ...order, type: 'market' }],
    ['limit', { ...order, type: 'limit', price: data.items[0]!.limitDown }],
    ['closed', { ...order, type: 'market' }],
    ['cancelled', { ...order, type: 'limit', price: data.items[0]!.limitDown }],
    ['limit-closing', { ...order, type: 'market', lots: 2 }],
    ['partly-closed', { ...order, type: 'market', lots: 2 }],
  ] as const) {
    const placed = await request.post('/api/orders', { headers: headers(key), data: body });
    const answer = (await placed.json()) as { code: number; msg: string; data: { id: string } };
    expect(answer, answer.msg).toMatchObject({ code: 1 });
    ids.push(answer.data.id);
  }
  const [, , closing, cancelling, limitClosing, partlyClosed] = ids;
  for (const done of [
    // A limit close of one of two lots at the day's upper limit rests: the position reads limit-closing until the
    // price gets there.
    await request.post(`/api/positions/${limitClosing}/close`, {
      headers: headers('limit-close'),
      data: { type: 'limit', price: data.items[0]!.limitUp, lots: 1 },
    }),
    // 一部返済 at the market: one lot closes as a position of its own.
    await request.post(`/api/positions/${partlyClosed}/close`, {
      headers: headers('partial-close'),
      data: { type: 'market', lots: 1 },
    }),
    await request.post(`/api/positions/${closing}/close`, {
      headers: headers('close'),
      data: { type: 'market' },
    }),
    await request.delete(`/api/orders/${cancelling}`, { headers: headers('cancel') }),
  ]) {
    const answer = (await done.json()) as { code: number; msg: string };
    expect(answer, answer.msg).toMatchObject({ code: 1 });
  }
  return { ...investor, closeLimit: data.items[0]!.limitUp, partlyClosed: partlyClosed! };
}

const SCREENS = [
  ['instruments', 'instruments-table'],
  ['positions', 'positions-table'],
  ['positions?status=closed', 'positions-table'],
  ['orders', 'orders-table'],
  ['orders?status=filled', 'orders-table'],
  ['orders?status=cancelled', 'orders-table'],
  ['exposure', 'exposure-table'],
] as const;

const TEXT = {
  ja: {
    halted: '売買停止中',
    trading: '取引中',
    haltDialog: '売買を停止しますか',
    resumeDialog: '売買を再開しますか',
    leverages: '1倍 / 2倍 / 3倍',
    closedPositions: '決済済み',
    closedByClient: 'お客様',
    cancelledOrders: '取消・失効',
    cancelledByClient: 'お客様による取消',
  },
  en: {
    halted: 'Halted',
    trading: 'Trading',
    haltDialog: 'Halt trading in',
    resumeDialog: 'Resume trading in',
    leverages: '1x / 2x / 3x',
    closedPositions: 'Closed',
    closedByClient: 'Client',
    cancelledOrders: 'Cancelled or expired',
    cancelledByClient: 'Cancelled by the client',
  },
} as const;

let trader: Awaited<ReturnType<typeof tradeAsNewInvestor>>;
test.beforeAll(async ({ request }) => {
  trader = await tradeAsNewInvestor(request);
});

for (const lang of ['ja', 'en'] as const satisfies readonly BackOfficeLang[]) {
  test(`${lang}: the trading screens show their tables whole, and Toyota is halted and resumed with a reason`, async ({
    page,
    request,
  }) => {
    const session = await loginByApi(request);
    await openSignedIn(page, session, lang, '#/trading/instruments');
    const text = TEXT[lang];
    const problems: string[] = [];
    for (const [tab, testId] of SCREENS) {
      await page.goto(`/backoffice/#/trading/${tab}`);
      for (const problem of await clippedCells(page, testId)) problems.push(`${tab}: ${problem}`);
      for (const violation of await seriousAxeViolations(page)) problems.push(`${tab}: ${violation}`);
    }
    expect(problems, problems.join('\n')).toEqual([]);
    for (const [tab, testId] of [
      ['forced-closes', 'forced-closes-table'],
      ['margin-calls', 'margin-calls-table'],
    ] as const) {
      await page.goto(`/backoffice/#/trading/${tab}`);
      await expect(page.getByTestId(testId)).toBeVisible();
    }
    await page.goto('/backoffice/#/trading/config');
    await expect(page.getByTestId('trading-config')).toContainText(text.leverages);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.goto('/backoffice/#/trading/exposure');
    await expect(page.getByTestId('exposure-table').locator('tr', { hasText: '7203' })).toBeVisible();

    for (const [tab, testId, status, reason] of [
      ['positions', 'positions-table', text.closedPositions, text.closedByClient],
      ['orders', 'orders-table', text.cancelledOrders, text.cancelledByClient],
    ] as const) {
      await page.goto(`/backoffice/#/trading/${tab}`);
      await page.getByTestId('trading-status-filter').click();
      await page.locator('.ant-select-item-option').getByText(status, { exact: true }).click();
      await expect(page).toHaveURL(/status=(closed|cancelled)/);
      await expect(page.getByTestId(testId).locator('tr', { hasText: reason }).first()).toBeVisible();
    }
    await screenshot(page, `bo-${lang}-trading-cancelled-orders`);

    await page.goto('/backoffice/#/trading/instruments?q=7203');
    const row = page.getByTestId('instruments-table').locator('tr', { hasText: '7203' });
    await expect(row.getByTestId('instrument-status')).toHaveText(text.trading);
    await row.getByTestId('halt-7203').click();
    await expect(page.getByTestId('reason-question')).toContainText(text.haltDialog);
    await sendWithReason(page, `e2e halt ${lang}`);
    await expect(row.getByTestId('instrument-status')).toHaveText(text.halted);

    const refused = await request.get('/api/market/instruments?q=7203');
    expect(((await refused.json()) as { data: { items: { halted: boolean }[] } }).data.items[0]!.halted).toBe(
      true,
    );

    await row.getByTestId('resume-7203').click();
    await expect(page.getByTestId('reason-question')).toContainText(text.resumeDialog);
    await sendWithReason(page, `e2e resume ${lang}`);
    await expect(row.getByTestId('instrument-status')).toHaveText(text.trading);
  });
}

test('looking into one client, the tabs that list by client keep the client; the others start unfiltered', async ({
  page,
  request,
}) => {
  await openSignedIn(page, await loginByApi(request), 'ja', `#/trading/positions?userId=${trader.userId}`);
  const tab = (name: string) => page.getByTestId('trading-tabs').getByRole('tab', { name, exact: true });
  // The client's limit close shows with its price.
  const limitRow = page
    .getByTestId('positions-table')
    .locator('tr', { has: page.getByTestId('position-close-limit') });
  await expect(limitRow).toContainText('指値決済中');
  await expect(limitRow.getByTestId('position-close-limit')).toHaveText(
    Number(trader.closeLimit).toLocaleString('en-US', { minimumFractionDigits: 2 }),
  );
  // It closes one of the position's two lots.
  await expect(limitRow.getByTestId('position-close-lots')).toHaveText('1 単元を返済');
  await screenshot(page, 'bo-ja-trading-client-positions');

  await tab('注文').click();
  await expect(page).toHaveURL(new RegExp(`#/trading/orders\\?userId=${trader.userId}$`));
  await expect(page.getByTestId('trading-user-filter').locator('input')).toHaveValue(trader.userId);
  const rows = page.getByTestId('orders-table').locator('tbody tr.ant-table-row');
  // The client's one resting order, and no one else's.
  await expect(rows).toHaveCount(1);
  await tab('強制決済').click();
  await expect(page).toHaveURL(new RegExp(`#/trading/forced-closes\\?userId=${trader.userId}$`));
  await tab('銘柄').click();
  await expect(page).toHaveURL(/#\/trading\/instruments$/);
  // The lot closed by 一部返済 is a closed position of its own, naming the one it came from.
  await page.evaluate((hash) => {
    window.location.hash = hash;
  }, `#/trading/positions?userId=${trader.userId}&status=closed`);
  await expect(page.getByTestId('position-part-of')).toHaveText(`一部返済（建玉 ${trader.partlyClosed}）`);
  await screenshot(page, 'bo-ja-trading-client-closed-positions');
});

test('a failed load of the exposure says so, with a retry, and never that there is nothing', async ({
  page,
  request,
}) => {
  const recover = await failRequests(page, '**/api/staff/trading/exposure*');
  await openSignedIn(page, await loginByApi(request), 'ja', '#/trading/exposure');
  await expect(page.getByTestId('query-error')).toBeVisible();
  await expect(page.getByTestId('exposure-table').locator('.ant-empty')).toHaveCount(0);
  recover();
  await page.getByTestId('query-error').getByRole('button').click();
  await expect(page.getByTestId('exposure-table').locator('tr', { hasText: '7203' })).toBeVisible();
  await expect(page.getByTestId('query-error')).toHaveCount(0);
});

for (const lang of ['zh-CN', 'es', 'fr'] as const satisfies readonly BackOfficeLocale[]) {
  test(`${lang}: the trading screens show their tables whole at 1280 px`, async ({ page, request }) => {
    await openSignedIn(page, await loginByApi(request), lang, '#/trading/instruments');
    const problems: string[] = [];
    for (const [tab, testId] of SCREENS) {
      await page.goto(`/backoffice/#/trading/${tab}`);
      for (const problem of await clippedCells(page, testId)) problems.push(`${tab}: ${problem}`);
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
}
