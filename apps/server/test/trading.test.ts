import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, get, staffToken, type TestApp } from './harness';
import {
  investor,
  ledgerBalances,
  MORNING,
  placeOrder,
  pushQuote,
  send,
  tradingSnapshot,
  yen,
  type OrderView,
  type PositionView,
} from './trading-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sessionIdleSeconds: 30 * 86400, sessionTtlSeconds: 30 * 86400 });
  t.clock.set(MORNING);
});
afterAll(() => t.close());
beforeEach(async () => {
  t.clock.set(MORNING);
  await pushQuote(t, { bid: '2800', ask: '2800.5' });
});

const verified = async () => {
  const admin = await staffToken(t);
  return (await get<{ balanced: boolean }>(t.app, '/api/staff/ledger/verify', admin)).data.balanced;
};

/** The kinds of the journal entries of an order, in the order they were posted. */
async function entryKinds(orderId: string): Promise<string[]> {
  const entries = await t.ctx.db
    .selectFrom('journal_entries')
    .select(['kind'])
    .where('reference', '=', `order:${orderId}`)
    .orderBy('id')
    .execute();
  return entries.map((entry) => entry.kind);
}

describe('a 2x market long', () => {
  it('fills at the ask, posts margin and fee, and a close pays the P&L into the balance', async () => {
    const user = await investor(t, '1000000');
    const placed = await placeOrder(t, user, {
      code: '7203',
      side: 'long',
      type: 'market',
      lots: 1,
      leverage: 2,
    });
    expect(placed).toMatchObject({ code: 1, data: { status: 'filled', fillPrice: '2800.50' } });
    // The fill's message names the stock and counts shares, in the reader's language.
    const filled = async (lang: string) =>
      (
        await get<{ items: { kind: string; body: string }[] }>(
          t.app,
          `/api/messages?lang=${lang}`,
          user.token,
        )
      ).data.items.find((message) => message.kind === 'order_filled')?.body;
    // Named as its screens name it: a buy at 2x is margin trading.
    expect(await filled('ja')).toBe(
      'トヨタ自動車（7203）100株の新規買（信用）注文が2,800.5円で約定しました。',
    );
    expect(await filled('en')).toBe(
      'Your order (Buy to open, on margin) for 100 shares of Toyota Motor (7203) was filled at ¥2,800.5.',
    );
    // 100 shares at 2,800.50 = 280,050 yen; margin at 2x 140,025; fee 0.1% = 280.05 (above the 100 yen minimum).
    const position = await send<PositionView>(t, 'GET', `/api/positions/${placed.data.id}`, user.token);
    expect(position.data).toMatchObject({
      status: 'holding',
      entryPrice: '2800.50',
      margin: '140025.00',
      openFee: '280.05',
    });
    expect(await ledgerBalances(t, user)).toMatchObject({
      cash_available: yen('1000000') - yen('140025') - yen('280.05'),
      cash_held: 0n,
      margin_posted: yen('140025'),
      trading_debt: 0n,
    });
    // Filled as it was accepted: one entry, from cash straight to margin and fee (nothing was ever held).
    expect(await entryKinds(placed.data.id)).toEqual(['order_fill']);
    // The balance panel: the margin is still the investor's money; only the fee has left.
    const balances = await send<{ total: string; marginInUse: string }>(
      t,
      'GET',
      '/api/account/balances',
      user.token,
    );
    expect(balances.data).toMatchObject({ total: '999719.95', marginInUse: '140025.00' });

    // The price rises 100 yen: the close sells at the bid, 2,900.
    await pushQuote(t, { bid: '2900', ask: '2900.5' });
    const closed = await send<PositionView>(
      t,
      'POST',
      `/api/positions/${placed.data.id}/close`,
      user.token,
      { type: 'market' },
      'close-1',
    );
    expect(closed.data).toMatchObject({
      status: 'closed',
      exitPrice: '2900.00',
      realisedPnl: '9950.00',
      closeFee: '290.00',
      closeReason: 'user',
    });
    expect(await ledgerBalances(t, user)).toMatchObject({
      cash_available: yen('1000000') + yen('9950') - yen('280.05') - yen('290'),
      margin_posted: 0n,
      cash_held: 0n,
    });
    expect(await verified()).toBe(true);
  });
});

