// 注文履歴: orders to open once filled or cancelled, and every close (返済) with its reason, in one paged list.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TradeHistoryItem } from '@kabuto/contract';
import { instrumentsOfReferences } from '../src/modules/trading';
import type { TestApp } from './harness';
import {
  MORNING,
  investor,
  morningQuote,
  orderKey,
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
  total: number;
  page: number;
  pageSize: number;
}
const history = (token: string, query = '') =>
  send<HistoryPage>(t, 'GET', `/api/trading/history${query}`, token);
/** A minute after the morning quote, then the next: each step of the story at its own time. */
const minute = (n: number) => t.clock.set(new Date(MORNING.getTime() + n * 60_000));
const line = (item: TradeHistoryItem) =>
  item.kind === 'order'
    ? ['order', item.order.id, item.order.status]
    : ['close', item.position.id, item.position.closeReason];

describe('GET /api/trading/history', () => {
  it('lists opening orders and closes (manual, take-profit, stop-loss) newest first, paged without gaps', async () => {
    const user = await investor(t, '3000000');
    const long = { code: '7203', side: 'long', type: 'market', lots: 1, leverage: 1 };
    minute(1);
    const manual = (await placeOrder(t, user, long)).data;
    minute(2);
    expect(
      (await send(t, 'POST', `/api/positions/${manual.id}/close`, user.token, { type: 'market' }, orderKey()))
        .status,
    ).toBe(200);
    minute(3);
    const resting = (await placeOrder(t, user, { ...long, type: 'limit', price: '2700' })).data;
    minute(4);
    await send(t, 'DELETE', `/api/orders/${resting.id}`, user.token);
    minute(5);
    const profit = (await placeOrder(t, user, { ...long, takeProfit: '2810' })).data;
    minute(6);
    const loss = (await placeOrder(t, user, { ...long, stopLoss: '2790' })).data;
    minute(7);
    await pushQuote(t, { bid: '2810', ask: '2810.5' });
    minute(8);
    await pushQuote(t, { bid: '2790', ask: '2790.5' });
    // Still open: neither in 注文履歴 nor as a close.
    minute(9);
    await placeOrder(t, user, { ...long, type: 'limit', price: '2600' });

    const all = await history(user.token, '?pageSize=100');
    expect(all.status).toBe(200);
    expect(all.data.items.map(line)).toEqual([
      ['close', loss.id, 'stop_loss'],
      ['close', profit.id, 'take_profit'],
      ['order', loss.id, 'filled'],
      ['order', profit.id, 'filled'],
      ['order', resting.id, 'cancelled'],
      ['close', manual.id, 'user'],
      ['order', manual.id, 'filled'],
    ]);
    expect(all.data.total).toBe(7);
    // A close carries its position: time, exit price, shares, reason and 実現損益 after fees.
    const tp = all.data.items[1]!;
    expect(tp).toMatchObject({
      kind: 'close',
      at: new Date(MORNING.getTime() + 7 * 60_000).toISOString(),
      position: { exitPrice: '2810.00', lots: 1, closeReason: 'take_profit', status: 'closed' },
    });
    // Bought at 2,800.50, sold at 2,810: 950 yen, less fees of 280.05 and 281.
    if (tp.kind === 'close') expect(tp.position.netPnl).toBe('388.95');

    // Pages of 3: every line once, in the same order.
    const pages = await Promise.all([1, 2, 3].map((page) => history(user.token, `?page=${page}&pageSize=3`)));
    expect(pages.map((page) => page.data.items.length)).toEqual([3, 3, 1]);
    expect(pages.flatMap((page) => page.data.items.map(line))).toEqual(all.data.items.map(line));
    expect(pages.every((page) => page.data.total === 7)).toBe(true);
  });

  it('shows a forced close (ロスカット) as a close with reason forced', async () => {
    const user = await investor(t, '1000000');
    const filled = (
      await placeOrder(t, user, { code: '7203', side: 'long', type: 'market', lots: 10, leverage: 3 })
    ).data;
    await pushQuote(t, { bid: '2300', ask: '2300.5' });
    t.clock.set(new Date('2026-11-25T01:00:00Z'));
    await pushQuote(t, { bid: '1800', ask: '1800.5' }, { base: '2300' });
    const { data } = await history(user.token);
    expect(data.items.map(line)).toEqual([
      ['close', filled.id, 'forced'],
      ['order', filled.id, 'filled'],
    ]);
    expect(data.items[0]).toMatchObject({
      at: '2026-11-25T01:00:00.000Z',
      position: { exitPrice: '1800.00', netPnl: '-1005100.50' },
    });
  });

  it("never shows another user's lines, needs a session and refuses a bad page", async () => {
    const owner = await investor(t, '1000000');
    const intruder = await investor(t, '1000000');
    const order = (
      await placeOrder(t, owner, { code: '7203', side: 'long', type: 'market', lots: 1, leverage: 1 })
    ).data;
    await send(t, 'POST', `/api/positions/${order.id}/close`, owner.token, { type: 'market' }, orderKey());
    expect((await history(owner.token)).data.total).toBe(2);
    expect((await history(intruder.token)).data).toMatchObject({ items: [], total: 0 });
    expect((await history('not-a-token')).status).toBe(401);
    for (const bad of ['?page=0', '?pageSize=101', '?pageSize=abc'])
      expect((await history(owner.token, bad)).status, bad).toBe(400);
  });

  // Review finding (low): a line joins 注文履歴 when its order finishes but is placed at the time the order was
  // placed, and pages are cut by offset, so an order that rests while the investor pages and is then cancelled or
  // filled pushes the lines after it down by one: the next page repeats the last line already shown (and a line
  // placed in pages already read is never shown until the list is read again). Nothing of another user's leaks;
  // the fix is a keyset cursor (at, id, kind) instead of page numbers, a contract change left to the owner.
  it.skip('never repeats a line across pages when an order placed earlier finishes while paging', async () => {
    const user = await investor(t, '3000000');
    const long = { code: '7203', side: 'long', type: 'market', lots: 1, leverage: 1 };
    minute(1);
    const first = (await placeOrder(t, user, long)).data;
    minute(2);
    const second = (await placeOrder(t, user, long)).data;
    minute(3);
    const resting = (await placeOrder(t, user, { ...long, type: 'limit', price: '2700' })).data;
    const page1 = (await history(user.token, '?page=1&pageSize=1')).data.items.map(line);
    expect(page1).toEqual([['order', second.id, 'filled']]);
    minute(4);
    expect((await send(t, 'DELETE', `/api/orders/${resting.id}`, user.token)).status).toBe(200);
    const page2 = (await history(user.token, '?page=2&pageSize=1')).data.items.map(line);
    expect(page2).toEqual([['order', first.id, 'filled']]);
  });
});

