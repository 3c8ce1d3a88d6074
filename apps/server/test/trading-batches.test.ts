// The trading queue's group commit: commands arriving together share one transaction, and a command that
// cannot be written fails alone. Also the idempotency of closes and of one key sent twice at once, and that
// reading the trading account writes nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppContext } from '../src/app-context';
import { freshKey, holdForWithdrawal } from '../src/modules/ledger';
import { get, type TestApp } from './harness';
import { tradingOf } from '../src/modules/trading';
import {
  deposit,
  investor,
  ledgerBalances,
  freshRequestKey,
  placeOrder,
  pushQuote,
  send,
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

const ledgerBalanced = async () =>
  (await get<{ balanced: boolean }>(t.app, '/api/staff/ledger/verify', admin)).data.balanced;

const tradingVersion = async () =>
  (await t.ctx.db.selectFrom('trading_state').select('version').where('id', '=', 1).executeTakeFirstOrThrow())
    .version;

const orderRow = (id: string) =>
  t.ctx.db.selectFrom('trading_orders').selectAll().where('id', '=', BigInt(id)).executeTakeFirstOrThrow();

describe('orders sent at once', () => {
  it('are committed in fewer transactions than orders, each answered with its own fill', async () => {
    const investors = await Promise.all(Array.from({ length: 12 }, () => investor(t, '1000000')));
    const before = await tradingVersion();
    const results = await Promise.all(
      investors.flatMap((user) => [placeOrder(t, user, marketLong), placeOrder(t, user, marketLong)]),
    );
    expect(results.map((result) => result.data.status)).toEqual(Array(24).fill('filled'));
    expect(new Set(results.map((result) => result.data.id)).size).toBe(24);
    const commits = (await tradingVersion()) - before;
    expect(commits).toBeGreaterThan(0n);
    expect(commits).toBeLessThan(24n);
    for (const user of investors)
      expect((await ledgerBalances(t, user)).cash_available).toBe(yen('1000000') - 2n * yen('280330.05'));
    expect(await ledgerBalanced()).toBe(true);
  });

  it('with one key twice at once place one order, and both answer with it', async () => {
    const user = await investor(t, '1000000');
    const key = freshRequestKey();
    const [first, second] = await Promise.all([
      placeOrder(t, user, marketLong, key),
      placeOrder(t, user, marketLong, key),
    ]);
    expect(first).toMatchObject({ status: 200, code: 1 });
    expect(second).toMatchObject({ status: 200, code: 1 });
    expect(second.data.id).toBe(first.data.id);
    const orders = await t.ctx.db
      .selectFrom('trading_orders')
      .select('id')
      .where('user_id', '=', BigInt(user.userId))
      .execute();
    expect(orders).toHaveLength(1);
  });
});

describe('a fill on cash this engine has not heard was paid out', () => {
  it('is refused alone: the same quote fills the other orders it reaches', async () => {
    // A short rests at 2,900 holding 290,000 margin and a 290 fee. Filled at a bid of 3,000 it needs 10,010
    // more from available cash, which the engine believes is 29,710.
    const stale = await investor(t, '320000');
    const other = await investor(t, '1000000');
    const short = (price: string) => ({
      code: '7203',
      side: 'short',
      type: 'limit',
      price,
      lots: 1,
      leverage: 1,
    });
    const staleOrder = await placeOrder(t, stale, short('2900'));
    const otherOrder = await placeOrder(t, other, short('2950'));
    expect([staleOrder.data.status, otherOrder.data.status]).toEqual(['open', 'open']);

    // Another node (its own bus: this engine hears nothing) holds 29,000 yen of it for a withdrawal.
    const node = createAppContext({
      database: t.database,
      config: t.ctx.config,
      clock: t.clock,
      log: t.ctx.log,
    });
    await node.transact((tx) =>
      holdForWithdrawal(tx.db, {
        userId: BigInt(stale.userId),
        amount: yen('29000'),
        reference: 'withdrawal on another node',
        actor: { kind: 'system' },
        idempotency: { scope: 'test', key: freshKey(), request: 'hold' },
        at: t.clock.now(),
      }),
    );
    await node.bus.close();

    await pushQuote(t, { bid: '3000', ask: '3001' });
    expect(await orderRow(otherOrder.data.id)).toMatchObject({ status: 'filled', fill_price: yen('3000') });
    expect(await orderRow(staleOrder.data.id)).toMatchObject({ status: 'cancelled' });
    // Its hold went back: 320,000 less the 29,000 held for the withdrawal.
    expect(await ledgerBalances(t, stale)).toMatchObject({
      cash_available: yen('291000'),
      cash_held: yen('29000'),
      margin_posted: 0n,
    });
    expect(await ledgerBalanced()).toBe(true);
  });
});

describe('a batch of market orders whose transaction fails after its writes', () => {
  it('is tried again command by command: each order one order_fill entry, nothing left held', async () => {
    const investors = await Promise.all(Array.from({ length: 3 }, () => investor(t, '1000000')));
    const ours = investors.map((user) => BigInt(user.userId));
    const transact = t.ctx.transact.bind(t.ctx);
    let failed = 0;
    // The first transaction that wrote any of their orders rolls back after every write (a lost connection at
    // the commit, a node that lost the lease): the engine is rebuilt and each command decided again alone.
    const spy = vi.spyOn(t.ctx, 'transact').mockImplementation(((work: Parameters<typeof transact>[0]) =>
      transact(async (tx) => {
        const result = await work(tx);
        const written = await tx.db
          .selectFrom('trading_orders')
          .select('id')
          .where('user_id', 'in', ours)
          .execute();
        if (failed === 0 && written.length > 0) {
          failed += 1;
          throw new Error('the commit failed');
        }
        return result;
      })) as typeof transact);
    try {
      const results = await Promise.all(investors.map((user) => placeOrder(t, user, marketLong)));
      expect(results.map((result) => result.data.status)).toEqual(['filled', 'filled', 'filled']);
    } finally {
      spy.mockRestore();
    }
    expect(failed).toBe(1);
    for (const user of investors) {
      expect(await ledgerBalances(t, user)).toMatchObject({
        cash_available: yen('1000000') - yen('280330.05'),
        cash_held: 0n,
        margin_posted: yen('280050'),
      });
      const orders = await t.ctx.db
        .selectFrom('trading_orders')
        .select('id')
        .where('user_id', '=', BigInt(user.userId))
        .execute();
      expect(orders).toHaveLength(1);
      const entries = await t.ctx.db
        .selectFrom('journal_entries')
        .select('kind')
        .where('reference', '=', `order:${orders[0]!.id}`)
        .execute();
      expect(entries.map((entry) => entry.kind)).toEqual(['order_fill']);
    }
    expect(await ledgerBalanced()).toBe(true);
  });
});

describe('closing with an Idempotency-Key', () => {
  it('answers a retry with the position, and refuses the key with another request', async () => {
    const user = await investor(t, '1000000');
    const opened = await placeOrder(t, user, marketLong);
    const key = freshRequestKey();
    const close = (payload: object) =>
      send<PositionView>(t, 'POST', `/api/positions/${opened.data.id}/close`, user.token, payload, key);
    const first = await close({ type: 'market' });
    expect(first.data).toMatchObject({ status: 'closed', exitPrice: '2800.00' });
    const retry = await close({ type: 'market' });
    expect(retry).toMatchObject({ status: 200, data: { id: opened.data.id, status: 'closed' } });
    const other = await close({ type: 'limit', price: '2900' });
    expect(other).toMatchObject({ status: 422, errorCode: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it('sent twice at once with two requests, closes once: the other is refused', async () => {
    const user = await investor(t, '1000000');
    const opened = await placeOrder(t, user, marketLong);
    const key = freshRequestKey();
    const close = (price: string) =>
      send<PositionView>(
        t,
        'POST',
        `/api/positions/${opened.data.id}/close`,
        user.token,
        { type: 'limit', price },
        key,
      );
    const answers = await Promise.all([close('2900'), close('2950')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
    const accepted = answers.find((answer) => answer.status === 200)!;
    const row = await t.ctx.db
      .selectFrom('trading_positions')
      .select(['status', 'close_limit'])
      .where('id', '=', BigInt(opened.data.id))
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('limit-closing');
    expect(accepted.data.status).toBe('limit-closing');
    expect(row.close_limit).toBe(answers[0]!.status === 200 ? yen('2900') : yen('2950'));
  });

  it('answers a late retry of an earlier close with the position as it is, placing nothing over the newer one', async () => {
    const user = await investor(t, '1000000');
    const opened = await placeOrder(t, user, marketLong);
    const close = (payload: object, key: string) =>
      send<PositionView>(t, 'POST', `/api/positions/${opened.data.id}/close`, user.token, payload, key);
    const [firstKey, secondKey] = [freshRequestKey(), freshRequestKey()];
    const first = { type: 'limit', price: '2900', validity: 'week' };
    await close(first, firstKey);
    expect((await close({ type: 'limit', price: '2950' }, secondKey)).data).toMatchObject({
      closeLimit: '2950.00',
    });
    // The first request again, its answer lost: it was carried out once, and is not carried out again.
    const late = await close(first, firstKey);
    expect(late).toMatchObject({ status: 200, data: { status: 'limit-closing', closeLimit: '2950.00' } });
    expect(await close({ type: 'market' }, firstKey)).toMatchObject({
      status: 422,
      errorCode: 'IDEMPOTENCY_KEY_REUSED',
    });
    // Withdrawn, then the first key once more, after a restart: still nothing placed.
    await send(t, 'DELETE', `/api/positions/${opened.data.id}/close`, user.token);
    await tradingOf(t.ctx).reload();
    expect((await close(first, firstKey)).data).toMatchObject({ status: 'holding', closeLimit: null });
    // A key never used on it is a new close; once the position is closed, an unused key is refused as closed.
    expect((await close({ type: 'market' }, freshRequestKey())).data).toMatchObject({ status: 'closed' });
    expect(await close({ type: 'market' }, freshRequestKey())).toMatchObject({
      status: 409,
      errorCode: 'POSITION_CLOSED',
    });
    expect((await close(first, secondKey)).status).toBe(422);
  });

  it('closed before requests were hashed, answers a retry with the position', async () => {
    const user = await investor(t, '1000000');
    const opened = await placeOrder(t, user, marketLong);
    const key = freshRequestKey();
    const close = () =>
      send<PositionView>(
        t,
        'POST',
        `/api/positions/${opened.data.id}/close`,
        user.token,
        { type: 'market' },
        key,
      );
    expect((await close()).data.status).toBe('closed');
    await t.ctx.db
      .updateTable('trading_close_requests')
      .set({ request_hash: null })
      .where('position_id', '=', BigInt(opened.data.id))
      .execute();
    expect(await close()).toMatchObject({ status: 200, data: { id: opened.data.id, status: 'closed' } });
  });
});

describe('the trading account', () => {
  it('is read without writing: it shows a new deposit and leaves the trading state as it was', async () => {
    const user = await investor(t, '1000000');
    await placeOrder(t, user, marketLong);
    await deposit(t, user, '5000');
    const before = await tradingVersion();
    const account = await send<{ available: string }>(t, 'GET', '/api/trading/account', user.token);
    expect(account.data.available).toBe('724669.95');
    await send(t, 'GET', '/api/trading/account', user.token);
    expect(await tradingVersion()).toBe(before);
  });
});

describe('another order placed by the batch', () => {
  it('is not answered to a user other than its owner', async () => {
    const owner = await investor(t, '1000000');
    const stranger = await investor(t, '1000000');
    const key = freshRequestKey();
    const placed = await placeOrder(t, owner, marketLong, key);
    const replayed = await placeOrder(t, stranger, marketLong, key);
    expect(replayed.data.id).not.toBe(placed.data.id);
    const order = await send<OrderView>(t, 'GET', `/api/orders?status=all`, stranger.token);
    expect(JSON.stringify(order.data)).not.toContain(`"id":"${placed.data.id}"`);
  });
});

describe('one investor flooding the queue', () => {
  it('has at most 32 commands waiting; the rest are refused with RATE_LIMITED, and others are served', async () => {
    const flooder = await investor(t, '1000000');
    const other = await investor(t, '1000000');
    const [reads, order] = await Promise.all([
      Promise.all(Array.from({ length: 120 }, () => send(t, 'GET', '/api/trading/account', flooder.token))),
      placeOrder(t, other, marketLong),
    ]);
    const limited = reads.filter((read) => read.errorCode === 'RATE_LIMITED');
    expect(limited.length).toBeGreaterThan(0);
    expect(limited.every((read) => read.status === 429)).toBe(true);
    expect(reads.filter((read) => read.status === 200).length).toBeGreaterThanOrEqual(32);
    expect(order.data.status).toBe('filled');
    // Refusals hold nothing back: once the queue has drained, the same investor is served again.
    expect((await send(t, 'GET', '/api/trading/account', flooder.token)).status).toBe(200);
  });
});
