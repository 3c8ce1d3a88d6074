import { expect, test, type Page, type Response } from '@playwright/test';
import { registerByApi, screenshot } from '../support';
import {
  expectNoHorizontalOverflow,
  input,
  message,
  messageWith,
  openSignedInPhone,
  shownToast,
  useLanguage,
} from './helpers';

/**
 * The market screens as an investor uses them, in Japanese and English at 390x844: search a stock, open it
 * from the results, watch it, switch the chart through every interval, find it again in the search history
 * and on the watchlist, sort the market list; a visitor is asked to log in before watching.
 */

const INTERVALS = ['1m', '5m', '15m', '30m', '45m', '60m', '1d', '1w', '1mo'] as const;

/** The change % of the rows on screen, in order. */
async function percents(page: Page): Promise<number[]> {
  const texts = await page.getByTestId('market-list').getByTestId('quote-percent').allTextContents();
  return texts.map((text) => Number(text.replace('%', '')));
}

/** The next answer of the ranking in this order (the list reads it once per sort action). */
function rankingAnswer(page: Page, sort: string, order: string): Promise<Response> {
  return page.waitForResponse(
    (response) =>
      response.url().includes('/api/market/ranking') &&
      response.url().includes(`sort=${sort}`) &&
      response.url().includes(`order=${order}`),
  );
}

/** The codes and change percents of a ranking answer, in its order. */
async function ranked(response: Response): Promise<{ codes: string[]; percents: number[] }> {
  const items = (
    (await response.json()) as {
      data: { items: { instrument: { code: string }; quote: { changePercent: string } }[] };
    }
  ).data.items;
  return {
    codes: items.map((item) => item.instrument.code),
    percents: items.map((item) => Number(item.quote.changePercent)),
  };
}

async function codes(page: Page): Promise<string[]> {
  const ids = await page
    .getByTestId('market-list')
    .locator('[data-testid^="quote-row-"]')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-testid')!.replace('quote-row-', '')));
  return ids;
}

/**
 * The rows shown at the height of the re-sort button, anywhere across the screen: sampled at its top, middle and
 * bottom edge every 10 px, as a tap there would land.
 */
async function rowsBesideRerank(page: Page): Promise<string[]> {
  const button = (await page.getByTestId('market-rerank').boundingBox())!;
  const width = page.viewportSize()!.width;
  return page.evaluate(
    ({ ys, width }) => {
      const rows = new Set<string>();
      for (const y of ys)
        for (let x = 1; x < width; x += 10) {
          const row = document.elementFromPoint(x, y)?.closest('[data-testid^="quote-row-"]');
          if (row) rows.add(row.getAttribute('data-testid')!);
        }
      return [...rows];
    },
    { ys: [button.y + 1, button.y + button.height / 2, button.y + button.height - 1], width },
  );
}

