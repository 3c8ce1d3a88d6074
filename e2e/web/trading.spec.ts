import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
  type Request,
} from '@playwright/test';
import { registerByApi, screenshot, userApi } from '../support';
import { seriousAxeViolations, smallTapTargets } from '../support/a11y';
import { loginByApi } from '../backoffice/staff-session';
import {
  dateText,
  expectNoHorizontalOverflow,
  input,
  investorWithCash,
  message,
  messagePattern,
  messageWith,
  openSignedInPhone,
  shownToast,
  useLanguage,
  waitUntilSettled,
  placeOrderByApi,
  type InvestorSession,
} from './helpers';

/**
 * The trading screens against the real trading module (the suite's clock is always open): a 2x market long
 * placed through the order panel's confirmation, a retried confirmation placing it once, its live P&L on the
 * Trade page, its close and the realised P&L in the history; a resting limit order and its cancel; a resting
 * limit order's 訂正 (amendment) and the order it replaced in the history; errors on the fields they concern; axe, tap targets and screenshots in Japanese and English.
 */

// The first test's staff login may wait up to 30 s for an authenticator code the server has not seen yet.
test.setTimeout(180_000);

const CODE = '7203';
const TRADE = '/#/pages/jiaoyi/jiaoyi';
const SIDES = ['long', 'short'] as const;

/** The Trade tab's account as the server would answer it, for states the test cannot reach by trading. */
async function answerAccount(page: Page, data: object): Promise<void> {
  await page.route(
    (url) => url.pathname === '/api/trading/account',
    (route) => route.fulfill({ json: { code: 1, msg: 'ok', data } }),
  );
}
/** A price as the trade screens show it, with its unit: 「3,000円」 / "¥3,000". */
const yenPrice = (lang: string, value: number) =>
  messageWith(lang, 'trade', 'priceYen', {
    price: value.toLocaleString('en-US', { maximumFractionDigits: 2 }),
  });

/** An account under a margin call, as the server would answer it (the engine's tests reach this state). */
const UNDER_MARGIN_CALL = {
  available: '0.00',
  held: '0.00',
  margin: '140000.00',
  debt: '-1200.00',
  unrealisedPnl: '-98000.00',
  equity: '42000.00',
  openNotional: '280000.00',
  maintenanceRatio: '15.00',
  marginCall: { raisedOn: '2026-11-24', deadline: '2026-11-25' },
  forcedClosePending: false,
  buyingPower: SIDES.flatMap((side) =>
    [1, 2, 3].map((leverage) => ({
      side,
      leverage,
      notional: '0.00',
      margin: '0.00',
      limitedBy: 'margin_call',
    })),
  ),
  levels: {
    marginCall: { ratio: '20.00', equity: '56000.00' },
    liquidation: { ratio: '10.00', equity: '28000.00' },
  },
};

const orderPanel = (side: 'long' | 'short') => `/#/subPackages/order/order?code=${CODE}&side=${side}`;

