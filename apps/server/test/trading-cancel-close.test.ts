// 返済注文の取消: DELETE /api/positions/:id/close withdraws a resting limit close, and nothing else.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from './harness';
import {
  heldPosition,
  investor,
  morningQuote,
  pushQuote,
  send,
  tradingSnapshot,
  tradingTestApp,
  type PositionView,
} from './trading-helpers';

let t: TestApp;
beforeAll(async () => void ({ t } = await tradingTestApp()));
afterAll(() => t.close());
beforeEach(() => morningQuote(t));

const closeAt = (token: string, id: string, price: string) =>
  send<PositionView>(t, 'POST', `/api/positions/${id}/close`, token, { type: 'limit', price });
const cancelClose = (token: string, id: string) =>
  send<PositionView>(t, 'DELETE', `/api/positions/${id}/close`, token);

describe('cancelling a resting limit close', () => {
  it('holds the position again, with nothing moved in the ledger; a later rise to the old limit closes nothing', async () => {
    const { user, id } = await heldPosition(t);
    const placedAt = t.clock.now().toISOString();
    expect((await closeAt(user.token, id, '2900')).data).toMatchObject({
      status: 'limit-closing',
      closeLimit: '2900.00',
      closeRequestedAt: placedAt,
    });
    const before = await tradingSnapshot(t, user);
    const cancelled = await cancelClose(user.token, id);
    expect(cancelled).toMatchObject({ status: 200 });
    expect(cancelled.data).toMatchObject({
      id,
      status: 'holding',
      closeLimit: null,
      pendingClose: null,
      closeRequestedAt: null,
    });
    const after = await tradingSnapshot(t, user);
    expect(after.balances).toEqual(before.balances);
    expect(after.entries).toBe(before.entries);

    await pushQuote(t, { bid: '2950', ask: '2950.5' });
    expect((await send<PositionView>(t, 'GET', `/api/positions/${id}`, user.token)).data).toMatchObject({
      status: 'holding',
    });
    // And it can be closed again, at a new limit.
    expect((await closeAt(user.token, id, '3000')).data).toMatchObject({ status: 'limit-closing' });
  });

  it("refuses another user's position as not found, and changes nothing", async () => {
    const { user, id } = await heldPosition(t);
    await closeAt(user.token, id, '2900');
    const intruder = await investor(t, '1000000');
    const before = await tradingSnapshot(t, user);
    expect(await cancelClose(intruder.token, id)).toMatchObject({
      status: 404,
      errorCode: 'POSITION_NOT_FOUND',
    });
    expect(await cancelClose(intruder.token, '999999999')).toMatchObject({
      status: 404,
      errorCode: 'POSITION_NOT_FOUND',
    });
    expect(await tradingSnapshot(t, user)).toEqual(before);
  });

  it('refuses a held position, a market close waiting for the auction and a closed position, changing nothing', async () => {
    const { user, id } = await heldPosition(t);
    let before = await tradingSnapshot(t, user);
    expect(await cancelClose(user.token, id)).toMatchObject({
      status: 409,
      errorCode: 'POSITION_CLOSE_NOT_CANCELLABLE',
    });
    expect(await tradingSnapshot(t, user)).toEqual(before);

    // The lunch break: a market close waits for the afternoon auction, and stays.
    await pushQuote(t, { bid: '2800', ask: '2800.5' }, { phase: 'lunch-break' });
    const waiting = await send<PositionView>(t, 'POST', `/api/positions/${id}/close`, user.token, {
      type: 'market',
    });
    expect(waiting.data).toMatchObject({ status: 'closing' });
    before = await tradingSnapshot(t, user);
    expect(await cancelClose(user.token, id)).toMatchObject({
      status: 409,
      errorCode: 'POSITION_CLOSE_NOT_CANCELLABLE',
    });
    expect(await tradingSnapshot(t, user)).toEqual(before);

    await pushQuote(t, { bid: '2800', ask: '2800.5' }, { phase: 'afternoon' });
    expect((await send<PositionView>(t, 'GET', `/api/positions/${id}`, user.token)).data.status).toBe(
      'closed',
    );
    expect(await cancelClose(user.token, id)).toMatchObject({ status: 409, errorCode: 'POSITION_CLOSED' });
  });

  it('is refused without a session, and for an id that is not a number', async () => {
    const { user, id } = await heldPosition(t);
    expect(await cancelClose('', id)).toMatchObject({ status: 401 });
    expect(await cancelClose(user.token, 'abc')).toMatchObject({ status: 400 });
  });
});
