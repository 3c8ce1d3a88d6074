import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, get, staffToken, type TestApp } from './harness';
import {
  investor,
  ledgerBalances,
  MORNING,
  placeOrder,
  pushQuote,
  send,
  yen,
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
    const entries = await t.ctx.db
      .selectFrom('journal_entries')
      .select(['kind'])
      .where('reference', '=', `order:${placed.data.id}`)
      .orderBy('id')
      .execute();
    expect(entries.map((entry) => entry.kind)).toEqual(['order_hold', 'order_fill']);

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
