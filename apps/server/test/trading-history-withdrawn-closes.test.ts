// 注文履歴 and the limit closes (返済指値) that went without filling: cancelled, expired, replaced or overtaken.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TradeHistoryItem } from '@kabuto/contract';
import { tradingOf } from '../src/modules/trading';
import { insertWithdrawnCloses } from '../src/modules/trading/trading.repository';
import type { TestApp } from './harness';
import {
  MORNING,
  heldPosition,
  investor,
  morningQuote,
  placeOrder,
  pushQuote,
  send,
  tradingTestApp,
} from './trading-helpers';

let t: TestApp;
beforeAll(async () => void ({ t } = await tradingTestApp()));
afterAll(() => t.close());
beforeEach(() => morningQuote(t));

interface HistoryPage {
  items: TradeHistoryItem[];
  nextCursor: string | null;
}
const history = async (token: string, query = '?pageSize=100') =>
  (await send<HistoryPage>(t, 'GET', `/api/trading/history${query}`, token)).data;
const minute = (n: number) => t.clock.set(new Date(MORNING.getTime() + n * 60_000));
const at = (n: number) => new Date(MORNING.getTime() + n * 60_000).toISOString();
const closeAt = (token: string, id: string, body: object) =>
  send(t, 'POST', `/api/positions/${id}/close`, token, body);
const line = (item: TradeHistoryItem) =>
  item.kind === 'order'
    ? ['order', item.order.status]
    : item.kind === 'close'
      ? ['close', item.position.closeReason]
      : ['withdrawn-close', item.close.price, item.close.reason];

