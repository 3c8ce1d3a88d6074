// POST /api/positions/:id/close/preview: the 返済 confirmation's figures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tradingOf } from '../src/modules/trading';
import type { Registered, TestApp } from './harness';
import {
  investor,
  morningQuote,
  placeOrder,
  pushQuote,
  send,
  tradingSnapshot,
  tradingTestApp,
  type PositionView,
} from './trading-helpers';

interface ClosePreview {
  price: string;
  fillsNow: boolean;
  notional: string;
  realisedPnl: string;
  fee: string;
  interest: string;
  netPnl: string;
}

let t: TestApp;
beforeAll(async () => {
  ({ t } = await tradingTestApp());
});
afterAll(() => t.close());

/** A 2x market long of one lot, bought at the ask 2,800.50 (opening fee 280.05). */
async function openLong(user: Registered): Promise<string> {
  await morningQuote(t);
  const placed = await placeOrder(t, user, {
    code: '7203',
    side: 'long',
    type: 'market',
    lots: 1,
    leverage: 2,
  });
  expect(placed.data.status).toBe('filled');
  return placed.data.id;
}

const preview = (user: Registered, id: string, body: object) =>
  send<ClosePreview>(t, 'POST', `/api/positions/${id}/close/preview`, user.token, body);
const close = (user: Registered, id: string, body: object) =>
  send<PositionView & { netPnl: string | null }>(t, 'POST', `/api/positions/${id}/close`, user.token, body);

describe('the close preview', () => {
  it("gives a market close's figures, writes nothing, and its netPnl is the closed position's", async () => {
    const user = await investor(t, '1000000');
    const id = await openLong(user);
    await pushQuote(t, { bid: '2900', ask: '2900.5' });
    const before = await tradingSnapshot(t, user);
    const previewed = await preview(user, id, { type: 'market' });
    // Sold at the bid: +9,950 on the price, a 290 yen fee, and the 280.05 yen opening fee.
    expect(previewed).toMatchObject({ status: 200, code: 1 });
    expect(previewed.data).toEqual({
      price: '2900.00',
      fillsNow: true,
      notional: '290000.00',
      realisedPnl: '9950.00',
      fee: '290.00',
      openFee: '280.05',
      interest: '0.00',
      netPnl: '9379.95',
      validity: 'day',
      validUntil: '2026-11-24',
    });
    expect(await tradingSnapshot(t, user)).toEqual(before);
    const closed = await close(user, id, { type: 'market' });
    expect(closed.data).toMatchObject({
      status: 'closed',
      exitPrice: previewed.data.price,
      realisedPnl: previewed.data.realisedPnl,
      closeFee: previewed.data.fee,
      netPnl: previewed.data.netPnl,
    });
  });

  it('gives a limit close that would rest at its limit', async () => {
    const user = await investor(t, '1000000');
    const id = await openLong(user);
    const before = await tradingSnapshot(t, user);
    expect((await preview(user, id, { type: 'limit', price: '2950' })).data).toEqual({
      price: '2950.00',
      fillsNow: false,
      notional: '295000.00',
      realisedPnl: '14950.00',
      fee: '295.00',
      openFee: '280.05',
      interest: '0.00',
      netPnl: '14374.95',
      validity: 'day',
      validUntil: '2026-11-24',
    });
    expect(await tradingSnapshot(t, user)).toEqual(before);
  });

  it.each([
    ['a limit without a price', { type: 'limit' }, 'ORDER_PRICE_REQUIRED'],
    ['a price off the tick grid', { type: 'limit', price: '2900.3' }, 'ORDER_PRICE_OFF_TICK'],
    ['a price beyond the daily limit', { type: 'limit', price: '3400' }, 'ORDER_PRICE_OUTSIDE_LIMITS'],
    ['a market close with a price', { type: 'market', price: '2900' }, 'ORDER_PRICE_NOT_ALLOWED'],
  ])('refuses %s as the close does, writing nothing', async (_name, body, errorCode) => {
    const user = await investor(t, '1000000');
    const id = await openLong(user);
    const before = await tradingSnapshot(t, user);
    expect(await preview(user, id, body)).toMatchObject({ code: 0, errorCode });
    expect(await close(user, id, body)).toMatchObject({ code: 0, errorCode });
    expect(await tradingSnapshot(t, user)).toEqual(before);
  });

  it("answers another user's position, or none, as not found, and needs a session", async () => {
    const owner = await investor(t, '1000000');
    const intruder = await investor(t, '1000000');
    const id = await openLong(owner);
    const before = await tradingSnapshot(t, owner);
    expect(await preview(intruder, id, { type: 'market' })).toMatchObject({
      status: 404,
      errorCode: 'POSITION_NOT_FOUND',
    });
    expect(await preview(owner, '999999999', { type: 'market' })).toMatchObject({
      status: 404,
      errorCode: 'POSITION_NOT_FOUND',
    });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/positions/${id}/close/preview`,
      payload: { type: 'market' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 401, errorCode: 'SESSION_EXPIRED' });
    expect(await tradingSnapshot(t, owner)).toEqual(before);
  });

  it('refuses a closed position', async () => {
    const user = await investor(t, '1000000');
    const id = await openLong(user);
    expect((await close(user, id, { type: 'market' })).data.status).toBe('closed');
    expect(await preview(user, id, { type: 'market' })).toMatchObject({ errorCode: 'POSITION_CLOSED' });
  });

  // Last: the daily run moves the file's clock to Wednesday.
  it('counts the interest charged so far, as the closed position does', async () => {
    const user = await investor(t, '1000000');
    const id = await openLong(user);
    const wednesday = new Date('2026-11-25T01:00:00Z');
    await tradingOf(t.ctx).accrueDaily(new Date('2026-11-24T15:00:00Z'));
    t.clock.set(wednesday);
    await pushQuote(t, { bid: '2750', ask: '2750.5' });
    const previewed = (await preview(user, id, { type: 'market' })).data;
    const position = (
      await send<PositionView & { interest: string }>(t, 'GET', `/api/positions/${id}`, user.token)
    ).data;
    expect(previewed.interest).toBe(position.interest);
    expect(previewed.interest).not.toBe('0.00');
    const closed = await close(user, id, { type: 'market' });
    expect(closed.data).toMatchObject({ exitPrice: '2750.00', netPnl: previewed.netPnl });
  });
});
