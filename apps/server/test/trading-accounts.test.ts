// Idempotency, privacy between users, the engine rebuilt from the database, forced closes, and many orders at once.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tradingOf } from '../src/modules/trading';
import { get, type TestApp, sameDatabaseServer } from './harness';
import {
  deposit,
  investor,
  ledgerBalances,
  freshRequestKey,
  placeOrder,
  pushQuote,
  send,
  tradingSnapshot,
  yen,
  type OrderView,
  type PositionView,
  morningQuote,
  tradingTestApp,
} from './trading-helpers';

let t: TestApp;
let admin: string;
beforeAll(async () => void ({ t, admin } = await tradingTestApp()));
afterAll(() => t.close());
beforeEach(() => morningQuote(t));

const marketLong = { code: '7203', side: 'long', type: 'market', lots: 1, leverage: 1 };
const restingLong = { code: '7203', side: 'long', type: 'limit', price: '2700', lots: 1, leverage: 1 };

const ledgerBalanced = async () => {
  return (await get<{ balanced: boolean }>(t.app, '/api/staff/ledger/verify', admin)).data.balanced;
};

describe('Idempotency-Key', () => {
  it('answers a retry with the first order, refuses the key with other parameters, and is per user', async () => {
    const user = await investor(t, '1000000');
    const other = await investor(t, '1000000');
    const key = freshRequestKey();
    const first = await placeOrder(t, user, restingLong, key);
    const retry = await placeOrder(t, user, restingLong, key);
    expect(retry.data).toEqual(first.data);
    const changed = await placeOrder(t, user, { ...restingLong, lots: 2 }, key);
    expect(changed).toMatchObject({ status: 422, errorCode: 'IDEMPOTENCY_KEY_REUSED' });
    const theirs = await placeOrder(t, other, restingLong, key);
    expect(theirs.data.id).not.toBe(first.data.id);
    const orders = await send<{ items: unknown[] }>(t, 'GET', '/api/orders', user.token);
    expect(orders.data.items).toHaveLength(1);
    // Held once: 270,000 yen and the 270 yen fee.
    expect((await ledgerBalances(t, user)).cash_held).toBe(yen('270270'));
  });
});

describe("another user's orders and positions", () => {
  it('are not found (404) and reveal nothing, and nothing changes', async () => {
    const owner = await investor(t, '1000000');
    const intruder = await investor(t, '1000000');
    const resting = await placeOrder(t, owner, restingLong);
    const filled = await placeOrder(t, owner, marketLong);
    const before = await tradingSnapshot(t, owner);
    const attempts = [
      await send(t, 'DELETE', `/api/orders/${resting.data.id}`, intruder.token),
      await send(t, 'GET', `/api/positions/${filled.data.id}`, intruder.token),
      await send(t, 'POST', `/api/positions/${filled.data.id}/close`, intruder.token, { type: 'market' }),
      await send(t, 'PUT', `/api/positions/${filled.data.id}/tp-sl`, intruder.token, { takeProfit: '3000' }),
    ];
    expect(attempts.map((a) => [a.status, a.errorCode])).toEqual([
      [404, 'ORDER_NOT_FOUND'],
      [404, 'POSITION_NOT_FOUND'],
      [404, 'POSITION_NOT_FOUND'],
      [404, 'POSITION_NOT_FOUND'],
    ]);
    // The same answers as for ids that do not exist.
    expect(await send(t, 'DELETE', '/api/orders/999999999', intruder.token)).toMatchObject({
      status: 404,
      errorCode: 'ORDER_NOT_FOUND',
    });
    expect((await send<{ items: unknown[] }>(t, 'GET', '/api/orders', intruder.token)).data.items).toEqual(
      [],
    );
    expect((await send<{ items: unknown[] }>(t, 'GET', '/api/positions', intruder.token)).data.items).toEqual(
      [],
    );
    // A cursor naming the owner's order shows the intruder nothing of the owner's either.
    const after = `cursor=${BigInt(resting.data.id) + 1n}`;
    expect(
      (await send<{ items: unknown[] }>(t, 'GET', `/api/orders?${after}`, intruder.token)).data.items,
    ).toEqual([]);
    expect(await tradingSnapshot(t, owner)).toEqual(before);
  });
});