describe('a limit order', () => {
  it('rests holding its margin and fee in cash_held; a cancel returns them', async () => {
    const user = await investor(t, '1000000');
    const placed = await placeOrder(t, user, {
      code: '7203',
      side: 'long',
      type: 'limit',
      price: '2790',
      lots: 2,
      leverage: 1,
    });
    // 200 shares at 2,790 = 558,000 yen, all of it margin at 1x; fee 558 yen.
    expect(placed.data).toMatchObject({
      status: 'open',
      price: '2790.00',
      heldMargin: '558000.00',
      heldFee: '558.00',
    });
    expect(await ledgerBalances(t, user)).toMatchObject({
      cash_available: yen('1000000') - yen('558558'),
      cash_held: yen('558558'),
    });
    const open = await send<{ items: { id: string }[] }>(t, 'GET', '/api/orders?status=open', user.token);
    expect(open.data.items.map((order) => order.id)).toEqual([placed.data.id]);

    const cancelled = await send<OrderView>(t, 'DELETE', `/api/orders/${placed.data.id}`, user.token);
    expect(cancelled.data).toMatchObject({ status: 'cancelled', cancelReason: 'user' });
    expect(await ledgerBalances(t, user)).toMatchObject({ cash_available: yen('1000000'), cash_held: 0n });
    const again = await send(t, 'DELETE', `/api/orders/${placed.data.id}`, user.token);
    expect(again).toMatchObject({ status: 409, errorCode: 'ORDER_NOT_OPEN' });
    const history = await send<{ items: { id: string }[] }>(
      t,
      'GET',
      '/api/orders?status=history',
      user.token,
    );
    expect(history.data.items.map((order) => order.id)).toEqual([placed.data.id]);
  });

  it('fills when the market reaches it, at the limit or better', async () => {
    const user = await investor(t, '1000000');
    const placed = await placeOrder(t, user, {
      code: '7203',
      side: 'long',
      type: 'limit',
      price: '2790',
      lots: 1,
      leverage: 1,
    });
    await pushQuote(t, { bid: '2785', ask: '2785.5' });
    const positions = await send<{ items: PositionView[] }>(
      t,
      'GET',
      '/api/positions?status=open',
      user.token,
    );
    expect(positions.data.items).toMatchObject([
      { id: placed.data.id, status: 'holding', entryPrice: '2785.50' },
    ]);
    expect((await ledgerBalances(t, user)).cash_held).toBe(0n);
    // It rested first: its hold and its fill are two entries.
    expect(await entryKinds(placed.data.id)).toEqual(['order_hold', 'order_fill']);
  });
});

describe('refusals', () => {
  const order = { code: '7203', side: 'long', type: 'market', lots: 1, leverage: 1 };
  it.each([
    ['a price off the tick grid', { type: 'limit', price: '2800.3' }, 'ORDER_PRICE_OFF_TICK'],
    ['a price beyond the daily limit', { type: 'limit', price: '3400' }, 'ORDER_PRICE_OUTSIDE_LIMITS'],
    ['a market order with a price', { price: '2800' }, 'ORDER_PRICE_NOT_ALLOWED'],
    ['a limit order without a price', { type: 'limit' }, 'ORDER_PRICE_REQUIRED'],
    ['an unknown code', { code: '0000' }, 'INSTRUMENT_NOT_FOUND'],
    ['zero lots', { lots: 0 }, 'ORDER_LOTS_INVALID'],
    ['more lots than one order may be for', { lots: 10_001 }, 'ORDER_LOTS_ABOVE_MAX'],
    ['a leverage not offered', { leverage: 5 }, 'ORDER_LEVERAGE_NOT_ALLOWED'],
    ['more than the cash covers', { lots: 4 }, 'ORDER_INSUFFICIENT_FUNDS'],
    ['a stop-loss above a long entry', { stopLoss: '2900' }, 'ORDER_STOP_LOSS_INVALID'],
    // Below the entry (the ask, 2,800.50) but already reached at the bid a long is sold into.
    ['a long’s stop-loss at the bid', { stopLoss: '2800' }, 'ORDER_STOP_LOSS_INVALID'],
    ['a short’s stop-loss at the ask', { side: 'short', stopLoss: '2800.5' }, 'ORDER_STOP_LOSS_INVALID'],
  ])('%s is refused with its code and changes nothing', async (_name, change, errorCode) => {
    const user = await investor(t, '1000000');
    const before = await tradingSnapshot(t, user);
    const refused = await placeOrder(t, user, { ...order, ...change });
    expect(refused).toMatchObject({ code: 0, errorCode });
    expect(await tradingSnapshot(t, user)).toEqual(before);
  });

  it('refuses every order without a passed identity verification', async () => {
    const user = await investor(t, '1000000', { kyc: false });
    const before = await tradingSnapshot(t, user);
    expect(await placeOrder(t, user, order)).toMatchObject({ status: 403, errorCode: 'KYC_NOT_PASSED' });
    expect(await send(t, 'POST', '/api/orders/preview', user.token, order)).toMatchObject({
      errorCode: 'KYC_NOT_PASSED',
    });
    expect(await tradingSnapshot(t, user)).toEqual(before);
  });

  it('refuses leverage below the minimum equity (300,000 yen) but allows 1x', async () => {
    const user = await investor(t, '200000');
    const before = await tradingSnapshot(t, user);
    expect(await placeOrder(t, user, { ...order, leverage: 2 })).toMatchObject({
      errorCode: 'ORDER_MINIMUM_EQUITY_REQUIRED',
    });
    expect(await tradingSnapshot(t, user)).toEqual(before);
    expect(await placeOrder(t, user, { ...order, lots: 0.5 })).toMatchObject({
      errorCode: 'ORDER_LOTS_INVALID',
    });
    // 1x needs no minimum: but 280,330 yen is more than this account has.
    expect(await placeOrder(t, user, order)).toMatchObject({ errorCode: 'ORDER_INSUFFICIENT_FUNDS' });
  });
});