describe('注文履歴 and withdrawn limit closes', () => {
  it('lists a limit close the investor cancelled, at its placing, with its price, 期間 and both times', async () => {
    const { user, id } = await heldPosition(t);
    minute(2);
    expect((await closeAt(user.token, id, { type: 'limit', price: '2900', validity: 'week' })).status).toBe(
      200,
    );
    minute(3);
    expect((await send(t, 'DELETE', `/api/positions/${id}/close`, user.token)).status).toBe(200);

    const { items } = await history(user.token);
    expect(items.map(line)).toEqual([
      ['withdrawn-close', '2900.00', 'user'],
      ['order', 'filled'],
    ]);
    expect(items[0]).toMatchObject({
      kind: 'withdrawn-close',
      at: at(2),
      close: {
        positionId: id,
        price: '2900.00',
        validity: 'week',
        validUntil: '2026-11-27',
        requestedAt: at(2),
        withdrawnAt: at(3),
        reason: 'user',
      },
      // The position as it is now: held again.
      position: { id, status: 'holding', closeLimit: null, lots: 1 },
    });
  });

  it('lists each close a newer one replaced, and the one that filled as the close', async () => {
    const { user, id } = await heldPosition(t);
    minute(2);
    await closeAt(user.token, id, { type: 'limit', price: '2900' });
    minute(3);
    await closeAt(user.token, id, { type: 'limit', price: '2950' });
    minute(4);
    await closeAt(user.token, id, { type: 'market' });

    const { items } = await history(user.token);
    expect(items.map(line)).toEqual([
      ['close', 'user'],
      ['withdrawn-close', '2950.00', 'replaced'],
      ['withdrawn-close', '2900.00', 'replaced'],
      ['order', 'filled'],
    ]);
    expect(items.slice(1, 3).map((item) => item.kind === 'withdrawn-close' && item.close)).toEqual([
      expect.objectContaining({ requestedAt: at(3), withdrawnAt: at(4) }),
      expect.objectContaining({ requestedAt: at(2), withdrawnAt: at(3) }),
    ]);
  });

  it('lists a limit close a stop-loss overtook, beside the stop-loss close', async () => {
    const user = await investor(t, '1000000');
    const { id } = (
      await placeOrder(t, user, {
        code: '7203',
        side: 'long',
        type: 'market',
        lots: 1,
        leverage: 1,
        stopLoss: '2790',
      })
    ).data;
    minute(2);
    await closeAt(user.token, id, { type: 'limit', price: '2900' });
    minute(3);
    await pushQuote(t, { bid: '2790', ask: '2790.5' });

    const { items } = await history(user.token);
    expect(items.map(line)).toEqual([
      ['close', 'stop_loss'],
      ['withdrawn-close', '2900.00', 'stop_loss'],
      ['order', 'filled'],
    ]);
    expect(items[1]).toMatchObject({ close: { withdrawnAt: at(3) }, position: { status: 'closed' } });
  });

  it('lists a limit close the daily run withdrew after its date as expired, once', async () => {
    const { user, id } = await heldPosition(t);
    await closeAt(user.token, id, { type: 'limit', price: '2900' });
    const trading = tradingOf(t.ctx);
    await trading.accrueDaily(new Date('2026-11-24T15:00:00Z'));
    await trading.accrueDaily(new Date('2026-11-24T16:00:00Z'));

    const { items } = await history(user.token);
    expect(items.map(line)).toEqual([
      ['withdrawn-close', '2900.00', 'expired'],
      ['order', 'filled'],
    ]);
    expect(items[0]).toMatchObject({
      close: { validity: 'day', validUntil: '2026-11-24', withdrawnAt: '2026-11-24T15:00:00.000Z' },
    });
  });

  it('records a close placed and replaced in one batch with the 期間 and time it was placed with', async () => {
    const { user, id } = await heldPosition(t);
    minute(2);
    // Sent together, both are decided in one batch: whichever comes second replaces the first. One commit, so
    // the batch was written whole (a failed batch is written again one command at a time). On the embedded
    // database the two always meet in one batch; on PostgreSQL their requests' reads may part them, and then
    // the second finds the first stored: the record must be the same either way.
    const version = async () =>
      (await t.ctx.db.selectFrom('trading_state').select('version').executeTakeFirstOrThrow()).version;
    const before = await version();
    const sent = await Promise.all([
      closeAt(user.token, id, { type: 'limit', price: '2900', validity: 'week' }),
      closeAt(user.token, id, { type: 'limit', price: '2950', validity: 'day' }),
    ]);
    expect(sent.map((response) => response.status)).toEqual([200, 200]);
    if (!process.env.DATABASE_URL) expect(BigInt(await version())).toBe(BigInt(before) + 1n);
    const [withdrawn] = (await history(user.token)).items;
    expect(withdrawn?.kind).toBe('withdrawn-close');
    if (withdrawn?.kind !== 'withdrawn-close') return;
    const validityOf: Record<string, string> = { '2900.00': 'week', '2950.00': 'day' };
    expect(withdrawn.close).toMatchObject({
      validity: validityOf[withdrawn.close.price!],
      requestedAt: at(2),
      withdrawnAt: at(2),
      reason: 'replaced',
    });
  });

  it('records more closes at once than a statement takes parameters for eight columns a row (the daily run)', async () => {
    const { user, id } = await heldPosition(t);
    minute(2);
    await closeAt(user.token, id, { type: 'limit', price: '2900', validity: 'week' });
    const count = 9_000; // 9,000 rows of eight values: 72,000, beyond the 65,535 one statement may carry
    const rows = Array.from({ length: count }, (_, i) => ({
      positionId: BigInt(id),
      userId: BigInt(user.userId),
      limitPrice: 290_000n + BigInt(i),
      validity: null,
      validUntil: '2026-11-27',
      requestedAt: null,
      withdrawnAt: new Date('2026-11-28T00:00:00Z'),
      reason: 'expired' as const,
      lots: 1,
    }));
    await t.ctx.transact((tx) => insertWithdrawnCloses(tx.db, rows));
    const stored = await t.ctx.db
      .selectFrom('trading_withdrawn_closes')
      .select(['limit_price', 'validity', 'requested_at'])
      .where('position_id', '=', BigInt(id))
      .orderBy('limit_price')
      .execute();
    expect(stored).toHaveLength(count);
    // What a row leaves out is its position's resting close's, as the daily run finds it.
    expect(stored[0]).toEqual({ limit_price: 290_000n, validity: 'week', requested_at: new Date(at(2)) });
    expect(stored.at(-1)!.limit_price).toBe(290_000n + BigInt(count - 1));
  });

  it("records a market close a forced close withdrew without a 期間, even where its row still has a limit close's", async () => {
    // In one batch a resting limit close can be replaced by a waiting market 一部返済 that a forced close then
    // withdraws: the position's row, written at the flush, still has the limit close's 期間.
    const { user, id } = await heldPosition(t);
    minute(2);
    await closeAt(user.token, id, { type: 'limit', price: '2900', validity: 'week' });
    const market = {
      positionId: BigInt(id),
      userId: BigInt(user.userId),
      limitPrice: null,
      validity: null,
      validUntil: null,
      requestedAt: null,
      withdrawnAt: new Date(at(3)),
      reason: 'forced' as const,
      lots: 1,
    };
    await t.ctx.transact((tx) => insertWithdrawnCloses(tx.db, [market]));
    const stored = await t.ctx.db
      .selectFrom('trading_withdrawn_closes')
      .select(['limit_price', 'validity', 'valid_until'])
      .where('position_id', '=', BigInt(id))
      .execute();
    expect(stored).toEqual([{ limit_price: null, validity: null, valid_until: null }]);
  });

  it('pages through withdrawn closes without a gap, and never shows them to another investor', async () => {
    const { user, id } = await heldPosition(t);
    const intruder = await investor(t, '1000000');
    for (let n = 1; n <= 5; n += 1) {
      minute(n);
      await closeAt(user.token, id, { type: 'limit', price: String(2900 + n * 10) });
    }
    minute(6);
    await send(t, 'DELETE', `/api/positions/${id}/close`, user.token);

    const whole = (await history(user.token)).items.map(line);
    expect(whole).toHaveLength(6);
    const paged: unknown[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?pageSize=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = await history(user.token, query);
      paged.push(...page.items.map(line));
      cursor = page.nextCursor;
    } while (cursor);
    expect(paged).toEqual(whole);

    expect(await history(intruder.token)).toEqual({ items: [], nextCursor: null });
    // Another investor cannot withdraw the close, so nothing of theirs or the owner's is recorded by trying.
    minute(7);
    await closeAt(user.token, id, { type: 'limit', price: '2990' });
    expect((await send(t, 'DELETE', `/api/positions/${id}/close`, intruder.token)).status).toBe(404);
    expect((await history(user.token)).items.map(line)).toEqual(whole);
  });
});