interface Quote {
  last: string;
  limitDown: string;
  limitUp: string;
}
interface Account {
  available: string;
  equity: string;
  buyingPower: { leverage: number; notional: string }[];
}
const yenText = (decimal: string) =>
  `¥${Number(decimal).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
/** A P&L in sen as the app signs it: "+¥30,000.00", "-¥15,000.00". */
const signedYenText = (sen: bigint) =>
  `${sen < 0n ? '-' : '+'}${yenText((Number(sen < 0n ? -sen : sen) / 100).toFixed(2))}`;
interface Page_<T> {
  items: T[];
  nextCursor: string | null;
}
interface PositionView {
  id: string;
  status: string;
  entryPrice: string;
  margin: string;
  realisedPnl: string | null;
  netPnl: string | null;
  openFee: string;
  closeFee: string | null;
  interest: string;
}

/** "¥1,234.50" or "-¥12.00" as sen. */
function sen(text: string): bigint {
  const match = /(-?)¥?([\d,]+)\.(\d{2})/.exec(text);
  if (!match) throw new Error(`not an amount: ${text}`);
  const value = BigInt(match[2]!.replace(/,/g, '')) * 100n + BigInt(match[3]!);
  return match[1] ? -value : value;
}

async function problemsOn(page: Page, screen: string): Promise<string[]> {
  // A toast (a 2-second notice) is not part of the screen; scanned while it fades, its text is measured
  // against the page behind it.
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0, { timeout: 5_000 });
  const problems = (await seriousAxeViolations(page)).map((violation) => `${screen}: axe ${violation}`);
  for (const target of await smallTapTargets(page))
    problems.push(`${screen}: tap target ${target.what} is ${target.width}x${target.height}`);
  return problems;
}

async function quoteOf(page: Page): Promise<Quote> {
  const response = await page.request.get(`/api/market/quotes?codes=${CODE}`);
  return ((await response.json()) as { data: { items: Quote[] } }).data.items[0]!;
}

for (const lang of ['ja', 'en']) {
  test.describe(`trading (${lang})`, () => {
    test.beforeEach(async ({ page }) => useLanguage(page, lang));

    test('a visitor sees a login prompt on the Trade tab, and the order page asks to log in', async ({
      page,
    }) => {
      await page.goto(TRADE);
      await expect(page.getByTestId('trade-guest')).toContainText(message(lang, 'trade', 'guestTitle'));
      await expect(page).toHaveTitle(new RegExp(`^${message(lang, 'web', 'tabs.trade')} \\| `));
      expect(await page.locator('h1').count()).toBe(1);
      expect(await problemsOn(page, 'trade-guest')).toEqual([]);
      await screenshot(page, `trade-guest-${lang}`);
      await page.goto(orderPanel('long'));
      await expect(page).toHaveURL(/subPackages\/login\/login/);
    });

    test('opened straight onto the Trade tab, the account card is drawn at once and fills with the figures', async ({
      page,
      request,
    }) => {
      const investor = await investorWithCash(request, await loginByApi(request), '1000000');
      // index.html's own first screen, before any of the app's code: the card's labels, no figures yet.
      await page.route('**/assets/*.js', (route) => route.abort());
      await openSignedInPhone(page, investor, TRADE);
      const firstScreen = page.locator('#kb-first-screen');
      await expect(firstScreen.locator('.kb-trade-summary')).toContainText(
        message(lang, 'trade', 'account.equity'),
      );
      await expect(firstScreen).not.toContainText(message(lang, 'trade', 'guestTitle'));
      await page.unroute('**/assets/*.js');
      await page.goto('about:blank');
      await page.goto(TRADE);
      await expect(page.getByTestId('trade-account-equity')).toHaveText('¥1,000,000.00');
      await expect(page.getByTestId('trade-account-available')).toHaveText(/^¥[\d,]+\.\d{2}$/);
      await expect(page.getByTestId('trade-account-margin')).toHaveText('¥0.00');
      await expect(page.getByTestId('trade-account-ratio')).toHaveText('—');
      await expect(page.locator('#kb-first-screen')).toHaveCount(0);
      await expect(page.getByTestId('trade-tabs')).toBeVisible();
      // How buying power is reckoned and the two levels are folded away until asked for, and stay as left.
      // The levels the ratio is judged by stay in sight under the figures.
      await expect(page.getByTestId('trade-ratio-levels')).toHaveText(
        messageWith(lang, 'trade', 'account.ratioLevels', { marginCall: '20.00', liquidation: '10.00' }),
      );
      const toggle = page.getByTestId('trade-account-details-toggle');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(page.getByTestId('trade-levels')).toBeHidden();
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      // Buying power is a little under the cash: the note says the fee is kept back from it.
      await expect(page.getByTestId('trade-buying-power-fee-note')).toBeVisible();
      await expect(page.getByTestId('trade-buying-power-fee-note')).toHaveText(
        messageWith(lang, 'trade', 'account.buyingPowerFromCash', { cash: '¥1,000,000.00' }),
      );
      await expect(page.getByTestId('trade-levels')).toBeVisible();
      await screenshot(page, `trade-account-details-${lang}`);
      await page.reload();
      await expect(page.getByTestId('trade-levels')).toBeVisible();
      await page.getByTestId('trade-account-details-toggle').click();
      await expect(page.getByTestId('trade-levels')).toBeHidden();
      await expect(page.getByTestId('trade-account-details-toggle')).toHaveAttribute(
        'aria-expanded',
        'false',
      );
    });

    test('a margin call shows as a banner above the account, with its deadline', async ({
      page,
      request,
    }) => {
      const investor = await investorWithCash(request, await loginByApi(request), '1000000');
      // The forced-close path belongs to the trading module's tests; here only how the app shows its state.
      await answerAccount(page, UNDER_MARGIN_CALL);
      await openSignedInPhone(page, investor, TRADE);
      await expect(page.getByTestId('trade-margin-call')).toContainText(
        messageWith(lang, 'trade', 'account.marginCall', { deadline: dateText(lang, '2026-11-25') }),
      );
      // Equity ¥42,000 against the margin-call level's ¥56,000.
      await expect(page.getByTestId('trade-margin-call-due')).toHaveText(
        messageWith(lang, 'trade', 'account.marginCallDue', { amount: '¥14,000.00' }),
      );
      await expect(page.getByTestId('trade-account-ratio')).toHaveText('15.00%');
      await expect(page.getByTestId('trade-account-debt')).toHaveText('¥1,200.00');
      // No room while the call stands, and the two levels from the server with the equity at each.
      await expect(page.getByTestId('trade-account-available')).toHaveText('¥0.00');
      await expect(page.getByTestId('trade-buying-power-note')).toHaveText(
        message(lang, 'trade', 'account.buyingPowerLimited.margin_call'),
      );
      // While the call stands the levels are open, with nothing to fold them away.
      await expect(page.getByTestId('trade-levels')).toBeVisible();
      await expect(page.getByTestId('trade-account-details-toggle')).toHaveCount(0);
      await expect(page.getByTestId('trade-level-margin-call-ratio')).toHaveText('20.00%');
      await expect(page.getByTestId('trade-level-margin-call-equity')).toHaveText('¥56,000.00');
      await expect(page.getByTestId('trade-level-margin-call-room')).toHaveText(
        message(lang, 'trade', 'account.levelReached'),
      );
      await expect(page.getByTestId('trade-level-liquidation-ratio')).toHaveText('10.00%');
      await expect(page.getByTestId('trade-level-liquidation-equity')).toHaveText('¥28,000.00');
      await expect(page.getByTestId('trade-level-liquidation-room')).toHaveText('¥14,000.00');
      expect(await problemsOn(page, 'trade-margin-call')).toEqual([]);
      await screenshot(page, `trade-margin-call-${lang}`);
    });

    test('once a forced close is decided, the banner says it will execute and a deposit will not stop it', async ({
      page,
      request,
    }) => {
      const investor = await investorWithCash(request, await loginByApi(request), '1000000');
      await answerAccount(page, { ...UNDER_MARGIN_CALL, forcedClosePending: true });
      await openSignedInPhone(page, investor, TRADE);
      await expect(page.getByTestId('trade-forced-close-pending')).toHaveText(
        message(lang, 'trade', 'account.forcedClosePending'),
      );
      // The margin call's "deposit by the deadline" would promise what a deposit can no longer do.
      await expect(page.getByTestId('trade-margin-call')).toHaveCount(0);
      await screenshot(page, `trade-forced-close-pending-${lang}`);
    });

    test('buying power below the cash says why, with the room left to each level', async ({
      page,
      request,
    }) => {
      const investor = await investorWithCash(request, await loginByApi(request), '1000000');
      // The engine's figures for unrealised losses near the margin-call level (the module's tests check them).
      await answerAccount(page, {
        available: '63699.50',
        held: '0.00',
        margin: '933500.00',
        debt: '0.00',
        unrealisedPnl: '-430500.00',
        equity: '566699.50',
        openNotional: '2800500.00',
        maintenanceRatio: '20.23',
        marginCall: null,
        forcedClosePending: false,
        buyingPower: SIDES.flatMap((side) => [
          { side, leverage: 1, notional: '32497.50', margin: '32497.50', limitedBy: 'maintenance' },
          { side, leverage: 2, notional: '32497.50', margin: '16248.75', limitedBy: 'maintenance' },
          { side, leverage: 3, notional: '32497.50', margin: '10832.50', limitedBy: 'maintenance' },
        ]),
        levels: {
          marginCall: { ratio: '20.00', equity: '560100.00' },
          liquidation: { ratio: '10.00', equity: '280050.00' },
        },
      });
      await openSignedInPhone(page, investor, TRADE);
      await expect(page.getByTestId('trade-account-available')).toHaveText('¥32,497.50');
      await expect(page.getByTestId('trade-buying-power-note')).toHaveText(
        message(lang, 'trade', 'account.buyingPowerLimited.maintenance').replace('{{cash}}', '¥63,699.50'),
      );
      // Losses limit buying power: the levels are open, as under a margin call.
      await expect(page.getByTestId('trade-levels')).toBeVisible();
      await expect(page.getByTestId('trade-account-details-toggle')).toHaveCount(0);
      await expect(page.getByTestId('trade-level-margin-call-room')).toHaveText('¥6,599.50');
      await expect(page.getByTestId('trade-level-liquidation-room')).toHaveText('¥286,649.50');
      await expectNoHorizontalOverflow(page);
      expect(await problemsOn(page, 'trade-buying-power')).toEqual([]);
      await screenshot(page, `trade-buying-power-limited-${lang}`);
    });

    test('a 2x market long placed once through a retried confirmation, its live P&L, its close and the history', async ({
      page,
      request,
    }) => {
      const investor = await investorWithCash(request, await loginByApi(request), '1000000');
      await openSignedInPhone(page, investor, orderPanel('long'));
      const panel = page.getByTestId('order-panel');
      await expect(panel.getByTestId('order-form')).toBeVisible();
      await expect(panel.getByTestId('simulated-label')).toHaveText(message(lang, 'trade', 'simulated'));
      await expect(page).toHaveTitle(new RegExp(`^${message(lang, 'web', 'titles.order')} \\| `));
      // 「トヨタ自動車（7203）の注文」: no space after the full-width bracket.
      await expect(page.locator('#order-panel-title')).toHaveText(
        messageWith(lang, 'trade', 'panelTitle', {
          instrument: messageWith(lang, 'trade', 'instrumentWithCode', {
            name: lang === 'ja' ? 'トヨタ自動車' : 'Toyota Motor',
            code: CODE,
          }),
        }),
      );
      await waitUntilSettled(panel);
      expect(await problemsOn(page, 'order-panel')).toEqual([]);
      await screenshot(page, `order-panel-${lang}`);
      // The review button names the side, in the side's colour (買 red, 売 blue), as the stock page's buttons:
      // on a long form the side toggle has scrolled away by the time it is tapped.
      const review = panel.getByTestId('order-review');
      await expect(review).toHaveText(message(lang, 'trade', 'review.long'));
      await expect(review).toHaveCSS('background-color', 'rgb(217, 54, 62)');
      await panel.getByTestId('order-side-short').click();
      await expect(review).toHaveText(message(lang, 'trade', 'review.short'));
      await expect(review).toHaveCSS('background-color', 'rgb(29, 91, 191)');
      await screenshot(page, `order-panel-short-${lang}`);
      await panel.getByTestId('order-side-long').click();

      // The panel's buying power follows the leverage chosen: the server's bound for each.
      const fresh = await userApi<Account>(request, investor.token, '/api/trading/account');
      await expect(panel.getByTestId('order-buying-power')).toContainText(
        yenText(fresh.buyingPower[0]!.notional),
      );
      await panel.getByTestId('order-leverage-2').click();
      await expect(panel.getByTestId('order-buying-power')).toContainText(
        yenText(fresh.buyingPower[1]!.notional),
      );
      await expect(panel.getByTestId('order-margin-note')).toHaveText(
        message(lang, 'trade', 'marginTradingNote'),
      );
      // Each bound is named for what it bounds: 売建余力 selling short, 信用買建余力 buying at 2x (買付余力 is 1x's).
      await panel.getByTestId('order-side-short').click();
      await expect(panel.getByTestId('order-buying-power')).toContainText(
        messageWith(lang, 'trade', 'sellingPowerAt', { leverage: '2' }),
      );
      await panel.getByTestId('order-side-long').click();
      await expect(panel.getByTestId('order-buying-power')).toContainText(
        messageWith(lang, 'trade', 'marginBuyingPowerAt', { leverage: '2' }),
      );
      await expect(panel.getByTestId('order-verify')).toHaveCount(0);
      await panel.getByTestId('order-review').click();

      const confirm = page.getByRole('dialog', { name: message(lang, 'trade', 'confirmTitle') });
      await expect(confirm.getByTestId('order-confirm')).toBeVisible();
      const figure = async (id: string) => sen(await confirm.getByTestId(`order-confirm-${id}`).innerText());
      const [notional, margin, fee, total] = [
        await figure('notional'),
        await figure('margin'),
        await figure('fee'),
        await figure('total'),
      ];
      expect(margin).toBe(notional / 2n);
      expect(total).toBe(margin + fee);
      // The 2x buy borrows the half it does not put up: 買方金利 at the firm's 2.80% a year, one day rounded down.
      const perDay = ((notional - margin) * 280n) / (10_000n * 365n);
      await expect(confirm.getByTestId('order-confirm-daily-charge').locator('span')).toHaveText([
        messageWith(lang, 'trade', 'dailyCharge.rate', { rate: '2.80' }),
        messageWith(lang, 'trade', 'dailyCharge.perDay', {
          perDay: yenText((Number(perDay) / 100).toFixed(2)),
        }),
      ]);
      await expect(
        confirm.getByText(message(lang, 'trade', 'dailyCharge.label.long_interest'), { exact: true }),
      ).toBeVisible();
      await expect(confirm.getByTestId('order-confirm-daily-charge-note')).toHaveText(
        message(lang, 'trade', 'dailyCharge.note.long_interest'),
      );
      await expect(confirm.getByTestId('order-confirm-repayment-due')).toHaveText(
        message(lang, 'trade', 'repaymentDue'),
      );
      await expect(confirm.getByTestId('order-confirm-leverage')).toHaveText(
        message(lang, 'trade', 'leverageValue').replace('{{leverage}}', '2'),
      );
      // Nothing has traded yet: the figure is an estimate, and the liquidation estimate says what it rests on.
      await expect(
        confirm.getByText(message(lang, 'trade', 'estimatedNotional'), { exact: true }),
      ).toBeVisible();
      await expect(confirm.getByTestId('order-confirm-liquidation-note')).toHaveText(
        message(lang, 'trade', 'liquidationNote'),
      );
      await waitUntilSettled(confirm);
      expect(await problemsOn(page, 'order-confirm')).toEqual([]);
      await screenshot(page, `order-confirm-${lang}`);

      // The first answer is lost on the way back: the order is placed, but the app hears nothing.
      const sent: Request[] = [];
      let lost = false;
      await page.route(
        (url) => url.pathname === '/api/orders',
        async (route) => {
          if (route.request().method() !== 'POST') return route.fallback();
          sent.push(route.request());
          if (lost) return route.fallback();
          lost = true;
          await route.fetch();
          await route.abort('connectionreset');
        },
      );
      await confirm.getByTestId('order-send').click();
      await expect(confirm.getByTestId('order-send-unanswered')).toBeVisible();
      await confirm.getByTestId('order-send').click();
      await expect(page).toHaveURL(/pages\/jiaoyi\/jiaoyi/);
      expect(sent).toHaveLength(2);
      const keys = await Promise.all(sent.map((request) => request.headerValue('idempotency-key')));
      expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
      expect(keys[1]).toBe(keys[0]);
      const open = await userApi<Page_<PositionView>>(request, investor.token, '/api/positions?status=open');
      expect(open.items).toHaveLength(1);

      // The Trade page: the account and the position with its P&L at the latest quote.
      const row = page.getByTestId('position-row');
      await expect(row).toHaveCount(1);
      // Signed, in yen as every amount: "+¥1,234.00", "-¥56.00", "¥0.00".
      await expect(row.getByTestId('position-pnl')).toHaveText(/^([+-]¥[\d,]+\.\d{2}|¥0\.00)$/);
      // Its share of the margin, as the position's own screen gives it: the same P&L over the position's margin.
      await expect(async () => {
        const pnl = sen(await row.getByTestId('position-pnl').innerText());
        const margin = sen(open.items[0]!.margin);
        // Hundredths of a percent, rounded half away from zero; no sign on 0.00.
        const magnitude = pnl < 0n ? -pnl : pnl;
        const hundredths = (magnitude * 20_000n + margin) / (2n * margin);
        const sign = hundredths === 0n ? '' : pnl > 0n ? '+' : '-';
        const digits = hundredths.toString().padStart(3, '0');
        expect(await row.getByTestId('position-pnl-percent').innerText()).toBe(
          messageWith(lang, 'trade', 'pnlPercent', {
            percent: `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`,
          }),
        );
      }).toPass({ timeout: 10_000 });
      // 建単価 and 現在値 each named on the row, the last price from the feed.
      await expect(row.getByTestId('position-row-prices')).toContainText(
        `${message(lang, 'trade', 'entryPrice')} ${Number(open.items[0]!.entryPrice).toLocaleString('en-US')}`,
      );
      await expect(row.getByTestId('position-row-last')).toHaveText(
        new RegExp(`^${message(lang, 'trade', 'lastPrice')} [\\d,]+(\\.\\d)?$`),
      );
      const account = await userApi<Account>(request, investor.token, '/api/trading/account');
      // 買付余力 is the server's bound for a new 1x position (the engine's checks), not the cash.
      await expect(page.getByTestId('trade-account-available')).toHaveText(
        `¥${Number(account.buyingPower[0]!.notional).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
      );
      expect(await page.locator('h1').count()).toBe(1);
      await expectNoHorizontalOverflow(page);
      expect(await problemsOn(page, 'trade')).toEqual([]);
      await screenshot(page, `trade-position-${lang}`);

      // Its detail, then 決済 at the market after a confirmation. The "filled" toast is gone first: axe would
      // otherwise judge its fading text.
      await expect(page.locator('.adm-toast-mask')).toHaveCount(0);
      await row.click();
      const detail = page.getByTestId('position-detail');
      await expect(detail.getByTestId('position-figures-leverage')).toHaveText(
        message(lang, 'trade', 'leverageValue').replace('{{leverage}}', '2'),
      );
      await waitUntilSettled(detail);
      expect(await problemsOn(page, 'position-detail')).toEqual([]);
      await screenshot(page, `position-detail-${lang}`);

      // TP/SL: a take-profit on the losing side says where it must go as it is typed, with no estimate, and is
      // refused on its field; valid ones are saved and shown.
      await detail.getByTestId('position-targets').click();
      const last = Math.floor(Number((await quoteOf(page)).last));
      await input(page, 'targets-take-profit').fill(String(last - 100));
      await expect(detail.getByTestId('targets-pnl-take-profit').locator('strong')).toHaveText('—');
      // Said once the field is left (not at each digit typed) or the form is sent, here by the keyboard's Go key
      // with the focus still in the field: under the field, and nothing is saved.
      await expect(detail.getByTestId('targets-take-profit-error')).toHaveCount(0);
      await input(page, 'targets-take-profit').press('Enter');
      // Judged, as the engine judges it, against the bid the long would be sold into (shown as 買気配).
      await expect(
        detail.getByTestId('targets-figures-meets').locator('xpath=preceding-sibling::dt[1]'),
      ).toHaveText(message(lang, 'trade', 'bestBid'));
      await expect(detail.getByTestId('targets-take-profit-error')).toHaveText(
        targetSidePattern(lang, 'takeProfit.above', 'bid'),
      );
      await screenshot(page, `position-targets-wrong-side-${lang}`);
      expect(await problemsOn(page, 'targets-form')).toEqual([]);
      await input(page, 'targets-take-profit').fill(String(last + 100));
      await input(page, 'targets-stop-loss').fill(String(last - 100));
      // Each target with what closing there would realise on the position, before costs.
      const [held] = (
        await userApi<Page_<PositionView & { lots: number }>>(
          request,
          investor.token,
          '/api/positions?status=open',
        )
      ).items;
      const pnlAt = (target: number) =>
        signedYenText((BigInt(target * 100) - sen(held!.entryPrice)) * BigInt(held!.lots * 100));
      await expect(detail.getByTestId('targets-pnl-take-profit').locator('strong')).toHaveText(
        pnlAt(last + 100),
      );
      await expect(detail.getByTestId('targets-take-profit-error')).toHaveCount(0);
      await expect(detail.getByTestId('targets-pnl-stop-loss').locator('strong')).toHaveText(
        pnlAt(last - 100),
      );
      await expect(detail.getByTestId('targets-figures-entry')).toBeVisible();
      await expect(detail.getByTestId('targets-pnl-note')).toHaveText(
        message(lang, 'trade', 'targetPnl.note'),
      );
      await waitUntilSettled(detail);
      await screenshot(page, `position-targets-${lang}`);
      await detail.getByTestId('targets-save').click();
      // A confirmation first, as for a 返済 (a stop-loss reached closes the position): before and after, and what
      // closing at each would realise.
      const targetsConfirm = page.getByRole('dialog', {
        name: message(lang, 'trade', 'targetsConfirm.title'),
      });
      await expect(targetsConfirm.getByTestId('targets-confirm-take-profit-before')).toHaveText(
        message(lang, 'trade', 'none'),
      );
      await expect(targetsConfirm.getByTestId('targets-confirm-take-profit-after')).toHaveText(
        yenPrice(lang, last + 100),
      );
      await expect(targetsConfirm.getByTestId('targets-confirm-stop-loss-after')).toHaveText(
        yenPrice(lang, last - 100),
      );
      await expect(targetsConfirm.getByTestId('targets-confirm-pnl-stop-loss').locator('strong')).toHaveText(
        pnlAt(last - 100),
      );
      await waitUntilSettled(targetsConfirm);
      expect(await problemsOn(page, 'targets-confirm')).toEqual([]);
      await screenshot(page, `position-targets-confirm-${lang}`);
      await targetsConfirm.getByTestId('targets-send').click();
      await expect(targetsConfirm).toHaveCount(0);
      // With their unit and, as brokers show prices, without the zero sen: 「2,900円」 / "¥2,900".
      await expect(detail.getByTestId('position-figures-take-profit')).toHaveText(yenPrice(lang, last + 100));
      await expect(detail.getByTestId('position-figures-stop-loss')).toHaveText(yenPrice(lang, last - 100));
      const [targeted] = (
        await userApi<Page_<PositionView & { takeProfit: string; stopLoss: string }>>(
          request,
          investor.token,
          '/api/positions?status=open',
        )
      ).items;
      expect([targeted?.takeProfit, targeted?.stopLoss]).toEqual([`${last + 100}.00`, `${last - 100}.00`]);
      // Sent again as they are: nothing to change, said without a confirmation.
      await detail.getByTestId('position-targets').click();
      await detail.getByTestId('targets-save').click();
      await expect(detail.getByTestId('targets-alert')).toContainText(
        message(lang, 'trade', 'targetsConfirm.unchanged'),
      );
      await expect(targetsConfirm).toHaveCount(0);
      await detail.getByTestId('position-detail-close').click();
      // The row says them too, without opening the position.
      const grouped = (price: number) => price.toLocaleString('en-US');
      await expect(row.getByTestId('position-row-targets')).toContainText(
        `${message(lang, 'trade', 'takeProfit')} ${grouped(last + 100)}`,
      );
      await expect(row.getByTestId('position-row-targets')).toContainText(
        `${message(lang, 'trade', 'stopLoss')} ${grouped(last - 100)}`,
      );
      // 注文中 lists them as a broker's 注文照会 lists a 逆指値: a 返済売 waiting for its price, a long's take-profit
      // at or above and its stop-loss at or below; the row opens the position.
      await page.getByRole('tab', { name: message(lang, 'trade', 'tabs.orders') }).click();
      const armed = page.getByTestId('armed-targets-row');
      await expect(armed).toHaveCount(1);
      await expect(armed.getByTestId('history-tag')).toHaveText(
        message(lang, 'trade', 'historyTag.close.long'),
      );
      await expect(armed.getByTestId('armed-targets-status')).toHaveText(
        message(lang, 'trade', 'targetStatus'),
      );
      await expect(armed.getByTestId('target-take-profit')).toHaveText(
        messageWith(lang, 'trade', 'targetTrigger.above', {
          target: message(lang, 'trade', 'takeProfit'),
          price: grouped(last + 100),
        }),
      );
      await expect(armed.getByTestId('target-stop-loss')).toHaveText(
        messageWith(lang, 'trade', 'targetTrigger.below', {
          target: message(lang, 'trade', 'stopLoss'),
          price: grouped(last - 100),
        }),
      );
      await expect(armed).toContainText(messageWith(lang, 'trade', 'positionNumber', { id: targeted!.id }));
      await expect(page.getByTestId('trade-tabs')).not.toContainText(message(lang, 'trade', 'empty.orders'));
      expect(await problemsOn(page, 'order-list-open')).toEqual([]);
      await screenshot(page, `trade-armed-targets-${lang}`);
      await armed.click();
      await expect(detail.getByTestId('position-figures-take-profit')).toHaveText(yenPrice(lang, last + 100));
      // The number 注文中 names it by is on its detail and on its row in 建玉.
      await expect(detail.getByTestId('position-figures-number')).toHaveText(targeted!.id);
      await detail.getByTestId('position-detail-close').click();
      await page.getByRole('tab', { name: message(lang, 'trade', 'tabs.positions') }).click();
      await expect(row.getByTestId('position-row-number')).toHaveText(
        messageWith(lang, 'trade', 'positionNumber', { id: targeted!.id }),
      );
      await row.click();

      // The 返済 sheet says what it closes: the stock, its side, the quantity in shares and the price now.
      await detail.getByTestId('position-close').click();
      const toyota = messageWith(lang, 'trade', 'instrumentWithCode', {
        name: lang === 'ja' ? 'トヨタ自動車' : 'Toyota Motor',
        code: CODE,
      });
      await expect(detail.getByTestId('close-figures-instrument')).toHaveText(toyota);
      // What this order does to the long: it sells it back (返済売), not the position's own 新規買.
      await expect(detail.getByTestId('close-figures-side')).toHaveText(
        message(lang, 'trade', 'historyTag.close.long'),
      );
      await expect(detail.getByTestId('close-figures-lots')).toHaveText(
        messageWith(lang, 'trade', 'quantity_one', { shares: '100', lots: '1' }),
      );
      // The last price with its unit, as every price in the sheet: 「3,000円」 / "¥3,000".
      await expect(detail.getByTestId('close-figures-price')).toHaveText(
        new RegExp(`^${messageWith(lang, 'trade', 'priceYen', { price: '[\\d,]+(\\.\\d+)?' })}$`),
      );
      // And what selling at the market meets now: the best bid (買気配), named as on the order panel.
      await expect(
        detail.getByTestId('close-figures-meets').locator('xpath=preceding-sibling::dt[1]'),
      ).toHaveText(message(lang, 'trade', 'bestBid'));
      await expect(detail.getByTestId('close-figures-meets')).toHaveText(
        new RegExp(`^${messageWith(lang, 'trade', 'priceYen', { price: '[\\d,]+(\\.\\d+)?' })}$`),
      );
      await waitUntilSettled(detail);
      await screenshot(page, `position-close-sheet-${lang}`);
      await detail.getByTestId('close-review').click();
      const closeConfirm = page.getByRole('dialog', { name: message(lang, 'trade', 'closeConfirmTitle') });
      // Centred on the screen, not on the short sheet: its buttons are whole on a phone.
      await expect(closeConfirm.getByTestId('close-send')).toBeInViewport({ ratio: 1 });
      await waitUntilSettled(closeConfirm);
      await screenshot(page, `position-close-confirm-${lang}`);
      // The position is named as on its row, name and code, not by the code alone.
      await expect(closeConfirm.getByTestId('close-confirm')).toContainText(toyota);
      // The server's estimate, as a broker shows it before a 返済: the price, the P&L on it, each cost and the
      // net, which takes off what the position has cost so far (its opening fee and interest, read back here).
      for (const [id, label] of [
        ['price', message(lang, 'trade', 'closeConfirmPrice')],
        ['realised', message(lang, 'trade', 'closeConfirmGrossPnl')],
        ['fee', message(lang, 'trade', 'closeFee')],
        ['interest', message(lang, 'trade', 'interest.long')],
        ['net', message(lang, 'trade', 'closeConfirmNetPnl')],
      ] as const) {
        const row = closeConfirm.getByTestId(`close-confirm-${id}`);
        await expect(row).toBeVisible();
        await expect(row.locator('xpath=preceding-sibling::dt')).toHaveText(label);
      }
      const [holding] = (
        await userApi<Page_<PositionView>>(request, investor.token, '/api/positions?status=open')
      ).items;
      await expect(closeConfirm.getByTestId('close-confirm-open-fee')).toHaveText(yenText(holding!.openFee));
      await expect(closeConfirm.getByTestId('close-confirm-interest')).toHaveText(yenText(holding!.interest));
      const closeFigure = async (id: string) =>
        sen(await closeConfirm.getByTestId(`close-confirm-${id}`).innerText());
      expect(await closeFigure('net')).toBe(
        (await closeFigure('realised')) -
          sen(holding!.openFee) -
          (await closeFigure('fee')) -
          sen(holding!.interest),
      );
      await expect(closeConfirm.getByTestId('close-confirm-net')).toHaveText(/^[+-]?¥[\d,]+\.\d{2}$/);
      await closeConfirm.getByTestId('close-send').click();
      await expect(detail.getByTestId('position-figures-status')).toHaveText(
        message(lang, 'trade', 'positionStatus.closed'),
      );
      await detail.getByTestId('position-detail-close').click();
      await expect(page.getByTestId('position-row')).toHaveCount(0);

      await page.getByRole('tab', { name: message(lang, 'trade', 'tabs.history') }).click();
      const closedRow = page.getByTestId('closed-position-row');
      await expect(closedRow).toHaveCount(1);
      const [closed] = (
        await userApi<Page_<PositionView>>(request, investor.token, '/api/positions?status=closed')
      ).items;
      // 実現損益 after both fees (and any interest): the server's netPnl, labelled so above the list.
      expect(closed?.netPnl).toBeTruthy();
      expect(sen(closed!.netPnl!)).toBe(
        sen(closed!.realisedPnl!) - sen(closed!.openFee) - sen(closed!.closeFee!) - sen(closed!.interest),
      );
      await expect(closedRow.getByTestId('closed-position-pnl')).toContainText(
        Number(closed!.netPnl!.replace('-', '')).toLocaleString('en-US', { minimumFractionDigits: 2 }),
      );
      await expect(page.getByTestId('closed-position-note')).toHaveText(message(lang, 'trade', 'netPnlNote'));
      // Its two prices are named: 建単価 on the screen, and the exit price for a screen reader beside the arrow.
      await expect(closedRow).toContainText(message(lang, 'trade', 'entryPrice'));
      await expect(closedRow.locator('.kb-visually-hidden')).toHaveText(message(lang, 'trade', 'exitPrice'));
      // With its leverage, as an open row has it.
      await expect(closedRow).toContainText(messageWith(lang, 'trade', 'leverageValue', { leverage: '2' }));
      const after = await userApi<Account>(request, investor.token, '/api/trading/account');
      await expect(page.getByTestId('trade-account-equity')).toHaveText(
        `¥${Number(after.equity).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
      );
      expect(await problemsOn(page, 'trade-history')).toEqual([]);
      await screenshot(page, `trade-history-${lang}`);

      // 注文履歴 lists the close (返済) above the order that opened the position, with its reason and price.
      await page.getByTestId('trade-history-kind-orders').click();
      const closeRow = page.getByTestId('close-row');
      await expect(closeRow).toHaveCount(1);
      await expect(closeRow.getByTestId('history-tag')).toHaveText(
        message(lang, 'trade', 'historyTag.close.long'),
      );
      // Its status where an order's is (the row's head), its reason as secondary text below.
      await expect(closeRow.locator('.kb-trade-row-head').getByTestId('close-status')).toHaveText(
        message(lang, 'trade', 'orderStatus.filled'),
      );
      await expect(closeRow.locator('.kb-trade-row-head').getByTestId('close-reason')).toHaveCount(0);
      await expect(closeRow.locator('.kb-trade-row-meta').getByTestId('close-reason')).toHaveText(
        message(lang, 'trade', 'closeReason.user'),
      );
      // How it filled, as an order's line says it: 成行・約定 … (Market · Filled … in English).
      await expect(closeRow.getByTestId('close-price')).toContainText(
        `${message(lang, 'trade', 'type.market')}${message(lang, 'common', 'separator')}`,
      );
      await expect(page.getByTestId('order-row')).toHaveCount(1);
      await expect(
        page.getByTestId('order-row').locator('.kb-trade-row-head').getByTestId('order-status'),
      ).toHaveText(message(lang, 'trade', 'orderStatus.filled'));
      const lines = page.locator('[data-testid="order-history-list"] > li');
      await expect(lines.first().getByTestId('close-row')).toBeVisible();
      expect(await problemsOn(page, 'trade-order-history')).toEqual([]);
      await screenshot(page, `trade-order-history-${lang}`);
      await closeRow.click();
      await expect(page.getByTestId('position-detail').getByTestId('position-figures-status')).toHaveText(
        message(lang, 'trade', 'positionStatus.closed'),
      );
      await expect(page.locator('#position-detail-title')).toHaveText(
        message(lang, 'trade', 'closedPositionTitle'),
      );
      // It leads with the net P&L, then the gain on the price and each cost taken from it, one under the other.
      const figureIds = await page
        .getByTestId('position-figures')
        .locator('dd')
        .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-testid')));
      expect(figureIds.slice(0, 6)).toEqual(
        ['instrument', 'pnl', 'gross-pnl', 'fee', 'close-fee', 'interest'].map(
          (id) => `position-figures-${id}`,
        ),
      );
      // What the interest came to in all (買方金利), no longer 累計 as on an open position.
      await expect(
        page.getByTestId('position-figures-interest').locator('xpath=preceding-sibling::dt[1]'),
      ).toHaveText(message(lang, 'trade', 'interestTotal.long'));
      // The margin it no longer holds is named as what it held.
      await expect(
        page.getByTestId('position-figures-margin').locator('xpath=preceding-sibling::dt[1]'),
      ).toHaveText(message(lang, 'trade', 'positionMarginHeld'));
      await expect(page.getByTestId('position-figures-pnl')).toContainText(
        Number(closed!.netPnl!.replace('-', '')).toLocaleString('en-US', { minimumFractionDigits: 2 }),
      );
      // The percentage says what it is of: the margin put up (保証金比), not the notional.
      const withPercent = message(lang, 'trade', 'pnlWithPercent')
        .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
        .replace(/\\\{\\\{\w+\\\}\\\}/g, '.+');
      await expect(page.getByTestId('position-figures-pnl')).toHaveText(new RegExp(`^${withPercent}$`));
      await expect(page.getByTestId('position-figures-gross-pnl')).toContainText(
        Number(closed!.realisedPnl!.replace('-', '')).toLocaleString('en-US', { minimumFractionDigits: 2 }),
      );
      await screenshot(page, `trade-closed-detail-${lang}`);

      // The statement names the stock of the fill and of the close.
      await page.goto('/#/subPackages/transactionLog/transactionLog');
      const stock = lang === 'ja' ? `トヨタ自動車 ${CODE}` : `Toyota Motor ${CODE}`;
      for (const kind of ['order_fill', 'position_close']) {
        const entry = page.getByTestId('ledger-entry').filter({
          has: page
            .getByTestId('ledger-kind-label')
            .getByText(message(lang, 'common', `entryKinds.${kind}`), { exact: true }),
        });
        await expect(entry.getByTestId('ledger-instrument')).toHaveText(stock);
      }
      await screenshot(page, `statement-trading-${lang}`);

      // A fill's detail names its order by number, and leads to the order history on the Trade screen.
      const fill = page.getByTestId('ledger-entry').filter({
        has: page
          .getByTestId('ledger-kind-label')
          .getByText(message(lang, 'common', 'entryKinds.order_fill'), { exact: true }),
      });
      await fill.getByTestId('ledger-detail-open').click();
      const entryDetail = page.getByTestId('ledger-detail');
      await expect(entryDetail.getByTestId('ledger-detail-instrument')).toHaveText(stock);
      const orderNumber = message(lang, 'web', 'funding.ledger.reference.order').replace('{{value}}', '');
      await expect(entryDetail.getByTestId('ledger-detail-reference')).toHaveText(
        new RegExp(`^${orderNumber}\\d+$`),
      );
      await screenshot(page, `statement-trading-detail-${lang}`);
      await entryDetail.getByTestId('ledger-detail-order').click();
      await expect(page.getByTestId('trade-history-kind')).toBeVisible();
    });

    test('a resting limit close (返済指値) can be changed or withdrawn after a confirmation; the position is held again', async ({
      page,
      request,
    }) => {
      const investor = await investorWithCash(request, await loginByApi(request), '1000000');
      await placeOrderByApi(request, investor.token);
      const quote = await quoteOf(page);
      await openSignedInPhone(page, investor, TRADE);
      await page.getByTestId('position-row').click();
      const detail = page.getByTestId('position-detail');
      // A 1x buy borrows nothing: it has no 買方金利 row, here or on the close's confirmation.
      await expect(detail.getByTestId('position-figures-fee')).toBeVisible();
      await expect(detail.getByTestId('position-figures-interest')).toHaveCount(0);
      await waitUntilSettled(detail);
      await screenshot(page, `position-detail-1x-${lang}`);
      await detail.getByTestId('position-close').click();
      // 期間, as for an order to open: a market close is 当日中 only; a limit close may rest 今週中.
      await expect(detail.getByTestId('close-validity-week')).toBeDisabled();
      await expect(detail.getByTestId('close-validity-note')).toHaveText(
        message(lang, 'trade', 'validityMarketNote'),
      );
      await detail.getByTestId('close-type-limit').click();
      await detail.getByTestId('close-validity-week').click();
      await expect(detail.getByTestId('close-validity-week')).toHaveAttribute('aria-pressed', 'true');
      await expect(detail.getByTestId('close-validity-note')).toHaveText(
        message(lang, 'trade', 'closeValidityNote'),
      );
      // At the day's upper limit the close rests.
      await input(page, 'close-price').fill(String(Number(quote.limitUp)));
      // The day's limits and the tick at the price typed, as on the order form, right under the price.
      await expect(detail.getByTestId('close-band')).toContainText(
        messageWith(lang, 'trade', 'priceBand', {
          low: Number(quote.limitDown).toLocaleString('en-US'),
          high: Number(quote.limitUp).toLocaleString('en-US'),
        }),
      );
      await expect(detail.getByTestId('close-tick')).toBeVisible();
      await waitUntilSettled(detail);
      expect(await problemsOn(page, 'close-form')).toEqual([]);
      await expectNoHorizontalOverflow(page);
      await screenshot(page, `position-close-validity-${lang}`);
      const posted = (path: RegExp) => (sent: Request) =>
        sent.method() === 'POST' && path.test(new URL(sent.url()).pathname);
      const previewCall = page.waitForRequest(posted(/^\/api\/positions\/\d+\/close\/preview$/));
      await detail.getByTestId('close-review').click();
      const previewRequest = await previewCall;
      expect(previewRequest.postDataJSON()).toMatchObject({ type: 'limit', validity: 'week' });
      const previewed = (await (await previewRequest.response())!.json()) as {
        data: { validity: string; validUntil: string };
      };
      const { validity, validUntil } = previewed.data;
      expect(validity).toBe('week');
      const closeValidity = messageWith(lang, 'trade', 'validityWithDate', {
        validity: message(lang, 'trade', 'validity.week'),
        date: dateText(lang, validUntil),
      });
      const closeConfirm = page.getByRole('dialog', { name: message(lang, 'trade', 'closeConfirmTitle') });
      await expect(closeConfirm.getByTestId('close-confirm-validity')).toHaveText(closeValidity);
      await expect(closeConfirm.getByTestId('close-confirm-side')).toHaveText(
        message(lang, 'trade', 'historyTag.close.long'),
      );
      await expect(closeConfirm.getByTestId('close-confirm-net')).toBeVisible();
      await expect(closeConfirm.getByTestId('close-confirm-interest')).toHaveCount(0);
      await waitUntilSettled(closeConfirm);
      await screenshot(page, `position-close-confirm-validity-${lang}`);
      const sendCall = page.waitForRequest(posted(/^\/api\/positions\/\d+\/close$/));
      await closeConfirm.getByTestId('close-send').click();
      expect((await sendCall).postDataJSON()).toMatchObject({ type: 'limit', validity: 'week' });
      await expect(detail.getByTestId('position-figures-status')).toHaveText(
        message(lang, 'trade', 'positionStatus.limit-closing'),
      );
      await expect(detail.getByTestId('position-figures-close-validity')).toHaveText(closeValidity);
      const resting = await userApi<Page_<PositionView>>(
        request,
        investor.token,
        '/api/positions?status=open',
      );
      expect(resting.items).toEqual([
        expect.objectContaining({
          status: 'limit-closing',
          closeValidity: 'week',
          closeValidUntil: validUntil,
        }),
      ]);
      await expect(detail.getByTestId('position-close-change')).toBeVisible();
      // Its take-profit and stop-loss can still be changed while the limit close rests.
      await expect(detail.getByTestId('position-targets')).toBeVisible();
      await expect(page.locator('.adm-toast-mask')).toHaveCount(0);
      await waitUntilSettled(detail);
      expect(await problemsOn(page, 'position-detail')).toEqual([]);
      await screenshot(page, `position-limit-closing-${lang}`);

      // 注文中 lists the waiting close above the resting orders, as 返済売 at its limit; it opens its position.
      await detail.getByTestId('position-detail-close').click();
      await page.getByRole('tab', { name: message(lang, 'trade', 'tabs.orders') }).click();
      const waiting = page.getByTestId('waiting-close-row');
      await expect(waiting).toHaveCount(1);
      await expect(waiting.getByTestId('history-tag')).toHaveText(
        message(lang, 'trade', 'historyTag.close.long'),
      );
      await expect(waiting.getByTestId('waiting-close-status')).toHaveText(
        message(lang, 'trade', 'positionStatus.limit-closing'),
      );
      await expect(waiting.getByTestId('waiting-close-price')).toHaveText(
        messageWith(lang, 'trade', 'limitAt', {
          price: Number(quote.limitUp).toLocaleString('en-US', { maximumFractionDigits: 2 }),
        }),
      );
      // Its 期間 as a resting order's: the last date, then 今週中.
      await expect(waiting.getByTestId('waiting-close-valid-until')).toHaveText(
        `${message(lang, 'trade', 'validUntil')} ${dateText(lang, validUntil)}`,
      );
      await expect(waiting).toContainText(message(lang, 'trade', 'validity.week'));
      // And when it was placed, in Japan's time, as an order shows its own.
      const [limitClosing] = (
        await userApi<Page_<{ closeRequestedAt: string | null }>>(
          request,
          investor.token,
          '/api/positions?status=open',
        )
      ).items;
      const placedAt = new Date(Date.parse(limitClosing!.closeRequestedAt!) + 9 * 3_600_000);
      await expect(waiting.getByTestId('waiting-close-time')).toHaveText(
        messageWith(lang, 'trade', 'rowAt.placed', {
          at: placedAt.toISOString().slice(0, 16).replace(/-/g, '/').replace('T', ' '),
        }),
      );
      await expect(page.getByTestId('trade-tabs')).not.toContainText(message(lang, 'trade', 'empty.orders'));
      await screenshot(page, `trade-waiting-close-${lang}`);
      await waiting.click();

      // A change (返済注文の訂正) starts from the close as it rests, shown above the form; left unsent, the
      // resting close stays as it is.
      await detail.getByTestId('position-close-change').click();
      await detail.getByTestId('position-detail-close').click();
      await waiting.click();
      await expect(detail.getByTestId('position-figures-close-validity')).toHaveText(closeValidity);
      // Sent, the new close replaces it: here 当日中 instead of 今週中, at the same limit.
      await detail.getByTestId('position-close-change').click();
      await expect(
        page.getByRole('dialog', { name: message(lang, 'trade', 'closeChangeTitle') }),
      ).toBeVisible();
      // 訂正前: the close as it rests, its shares first.
      await expect(detail.getByTestId('close-figures-current-close')).toHaveText(
        `${messageWith(lang, 'trade', 'quantity_one', { shares: '100', lots: '1' })}${message(lang, 'common', 'separator')}${messageWith(
          lang,
          'trade',
          'limitAt',
          {
            price: Number(quote.limitUp).toLocaleString('en-US', { maximumFractionDigits: 2 }),
          },
        )}${message(lang, 'common', 'separator')}${closeValidity}`,
      );
      await expect(detail.getByTestId('close-type-limit')).toHaveAttribute('aria-pressed', 'true');
      await expect(input(page, 'close-price')).toHaveValue(String(Number(quote.limitUp)));
      await expect(detail.getByTestId('close-validity-week')).toHaveAttribute('aria-pressed', 'true');
      await screenshot(page, `position-close-change-${lang}`);
      await detail.getByTestId('close-validity-day').click();
      await expect(detail.getByTestId('close-review')).toHaveText(message(lang, 'trade', 'amend.review'));
      await detail.getByTestId('close-review').click();
      const changeConfirm = page.getByRole('dialog', {
        name: message(lang, 'trade', 'closeChangeConfirmTitle'),
      });
      await expect(changeConfirm.getByTestId('close-send')).toHaveText(
        message(lang, 'trade', 'closeChangeSend'),
      );
      // What is replaced and what replaces it, as an order's 訂正 shows them.
      const limitText = messageWith(lang, 'trade', 'limitAt', {
        price: Number(quote.limitUp).toLocaleString('en-US', { maximumFractionDigits: 2 }),
      });
      await expect(changeConfirm.getByTestId('close-confirm-before')).toHaveText(
        `${limitText}${message(lang, 'common', 'separator')}${closeValidity}`,
      );
      await expect(changeConfirm.getByTestId('close-confirm-after')).toContainText(limitText);
      await expect(changeConfirm.getByTestId('close-confirm-after')).toContainText(
        message(lang, 'trade', 'validity.day'),
      );
      await waitUntilSettled(changeConfirm);
      await screenshot(page, `position-close-change-confirm-${lang}`);
      await changeConfirm.getByTestId('close-send').click();
      await expect(page.getByText(message(lang, 'trade', 'closeChanged'))).toBeVisible();
      await expect(detail.getByTestId('position-figures-close-validity')).toContainText(
        message(lang, 'trade', 'validity.day'),
      );
      await expect(detail.getByTestId('position-figures-close-limit')).toHaveText(
        yenPrice(lang, Number(quote.limitUp)),
      );
      await expect(page.locator('.adm-toast-mask')).toHaveCount(0);

      await detail.getByTestId('position-close-cancel').click();
      const cancelConfirm = page.getByRole('dialog', { name: message(lang, 'trade', 'closeCancelTitle') });
      await expect(cancelConfirm.getByTestId('close-cancel-figures-close-limit')).toHaveText(
        yenPrice(lang, Number(quote.limitUp)),
      );
      await expect(cancelConfirm.getByTestId('close-cancel-figures-side')).toHaveText(
        message(lang, 'trade', 'historyTag.close.long'),
      );
      await expect(cancelConfirm.getByTestId('close-cancel-figures-close-validity')).toContainText(
        message(lang, 'trade', 'validity.day'),
      );
      await waitUntilSettled(cancelConfirm);
      await screenshot(page, `position-close-cancel-confirm-${lang}`);
      await cancelConfirm.getByRole('button', { name: message(lang, 'trade', 'cancelSend') }).click();
      await expect(detail.getByTestId('position-figures-status')).toHaveText(
        message(lang, 'trade', 'positionStatus.holding'),
      );
      await expect(detail.getByTestId('position-close')).toBeVisible();
      const open = await userApi<Page_<PositionView>>(request, investor.token, '/api/positions?status=open');
      expect(open.items).toEqual([
        expect.objectContaining({
          status: 'holding',
          closeLimit: null,
          closeValidity: null,
          closeValidUntil: null,
        }),
      ]);
      // A limit the bid already reaches (here the day's lower limit) is said to fill at once, at the bid a long
      // is sold into; taken back, nothing is sent.
      await detail.getByTestId('position-close').click();
      await detail.getByTestId('close-type-limit').click();
      await input(page, 'close-price').fill(String(Number(quote.limitDown)));
      await detail.getByTestId('close-review').click();
      const throughConfirm = page.getByRole('dialog', { name: message(lang, 'trade', 'closeConfirmTitle') });
      await expect(throughConfirm.getByTestId('close-confirm-note')).toHaveText(
        messageWith(lang, 'trade', 'closeFillsNowNote', {
          basis: message(lang, 'trade', 'targetSide.basis.bid'),
        }),
      );
      await waitUntilSettled(throughConfirm);
      await screenshot(page, `position-close-confirm-fills-now-${lang}`);
      await throughConfirm.getByRole('button', { name: message(lang, 'trade', 'confirmBack') }).click();
      await expect(throughConfirm).toHaveCount(0);
      await detail.getByTestId('position-detail-close').click();
      await expect(page.getByTestId('waiting-close-row')).toHaveCount(0);
      await expect(page.getByTestId('trade-tabs')).toContainText(message(lang, 'trade', 'empty.orders'));

      // 注文履歴 keeps both closes that did not fill, newest placed first, above the order that opened the
      // position: the changed one withdrawn by the investor (取消済み, no reason below), the first one replaced.
      await page.getByRole('tab', { name: message(lang, 'trade', 'tabs.history') }).click();
      await page.getByTestId('trade-history-kind-orders').click();
      const withdrawn = page.getByTestId('withdrawn-close-row');
      await expect(withdrawn).toHaveCount(2);
      for (const row of [withdrawn.first(), withdrawn.last()]) {
        await expect(row.getByTestId('history-tag')).toHaveText(
          message(lang, 'trade', 'historyTag.close.long'),
        );
        await expect(row.getByTestId('withdrawn-close-status')).toHaveText(
          message(lang, 'trade', 'orderStatus.cancelled'),
        );
        await expect(row).toContainText(limitText);
      }
      await expect(withdrawn.first().getByTestId('withdrawn-close-reason')).toHaveCount(0);
      // Replaced by the 訂正, in the words an order's 訂正 uses.
      await expect(withdrawn.last().getByTestId('withdrawn-close-reason')).toHaveText(
        message(lang, 'trade', 'cancelReason.amended'),
      );
      const historyLines = page.locator('[data-testid="order-history-list"] > li');
      await expect(historyLines).toHaveCount(3);
      await expect(historyLines.last().getByTestId('order-row')).toBeVisible();
      expect(await problemsOn(page, 'trade-order-history-withdrawn')).toEqual([]);
      await screenshot(page, `trade-order-history-withdrawn-${lang}`);
      // A line opens its own 注文照会: the close as it was, when it was placed and withdrawn, and why.
      await withdrawn.last().click();
      const withdrawnDetail = page.getByTestId('withdrawn-close-detail');
      await expect(withdrawnDetail.getByTestId('withdrawn-close-figures-price')).toHaveText(
        yenPrice(lang, Number(quote.limitUp)),
      );
      await expect(withdrawnDetail.getByTestId('withdrawn-close-figures-validity')).toHaveText(
        message(lang, 'trade', 'validity.week'),
      );
      await expect(withdrawnDetail.getByTestId('withdrawn-close-figures-valid-until')).toHaveText(
        dateText(lang, validUntil),
      );
      await expect(withdrawnDetail.getByTestId('withdrawn-close-figures-status')).toHaveText(
        message(lang, 'trade', 'orderStatus.cancelled'),
      );
      await expect(withdrawnDetail.getByTestId('withdrawn-close-figures-reason')).toHaveText(
        message(lang, 'trade', 'cancelReason.amended'),
      );
      await expect(withdrawnDetail.getByTestId('withdrawn-close-figures-withdrawn')).toBeVisible();
      await waitUntilSettled(withdrawnDetail);
      expect(await problemsOn(page, 'withdrawn-close-detail')).toEqual([]);
      await screenshot(page, `withdrawn-close-detail-${lang}`);
      // Its position is one tap away: held again, with no close resting.
      await withdrawnDetail.getByTestId('withdrawn-close-position').click();
      await expect(withdrawnDetail).toHaveCount(0);
      await expect(page.getByTestId('position-detail').getByTestId('position-figures-status')).toHaveText(
        message(lang, 'trade', 'positionStatus.holding'),
      );
    });

    test('a limit order rests and is cancelled after a confirmation; errors show on their fields', async ({
      page,
      request,
    }) => {
      const investor = await investorWithCash(request, await loginByApi(request), '1000000');
      await openSignedInPhone(page, investor, orderPanel('long'));
      const panel = page.getByTestId('order-panel');
      await expect(panel.getByTestId('order-form')).toBeVisible();

      // Lots: checked before anything is sent, with the server's own rule.
      // The quantity is in shares, in 100-share units: half a unit is refused on the field. At one unit the −
      // shows disabled; a stepped unit enables it again.
      await expect(input(page, 'order-quantity')).toHaveValue('100');
      await expect(panel.getByTestId('order-quantity-down')).toBeDisabled();
      await panel.getByTestId('order-quantity-up').click();
      await expect(input(page, 'order-quantity')).toHaveValue('200');
      await expect(panel.getByTestId('order-quantity-down')).toBeEnabled();
      await input(page, 'order-quantity').fill('150');
      // Said once the field is left, as a price is, and again on sending.
      await expect(panel.getByTestId('order-quantity-error')).toHaveCount(0);
      await input(page, 'order-quantity').blur();
      await expect(panel.getByTestId('order-quantity-error')).toHaveText(
        message(lang, 'errors', 'ORDER_LOTS_INVALID'),
      );
      await panel.getByTestId('order-review').click();
      await expect(panel.getByTestId('order-quantity-error')).toHaveText(
        message(lang, 'errors', 'ORDER_LOTS_INVALID'),
      );
      // Whole units, but more than one order may be for: said as such, not as a unit problem.
      await input(page, 'order-quantity').fill('1000100');
      await panel.getByTestId('order-review').click();
      await expect(panel.getByTestId('order-quantity-error')).toHaveText(
        message(lang, 'errors', 'ORDER_LOTS_ABOVE_MAX'),
      );
      // More than the cash buys: said under the buying power as it is typed, before any confirmation.
      await input(page, 'order-quantity').fill('1000');
      await expect(panel.getByTestId('order-exceeds-power')).toHaveText(
        messageWith(lang, 'trade', 'exceedsBuyingPower', { leverage: '1' }),
      );
      // Sent anyway, the server's refusal under the quantity says it, once.
      await panel.getByTestId('order-review').click();
      await expect(panel.getByTestId('order-quantity-error')).toHaveText(
        message(lang, 'errors', 'ORDER_INSUFFICIENT_FUNDS'),
      );
      await expect(panel.getByTestId('order-exceeds-power')).toHaveCount(0);
      await input(page, 'order-quantity').fill('100');
      await expect(panel.getByTestId('order-exceeds-power')).toHaveCount(0);

      // 期間: a market order is 当日中 only; a limit order may rest 今週中.
      await expect(panel.getByTestId('order-validity-week')).toBeDisabled();
      await expect(panel.getByTestId('order-validity-note')).toHaveText(
        message(lang, 'trade', 'validityMarketNote'),
      );
      // A price off this stock's tick grid (TOPIX500: 0.5 yen around 2,800): said under the price as the engine
      // would say it, once the field is left (not at each digit typed), before anything is sent.
      await panel.getByTestId('order-type-limit').click();
      await panel.getByTestId('order-validity-week').click();
      await expect(panel.getByTestId('order-validity-week')).toHaveAttribute('aria-pressed', 'true');
      const quote = await quoteOf(page);
      const offTick = `${Math.floor(Number(quote.limitDown)) + 0.3}`;
      await input(page, 'order-price').fill(offTick);
      // The tick at the typed price is said beside the day's limits (0.5 yen below 3,000 on TOPIX500).
      await expect(panel.getByTestId('order-tick')).toHaveText(
        messageWith(lang, 'trade', 'tickSize', { tick: '0.5' }),
      );
      await expect(panel.getByTestId('order-price-error')).toHaveCount(0);
      const previews: string[] = [];
      page.on('request', (sent) => {
        if (new URL(sent.url()).pathname === '/api/orders/preview') previews.push(sent.url());
      });
      // Named with the tick at that price, as a take-profit's is.
      const offTickText = messagePattern(lang, 'trade', 'limitTick', {}, { tick: yenPattern(lang) });
      await input(page, 'order-price').blur();
      await expect(panel.getByTestId('order-price-error')).toHaveText(offTickText);
      await panel.getByTestId('order-review').click();
      await expect(panel.getByTestId('order-price-error')).toHaveText(offTickText);
      expect(await problemsOn(page, 'order-panel-error')).toEqual([]);
      // Above the day's upper limit (値幅制限): said so, on the price.
      await input(page, 'order-price').fill(String(Number(quote.limitUp) + 100));
      await input(page, 'order-price').blur();
      await expect(panel.getByTestId('order-price-error')).toHaveText(
        message(lang, 'errors', 'ORDER_PRICE_OUTSIDE_LIMITS'),
      );
      expect(previews).toEqual([]);
      await input(page, 'order-price').fill(offTick);
      await input(page, 'order-price').blur();
      await screenshot(page, `order-panel-error-${lang}`);

      // The + stepper moves the price back onto the grid; at the day's low limit the order rests.
      const low = String(Number(quote.limitDown));
      await input(page, 'order-price').fill(low);
      await panel.getByTestId('order-price-up').click();
      await panel.getByTestId('order-price-down').click();
      await expect(input(page, 'order-price')).toHaveValue(low);
      await panel.getByTestId('order-review').click();
      const confirm = page.getByRole('dialog', { name: message(lang, 'trade', 'confirmTitle') });
      await expect(confirm.getByTestId('order-confirm-validity')).toContainText(
        message(lang, 'trade', 'validity.week'),
      );
      await waitUntilSettled(confirm);
      await screenshot(page, `order-confirm-validity-${lang}`);
      // Escape closes the confirmation on top, and only it: the panel stays with what was typed.
      await page.keyboard.press('Escape');
      await expect(confirm).toBeHidden();
      await expect(input(page, 'order-price')).toHaveValue(low);
      await panel.getByTestId('order-review').click();
      await expect(confirm.getByTestId('order-confirm-validity')).toBeVisible();
      await confirm.getByTestId('order-send').click();
      const acceptedText = (await shownToast(page)).text;
      await expect(page).toHaveURL(/pages\/jiaoyi\/jiaoyi/);
      const [placed] = (
        await userApi<Page_<{ id: string; price: string; validity: string; validUntil: string }>>(
          request,
          investor.token,
          '/api/orders?status=open',
        )
      ).items;
      expect(placed!.validity).toBe('week');
      // The notice that it was accepted (a toast, read as it showed) gives its number, as a broker's 注文受付 does.
      expect(acceptedText).toBe(messageWith(lang, 'trade', 'placedResting', { id: placed!.id }));
      const lastDate = dateText(lang, placed!.validUntil);

      await page.getByRole('tab', { name: message(lang, 'trade', 'tabs.orders') }).click();
      const row = page.getByTestId('order-row');
      await expect(row).toHaveCount(1);
      await expect(row.getByTestId('order-status')).toHaveText(message(lang, 'trade', 'orderStatus.open'));
      // Named as the history names an order to open: 新規買, not a bare 買.
      await expect(row.getByTestId('history-tag')).toHaveText(message(lang, 'trade', 'historyTag.open.long'));
      await expect(row.getByTestId('order-valid-until')).toHaveText(
        `${message(lang, 'trade', 'validUntil')} ${lastDate}`,
      );
      await expect(page.getByTestId('trade-account-held')).toBeVisible();
      await screenshot(page, `trade-orders-${lang}`);
      await row.click();
      const detail = page.getByTestId('order-detail');
      await expect(detail.getByTestId('order-figures-valid-until')).toHaveText(lastDate);
      await detail.getByTestId('order-cancel').click();
      const cancel = page.getByRole('dialog', { name: message(lang, 'trade', 'cancelConfirmTitle') });
      // The order named as it was placed: stock, side, shares and price, with its number.
      const figures = cancel.getByTestId('cancel-confirm-figures');
      await expect(figures.getByTestId('cancel-confirm-figures-instrument')).toHaveText(
        messageWith(lang, 'trade', 'instrumentWithCode', {
          name: lang === 'ja' ? 'トヨタ自動車' : 'Toyota Motor',
          code: CODE,
        }),
      );
      await expect(figures.getByTestId('cancel-confirm-figures-side')).toHaveText(
        message(lang, 'trade', 'side.long'),
      );
      await expect(figures.getByTestId('cancel-confirm-figures-lots')).toHaveText(
        messageWith(lang, 'trade', 'quantity_one', { shares: '100', lots: '1' }),
      );
      await expect(figures.getByTestId('cancel-confirm-figures-price')).toHaveText(
        messageWith(lang, 'trade', 'orderPriceText.limit', {
          price: Number(placed!.price).toLocaleString('en-US', { maximumFractionDigits: 2 }),
        }),
      );
      await expect(figures.getByTestId('cancel-confirm-figures-validity')).toContainText(
        message(lang, 'trade', 'validity.week'),
      );
      await expect(figures.getByTestId('cancel-confirm-figures-number')).toHaveText(placed!.id);
      const keep = cancel.getByRole('button', { name: message(lang, 'trade', 'keepOrder') });
      await expect(keep).toBeInViewport({ ratio: 1 });
      await waitUntilSettled(cancel);
      await screenshot(page, `order-cancel-confirm-${lang}`);
      await cancel.getByRole('button', { name: message(lang, 'trade', 'cancelSend') }).click();
      await expect(page.getByTestId('order-row')).toHaveCount(0);
      await expect(page.getByTestId('trade-account-held')).toHaveCount(0);

      await page.getByRole('tab', { name: message(lang, 'trade', 'tabs.history') }).click();
      await page.getByTestId('trade-history-kind-orders').click();
      await expect(page.getByTestId('order-row').getByTestId('order-status')).toHaveText(
        message(lang, 'trade', 'orderStatus.cancelled'),
      );
      const orders = await userApi<Page_<{ status: string }>>(
        request,
        investor.token,
        '/api/orders?status=all',
      );
      expect(orders.items.map((order) => order.status)).toEqual(['cancelled']);
    });

    test('a resting limit order is amended (訂正) after a confirmation, sent once through a retry; the old one is in the history as cancelled by it', async ({
      page,
      request,
    }) => {
      const investor = await investorWithCash(request, await loginByApi(request), '1000000');
      const quote = await quoteOf(page);
      // A 2-lot limit order resting at the day's low, 今週中 (the order panel's own flow is the test above's).
      const original = await placeOrderByApi<{
        id: string;
        price: string;
        heldMargin: string;
        heldFee: string;
      }>(request, investor.token, { type: 'limit', lots: 2, price: quote.limitDown, validity: 'week' });
      const low = Number(quote.limitDown);
      const toyota = messageWith(lang, 'trade', 'instrumentWithCode', {
        name: lang === 'ja' ? 'トヨタ自動車' : 'Toyota Motor',
        code: CODE,
      });

      await openSignedInPhone(page, investor, TRADE);
      await page.getByRole('tab', { name: message(lang, 'trade', 'tabs.orders') }).click();
      await page.getByTestId('order-row').click();
      const detail = page.getByTestId('order-detail');
      // 訂正 beside 取消, each named by the words it shows.
      await expect(
        detail.getByRole('button', { name: message(lang, 'trade', 'cancelAction'), exact: true }),
      ).toBeVisible();
      await waitUntilSettled(detail);
      expect(await problemsOn(page, 'order-detail')).toEqual([]);
      await screenshot(page, `order-detail-open-${lang}`);
      await detail.getByRole('button', { name: message(lang, 'trade', 'amend.action'), exact: true }).click();
      await expect(page.locator('#order-detail-title')).toHaveText(message(lang, 'trade', 'amend.title'));
      const form = detail.getByTestId('amend-form');
      // Prefilled with the order as it rests, named above the fields.
      await expect(form.getByTestId('amend-figures-instrument')).toHaveText(toyota);
      await expect(form.getByTestId('amend-figures-price')).toHaveText(yenPrice(lang, low));
      await expect(form.getByTestId('amend-figures-lots')).toHaveText(
        messageWith(lang, 'trade', 'quantity_other', { shares: '200', lots: '2' }),
      );
      await expect(input(page, 'amend-price')).toHaveValue(String(low));
      await expect(input(page, 'amend-quantity')).toHaveValue('200');
      // As on the order form: the tick at the price typed, beside the day's limits.
      await expect(form.getByTestId('amend-tick')).toHaveText(
        messageWith(lang, 'trade', 'tickSize', { tick: '0.5' }),
      );

      // The steppers: the price on the stock's tick grid and within today's limits (− at the low stays there),
      // the quantity a lot at a time, never under one nor over the order's own (a 訂正 only reduces it).
      await form.getByTestId('amend-price-down').click();
      await expect(input(page, 'amend-price')).toHaveValue(String(low));
      await expect(form.getByTestId('amend-quantity-up')).toBeDisabled();
      await form.getByTestId('amend-quantity-down').click();
      await expect(input(page, 'amend-quantity')).toHaveValue('100');
      await expect(form.getByTestId('amend-quantity-down')).toBeDisabled();
      await expect(form.getByTestId('amend-quantity-up')).toBeEnabled();
      await form.getByTestId('amend-price-up').click();
      const higher = Number(await input(page, 'amend-price').inputValue());
      expect(higher).toBeGreaterThan(low);
      await expect(form.getByTestId('amend-shares')).toHaveText(
        messageWith(lang, 'trade', 'quantity_one', { shares: '100', lots: '1' }),
      );
      // What the amended order may use: the cash left available plus what this order holds, the whole deposit.
      await expect(form.getByTestId('amend-cash')).toContainText('¥1,000,000');
      // At 1x the margin is the notional above: no second row for it.
      await expect(form.getByTestId('amend-margin')).toHaveCount(0);
      await expect(form.getByTestId('amend-kept-note')).toHaveText(message(lang, 'trade', 'amend.keptNote'));
      await waitUntilSettled(detail);
      expect(await page.locator('h1').count()).toBe(1);
      await expectNoHorizontalOverflow(page);
      expect(await problemsOn(page, 'amend-form')).toEqual([]);
      await screenshot(page, `order-amend-form-${lang}`);

      // Back to the same price and lots: nothing to amend, said under the price without asking the server,
      // and gone once the price changes.
      await form.getByTestId('amend-price-down').click();
      await form.getByTestId('amend-quantity-up').click();
      await form.getByTestId('amend-review').click();
      await expect(form.getByTestId('amend-price-error')).toHaveText(
        message(lang, 'errors', 'ORDER_AMEND_UNCHANGED'),
      );
      await form.getByTestId('amend-price-up').click();
      await expect(form.getByTestId('amend-price-error')).toHaveCount(0);
      await form.getByTestId('amend-price-down').click();
      // More shares than the order has, typed: said under the quantity without asking the server.
      await input(page, 'amend-quantity').fill('300');
      await form.getByTestId('amend-review').click();
      await expect(form.getByTestId('amend-quantity-error')).toHaveText(
        message(lang, 'errors', 'ORDER_AMEND_LOTS_INCREASED'),
      );
      await input(page, 'amend-quantity').fill('200');
      await expect(form.getByTestId('amend-quantity-error')).toHaveCount(0);
      // A price off the stock's tick grid (TOPIX500: 0.5 yen here): said under the price, with the tick.
      await input(page, 'amend-price').fill(`${Math.floor(low) + 0.3}`);
      await form.getByTestId('amend-review').click();
      await expect(form.getByTestId('amend-price-error')).toHaveText(
        messagePattern(lang, 'trade', 'limitTick', {}, { tick: yenPattern(lang) }),
      );
      // A price the ask already reaches (the day's upper limit) is said to fill at once, at the ask a buy meets;
      // taken back, nothing is sent.
      await input(page, 'amend-price').fill(String(Number(quote.limitUp)));
      // The form shows the 売気配 a buy meets, and works the estimate out there, not at the limit typed.
      await expect(
        form.getByTestId('amend-figures-meets').locator('xpath=preceding-sibling::dt[1]'),
      ).toHaveText(message(lang, 'trade', 'bestAsk'));
      await expect(async () => {
        const ask = Number(
          (await form.getByTestId('amend-figures-meets').innerText()).replace(/[^\d.]/g, ''),
        );
        expect(sen(await form.getByTestId('amend-estimate').innerText())).toBe(
          BigInt(Math.round(ask * 100)) * 200n,
        );
      }).toPass({ timeout: 10_000 });
      await form.getByTestId('amend-review').click();
      const through = page.getByRole('dialog', { name: message(lang, 'trade', 'amend.confirmTitle') });
      await expect(through.getByTestId('amend-confirm-fill-note')).toHaveText(
        messageWith(lang, 'trade', 'amend.fillsNowNote', {
          basis: message(lang, 'trade', 'targetSide.basis.ask'),
        }),
      );
      await through.getByRole('button', { name: message(lang, 'trade', 'amend.back') }).click();
      await expect(through).toHaveCount(0);
      await input(page, 'amend-price').fill(String(low));
      await form.getByTestId('amend-price-up').click();
      await form.getByTestId('amend-quantity-down').click();
      await form.getByTestId('amend-review').click();

      // The confirmation: what stays, 訂正前 → 訂正後, and the server's figures for the amended order.
      const confirm = page.getByRole('dialog', { name: message(lang, 'trade', 'amend.confirmTitle') });
      await expect(confirm.getByTestId('amend-confirm')).toBeVisible();
      await expect(confirm.getByTestId('amend-confirm-instrument')).toHaveText(toyota);
      await expect(confirm.getByTestId('amend-confirm-side')).toHaveText(message(lang, 'trade', 'side.long'));
      await expect(confirm.getByTestId('amend-confirm-validity')).toContainText(
        message(lang, 'trade', 'validity.week'),
      );
      await expect(confirm.getByTestId('amend-confirm-price-before')).toHaveText(yenPrice(lang, low));
      await expect(confirm.getByTestId('amend-confirm-price-after')).toHaveText(yenPrice(lang, higher));
      await expect(confirm.getByTestId('amend-confirm-lots-before')).toHaveText(
        messageWith(lang, 'trade', 'amend.sharesValue', { shares: '200' }),
      );
      await expect(confirm.getByTestId('amend-confirm-lots-after')).toHaveText(
        messageWith(lang, 'trade', 'amend.sharesValue', { shares: '100' }),
      );
      const figure = async (id: string) => sen(await confirm.getByTestId(`amend-confirm-${id}`).innerText());
      const notional = await figure('notional');
      expect(notional).toBe(BigInt(Math.round(higher * 100)) * 100n);
      // 1x: the whole value is held as margin, with the fee.
      expect(await figure('margin')).toBe(notional);
      expect(await figure('total')).toBe((await figure('margin')) + (await figure('fee')));
      await expect(confirm.getByTestId('amend-confirm-liquidation')).toHaveText(/\S/);
      await expect(confirm.getByTestId('amend-confirm-liquidation-note')).toHaveText(
        message(lang, 'trade', 'liquidationNote'),
      );
      // The old order's hold is released in the new one's favour: the note says how much.
      const held = sen(original.heldMargin) + sen(original.heldFee);
      await expect(confirm.getByTestId('amend-confirm-note')).toContainText(
        yenText((Number(held) / 100).toFixed(2)),
      );
      await expect(confirm.getByTestId('amend-send')).toBeInViewport({ ratio: 1 });
      await waitUntilSettled(confirm);
      expect(await problemsOn(page, 'amend-confirm')).toEqual([]);
      await screenshot(page, `order-amend-confirm-${lang}`);

      // The first answer is lost on the way back: the order is amended, but the app hears nothing; confirming
      // again sends the same key, and the server answers the same amendment.
      const sent: Request[] = [];
      let lost = false;
      await page.route(
        (url) => url.pathname === `/api/orders/${original.id}/amend`,
        async (route) => {
          sent.push(route.request());
          if (lost) return route.fallback();
          lost = true;
          await route.fetch();
          await route.abort('connectionreset');
        },
      );
      await confirm.getByTestId('amend-send').click();
      await expect(confirm.getByTestId('amend-send-unanswered')).toBeVisible();
      await confirm.getByTestId('amend-send').click();
      await expect(page.getByText(message(lang, 'trade', 'amend.done'), { exact: true })).toBeVisible();
      await expect(detail).toHaveCount(0);
      expect(sent).toHaveLength(2);
      const keys = await Promise.all(sent.map((sending) => sending.headerValue('idempotency-key')));
      expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
      expect(keys[1]).toBe(keys[0]);

      // The open orders: the new order only, at its new price and lots; its detail names the order it amends.
      const row = page.getByTestId('order-list-open').getByTestId('order-row');
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(
        messageWith(lang, 'trade', 'quantity_one', { shares: '100', lots: '1' }),
      );
      await expect(row).toContainText(
        messageWith(lang, 'trade', 'limitAt', {
          price: higher.toLocaleString('en-US', { maximumFractionDigits: 2 }),
        }),
      );
      await expect(page.locator('.adm-toast-mask')).toHaveCount(0);
      await row.click();
      await expect(detail.getByTestId('order-figures-amends')).toHaveText(original.id);
      await expect(detail.getByTestId('order-figures')).toContainText(
        message(lang, 'trade', 'amend.amendsOrder'),
      );
      await detail.getByTestId('order-detail-close').click();
      await expect(detail).toHaveCount(0);

      // The history: the old order, 取消済み, with the reason 訂正による取消.
      await page.getByRole('tab', { name: message(lang, 'trade', 'tabs.history') }).click();
      await page.getByTestId('trade-history-kind-orders').click();
      // The open orders' tab stays mounted, hidden: the history's own rows.
      const old = page.getByTestId('order-history-list').getByTestId('order-row');
      await expect(old).toHaveCount(1);
      await expect(old.getByTestId('order-status')).toHaveText(
        message(lang, 'trade', 'orderStatus.cancelled'),
      );
      await expect(old.getByTestId('order-cancel-reason')).toHaveText(
        message(lang, 'trade', 'cancelReason.amended'),
      );
      await expect(old).toContainText(messageWith(lang, 'trade', 'orderNumber', { id: original.id }));
      await screenshot(page, `trade-order-history-amended-${lang}`);
      await old.click();
      await expect(detail.getByTestId('order-figures-reason')).toHaveText(
        message(lang, 'trade', 'cancelReason.amended'),
      );
      await expect(detail.getByTestId('order-amend')).toHaveCount(0);
      // It names the order that replaced it.
      await expect(detail.getByTestId('order-figures')).toContainText(
        message(lang, 'trade', 'amend.amendedByOrder'),
      );
      const replacementId = await detail.getByTestId('order-figures-amended-by').textContent();
      await screenshot(page, `trade-order-detail-amended-${lang}`);

      const orders = await userApi<
        Page_<{
          id: string;
          status: string;
          cancelReason: string | null;
          amendsOrderId: string | null;
          amendedByOrderId: string | null;
          price: string;
          lots: number;
        }>
      >(request, investor.token, '/api/orders?status=all');
      expect(
        orders.items.map(({ status, cancelReason, amendsOrderId, amendedByOrderId, price, lots }) => ({
          status,
          cancelReason,
          amendsOrderId,
          amendedByOrderId,
          price: Number(price),
          lots,
        })),
      ).toEqual([
        {
          status: 'open',
          cancelReason: null,
          amendsOrderId: original.id,
          amendedByOrderId: null,
          price: higher,
          lots: 1,
        },
        {
          status: 'cancelled',
          cancelReason: 'amended',
          amendsOrderId: null,
          amendedByOrderId: orders.items[0]!.id,
          price: low,
          lots: 2,
        },
      ]);
      expect(replacementId).toBe(orders.items[0]!.id);
    });

    test("a 2x order's 訂正 form shows the margin its new price and lots take beside the cash it may use", async ({
      page,
      request,
    }) => {
      const investor = await investorWithCash(request, await loginByApi(request), '1000000');
      const { limitDown } = await quoteOf(page);
      await placeOrderByApi(request, investor.token, {
        type: 'limit',
        lots: 3,
        leverage: 2,
        price: limitDown,
      });

      await openSignedInPhone(page, investor, TRADE);
      await page.getByRole('tab', { name: message(lang, 'trade', 'tabs.orders') }).click();
      await page.getByTestId('order-row').click();
      const detail = page.getByTestId('order-detail');
      await detail.getByRole('button', { name: message(lang, 'trade', 'amend.action'), exact: true }).click();
      const form = detail.getByTestId('amend-form');
      await form.getByTestId('amend-quantity-down').click();
      await expect(input(page, 'amend-quantity')).toHaveValue('200');
      // 200 shares at the day's low, half of it at 2x: the margin, not the notional, is what the cash pays.
      const notional = Number(limitDown) * 200;
      await expect(form.getByTestId('amend-estimate')).toContainText(yenText(String(notional)));
      await expect(form.getByTestId('amend-margin')).toContainText(yenText(String(notional / 2)));
      await expect(form.getByTestId('amend-margin')).toContainText(
        message(lang, 'trade', 'amend.estimatedMargin'),
      );
      await expect(form.getByTestId('amend-cash')).toContainText('¥1,000,000.00');
      await waitUntilSettled(detail);
      await screenshot(page, `order-amend-form-2x-${lang}`);
    });

    test('注文履歴 loads older lines as it scrolls, each once, while an order placed earlier finishes', async ({
      page,
      request,
    }) => {
      const investor = await investorWithCash(request, await loginByApi(request), '1000000');
      const { limitDown } = await quoteOf(page);
      const place = async () =>
        (await placeOrderByApi<{ id: string }>(request, investor.token, { type: 'limit', price: limitDown }))
          .id;
      const cancel = async (id: string) =>
        expect(
          (await request.delete(`/api/orders/${id}`, { headers: { token: investor.token } })).status(),
        ).toBe(200);
      // One order rests at the day's low while the list is read; 22 more are placed and cancelled after it.
      const earliest = await place();
      const cancelled: string[] = [];
      for (let n = 1; n <= 22; n++) {
        const id = await place();
        await cancel(id);
        cancelled.push(id);
      }
      await openSignedInPhone(page, investor, TRADE);
      await page.getByRole('tab', { name: message(lang, 'trade', 'tabs.history') }).click();
      await page.getByTestId('trade-history-kind-orders').click();
      const rows = page.getByTestId('order-row');
      await expect(rows).toHaveCount(20);
      // The resting order finishes after the first page is shown: it joins below, at its placing.
      await cancel(earliest);
      await rows.last().scrollIntoViewIfNeeded();
      await expect(rows).toHaveCount(23);
      const end = page.getByText(message(lang, 'trade', 'end'), { exact: true });
      await end.scrollIntoViewIfNeeded();
      await expect(end).toBeVisible();
      const numberOf = (id: string) => message(lang, 'trade', 'orderNumber').replace('{{id}}', id);
      expect(
        await rows.locator('.kb-trade-row-meta:last-child > span:first-child').allTextContents(),
      ).toEqual([...cancelled.reverse(), earliest].map(numberOf));
      await expectNoHorizontalOverflow(page);
      await screenshot(page, `trade-order-history-end-${lang}`);
    });
  });
}

/**
 * An investor (by default a funded one) on a phone in Japanese, on the stock page, with the order panel opened
 * by its 買い button.
 */
async function orderPanelFromStockPage(
  browser: Browser,
  baseURL: string,
  request: APIRequestContext,
  investor?: InvestorSession,
) {
  investor ??= await investorWithCash(request, await loginByApi(request), '1000000');
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await useLanguage(page, 'ja');
  await openSignedInPhone(page, investor, `/#/subPackages/index/gupiaoDetail/gupiaoDetail?code=${CODE}`);
  // A fresh server generates the market's history first, and answers the stock's page only after.
  await expect(page.getByTestId('stock-buy')).toBeEnabled({ timeout: 45_000 });
  await page.getByTestId('stock-buy').click();
  const panel = page.getByTestId('order-panel');
  await waitUntilSettled(panel);
  return { context, page, panel };
}