describe('the order and position lists page by cursor', () => {
  type ListPage = { items: { id: string }[]; nextCursor: string | null };
  const list = (token: string, query: string) => send<ListPage>(t, 'GET', `/api/orders?${query}`, token);

  it('neither repeats nor hides a line when orders arrive and leave between pages', async () => {
    const user = await investor(t, '10000000');
    const placed: string[] = [];
    for (let i = 0; i < 5; i += 1) placed.push((await placeOrder(t, user, restingLong)).data.id);
    const first = (await list(user.token, 'status=open&pageSize=2')).data;
    expect(first.items.map((o) => o.id)).toEqual([placed[4], placed[3]]);
    expect(first.nextCursor).toBe(placed[3]);

    // Meanwhile a new order arrives at the top and one already listed is cancelled.
    const newest = (await placeOrder(t, user, restingLong)).data.id;
    await send(t, 'DELETE', `/api/orders/${placed[4]}`, user.token);
    const second = (await list(user.token, `status=open&pageSize=2&cursor=${first.nextCursor}`)).data;
    expect(second.items.map((o) => o.id)).toEqual([placed[2], placed[1]]);
    const third = (await list(user.token, `status=open&pageSize=2&cursor=${second.nextCursor}`)).data;
    expect(third).toEqual({ items: [expect.objectContaining({ id: placed[0] })], nextCursor: null });
    // A refresh reads from the newest again.
    expect((await list(user.token, 'status=open&pageSize=1')).data.items[0]?.id).toBe(newest);

    const positions = await send<ListPage>(t, 'GET', '/api/positions?pageSize=1', user.token);
    expect(positions.data).toEqual({ items: [], nextCursor: null });
  });

  it('refuses a cursor it did not issue with a localised message', async () => {
    const user = await investor(t, '1000000');
    for (const bad of ['0', '-1', 'abc', '1'.repeat(19), '12a']) {
      const result = await list(user.token, `lang=ja&cursor=${bad}`);
      expect(result).toMatchObject({ status: 400, errorCode: 'LIST_CURSOR_INVALID' });
      expect(result.msg).not.toBe('LIST_CURSOR_INVALID');
      const positions = await send(t, 'GET', `/api/positions?lang=en&cursor=${bad}`, user.token);
      expect(positions).toMatchObject({ status: 400, errorCode: 'LIST_CURSOR_INVALID' });
    }
  });
});

describe('take-profit and stop-loss', () => {
  it('a stop-loss set on a position closes it when the bid reaches it, with reason stop_loss', async () => {
    const user = await investor(t, '1000000');
    const filled = await placeOrder(t, user, marketLong);
    const set = await send<PositionView>(t, 'PUT', `/api/positions/${filled.data.id}/tp-sl`, user.token, {
      takeProfit: '3000',
      stopLoss: '2750',
    });
    expect(set.data).toMatchObject({ takeProfit: '3000.00', stopLoss: '2750.00', status: 'holding' });
    await pushQuote(t, { bid: '2749.5', ask: '2750' });
    const position = await send<PositionView>(t, 'GET', `/api/positions/${filled.data.id}`, user.token);
    expect(position.data).toMatchObject({ status: 'closed', closeReason: 'stop_loss' });
    expect(await ledgerBalanced()).toBe(true);
  });
});

describe('the engine rebuilt from the database', () => {
  it('a new server on the same database has the same open orders and positions, and fills the next quote', async () => {
    const user = await investor(t, '1000000');
    const resting = await placeOrder(t, user, restingLong);
    const holding = await placeOrder(t, user, marketLong);
    const before = await tradingSnapshot(t, user);

    const restarted = await sameDatabaseServer(t);
    try {
      await tradingOf(restarted.ctx).ready();
      const open = await send<{ items: OrderView[] }>(
        restarted,
        'GET',
        '/api/orders?status=open',
        user.token,
      );
      expect(open.data.items.map((order) => order.id)).toEqual([resting.data.id]);
      const positions = await send<{ items: PositionView[] }>(restarted, 'GET', '/api/positions', user.token);
      expect(positions.data.items.map((position) => position.id)).toEqual([holding.data.id]);

      // The rebuilt engine holds the resting order: the market reaching its limit fills it there.
      await pushQuote(restarted, { bid: '2699.5', ask: '2700' });
      const filled = await send<PositionView>(
        restarted,
        'GET',
        `/api/positions/${resting.data.id}`,
        user.token,
      );
      expect(filled.data).toMatchObject({ status: 'holding', entryPrice: '2700.00' });
      const account = await send<{ available: string; held: string }>(
        restarted,
        'GET',
        '/api/trading/account',
        user.token,
      );
      // 1,000,000 - 270,270 held for the limit order - 280,330.05 for the market one; the fill at the limit
      // takes exactly what was held.
      expect(account.data).toMatchObject({ available: '449399.95', held: '0.00' });
      expect(before.balances.cash_available).toBe(yen('449399.95'));
    } finally {
      await restarted.close();
    }
  });
});

