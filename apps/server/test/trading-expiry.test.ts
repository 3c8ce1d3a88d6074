// Order validity (期間): day and week orders, their last valid date, and the daily run that expires them.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tradingOf } from '../src/modules/trading';
import { get, type TestApp } from './harness';
import {
  investor,
  ledgerBalanced,
  ledgerBalances,
  MORNING,
  placeOrder,
  pushQuote,
  send,
  tradingSnapshot,
  tradingTestApp,
  yen,
  type OrderView,
} from './trading-helpers';

type ValidOrder = OrderView & { validity: string; validUntil: string };

let t: TestApp;
let admin: string;
beforeAll(async () => {
  ({ t, admin } = await tradingTestApp());
});
afterAll(() => t.close());
beforeEach(async () => {
  t.clock.set(MORNING);
  await pushQuote(t, { bid: '2800', ask: '2800.5' });
});

const limit = { code: '7203', side: 'long', type: 'limit', price: '2790', lots: 1, leverage: 1 };
const market = { code: '7203', side: 'long', type: 'market', lots: 1, leverage: 1 };
/** 2,790 yen × 100 shares at 1x, and its 279 yen fee. */
const HELD = yen('279279');

const balanced = () => ledgerBalanced(t, admin);

describe('placing with a validity', () => {
  it('is a day order by default, for today; a week order lasts to the last business day of the week', async () => {
    const user = await investor(t, '1000000');
    // Tuesday 2026-11-24 10:00 JST; that week's Friday (27th) is a business day.
    const day = await placeOrder(t, user, limit);
    expect(day.data).toMatchObject({ status: 'open', validity: 'day', validUntil: '2026-11-24' });
    const week = await placeOrder(t, user, { ...limit, validity: 'week' });
    expect(week.data).toMatchObject({ status: 'open', validity: 'week', validUntil: '2026-11-27' });
    const listed = await send<{ items: ValidOrder[] }>(t, 'GET', '/api/orders?status=open', user.token);
    expect(listed.data.items.map((order) => [order.validity, order.validUntil])).toEqual([
      ['week', '2026-11-27'],
      ['day', '2026-11-24'],
    ]);
    for (const order of [day, week]) await send(t, 'DELETE', `/api/orders/${order.data.id}`, user.token);
  });

  it('is for the next business day after the close and on a holiday, like the order itself', async () => {
    const user = await investor(t, '1000000');
    t.clock.set(new Date('2026-11-24T07:00:00Z')); // Tuesday 16:00 JST, after the close
    expect((await placeOrder(t, user, limit)).data).toMatchObject({ validUntil: '2026-11-25' });
    t.clock.set(new Date('2026-11-28T01:00:00Z')); // Saturday
    expect((await placeOrder(t, user, limit)).data).toMatchObject({ validUntil: '2026-11-30' });
    // Friday after the close: 今週中 is next week's, ending Friday 2026-12-04.
    t.clock.set(new Date('2026-11-27T07:00:00Z'));
    expect((await placeOrder(t, user, { ...limit, validity: 'week' })).data).toMatchObject({
      validUntil: '2026-12-04',
    });
    t.clock.set(MORNING);
    const open = await send<{ items: ValidOrder[] }>(t, 'GET', '/api/orders?status=open', user.token);
    for (const order of open.data.items) await send(t, 'DELETE', `/api/orders/${order.id}`, user.token);
  });

  it('shows the validity and last date in the confirmation', async () => {
    const user = await investor(t, '1000000');
    const preview = await send(t, 'POST', '/api/orders/preview', user.token, { ...limit, validity: 'week' });
    expect(preview.data).toMatchObject({ fillsNow: false, validity: 'week', validUntil: '2026-11-27' });
  });

  it.each([
    ['an unknown validity', limit, 'month'],
    ['a week-long market order', market, 'week'],
  ])('refuses %s with a localised message and changes nothing', async (_name, order, validity) => {
    const user = await investor(t, '1000000');
    const before = await tradingSnapshot(t, user);
    const ja = await send(t, 'POST', '/api/orders?lang=ja', user.token, { ...order, validity }, 'v-ja');
    expect(ja).toMatchObject({ status: 400, errorCode: 'ORDER_VALIDITY_INVALID' });
    expect(ja.msg).toContain('当日中');
    const en = await send(t, 'POST', '/api/orders?lang=en', user.token, { ...order, validity }, 'v-en');
    expect(en.msg).toMatch(/today only/);
    const preview = await send(t, 'POST', '/api/orders/preview', user.token, { ...order, validity });
    expect(preview).toMatchObject({ status: 400, errorCode: 'ORDER_VALIDITY_INVALID' });
    expect(await tradingSnapshot(t, user)).toEqual(before);
  });

  it('keeps the validity in the idempotent request: the same key with another validity is refused', async () => {
    const user = await investor(t, '1000000');
    const first = await placeOrder(t, user, limit, 'same-key');
    expect(await placeOrder(t, user, { ...limit, validity: 'day' }, 'same-key')).toMatchObject({
      errorCode: 'IDEMPOTENCY_KEY_REUSED',
    });
    await send(t, 'DELETE', `/api/orders/${first.data.id}`, user.token);
  });
});

