import { expect, test, type Page } from '@playwright/test';
import { screenshot, userApi } from '../support';
import { loginByApi } from '../backoffice/staff-session';
import { investorWithCash, message, openSignedInPhone, useLanguage, waitUntilSettled } from './helpers';

/**
 * A forced close end to end: an investor opens a 3x long through the order panel, the test price path
 * (TEST_PRICE_PATH=on, POST /api/test/quotes) takes the price below the margin-call level (a message with the
 * deposit figure), then through the liquidation level, and the investor finds the forced-close message and the
 * position closed, with its reason, in the Trade tab's history.
 *
 * Sony (6758) is used by no other spec, so no one else's position is moved by the price. The simulator keeps
 * ticking the code afterwards and takes the price back up: a closed position stays closed, so the outcome does
 * not depend on when its next tick comes.
 */

test.setTimeout(180_000);

const CODE = '6758';
const MESSAGES = '/#/subPackages/message/message';

/** The inbox item whose title is `title` (the body of another may contain the same words). */
const messageTitled = (page: Page, title: string) =>
  page
    .getByTestId('message-item')
    .filter({ has: page.locator('.kb-message-title').getByText(title, { exact: true }) });

interface Quote {
  last: string;
}
interface PositionView {
  id: string;
  status: string;
  closeReason: string | null;
  leverage: number;
}

for (const lang of ['ja', 'en']) {
  test(`a 3x long driven through its liquidation level is closed by force, with a message (${lang})`, async ({
    page,
    request,
  }) => {
    await useLanguage(page, lang);
    const investor = await investorWithCash(request, await loginByApi(request), '1000000');
    const quote = (await (await request.get(`/api/market/quotes?codes=${CODE}`)).json()) as {
      data: { items: Quote[] };
    };
    const last = Number(quote.data.items[0]!.last);
    // Up to 2,900,000 yen of shares on at most 966,667 yen of margin: nearly all the million of cash, so a fall
    // takes the equity (cash included) below 10% of the notional.
    const lots = Math.max(1, Math.floor(2_900_000 / (last * 100)));

    await openSignedInPhone(page, investor, `/#/subPackages/order/order?code=${CODE}&side=long`);
    const panel = page.getByTestId('order-panel');
    await expect(panel.getByTestId('order-form')).toBeVisible();
    await panel
      .getByTestId('order-quantity')
      .locator('input')
      .fill(String(lots * 100));
    await panel.getByTestId('order-leverage-3').click();
    await panel.getByTestId('order-review').click();
    const confirm = page.getByRole('dialog', { name: message(lang, 'trade', 'confirmTitle') });
    await expect(confirm.getByTestId('order-confirm')).toBeVisible();
    await confirm.getByTestId('order-send').click();
    await expect(page).toHaveURL(/pages\/jiaoyi\/jiaoyi/);
    await expect(page.getByTestId('position-row')).toHaveCount(1);
    const [opened] = (
      await userApi<{ items: PositionView[] }>(request, investor.token, '/api/positions?status=open')
    ).items;
    expect(opened).toMatchObject({ status: 'holding', leverage: 3 });

    // First a fall to 15% of the notional: between the 10% and 20% levels, a margin call. Its message states
    // the deposit that would have restored the level at that price.
    const shares = lots * 100;
    const notional = last * shares;
    const drop = (1_000_000 - notional * 0.001 - 0.15 * notional) / shares;
    const called = await request.post('/api/test/quotes', {
      data: { code: CODE, price: String(Math.floor(last - drop)) },
    });
    expect(called.ok()).toBe(true);
    await expect(page.getByTestId('position-row')).toHaveCount(1);
    await page.goto(MESSAGES);
    const call = messageTitled(page, message(lang, 'messages', 'margin_call.title'));
    await expect(call).toHaveCount(1);
    await call.click();
    await expect(call).toHaveAttribute('data-expanded', 'true');
    await expect(call).toContainText(
      lang === 'ja' ? /ご入金額は[\d,]+円です/ : /a deposit of ¥[\d,]+ would have/,
    );
    // The order's own toast, shown on the Trade tab, is gone before the picture.
    await expect(page.locator('.adm-toast-mask')).toHaveCount(0);
    await waitUntilSettled(page.getByTestId('message-list'));
    await screenshot(page, `margin-call-message-${lang}`);
    await page.goto('/#/pages/jiaoyi/jiaoyi');
    await expect(page.getByTestId('position-row')).toHaveCount(1);

    // 40% down: the loss exceeds the cash, far below the 10% liquidation level.
    const crash = String(Math.floor(last * 0.6));
    const fed = await request.post('/api/test/quotes', { data: { code: CODE, price: crash } });
    expect(fed.ok()).toBe(true);
    expect(((await fed.json()) as { data: { events: number } }).data.events).toBeGreaterThan(0);

    // The Trade tab learns it over the socket: the position leaves the open list.
    await expect(page.getByTestId('position-row')).toHaveCount(0);
    await page.getByRole('tab', { name: message(lang, 'trade', 'tabs.history') }).click();
    const closedRow = page.getByTestId('closed-position-row');
    await expect(closedRow).toHaveCount(1);
    await expect(closedRow.getByTestId('closed-position-reason')).toHaveText(
      message(lang, 'trade', 'closeReason.forced'),
    );
    await screenshot(page, `forced-close-history-${lang}`);

    await page.goto(MESSAGES);
    // By its title: the close's own message (決済のお知らせ) says "by a forced close" in its body.
    const item = messageTitled(page, message(lang, 'messages', 'forced_close.title'));
    await expect(item).toHaveCount(1);
    await waitUntilSettled(page.getByTestId('message-list'));
    await screenshot(page, `forced-close-message-${lang}`);

    // The simulator's next ticks move the price back; the position stays closed.
    const [closed] = (
      await userApi<{ items: PositionView[] }>(request, investor.token, '/api/positions?status=closed')
    ).items;
    expect(closed).toMatchObject({ id: opened!.id, status: 'closed', closeReason: 'forced' });
    const open = await userApi<{ items: PositionView[] }>(
      request,
      investor.token,
      '/api/positions?status=open',
    );
    expect(open.items).toEqual([]);
  });
}
