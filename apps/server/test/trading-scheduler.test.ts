// The market scheduler feeding the engine, and the daily interest run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketOf } from '../src/modules/market';
import { startTrading, tradingOf } from '../src/modules/trading';
import { memoryBus } from '../src/platform/bus';
import { createPeerNode, get, type TestApp } from './harness';
import {
  investor,
  ledgerBalances,
  MORNING,
  placeOrder,
  send,
  yen,
  type PositionView,
  tradingTestApp,
} from './trading-helpers';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  ({ t, admin } = await tradingTestApp());
  stopTrading = await startTrading(t.ctx);
});
afterAll(async () => {
  stopTrading();
  await t.close();
});
let stopTrading: () => void;

describe('the market scheduler', () => {
  it("gives the engine each tick's prices; a market order fills at the board's best ask", async () => {
    const market = marketOf(t.ctx);
    await market.tick(new Date(MORNING.getTime() + 1_000));
    const feed = await market.feed();
    expect(tradingOf(t.ctx).markOf('7203')).toBe(feed.quote('7203')!.last);

    const user = await investor(t, '1000000');
    const placed = await placeOrder(t, user, {
      code: '7203',
      side: 'long',
      type: 'market',
      lots: 1,
      leverage: 2,
    });
    expect(placed.data).toMatchObject({ status: 'filled' });
    expect(BigInt(Math.round(Number(placed.data.fillPrice) * 100))).toBe(
      feed.board('7203', 1)!.asks[0]!.price,
    );
  });
});

describe('the tick lease', () => {
  it.runIf(process.env.DATABASE_URL)('lets one node of several feed the engine from the market', async () => {
    const peer = await createPeerNode(t, memoryBus());
    try {
      const stopPeer = await startTrading(peer.ctx);
      expect(tradingOf(t.ctx).feedsFromMarket).toBe(true);
      expect(tradingOf(peer.ctx).feedsFromMarket).toBe(false);
      // The other node has no current prices: it refuses what a price decides, and writes nothing.
      const user = await investor(t, '1000000');
      const order = { code: '7203', side: 'long', type: 'market', lots: 1, leverage: 1 };
      const refused = await peer.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { token: user.token, 'idempotency-key': `peer-${process.pid}` },
        payload: order,
      });
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ errorCode: 'TRADING_UNAVAILABLE' });
      const preview = await peer.app.inject({
        method: 'POST',
        url: '/api/orders/preview',
        headers: { token: user.token },
        payload: order,
      });
      expect(preview.json()).toMatchObject({ errorCode: 'TRADING_UNAVAILABLE' });
      const orders = await send<{ items: unknown[] }>(t, 'GET', '/api/orders', user.token);
      expect(orders.data.items).toEqual([]);
      // With a position open (placed on the feeding node), the other node cannot say what may be withdrawn.
      const placed = await placeOrder(t, user, order);
      expect(placed.data).toMatchObject({ status: 'filled' });
      // Nor judge a take-profit or stop-loss, which is judged against the bid now; clearing them needs no price.
      const targets = (payload: object) =>
        peer.app.inject({
          method: 'PUT',
          url: `/api/positions/${placed.data.id}/tp-sl`,
          headers: { token: user.token },
          payload,
        });
      expect((await targets({ stopLoss: '100' })).json()).toMatchObject({ errorCode: 'TRADING_UNAVAILABLE' });
      expect((await targets({ takeProfit: null, stopLoss: null })).statusCode).toBe(200);
      const withdrawable = await peer.app.inject({
        method: 'GET',
        url: '/api/funding/withdrawable',
        headers: { token: user.token },
      });
      expect(withdrawable.json().data).toMatchObject({ withdrawable: '0.00', limitedBy: 'unavailable' });
      stopPeer();
    } finally {
      await peer.close();
    }
  });
});

