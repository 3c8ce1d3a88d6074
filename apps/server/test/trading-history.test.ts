// 注文履歴: orders to open once filled or cancelled, and every close (返済) with its reason, in one list read by cursor.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TradeHistoryItem } from '@kabuto/contract';
import { tradesOfReferences } from '../src/modules/trading';
import type { TestApp } from './harness';
import {
  MORNING,
  investor,
  morningQuote,
  freshRequestKey,
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
const history = (token: string, query = '') =>
  send<HistoryPage>(t, 'GET', `/api/trading/history${query}`, token);
const after = (cursor: string, pageSize: number) =>
  `?pageSize=${pageSize}&cursor=${encodeURIComponent(cursor)}`;
/** Every page of the user's 注文履歴 from the newest, `between` run before each page after the first. */
async function readAll(
  token: string,
  pageSize: number,
  between: (page: number) => Promise<unknown> = async () => {},
) {
  const pages: HistoryPage[] = [];
  let cursor: string | null = null;
  do {
    if (pages.length) await between(pages.length);
    const { status, data } = await history(token, cursor ? after(cursor, pageSize) : `?pageSize=${pageSize}`);
    expect(status).toBe(200);
    expect(data.items.length).toBeLessThanOrEqual(pageSize);
    pages.push(data);
    cursor = data.nextCursor;
  } while (cursor !== null && pages.length < 50);
  return pages;
}
const cursorOf = (parts: unknown) => Buffer.from(JSON.stringify(parts)).toString('base64url');
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
      (await send(t, 'POST', `/api/positions/${manual.id}/close`, user.token, { type: 'market' })).status,
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
    expect(all.data.nextCursor).toBeNull();
    // Each close's message says what closed it, newest first.
    const inbox = await send<{ items: { body: string }[] }>(
      t,
      'GET',
      '/api/messages?lang=ja&limit=50',
      user.token,
    );
    expect(inbox.data.items.map((item) => item.body).filter((body) => body.includes('株の建玉を'))).toEqual([
      expect.stringContaining('建玉を、設定した損切りの価格に達したため2,790円で決済しました。'),
      expect.stringContaining('建玉を、設定した利益確定の価格に達したため2,810円で決済しました。'),
      expect.stringContaining('建玉を、返済注文により'),
    ]);
    // A close carries its position: time, exit price, shares, reason and 実現損益 after fees.
    const tp = all.data.items[1]!;
    expect(tp).toMatchObject({
      kind: 'close',
      at: new Date(MORNING.getTime() + 7 * 60_000).toISOString(),
      position: { exitPrice: '2810.00', lots: 1, closeReason: 'take_profit', status: 'closed' },
    });
    // Bought at 2,800.50, sold at 2,810: 950 yen, less fees of 280.05 and 281.
    if (tp.kind === 'close') expect(tp.position.netPnl).toBe('388.95');

    // Pages of 3, each after the last: every line once, in the same order, and no cursor after the last.
    const pages = await readAll(user.token, 3);
    expect(pages.map((page) => page.items.length)).toEqual([3, 3, 1]);
    expect(pages.flatMap((page) => page.items.map(line))).toEqual(all.data.items.map(line));
    expect(pages.map((page) => page.nextCursor === null)).toEqual([false, false, true]);
    // Seven lines in pages of 7: the last page says so, with no empty page after it.
    expect((await history(user.token, '?pageSize=7')).data.nextCursor).toBeNull();
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

  it("never shows another user's lines, needs a session and refuses a bad page size", async () => {
    const owner = await investor(t, '1000000');
    const intruder = await investor(t, '1000000');
    const order = (
      await placeOrder(t, owner, { code: '7203', side: 'long', type: 'market', lots: 1, leverage: 1 })
    ).data;
    await send(t, 'POST', `/api/positions/${order.id}/close`, owner.token, { type: 'market' });
    expect((await history(owner.token)).data.items).toHaveLength(2);
    expect((await history(intruder.token)).data).toEqual({ items: [], nextCursor: null });
    expect((await history('not-a-token')).status).toBe(401);
    for (const bad of ['?pageSize=0', '?pageSize=101', '?pageSize=abc'])
      expect(await history(owner.token, bad), bad).toMatchObject({
        status: 400,
        errorCode: 'VALIDATION_FAILED',
        params: { field: 'pageSize' },
      });
    expect((await history(owner.token, '?pageSize=100')).status).toBe(200);
  });

  it('never repeats a line across pages when an order placed earlier finishes while paging', async () => {
    const user = await investor(t, '3000000');
    const long = { code: '7203', side: 'long', type: 'market', lots: 1, leverage: 1 };
    minute(1);
    const first = (await placeOrder(t, user, long)).data;
    minute(2);
    const second = (await placeOrder(t, user, long)).data;
    minute(3);
    const resting = (await placeOrder(t, user, { ...long, type: 'limit', price: '2700' })).data;
    const page1 = (await history(user.token, '?pageSize=1')).data;
    expect(page1.items.map(line)).toEqual([['order', second.id, 'filled']]);
    minute(4);
    expect((await send(t, 'DELETE', `/api/orders/${resting.id}`, user.token)).status).toBe(200);
    const page2 = (await history(user.token, after(page1.nextCursor!, 1))).data;
    expect(page2.items.map(line)).toEqual([['order', first.id, 'filled']]);
    expect(page2.nextCursor).toBeNull();
    // The cancelled order is placed above the place read to: it shows when the list is read from the top again.
    expect((await history(user.token)).data.items.map(line)).toEqual([
      ['order', resting.id, 'cancelled'],
      ['order', second.id, 'filled'],
      ['order', first.id, 'filled'],
    ]);
  });

  it('neither repeats nor passes over a line while orders finish, fill and close between pages', async () => {
    const user = await investor(t, '5000000');
    const long = { code: '7203', side: 'long', type: 'market', lots: 1, leverage: 1 };
    // Resting orders placed early, finishing only while the list is read: they join below the place read to.
    minute(1);
    const early: { id: string }[] = [];
    for (let n = 0; n < 3; n++)
      early.push((await placeOrder(t, user, { ...long, type: 'limit', price: '2700' })).data);
    const held: { id: string }[] = [];
    for (let n = 2; n <= 7; n++) {
      minute(n);
      held.push((await placeOrder(t, user, long)).data);
    }
    const later = 100;
    const read = await readAll(user.token, 2, async (page) => {
      minute(later + page);
      if (page <= early.length)
        expect((await send(t, 'DELETE', `/api/orders/${early[page - 1]!.id}`, user.token)).status).toBe(200);
      // A new order, and a close of one listed already: both newer than any line read, above the place.
      await placeOrder(t, user, long);
      const closing = held[held.length - page]!;
      expect(
        (await send(t, 'POST', `/api/positions/${closing.id}/close`, user.token, { type: 'market' })).status,
      ).toBe(200);
    });
    const listed = read.flatMap((page) => page.items);
    const keys = listed.map((item) => `${line(item)[0]}:${line(item)[1]}`);
    expect(new Set(keys).size).toBe(keys.length);
    // What was read is exactly the list as it now stands, from the first line read down: nothing passed over.
    const now = (await history(user.token, '?pageSize=100')).data.items;
    const top = now.findIndex(
      (item) => line(item)[0] === line(listed[0]!)[0] && line(item)[1] === line(listed[0]!)[1],
    );
    expect(top).toBeGreaterThan(0);
    expect(listed.map(line)).toEqual(now.slice(top).map(line));
    // The early orders cancelled between pages are there, once each, at their placing.
    expect(listed.map(line).filter(([, , status]) => status === 'cancelled')).toEqual(
      [...early].reverse().map((order) => ['order', order.id, 'cancelled']),
    );
  });

  it('lists a close before its order at the same instant, and pages between them', async () => {
    const user = await investor(t, '1000000');
    minute(1);
    const order = (
      await placeOrder(t, user, { code: '7203', side: 'long', type: 'market', lots: 1, leverage: 1 })
    ).data;
    await send(t, 'POST', `/api/positions/${order.id}/close`, user.token, { type: 'market' });
    const pages = await readAll(user.token, 1);
    expect(pages.map((page) => page.items.map(line))).toEqual([
      [['close', order.id, 'user']],
      [['order', order.id, 'filled']],
    ]);
  });

  it("refuses a cursor it did not issue, in the caller's language", async () => {
    const user = await investor(t, '1000000');
    minute(1);
    const order = (
      await placeOrder(t, user, { code: '7203', side: 'long', type: 'market', lots: 1, leverage: 1 })
    ).data;
    await send(t, 'POST', `/api/positions/${order.id}/close`, user.token, { type: 'market' });
    const issued = (await history(user.token, '?pageSize=1')).data.nextCursor!;
    expect((await history(user.token, after(issued, 1))).status).toBe(200);
    const [at, id] = JSON.parse(Buffer.from(issued, 'base64url').toString()) as [string, string, string];
    const forged = [
      '',
      '!!!',
      'a'.repeat(201),
      'bm90IGpzb24', // "not json"
      cursorOf({ at, id, kind: 'order' }),
      cursorOf([at, id]),
      cursorOf([at, id, 'position']),
      cursorOf([Number(at), id, 'order']),
      cursorOf([at, '0', 'order']),
      cursorOf([at, '-1', 'order']),
      cursorOf([at, `${id}.5`, 'order']),
      cursorOf([`0${at}`, id, 'order']),
      cursorOf(['99999999999999999', id, 'order']),
      cursorOf([at, id, 'order', user.userId]),
      Buffer.from(JSON.stringify([at, id, 'order'], null, 1)).toString('base64url'),
      `${issued}==`.replace(/=/g, 'A'),
    ];
    for (const cursor of forged)
      expect(await history(user.token, `?cursor=${encodeURIComponent(cursor)}`), cursor).toMatchObject({
        status: 400,
        errorCode: 'LIST_CURSOR_INVALID',
        params: { field: 'cursor' },
      });
    const localised = async (lang: string, cursor: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/trading/history?lang=${lang}&cursor=${cursor}`,
          headers: { token: user.token },
        })
      ).json<{ msg: string }>().msg;
    for (const cursor of ['!!!', cursorOf([at, id, 'position'])]) {
      expect(await localised('ja', cursor)).toBe(
        '一覧の続きを読み込めませんでした。一覧を最初から表示し直してください',
      );
      expect(await localised('en', cursor)).toBe(
        'The rest of the list could not be loaded. Show the list again from the top',
      );
    }
    // Without a session, the cursor is not even looked at.
    expect((await history('not-a-token', '?cursor=!!!')).status).toBe(401);
  });

  it('reads a well-formed cursor at the limits of its numbers as a place, never as a failure', async () => {
    const user = await investor(t, '1000000');
    minute(1);
    const order = (
      await placeOrder(t, user, { code: '7203', side: 'long', type: 'market', lots: 1, leverage: 1 })
    ).data;
    await send(t, 'POST', `/api/positions/${order.id}/close`, user.token, { type: 'market' });
    const everything = (await history(user.token)).data.items.map(line);
    expect(everything).toEqual([
      ['close', order.id, 'user'],
      ['order', order.id, 'filled'],
    ]);
    // After the furthest place a cursor can name (the year 2286, the largest id): every line, from the newest.
    const furthest = await history(
      user.token,
      after(cursorOf(['9999999999999999', '999999999999999999', 'close']), 10),
    );
    expect(furthest).toMatchObject({ status: 200, data: { nextCursor: null } });
    expect(furthest.data.items.map(line)).toEqual(everything);
    // After the earliest (the epoch, the first id): nothing.
    expect((await history(user.token, after(cursorOf(['0', '1', 'order']), 10))).data).toEqual({
      items: [],
      nextCursor: null,
    });
    // Text where a number goes, SQL included, and a cursor given twice, are refused like any other forgery.
    for (const query of [
      `?cursor=${cursorOf(["1' OR '1'='1", '1', 'order'])}`,
      `?cursor=${cursorOf(['１２３', '1', 'order'])}`,
      `?cursor=${cursorOf(['1', '1 OR 1=1', 'close'])}`,
      `?cursor=${encodeURIComponent("x' OR '1'='1")}`,
      `?cursor=${cursorOf(['1', '1', 'close'])}&cursor=${cursorOf(['1', '1', 'close'])}`,
    ])
      expect(await history(user.token, query), query).toMatchObject({
        status: 400,
        errorCode: 'LIST_CURSOR_INVALID',
      });
  });

  it("reads only the caller's own lines with another user's cursor", async () => {
    const a = await investor(t, '3000000');
    const b = await investor(t, '3000000');
    const long = { code: '7203', side: 'long', type: 'market', lots: 1, leverage: 1 };
    const ofB: string[] = [];
    const ofA: string[] = [];
    for (let n = 1; n <= 4; n++) {
      minute(n * 2);
      ofA.push((await placeOrder(t, a, long)).data.id);
      minute(n * 2 + 1);
      ofB.push((await placeOrder(t, b, long)).data.id);
    }
    // A's cursor after A's two newest lines (minutes 8 and 6).
    const cursorOfA = (await history(a.token, '?pageSize=2')).data.nextCursor!;
    const withIt = await history(b.token, after(cursorOfA, 100));
    expect(withIt.status).toBe(200);
    // B's lines older than A's place (minutes 5 and 3), none of A's.
    expect(withIt.data.items.map(line)).toEqual([
      ['order', ofB[1], 'filled'],
      ['order', ofB[0], 'filled'],
    ]);
    expect(withIt.data.items.some((item) => item.kind === 'order' && ofA.includes(item.order.id))).toBe(
      false,
    );
    expect(withIt.data.nextCursor).toBeNull();
    // And B's own cursor never reaches A's lines either.
    const pagesOfB = await readAll(b.token, 1);
    expect(pagesOfB.flatMap((page) => page.items.map(line))).toEqual(
      [...ofB].reverse().map((id) => ['order', id, 'filled']),
    );
  });
});

describe('GET /api/positions?status=closed (決済済み建玉)', () => {
  interface PositionPage {
    items: { id: string; closedAt: string }[];
    nextCursor: string | null;
  }
  const closedPage = (token: string, query = '') =>
    send<PositionPage>(t, 'GET', `/api/positions?status=closed${query}`, token);
  const close = (token: string, id: string) =>
    send(t, 'POST', `/api/positions/${id}/close`, token, { type: 'market' });

  it('lists closed positions by their close, newest first, paged after a position without gaps', async () => {
    const user = await investor(t, '5000000');
    const long = { code: '7203', side: 'long', type: 'market', lots: 1, leverage: 1 };
    // Opened 1, 2, 3, 4 and closed 3, 1, 4, 2: the list follows the closes, not the openings.
    const opened: string[] = [];
    for (let n = 1; n <= 4; n++) {
      minute(n);
      opened.push((await placeOrder(t, user, long)).data.id);
    }
    const closingOrder = [opened[2]!, opened[0]!, opened[3]!, opened[1]!];
    for (const [index, id] of closingOrder.entries()) {
      minute(10 + index);
      expect((await close(user.token, id)).status).toBe(200);
    }
    const newestFirst = [...closingOrder].reverse();
    const all = await closedPage(user.token, '&pageSize=100');
    expect(all.status).toBe(200);
    expect(all.data.items.map((position) => position.id)).toEqual(newestFirst);
    expect(all.data.items.map((position) => position.closedAt)).toEqual(
      [13, 12, 11, 10].map((n) => new Date(MORNING.getTime() + n * 60_000).toISOString()),
    );

    // Pages of 3 after each page's last position: every position once, in the same order.
    const first = await closedPage(user.token, '&pageSize=3');
    expect(first.data.items.map((position) => position.id)).toEqual(newestFirst.slice(0, 3));
    expect(first.data.nextCursor).toBe(newestFirst[2]);
    const second = await closedPage(user.token, `&pageSize=3&cursor=${first.data.nextCursor}`);
    expect(second.data.items.map((position) => position.id)).toEqual(newestFirst.slice(3));
    expect(second.data.nextCursor).toBeNull();

    // Two closes in one instant: the higher id first, and a page cut between them loses neither.
    minute(20);
    const pair = [(await placeOrder(t, user, long)).data.id, (await placeOrder(t, user, long)).data.id];
    minute(21);
    for (const id of pair) expect((await close(user.token, id)).status).toBe(200);
    const top = await closedPage(user.token, '&pageSize=1');
    expect(top.data.items.map((position) => position.id)).toEqual([pair[1]]);
    const next = await closedPage(user.token, `&pageSize=2&cursor=${top.data.nextCursor}`);
    expect(next.data.items.map((position) => position.id)).toEqual([pair[0], newestFirst[0]]);
  });

  it("refuses a cursor that is not one of the caller's closed positions, whoever's it is, alike", async () => {
    const owner = await investor(t, '3000000');
    const other = await investor(t, '3000000');
    const long = { code: '7203', side: 'long', type: 'market', lots: 1, leverage: 1 };
    minute(1);
    const theirs = (await placeOrder(t, owner, long)).data.id;
    const mine = (await placeOrder(t, other, long)).data.id;
    const mineOpen = (await placeOrder(t, other, long)).data.id;
    minute(2);
    expect((await close(owner.token, theirs)).status).toBe(200);
    expect((await close(other.token, mine)).status).toBe(200);
    // Another user's closed position, the caller's own open one, and none at all: one answer, naming no one's.
    const answers = await Promise.all(
      [theirs, mineOpen, '999999999999'].map((cursor) => closedPage(other.token, `&cursor=${cursor}`)),
    );
    for (const answer of answers)
      expect(answer).toMatchObject({
        status: 400,
        errorCode: 'LIST_CURSOR_INVALID',
        params: { field: 'cursor' },
      });
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect((await closedPage(other.token)).data.items.map((position) => position.id)).toEqual([mine]);
    // Their own cursor still reads on: nothing older here.
    expect((await closedPage(other.token, `&cursor=${mine}`)).data).toEqual({ items: [], nextCursor: null });
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
    const [first, second] = await Promise.all([close(freshRequestKey()), close(freshRequestKey())]);
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
    const own = await tradesOfReferences(t.ctx.db, BigInt(owner.userId), references);
    expect([...own.keys()]).toEqual([`order:${order.id}`, `position:${order.id}`]);
    expect((await tradesOfReferences(t.ctx.db, BigInt(other.userId), references)).size).toBe(0);
  });
});
