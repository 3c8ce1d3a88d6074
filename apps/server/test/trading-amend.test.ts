import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, get, registerUser, staffToken, type TestApp } from './harness';
import {
  investor,
  ledgerBalances,
  MORNING,
  freshRequestKey,
  placeOrder,
  pushQuote,
  send,
  tradingSnapshot,
  yen,
  type OrderView,
  type PositionView,
} from './trading-helpers';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ sessionIdleSeconds: 30 * 86400, sessionTtlSeconds: 30 * 86400 });
  t.clock.set(MORNING);
  admin = await staffToken(t);
});
afterAll(() => t.close());
beforeEach(async () => {
  t.clock.set(MORNING);
  await pushQuote(t, { bid: '2800', ask: '2800.5' });
});

type AmendedView = OrderView & {
  amendsOrderId: string | null;
  amendedByOrderId: string | null;
  lots: number;
};
type Investor = Awaited<ReturnType<typeof investor>>;

const resting = (user: Investor, change: object = {}) =>
  placeOrder(t, user, {
    code: '7203',
    side: 'long',
    type: 'limit',
    price: '2790',
    lots: 1,
    leverage: 1,
    takeProfit: '2900',
    validity: 'week',
    ...change,
  });

const amend = (user: { token: string }, id: string, body: object, key = freshRequestKey(), lang = 'en') =>
  send<AmendedView>(t, 'POST', `/api/orders/${id}/amend?lang=${lang}`, user.token, body, key);

const preview = (user: { token: string }, id: string, body: object) =>
  send<{ notional: string; margin: string; fee: string; total: string; validity: string }>(
    t,
    'POST',
    `/api/orders/${id}/amend/preview?lang=en`,
    user.token,
    body,
  );

const verified = async () => {
  return (await get<{ balanced: boolean }>(t.app, '/api/staff/ledger/verify', admin)).data.balanced;
};

