/**
 * Security review (2026-11-28) of 訂正 (order amendment): POST /api/orders/:id/amend and its preview
 * (20261128T0900_order_amendment.sql, engine amendOrder / asIfCancelled / planAmendment, Trading.amendOrder /
 * previewAmendment). Each test is an attack that was tried, and what the product must do: bad input changes
 * nothing, another user's order is as absent as one that does not exist, concurrent requests never take cash
 * below zero, the ledger stays balanced and its held cash is exactly the open orders' holds, and an order is
 * replaced at most once, by an order of the same user. All of those hold. One finding fails on purpose (last
 * describe): an amendment in flight is committed for a session revoked (account frozen) meanwhile, as placing is.
 * The two-node tests with their own pools need PostgreSQL (DATABASE_URL).
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tradingOf } from '../src/modules/trading';
import { memoryBus } from '../src/platform/bus';
import {
  createPeerNode,
  get,
  registerUser,
  sameDatabaseServer,
  type Registered,
  type TestApp,
} from './harness';
import {
  investor,
  ledgerBalances,
  MORNING,
  freshRequestKey,
  placeOrder,
  pushQuote,
  send,
  tradingSnapshot,
  tradingTestApp,
  yen,
  type OrderView,
  type PositionView,
} from './trading-helpers';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  ({ t, admin } = await tradingTestApp());
});
afterAll(() => t.close());
beforeEach(async () => {
  t.clock.set(MORNING);
  await pushQuote(t, { bid: '2800', ask: '2800.5' });
});

type Amended = OrderView & {
  amendsOrderId: string | null;
  lots: number;
  validity: string;
  validUntil: string;
};

/** NTT: 150 yen, TOPIX500 ticks (0.1 yen below 1,000 yen). */
const NTT = { code: '9432', tickTable: 'topix500' as const, base: yen('150') };

const resting = (user: Registered, change: object = {}, key = freshRequestKey()) =>
  send<Amended>(
    t,
    'POST',
    '/api/orders',
    user.token,
    {
      code: '7203',
      side: 'long',
      type: 'limit',
      price: '2790',
      lots: 1,
      leverage: 1,
      takeProfit: '2900',
      validity: 'week',
      ...change,
    },
    key,
  );

const amend = (
  user: { token: string },
  id: string,
  body: object,
  key: string | null = freshRequestKey(),
  lang = 'en',
) => send<Amended>(t, 'POST', `/api/orders/${id}/amend?lang=${lang}`, user.token, body, key ?? undefined);

const preview = (user: { token: string }, id: string, body: object) =>
  send<Record<string, string | boolean | null>>(
    t,
    'POST',
    `/api/orders/${id}/amend/preview?lang=en`,
    user.token,
    body,
  );

/** A raw request: a body as JSON text, headers as given. */
async function raw(url: string, token: string, payload: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url,
    headers: { token, 'content-type': 'application/json', ...headers },
    payload,
  });
  let parsed: { code?: number; errorCode?: string; data?: unknown } = {};
  try {
    parsed = response.json();
  } catch {
    // not JSON
  }
  return { status: response.statusCode, ...parsed };
}

const openOrders = async (user: Registered) =>
  (await send<{ items: Amended[] }>(t, 'GET', '/api/orders?status=open', user.token)).data.items;

const openPositions = async (user: Registered) =>
  (await send<{ items: PositionView[] }>(t, 'GET', '/api/positions?status=open', user.token)).data.items;

/** The sum of the user's open orders' holds (margin and fee), as stored. */
async function openHolds(user: Registered): Promise<bigint> {
  const rows = await t.ctx.db
    .selectFrom('trading_orders')
    .select(['held_margin', 'held_fee'])
    .where('user_id', '=', BigInt(user.userId))
    .where('status', '=', 'open')
    .execute();
  return rows.reduce((sum, row) => sum + BigInt(row.held_margin) + BigInt(row.held_fee), 0n);
}

/**
 * Every replacement names an order of its own user, other than itself and older than itself, that was
 * cancelled as amended; every order cancelled as amended has exactly one replacement.
 */
async function amendmentRowsSound() {
  const { rows: links } = await sql<{
    id: string;
    user_id: string;
    old_id: string;
    old_user: string;
    old_status: string;
    old_reason: string | null;
  }>`SELECT n.id, n.user_id, o.id AS old_id, o.user_id AS old_user, o.status AS old_status,
        o.cancel_reason AS old_reason
      FROM trading_orders n JOIN trading_orders o ON o.id = n.amends_order_id`.execute(t.ctx.db);
  for (const link of links) {
    expect(link.old_user, `order ${link.id}`).toBe(link.user_id);
    expect(BigInt(link.old_id) < BigInt(link.id), `order ${link.id}`).toBe(true);
    expect([link.old_status, link.old_reason], `order ${link.id}`).toEqual(['cancelled', 'amended']);
  }
  const { rows: orphans } = await sql<{ id: string }>`SELECT o.id FROM trading_orders o
      WHERE o.cancel_reason = 'amended'
        AND (SELECT count(*) FROM trading_orders n WHERE n.amends_order_id = o.id) <> 1`.execute(t.ctx.db);
  expect(orphans).toEqual([]);
}

const verified = async () =>
  (await get<{ balanced: boolean }>(t.app, '/api/staff/ledger/verify', admin)).data.balanced;

/**
 * The money after a scenario: the ledger balanced, every user's cash at zero or above, the held cash exactly
 * the open orders' holds, and the engine's figures those of the ledger, before and after a rebuild from the
 * database (so the engine never holds what the database does not).
 */
async function moneySound(...users: Registered[]) {
  expect(await verified()).toBe(true);
  await amendmentRowsSound();
  const trading = tradingOf(t.ctx);
  const views = [];
  for (const user of users) {
    const balances = await ledgerBalances(t, user);
    const available = balances.cash_available ?? 0n;
    const held = balances.cash_held ?? 0n;
    expect(available >= 0n, `available ${available}`).toBe(true);
    expect(held >= 0n, `held ${held}`).toBe(true);
    expect(held).toBe(await openHolds(user));
    const view = await trading.account(BigInt(user.userId));
    expect([view.available, view.held]).toEqual([available, held]);
    views.push(view);
  }
  await trading.reload();
  for (const [i, user] of users.entries()) {
    const view = await trading.account(BigInt(user.userId));
    expect({ ...view, unrealisedPnl: 0n, equity: 0n }).toEqual({
      ...views[i],
      unrealisedPnl: 0n,
      equity: 0n,
    });
  }
}

const statusOf = (result: { status: number; errorCode?: string }) =>
  result.status === 200 ? 'ok' : (result.errorCode ?? String(result.status));

