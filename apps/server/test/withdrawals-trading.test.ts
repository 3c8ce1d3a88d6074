// A withdrawal never takes cash that open positions need (docs/trading.md, "Withdrawals and trading").
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, get, post, verifiedInvestorWithBankAccount, type TestApp } from './harness';
import { deposit, MORNING, placeOrder, pushQuote, type OrderView } from './trading-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ requireStepUp: false });
});
afterAll(() => t.close());
beforeEach(async () => {
  t.clock.set(MORNING);
  await pushQuote(t, { bid: '2800', ask: '2800.5' });
});

/** A verified investor with a transaction password, a bank account and `cash` yen. */
async function trader(cash: string) {
  const trader = await verifiedInvestorWithBankAccount(t);
  await sql`UPDATE users SET credit_score = 100 WHERE id = ${BigInt(trader.userId)}`.execute(t.ctx.db);
  await deposit(t, trader, cash);
  return trader;
}

const withdraw = (user: { token: string; bankAccountId: string }, amount: string) =>
  post<{ id: string; amount: string }>(
    t.app,
    '/api/funding/withdrawals',
    { amount, bankAccountId: user.bankAccountId, transactionPassword: '246810' },
    user.token,
  );

const account = async (token: string) =>
  (
    await get<{ available: string; equity: string; margin: string; held: string }>(
      t.app,
      '/api/trading/account',
      token,
    )
  ).data;

// 10 lots at 3x at 2,800.50 yen: 933,500 yen of margin and a 2,800.50 yen fee; 63,699.50 yen stay available.
const leveragedLong = { code: '7203', side: 'long', type: 'market', lots: 10, leverage: 3 };

describe('a withdrawal with open positions', () => {
  it('is refused beyond equity less margin in use, so an unrealised loss is covered first', async () => {
    const user = await trader('1000000');
    expect((await placeOrder(t, user, leveragedLong)).data.status).toBe('filled');
    // Bid 2,700: the position is 100,500 yen down; equity 896,699.50 is 36,800.50 under the margin in use.
    await pushQuote(t, { bid: '2700', ask: '2700.5' });
    expect((await account(user.token)).available).toBe('63699.50');
    const refused = await withdraw(user, '20000');
    expect(refused).toMatchObject({
      errorCode: 'WITHDRAWAL_EXCEEDS_FREE_MARGIN',
      params: { amount: '0.00' },
    });
    expect((await account(user.token)).available).toBe('63699.50');

    // Back at 2,800: 500 yen down, so 63,199 yen may leave (transfers are in whole yen), not 63,699.50.
    await pushQuote(t, { bid: '2800', ask: '2800.5' });
    const over = await withdraw(user, '63500');
    expect(over).toMatchObject({
      errorCode: 'WITHDRAWAL_EXCEEDS_FREE_MARGIN',
      params: { amount: '63199.00' },
    });
    // The message shows the amount as the screens do; params keep the plain decimal.
    const inJapanese = await post(
      t.app,
      '/api/funding/withdrawals?lang=ja',
      { amount: '63500', bankAccountId: user.bankAccountId, transactionPassword: '246810' },
      user.token,
    );
    expect(inJapanese.msg).toBe(
      '建玉があるため、現在の出金可能額は63,199.00円です（利用可能現金から評価損を差し引いた額）',
    );
    const accepted = await withdraw(user, '63199');
    expect(accepted.code).toBe(1);
    const after = await account(user.token);
    expect(after.available).toBe('500.50');
    expect(BigInt(after.equity.replace('.', '')) - BigInt(after.margin.replace('.', ''))).toBe(50n);
  });

  it('pays no unrealised gain out: at most the available cash', async () => {
    const user = await trader('1000000');
    await placeOrder(t, user, leveragedLong);
    await pushQuote(t, { bid: '2990', ask: '2990.5' });
    expect((await withdraw(user, '70000')).errorCode).toBe('INSUFFICIENT_FUNDS');
    expect((await withdraw(user, '63699')).code).toBe(1);
  });

  it('counts what resting orders hold as margin in use', async () => {
    const user = await trader('1100000');
    await placeOrder(t, user, leveragedLong);
    await pushQuote(t, { bid: '2780', ask: '2780.5' });
    // 20,500 yen down: 143,199.50 yen free; a resting order at 3x then holds 90,000 + a 270 yen fee of it.
    const resting = await placeOrder(t, user, {
      code: '7203',
      side: 'long',
      type: 'limit',
      price: '2700',
      lots: 1,
      leverage: 3,
    });
    expect((resting.data as OrderView).status).toBe('open');
    expect((await account(user.token)).available).toBe('73429.50');
    expect(await withdraw(user, '60000')).toMatchObject({
      errorCode: 'WITHDRAWAL_EXCEEDS_FREE_MARGIN',
      params: { amount: '52929.00' },
    });
  });

  it('is refused while a margin call is open, whatever the amount', async () => {
    const user = await trader('1000000');
    await placeOrder(t, user, leveragedLong);
    // Stop low: equity is 17.7% of the notional, under the 20% maintenance level.
    await pushQuote(t, { bid: '2300', ask: '2300.5' });
    expect((await account(user.token)).available).toBe('63699.50');
    const refused = await withdraw(user, '10000');
    expect(refused.errorCode).toBe('WITHDRAWAL_DURING_MARGIN_CALL');
  });

  it('an order and a withdrawal at once never leave equity under the margin in use', async () => {
    const user = await trader('1100000');
    await placeOrder(t, user, leveragedLong);
    await pushQuote(t, { bid: '2790', ask: '2790.5' });
    // 10,500 yen down: 153,199.50 free. The order needs about 93,300 of it, the withdrawal 100,000: not both.
    const [order, withdrawal] = await Promise.all([
      placeOrder(t, user, { code: '7203', side: 'long', type: 'market', lots: 1, leverage: 3 }),
      withdraw(user, '100000'),
    ]);
    // Whichever comes first, the other is decided on what it left.
    expect([order.status === 200, withdrawal.code === 1].filter(Boolean)).toHaveLength(1);
    const after = await account(user.token);
    const sen = (text: string) => BigInt(text.replace('.', ''));
    expect(sen(after.equity) - sen(after.margin) - sen(after.held)).toBeGreaterThanOrEqual(0n);
    expect(sen(after.available)).toBeGreaterThanOrEqual(0n);
  });

  it('an account without trading still withdraws all its available cash', async () => {
    const user = await trader('50000');
    expect((await withdraw(user, '50000')).code).toBe(1);
  });
});