describe('POST /api/orders/:id/amend (訂正)', () => {
  it('replaces a resting limit order by one at the new price and lots, moving the hold through the ledger', async () => {
    const user = await investor(t, '1000000');
    const placed = await resting(user, { lots: 3 });
    const amended = await amend(user, placed.data.id, { price: '2780', lots: 2 });
    expect(amended.status).toBe(200);
    expect(amended.data).toMatchObject({
      status: 'open',
      price: '2780.00',
      lots: 2,
      takeProfit: '2900.00',
      validity: 'week',
      amendsOrderId: placed.data.id,
      amendedByOrderId: null,
      heldMargin: '556000.00',
      heldFee: '556.00',
    });
    expect(amended.data.id).not.toBe(placed.data.id);
    expect(placed.data).toMatchObject({ amendedByOrderId: null });
    const old = await send<{ items: AmendedView[] }>(t, 'GET', '/api/orders?status=history', user.token);
    expect(old.data.items).toMatchObject([
      { id: placed.data.id, status: 'cancelled', cancelReason: 'amended', amendedByOrderId: amended.data.id },
    ]);
    const open = await send<{ items: AmendedView[] }>(t, 'GET', '/api/orders?status=open', user.token);
    expect(open.data.items.map((order) => order.id)).toEqual([amended.data.id]);
    expect(await ledgerBalances(t, user)).toMatchObject({
      cash_available: yen('1000000') - yen('556556'),
      cash_held: yen('556556'),
    });
    expect(await verified()).toBe(true);

    // The market reaches the new price: only the new order fills.
    await pushQuote(t, { bid: '2779.5', ask: '2780' });
    const positions = await send<{ items: PositionView[] }>(
      t,
      'GET',
      '/api/positions?status=open',
      user.token,
    );
    expect(positions.data.items.map((position) => position.id)).toEqual([amended.data.id]);
  });

  it('answers a retry with the same key with the same new order, and refuses the key for another request', async () => {
    const user = await investor(t, '1000000');
    const placed = await resting(user);
    const key = freshRequestKey();
    const first = await amend(user, placed.data.id, { price: '2785', lots: 1 }, key);
    const retry = await amend(user, placed.data.id, { price: '2785', lots: 1 }, key);
    expect(retry.data).toEqual(first.data);
    const other = await amend(user, placed.data.id, { price: '2780', lots: 1 }, key);
    expect(other).toMatchObject({ code: 0, errorCode: 'IDEMPOTENCY_KEY_REUSED' });
    const open = await send<{ items: AmendedView[] }>(t, 'GET', '/api/orders?status=open', user.token);
    expect(open.data.items.map((order) => order.id)).toEqual([first.data.id]);
  });

  it('refuses a malformed Idempotency-Key and changes nothing', async () => {
    const user = await investor(t, '1000000');
    const placed = await resting(user);
    const before = await tradingSnapshot(t, user);
    const refused = await amend(user, placed.data.id, { price: '2780', lots: 1 }, 'not a key!');
    expect(refused).toMatchObject({ code: 0, errorCode: 'IDEMPOTENCY_KEY_INVALID' });
    expect(await tradingSnapshot(t, user)).toEqual(before);
  });

  it.each([
    ['the same price and lots', { price: '2790', lots: 1 }, 400, 'ORDER_AMEND_UNCHANGED'],
    ['a price off the tick grid', { price: '2780.3', lots: 1 }, 400, 'ORDER_PRICE_OFF_TICK'],
    ['a price beyond the daily limit', { price: '3400', lots: 1 }, 400, 'ORDER_PRICE_OUTSIDE_LIMITS'],
    ['more lots than the order has', { price: '2780', lots: 2 }, 400, 'ORDER_AMEND_LOTS_INCREASED'],
    ['zero lots', { price: '2790', lots: 0 }, 400, 'ORDER_LOTS_INVALID'],
    ['no price', { lots: 2 }, 400, 'ORDER_PRICE_INVALID'],
    ['an unknown field', { price: '2780', lots: 1, leverage: 3 }, 400, 'UNKNOWN_FIELD'],
  ])('%s is refused with its code and changes nothing', async (_name, body, status, errorCode) => {
    const user = await investor(t, '1000000');
    const placed = await resting(user);
    const before = await tradingSnapshot(t, user);
    const refused = await amend(user, placed.data.id, body);
    expect(refused).toMatchObject({ status, code: 0, errorCode });
    expect(await tradingSnapshot(t, user)).toEqual(before);
  });

  it('refuses in the language asked for', async () => {
    const user = await investor(t, '1000000');
    const placed = await resting(user);
    const refused = await amend(user, placed.data.id, { price: '2790', lots: 1 }, freshRequestKey(), 'ja');
    expect(refused.msg).toBe('訂正する価格か数量を変更してください');
    const more = await amend(user, placed.data.id, { price: '2790', lots: 2 }, freshRequestKey(), 'ja');
    expect(more).toMatchObject({ status: 400, errorCode: 'ORDER_AMEND_LOTS_INCREASED' });
    expect(more.msg).toBe('数量を増やす訂正はできません。追加する分は改めて発注してください');
  });

  it("refuses another investor's order as not found, and changes nothing", async () => {
    const owner = await investor(t, '1000000');
    const other = await investor(t, '1000000');
    const placed = await resting(owner);
    const before = await tradingSnapshot(t, owner);
    expect(await amend(other, placed.data.id, { price: '2780', lots: 1 })).toMatchObject({
      status: 404,
      errorCode: 'ORDER_NOT_FOUND',
    });
    expect(await preview(other, placed.data.id, { price: '2780', lots: 1 })).toMatchObject({
      status: 404,
      errorCode: 'ORDER_NOT_FOUND',
    });
    expect(await tradingSnapshot(t, owner)).toEqual(before);
  });

  it('needs a session and a passed identity verification', async () => {
    const owner = await investor(t, '1000000');
    const placed = await resting(owner);
    expect(await amend({ token: '' }, placed.data.id, { price: '2780', lots: 1 })).toMatchObject({
      status: 401,
    });
    const unverified = await registerUser(t);
    expect(await amend(unverified, placed.data.id, { price: '2780', lots: 1 })).toMatchObject({
      code: 0,
    });
  });

  it('refuses an order that is no longer open, and a market order waiting for the opening', async () => {
    const user = await investor(t, '1000000');
    const placed = await resting(user);
    await send(t, 'DELETE', `/api/orders/${placed.data.id}`, user.token);
    expect(await amend(user, placed.data.id, { price: '2780', lots: 1 })).toMatchObject({
      status: 409,
      errorCode: 'ORDER_NOT_OPEN',
    });
    expect(await preview(user, placed.data.id, { price: '2780', lots: 1 })).toMatchObject({
      status: 409,
      errorCode: 'ORDER_NOT_OPEN',
    });

    await pushQuote(t, { bid: '2800', ask: '2800.5' }, { phase: 'lunch-break' });
    const waiting = await placeOrder(t, user, {
      code: '7203',
      side: 'long',
      type: 'market',
      lots: 1,
      leverage: 1,
    });
    expect(waiting.data.status).toBe('open');
    expect(await amend(user, waiting.data.id, { price: '2780', lots: 1 })).toMatchObject({
      status: 409,
      errorCode: 'ORDER_NOT_AMENDABLE',
    });
  });

  it('amends an order once when two amendments race: the other is told the order is no longer open', async () => {
    const user = await investor(t, '1000000');
    const placed = await resting(user);
    const results = await Promise.all([
      amend(user, placed.data.id, { price: '2780', lots: 1 }),
      amend(user, placed.data.id, { price: '2785', lots: 1 }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    expect(results.find((result) => result.status === 409)).toMatchObject({ errorCode: 'ORDER_NOT_OPEN' });
    const open = await send<{ items: AmendedView[] }>(t, 'GET', '/api/orders?status=open', user.token);
    expect(open.data.items).toHaveLength(1);
    expect(await verified()).toBe(true);
  });
});

describe('POST /api/orders/:id/amend/preview', () => {
  it("gives the amended order's figures on the cash the old order frees, and changes nothing", async () => {
    const user = await investor(t, '838000');
    const placed = await resting(user, { lots: 3 });
    const before = await tradingSnapshot(t, user);
    // 2 lots at 2,780 need 556,556 yen: more than the 163 left available, not more than the old hold frees.
    const figures = await preview(user, placed.data.id, { price: '2780', lots: 2 });
    expect(figures.data).toMatchObject({
      notional: '556000.00',
      margin: '556000.00',
      fee: '556.00',
      total: '556556.00',
      validity: 'week',
    });
    // The same 3 lots at 2,795 need 839,338.50 yen: more than the freed hold and the cash together.
    expect(await preview(user, placed.data.id, { price: '2795', lots: 3 })).toMatchObject({
      status: 409,
      errorCode: 'ORDER_INSUFFICIENT_FUNDS',
    });
    expect(await preview(user, placed.data.id, { price: '2780', lots: 4 })).toMatchObject({
      status: 400,
      errorCode: 'ORDER_AMEND_LOTS_INCREASED',
    });
    expect(await tradingSnapshot(t, user)).toEqual(before);
  });
});
