import { expect, test, type APIRequestContext, type Page, type Request } from '@playwright/test';
import { screenshot, userApi } from '../support';
import { seriousAxeViolations, smallTapTargets } from '../support/a11y';
import { loginByApi } from '../backoffice/staff-session';
import {
  expectNoHorizontalOverflow,
  input,
  investorWithCash,
  message,
  messageWith,
  openSignedInPhone,
  useLanguage,
  waitUntilSettled,
  placeOrderByApi,
} from './helpers';

/**
 * 一部返済 (partial close) against the real trading module (the suite's clock is always open): a 3-lot long of which
 * one lot is closed at the market, the rest held under the same 建玉番号 and the closed lot listed as a part of it in
 * 決済済み建玉 and 注文履歴; then a one-lot limit close that rests, shown as covering 100 of the 200 shares held on
 * the position's row, in its 建玉照会 and in 注文中, withdrawn again; and a 返済数量 above the shares held, refused on
 * its field. Screenshots at 390x844 in Japanese and English.
 */

test.setTimeout(180_000);

const CODE = '7203';
const TRADE = '/#/pages/jiaoyi/jiaoyi';

interface PositionView {
  id: string;
  status: string;
  lots: number;
  closeLots: number | null;
  partOf: string | null;
  openFee: string;
  entryPrice: string;
}
interface Page_<T> {
  items: T[];
  nextCursor: string | null;
}

/** "300株（3単元）" / "300 shares (3 lots)", as quantityText writes it. */
const quantity = (lang: string, lots: number) =>
  messageWith(lang, 'trade', lots === 1 ? 'quantity_one' : 'quantity_other', {
    shares: (lots * 100).toLocaleString('en-US'),
    lots: String(lots),
  });

/** "¥1,234.50" or "-¥12.00" as sen. */
function sen(text: string): bigint {
  const match = /(-?)¥?([\d,]+)\.(\d{2})/.exec(text);
  if (!match) throw new Error(`not an amount: ${text}`);
  const value = BigInt(match[2]!.replace(/,/g, '')) * 100n + BigInt(match[3]!);
  return match[1] ? -value : value;
}

async function problemsOn(page: Page, screen: string): Promise<string[]> {
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0, { timeout: 5_000 });
  const problems = (await seriousAxeViolations(page)).map((violation) => `${screen}: axe ${violation}`);
  for (const target of await smallTapTargets(page))
    problems.push(`${screen}: tap target ${target.what} is ${target.width}x${target.height}`);
  return problems;
}

/** A Japanese screen says nothing in English: no run of Latin letters (codes and amounts are digits). */
async function expectNoEnglish(lang: string, text: string): Promise<void> {
  if (lang === 'ja') expect(text.match(/[A-Za-z]{2,}/g) ?? []).toEqual([]);
}

/** A new investor with 3,000,000 yen holding 3 lots of Toyota, long at 1x, bought through the API. */
async function investorWithThreeLots(request: APIRequestContext) {
  const investor = await investorWithCash(request, await loginByApi(request), '3000000');
  await placeOrderByApi(request, investor.token, { lots: 3 });
  const [opened] = (await userApi<Page_<PositionView>>(request, investor.token, '/api/positions?status=open'))
    .items;
  expect(opened).toMatchObject({ lots: 3, status: 'holding' });
  return { investor, opened: opened! };
}

const posted = (path: RegExp) => (sent: Request) =>
  sent.method() === 'POST' && path.test(new URL(sent.url()).pathname);

