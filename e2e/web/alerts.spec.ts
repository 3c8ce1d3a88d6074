import { expect, test } from '@playwright/test';
import { registerByApi, screenshot } from '../support';
import { seriousAxeViolations, smallTapTargets } from '../support/a11y';
import {
  expectNoHorizontalOverflow,
  input,
  message,
  messageWith,
  openSignedInPhone,
  useLanguage,
} from './helpers';

const ALERTS_PATH = '/#/subPackages/alerts/alerts';

for (const lang of ['ja', 'en'] as const) {
  test(`a price alert is set, refused where the price already is, and deleted after a confirmation (${lang})`, async ({
    page,
    request,
  }) => {
    const user = await registerByApi(request);
    const lastPrice = async () => {
      const quotes = await request.get('/api/market/quotes?codes=7203');
      return Number(((await quotes.json()) as { data: { items: { last: string }[] } }).data.items[0]!.last);
    };
    let last = await lastPrice();

    await useLanguage(page, lang);
    await openSignedInPhone(page, user, ALERTS_PATH);
    await expect(page.getByTestId('alerts')).toContainText(message(lang, 'web', 'alerts.none'));

    // "Below" at a price above the market: it is already there, and the form says so under the price.
    await input(page, 'alert-code').fill('7203');
    // The code names its stock, with its last price: the alert is set against the stock meant. The simulated
    // price ticks, so the screen and the API are read again until both give the same one.
    await expect(async () => {
      last = await lastPrice();
      await expect(page.getByTestId('alert-instrument')).toHaveText(
        messageWith(lang, 'web', 'alerts.instrumentNow', {
          name: lang === 'ja' ? 'トヨタ自動車' : 'Toyota Motor',
          price: last.toLocaleString('en-US', { maximumFractionDigits: 2 }),
        }),
        { timeout: 1_000 },
      );
    }).toPass({ timeout: 20_000 });
    await screenshot(page, `${lang}-alert-form-instrument`);
    await page.getByTestId('alert-direction-below').click();
    await input(page, 'alert-price').fill(String(Math.ceil(last * 2)));
    await page.getByTestId('alert-submit').click();
    await expect(page.getByTestId('alert-price-error')).toBeVisible();
    await expect(page.getByTestId('alert')).toHaveCount(0);

    // "Above" twice the price: set, and listed as waiting.
    await page.getByTestId('alert-direction-above').click();
    await page.getByTestId('alert-submit').click();
    await expect(page.getByTestId('alert')).toHaveCount(1);
    await expect(page.getByTestId('alert')).toContainText(message(lang, 'web', 'alerts.waiting'));
    await expect(page.getByTestId('alert')).toContainText(lang === 'ja' ? 'トヨタ自動車' : 'Toyota Motor');
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `web-price-alerts-${lang}`);
    // The "alert set" toast fades out over the list; axe would measure its contrast mid-fade.
    await expect(page.locator('.adm-toast-mask')).toHaveCount(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await smallTapTargets(page)).toEqual([]);

    // Deleting asks first; cancelling keeps it.
    await page.getByTestId('alert-remove').click();
    await expect(page.getByRole('dialog')).toContainText(message(lang, 'web', 'alerts.removeTitle'));
    await page.getByRole('button', { name: message(lang, 'common', 'cancel') }).click();
    await expect(page.getByTestId('alert')).toHaveCount(1);
    // Arriving from マイページ, the phone's Back while the question is open closes the question (answered no) and
    // stays; the next Back leaves the screen.
    await page.goto('/#/pages/user/user');
    await expect(page.getByTestId('alerts')).toHaveCount(0);
    await page.goto(ALERTS_PATH);
    await page.getByTestId('alert-remove').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(/alerts/);
    await expect(page.getByTestId('alert')).toHaveCount(1);
    await page.goBack();
    await expect(page).toHaveURL(/#\/pages\/user\/user$/);
    await page.goForward();
    await expect(page.getByTestId('alert')).toHaveCount(1);
    await page.getByTestId('alert-remove').click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: message(lang, 'web', 'alerts.remove') })
      .click();
    await expect(page.getByTestId('alerts')).toContainText(message(lang, 'web', 'alerts.none'));
  });
}

test('the stock page leads to a price alert and to the order panel for its stock', async ({
  page,
  request,
}) => {
  const user = await registerByApi(request);
  await useLanguage(page, 'ja');
  await openSignedInPhone(page, user, '/#/subPackages/index/gupiaoDetail/gupiaoDetail?code=7203');
  await expect(page.getByTestId('stock-actions')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await page.getByTestId('quote-header').waitFor();
  await screenshot(page, 'web-stock-actions-ja');
  await page.getByTestId('stock-alert').click();
  await expect(input(page, 'alert-code')).toHaveValue('7203');
  await expect(page.getByTestId('alert-instrument')).toContainText('トヨタ自動車');
  await page.goBack();
  await page.getByTestId('stock-buy').click();
  await expect(page.getByTestId('order-form')).toBeVisible();
  await expect(page).toHaveURL(/side=long/);
});