describe('who may amend, and which order', () => {
  it("answers another investor's order exactly as an order that does not exist, for the amendment and its preview", async () => {
    const owner = await investor(t, '1000000');
    const attacker = await investor(t, '1000000');
    const placed = await resting(owner);
    const before = await tradingSnapshot(t, owner);
    const body = { price: '2780', lots: 1 };
    const theirs = await amend(attacker, placed.data.id, body);
    const missing = await amend(attacker, '999999999999999999', body);
    expect(theirs).toMatchObject({ status: 404, errorCode: 'ORDER_NOT_FOUND' });
    expect({ ...theirs, data: null }).toEqual({ ...missing, data: null });
    const theirPreview = await preview(attacker, placed.data.id, body);
    expect(theirPreview).toMatchObject({ status: 404, errorCode: 'ORDER_NOT_FOUND' });
    expect(theirPreview.data ?? null).toBeNull();
    expect(theirPreview).toEqual(await preview(attacker, '999999999999999999', body));
    // Even a body that would be refused for the owner (unchanged, off the tick) says only "not found".
    expect(await amend(attacker, placed.data.id, { price: '2790', lots: 1 })).toMatchObject({
      errorCode: 'ORDER_NOT_FOUND',
    });
    expect(await amend(attacker, placed.data.id, { price: '2790.3', lots: 1 })).toMatchObject({
      errorCode: 'ORDER_NOT_FOUND',
    });
    expect(await tradingSnapshot(t, owner)).toEqual(before);
    expect(await openOrders(attacker)).toEqual([]);
    // Once the owner's order is closed (cancelled), the attacker still learns nothing: not found, not "not open".
    await send(t, 'DELETE', `/api/orders/${placed.data.id}`, owner.token);
    expect(await amend(attacker, placed.data.id, body)).toMatchObject({
      status: 404,
      errorCode: 'ORDER_NOT_FOUND',
    });
    expect(await preview(attacker, placed.data.id, body)).toMatchObject({
      status: 404,
      errorCode: 'ORDER_NOT_FOUND',
    });
    await moneySound(owner, attacker);
  });

  it('refuses the same price and lots on an engine rebuilt from the database as on the live one', async () => {
    const user = await investor(t, '1000000');
    const placed = await resting(user, { price: '2790.5' });
    await tradingOf(t.ctx).reload();
    const before = await tradingSnapshot(t, user);
    for (const price of ['2790.5', '2,790.50', '２７９０．５'])
      expect(await amend(user, placed.data.id, { price, lots: 1 })).toMatchObject({
        errorCode: 'ORDER_AMEND_UNCHANGED',
      });
    expect(await tradingSnapshot(t, user)).toEqual(before);
  });

  it("does not let an attacker's own idempotency key answer with another investor's amendment", async () => {
    const owner = await investor(t, '1000000');
    const attacker = await investor(t, '1000000');
    const placed = await resting(owner);
    const key = freshRequestKey();
    const done = await amend(owner, placed.data.id, { price: '2780', lots: 1 }, key);
    expect(done.status).toBe(200);
    // The same key and the same body, by another user, on the owner's old or new order: not found.
    expect(await amend(attacker, placed.data.id, { price: '2780', lots: 1 }, key)).toMatchObject({
      status: 404,
      errorCode: 'ORDER_NOT_FOUND',
    });
    expect(await amend(attacker, done.data.id, { price: '2780', lots: 1 }, key)).toMatchObject({
      status: 404,
      errorCode: 'ORDER_NOT_FOUND',
    });
    // The attacker's own order amended under the owner's key: the key is the attacker's own, unused.
    const mine = await resting(attacker);
    const own = await amend(attacker, mine.data.id, { price: '2780', lots: 1 }, key);
    expect(own).toMatchObject({ status: 200, data: { amendsOrderId: mine.data.id } });
    expect(own.data.id).not.toBe(done.data.id);
    await moneySound(owner, attacker);
  });

  it.each([
    ['0', 400],
    ['-1', 400],
    ['1e3', 400],
    ['1.0', 400],
    ['0x10', 400],
    ['abc', 400],
    ['01', 400],
    ['%201', 400],
    ['1%00', 400],
    ['9999999999999999999', 400],
    ['99999999999999999999999999', 400],
    ['999999999999999999', 404],
  ])('answers a malformed or unknown id %s with %i and changes nothing', async (id, status) => {
    const user = await investor(t, '1000000');
    await resting(user);
    const before = await tradingSnapshot(t, user);
    const answer = await amend(user, id, { price: '2780', lots: 1 });
    expect(answer).toMatchObject({
      status,
      code: 0,
      errorCode: status === 400 ? 'VALIDATION_FAILED' : 'ORDER_NOT_FOUND',
    });
    expect(await preview(user, id, { price: '2780', lots: 1 })).toMatchObject({ status, code: 0 });
    expect(await tradingSnapshot(t, user)).toEqual(before);
  });

  it('needs an investor session: none, a made-up one, a staff token and a logged-out one are refused', async () => {
    const owner = await investor(t, '1000000');
    const placed = await resting(owner);
    const before = await tradingSnapshot(t, owner);
    const body = { price: '2780', lots: 1 };
    for (const token of ['', 'x'.repeat(64), 'x'.repeat(5000), admin]) {
      const answer = await amend({ token }, placed.data.id, body);
      expect(answer.status, token.slice(0, 8)).toBe(401);
      expect(answer.code).not.toBe(1);
      expect((await preview({ token }, placed.data.id, body)).status).toBe(401);
    }
    const other = await investor(t, '0');
    await send(t, 'POST', '/api/auth/logout', other.token, {});
    expect(await amend(other, placed.data.id, body)).toMatchObject({ status: 401 });
    expect(await tradingSnapshot(t, owner)).toEqual(before);
  });

  it('refuses an investor whose identity verification is not passed, before and after placing', async () => {
    const unverified = await registerUser(t);
    const owner = await investor(t, '1000000');
    const placed = await resting(owner);
    expect(await amend(unverified, placed.data.id, { price: '2780', lots: 1 })).toMatchObject({
      status: 404,
      errorCode: 'ORDER_NOT_FOUND',
    });
    // The owner's verification is withdrawn while the order rests: amending (a new order) is refused.
    await t.ctx.db
      .updateTable('users')
      .set({ kyc_status: 'rejected' as never })
      .where('id', '=', BigInt(owner.userId))
      .execute();
    const before = await tradingSnapshot(t, owner);
    expect(await amend(owner, placed.data.id, { price: '2780', lots: 1 })).toMatchObject({
      code: 0,
      errorCode: 'KYC_NOT_PASSED',
    });
    expect(await preview(owner, placed.data.id, { price: '2780', lots: 1 })).toMatchObject({
      code: 0,
      errorCode: 'KYC_NOT_PASSED',
    });
    expect(await tradingSnapshot(t, owner)).toEqual(before);
    await moneySound(owner);
  });
});

describe('headers: Idempotency-Key and lang', () => {
  it.each([
    ['a space', 'has space'],
    ['a slash', 'a/b'],
    ['a quote', "a'b"],
    ['a semicolon', 'a;DROP TABLE trading_orders'],
    ['non-ASCII', 'キー'],
    ['101 characters', 'k'.repeat(101)],
    ['10,000 characters', 'k'.repeat(10_000)],
  ])('refuses a key with %s and changes nothing', async (_name, key) => {
    const user = await investor(t, '1000000');
    const placed = await resting(user);
    const before = await tradingSnapshot(t, user);
    const answer = await raw(
      `/api/orders/${placed.data.id}/amend`,
      user.token,
      JSON.stringify({ price: '2780', lots: 1 }),
      { 'idempotency-key': encodeURI(key) === key ? key : Buffer.from(key).toString('latin1') },
    );
    expect(answer).toMatchObject({ code: 0, errorCode: 'IDEMPOTENCY_KEY_INVALID' });
    expect(await tradingSnapshot(t, user)).toEqual(before);
  });

  it('takes a key of exactly 100 allowed characters', async () => {
    const user = await investor(t, '1000000');
    const placed = await resting(user);
    const key = `${freshRequestKey()}-`.padEnd(100, 'Z');
    const first = await amend(user, placed.data.id, { price: '2780', lots: 1 }, key);
    expect(first.status).toBe(200);
    expect((await amend(user, placed.data.id, { price: '2780', lots: 1 }, key)).data).toEqual(first.data);
    await moneySound(user);
  });

  it('refuses a key already used to place an order, and a key used to amend when placing', async () => {
    const user = await investor(t, '1000000');
    const placeKey = freshRequestKey();
    const placed = await resting(user, {}, placeKey);
    const before = await tradingSnapshot(t, user);
    expect(await amend(user, placed.data.id, { price: '2780', lots: 1 }, placeKey)).toMatchObject({
      status: 422,
      errorCode: 'IDEMPOTENCY_KEY_REUSED',
    });
    expect(await tradingSnapshot(t, user)).toEqual(before);

    const amendKey = freshRequestKey();
    const amended = await amend(user, placed.data.id, { price: '2780', lots: 1 }, amendKey);
    expect(amended.status).toBe(200);
    const after = await tradingSnapshot(t, user);
    expect(await resting(user, { price: '2780' }, amendKey)).toMatchObject({
      errorCode: 'IDEMPOTENCY_KEY_REUSED',
    });
    expect(await tradingSnapshot(t, user)).toEqual(after);
    await moneySound(user);
  });

  it('refuses a key reused to amend another order, and leaves that order as it was', async () => {
    const user = await investor(t, '1000000');
    const a = await resting(user);
    const b = await resting(user, { price: '2785' });
    const key = freshRequestKey();
    expect((await amend(user, a.data.id, { price: '2780', lots: 1 }, key)).status).toBe(200);
    const before = await tradingSnapshot(t, user);
    // The very same body on another order: still another request.
    expect(await amend(user, b.data.id, { price: '2780', lots: 1 }, key)).toMatchObject({
      errorCode: 'IDEMPOTENCY_KEY_REUSED',
    });
    expect(await tradingSnapshot(t, user)).toEqual(before);
    await moneySound(user);
  });

  it('answers the same amendment twice, sent at once with one key, with one new order', async () => {
    const user = await investor(t, '1000000');
    const placed = await resting(user, { lots: 3 });
    const key = freshRequestKey();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => amend(user, placed.data.id, { price: '2780', lots: 2 }, key)),
    );
    expect(answers.map(statusOf)).toEqual(Array(6).fill('ok'));
    expect(new Set(answers.map((answer) => answer.data.id)).size).toBe(1);
    expect((await openOrders(user)).map((order) => order.id)).toEqual([answers[0]!.data.id]);
    // Spelled otherwise, the same figures are the same request.
    for (const price of ['2,780', '２７８０', '2780.00', ' 2780 ', '¥2780', '2780円'])
      expect((await amend(user, placed.data.id, { price, lots: '2' }, key)).data.id).toBe(
        answers[0]!.data.id,
      );
    await moneySound(user);
  });

  it('gives one key sent at once for two different amendments to one of them only', async () => {
    const user = await investor(t, '1000000');
    const a = await resting(user);
    const b = await resting(user, { price: '2785' });
    const key = freshRequestKey();
    const answers = await Promise.all([
      amend(user, a.data.id, { price: '2780', lots: 1 }, key),
      amend(user, b.data.id, { price: '2780', lots: 1 }, key),
      amend(user, a.data.id, { price: '2775', lots: 1 }, key),
      resting(user, { price: '2770' }, key),
    ]);
    const winners = answers.flatMap((answer, i) => (answer.status === 200 ? [i] : []));
    expect(winners).toHaveLength(1);
    for (const answer of answers.filter((answer) => answer.status !== 200))
      expect(answer.errorCode).toBe('IDEMPOTENCY_KEY_REUSED');
    // An amendment replaces one of the two orders; the order placed adds a third.
    expect(await openOrders(user)).toHaveLength(winners[0] === 3 ? 3 : 2);
    await moneySound(user);
  });

  it.each(['__proto__', 'constructor', 'toString', '../../etc/passwd', 'ja&lang=en', 'x'.repeat(2000), ''])(
    'refuses in a sane language whatever lang=%s asks, changing nothing',
    async (lang) => {
      const user = await investor(t, '1000000');
      const placed = await resting(user);
      const before = await tradingSnapshot(t, user);
      const answer = await amend(
        user,
        placed.data.id,
        { price: '2790', lots: 1 },
        freshRequestKey(),
        encodeURIComponent(lang),
      );
      expect(answer).toMatchObject({ status: 400, code: 0, errorCode: 'ORDER_AMEND_UNCHANGED' });
      expect(typeof answer.msg).toBe('string');
      expect(answer.msg.length).toBeGreaterThan(0);
      expect(await tradingSnapshot(t, user)).toEqual(before);
    },
  );
});

