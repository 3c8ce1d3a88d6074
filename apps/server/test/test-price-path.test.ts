import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config';
import { body, createTestApp, type TestApp } from './harness';
import { investor, MORNING, placeOrder, pushQuote, send, type PositionView } from './trading-helpers';

const path = '/api/test/quotes';
const feed = (
  t: TestApp,
  payload: object,
  options: { remoteAddress?: string; headers?: Record<string, string> } = {},
) => t.app.inject({ method: 'POST', url: `${path}?lang=en`, payload, ...options });

describe('the test price path configuration', () => {
  it('is off by default, and refused with DATABASE_URL or a HOST other than loopback', () => {
    expect(loadConfig({}).testPricePath).toBe(false);
    expect(loadConfig({ TEST_PRICE_PATH: 'on' }).testPricePath).toBe(true);
    expect(() => loadConfig({ TEST_PRICE_PATH: 'on', DATABASE_URL: 'postgres://db/kabuto' })).toThrow(
      /DATABASE_URL/,
    );
    expect(() => loadConfig({ TEST_PRICE_PATH: 'on', HOST: '0.0.0.0' })).toThrow(/HOST=0.0.0.0/);
    expect(() => loadConfig({ TEST_PRICE_PATH: 'yes' })).toThrow(/TEST_PRICE_PATH/);
  });

  it('is never turned on by npm start', () => {
    const scripts = JSON.parse(readFileSync('package.json', 'utf8')).scripts as Record<string, string>;
    expect(scripts.start).toBeDefined();
    expect(scripts.start).not.toMatch(/TEST_PRICE_PATH/);
  });
});

describe('POST /api/test/quotes', () => {
  let off: TestApp;
  let on: TestApp;
  beforeAll(async () => {
    off = await createTestApp();
    on = await createTestApp({ testPricePath: true });
    on.clock.set(MORNING);
  });
  afterAll(async () => {
    await off.close();
    await on.close();
  });

  it('does not exist without TEST_PRICE_PATH=on', async () => {
    const response = await feed(off, { code: '7203', price: '1000' });
    expect(response.statusCode).toBe(404);
    expect(body(response).errorCode).toBe('NOT_FOUND');
  });

  it('does not exist on PostgreSQL or on a public address, even when a context asks for it', async () => {
    const publicHost = await createTestApp({ testPricePath: true, host: '0.0.0.0' });
    const postgres = await createTestApp({ testPricePath: true, databaseUrl: 'postgres://db/kabuto' });
    try {
      for (const app of [publicHost, postgres])
        expect((await feed(app, { code: '7203', price: '1000' })).statusCode).toBe(404);
    } finally {
      await publicHost.close();
      await postgres.close();
    }
  });

  it('answers this machine only, and refuses a bad price or an unknown code in the reader language', async () => {
    // The harness runs on PostgreSQL in some runs: there the path must stay closed.
    if (on.ctx.dbKind !== 'pglite') {
      expect((await feed(on, { code: '7203', price: '1000' })).statusCode).toBe(404);
      return;
    }
    expect(
      (await feed(on, { code: '7203', price: '1000' }, { remoteAddress: '203.0.113.9' })).statusCode,
    ).toBe(404);
    expect(
      (await feed(on, { code: '7203', price: '1000' }, { headers: { 'x-forwarded-for': '127.0.0.1' } }))
        .statusCode,
    ).toBe(404);
    const badPrice = body(await feed(on, { code: '7203', price: '-5' }));
    expect(badPrice).toMatchObject({ errorCode: 'ORDER_PRICE_INVALID' });
    expect(badPrice.msg).not.toMatch(/[ぁ-んァ-ン]/);
    expect(body(await feed(on, { code: '0000', price: '1000' })).errorCode).toBe('INSTRUMENT_NOT_FOUND');
  });

  it('drives a 3x long through its liquidation level: a forced close, its message, and it stays closed', async () => {
    if (on.ctx.dbKind !== 'pglite') return;
    await pushQuote(on, { bid: '2800', ask: '2800.5' });
    const user = await investor(on, '1000000');
    const filled = await placeOrder(on, user, {
      code: '7203',
      side: 'long',
      type: 'market',
      lots: 10,
      leverage: 3,
    });
    expect(filled.data.status).toBe('filled');

    // 10 lots at 3x: 2,800,500 yen of notional on 933,500 yen of margin and 1,000,000 yen of cash. 1,800 yen
    // (below the day's stop low of 2,300: the path widens the band) takes the equity below the 10% level.
    const fed = body<{ events: number; price: string }>(await feed(on, { code: '7203', price: '1800' }));
    expect(fed.data).toMatchObject({ price: '1800.00' });
    expect(fed.data.events).toBeGreaterThan(0);
    const position = await send<PositionView>(on, 'GET', `/api/positions/${filled.data.id}`, user.token);
    expect(position.data).toMatchObject({ status: 'closed', closeReason: 'forced', exitPrice: '1800.00' });
    const messages = await on.ctx.db
      .selectFrom('messages')
      .select('kind')
      .where('user_id', '=', BigInt(user.userId))
      .where('kind', '=', 'forced_close')
      .execute();
    expect(messages).toHaveLength(1);

    // The market moves back up: nothing reopens.
    await pushQuote(on, { bid: '2800', ask: '2800.5' });
    const after = await send<PositionView>(on, 'GET', `/api/positions/${filled.data.id}`, user.token);
    expect(after.data.status).toBe('closed');
  });
});