for (const lang of ['ja', 'en']) {
  test(`一部返済: one of three lots closed at the market, then a one-lot limit close rests and is withdrawn (${lang})`, async ({
    page,
    request,
  }) => {
    await useLanguage(page, lang);
    const { investor, opened } = await investorWithThreeLots(request);
    const number = messageWith(lang, 'trade', 'positionNumber', { id: opened!.id });

    await openSignedInPhone(page, investor, TRADE);
    const row = page.getByTestId('position-row');
    await expect(row).toContainText(quantity(lang, 3));
    await row.click();
    const detail = page.getByTestId('position-detail');
    // 建株数 while held.
    await expect(
      detail.getByTestId('position-figures-lots').locator('xpath=preceding-sibling::dt[1]'),
    ).toHaveText(message(lang, 'trade', 'positionLots'));
    await detail.getByTestId('position-close').click();

    // 返済数量 starts at every share held: 全数量 and + have nothing to add. Above it, what is being closed: the
    // shares, 建単価 and 評価損益, as 建玉照会 shows them.
    await expect(detail.getByTestId('close-figures-lots')).toHaveText(quantity(lang, 3));
    await expect(detail.getByTestId('close-figures-entry')).toHaveText(
      messageWith(lang, 'trade', 'priceYen', {
        price: Number(opened!.entryPrice).toLocaleString('en-US', { maximumFractionDigits: 2 }),
      }),
    );
    await expect(detail.getByTestId('close-figures-pnl')).toHaveText(/^([+-]¥[\d,]+\.\d{2}|¥0\.00)/);
    await expect(input(page, 'close-quantity')).toHaveValue('300');
    await expect(detail.getByTestId('close-quantity-all')).toBeDisabled();
    await expect(detail.getByTestId('close-quantity-up')).toBeDisabled();
    await expect(detail.getByTestId('close-partial-note')).toHaveCount(0);

    // More shares than held: said under the field once left, and again on review, with nothing sent.
    const previews: string[] = [];
    page.on('request', (sent) => {
      if (/\/close\/preview$/.test(new URL(sent.url()).pathname)) previews.push(sent.url());
    });
    await input(page, 'close-quantity').fill('400');
    await input(page, 'close-quantity').blur();
    const aboveHeld = message(lang, 'errors', 'CLOSE_LOTS_ABOVE_POSITION');
    await expect(detail.getByTestId('close-quantity-error')).toHaveText(aboveHeld);
    await detail.getByTestId('close-review').click();
    await expect(detail.getByTestId('close-quantity-error')).toHaveText(aboveHeld);
    // Not whole 100-share units: the engine's words.
    await input(page, 'close-quantity').fill('150');
    await detail.getByTestId('close-review').click();
    await expect(detail.getByTestId('close-quantity-error')).toHaveText(
      message(lang, 'errors', 'ORDER_LOTS_INVALID'),
    );
    expect(previews).toEqual([]);
    // − and + step from what was typed: 150 shares go to the unit on that side.
    await detail.getByTestId('close-quantity-down').click();
    await expect(input(page, 'close-quantity')).toHaveValue('100');
    await input(page, 'close-quantity').fill('150');
    await detail.getByTestId('close-quantity-up').click();
    await expect(input(page, 'close-quantity')).toHaveValue('200');
    await input(page, 'close-quantity').fill('400');
    await input(page, 'close-quantity').blur();
    await expect(detail.getByTestId('close-quantity-error')).toHaveText(aboveHeld);
    await waitUntilSettled(detail);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `partial-close-error-${lang}`);
    // 全数量 puts every share back; − steps down a lot at a time.
    await detail.getByTestId('close-quantity-all').click();
    await expect(input(page, 'close-quantity')).toHaveValue('300');
    await expect(detail.getByTestId('close-quantity-error')).toHaveCount(0);
    await detail.getByTestId('close-quantity-down').click();
    await detail.getByTestId('close-quantity-down').click();
    await expect(input(page, 'close-quantity')).toHaveValue('100');
    await expect(detail.getByTestId('close-quantity-down')).toBeDisabled();
    await expect(detail.getByTestId('close-shares')).toHaveText(quantity(lang, 1));
    await expect(detail.getByTestId('close-partial-note')).toHaveText(
      message(lang, 'trade', 'partialCloseNote'),
    );
    await waitUntilSettled(detail);
    expect(await problemsOn(page, 'partial-close-form')).toEqual([]);
    await expectNoHorizontalOverflow(page);
    await expectNoEnglish(lang, await detail.innerText());
    await screenshot(page, `partial-close-form-${lang}`);

    // The confirmation: the shares closed and those left held, figures the server worked out for one lot.
    const previewCall = page.waitForRequest(posted(/^\/api\/positions\/\d+\/close\/preview$/));
    await detail.getByTestId('close-review').click();
    expect((await previewCall).postDataJSON()).toMatchObject({ type: 'market', lots: 1 });
    const confirm = page.getByRole('dialog', { name: message(lang, 'trade', 'closeConfirmTitle') });
    await expect(confirm.getByTestId('close-confirm-lots')).toHaveText(quantity(lang, 1));
    await expect(confirm.getByTestId('close-confirm-remaining')).toHaveText(quantity(lang, 2));
    await expect(confirm.getByTestId('close-confirm')).toContainText(quantity(lang, 1));
    const figure = async (id: string) => sen(await confirm.getByTestId(`close-confirm-${id}`).innerText());
    // They add up: the net is the P&L on the price less the closed lot's opening fee and the closing fee.
    expect(await figure('net')).toBe(
      (await figure('realised')) - (await figure('open-fee')) - (await figure('fee')),
    );
    expect(await figure('open-fee')).toBeLessThan(sen(opened!.openFee));
    await waitUntilSettled(confirm);
    await expectNoEnglish(lang, await confirm.innerText());
    await screenshot(page, `partial-close-confirm-${lang}`);
    const sendCall = page.waitForRequest(posted(/^\/api\/positions\/\d+\/close$/));
    await confirm.getByTestId('close-send').click();
    expect((await sendCall).postDataJSON()).toMatchObject({ type: 'market', lots: 1 });
    await expect(
      page.getByText(messageWith(lang, 'trade', 'partialCloseDone', { quantity: quantity(lang, 1) })),
    ).toBeVisible();
    // The sheet stays on the position, held with the rest.
    await expect(detail.getByTestId('position-figures-status')).toHaveText(
      message(lang, 'trade', 'positionStatus.holding'),
    );
    await expect(detail.getByTestId('position-figures-lots')).toHaveText(quantity(lang, 2));
    await expect(detail.getByTestId('position-figures-number')).toHaveText(opened!.id);
    await detail.getByTestId('position-detail-close').click();

    // 建玉: the same number, 200 shares.
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('position-row-number')).toHaveText(number);
    await expect(row).toContainText(quantity(lang, 2));
    await expect(row.getByTestId('position-row-close-lots')).toHaveCount(0);

    // 決済済み建玉: the closed lot, 100 shares, tagged 一部返済 under the number the investor knows.
    await page.getByRole('tab', { name: message(lang, 'trade', 'tabs.history') }).click();
    const closedRow = page.getByTestId('closed-position-row');
    await expect(closedRow).toHaveCount(1);
    await expect(closedRow).toContainText(quantity(lang, 1));
    await expect(closedRow.getByTestId('part-tag')).toHaveText(message(lang, 'trade', 'partTag'));
    await expect(closedRow.getByTestId('closed-position-number')).toHaveText(number);
    const [part] = (
      await userApi<Page_<PositionView>>(request, investor.token, '/api/positions?status=closed')
    ).items;
    expect(part).toMatchObject({ lots: 1, status: 'closed', partOf: opened!.id });
    expect(part!.id).not.toBe(opened!.id);
    expect(await problemsOn(page, 'partial-close-closed-list')).toEqual([]);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `partial-close-closed-list-${lang}`);
    // Its 建玉照会: its own shares, the number it came from.
    await closedRow.click();
    await expect(detail.getByTestId('position-figures-lots')).toHaveText(quantity(lang, 1));
    await expect(detail.getByTestId('position-figures-number')).toContainText(opened!.id);
    await expect(detail.getByTestId('position-figures-number').getByTestId('part-tag')).toHaveText(
      message(lang, 'trade', 'partTag'),
    );
    await waitUntilSettled(detail);
    await expectNoEnglish(lang, await detail.innerText());
    await screenshot(page, `partial-close-part-detail-${lang}`);
    await detail.getByTestId('position-detail-close').click();
    // 注文履歴: its close line, tagged and numbered the same way.
    await page.getByTestId('trade-history-kind-orders').click();
    const closeRow = page.getByTestId('close-row');
    await expect(closeRow).toHaveCount(1);
    await expect(closeRow).toContainText(quantity(lang, 1));
    await expect(closeRow.getByTestId('part-tag')).toHaveText(message(lang, 'trade', 'partTag'));
    await expect(closeRow).toContainText(number);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `partial-close-order-history-${lang}`);

    // A one-lot limit close at the day's upper limit rests: a long sold there does not fill.
    const quote = (
      (await (await page.request.get(`/api/market/quotes?codes=${CODE}`)).json()) as {
        data: { items: { limitUp: string }[] };
      }
    ).data.items[0]!;
    await page.getByRole('tab', { name: message(lang, 'trade', 'tabs.positions') }).click();
    await row.click();
    await detail.getByTestId('position-close').click();
    await expect(input(page, 'close-quantity')).toHaveValue('200');
    await detail.getByTestId('close-quantity-down').click();
    await detail.getByTestId('close-type-limit').click();
    await input(page, 'close-price').fill(String(Number(quote.limitUp)));
    await detail.getByTestId('close-review').click();
    const limitConfirm = page.getByRole('dialog', { name: message(lang, 'trade', 'closeConfirmTitle') });
    await expect(limitConfirm.getByTestId('close-confirm-lots')).toHaveText(quantity(lang, 1));
    await expect(limitConfirm.getByTestId('close-confirm-remaining')).toHaveText(quantity(lang, 1));
    await waitUntilSettled(limitConfirm);
    await screenshot(page, `partial-close-limit-confirm-${lang}`);
    await limitConfirm.getByTestId('close-send').click();
    await expect(detail.getByTestId('position-figures-status')).toHaveText(
      message(lang, 'trade', 'positionStatus.limit-closing'),
    );
    // 建玉照会: 建株数 200, of which the close covers 100.
    await expect(detail.getByTestId('position-figures-lots')).toHaveText(quantity(lang, 2));
    await expect(detail.getByTestId('position-figures-close-lots')).toHaveText(quantity(lang, 1));
    // One close at a time: how to close the 100 shares it leaves.
    await expect(detail.getByTestId('position-partial-rest-note')).toHaveText(
      messageWith(lang, 'trade', 'partialCloseRestNote', { quantity: quantity(lang, 1) }),
    );
    await expect(page.locator('.adm-toast-mask')).toHaveCount(0);
    await waitUntilSettled(detail);
    expect(await problemsOn(page, 'partial-close-limit-detail')).toEqual([]);
    await expectNoEnglish(lang, await detail.innerText());
    await screenshot(page, `partial-close-limit-detail-${lang}`);
    const [resting] = (
      await userApi<Page_<PositionView>>(request, investor.token, '/api/positions?status=open')
    ).items;
    expect(resting).toMatchObject({ id: opened!.id, status: 'limit-closing', lots: 2, closeLots: 1 });
    // Its 訂正 starts from the close's own shares.
    await detail.getByTestId('position-close-change').click();
    await expect(input(page, 'close-quantity')).toHaveValue('100');
    // 訂正前: the close as it rests, its shares first.
    await expect(detail.getByTestId('close-figures-current-close')).toContainText(quantity(lang, 1));
    await detail.getByTestId('position-detail-close').click();

    // The row says it: 200 shares held, a closing order for 100.
    await expect(row).toContainText(quantity(lang, 2));
    await expect(row.getByTestId('position-row-close-lots')).toHaveText(
      `${message(lang, 'trade', 'closeOrderLots')} ${quantity(lang, 1)}`,
    );
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `partial-close-limit-row-${lang}`);
    // 注文中: the close's 100 shares, beside the 200 held.
    await page.getByRole('tab', { name: message(lang, 'trade', 'tabs.orders') }).click();
    const waiting = page.getByTestId('waiting-close-row');
    await expect(waiting).toHaveCount(1);
    await expect(waiting).toContainText(quantity(lang, 1));
    await expect(waiting.getByTestId('waiting-close-held')).toHaveText(
      messageWith(lang, 'trade', 'heldOf', { quantity: quantity(lang, 2) }),
    );
    await expect(waiting).toContainText(number);
    expect(await problemsOn(page, 'partial-close-waiting')).toEqual([]);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `partial-close-waiting-${lang}`);

    // 取消: the whole position is held again, 200 shares, no close waiting.
    await waiting.click();
    await detail.getByTestId('position-close-cancel').click();
    const cancelConfirm = page.getByRole('dialog', { name: message(lang, 'trade', 'closeCancelTitle') });
    await expect(cancelConfirm.getByTestId('close-cancel-figures-lots')).toHaveText(quantity(lang, 1));
    await waitUntilSettled(cancelConfirm);
    await screenshot(page, `partial-close-cancel-confirm-${lang}`);
    await cancelConfirm.getByRole('button', { name: message(lang, 'trade', 'cancelSend') }).click();
    await expect(detail.getByTestId('position-figures-status')).toHaveText(
      message(lang, 'trade', 'positionStatus.holding'),
    );
    await expect(detail.getByTestId('position-figures-lots')).toHaveText(quantity(lang, 2));
    await expect(detail.getByTestId('position-figures-close-lots')).toHaveCount(0);
    await detail.getByTestId('position-detail-close').click();
    await expect(page.getByTestId('waiting-close-row')).toHaveCount(0);
    await page.getByRole('tab', { name: message(lang, 'trade', 'tabs.positions') }).click();
    await expect(row.getByTestId('position-row-number')).toHaveText(number);
    await expect(row).toContainText(quantity(lang, 2));
    await expect(row.getByTestId('position-row-close-lots')).toHaveCount(0);
    const [held] = (await userApi<Page_<PositionView>>(request, investor.token, '/api/positions?status=open'))
      .items;
    expect(held).toMatchObject({ id: opened!.id, status: 'holding', lots: 2, closeLots: null });
  });
}