describe('the daily run', () => {
  it('cancels orders past their date as expired, releasing their holds; once, and only its own user sees them', async () => {
    const user = await investor(t, '1000000');
    const other = await investor(t, '1000000');
    const day = await placeOrder(t, user, limit);
    const week = await placeOrder(t, user, { ...limit, validity: 'week' });
    expect((await ledgerBalances(t, user)).cash_held).toBe(HELD * 2n);
    // Another investor can neither see nor cancel them.
    const theirs = await send<{ items: ValidOrder[] }>(t, 'GET', '/api/orders', other.token);
    expect(theirs.data.items).toEqual([]);
    expect(await send(t, 'DELETE', `/api/orders/${day.data.id}`, other.token)).toMatchObject({
      status: 404,
      errorCode: 'ORDER_NOT_FOUND',
    });

    const trading = tradingOf(t.ctx);
    const wednesday = new Date('2026-11-24T15:00:00Z'); // 00:00 JST
    await trading.accrueDaily(wednesday);
    const history = await send<{ items: ValidOrder[] }>(t, 'GET', '/api/orders?status=history', user.token);
    expect(history.data.items).toMatchObject([
      { id: day.data.id, status: 'cancelled', cancelReason: 'expired', validUntil: '2026-11-24' },
    ]);
    expect(await ledgerBalances(t, user)).toMatchObject({
      cash_available: yen('1000000') - HELD,
      cash_held: HELD,
    });
    const entries = () =>
      t.ctx.db
        .selectFrom('journal_entries')
        .select(['kind'])
        .where('reference', '=', `order:${day.data.id}`)
        .orderBy('id')
        .execute();
    expect((await entries()).map((entry) => entry.kind)).toEqual(['order_hold', 'order_release']);
    const messages = async () =>
      (await get<{ items: { title: string; body: string }[] }>(t.app, '/api/messages?lang=ja', user.token))
        .data.items;
    const [message] = await messages();
    expect(message).toMatchObject({ title: '注文失効のお知らせ' });
    expect(message!.body).toContain('2026/11/24');
    expect(await messages()).toHaveLength(1);

    // Again, and after a rebuild from the database (a restart): nothing is cancelled twice.
    const before = await tradingSnapshot(t, user);
    await trading.accrueDaily(new Date('2026-11-24T16:00:00Z'));
    await trading.reload();
    await trading.accrueDaily(new Date('2026-11-24T17:00:00Z'));
    expect(await tradingSnapshot(t, user)).toEqual(before);
    expect(await messages()).toHaveLength(1);
    expect(await send(t, 'DELETE', `/api/orders/${day.data.id}`, user.token)).toMatchObject({
      errorCode: 'ORDER_NOT_OPEN',
    });

    // The week order rests through Friday and expires at Saturday's run.
    t.clock.set(new Date('2026-11-27T01:00:00Z'));
    await trading.accrueDaily(t.clock.now());
    expect((await ledgerBalances(t, user)).cash_held).toBe(HELD);
    await trading.accrueDaily(new Date('2026-11-27T15:00:00Z'));
    const all = await send<{ items: ValidOrder[] }>(t, 'GET', '/api/orders', user.token);
    expect(all.data.items.map((order) => [order.id, order.cancelReason])).toEqual([
      [week.data.id, 'expired'],
      [day.data.id, 'expired'],
    ]);
    expect((await ledgerBalances(t, user)).cash_held).toBe(0n);
    expect((await ledgerBalances(t, user)).cash_available).toBe(yen('1000000'));
    expect(await balanced()).toBe(true);
  });

  it('keeps each order’s date across a rebuild: a price after it cancels the order instead of filling it', async () => {
    const user = await investor(t, '1000000');
    const day = await placeOrder(t, user, limit);
    await tradingOf(t.ctx).reload();
    // Wednesday's first price reaches the limit before any daily run: it does not fill.
    t.clock.set(new Date('2026-11-25T00:00:00Z'));
    await pushQuote(t, { bid: '2785', ask: '2785.5' });
    const history = await send<{ items: ValidOrder[] }>(t, 'GET', '/api/orders?status=history', user.token);
    expect(history.data.items).toMatchObject([{ id: day.data.id, cancelReason: 'expired' }]);
    const positions = await send<{ items: unknown[] }>(t, 'GET', '/api/positions', user.token);
    expect(positions.data.items).toEqual([]);
    expect(await ledgerBalances(t, user)).toMatchObject({ cash_available: yen('1000000'), cash_held: 0n });
  });
});