/** Scrolls the tab's content to `to` (or its end) and waits for the scroll to settle. */
async function scrollMarket(page: Page, to: number | 'end'): Promise<void> {
  await page
    .locator('.kb-tab-content')
    .evaluate((content, to) => (content.scrollTop = to === 'end' ? content.scrollHeight : to), to);
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

for (const lang of ['ja', 'en']) {
  test(`${lang}: search a stock, watch it, chart every interval, sort the market list`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await useLanguage(page, lang);
    const investor = await registerByApi(request);
    await openSignedInPhone(page, investor, '/#/subPackages/search/search');

    // Search by name (kanji in Japanese, English in English) and open the result.
    await expect(page.getByTestId('search-history')).toContainText(message(lang, 'market', 'historyEmpty'));
    // The keyboard is up as the screen opens: no tap on the field first.
    await expect(input(page, 'search-input')).toBeFocused();
    await input(page, 'search-input').fill(lang === 'ja' ? 'トヨタ' : 'toyota');
    const result = page.getByTestId('search-results').getByTestId('quote-row-7203');
    await expect(result).toBeVisible();
    await expect(page.getByTestId('simulated-note')).toBeVisible();
    await screenshot(page, `${lang}-market-search`);
    await result.locator('.kb-quote-open').click();

    // The detail: quote, board, the star.
    await expect(page).toHaveURL(/gupiaoDetail\?code=7203$/);
    await expect(page.getByTestId('detail-name')).toHaveText(lang === 'ja' ? 'トヨタ自動車' : 'Toyota Motor');
    await expect(page.getByTestId('figure-previousClose')).toContainText(
      message(lang, 'market', 'figure.previousClose'),
    );
    await expect(page.getByTestId('board-ask')).toHaveCount(5);
    await expect(page.getByTestId('board-bid')).toHaveCount(5);
    await expect(page.getByTestId('simulated-note')).toBeVisible();
    // When the price last traded, to the second, in the screen's words (2026/11/29 10:15:03時点).
    const asOf = messageWith(lang, 'market', 'lastTradedAt', { time: '__' }).split('__');
    await expect(page.getByTestId('detail-time')).toHaveText(
      new RegExp(`^${asOf[0]}\\d{4}/\\d{2}/\\d{2} \\d{2}:\\d{2}:\\d{2}${asOf[1]}$`),
    );
    const star = page.getByTestId('watch-star-7203');
    await expect(star).toHaveAttribute('aria-pressed', 'false');
    await star.click();
    await expect(star).toHaveAttribute('aria-pressed', 'true');
    // A toast says what the star did, once the server has it.
    expect((await shownToast(page, message(lang, 'market', 'watchAdded'))).text).toBe(
      message(lang, 'market', 'watchAdded'),
    );
    const watchlist = await request.get('/api/watchlist', { headers: { token: investor.token } });
    expect(((await watchlist.json()) as { data: { items: { code: string }[] } }).data.items).toEqual([
      expect.objectContaining({ code: '7203' }),
    ]);

    // Every interval draws its bars on the chart's canvas.
    const chart = page.getByTestId('chart-canvas');
    for (const interval of INTERVALS) {
      await page.getByTestId(`interval-${interval}`).click();
      await expect(page.getByTestId(`interval-${interval}`)).toHaveAttribute('aria-pressed', 'true');
      await expect(chart).toHaveAttribute('data-interval', interval);
      await expect(chart).not.toHaveAttribute('data-bars', '0');
      await expect(chart.locator('canvas').first()).toBeVisible();
    }
    // Until a candle is touched, the line above the chart says how; then it reads the candle's four prices
    // (high the highest, low the lowest) and volume, and the chart below does not move.
    await expect(page.getByTestId('chart-legend-hint')).toHaveText(message(lang, 'market', 'legend.hint'));
    const intervals = page.getByRole('group', { name: message(lang, 'market', 'interval') });
    const chartOffset = async () => (await chart.boundingBox())!.y - (await intervals.boundingBox())!.y;
    const offsetBefore = await chartOffset();
    await chart.hover();
    const legend = page.getByTestId('chart-legend');
    await expect(legend).toBeVisible();
    const figure = async (key: string) =>
      Number((await legend.getByTestId(`chart-legend-${key}`).innerText()).replace(/[^\d.]/g, ''));
    const [open, high, low, close] = await Promise.all(['open', 'high', 'low', 'close'].map(figure));
    expect(high).toBeGreaterThanOrEqual(Math.max(open!, close!, low!));
    expect(low).toBeLessThanOrEqual(Math.min(open!, close!));
    expect(low).toBeGreaterThan(0);
    expect(await figure('volume')).toBeGreaterThan(0);
    expect(await chartOffset()).toBe(offsetBefore);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `${lang}-market-detail`);
    await page.mouse.move(5, 5);
    await expect(page.getByTestId('chart-legend-hint')).toBeVisible();

    // Back on search: the stock is in the history.
    await page.getByTestId('nav-back').click();
    await input(page, 'search-input').fill('');
    await expect(page.getByTestId('search-history')).toContainText('7203');
    // An investor's history is kept by the server, so it follows them to another device.
    const history = await request.get('/api/market/search-history', { headers: { token: investor.token } });
    expect(((await history.json()) as { data: { items: { code: string }[] } }).data.items).toEqual([
      expect.objectContaining({ code: '7203' }),
    ]);
    // Clearing it asks first: kept on 取消, gone on 消去.
    const footer = page.locator('.adm-dialog-footer');
    await page.getByTestId('search-history-clear').click();
    await expect(page.getByRole('dialog')).toContainText(message(lang, 'market', 'clearHistoryQuestion'));
    await footer.getByText(message(lang, 'common', 'cancel'), { exact: true }).click();
    await expect(page.getByTestId('search-history')).toContainText('7203');
    await page.getByTestId('search-history-clear').click();
    await footer.getByText(message(lang, 'market', 'clearHistory'), { exact: true }).click();
    await expect(page.getByTestId('search-history')).toContainText(message(lang, 'market', 'historyEmpty'));
    const cleared = await request.get('/api/market/search-history', { headers: { token: investor.token } });
    expect(((await cleared.json()) as { data: { items: unknown[] } }).data.items).toEqual([]);

    // The market list: the watchlist segment holds the stock; the list sorts by change %, both ways, and by code.
    // Rows keep the order the server ranked them in at the sort action while their quotes update in place, so
    // the order is compared with that ranking, not with the figures on screen a moment later.
    const firstRanking = rankingAnswer(page, 'changePercent', 'desc');
    await page.goto('/#/pages/market/market');
    await expect(page.getByTestId('market-list').locator('[data-testid^="quote-row-"]')).toHaveCount(30);
    const down = await ranked(await firstRanking);
    expect(down.percents).toEqual([...down.percents].sort((a, b) => b - a));
    await expect.poll(() => codes(page)).toEqual(down.codes);
    // Prices move (the simulator trades every second), the rows stay where they are.
    await expect
      .poll(async () => (await percents(page)).some((value, i) => value !== down.percents[i]))
      .toBe(true);
    expect(await codes(page)).toEqual(down.codes);
    // Once a move puts a row past its neighbour, a button offers the current ranking; a tap re-ranks the list.
    const rerank = page.getByTestId('market-rerank');
    await expect(rerank).toBeVisible({ timeout: 30_000 });
    await expect(rerank).toContainText(message(lang, 'market', 'rerank'));
    await screenshot(page, `${lang}-market-rerank`);
    const fresh = rankingAnswer(page, 'changePercent', 'desc');
    await rerank.click();
    const again = await ranked(await fresh);
    await expect.poll(() => codes(page)).toEqual(again.codes);

    await page.getByTestId('market-segment-watchlist').click();
    await expect(page.getByTestId('watchlist').locator('[data-testid^="quote-row-"]')).toHaveCount(1);
    await expect(page.getByTestId('watch-star-7203')).toHaveAttribute('aria-pressed', 'true');
    // Home lists it too, under the market summary, which says once for both that the prices are simulated.
    await page.getByTestId('tab-home').click();
    await expect(page.getByTestId('home-page').getByTestId('quote-row-7203')).toBeVisible();
    await expect(page.getByTestId('market-summary')).toBeVisible();
    await expect(page.getByTestId('simulated-note')).toHaveCount(1);
    await page.getByTestId('tab-market').click();
    await page.getByTestId('market-segment-all').click();

    const ascending = rankingAnswer(page, 'changePercent', 'asc');
    await page.getByTestId('sort-changePercent').click();
    await expect(page.getByTestId('sort-changePercent')).toHaveAttribute('data-order', 'asc');
    const up = await ranked(await ascending);
    expect(up.percents).toEqual([...up.percents].sort((a, b) => a - b));
    await expect.poll(() => codes(page)).toEqual(up.codes);

    await page.getByTestId('sort-code').click();
    await expect(page.getByTestId('sort-code')).toHaveAttribute('data-order', 'asc');
    const lowest = await request.get('/api/market/ranking?sort=code&order=asc&pageSize=1');
    const [first] = ((await lowest.json()) as { data: { items: { instrument: { code: string } }[] } }).data
      .items;
    await expect.poll(async () => (await codes(page))[0]).toBe(first!.instrument.code);
    const byCode = await codes(page);
    expect(byCode).toEqual([...byCode].sort());

    await page.getByTestId('sort-volume').click();
    await expect(page.getByTestId('sort-volume')).toHaveAttribute('data-order', 'desc');
    await expect(page.getByTestId('market-list').locator('.kb-quote-detail').first()).toContainText(
      message(lang, 'market', 'volumeShort').replace(/\s*\{\{value\}\}.*/, ''),
    );

    // More rows load on scrolling to the end of the list.
    await expect(page.getByTestId('market-list')).toHaveAttribute('aria-busy', 'false');
    await page.locator('.kb-tab-content').evaluate((main) => main.scrollTo(0, main.scrollHeight));
    await expect(page.getByTestId('market-list').locator('[data-testid^="quote-row-"]')).toHaveCount(60);
    await page.locator('.kb-tab-content').evaluate((main) => main.scrollTo(0, 0));
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `${lang}-market-list`);
  });

  test(`${lang}: a visitor sees prices and is asked to log in to watch a stock`, async ({ page }) => {
    await useLanguage(page, lang);
    await page.goto('/#/pages/market/market');
    await expect(page.getByTestId('market-list')).toBeVisible();
    await page.getByTestId('market-list').locator('.kb-star').first().click();
    await expect(page.getByText(message(lang, 'market', 'loginToWatch'))).toBeVisible();
    await page
      .getByRole('button', { name: message(lang, 'web', 'user.login') })
      .last()
      .click();
    await expect(page.getByTestId('login-page')).toBeVisible();

    await page.goto('/#/pages/index/index');
    await expect(page.getByTestId('market-summary')).toBeVisible();
    await expect(page.getByTestId('watchlist-guest')).toBeVisible();

    // Home's movers read in the order their label says, by the changes shown (live prices included).
    for (const movers of ['gainers', 'losers'] as const) {
      await page.getByTestId(`movers-${movers}`).click();
      const percents = page.getByTestId(`movers-list-${movers}`).getByTestId('quote-percent');
      await expect(percents.first()).toBeVisible();
      // Read again until a read is in order: the rows are redrawn as live prices arrive.
      await expect
        .poll(async () => {
          const shown = (await percents.allTextContents()).map((text) => Number(text.replace('%', '')));
          const ranked = [...shown].sort((a, b) => (movers === 'gainers' ? b - a : a - b));
          return shown.every((percent, index) => percent === ranked[index]) ? 'ranked' : shown.join(' ');
        })
        .toBe('ranked');
    }
  });

  test(`${lang}: the re-sort button covers no row, in the middle of the list or at its end`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await useLanguage(page, lang);
    await page.goto('/#/pages/market/market');
    const rows = page.getByTestId('market-list').locator('[data-testid^="quote-row-"]');
    await expect(rows).toHaveCount(30);
    const rerank = page.getByTestId('market-rerank');
    await expect(rerank).toBeVisible({ timeout: 30_000 });
    // Mid-list, rows pass under the bottom of the screen: none shows beside or around the button, half hidden.
    await scrollMarket(page, 400);
    expect(await rowsBesideRerank(page)).toEqual([]);
    await screenshot(page, `${lang}-market-rerank-mid`);
    // At the end of the whole list (more rows load on the way), the last row and its star are above the button.
    const end = page.locator('.kb-list-end');
    await expect
      .poll(async () => {
        await scrollMarket(page, 'end');
        return end.textContent();
      })
      .toBe(message(lang, 'market', 'listEnd'));
    await scrollMarket(page, 'end');
    await expect(rerank).toBeInViewport();
    const button = (await rerank.boundingBox())!;
    const lastRow = (await rows.last().boundingBox())!;
    expect(lastRow.y + lastRow.height).toBeLessThanOrEqual(button.y);
    expect(await rowsBesideRerank(page)).toEqual([]);
    await rows.last().getByRole('button').last().click({ trial: true });
    await screenshot(page, `${lang}-market-rerank-end`);
    const loaded = await rows.count();
    expect(loaded).toBeGreaterThan(30);
    const scrollTop = () => page.locator('.kb-tab-content').evaluate((content) => content.scrollTop);
    const rankingReads: URL[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/market/ranking') rankingReads.push(url);
    });
    // A re-sort that cannot be read says so in the reader's language, and the list stays as it was.
    await page.route('**/api/market/ranking*', (route) => route.abort('connectionrefused'), { times: 1 });
    const scrolledTo = await scrollTop();
    // Every toast shown from here on, recorded as it appears (a toast is gone after 2 s): the failure once.
    const toasts = await page.evaluateHandle(() => {
      const seen: string[] = [];
      // A toast shown over another may reuse its element: each element's text is counted when it changes.
      const shown = new WeakMap<Element, string>();
      new MutationObserver(() => {
        const toast = document.querySelector('.adm-toast-main');
        if (toast?.textContent && shown.get(toast) !== toast.textContent) {
          shown.set(toast, toast.textContent);
          seen.push(toast.textContent);
        }
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
      return seen;
    });
    await rerank.click();
    await expect.poll(() => toasts.jsonValue()).toEqual([message(lang, 'errors', 'NETWORK')]);
    await page.waitForTimeout(1_000);
    expect(await toasts.jsonValue()).toEqual([message(lang, 'errors', 'NETWORK')]);
    await expect(rows).toHaveCount(loaded);
    expect(await scrollTop()).toBe(scrolledTo);
    // Tapped again, only the ranking's first page is read afresh (a new order, no snapshot of the old one), and
    // the list shows it from its first row; the next pages load on scrolling again.
    rankingReads.length = 0;
    const reread = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/market/ranking' && response.ok(),
    );
    await rerank.click();
    await reread;
    await expect.poll(scrollTop).toBe(0);
    await expect(rows.first()).toBeInViewport();
    await expect(rows).toHaveCount(30);
    expect(
      rankingReads.map((url) => [url.searchParams.get('page'), url.searchParams.get('snapshot')]),
    ).toEqual([['1', null]]);
    await scrollMarket(page, 'end');
    await expect(rows).toHaveCount(60);
  });

  test(`${lang}: while the live connection is down, the stock page says from when its prices are`, async ({
    page,
  }) => {
    // Every WebSocket to the server is closed as it opens: the app falls back to slow polling.
    await page.routeWebSocket(/\/api\/ws/, (socket) => socket.close());
    await useLanguage(page, lang);
    await page.goto('/#/subPackages/index/gupiaoDetail/gupiaoDetail?code=7203');
    await expect(page.getByTestId('quote-header')).toBeVisible();
    const notice = page.getByTestId('live-down');
    await expect(notice).toBeVisible();
    const [before, after] = message(lang, 'market', 'liveDown').split('{{time}}');
    await expect(notice).toContainText(before!);
    await expect(notice).toContainText(after!);
    await expect(notice).toContainText(/\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}/);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `${lang}-market-detail-live-down`);
  });
}