describe('GET /api/funding/withdrawable: what the withdrawal screen shows as 出金可能額', () => {
  const withdrawable = async (token?: string) =>
    get<{ withdrawable: string; available: string; limitedBy: string | null; factorRequired: boolean }>(
      t.app,
      '/api/funding/withdrawable',
      token,
    );

  it('is the available cash in whole yen, as a request must be, for an account without trading', async () => {
    const user = await trader('50000.25');
    expect((await withdrawable(user.token)).data).toEqual({
      withdrawable: '50000.00',
      available: '50000.25',
      limitedBy: null,
      factorRequired: false,
    });
    expect((await withdraw(user, '50000')).code).toBe(1);
  });

  it('is what a withdrawal would be allowed with positions open, and why it is below the available cash', async () => {
    const user = await trader('1000000');
    await placeOrder(t, user, leveragedLong);
    await pushQuote(t, { bid: '2800', ask: '2800.5' });
    expect((await withdrawable(user.token)).data).toEqual({
      withdrawable: '63199.00',
      available: '63699.50',
      limitedBy: 'free_margin',
      factorRequired: false,
    });
    // The figure shown is the one a request is decided by.
    expect((await withdraw(user, '63200')).params).toEqual({ amount: '63199.00' });
    expect((await withdraw(user, '63199')).code).toBe(1);
    expect((await withdrawable(user.token)).data).toMatchObject({
      withdrawable: '0.00',
      limitedBy: 'free_margin',
      factorRequired: false,
    });
  });

  it('with a gain, is the available cash only, in whole yen', async () => {
    const user = await trader('1000000');
    await placeOrder(t, user, leveragedLong);
    await pushQuote(t, { bid: '2990', ask: '2990.5' });
    expect((await withdrawable(user.token)).data).toEqual({
      withdrawable: '63699.00',
      available: '63699.50',
      limitedBy: null,
      factorRequired: false,
    });
  });

  it('is nothing during a margin call', async () => {
    const user = await trader('1000000');
    await placeOrder(t, user, leveragedLong);
    await pushQuote(t, { bid: '2300', ask: '2300.5' });
    expect((await withdrawable(user.token)).data).toEqual({
      withdrawable: '0.00',
      available: '63699.50',
      limitedBy: 'margin_call',
      factorRequired: false,
    });
  });

  it('answers each investor with their own account, and nobody without a session', async () => {
    const trading = await trader('1000000');
    await placeOrder(t, trading, leveragedLong);
    const other = await trader('20000');
    expect((await withdrawable(other.token)).data).toEqual({
      withdrawable: '20000.00',
      available: '20000.00',
      limitedBy: null,
      factorRequired: false,
    });
    expect((await withdrawable()).status).toBe(401);
    expect((await withdrawable('not-a-token')).status).toBe(401);
  });
});