for (const lang of ['ja', 'en']) {
  test(`一部返済's message and statement line name the position and what it still holds; a waiting one a forced close withdrew is in 注文履歴 (${lang})`, async ({
    page,
    request,
  }) => {
    await useLanguage(page, lang);
    const { investor, opened } = await investorWithThreeLots(request);
    await userApi(request, investor.token, `/api/positions/${opened!.id}/close`, { type: 'market', lots: 1 });

    // 決済のお知らせ: 一部返済, and the 200 shares the position still holds.
    await openSignedInPhone(page, investor, '/#/subPackages/message/message');
    const item = page
      .getByTestId('message-item')
      .filter({ hasText: message(lang, 'messages', 'position_closed.title') });
    await expect(item).toHaveCount(1);
    await item.click();
    const sentence = /[^。.{}]*\{\{remainingShares\}\}[^。.{}]*/.exec(
      message(lang, 'messages', 'position_closed.bodyPartial'),
    )![0];
    await expect(item).toContainText(sentence.replace('{{remainingShares}}', '200').trim());
    await waitUntilSettled(page.getByTestId('message-list'));
    await expectNoEnglish(lang, await item.innerText());
    await screenshot(page, `partial-close-message-${lang}`);

    // 取引履歴: the closed lots' line names the position the investor knows, not the lots' own record.
    await page.goto('/#/subPackages/transactionLog/transactionLog');
    const partLine = page
      .getByTestId('ledger-entry')
      .filter({ hasText: message(lang, 'common', 'entryKinds.position_close') });
    await expect(partLine).toHaveCount(1);
    await expect(partLine.getByTestId('ledger-reference')).toHaveText(
      messageWith(lang, 'trade', 'statement.positionPart', { value: opened!.id }),
    );
    await waitUntilSettled(page.getByTestId('ledger-list'));
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `partial-close-ledger-${lang}`);
    // Its 詳細: the amount by what moved it, the lot's margin back (+) and the closing fee (-), adding up.
    await partLine.getByTestId('ledger-detail-open').click();
    const ledgerDetail = page.getByTestId('ledger-detail');
    const amountOf = async (id: string) =>
      (await ledgerDetail.getByTestId(`ledger-detail-${id}`).count()) === 0
        ? 0
        : Number((await ledgerDetail.getByTestId(`ledger-detail-${id}`).innerText()).replace(/[^\d.-]/g, ''));
    await expect(ledgerDetail.getByTestId('ledger-detail-breakdown-margin')).toHaveText(/^\+[\d,]+\.\d{2}$/);
    await expect(ledgerDetail.getByTestId('ledger-detail-breakdown-fee')).toHaveText(/^-[\d,]+\.\d{2}$/);
    const parts = await Promise.all(
      ['margin', 'pnl', 'fee', 'interest', 'debt'].map((part) => amountOf(`breakdown-${part}`)),
    );
    expect(parts.reduce((sum, part) => sum + part, 0)).toBeCloseTo(await amountOf('amount'), 2);
    await waitUntilSettled(ledgerDetail);
    await expectNoEnglish(lang, await ledgerDetail.innerText());
    await screenshot(page, `partial-close-ledger-detail-${lang}`);
    await ledgerDetail.getByTestId('ledger-detail-close').click();

    // A market 一部返済 that waited for the auction and was withdrawn by a forced close of the whole position (the
    // trading module's tests reach that state; here how the app shows it): 成行, no limit nor 期間, and why.
    const position = await userApi<PositionView>(request, investor.token, `/api/positions/${opened!.id}`);
    const placedAt = new Date(Date.now() - 60_000).toISOString();
    const withdrawnLine = {
      kind: 'withdrawn-close',
      at: placedAt,
      close: {
        id: '1',
        positionId: opened!.id,
        price: null,
        validity: null,
        validUntil: null,
        requestedAt: placedAt,
        withdrawnAt: new Date().toISOString(),
        reason: 'forced',
        lots: 1,
      },
      position,
    };
    await page.route(
      (url) => url.pathname === '/api/trading/history',
      async (route) => {
        const answer = (await (await route.fetch()).json()) as { data: { items: unknown[] } };
        answer.data.items.unshift(withdrawnLine);
        await route.fulfill({ json: answer });
      },
    );
    await page.goto(TRADE);
    await page.getByRole('tab', { name: message(lang, 'trade', 'tabs.history') }).click();
    await page.getByTestId('trade-history-kind-orders').click();
    const withdrawn = page.getByTestId('withdrawn-close-row');
    await expect(withdrawn).toHaveCount(1);
    await expect(withdrawn).toContainText(message(lang, 'trade', 'type.market'));
    await expect(withdrawn).toContainText(quantity(lang, 1));
    await expect(withdrawn.getByTestId('withdrawn-close-status')).toHaveText(
      message(lang, 'trade', 'orderStatus.cancelled'),
    );
    await expect(withdrawn.getByTestId('withdrawn-close-reason')).toHaveText(
      message(lang, 'trade', 'withdrawnCloseReason.forced'),
    );
    await expectNoHorizontalOverflow(page);
    await withdrawn.click();
    const withdrawnDetail = page.getByTestId('withdrawn-close-detail');
    await expect(withdrawnDetail.getByTestId('withdrawn-close-figures-type')).toHaveText(
      message(lang, 'trade', 'type.market'),
    );
    await expect(withdrawnDetail.getByTestId('withdrawn-close-figures-lots')).toHaveText(quantity(lang, 1));
    for (const absent of ['price', 'validity', 'valid-until'])
      await expect(withdrawnDetail.getByTestId(`withdrawn-close-figures-${absent}`)).toHaveCount(0);
    await expect(withdrawnDetail.getByTestId('withdrawn-close-figures-reason')).toHaveText(
      message(lang, 'trade', 'withdrawnCloseReason.forced'),
    );
    await waitUntilSettled(withdrawnDetail);
    expect(await problemsOn(page, 'withdrawn-market-close-detail')).toEqual([]);
    await expectNoEnglish(lang, await withdrawnDetail.innerText());
    await screenshot(page, `withdrawn-market-close-detail-${lang}`);
  });
}