describe('the body', () => {
  it.each([
    'leverage',
    'side',
    'takeProfit',
    'stopLoss',
    'userId',
    'accountId',
    'amendsOrderId',
    'code',
    'type',
    'validity',
    'validUntil',
    'id',
    'orderId',
    'newOrderId',
  ])('refuses an extra field %s and changes nothing', async (field) => {
    const user = await investor(t, '1000000');
    const placed = await resting(user);
    const before = await tradingSnapshot(t, user);
    const value = field === 'side' ? 'short' : field === 'leverage' ? 3 : '1';
    const answer = await amend(user, placed.data.id, { price: '2780', lots: 1, [field]: value });
    expect(answer).toMatchObject({ status: 400, code: 0, errorCode: 'UNKNOWN_FIELD' });
    expect(await preview(user, placed.data.id, { price: '2780', lots: 1, [field]: value })).toMatchObject({
      status: 400,
      errorCode: 'UNKNOWN_FIELD',
    });
    expect(await tradingSnapshot(t, user)).toEqual(before);
  });

  it.each([
    ['__proto__ with a side', '{"price":"2780","lots":1,"__proto__":{"side":"short","leverage":3}}'],
    ['__proto__ alone', '{"__proto__":{"price":"2780","lots":1}}'],
    ['constructor.prototype', '{"price":"2780","lots":1,"constructor":{"prototype":{"isAdmin":true}}}'],
    ['a JSON array', '[{"price":"2780","lots":1}]'],
    ['JSON null', 'null'],
    ['a JSON string', '"2780"'],
    ['not JSON', 'price=2780&lots=1'],
    ['truncated JSON', '{"price":"2780","lots":'],
    ['a duplicated key', '{"price":"2780","lots":1,"lots":-5}'],
    ['an empty body', ''],
  ])('refuses %s, pollutes nothing and changes nothing', async (_name, payload) => {
    const user = await investor(t, '1000000');
    const placed = await resting(user);
    const before = await tradingSnapshot(t, user);
    const answer = await raw(`/api/orders/${placed.data.id}/amend?lang=en`, user.token, payload, {
      'idempotency-key': freshRequestKey(),
    });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(answer.code).toBe(0);
    expect(({} as Record<string, unknown>).side).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(await tradingSnapshot(t, user)).toEqual(before);
  });

  it.each([
    ['a JSON number', 2780],
    ['negative', '-2780'],
    ['zero', '0'],
    ['zero with decimals', '0.00'],
    ['below a sen', '2780.001'],
    ['an exponent', '2.78e3'],
    ['NaN', 'NaN'],
    ['Infinity', 'Infinity'],
    ['empty', ''],
    ['null', null],
    ['an object', { sen: 278000 }],
    ['an array', ['2780']],
    ['above 10 million yen', '10000000.01'],
    ['hexadecimal', '0xADC'],
    ['a comma out of place (27.80 or 2,780?)', '27,80'],
    ['commas anywhere', ',,,2,7,8,0,,'],
    ['a space inside the number', '27 80'],
  ])('refuses a price that is %s as invalid and changes nothing', async (_name, price) => {
    const user = await investor(t, '1000000');
    const placed = await resting(user);
    const before = await tradingSnapshot(t, user);
    expect(await amend(user, placed.data.id, { price, lots: 1 })).toMatchObject({
      status: 400,
      errorCode: 'ORDER_PRICE_INVALID',
    });
    expect(await tradingSnapshot(t, user)).toEqual(before);
  });

  it.each([
    ['off the tick grid', '2780.3', 'ORDER_PRICE_OFF_TICK'],
    ['below the daily limit', '2299.5', 'ORDER_PRICE_OUTSIDE_LIMITS'],
    ['above the daily limit', '3301', 'ORDER_PRICE_OUTSIDE_LIMITS'],
    ['far above any share', '9999000', 'ORDER_PRICE_OUTSIDE_LIMITS'],
    ['above its own take-profit', '2799', 'ORDER_TAKE_PROFIT_INVALID'],
    ['below its own stop-loss', '2690', 'ORDER_STOP_LOSS_INVALID'],
  ])('refuses a price %s with %s and changes nothing', async (_name, price, errorCode) => {
    const user = await investor(t, '1000000');
    const placed = await resting(user, { takeProfit: '2795', stopLoss: '2700' });
    const before = await tradingSnapshot(t, user);
    expect(await amend(user, placed.data.id, { price, lots: 1 })).toMatchObject({ code: 0, errorCode });
    expect(await preview(user, placed.data.id, { price, lots: 1 })).toMatchObject({ code: 0, errorCode });
    expect(await tradingSnapshot(t, user)).toEqual(before);
  });

  it.each([
    ['zero', 0, 'ORDER_LOTS_INVALID'],
    ['negative', -1, 'ORDER_LOTS_INVALID'],
    ['fractional', 1.5, 'ORDER_LOTS_INVALID'],
    ['a fractional string', '1.5', 'ORDER_LOTS_INVALID'],
    ['an exponent string', '1e3', 'ORDER_LOTS_INVALID'],
    ['unsafe', 2 ** 53 + 1, 'ORDER_LOTS_INVALID'],
    ['true', true, 'ORDER_LOTS_INVALID'],
    ['null', null, 'ORDER_LOTS_INVALID'],
    ['empty', '', 'ORDER_LOTS_INVALID'],
    ['an array', [1], 'ORDER_LOTS_INVALID'],
    ['hexadecimal', '0x2', 'ORDER_LOTS_INVALID'],
    ['above 10,000', 10_001, 'ORDER_LOTS_ABOVE_MAX'],
  ])('refuses lots that are %s and changes nothing', async (_name, lots, errorCode) => {
    const user = await investor(t, '1000000');
    const placed = await resting(user);
    const before = await tradingSnapshot(t, user);
    expect(await amend(user, placed.data.id, { price: '2780', lots })).toMatchObject({
      status: 400,
      errorCode,
    });
    expect(await tradingSnapshot(t, user)).toEqual(before);
  });

  it('refuses 10,000 lots as more than the order has (a 訂正 only reduces), and changes nothing', async () => {
    const user = await investor(t, '1000000');
    const placed = await resting(user);
    const before = await tradingSnapshot(t, user);
    for (const lots of [2, 10_000])
      expect(await amend(user, placed.data.id, { price: '2780', lots })).toMatchObject({
        status: 400,
        errorCode: 'ORDER_AMEND_LOTS_INCREASED',
      });
    expect(await tradingSnapshot(t, user)).toEqual(before);
    await moneySound(user);
  });

  it('keeps the old order in its place in the queue when an amendment is refused', async () => {
    // 280,000 yen: 1 lot at 2,600 holds 260,260; at 2,800 it would hold 280,280.
    const first = await investor(t, '280000');
    const second = await investor(t, '1000000');
    const a = await resting(first, { price: '2600', takeProfit: null });
    const b = await resting(second, { price: '2600', takeProfit: null });
    // Refused: the old order goes back where it was, ahead of the other investor's.
    expect((await amend(first, a.data.id, { price: '2800', lots: 1 })).errorCode).toBe(
      'ORDER_INSUFFICIENT_FUNDS',
    );
    const events = await pushQuote(t, { bid: '2599.5', ask: '2600' });
    const fills = events.flatMap((event) => (event.type === 'OrderFilled' ? [event.orderId] : []));
    expect(fills.indexOf(a.data.id)).toBeLessThan(fills.indexOf(b.data.id));
    expect(fills.indexOf(a.data.id)).toBeGreaterThanOrEqual(0);
    await moneySound(first, second);
  });
});

