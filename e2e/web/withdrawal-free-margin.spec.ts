import { expect, test, type APIRequestContext } from '@playwright/test';
import { screenshot, userApi } from '../support';
import { loginByApi } from '../backoffice/staff-session';
import {
  escapeRegExp,
  expectNoHorizontalOverflow,
  input,
  investorWithCash,
  message,
  openSignedInPhone,
  TRANSACTION_PASSWORD,
  useLanguage,
  waitUntilSettled,
  withAuthenticatorAndBankAccount,
  placeOrderByApi,
} from './helpers';

/**
 * A withdrawal never takes cash that open positions need (docs/trading.md, "Withdrawals and trading"): with
 * leveraged positions open, an investor asks in the app for all of their available cash, more than the equity
 * left over the margin in use, and the form says under the amount, in Japanese, how much may leave now; nothing
 * is held.
 *
 * The positions are a 3x short and a 3x long of the same lots of MUFG (8306, traded by no other spec), opened
 * through the API one after the other: valued at the same last price, together they stay at a loss of the
 * spread whichever way the simulator moves the price, so the free margin stays below the available cash
 * without steering prices (no test price path).
 */
test.setTimeout(120_000);

const CODE = '8306';
const WITHDRAWAL = '/#/subPackages/withdrawal/withdrawal';

interface Account {
  available: string;
  held: string;
  margin: string;
  unrealisedPnl: string;
  equity: string;
  marginCall: unknown;
}

const sen = (decimal: string) => {
  const [whole = '0', cents = '00'] = decimal.replace('-', '').split('.');
  const value = BigInt(whole) * 100n + BigInt(cents.padEnd(2, '0'));
  return decimal.startsWith('-') ? -value : value;
};

/** "1234567.5" as the app shows yen: "1,234,567.50". */
const formatYen = (decimal: string) => {
  const [whole = '0', cents = ''] = decimal.split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents.padEnd(2, '0')}`;
};

async function marketOrder(
  request: APIRequestContext,
  token: string,
  side: 'long' | 'short',
  lots: number,
): Promise<void> {
  const order = await placeOrderByApi<{ status: string }>(request, token, {
    code: CODE,
    side,
    lots,
    leverage: 3,
  });
  expect(order.status).toBe('filled');
}

test('ja: with leveraged positions open, a withdrawal above the free margin is refused under the amount', async ({
  page,
  request,
}) => {
  const staff = await loginByApi(request);
  const investor = await investorWithCash(request, staff, '1000000');
  await withAuthenticatorAndBankAccount(request, investor);

  // About 700,000 yen of shares each way at 3x: some 470,000 yen of margin, a little over 500,000 yen free.
  const quotes = await userApi<{ items: { last: string }[] }>(
    request,
    investor.token,
    `/api/market/quotes?codes=${CODE}`,
  );
  const lots = Math.max(1, Math.floor(700_000 / (Number(quotes.items[0]!.last) * 100)));
  const account = () => userApi<Account>(request, investor.token, '/api/trading/account');
  let before = await account();
  // Should a tick fall between the two orders and leave the pair at a gain, another pair restores the loss.
  for (let pairs = 0; pairs < 3 && sen(before.unrealisedPnl) >= -100n; pairs += 1) {
    await marketOrder(request, investor.token, 'short', lots);
    await marketOrder(request, investor.token, 'long', lots);
    before = await account();
  }
  expect(before.marginCall).toBeNull();
  expect(sen(before.unrealisedPnl)).toBeLessThan(-100n);
  expect(sen(before.margin)).toBeGreaterThan(0n);
  // All the available cash in whole yen: within what the form itself allows, above the free margin.
  const asked = (sen(before.available) / 100n).toString();
  expect(BigInt(asked) * 100n).toBeGreaterThan(sen(before.equity) - sen(before.margin) - sen(before.held));

  await useLanguage(page, 'ja');
  await openSignedInPhone(page, investor, WITHDRAWAL);
  // 出金可能額 is what may leave now, below the cash, and says why.
  const withdrawable = page.getByTestId('withdrawal-available-amount');
  await expect(withdrawable).toHaveText(/^¥[\d,]+\.\d\d$/);
  expect(sen(((await withdrawable.textContent()) ?? '').replace(/[¥,]/g, ''))).toBeLessThan(
    sen(before.available),
  );
  await expect(page.getByTestId('withdrawal-limited')).toHaveText(
    message('ja', 'web', 'funding.withdrawal.limitedBy.free_margin').replace(
      '{{available}}',
      `¥${formatYen(before.available)}`,
    ),
  );
  await input(page, 'withdrawal-amount').fill(asked);
  await page.getByTestId('withdrawal-bank').first().click();
  await input(page, 'withdrawal-password').fill(TRANSACTION_PASSWORD);
  await page.getByTestId('withdrawal-review').click();

  // Refused before any confirmation is asked for, under the amount, in Japanese, with the amount that may
  // leave now; no code, no English.
  const error = page.getByTestId('withdrawal-amount-error');
  const [prefix, suffix] = message('ja', 'errors', 'WITHDRAWAL_EXCEEDS_FREE_MARGIN').split('{{amount}}');
  await expect(error).toHaveText(
    new RegExp(`^${escapeRegExp(prefix!)}[\\d,]+\\.\\d\\d${escapeRegExp(suffix!)}$`),
  );
  const shown = sen(
    ((await error.textContent()) ?? '').slice(prefix!.length, -suffix!.length).replaceAll(',', ''),
  );
  expect(shown).toBeGreaterThanOrEqual(0n);
  expect(shown).toBeLessThan(BigInt(asked) * 100n);
  expect(shown % 100n).toBe(0n);
  await expect(error).not.toContainText('WITHDRAWAL_');
  await expect(error).toHaveAttribute('id', 'withdrawal-amount-error');
  await expect(input(page, 'withdrawal-amount')).toHaveAttribute(
    'aria-describedby',
    /withdrawal-amount-error/,
  );
  await expect(page.getByTestId('withdrawal-alert')).toHaveCount(0);
  await expect(page.getByTestId('withdrawal-confirm')).toHaveCount(0);
  // Nothing was held: the amount asked for is still in the field, the cash as it was, no request.
  await expect(input(page, 'withdrawal-amount')).toHaveValue(asked);
  await expect(page.getByTestId('withdrawal-record')).toHaveCount(0);
  const after = await account();
  expect(after.available).toBe(before.available);
  expect(after.held).toBe(before.held);
  await waitUntilSettled(error);
  await expectNoHorizontalOverflow(page);
  await error.scrollIntoViewIfNeeded();
  await screenshot(page, 'ja-withdrawal-free-margin-refused');
});