test('the colour setting turns rises green and falls red, and back', async ({ page, request }) => {
  const investor = await registerByApi(request);
  await openSignedInPhone(page, investor, '/#/subPackages/seting/seting');
  const rise = () =>
    page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--kb-rise').trim());
  await expect(page.getByTestId('price-colours-japanese')).toHaveAttribute('aria-current', 'true');
  expect(await rise()).toBe('#d9363e');
  await page.getByTestId('price-colours-western').click();
  await expect(page.getByTestId('price-colours-western')).toHaveAttribute('aria-current', 'true');
  expect(await rise()).toBe('#0f7f3f');
  await page.reload();
  await expect(page.getByTestId('price-colours-western')).toHaveAttribute('aria-current', 'true');
  expect(await rise()).toBe('#0f7f3f');
  await page.getByTestId('price-colours-japanese').click();
  expect(await rise()).toBe('#d9363e');
});

test('on a tall screen the market list reads its next page only once scrolled, not while its first rows are drawn', async ({
  page,
}) => {
  // The first page's rows are drawn a screenful first; with only those drawn, the list's end is within the
  // infinite scroll's reach on a screen this tall.
  await page.setViewportSize({ width: 430, height: 1200 });
  const pages: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/market/ranking') pages.push(url.searchParams.get('page') ?? '1');
  });
  await page.goto('/#/pages/market/market');
  const rows = page.getByTestId('market-list').locator('[data-testid^="quote-row-"]');
  await expect(rows).toHaveCount(30);
  await page.waitForTimeout(1_500);
  expect(pages).toEqual(['1']);
  await scrollMarket(page, 'end');
  await expect(rows).toHaveCount(60);
  expect(pages.slice(0, 2)).toEqual(['1', '2']);
});