test('before identity verification has passed, the order form says so first, and a refused order’s message comes into view', async ({
  browser,
  baseURL,
  request,
}) => {
  const { context, page, panel } = await orderPanelFromStockPage(
    browser,
    baseURL!,
    request,
    await registerByApi(request),
  );
  const first = panel.getByTestId('order-verify-first');
  await expect(first).toContainText(message('ja', 'trade', 'verifyFirst'));
  await expect(first).toBeInViewport();
  expect(await seriousAxeViolations(page)).toEqual([]);
  expect(await smallTapTargets(page)).toEqual([]);
  await screenshot(page, 'ja-order-verify-first');
  // Sent anyway, the firm's refusal is shown above the button at the sheet's foot, in sight.
  await panel.getByTestId('order-review').click();
  const alert = panel.getByTestId('order-alert');
  await expect(alert).toHaveText(message('ja', 'errors', 'KYC_NOT_PASSED'));
  await expect(alert).toBeInViewport();
  await first.getByTestId('order-verify').click();
  await expect(page).toHaveURL(/#\/subPackages\/real_name\/real_name$/);
  await context.close();
});

test('an order placed from the stock page’s 買い button lands on the Trade tab, and Back returns to the stock; Back on its confirmation closes only the confirmation', async ({
  browser,
  baseURL,
  request,
}) => {
  const { context, page, panel } = await orderPanelFromStockPage(browser, baseURL!, request);
  // Nothing held: no note about a holding.
  await expect(panel.getByTestId('order-quantity-up')).toBeVisible();
  await expect(panel.getByTestId('order-held-opposite')).toHaveCount(0);
  await panel.getByTestId('order-quantity-up').click();
  await expect(input(page, 'order-quantity')).toHaveValue('200');
  await panel.getByTestId('order-review').click();
  const confirm = page.getByRole('dialog', { name: message('ja', 'trade', 'confirmTitle') });
  await expect(confirm.getByTestId('order-send')).toBeVisible();
  // The phone's Back closes the confirmation and nothing else: the order page and what was typed stay.
  await page.goBack();
  await expect(confirm).toBeHidden();
  await expect(page).toHaveURL(/#\/subPackages\/order\/order/);
  await expect(input(page, 'order-quantity')).toHaveValue('200');
  await panel.getByTestId('order-review').click();
  await confirm.getByTestId('order-send').click();
  // Filled at once in a session, resting until the opening otherwise: the Trade tab shows either.
  await expect(page).toHaveURL(/#\/pages\/jiaoyi\/jiaoyi/);
  await expect(page.getByTestId('stock-detail-page')).toHaveCount(0);
  // The order page's place in the history went to the Trade tab (the confirmation's too): Back is the stock.
  await page.goBack();
  await expect(page.getByTestId('stock-detail-page')).toBeVisible();
  await page.goForward();
  await expect(page).toHaveURL(/#\/pages\/jiaoyi\/jiaoyi/);
  // It stays there: the panel's close does not go back afterwards.
  await page.waitForTimeout(1_000);
  await expect(page).toHaveURL(/#\/pages\/jiaoyi\/jiaoyi/);
  // Closing the panel without placing still returns to the stock.
  await page.goto(`/#/subPackages/index/gupiaoDetail/gupiaoDetail?code=${CODE}`);
  await page.getByTestId('stock-buy').click();
  await waitUntilSettled(page.getByTestId('order-panel'));
  await page.getByTestId('order-panel-close').click();
  await expect(page.getByTestId('stock-detail-page')).toBeVisible();
  await context.close();
});

for (const lang of ['ja', 'en']) {
  test(`a sell of a stock held long says it opens a new short, and its button opens 建玉 to close the holding (${lang})`, async ({
    browser,
    baseURL,
    request,
  }) => {
    const investor = await investorWithCash(request, await loginByApi(request), '1000000');
    const held = await placeOrderByApi<{ status: string }>(request, investor.token, { lots: 2 });
    expect(held.status).toBe('filled');
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await useLanguage(page, lang);
    await openSignedInPhone(page, investor, `/#/subPackages/index/gupiaoDetail/gupiaoDetail?code=${CODE}`);
    await expect(page.getByTestId('stock-sell')).toBeEnabled({ timeout: 45_000 });
    await page.getByTestId('stock-sell').click();
    const panel = page.getByTestId('order-panel');
    await waitUntilSettled(panel);
    const note = panel.getByTestId('order-held-opposite');
    await expect(note).toContainText(
      messageWith(lang, 'trade', 'heldOpposite.long', {
        quantity: messageWith(lang, 'trade', 'quantity_other', { shares: '200', lots: '2' }),
      }),
    );
    expect(await problemsOn(page, 'order-held-opposite')).toEqual([]);
    await screenshot(page, `order-held-opposite-${lang}`);
    // A buy adds to the holding: nothing to say.
    await panel.getByTestId('order-side-long').click();
    await expect(note).toHaveCount(0);
    await panel.getByTestId('order-side-short').click();
    await expect(note).toBeVisible();
    // Its button opens 建玉, where the holding is closed; Back returns to the order.
    await note.getByTestId('order-held-opposite-close').click();
    await expect(page).toHaveURL(/#\/pages\/jiaoyi\/jiaoyi/);
    await expect(page.getByTestId('position-row')).toHaveCount(1);
    await page.goBack();
    await expect(page.getByTestId('order-panel').getByTestId('order-held-opposite')).toBeVisible();
    // The confirmation says it once more, where the order is sent: the holding stays, the order opens another.
    await page.getByTestId('order-panel').getByTestId('order-review').click();
    await expect(page.getByTestId('order-confirm').getByTestId('order-confirm-held-opposite')).toHaveText(
      messageWith(lang, 'trade', 'heldOpposite.confirm.long', {
        quantity: messageWith(lang, 'trade', 'quantity_other', { shares: '200', lots: '2' }),
      }),
    );
    await screenshot(page, `order-held-opposite-confirm-${lang}`);
    await context.close();
  });
}

test('the phone’s Back closes the sheet or dialog on top and stays on the screen: a position’s sheet, its 返済 confirmation, the side menu', async ({
  browser,
  baseURL,
  request,
}) => {
  const investor = await investorWithCash(request, await loginByApi(request), '1000000');
  await placeOrderByApi(request, investor.token);
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await useLanguage(page, 'ja');
  await openSignedInPhone(page, investor, '/#/pages/index/index');
  await expect(page.getByTestId('top-bar-user')).toBeVisible();
  await page.goto(TRADE);
  const detail = page.getByTestId('position-detail');
  // The position's sheet: Back closes it, and the Trade tab stays.
  await page.getByTestId('position-row').click();
  await waitUntilSettled(detail);
  await page.goBack();
  await expect(detail).toHaveCount(0);
  await expect(page).toHaveURL(/#\/pages\/jiaoyi\/jiaoyi/);
  await expect(page.getByTestId('position-row')).toBeVisible();
  // Its 返済 confirmation over its 返済 form: Back closes the confirmation, returns from the form to the detail,
  // closes the sheet, then leaves the tab.
  await page.getByTestId('position-row').click();
  await waitUntilSettled(detail);
  await detail.getByTestId('position-close').click();
  await detail.getByTestId('close-review').click();
  const confirm = page.getByRole('dialog', { name: message('ja', 'trade', 'closeConfirmTitle') });
  await expect(confirm).toBeVisible();
  await page.goBack();
  await expect(confirm).toBeHidden();
  await expect(detail.getByTestId('close-form')).toBeVisible();
  await page.goBack();
  await expect(detail.getByTestId('close-form')).toHaveCount(0);
  await expect(detail.getByTestId('position-figures')).toBeVisible();
  await page.goBack();
  await expect(detail).toHaveCount(0);
  await expect(page).toHaveURL(/#\/pages\/jiaoyi\/jiaoyi/);
  // Reloaded with the sheet open, the sheet is gone and the first Back leaves the tab.
  await page.getByTestId('position-row').click();
  await waitUntilSettled(detail);
  await page.reload();
  await expect(page.getByTestId('position-row')).toBeVisible();
  await expect(detail).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(/#\/pages\/index\/index/);
  // Forward onto the closed sheet's place reopens nothing, and Back from there still leaves in one press.
  await page.goForward();
  await expect(page).toHaveURL(/#\/pages\/jiaoyi\/jiaoyi/);
  await page.getByTestId('position-row').click();
  await waitUntilSettled(detail);
  await page.goBack();
  await expect(detail).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(/#\/pages\/index\/index/);
  // The side menu: Back closes it on the screen; an item chosen in it is left with one Back.
  const menu = page.getByTestId('side-menu');
  await page.getByTestId('top-bar-user').click();
  await expect(menu).toBeVisible();
  await page.goBack();
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL(/#\/pages\/index\/index/);
  await page.getByTestId('top-bar-user').click();
  await menu.getByTestId('side-menu-about').click();
  await expect(page).toHaveURL(/#\/subPackages\/about\/index/);
  await page.goBack();
  await expect(page).toHaveURL(/#\/pages\/index\/index/);
  await expect(menu).toBeHidden();
  await context.close();
});

test('Back pressed as an order’s 取消 question opens answers it no: no dialog is left behind, the order and its sheet stay', async ({
  browser,
  baseURL,
  request,
}) => {
  const investor = await investorWithCash(request, await loginByApi(request), '1000000');
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await useLanguage(page, 'ja');
  const { limitDown } = await quoteOf(page);
  await placeOrderByApi(request, investor.token, { type: 'limit', price: limitDown });
  await openSignedInPhone(page, investor, TRADE);
  await page.getByRole('tab', { name: message('ja', 'trade', 'tabs.orders') }).click();
  await page.getByTestId('order-row').click();
  const detail = page.getByTestId('order-detail');
  await waitUntilSettled(detail);
  // Back in the same moment as the tap, while the question still loads and animates in.
  await detail.getByTestId('order-cancel').click();
  await page.goBack();
  await page.waitForTimeout(1_000);
  // No question left, visible or not (its buttons would still take a keyboard's Enter).
  await expect(page.locator('.adm-dialog')).toHaveCount(0);
  await expect(detail).toBeVisible();
  await expect(page).toHaveURL(/#\/pages\/jiaoyi\/jiaoyi/);
  const orders = await userApi<{ items: { status: string }[] }>(request, investor.token, '/api/orders');
  expect(orders.items.map((order) => order.status)).toEqual(['open']);
  await context.close();
});

test('an order whose answer comes after the investor has gone back to the stock page leaves them there, and says it was placed', async ({
  browser,
  baseURL,
  request,
}) => {
  const { context, page, panel } = await orderPanelFromStockPage(browser, baseURL!, request);
  let answer: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (answer = resolve));
  const orders = (url: URL) => url.pathname === '/api/orders';
  await page.route(orders, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    await held;
    await route.continue();
  });
  await panel.getByTestId('order-review').click();
  const confirm = page.getByRole('dialog', { name: message('ja', 'trade', 'confirmTitle') });
  await confirm.getByTestId('order-send').click();
  // Back twice while it is on its way: the confirmation closes, then the order page.
  await page.goBack();
  await expect(confirm).toBeHidden();
  await page.goBack();
  await expect(page.getByTestId('stock-detail-page')).toBeVisible();
  answer();
  // 注文が約定しました or 注文を受け付けました, with its number, on whatever screen the investor is on.
  expect((await shownToast(page)).text).toMatch(/\d/);
  await page.waitForTimeout(1_000);
  await expect(page.getByTestId('stock-detail-page')).toBeVisible();
  await expect(page).toHaveURL(/gupiaoDetail/);
  await page.unroute(orders);
  await context.close();
});

test('the order form’s take-profit and stop-loss say what closing there would realise, in ja and zh-CN', async ({
  browser,
  baseURL,
  request,
}) => {
  const investor = await investorWithCash(request, await loginByApi(request), '1000000');
  for (const lang of ['ja', 'zh-CN']) {
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await useLanguage(page, lang);
    await openSignedInPhone(page, investor, orderPanel('short'));
    const panel = page.getByTestId('order-panel');
    await waitUntilSettled(panel);
    // A market sell meets the best bid (買気配), shown under the last price with the best ask (売気配).
    const best = panel.getByTestId('order-best');
    await expect(best).toContainText(message(lang, 'trade', 'bestAsk'));
    await expect(best).toContainText(message(lang, 'trade', 'bestBid'));
    // Each with the shares offered there: 売気配 2,801（3,400株）.
    const sharesAt = messagePattern(lang, 'trade', 'bestShares', {}, { shares: '[\\d,]+00' }).source.slice(
      1,
      -1,
    );
    await expect(best).toHaveText(new RegExp(`${sharesAt}.*${sharesAt}`));
    const shown = async (testId: string) =>
      Number((await panel.getByTestId(testId).innerText()).replace(/,/g, ''));
    expect(await shown('order-ask')).toBeGreaterThanOrEqual(await shown('order-bid'));
    await screenshot(page, `order-best-prices-${lang}`);
    const shownBid = () => shown('order-bid');
    const last = Math.floor(await shownBid());
    // Typed on a Japanese keyboard, read back in half-width once left.
    await input(page, 'order-quantity').fill('３００');
    await input(page, 'order-quantity').blur();
    await expect(input(page, 'order-quantity')).toHaveValue('300');
    // Its estimated value is 300 shares at the bid (which may move while the market is open).
    await expect(async () => {
      const bid = await shownBid();
      expect(await panel.getByTestId('order-estimate').locator('strong').innerText()).toBe(
        yenText((bid * 300).toFixed(2)),
      );
    }).toPass({ timeout: 10_000 });
    // So is a sell limit the bid already reaches, as its confirmation will work it out; one that waits, at its limit.
    await panel.getByTestId('order-type-limit').click();
    await input(page, 'order-price').fill(String(last - 100));
    await expect(async () => {
      const bid = await shownBid();
      expect(await panel.getByTestId('order-estimate').locator('strong').innerText()).toBe(
        yenText((bid * 300).toFixed(2)),
      );
    }).toPass({ timeout: 10_000 });
    await input(page, 'order-price').fill(String(last + 100));
    await expect(panel.getByTestId('order-estimate').locator('strong')).toHaveText(
      yenText(((last + 100) * 300).toFixed(2)),
    );
    await panel.getByTestId('order-type-market').click();
    await panel.getByTestId('order-targets-switch').click();
    await expect(panel.getByTestId('order-targets-pnl-take-profit').locator('strong')).toHaveText('—');
    // Switched on with both prices empty, the order does not go on without them: the field says what to do.
    await panel.getByTestId('order-review').click();
    await expect(panel.getByTestId('order-take-profit-error')).toHaveText(
      message(lang, 'trade', 'targetsRequired'),
    );
    await expect(page.getByRole('dialog', { name: message(lang, 'trade', 'confirmTitle') })).toHaveCount(0);
    // Brought into view, above the button held at the foot of the screen: the tap does not seem to do nothing.
    await expect(async () => {
      const error = await panel.getByTestId('order-take-profit-error').boundingBox();
      const footer = await page.locator('.kb-actions-sticky').boundingBox();
      expect(error!.y).toBeGreaterThanOrEqual(0);
      expect(error!.y + error!.height).toBeLessThanOrEqual(footer!.y);
    }).toPass({ timeout: 5_000 });
    // A stop-loss alone is protection enough: the message goes as soon as one is typed.
    await input(page, 'order-stop-loss').fill(String(last + 100));
    await expect(panel.getByTestId('order-take-profit-error')).toHaveCount(0);
    await input(page, 'order-stop-loss').fill('');
    // Sent with the keyboard's Go key from the empty take-profit, which hides its message while typed in: shown.
    await input(page, 'order-take-profit').focus();
    await expect(panel.getByTestId('order-take-profit-error')).toHaveCount(0);
    await input(page, 'order-take-profit').press('Enter');
    await expect(panel.getByTestId('order-take-profit-error')).toHaveText(
      message(lang, 'trade', 'targetsRequired'),
    );
    // The first − on an empty take-profit starts a tick below the bid a short sells at, the first + on its
    // stop-loss a tick above the ask it would be bought back at: both valid at once (the market may move after).
    await panel.getByTestId('order-take-profit-down').click();
    await panel.getByTestId('order-stop-loss-up').click();
    await expect(async () => {
      const [bid, ask] = [await shownBid(), await shown('order-ask')];
      expect(Number(await input(page, 'order-take-profit').inputValue())).toBeLessThan(bid + 1);
      expect(Number(await input(page, 'order-stop-loss').inputValue())).toBeGreaterThan(ask - 1);
    }).toPass({ timeout: 10_000 });
    // Once left, a take-profit off the tick grid names the tick, and a short's stop-loss below the price says it
    // must go above it, naming the price; neither has an estimate.
    await input(page, 'order-take-profit').fill(`${last - 100}.3`);
    await input(page, 'order-stop-loss').fill(String(last - 50));
    await input(page, 'order-stop-loss').blur();
    await expect(panel.getByTestId('order-take-profit-error')).toHaveText(
      messagePattern(lang, 'trade', 'targetTick.takeProfit', {}, { tick: yenPattern(lang) }),
    );
    // A short's stop-loss fires on the ask it would be bought back at: judged against that, not the bid it opens at.
    await expect(panel.getByTestId('order-stop-loss-error')).toHaveText(
      targetSidePattern(lang, 'stopLoss.above', 'ask'),
    );
    await expect(panel.getByTestId('order-targets-pnl-stop-loss').locator('strong')).toHaveText('—');
    await expect(panel.getByTestId('order-targets-pnl-take-profit').locator('strong')).toHaveText('—');
    await screenshot(page, `order-targets-wrong-side-${lang}`);
    // Something that is not a price at all is said to be so, once left, not only on sending.
    await input(page, 'order-take-profit').fill('abc');
    await input(page, 'order-take-profit').blur();
    await expect(panel.getByTestId('order-take-profit-error')).toHaveText(
      message(lang, 'trade', 'targetUnreadable.takeProfit'),
    );
    await input(page, 'order-take-profit').fill(String(last - 100));
    await input(page, 'order-stop-loss').fill(String(last + 50));
    await expect(panel.getByTestId('order-take-profit-error')).toHaveCount(0);
    await expect(panel.getByTestId('order-stop-loss-error')).toHaveCount(0);
    // A short of 300 shares from the bid the panel shows.
    const shortPnl = (from: number, to: number) =>
      signedYenText((BigInt(Math.round(from * 100)) - BigInt(to * 100)) * 300n);
    await expect(async () => {
      const from = await shownBid();
      expect(await panel.getByTestId('order-targets-pnl-take-profit').locator('strong').innerText()).toBe(
        shortPnl(from, last - 100),
      );
      expect(await panel.getByTestId('order-targets-pnl-stop-loss').locator('strong').innerText()).toBe(
        shortPnl(from, last + 50),
      );
    }).toPass({ timeout: 10_000 });
    expect(await panel.getByTestId('order-targets-pnl-take-profit').locator('strong').innerText()).toMatch(
      /^\+/,
    );
    expect(await panel.getByTestId('order-targets-pnl-stop-loss').locator('strong').innerText()).toMatch(
      /^-/,
    );
    // A stop closes at the market once reached, so the note warns that a loss can be larger; and a new order's
    // entry is itself an estimate.
    await expect(panel.getByTestId('order-targets-pnl-note')).toHaveText(
      messageWith(lang, 'trade', 'targetPnl.withOrderNote', {
        note: message(lang, 'trade', 'targetPnl.note'),
        orderNote: message(lang, 'trade', 'targetPnl.orderNote'),
      }),
    );
    await panel.getByTestId('order-targets-pnl').scrollIntoViewIfNeeded();
    await waitUntilSettled(panel);
    expect(await problemsOn(page, 'order-targets')).toEqual([]);
    await screenshot(page, `order-targets-pnl-${lang}`);
    await context.close();
  }
});

test('a 2x market order’s confirmation shows all of itself on a 390x844 phone in every language', async ({
  browser,
  baseURL,
  request,
}) => {
  const investor = await investorWithCash(request, await loginByApi(request), '1000000');
  for (const lang of ['ja', 'zh-CN', 'en', 'es', 'fr']) {
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await useLanguage(page, lang);
    await openSignedInPhone(page, investor, orderPanel('long'));
    const panel = page.getByTestId('order-panel');
    await waitUntilSettled(panel);
    await panel.getByTestId('order-leverage-2').click();
    await panel.getByTestId('order-review').click();
    const confirm = page.getByRole('dialog', { name: message(lang, 'trade', 'confirmTitle') });
    await expect(confirm.getByTestId('order-confirm')).toBeVisible();
    await waitUntilSettled(confirm);
    // Its last note is read without scrolling, and the buttons stay on the screen.
    const scrolling = confirm.locator('.kb-dialog-scroll');
    const { overflow } = await scrolling.evaluate((box) => ({
      overflow: box.scrollHeight - box.clientHeight,
    }));
    expect(overflow, `${lang}: the confirmation scrolls by ${overflow} px`).toBeLessThanOrEqual(0);
    const send = await confirm.getByTestId('order-send').boundingBox();
    expect(send!.y + send!.height).toBeLessThanOrEqual(844);
    await screenshot(page, `order-confirm-fits-${lang}`);
    await context.close();
  }
});

/** A new investor with ¥1,000,000 on the order page for a buy of 7203, in Japanese, its form ready. */
async function buyOrderPageInJapanese(page: Page, request: APIRequestContext) {
  const investor = await investorWithCash(request, await loginByApi(request), '1000000');
  await useLanguage(page, 'ja');
  await openSignedInPhone(page, investor, orderPanel('long'));
  const panel = page.getByTestId('order-panel');
  await waitUntilSettled(panel);
  return { investor, panel };
}

test('an order page whose address changes to the other side starts a fresh order on that side', async ({
  page,
  request,
}) => {
  const { panel } = await buyOrderPageInJapanese(page, request);
  await expect(panel.getByTestId('order-side-long')).toHaveAttribute('aria-pressed', 'true');
  await panel.getByTestId('order-leverage-2').click();
  // A link followed while the page is open (a message's, say): the same screen, another side.
  await page.evaluate((hash) => (location.hash = hash), orderPanel('short').slice(1));
  await expect(panel.getByTestId('order-side-short')).toHaveAttribute('aria-pressed', 'true');
  await expect(panel.getByTestId('order-review')).toHaveText(message('ja', 'trade', 'review.short'));
  await expect(panel.getByTestId('order-leverage-2')).toHaveAttribute('aria-pressed', 'false');
  // A short's confirmation speaks of a rise as its risk, not of a fall to zero.
  await panel.getByTestId('order-review').click();
  const confirm = page.getByRole('dialog', { name: message('ja', 'trade', 'confirmTitle') });
  await expect(confirm.getByTestId('order-confirm-liquidation-note')).toHaveText(
    message('ja', 'trade', 'liquidationNoteShort'),
  );
});

test('on a short screen, the order sheet scrolls under its header: its ✕ closes the sheet, never a switch', async ({
  page,
  request,
}) => {
  const { panel } = await buyOrderPageInJapanese(page, request);
  await page.setViewportSize({ width: 390, height: 600 });
  const targets = panel.getByTestId('order-targets-switch');
  await targets.click();
  await expect(targets).toBeChecked();
  const close = panel.getByTestId('order-panel-close');
  // Scrolled 8 px at a time (the switch is 31 px tall), it passes under the header: at every step the ✕'s middle
  // is the ✕.
  const sheet = page.locator('.kb-trade-sheet');
  for (let top = 0; ; top += 8) {
    const { scrollTop, end } = await sheet.evaluate((box, to) => {
      box.scrollTop = to;
      return { scrollTop: box.scrollTop, end: box.scrollHeight - box.clientHeight };
    }, top);
    const { x, y, width, height } = (await close.boundingBox())!;
    const hit = await page.evaluate(
      ([cx, cy]) =>
        document.elementFromPoint(cx!, cy!)?.closest('[data-testid]')?.getAttribute('data-testid'),
      [x + width / 2, y + height / 2],
    );
    expect(hit, `scrolled ${scrollTop} px`).toBe('order-panel-close');
    if (scrollTop >= end) break;
  }
  await close.click();
  await expect(panel).toBeHidden();
});

test('back from an order confirmation whose answer was lost, the form says the order may have gone through', async ({
  page,
  request,
}) => {
  const { investor, panel } = await buyOrderPageInJapanese(page, request);
  const power = panel.getByTestId('order-buying-power');
  const before = await power.textContent();
  // The order is placed, but its answer is lost on the way back (once `held` lets it go).
  let held = Promise.resolve();
  await page.route(
    (url) => url.pathname === '/api/orders',
    async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      await held;
      await route.fetch();
      await route.abort('connectionreset');
    },
  );
  await panel.getByTestId('order-review').click();
  const confirm = page.getByRole('dialog', { name: message('ja', 'trade', 'confirmTitle') });
  await confirm.getByTestId('order-send').click();
  await expect(confirm.getByTestId('order-send-unanswered')).toHaveText(message('ja', 'trade', 'sendAgain'));
  await confirm.getByText(message('ja', 'trade', 'confirmBack'), { exact: true }).click();
  await expect(confirm).toBeHidden();
  // A new confirmation would carry a new key: the form says to check first, and shows the cash the order took.
  await expect(panel.getByTestId('order-alert')).toHaveText(message('ja', 'trade', 'maybeSent'));
  await expect(power).not.toHaveText(before!);
  await screenshot(page, 'order-maybe-sent-ja');
  const open = await userApi<Page_<PositionView>>(request, investor.token, '/api/positions?status=open');
  expect(open.items).toHaveLength(1);

  // Back while the next one is on its way, its answer lost later: the same note, and the confirmation after it
  // does not open saying the last one got no answer.
  let letGo = () => {};
  held = new Promise<void>((resolve) => (letGo = resolve));
  await panel.getByTestId('order-review').click();
  await expect(panel.getByTestId('order-alert')).toHaveCount(0);
  await confirm.getByTestId('order-send').click();
  // On its way, the button says so (a greyed button alone reads as broken) and takes no second tap.
  await expect(confirm.getByTestId('order-send')).toHaveText(message('ja', 'common', 'sending'));
  await expect(confirm.getByTestId('order-send')).toBeDisabled();
  await confirm.getByText(message('ja', 'trade', 'confirmBack'), { exact: true }).click();
  await expect(confirm).toBeHidden();
  // Nothing is said while the answer may still come; once it is lost, the note.
  await expect(panel.getByTestId('order-alert')).toHaveCount(0);
  letGo();
  await expect(panel.getByTestId('order-alert')).toHaveText(message('ja', 'trade', 'maybeSent'));
  await panel.getByTestId('order-review').click();
  await expect(confirm.getByTestId('order-send')).toBeVisible();
  await expect(confirm.getByTestId('order-send-unanswered')).toHaveCount(0);
});

test('on the Trade rows a long stock name wraps, and the P&L, status and time beside it never break', async ({
  browser,
  baseURL,
  request,
}) => {
  const investor = await investorWithCash(request, await loginByApi(request), '1000000');
  // Long English names: 三井住友トラスト・グループ and 日本電信電話.
  for (const [code, lots] of [
    ['8309', 3],
    ['9432', 10],
  ] as const) {
    const position = await placeOrderByApi<{ id: string }>(request, investor.token, {
      code,
      lots,
      leverage: 2,
    });
    // Both targets armed, at the day's limits (always on the tick grid): the longest lines 注文中 draws.
    const quote = (
      (await (await request.get(`/api/market/quotes?codes=${code}`)).json()) as {
        data: { items: Quote[] };
      }
    ).data.items[0]!;
    const targets = await request.put(`/api/positions/${position.id}/tp-sl`, {
      headers: { token: investor.token },
      data: { takeProfit: quote.limitUp, stopLoss: quote.limitDown },
    });
    expect(((await targets.json()) as { code: number }).code).toBe(1);
  }
  for (const lang of ['en', 'fr', 'es']) {
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await useLanguage(page, lang);
    await openSignedInPhone(page, investor, TRADE);
    await expect(page.getByTestId('position-row')).toHaveCount(2);
    /** The right-hand figures of the rows drawn over more than one line, with their text. */
    const broken = () =>
      page
        .locator(
          '.kb-trade-row-head > :last-child:not(:first-child), .kb-trade-row-meta > :last-child:not(:first-child)',
        )
        .evaluateAll((cells) =>
          cells
            // One line is about 1.2 to 1.5 times the font size; two are over twice it.
            .filter(
              (cell) => cell.getBoundingClientRect().height > 2 * parseFloat(getComputedStyle(cell).fontSize),
            )
            .map((cell) => cell.textContent),
        );
    expect(await broken()).toEqual([]);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `trade-rows-long-names-${lang}`);
    await page.getByRole('tab', { name: message(lang, 'trade', 'tabs.orders') }).click();
    await expect(page.getByTestId('armed-targets-row')).toHaveCount(2);
    expect(await broken()).toEqual([]);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `trade-armed-targets-long-names-${lang}`);
    await page.getByRole('tab', { name: message(lang, 'trade', 'tabs.history') }).click();
    await page.getByTestId('trade-history-kind-orders').click();
    await expect(page.getByTestId('order-row')).toHaveCount(2);
    expect(await broken()).toEqual([]);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `trade-history-long-names-${lang}`);
    await context.close();
  }
});

/** A price as the app writes it (「2,900円」, "¥2,900"), whatever the figure. */
function yenPattern(lang: string): string {
  return messagePattern(lang, 'trade', 'priceYen', {}, { price: '[\\d,]+(?:\\.\\d+)?' }).source.slice(1, -1);
}

/** 利益確定は現在値（3,000円）より高い価格にしてください, whatever the price it names. */
function targetSidePattern(lang: string, key: string, basis: 'ask' | 'bid' | 'last' | 'limit'): RegExp {
  return messagePattern(
    lang,
    'trade',
    `targetSide.${key}`,
    { basis: message(lang, 'trade', `targetSide.basis.${basis}`) },
    { price: yenPattern(lang) },
  );
}

test('with a position held, the side menu shows its margin (必要保証金), so its figures add up to the equity', async ({
  page,
  request,
}) => {
  const investor = await investorWithCash(request, await loginByApi(request), '1000000');
  await placeOrderByApi(request, investor.token, { leverage: 2 });
  await useLanguage(page, 'ja');
  await openSignedInPhone(page, investor, '/#/pages/index/index');
  await page.getByTestId('top-bar-user').click();
  const menu = page.getByTestId('side-menu');
  const figure = async (field: string) =>
    sen(await menu.getByTestId(`balance-${field}`).locator('dd').innerText());
  await expect(menu.getByTestId('balance-usedAmount')).toContainText(
    message('ja', 'web', 'balances.usedAmount'),
  );
  // Prices move while the figures are read: the menu's own figures, read together, add up.
  await expect(async () => {
    const [total, money, frozen, used, pnl] = (await Promise.all(
      ['total', 'money', 'frozen', 'usedAmount', 'floatingPnl'].map(figure),
    )) as [bigint, bigint, bigint, bigint, bigint];
    expect(used).toBeGreaterThan(0n);
    expect(money + frozen + used + pnl).toBe(total);
  }).toPass({ timeout: 10_000 });
  await screenshot(page, 'side-menu-with-position-ja');
});