describe('daily interest', () => {
  it('charges a leveraged long once per business day, into the house interest income', async () => {
    const user = await investor(t, '1000000');
    const placed = await placeOrder(t, user, {
      code: '7203',
      side: 'long',
      type: 'market',
      lots: 1,
      leverage: 2,
    });
    const position = async () =>
      (
        await send<PositionView & { interest: string }>(
          t,
          'GET',
          `/api/positions/${placed.data.id}`,
          user.token,
        )
      ).data;
    const { margin } = await position();
    const before = (await ledgerBalances(t, user)).cash_available!;
    // Wednesday 00:00 JST: one day on the financed half (notional - margin), 2.8% a year, rounded down.
    const trading = tradingOf(t.ctx);
    await trading.accrueDaily(new Date('2026-11-24T15:00:00Z'));
    await trading.accrueDaily(new Date('2026-11-24T16:00:00Z'));
    const financed = yen(margin);
    const expected = (financed * 280n) / (10_000n * 365n);
    expect((await position()).interest).toBe((Number(expected) / 100).toFixed(2));
    expect((await ledgerBalances(t, user)).cash_available).toBe(before - expected);
    const entries = await t.ctx.db
      .selectFrom('journal_entries')
      .select('kind')
      .where('reference', '=', `position:${placed.data.id}`)
      .execute();
    expect(entries).toEqual([{ kind: 'interest' }]);
    const verify = await get<{ balanced: boolean }>(t.app, '/api/staff/ledger/verify', admin);
    expect(verify.data.balanced).toBe(true);
  });
});

describe('a session boundary without trades', () => {
  it('reaches the engine: a market order in the lunch break waits for the afternoon auction', async () => {
    const lunch = new Date('2026-11-24T02:31:00Z'); // 11:31 JST
    t.clock.set(lunch);
    await tradingOf(t.ctx).onTrades([], lunch, await marketOf(t.ctx).feed());
    const user = await investor(t, '1000000');
    const placed = await placeOrder(t, user, {
      code: '7203',
      side: 'long',
      type: 'market',
      lots: 1,
      leverage: 1,
    });
    expect(placed.data).toMatchObject({ status: 'open', fillPrice: null });
  });
});

describe('a daily run that fails', () => {
  it('does not keep the tick from the engine; the next tick runs the day again', async () => {
    const { sql } = await import('kysely');
    // The day's commit fails where it records the accrual date, as a database refusing it would.
    await sql`CREATE FUNCTION refuse_accrual() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'accrual refused for this test'; END $$`.execute(t.ctx.db);
    await sql`CREATE TRIGGER refuse_accrual BEFORE UPDATE ON trading_state FOR EACH ROW
      WHEN (OLD.last_accrual_date IS DISTINCT FROM NEW.last_accrual_date)
      EXECUTE FUNCTION refuse_accrual()`.execute(t.ctx.db);
    const market = marketOf(t.ctx);
    const accrualDate = async () =>
      (await t.ctx.db.selectFrom('trading_state').select('last_accrual_date').executeTakeFirstOrThrow())
        .last_accrual_date;
    const before = await accrualDate();
    try {
      // Thursday 10:00 JST: the day's first tick, so the daily run is due, and fails.
      const thursday = new Date('2026-11-26T01:00:01Z');
      t.clock.set(thursday);
      const previousMark = tradingOf(t.ctx).markOf('7203');
      await market.tick(thursday);
      const last = (await market.feed()).quote('7203')!.last;
      expect(last).not.toBe(previousMark);
      expect(tradingOf(t.ctx).markOf('7203')).toBe(last);
      expect(await accrualDate()).toBe(before);
    } finally {
      await sql`DROP TRIGGER refuse_accrual ON trading_state`.execute(t.ctx.db);
      await sql`DROP FUNCTION refuse_accrual()`.execute(t.ctx.db);
    }
    const later = new Date('2026-11-26T01:00:02Z');
    t.clock.set(later);
    await market.tick(later);
    expect(await accrualDate()).toBe('2026-11-26');
  });
});