test("going from one stock's page to another's never draws the first stock's bars on the second's chart", async ({
  page,
}) => {
  const detail = (code: string) => `#/subPackages/index/gupiaoDetail/gupiaoDetail?code=${code}`;
  const chart = page.getByTestId('chart-canvas');
  const headerCode = page.locator('.kb-quote-header-code');
  // Both stocks read once, so the second opens at once from what is cached, as on going back or forward.
  await page.goto(`/${detail('9983')}`);
  await expect(chart).toHaveAttribute('data-code', '9983');
  await page.evaluate((hash) => (window.location.hash = hash), detail('7203'));
  await expect(chart).toHaveAttribute('data-code', '7203');
  await page.getByTestId('interval-5m').click();
  await expect(chart).toHaveAttribute('data-interval', '5m');
  // The second stock's bars held back: its page is up while its chart waits for them.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/market/bars/9983*', async (route) => {
    await held;
    await route.continue();
  });
  await page.evaluate((hash) => (window.location.hash = hash), detail('9983'));
  await expect(headerCode).toContainText('9983');
  await page.waitForTimeout(500);
  // Read once, not waited on: given time, the held request fails and takes the first stock's bars with it.
  expect(await chart.getAttribute('data-code')).not.toBe('7203');
  release();
  await expect(chart).toHaveAttribute('data-code', '9983');
  await page.goBack();
  await expect(headerCode).toContainText('7203');
  await expect(chart).toHaveAttribute('data-code', '7203');
});

