// Security review of 返済指値の期間: hostile bodies, another investor's positions, and races around the expiry.
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tradingOf } from '../src/modules/trading';
import { get, type Registered, type TestApp } from './harness';
import {
  heldPosition,
  investor,
  ledgerBalanced,
  ledgerBalances,
  morningQuote,
  freshRequestKey,
  pushQuote,
  send,
  tradingSnapshot,
  tradingTestApp,
  type PositionView,
} from './trading-helpers';

let t: TestApp;
let admin: string;
beforeAll(async () => void ({ t, admin } = await tradingTestApp()));
afterAll(() => t.close());
beforeEach(() => morningQuote(t));

/**
 * The daily run remembers the last JST date it expired for, and each test sets the clock back to Tuesday: every
 * run here is on a later day than the one before.
 */
let lastRun = Date.parse('2026-11-24T15:00:00Z') - 86_400_000;
async function dailyRun(earliest = '2026-11-24T15:00:00Z'): Promise<void> {
  lastRun = Math.max(Date.parse(earliest), lastRun + 86_400_000);
  await tradingOf(t.ctx).accrueDaily(new Date(lastRun));
}

const close = (token: string, id: string, body: unknown, key = freshRequestKey()) =>
  send<PositionView>(t, 'POST', `/api/positions/${id}/close?lang=en`, token, body as object, key);
const preview = (token: string, id: string, body: unknown) =>
  send(t, 'POST', `/api/positions/${id}/close/preview?lang=en`, token, body as object);
const position = async (token: string, id: string) =>
  (await send<PositionView>(t, 'GET', `/api/positions/${id}`, token)).data;
const kinds = async (user: Registered) =>
  (await get<{ items: { kind: string }[] }>(t.app, '/api/messages?lang=en', user.token)).data.items.map(
    (message) => message.kind,
  );

/** A body sent as raw JSON text. */
async function raw(url: string, token: string, payload: string) {
  const response = await t.app.inject({
    method: 'POST',
    url,
    headers: { token, 'content-type': 'application/json', 'idempotency-key': freshRequestKey() },
    payload,
  });
  return { status: response.statusCode, ...(response.json() as { errorCode?: string }) };
}

/** The engine agrees with the database: a rebuild changes nothing stored, and the ledger balances. */
async function engineAgrees(user: Registered) {
  const before = await tradingSnapshot(t, user);
  await tradingOf(t.ctx).reload();
  expect(await tradingSnapshot(t, user)).toEqual(before);
  expect(await ledgerBalanced(t, admin)).toBe(true);
}

describe('a close with a hostile body', () => {
  it.each<[string, unknown]>([
    ['validity null', { type: 'limit', price: '2900', validity: null }],
    ['validity as an array', { type: 'limit', price: '2900', validity: ['week'] }],
    ['validity upper case', { type: 'limit', price: '2900', validity: 'WEEK' }],
    ['validity a number', { type: 'limit', price: '2900', validity: 7 }],
    ['validity of 200,000 characters', { type: 'limit', price: '2900', validity: 'w'.repeat(200_000) }],
    ['a last date of its own', { type: 'limit', price: '2900', validUntil: '2099-12-31' }],
    ['a week market close', { type: 'market', validity: 'week' }],
    ['a limit close without a price', { type: 'limit', validity: 'week' }],
    ['an array body', [{ type: 'limit', price: '2900', validity: 'week' }]],
  ])(
    'refuses %s, for the close and its preview, without echoing it, and changes nothing',
    async (_name, body) => {
      const { user, id } = await heldPosition(t);
      const before = await tradingSnapshot(t, user);
      for (const answer of [await close(user.token, id, body), await preview(user.token, id, body)]) {
        expect(answer.status).toBeGreaterThanOrEqual(400);
        expect(answer.status).toBeLessThan(500);
        expect(JSON.stringify(answer).length).toBeLessThan(5_000);
      }
      expect(await tradingSnapshot(t, user)).toEqual(before);
    },
  );

  it('refuses a null body, a prototype key, and a duplicate key smuggling 今週中 into a market close', async () => {
    const { user, id } = await heldPosition(t);
    const before = await tradingSnapshot(t, user);
    const url = `/api/positions/${id}/close?lang=en`;
    expect((await raw(url, user.token, 'null')).status).toBe(400);
    const proto = '{"type":"limit","price":"2900","__proto__":{"validity":"week"}}';
    expect((await raw(url, user.token, proto)).status).toBe(400);
    const duplicate = '{"type":"market","validity":"day","validity":"week"}';
    expect(await raw(url, user.token, duplicate)).toMatchObject({
      status: 400,
      errorCode: 'ORDER_VALIDITY_INVALID',
    });
    expect(await tradingSnapshot(t, user)).toEqual(before);
  });
});