describe('two engines on one database', () => {
  it("never fill one order twice: the second sees the first one's commit, is rebuilt and decides again", async () => {
    const user = await investor(t, '1000000');
    const resting = await placeOrder(t, user, restingLong);
    const other = await sameDatabaseServer(t);
    try {
      // Both engines now hold the resting order.
      await tradingOf(other.ctx).ready();
      await pushQuote(other, { bid: '2699.5', ask: '2700' });
      await pushQuote(t, { bid: '2699.5', ask: '2700' });
      const fills = await t.ctx.db
        .selectFrom('trading_fills')
        .select('kind')
        .where('position_id', '=', BigInt(resting.data.id))
        .execute();
      expect(fills).toEqual([{ kind: 'open' }]);
      // The first engine knows the position: a close from it settles once.
      const closed = await send<PositionView>(
        t,
        'POST',
        `/api/positions/${resting.data.id}/close`,
        user.token,
        { type: 'market' },
      );
      expect(closed.data).toMatchObject({ status: 'closed', exitPrice: '2699.50' });
      expect(await ledgerBalanced()).toBe(true);
    } finally {
      await other.close();
    }
  });
});

describe('a forced close', () => {
  it('a test price path raises a margin call, then closes the position by force, the loss beyond the cash as debt', async () => {
    const user = await investor(t, '1000000');
    // 10 lots at 3x: 2,800,500 yen of notional on 933,500 yen of margin.
    const filled = await placeOrder(t, user, { ...marketLong, lots: 10, leverage: 3 });
    expect(filled.data.status).toBe('filled');

    // Stop low: equity 496,699.50 yen is 17.7% of the notional, below the 20% maintenance level.
    await pushQuote(t, { bid: '2300', ask: '2300.5' });
    const call = await t.ctx.db
      .selectFrom('messages')
      .select(['kind', 'params'])
      .where('user_id', '=', BigInt(user.userId))
      .where('kind', '=', 'margin_call')
      .execute();
    expect(call).toHaveLength(1);
    // The 20% level needs 560,100 yen of equity: the deposit the letter asks for is 63,400.50, rounded up.
    expect(call[0]!.params).toMatchObject({ ratio: '17.73', amount: '63401.00' });
    const letter = async (lang: string) =>
      (
        await get<{ items: { kind: string; body: string }[] }>(
          t.app,
          `/api/messages?lang=${lang}`,
          user.token,
        )
      ).data.items.find((message) => message.kind === 'margin_call')!.body;
    expect(await letter('ja')).toContain('維持率の回復に必要なご入金額は63,401円です');
    expect(await letter('en')).toContain('a deposit of ¥63,401 would have restored it');
    // Its deadline with its weekday, as the Trade tab's banner shows it.
    expect(await letter('en')).toMatch(/by \d{4}\/\d{2}\/\d{2} \((Sun|Mon|Tue|Wed|Thu|Fri|Sat)\);/);
    expect(
      (await send<PositionView>(t, 'GET', `/api/positions/${filled.data.id}`, user.token)).data.status,
    ).toBe('holding');

    // The next day opens at its stop low, 1,800 yen: equity is negative, below the 10% liquidation level.
    t.clock.set(new Date('2026-11-25T01:00:00Z'));
    await pushQuote(t, { bid: '1800', ask: '1800.5' }, { base: '2300' });
    const position = await send<PositionView>(t, 'GET', `/api/positions/${filled.data.id}`, user.token);
    expect(position.data).toMatchObject({
      status: 'closed',
      closeReason: 'forced',
      exitPrice: '1800.00',
      realisedPnl: '-1000500.00',
      closeFee: '1800.00',
      // 実現損益 after both fees: -1,000,500 - 2,800.50 - 1,800.
      netPnl: '-1005100.50',
    });
    const log = await t.ctx.db
      .selectFrom('trading_forced_closes')
      .selectAll()
      .where('user_id', '=', BigInt(user.userId))
      .execute();
    expect(log).toMatchObject([{ position_id: BigInt(filled.data.id), reason: 'liquidation_level' }]);
    const messages = await t.ctx.db
      .selectFrom('messages')
      .select('kind')
      .where('user_id', '=', BigInt(user.userId))
      .where('kind', '=', 'forced_close')
      .execute();
    expect(messages).toHaveLength(1);
    // Cash 1,000,000 - fees 2,800.50 and 1,800 - loss 1,000,500 = -5,100.50: owed, never a negative balance.
    expect(await ledgerBalances(t, user)).toMatchObject({
      cash_available: 0n,
      margin_posted: 0n,
      trading_debt: yen('5100.50'),
    });
    const account = await send<{ debt: string }>(t, 'GET', '/api/trading/account', user.token);
    expect(account.data.debt).toBe('-5100.50');
    // The balances staff and the investor read name the debt, and their parts add up to the total.
    const owed = {
      available: '0.00',
      held: '0.00',
      marginInUse: '0.00',
      debt: '-5100.50',
      total: '-5100.50',
    };
    expect((await send(t, 'GET', '/api/account/balances', user.token)).data).toMatchObject(owed);
    expect((await get(t.app, `/api/staff/users/${user.userId}/balances`, admin)).data).toMatchObject(owed);
    expect(await ledgerBalanced()).toBe(true);

    // Cash that arrives pays the debt first.
    await deposit(t, user, '10000');
    const repaid = await send<{ debt: string; available: string }>(
      t,
      'GET',
      '/api/trading/account',
      user.token,
    );
    expect(repaid.data).toMatchObject({ debt: '0.00', available: '4899.50' });
    expect(await ledgerBalances(t, user)).toMatchObject({ cash_available: yen('4899.50'), trading_debt: 0n });
    expect(await ledgerBalanced()).toBe(true);
  });

  it('names no deposit when one price passes both levels: the forced close goes ahead whatever arrives', async () => {
    const user = await investor(t, '1000000');
    const filled = await placeOrder(t, user, { ...marketLong, lots: 10, leverage: 3 });
    expect(filled.data.status).toBe('filled');
    // The next day opens at 1,800 yen: below the 20% level and the 10% one at once.
    t.clock.set(new Date('2026-11-25T01:00:00Z'));
    await pushQuote(t, { bid: '1800', ask: '1800.5' }, { base: '2300' });
    const rows = await t.ctx.db
      .selectFrom('messages')
      .select(['kind', 'params'])
      .where('user_id', '=', BigInt(user.userId))
      .where('kind', 'in', ['margin_call', 'forced_close'])
      .orderBy('id')
      .execute();
    expect(rows.map((row) => row.kind)).toEqual(['margin_call', 'forced_close']);
    expect(rows[0]!.params).not.toHaveProperty('amount');
    const ja = await get<{ items: { kind: string; body: string }[] }>(
      t.app,
      '/api/messages?lang=ja',
      user.token,
    );
    const call = ja.data.items.find((message) => message.kind === 'margin_call')!.body;
    expect(call).toMatch(
      /^委託保証金維持率が-?[\d.]+%に低下し、追証が発生しました。\d{4}\/\d{2}\/\d{2}\([日月火水木金土]\)までに/,
    );
    expect(call).not.toContain('円');
  });
});