test('the chart shows a spinner while its bars load, over the last interval while the next one loads', async ({
  page,
}) => {
  const chart = page.getByTestId('chart-canvas');
  const waiting = page.getByTestId('price-chart').getByRole('status');
  let release = () => {};
  const held = () => new Promise<void>((resolve) => (release = resolve));
  let hold = held();
  await page.route('**/api/market/bars/7203*', async (route) => {
    await hold;
    await route.continue();
  });
  await page.goto('/#/subPackages/index/gupiaoDetail/gupiaoDetail?code=7203');
  await expect(page.locator('.kb-quote-header-code')).toContainText('7203');
  // Drawn over the chart, not hidden under the library's canvases.
  await expect(waiting).toBeVisible();
  const box = (await chart.boundingBox())!;
  const spinner = (await waiting.boundingBox())!;
  expect(spinner.y).toBeGreaterThan(box.y);
  expect(spinner.y + spinner.height).toBeLessThan(box.y + box.height);
  // Hit-testing follows the order things are painted in; the spinner lets touches through, so for this look only
  // it takes them.
  const covering = await waiting.evaluate((element) => {
    const layer = element.closest<HTMLElement>('.kb-chart-over')!;
    layer.style.pointerEvents = 'auto';
    const { x, y, width, height } = element.getBoundingClientRect();
    const top = document.elementFromPoint(x + width / 2, y + height / 2);
    layer.style.pointerEvents = '';
    return top === element;
  });
  expect(covering).toBe(true);
  release();
  await expect(chart).toHaveAttribute('data-interval', '1d');
  await expect(waiting).toHaveCount(0);
  await expect(chart).toHaveCSS('opacity', '1');
  // Another interval: the daily candles stay, dimmed under the spinner, until the 5-minute bars come.
  hold = held();
  await page.getByTestId('interval-5m').click();
  await expect(waiting).toBeVisible();
  await expect(chart).toHaveAttribute('data-interval', '1d');
  await expect(chart).toHaveCSS('opacity', '0.3');
  release();
  await expect(chart).toHaveAttribute('data-interval', '5m');
  await expect(waiting).toHaveCount(0);
  await expect(chart).toHaveCSS('opacity', '1');
  // An interval whose bars cannot be read says so over the chart, the last interval's candles dimmed under it,
  // and its retry draws them.
  await page.route('**/api/market/bars/7203?interval=1w*', (route) => route.abort('connectionreset'));
  // Every toast shown from here on: none should be, the chart saying the failure itself.
  const toasts = await page.evaluateHandle(() => {
    const seen: string[] = [];
    new MutationObserver(() => {
      const toast = document.querySelector('.adm-toast-main');
      if (toast) seen.push(toast.textContent ?? '');
    }).observe(document.body, { childList: true, subtree: true });
    return seen;
  });
  await page.getByTestId('interval-1w').click();
  const failed = page.getByTestId('price-chart').getByTestId('load-error');
  await expect(failed).toBeVisible();
  await expect(chart).toHaveCSS('opacity', '0.3');
  // Said there once, not again in a toast over the screen (the shell's came within a second of the failure before).
  await page.waitForTimeout(1_000);
  expect(await toasts.jsonValue()).toEqual([]);
  const over = (await failed.boundingBox())!;
  expect(over.y).toBeGreaterThan(box.y);
  expect(over.y + over.height).toBeLessThan(box.y + box.height);
  await page.unroute('**/api/market/bars/7203?interval=1w*');
  await failed.getByRole('button').click();
  await expect(chart).toHaveAttribute('data-interval', '1w');
  await expect(failed).toHaveCount(0);
  await expect(chart).toHaveCSS('opacity', '1');
});