describe('the confirmation popup', () => {
  it('gives notional, margin, fee and the estimated liquidation price, and changes nothing', async () => {
    const user = await investor(t, '300000');
    const before = await tradingSnapshot(t, user);
    const preview = await send<Record<string, unknown>>(t, 'POST', '/api/orders/preview', user.token, {
      code: '7203',
      side: 'long',
      type: 'market',
      lots: 2,
      leverage: 2,
    });
    // Equity after the fee 299,439.90 yen; the liquidation level is 10% of the 560,100 yen notional, reached
    // after 243,429.90 yen of loss: 1,217.15 yen a share below the entry, rounded down to the tick.
    expect(preview.data).toEqual({
      price: '2800.50',
      fillsNow: true,
      notional: '560100.00',
      margin: '280050.00',
      fee: '560.10',
      total: '280610.10',
      estimatedLiquidationPrice: '1583.00',
      liquidationOnRise: false,
      // 買方金利 on the financed 280,050 yen: × 2.80% / 365 = 21.483… yen a day, rounded down.
      dailyCharge: { kind: 'long_interest', rateBpPerYear: 280, perDay: '21.48' },
      validity: 'day',
      validUntil: '2026-11-24',
    });
    expect(await tradingSnapshot(t, user)).toEqual(before);
  });

  it('names the daily borrow fee of a short and no daily charge for a 1x buy', async () => {
    const user = await investor(t, '300000');
    const previewOf = (side: 'long' | 'short') =>
      send<Record<string, unknown>>(t, 'POST', '/api/orders/preview', user.token, {
        code: '7203',
        side,
        type: 'market',
        lots: 1,
        leverage: 1,
      });
    // Sold at the bid, 2,799.50: 279,950 yen × 1.15% / 365 = 8.820… yen a day.
    expect((await previewOf('short')).data).toMatchObject({
      dailyCharge: { kind: 'short_borrow_fee', rateBpPerYear: 115, perDay: '8.82' },
    });
    expect((await previewOf('long')).data).toMatchObject({ dailyCharge: null });
  });
});

describe("the investor's statement", () => {
  it('lists trading entries with their kinds and stock, in the JSON and the CSV', async () => {
    const user = await investor(t, '1000000');
    const placed = await placeOrder(t, user, {
      code: '7203',
      side: 'long',
      type: 'market',
      lots: 1,
      leverage: 2,
    });
    expect(placed.status).toBe(200);
    const closed = await send(
      t,
      'POST',
      `/api/positions/${placed.data.id}/close`,
      user.token,
      { type: 'market' },
      `close-${placed.data.id}`,
    );
    expect(closed.status).toBe(200);
    type Entry = { kind: string; instrument: { code: string; nameJa: string; nameEn: string } | null };
    const ledger = await get<{ items: Entry[] }>(t.app, '/api/account/ledger?lang=ja', user.token);
    expect(ledger.status).toBe(200);
    expect(ledger.data.items.map((item) => item.kind)).toEqual(
      expect.arrayContaining(['deposit', 'order_fill', 'position_close']),
    );
    const toyota = { code: '7203', nameJa: 'トヨタ自動車', nameEn: 'Toyota Motor' };
    for (const item of ledger.data.items) {
      expect(item.instrument).toEqual(item.kind === 'deposit' ? null : toyota);
    }
    const csv = await t.app.inject({
      url: '/api/account/ledger.csv?lang=ja',
      headers: { token: user.token },
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toContain('銘柄コード,銘柄名');
    expect(lines.find((line) => line.includes('新規建約定'))).toContain(',7203,トヨタ自動車,');
    expect(lines.find((line) => line.includes('決済約定'))).toContain(',7203,トヨタ自動車,');
    const english = await t.app.inject({
      url: '/api/account/ledger.csv?lang=en',
      headers: { token: user.token },
    });
    expect(english.body).toContain(',7203,Toyota Motor,');
  });
});