describe('many orders at once on one account', () => {
  it('never take cash below zero: those the cash covers fill, the rest are refused', async () => {
    // Each 1x lot takes 280,050 + 280.05 yen: 1,000,000 yen covers three.
    const user = await investor(t, '1000000');
    const results = await Promise.all(Array.from({ length: 20 }, () => placeOrder(t, user, marketLong)));
    const filled = results.filter((result) => result.code === 1);
    expect(filled).toHaveLength(3);
    expect(new Set(results.filter((r) => r.code !== 1).map((r) => r.errorCode))).toEqual(
      new Set(['ORDER_INSUFFICIENT_FUNDS']),
    );
    const balances = await ledgerBalances(t, user);
    expect(balances.cash_available).toBe(yen('1000000') - 3n * yen('280330.05'));
    expect(balances.cash_available! >= 0n).toBe(true);
    expect(await ledgerBalanced()).toBe(true);
  });
});

describe('the user info beside the trading account', () => {
  it('shows the open positions’ unrealised P&L as 評価損益, and the total is the trading account’s equity', async () => {
    const user = await investor(t, '1000000');
    const userInfo = async () =>
      (
        await get<{ total: string; money: string; my_losses: { count_losses: string } }>(
          t.app,
          '/api/index/getUserInfo',
          user.token,
        )
      ).data;
    expect((await userInfo()).my_losses.count_losses).toBe('0.00');
    await placeOrder(t, user, { ...marketLong, leverage: 3 });
    // 50 yen down on 100 shares.
    await pushQuote(t, { bid: '2750', ask: '2750.5' });
    const account = (
      await get<{ unrealisedPnl: string; equity: string; available: string }>(
        t.app,
        '/api/trading/account',
        user.token,
      )
    ).data;
    expect(account.unrealisedPnl.startsWith('-')).toBe(true);
    const info = await userInfo();
    expect(info.my_losses.count_losses).toBe(account.unrealisedPnl);
    expect(info.total).toBe(account.equity);
    expect(info.money).toBe(account.available);
  });
});