describe('races', () => {
  it('amends an order once when many amendments race, and never twice in the database', async () => {
    const user = await investor(t, '3000000');
    const placed = await resting(user, { lots: 3 });
    const answers = await Promise.all(
      ['2780', '2781', '2782', '2783', '2784', '2785', '2786', '2787'].map((price, i) =>
        amend(user, placed.data.id, { price, lots: 1 + (i % 3) }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((answer) => answer.status !== 200))
      expect(answer).toMatchObject({ status: 409, errorCode: 'ORDER_NOT_OPEN' });
    const winner = answers.find((answer) => answer.status === 200)!;
    expect((await openOrders(user)).map((order) => order.id)).toEqual([winner.data.id]);
    const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM trading_orders
      WHERE amends_order_id = ${BigInt(placed.data.id)}`.execute(t.ctx.db);
    expect(Number(rows[0]!.n)).toBe(1);
    await moneySound(user);
  });

  it('settles an amendment racing a cancel of the same order one way or the other', async () => {
    for (let round = 0; round < 4; round++) {
      const user = await investor(t, '1000000');
      const placed = await resting(user);
      const [amended, cancelled] = await Promise.all([
        amend(user, placed.data.id, { price: '2780', lots: 1 }),
        send<OrderView>(t, 'DELETE', `/api/orders/${placed.data.id}`, user.token),
      ]);
      const open = await openOrders(user);
      if (amended.status === 200) {
        expect(cancelled).toMatchObject({ status: 409, errorCode: 'ORDER_NOT_OPEN' });
        expect(open.map((order) => order.id)).toEqual([amended.data.id]);
      } else {
        expect(amended).toMatchObject({ status: 409, errorCode: 'ORDER_NOT_OPEN' });
        expect(cancelled.status).toBe(200);
        expect(open).toEqual([]);
      }
      await moneySound(user);
    }
  });

  it('settles an amendment racing a quote that fills the old order: one fill, never both', async () => {
    for (let round = 0; round < 4; round++) {
      await pushQuote(t, { bid: '2800', ask: '2800.5' });
      const user = await investor(t, '1000000');
      const placed = await resting(user, { takeProfit: null, lots: 2 });
      const [amended] = await Promise.all([
        amend(user, placed.data.id, { price: '2790', lots: 1 }),
        pushQuote(t, { bid: '2789.5', ask: '2790' }),
      ]);
      const positions = await openPositions(user);
      if (amended.status === 200) {
        // The amendment came first: its new order (1 lot) filled at the new quote, the old one never did.
        expect(positions.map((position) => position.id)).toEqual([amended.data.id]);
      } else {
        expect(amended).toMatchObject({ status: 409, errorCode: 'ORDER_NOT_OPEN' });
        expect(positions.map((position) => position.id)).toEqual([placed.data.id]);
      }
      expect(await openOrders(user)).toEqual([]);
      await moneySound(user);
    }
  });

  it('never lets an amendment and a new order racing for the same cash both have it', async () => {
    for (let round = 0; round < 4; round++) {
      // 530,260 yen: 1 lot at 2,600 holds 260,260, at 2,800 280,280; a second 1-lot order at 2,690, 269,269.
      // Either fits beside the order as it rests; both do not.
      const user = await investor(t, '530260');
      const placed = await resting(user, { price: '2600', takeProfit: null });
      const [amended, second] = await Promise.all([
        amend(user, placed.data.id, { price: '2800', lots: 1 }),
        resting(user, { price: '2690', takeProfit: null }),
      ]);
      const outcomes = [statusOf(amended), statusOf(second)].sort();
      expect(outcomes).toEqual(['ORDER_INSUFFICIENT_FUNDS', 'ok']);
      const balances = await ledgerBalances(t, user);
      expect(balances.cash_available! + balances.cash_held!).toBe(yen('530260'));
      await moneySound(user);
    }
  });

  it('never takes cash below zero when many amendments and orders of one investor race', async () => {
    const user = await investor(t, '2000000');
    const a = await resting(user, { takeProfit: null, lots: 3 });
    const b = await resting(user, { price: '2700', takeProfit: null, lots: 3 });
    const work: Promise<{ status: number }>[] = [];
    for (let i = 0; i < 12; i++) {
      const target = i % 2 === 0 ? a.data.id : b.data.id;
      work.push(amend(user, target, { price: i % 3 === 0 ? '2750' : '2760', lots: 1 + (i % 3) }));
      work.push(resting(user, { price: '2700', lots: 1 + (i % 2), takeProfit: null }));
      if (i % 4 === 0) work.push(send(t, 'DELETE', `/api/orders/${target}`, user.token));
    }
    await Promise.all(work);
    await moneySound(user);
    const balances = await ledgerBalances(t, user);
    expect(balances.cash_available! + balances.cash_held!).toBe(yen('2000000'));
  });

  it("amends only its own user's orders when two investors race on each other's ids", async () => {
    const alice = await investor(t, '1000000');
    const bob = await investor(t, '1000000');
    const [ao, bo] = await Promise.all([resting(alice), resting(bob)]);
    const before = { alice: await tradingSnapshot(t, alice), bob: await tradingSnapshot(t, bob) };
    const answers = await Promise.all([
      amend(alice, bo.data.id, { price: '2780', lots: 1 }),
      amend(bob, ao.data.id, { price: '2780', lots: 1 }),
      preview(alice, bo.data.id, { price: '2780', lots: 1 }),
      preview(bob, ao.data.id, { price: '2780', lots: 1 }),
    ]);
    expect(answers.map(statusOf)).toEqual(Array(4).fill('ORDER_NOT_FOUND'));
    expect(await tradingSnapshot(t, alice)).toEqual(before.alice);
    expect(await tradingSnapshot(t, bob)).toEqual(before.bob);
  });
});

describe('order states', () => {
  it('amends the new order of an amendment (a chain), and the old links answer their retries only', async () => {
    const user = await investor(t, '1000000');
    const a = await resting(user, { lots: 3 });
    const keyAB = freshRequestKey();
    const b = await amend(user, a.data.id, { price: '2780', lots: 2 }, keyAB);
    const c = await amend(user, b.data.id, { price: '2770', lots: 1 });
    expect(c).toMatchObject({ status: 200, data: { amendsOrderId: b.data.id, lots: 1, price: '2770.00' } });
    // The old link: a retry answers with b (now cancelled as amended); a new amendment of a or b is refused.
    expect((await amend(user, a.data.id, { price: '2780', lots: 2 }, keyAB)).data).toMatchObject({
      id: b.data.id,
      status: 'cancelled',
      cancelReason: 'amended',
    });
    expect(await amend(user, a.data.id, { price: '2760', lots: 1 })).toMatchObject({
      errorCode: 'ORDER_NOT_OPEN',
    });
    expect(await amend(user, b.data.id, { price: '2760', lots: 1 })).toMatchObject({
      errorCode: 'ORDER_NOT_OPEN',
    });
    expect(await preview(user, b.data.id, { price: '2760', lots: 1 })).toMatchObject({
      errorCode: 'ORDER_NOT_OPEN',
    });
    expect((await openOrders(user)).map((order) => order.id)).toEqual([c.data.id]);
    expect(c.data).toMatchObject({ validity: 'week', validUntil: a.data.validUntil });
    await moneySound(user);
  });

  it('refuses an order that has filled, keeping the position as it is', async () => {
    const user = await investor(t, '1000000');
    const placed = await resting(user, { takeProfit: null });
    await pushQuote(t, { bid: '2789.5', ask: '2790' });
    const before = await tradingSnapshot(t, user);
    expect(await amend(user, placed.data.id, { price: '2780', lots: 1 })).toMatchObject({
      status: 409,
      errorCode: 'ORDER_NOT_OPEN',
    });
    expect(await preview(user, placed.data.id, { price: '2780', lots: 1 })).toMatchObject({
      errorCode: 'ORDER_NOT_OPEN',
    });
    expect(await tradingSnapshot(t, user)).toEqual(before);
    await moneySound(user);
  });

  it('refuses a market order waiting for the opening, for the amendment and its preview', async () => {
    const user = await investor(t, '1000000');
    await pushQuote(t, { bid: '2800', ask: '2800.5' }, { phase: 'lunch-break' });
    const waiting = await placeOrder(t, user, {
      code: '7203',
      side: 'long',
      type: 'market',
      lots: 1,
      leverage: 1,
    });
    expect(waiting.data.status).toBe('open');
    const before = await tradingSnapshot(t, user);
    for (const body of [
      { price: '2780', lots: 1 },
      { price: '2800', lots: 2 },
    ]) {
      expect(await amend(user, waiting.data.id, body)).toMatchObject({ errorCode: 'ORDER_NOT_AMENDABLE' });
      expect(await preview(user, waiting.data.id, body)).toMatchObject({ errorCode: 'ORDER_NOT_AMENDABLE' });
    }
    expect(await tradingSnapshot(t, user)).toEqual(before);
    await send(t, 'DELETE', `/api/orders/${waiting.data.id}`, user.token);
    await moneySound(user);
  });

  it('fills an amendment to a marketable price at once, at the market, with the old hold released', async () => {
    const user = await investor(t, '1000000');
    const placed = await resting(user);
    const amended = await amend(user, placed.data.id, { price: '2810', lots: 1 });
    expect(amended.data).toMatchObject({
      status: 'filled',
      fillPrice: '2800.50',
      amendsOrderId: placed.data.id,
    });
    expect(await ledgerBalances(t, user)).toMatchObject({ cash_held: 0n });
    expect((await openPositions(user)).map((position) => position.id)).toEqual([amended.data.id]);
    await moneySound(user);
  });

  it('refuses a day order past its last valid date before the daily run has expired it', async () => {
    const user = await investor(t, '1000000');
    const placed = await resting(user, { validity: 'day' });
    expect(placed.data).toMatchObject({ validUntil: '2026-11-24' });
    t.clock.set(new Date('2026-11-25T01:00:00Z')); // Wednesday 10:00 JST
    await pushQuote(t, { bid: '2800', ask: '2800.5' });
    const before = await tradingSnapshot(t, user);
    const answer = await amend(user, placed.data.id, { price: '2780', lots: 1 });
    expect(answer).toMatchObject({ code: 0, errorCode: 'ORDER_VALIDITY_INVALID' });
    expect(await preview(user, placed.data.id, { price: '2780', lots: 1 })).toMatchObject({
      errorCode: 'ORDER_VALIDITY_INVALID',
    });
    expect(await tradingSnapshot(t, user)).toEqual(before);
    await send(t, 'DELETE', `/api/orders/${placed.data.id}`, user.token);
    await moneySound(user);
  });

  it('refuses every amendment while a margin call is open, and changes nothing', async () => {
    const user = await investor(t, '1000000');
    await pushQuote(t, { bid: '150', ask: '150.1' }, { instrument: NTT });
    const ntt = await placeOrder(t, user, {
      code: NTT.code,
      side: 'long',
      type: 'limit',
      price: '140',
      lots: 2,
      leverage: 1,
    });
    expect(ntt.data.status).toBe('open');
    const long = await placeOrder(t, user, {
      code: '7203',
      side: 'long',
      type: 'market',
      lots: 10,
      leverage: 3,
    });
    expect(long.data.status).toBe('filled');
    await pushQuote(t, { bid: '2300', ask: '2300.5' });
    const account = await tradingOf(t.ctx).account(BigInt(user.userId));
    expect(account.marginCall).not.toBeNull();
    const before = await tradingSnapshot(t, user);
    for (const body of [
      { price: '140', lots: 1 },
      { price: '139', lots: 2 },
    ]) {
      expect(await amend(user, ntt.data.id, body)).toMatchObject({ errorCode: 'MARGIN_CALL_OUTSTANDING' });
      expect(await preview(user, ntt.data.id, body)).toMatchObject({ errorCode: 'MARGIN_CALL_OUTSTANDING' });
    }
    expect(await tradingSnapshot(t, user)).toEqual(before);
    await moneySound(user);
    // Closed again, so that the other tests' quotes do not act on it.
    await send(t, 'DELETE', `/api/orders/${ntt.data.id}`, user.token);
    await send(t, 'POST', `/api/positions/${long.data.id}/close`, user.token, { type: 'market' });
  });
});

describe('the preview', () => {
  it('changes nothing, even for a price that would fill at once, and gives only figures', async () => {
    const user = await investor(t, '1000000');
    const placed = await resting(user);
    const before = await tradingSnapshot(t, user);
    const view = await tradingOf(t.ctx).account(BigInt(user.userId));
    for (const body of [
      { price: '2810', lots: 1 },
      { price: '2780', lots: 3 },
      { price: '2780', lots: 4 },
      { price: '2790', lots: 1 },
      { price: '2780.3', lots: 1 },
    ])
      await preview(user, placed.data.id, body);
    const figures = await preview(user, placed.data.id, { price: '2810', lots: 1 });
    expect(figures.data).toMatchObject({ fillsNow: true, price: '2800.50' });
    expect(Object.keys(figures.data).sort()).toEqual(
      [
        'dailyCharge',
        'estimatedLiquidationPrice',
        'fee',
        'fillsNow',
        'liquidationOnRise',
        'margin',
        'notional',
        'price',
        'total',
        'validity',
        'validUntil',
      ]
        .filter((key) => key in figures.data)
        .sort(),
    );
    expect(JSON.stringify(figures.data)).not.toContain(user.userId);
    expect(await tradingSnapshot(t, user)).toEqual(before);
    expect(await tradingOf(t.ctx).account(BigInt(user.userId))).toEqual(view);
    // Figures previewed for an amendment that fills now fill nothing: the order still fills at its own price.
    await moneySound(user);
  });

  it('needs no Idempotency-Key and ignores a malformed one', async () => {
    const user = await investor(t, '1000000');
    const placed = await resting(user);
    const answer = await raw(
      `/api/orders/${placed.data.id}/amend/preview`,
      user.token,
      JSON.stringify({ price: '2780', lots: 1 }),
      { 'idempotency-key': 'not a key!' },
    );
    expect(answer.status).toBe(200);
  });
});

describe('two servers on one database', () => {
  it('amends an order once when two nodes amend it at the same moment', async () => {
    const other = await sameDatabaseServer(t);
    try {
      const node = { ...t, app: other.app, ctx: other.ctx };
      await pushQuote(node, { bid: '2800', ask: '2800.5' });
      const user = await investor(t, '1000000');
      const placed = await resting(user);
      await tradingOf(other.ctx).reload();
      const onOther = (body: object) =>
        send<Amended>(node, 'POST', `/api/orders/${placed.data.id}/amend`, user.token, body);
      const answers = await Promise.all([
        amend(user, placed.data.id, { price: '2780', lots: 1 }),
        onOther({ price: '2785', lots: 1 }),
      ]);
      expect(answers.map(statusOf).sort()).toEqual(['ORDER_NOT_OPEN', 'ok']);
      await tradingOf(t.ctx).reload();
      expect(await openOrders(user)).toHaveLength(1);
      await moneySound(user);
    } finally {
      await other.close();
    }
  });

  it('answers one key sent to two nodes at once with one new order', async () => {
    const other = await sameDatabaseServer(t);
    try {
      const node = { ...t, app: other.app, ctx: other.ctx };
      await pushQuote(node, { bid: '2800', ask: '2800.5' });
      const user = await investor(t, '1000000');
      const placed = await resting(user, { lots: 3 });
      await tradingOf(other.ctx).reload();
      const key = freshRequestKey();
      const body = { price: '2780', lots: 2 };
      const answers = await Promise.all([
        amend(user, placed.data.id, body, key),
        send<Amended>(node, 'POST', `/api/orders/${placed.data.id}/amend`, user.token, body, key),
      ]);
      expect(answers.map(statusOf)).toEqual(['ok', 'ok']);
      expect(answers[0]!.data.id).toBe(answers[1]!.data.id);
      await tradingOf(t.ctx).reload();
      expect(await openOrders(user)).toHaveLength(1);
      await moneySound(user);
    } finally {
      await other.close();
    }
  });
});

describe('the database', () => {
  it('refuses an order that amends itself, and a second replacement of one order', async () => {
    const user = await investor(t, '1000000');
    const a = await resting(user);
    const b = await amend(user, a.data.id, { price: '2780', lots: 1 });
    const c = await resting(user, { price: '2770' });
    const id = BigInt(c.data.id);
    await expect(
      sql`UPDATE trading_orders SET amends_order_id = id WHERE id = ${id}`.execute(t.ctx.db),
    ).rejects.toThrow(/trading_orders_amends_another/);
    await expect(
      sql`UPDATE trading_orders SET amends_order_id = ${BigInt(a.data.id)} WHERE id = ${id}`.execute(
        t.ctx.db,
      ),
    ).rejects.toThrow(/trading_orders_amended_once/);
    await expect(
      sql`UPDATE trading_orders SET amends_order_id = 999999999999 WHERE id = ${id}`.execute(t.ctx.db),
    ).rejects.toThrow(/foreign key/);
    expect(b.status).toBe(200);
    await moneySound(user);
  });

  it('keeps the replaced order naming its replacement, as the replacement names it, and only when amended', async () => {
    const user = await investor(t, '1000000');
    const a = BigInt((await resting(user)).data.id);
    const b = BigInt((await amend(user, a.toString(), { price: '2780', lots: 1 })).data.id);
    const c = BigInt((await resting(user, { price: '2770' })).data.id);
    const row = (id: bigint) =>
      sql<{ amended_by_order_id: bigint | null; amends_order_id: bigint | null }>`
        SELECT amended_by_order_id, amends_order_id FROM trading_orders WHERE id = ${id}`
        .execute(t.ctx.db)
        .then((result) => result.rows[0]);
    expect(await row(a)).toEqual({ amended_by_order_id: b, amends_order_id: null });
    expect(await row(b)).toEqual({ amended_by_order_id: null, amends_order_id: a });
    const namesAsReplacement = (id: bigint, replacement: bigint | null) =>
      sql`UPDATE trading_orders SET amended_by_order_id = ${replacement} WHERE id = ${id}`.execute(t.ctx.db);
    // c does not amend a, and c is not amended.
    await expect(namesAsReplacement(a, c)).rejects.toThrow(/trading_orders_amended_by_names_back/);
    await expect(namesAsReplacement(c, b)).rejects.toThrow(/trading_orders_amended_by_when_amended/);
    await expect(namesAsReplacement(a, null)).rejects.toThrow(/trading_orders_amended_by_when_amended/);
    expect(await row(a)).toEqual({ amended_by_order_id: b, amends_order_id: null });
    await moneySound(user);
  });

  it("refuses an order that amends another account's order, or one for another stock, side or leverage", async () => {
    const user = await investor(t, '1000000');
    const other = await investor(t, '1000000');
    const mine = BigInt((await resting(user)).data.id);
    const theirs = BigInt((await resting(other, { price: '2780' })).data.id);
    const replacement = BigInt((await resting(user, { price: '2770' })).data.id);
    const amends = (id: bigint) =>
      sql`UPDATE trading_orders SET amends_order_id = ${id} WHERE id = ${replacement}`.execute(t.ctx.db);
    await expect(amends(theirs)).rejects.toThrow(/trading_orders_amends_same_terms/);
    await pushQuote(t, { bid: '150', ask: '150.1' }, { instrument: NTT });
    for (const change of [
      { code: NTT.code, price: '149', takeProfit: '160' },
      { side: 'short', takeProfit: '2700' },
      { leverage: 2 },
    ]) {
      const placed = await resting(user, change);
      expect(placed.status).toBe(200);
      const differs = BigInt(placed.data.id);
      await expect(amends(differs)).rejects.toThrow(/trading_orders_amends_same_terms/);
    }
    // The same account, stock, side and leverage is what a 訂正 writes, and stands.
    await amends(mine);
    await sql`UPDATE trading_orders SET amends_order_id = NULL WHERE id = ${replacement}`.execute(t.ctx.db);
    await moneySound(user);
    await moneySound(other);
  });
});

describe('the house rules, judged again on the replacement', () => {
  const NONE = { maxLeverage: null, maxLotsPerOrder: null, maxOpenLots: null, shortable: true };
  const limits = (code: string, body: object) =>
    send(t, 'PUT', `/api/staff/trading/instruments/${code}/limits`, admin, {
      ...NONE,
      ...body,
      reason: 'review',
    });

  it.each([
    [
      'a lower maximum leverage',
      { maxLeverage: 1 },
      { price: '2780', lots: 1 },
      'ORDER_LEVERAGE_ABOVE_INSTRUMENT_LIMIT',
    ],
    [
      'a lower lots per order',
      { maxLotsPerOrder: 1 },
      { price: '2790', lots: 2 },
      'ORDER_LOTS_ABOVE_INSTRUMENT_LIMIT',
    ],
    [
      'a lower open lots',
      { maxOpenLots: 2 },
      { price: '2780', lots: 3 },
      'ORDER_OPEN_LOTS_ABOVE_INSTRUMENT_LIMIT',
    ],
  ])(
    'refuses an amendment beyond %s set after the order was placed',
    async (_name, rule, body, errorCode) => {
      const user = await investor(t, '3000000');
      const placed = await resting(user, { leverage: 3, takeProfit: null, lots: 3 });
      expect(placed.status).toBe(200);
      try {
        expect((await limits('7203', rule)).status).toBe(200);
        const before = await tradingSnapshot(t, user);
        expect(await amend(user, placed.data.id, body)).toMatchObject({ code: 0, errorCode });
        expect(await preview(user, placed.data.id, body)).toMatchObject({ code: 0, errorCode });
        expect(await tradingSnapshot(t, user)).toEqual(before);
      } finally {
        expect((await limits('7203', {})).status).toBe(200);
      }
      await send(t, 'DELETE', `/api/orders/${placed.data.id}`, user.token);
      await moneySound(user);
    },
  );

  it('refuses amending a short once short selling is stopped on the stock', async () => {
    const user = await investor(t, '3000000');
    const placed = await resting(user, { side: 'short', price: '2810', takeProfit: null });
    expect(placed.status).toBe(200);
    try {
      expect((await limits('7203', { shortable: false })).status).toBe(200);
      const before = await tradingSnapshot(t, user);
      expect(await amend(user, placed.data.id, { price: '2820', lots: 1 })).toMatchObject({
        errorCode: 'ORDER_SHORT_NOT_ALLOWED',
      });
      expect(await tradingSnapshot(t, user)).toEqual(before);
    } finally {
      expect((await limits('7203', {})).status).toBe(200);
    }
    await send(t, 'DELETE', `/api/orders/${placed.data.id}`, user.token);
    await moneySound(user);
  });

  it('refuses amending a leveraged order once the credit score is below the minimum', async () => {
    const user = await investor(t, '3000000');
    const placed = await resting(user, { leverage: 3, takeProfit: null });
    await sql`UPDATE users SET credit_score = 0 WHERE id = ${BigInt(user.userId)}`.execute(t.ctx.db);
    const before = await tradingSnapshot(t, user);
    expect(await amend(user, placed.data.id, { price: '2780', lots: 1 })).toMatchObject({
      errorCode: 'ORDER_CREDIT_SCORE_TOO_LOW',
    });
    expect(await tradingSnapshot(t, user)).toEqual(before);
    await moneySound(user);
  });

  it('refuses amending on a halted stock, and changes nothing', async () => {
    const user = await investor(t, '1000000');
    const placed = await resting(user);
    const halt = await send(t, 'POST', '/api/staff/trading/instruments/7203/halt', admin, {
      reason: 'review',
    });
    expect(halt.status).toBe(200);
    try {
      const before = await tradingSnapshot(t, user);
      expect(await amend(user, placed.data.id, { price: '2780', lots: 1 })).toMatchObject({
        errorCode: 'INSTRUMENT_HALTED',
      });
      expect(await preview(user, placed.data.id, { price: '2780', lots: 1 })).toMatchObject({
        errorCode: 'INSTRUMENT_HALTED',
      });
      expect(await tradingSnapshot(t, user)).toEqual(before);
    } finally {
      await send(t, 'POST', '/api/staff/trading/instruments/7203/resume', admin, { reason: 'review' });
    }
    await moneySound(user);
  });
});

describe('a commit that fails', () => {
  it('leaves the old order, its hold and the engine as they were, and the next amendment works', async () => {
    const user = await investor(t, '1000000');
    const placed = await resting(user);
    const before = await tradingSnapshot(t, user);
    const id = BigInt(placed.data.id);
    await sql
      .raw(
        `CREATE FUNCTION review_refuse_amend() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN RAISE EXCEPTION 'review: refused'; END $$`,
      )
      .execute(t.ctx.db);
    await sql
      .raw(
        `CREATE TRIGGER review_refuse_amend BEFORE INSERT ON trading_orders FOR EACH ROW
           WHEN (NEW.amends_order_id = ${id}) EXECUTE FUNCTION review_refuse_amend()`,
      )
      .execute(t.ctx.db);
    try {
      const failed = await amend(user, placed.data.id, { price: '2780', lots: 1 });
      expect(failed.status).toBe(500);
      expect(await tradingSnapshot(t, user)).toEqual(before);
      await moneySound(user);
    } finally {
      await sql.raw('DROP TRIGGER review_refuse_amend ON trading_orders').execute(t.ctx.db);
      await sql.raw('DROP FUNCTION review_refuse_amend()').execute(t.ctx.db);
    }
    // The old order is still in the engine's book, holding its cash: it fills at its price.
    const events = await pushQuote(t, { bid: '2789.5', ask: '2790' });
    expect(events.some((event) => event.type === 'OrderFilled' && event.orderId === placed.data.id)).toBe(
      true,
    );
    await moneySound(user);
  });
});

describe('the lists after amendments', () => {
  it('shows the amended order and its replacement only to their investor, and every list still answers', async () => {
    const user = await investor(t, '1000000');
    const other = await investor(t, '1000000');
    const placed = await resting(user);
    const amended = await amend(user, placed.data.id, { price: '2780', lots: 1 });
    for (const url of [
      '/api/orders',
      '/api/orders?status=history',
      '/api/orders?status=open',
      '/api/trading/history',
      '/api/positions',
      '/api/trading/account',
    ]) {
      const mine = await send<{ items?: { id?: string }[] }>(t, 'GET', url, user.token);
      expect(mine.status, url).toBe(200);
      const theirs = await send<{ items?: { id?: string; order?: { id: string } }[] }>(
        t,
        'GET',
        url,
        other.token,
      );
      expect(theirs.status, url).toBe(200);
      expect(JSON.stringify(theirs.data), url).not.toContain(`"${amended.data.id}"`);
      expect(JSON.stringify(theirs.data), url).not.toContain(`"${placed.data.id}"`);
    }
    for (const url of ['/api/staff/trading/orders', `/api/staff/trading/orders?userId=${user.userId}`])
      expect((await send(t, 'GET', url, admin)).status, url).toBe(200);
  });
});

describe('a random mix, sent in bursts', () => {
  it('keeps the money sound through amendments, orders, cancels and quotes of three investors', async () => {
    let seed = 20261128;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const users = await Promise.all([investor(t, '900000'), investor(t, '1500000'), investor(t, '400000')]);
    const prices = ['2780', '2785', '2790', '2795', '2800', '2805', '2810'];
    for (let burst = 0; burst < 8; burst++) {
      const open = await Promise.all(users.map((user) => openOrders(user)));
      const work: Promise<unknown>[] = [];
      for (let i = 0; i < 10; i++) {
        const who = random(users.length);
        const user = users[who]!;
        const mine = open[who]!;
        const target = mine.length ? mine[random(mine.length)]!.id : '1';
        const price = prices[random(prices.length)]!;
        const lots = 1 + random(3);
        switch (random(5)) {
          case 0:
          case 1:
            work.push(amend(user, target, { price, lots }));
            break;
          case 2:
            work.push(resting(user, { price, lots, takeProfit: null, leverage: 1 + random(3) }));
            break;
          case 3:
            work.push(send(t, 'DELETE', `/api/orders/${target}`, user.token));
            break;
          default:
            work.push(preview(user, target, { price, lots }));
        }
      }
      const ask = prices[random(prices.length)]!;
      work.push(pushQuote(t, { bid: String(Number(ask) - 0.5), ask }));
      const answers = await Promise.all(work);
      for (const answer of answers)
        if (answer && typeof answer === 'object' && 'status' in answer)
          expect((answer as { status: number }).status).toBeLessThan(500);
      await moneySound(...users);
    }
    for (const [i, user] of users.entries()) {
      for (const order of await openOrders(user))
        await send(t, 'DELETE', `/api/orders/${order.id}`, user.token);
      for (const position of await openPositions(user))
        await send(t, 'POST', `/api/positions/${position.id}/close`, user.token, { type: 'market' });
      const balances = await ledgerBalances(t, user);
      expect(balances.cash_held ?? 0n, `user ${i}`).toBe(0n);
    }
    await moneySound(...users);
  });
});

describe('floods and oversized requests', () => {
  it('answers a flood of one investor (each ok, ORDER_NOT_OPEN or RATE_LIMITED, never a 500) and amends once', async () => {
    const user = await investor(t, '1000000');
    // 3 lots, so that every amendment of the flood (1 to 3 lots) is one a 訂正 may make.
    const placed = await resting(user, { lots: 3 });
    const answers = await Promise.all([
      ...Array.from({ length: 40 }, () => preview(user, placed.data.id, { price: '2780', lots: 1 })),
      ...Array.from({ length: 20 }, (_, i) =>
        amend(user, placed.data.id, { price: '2780', lots: 1 + (i % 3) }),
      ),
    ]);
    for (const answer of answers)
      expect(['ok', 'ORDER_NOT_OPEN', 'RATE_LIMITED']).toContain(statusOf(answer));
    // Whether some are refused as RATE_LIMITED depends on how fast the batches drain (the per-user limit has
    // its own test in trading-batches.test.ts); what holds either way is checked here.
    expect(
      answers.filter((answer) => answer.status === 200 && 'amendsOrderId' in answer.data).length,
    ).toBeLessThanOrEqual(1);
    expect(await openOrders(user)).toHaveLength(1);
    // The queue is free again afterwards: the investor's next amendment is taken.
    const open = (await openOrders(user))[0]!;
    expect((await amend(user, open.id, { price: '2775', lots: 1 })).status).toBe(200);
    await moneySound(user);
  });

  it('refuses a body of a megabyte and an Idempotency-Key sent twice, changing nothing', async () => {
    const user = await investor(t, '1000000');
    const placed = await resting(user);
    const before = await tradingSnapshot(t, user);
    const huge = await raw(
      `/api/orders/${placed.data.id}/amend`,
      user.token,
      JSON.stringify({ price: '2780', lots: 1, pad: 'x'.repeat(1_100_000) }),
      { 'idempotency-key': freshRequestKey() },
    );
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${placed.data.id}/amend`,
      headers: { token: user.token, 'idempotency-key': [freshRequestKey(), freshRequestKey()] as never },
      payload: { price: '2780', lots: 1 },
    });
    expect(twice.json()).toMatchObject({ code: 0, errorCode: 'IDEMPOTENCY_KEY_INVALID' });
    expect(await tradingSnapshot(t, user)).toEqual(before);
  });
});

