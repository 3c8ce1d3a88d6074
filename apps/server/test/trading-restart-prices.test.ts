// A restarted server values open positions at the market's last price from its first command, not at their
// entry price until the feed next trades the instrument (with the market shut, not before the next session).
import { jstInstant } from '@kabuto/market-rules';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { marketOf } from '../src/modules/market';
import { startTrading } from '../src/modules/trading';
import { get, sameDatabaseServer, type Registered, type TestApp } from './harness';
import {
  deposit,
  investor,
  morningQuote,
  placeOrder,
  pushQuote,
  send,
  tradingTestApp,
  yen,
  type PositionView,
} from './trading-helpers';

let t: TestApp;
let admin: string;
beforeAll(async () => void ({ t, admin } = await tradingTestApp()));
afterAll(() => t.close());
beforeEach(async () => {
  await t.ctx.db.deleteFrom('bars').where('code', '=', '7203').execute();
  await morningQuote(t);
});

/** Toyota's daily bar of `day` closing at `close` yen, as the feed's trades leave it for the next start. */
async function storeDailyClose(day: string, close: string) {
  const price = yen(close);
  await t.ctx.db
    .insertInto('bars')
    .values({
      code: '7203',
      interval: '1d',
      start: new Date(jstInstant(day, '00:00')),
      open: price,
      high: price,
      low: price,
      close: price,
      volume: 100n,
      turnover: price * 100n,
    })
    .execute();
}

/** A second server on the same database, trading started on it as at a start: fed by its market's ticks. */
async function withRestartedServer(work: (restarted: TestApp) => Promise<void>) {
  const restarted = await sameDatabaseServer(t);
  const stopTrading = await startTrading(restarted.ctx);
  try {
    await work(restarted);
  } finally {
    stopTrading();
    await restarted.close();
  }
}

const tradingAccount = (app: TestApp, user: Registered) =>
  send<{ unrealisedPnl: string; marginCall: object | null }>(app, 'GET', '/api/trading/account', user.token);
const openPositions = (app: TestApp, user: Registered) =>
  send<{ items: (PositionView & { markPrice: string | null })[] }>(
    app,
    'GET',
    '/api/positions?status=open',
    user.token,
  );
const marginCallsOf = async (app: TestApp, user: Registered) =>
  (
    await get<{ items: { raisedOn: string; clearedBy: string | null }[] }>(
      app.app,
      `/api/staff/trading/margin-calls?userId=${user.userId}`,
      admin,
    )
  ).data.items;

describe('a restarted server, before the feed trades the instrument again', () => {
  /** 10 lots of Toyota at 3x from 2,800.50 yen, and a margin call raised at 2,300 yen on Tuesday. */
  async function underMarginCall() {
    const user = await investor(t, '1000000');
    const order = { code: '7203', side: 'long', type: 'market', lots: 10, leverage: 3 };
    expect((await placeOrder(t, user, order)).data.status).toBe('filled');
    await pushQuote(t, { bid: '2300', ask: '2300.5' });
    expect((await tradingAccount(t, user)).data.marginCall).not.toBeNull();
    await storeDailyClose('2026-11-24', '2300');
    return user;
  }

  it('keeps a margin call open when a deposit restores the ratio only at the entry price', async () => {
    const user = await underMarginCall();
    await withRestartedServer(async (restarted) => {
      expect((await openPositions(restarted, user)).data.items).toEqual([
        expect.objectContaining({ markPrice: '2300.00', unrealisedPnl: '-500500.00' }),
      ]);
      // 10,000 yen would lift the call at 2,800.50 yen; at 2,300 yen equity is still 53,400 yen short of 20%.
      await deposit(restarted, user, '10000');
      const account = await tradingAccount(restarted, user);
      expect(account.data.marginCall).toEqual({ raisedOn: '2026-11-24', deadline: '2026-11-25' });
      expect(await marginCallsOf(restarted, user)).toEqual([expect.objectContaining({ clearedBy: null })]);
      expect(account.data).toMatchObject({ unrealisedPnl: '-500500.00' });
    });
  });

  it('with the market shut for the weekend, lets out only the cash the loss at the last close leaves', async () => {
    // 2 lots at 1x from 2,800.50 yen: 560,100 yen of margin, a 560.10 yen fee, 439,339.90 yen available.
    const user = await investor(t, '1000000');
    const order = { code: '7203', side: 'long', type: 'market', lots: 2, leverage: 1 };
    expect((await placeOrder(t, user, order)).data.status).toBe('filled');
    // Friday closes at 2,400 yen: 80,100 yen of loss.
    t.clock.set(new Date('2026-11-27T05:00:00Z'));
    await pushQuote(t, { bid: '2400', ask: '2400.5' });
    await storeDailyClose('2026-11-27', '2400');

    // Saturday: the market is shut, so its ticks bring no price.
    t.clock.set(new Date('2026-11-28T01:00:00Z'));
    await withRestartedServer(async (restarted) => {
      expect(await marketOf(restarted.ctx).tick()).toEqual([]);
      expect((await openPositions(restarted, user)).data.items).toEqual([
        expect.objectContaining({ markPrice: '2400.00', unrealisedPnl: '-80100.00' }),
      ]);
      // Equity 919,339.90 yen less 560,100 yen of margin in use; at the entry price, all 439,339 yen.
      expect(
        (
          await send<{ withdrawable: string; limitedBy: string | null }>(
            restarted,
            'GET',
            '/api/funding/withdrawable',
            user.token,
          )
        ).data,
      ).toMatchObject({ withdrawable: '359239.00', limitedBy: 'free_margin' });
    });
  });

  it('closes a margin call past its deadline at the first tick after a restart overnight', async () => {
    const user = await underMarginCall();
    // Thursday 8:30, before the opening: the call's deadline was Wednesday.
    t.clock.set(new Date('2026-11-25T23:30:00Z'));
    await withRestartedServer(async (restarted) => {
      // The first tick of the day runs the daily run before it brings any price: it finds the call still below
      // 20% and closes the position, rather than lifting the call and raising another with a later deadline.
      restarted.clock.set(new Date('2026-11-26T00:00:30Z'));
      await marketOf(restarted.ctx).tick();
      expect(await marginCallsOf(restarted, user)).toEqual([
        expect.objectContaining({ raisedOn: '2026-11-24', clearedBy: 'forced_close' }),
      ]);
      const positions = await send<{ items: PositionView[] }>(
        restarted,
        'GET',
        '/api/positions?status=all',
        user.token,
      );
      expect(positions.data.items).toEqual([
        expect.objectContaining({ status: 'closed', closeReason: 'forced' }),
      ]);
    });
  });
});