describe('two closes of one position at once', () => {
  it('close it once: one succeeds, the other is refused, and 注文履歴 has one close', async () => {
    const user = await investor(t, '1000000');
    const order = (
      await placeOrder(t, user, { code: '7203', side: 'long', type: 'market', lots: 1, leverage: 1 })
    ).data;
    const close = (key: string) =>
      send(t, 'POST', `/api/positions/${order.id}/close`, user.token, { type: 'market' }, key);
    const [first, second] = await Promise.all([close(orderKey()), close(orderKey())]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const lines = (await history(user.token)).data.items.map(line);
    expect(lines.filter(([kind]) => kind === 'close')).toEqual([['close', order.id, 'user']]);
  });
});

describe("a statement's instruments", () => {
  it("names only the user's own orders and positions, whatever reference an entry carries", async () => {
    const owner = await investor(t, '1000000');
    const other = await investor(t, '1000000');
    const order = (
      await placeOrder(t, owner, { code: '7203', side: 'long', type: 'market', lots: 1, leverage: 1 })
    ).data;
    const references = [`order:${order.id}`, `position:${order.id}`, `order:${order.id} `, 'order:-1', null];
    const own = await instrumentsOfReferences(t.ctx.db, BigInt(owner.userId), references);
    expect([...own.keys()]).toEqual([`order:${order.id}`, `position:${order.id}`]);
    expect((await instrumentsOfReferences(t.ctx.db, BigInt(other.userId), references)).size).toBe(0);
  });
});