// Last: the daily run acts on every investor of the file.
describe('after the daily run', () => {
  it('refuses an order the daily run has expired, and its preview', async () => {
    const user = await investor(t, '1000000');
    const placed = await resting(user, { validity: 'day' });
    await tradingOf(t.ctx).accrueDaily(new Date('2026-11-24T15:00:00Z')); // Wednesday 00:00 JST
    t.clock.set(new Date('2026-11-25T01:00:00Z'));
    await pushQuote(t, { bid: '2800', ask: '2800.5' });
    const before = await tradingSnapshot(t, user);
    expect(before.orders[0]).toMatchObject({ status: 'cancelled', cancel_reason: 'expired' });
    expect(await amend(user, placed.data.id, { price: '2780', lots: 1 })).toMatchObject({
      status: 409,
      errorCode: 'ORDER_NOT_OPEN',
    });
    expect(await preview(user, placed.data.id, { price: '2780', lots: 1 })).toMatchObject({
      errorCode: 'ORDER_NOT_OPEN',
    });
    expect(await tradingSnapshot(t, user)).toEqual(before);
    await moneySound(user);
  });
});

describe.runIf(process.env.DATABASE_URL)('two nodes with pools of their own (PostgreSQL)', () => {
  it('amends once, spends the cash once and answers one key once across nodes', async () => {
    const bus = memoryBus();
    const a = await tradingTestApp();
    const b = await createPeerNode(a.t, bus);
    const nodeB = { ...a.t, app: b.app, ctx: b.ctx };
    const on = (node: TestApp) => ({
      amend: (user: Registered, id: string, body: object, key = freshRequestKey()) =>
        send<Amended>(node, 'POST', `/api/orders/${id}/amend`, user.token, body, key),
      place: (user: Registered, price: string, lots = 1) =>
        send<Amended>(node, 'POST', '/api/orders', user.token, {
          code: '7203',
          side: 'long',
          type: 'limit',
          price,
          lots,
          leverage: 1,
        }),
    });
    try {
      for (const node of [a.t, nodeB]) await pushQuote(node, { bid: '2800', ask: '2800.5' });
      for (let round = 0; round < 3; round++) {
        // 2 lots at 2,600 hold 520,520 yen; amended to 2,790 they hold 558,558. Two more 1-lot orders at 2,780
        // (278,278 each) fit beside the order as it rests, and only one beside the amended order.
        const user = await investor(a.t, '1100000');
        const placed = await on(a.t).place(user, '2600', 2);
        await tradingOf(b.ctx).reload();
        const key = freshRequestKey();
        const answers = await Promise.all([
          on(a.t).amend(user, placed.data.id, { price: '2790', lots: 2 }, key),
          on(nodeB).amend(user, placed.data.id, { price: '2790', lots: 2 }, key),
          on(nodeB).amend(user, placed.data.id, { price: '2785', lots: 1 }),
          on(a.t).place(user, '2780'),
          on(nodeB).place(user, '2780'),
        ]);
        const outcomes = answers.map(statusOf);
        for (const outcome of outcomes)
          expect(['ok', 'ORDER_NOT_OPEN', 'ORDER_INSUFFICIENT_FUNDS', 'IDEMPOTENCY_KEY_REUSED']).toContain(
            outcome,
          );
        // The two answers of one key name one order, or neither amended.
        if (answers[0]!.status === 200 && answers[1]!.status === 200)
          expect(answers[0]!.data.id).toBe(answers[1]!.data.id);
        const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM trading_orders
          WHERE amends_order_id = ${BigInt(placed.data.id)}`.execute(a.t.ctx.db);
        expect(Number(rows[0]!.n)).toBeLessThanOrEqual(1);
        const balances = await ledgerBalances(a.t, user);
        expect(balances.cash_available! >= 0n).toBe(true);
        expect(balances.cash_available! + balances.cash_held!).toBe(yen('1100000'));
        const held = await a.t.ctx.db
          .selectFrom('trading_orders')
          .select(['held_margin', 'held_fee'])
          .where('user_id', '=', BigInt(user.userId))
          .where('status', '=', 'open')
          .execute();
        expect(balances.cash_held).toBe(held.reduce((sum, row) => sum + row.held_margin + row.held_fee, 0n));
      }
      expect(
        (await get<{ balanced: boolean }>(a.t.app, '/api/staff/ledger/verify', a.admin)).data.balanced,
      ).toBe(true);
    } finally {
      await b.close();
      await a.t.close();
    }
  });
});

/**
 * BUG (low; inherited from the trading batch path, placing and cancelling behave the same): docs/architecture.md
 * says a transaction acting for someone locks the subject's row and then calls requireUnrevokedSession, because
 * authentication happened before it. The trading batch never does: an amendment authenticated just before a staff
 * freeze (which locks the user, marks them frozen and revokes their sessions) waits for the freeze to commit and
 * is then committed for the revoked session of the frozen account. The technique is in-flight-revocation.test.ts's.
 */
describe('a session ended while the command waits for its batch', () => {
  /**
   * Holds the trading state row, as a batch of another node committing would, so that the request, already
   * authenticated, waits for its batch; meanwhile `end` commits under the user's lock (as lockUserById takes it).
   */
  async function whileTradingWaits<T>(
    user: { userId: string },
    send: () => Promise<T>,
    end: readonly string[],
  ) {
    let answer!: Promise<T>;
    let settledWhileWaiting = false;
    await t.ctx.transact(async (tx) => {
      await sql`SELECT version FROM trading_state FOR UPDATE`.execute(tx.db);
      answer = send();
      void answer.then(() => (settledWhileWaiting = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      await sql`SELECT id FROM users WHERE id = ${BigInt(user.userId)} FOR NO KEY UPDATE`.execute(tx.db);
      for (const statement of end) await sql.raw(statement).execute(tx.db);
    });
    expect(settledWhileWaiting).toBe(false);
    return answer;
  }
  const tokenHashOf = (token: string) => createHash('sha256').update(token).digest('hex');

  it('does not amend for an account frozen, its sessions revoked, while the amendment waited', async () => {
    const user = await investor(t, '1000000');
    const placed = await resting(user);
    expect((await get(t.app, '/api/index/getUserInfo', user.token)).status).toBe(200);
    const before = await tradingSnapshot(t, user);
    const done = await whileTradingWaits(
      user,
      () => amend(user, placed.data.id, { price: '2780', lots: 1 }),
      [
        `UPDATE users SET status = 'frozen', frozen_reason = 'review' WHERE id = ${user.userId}`,
        `UPDATE sessions SET revoked_at = now(), revoked_reason = 'frozen_by_staff'
           WHERE token_hash = '${tokenHashOf(user.token)}'`,
      ],
    );
    expect(done).toMatchObject({ status: 401, errorCode: 'SESSION_EXPIRED' });
    expect(await tradingSnapshot(t, user)).toEqual(before);
  });

  it('does not place an order for a session its user ended on another device while it waited', async () => {
    const user = await investor(t, '1000000');
    expect((await get(t.app, '/api/index/getUserInfo', user.token)).status).toBe(200);
    const before = await tradingSnapshot(t, user);
    const done = await whileTradingWaits(
      user,
      () => placeOrder(t, user, { code: '7203', side: 'long', type: 'market', lots: 1, leverage: 1 }),
      [
        `UPDATE sessions SET revoked_at = now(), revoked_reason = 'logout_others'
           WHERE token_hash = '${tokenHashOf(user.token)}'`,
      ],
    );
    expect(done).toMatchObject({ status: 401, errorCode: 'SESSION_EXPIRED' });
    expect(await tradingSnapshot(t, user)).toEqual(before);
  });
});