describe("another investor's position", () => {
  it('is answered as a missing one on every route, and its expiry is told only to its owner', async () => {
    const { user: owner, id } = await heldPosition(t);
    await close(owner.token, id, { type: 'limit', price: '2900', validity: 'week' });
    const attacker = await investor(t, '1000000');
    const before = await tradingSnapshot(t, owner);
    for (const target of [id, '999999999']) {
      for (const body of [{ type: 'limit', price: '2900', validity: 'week' }, { type: 'market' }]) {
        for (const answer of [
          await close(attacker.token, target, body),
          await preview(attacker.token, target, body),
        ])
          expect(answer).toMatchObject({ status: 404, errorCode: 'POSITION_NOT_FOUND' });
      }
      expect(await send(t, 'DELETE', `/api/positions/${target}/close`, attacker.token)).toMatchObject({
        status: 404,
        errorCode: 'POSITION_NOT_FOUND',
      });
      expect(await send(t, 'GET', `/api/positions/${target}`, attacker.token)).toMatchObject({ status: 404 });
    }
    expect(await tradingSnapshot(t, owner)).toEqual(before);

    await dailyRun('2026-11-27T15:00:00Z'); // Saturday 00:00 JST: the week close has expired
    expect(await position(owner.token, id)).toMatchObject({ status: 'holding', closeValidity: null });
    expect(await kinds(owner)).toContain('close_expired');
    expect(await kinds(attacker)).not.toContain('close_expired');
  });
});

describe('races around the expiry', () => {
  it('a price at the old limit, two new closes, a withdrawal and the daily run at once after midnight: nothing fills at the expired limit', async () => {
    const { user, id } = await heldPosition(t);
    await close(user.token, id, { type: 'limit', price: '2900' }); // Tuesday's day close
    const balances = await ledgerBalances(t, user);
    lastRun = Math.max(Date.parse('2026-11-24T15:00:00Z'), lastRun + 86_400_000);
    const midnight = new Date(lastRun);
    t.clock.set(new Date(midnight.getTime() + 1000));
    const results = await Promise.allSettled([
      pushQuote(t, { bid: '2900', ask: '2900.5' }),
      close(user.token, id, { type: 'limit', price: '3000', validity: 'week' }),
      close(user.token, id, { type: 'limit', price: '3050' }),
      send(t, 'DELETE', `/api/positions/${id}/close`, user.token),
      tradingOf(t.ctx).accrueDaily(midnight),
    ]);
    for (const result of results) expect(result.status).toBe('fulfilled');
    const after = await position(user.token, id);
    expect(after).toMatchObject({ exitPrice: null });
    expect(after.status).not.toBe('closed');
    if (after.status === 'limit-closing') expect(after.closeValidUntil! >= '2026-11-25').toBe(true);
    expect(await ledgerBalances(t, user)).toEqual(balances);
    await engineAgrees(user);
  });

  it('a restored close whose date is long past is withdrawn by the first price at its limit, moving no money', async () => {
    const { user, id } = await heldPosition(t);
    await close(user.token, id, { type: 'limit', price: '2900', validity: 'week' });
    // As the migration leaves a close placed long before it.
    await sql`UPDATE trading_positions SET close_validity = 'day', close_valid_until = '2026-01-05'
      WHERE id = ${BigInt(id)}`.execute(t.ctx.db);
    const balances = await ledgerBalances(t, user);
    await tradingOf(t.ctx).reload();
    await pushQuote(t, { bid: '2900', ask: '2900.5' });
    expect(await position(user.token, id)).toMatchObject({ status: 'holding', exitPrice: null });
    expect(await ledgerBalances(t, user)).toEqual(balances);
    await engineAgrees(user);
  });
});
