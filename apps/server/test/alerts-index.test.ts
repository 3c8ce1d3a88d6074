// Price alerts on the tick path: the database is asked only about instruments that have waiting alerts, and an
// alert created on another node is still checked here.
import { senToDecimal } from '@kabuto/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAppContext } from '../src/app-context';
import { checkAlerts } from '../src/modules/alerts';
import { marketOf } from '../src/modules/market';
import { memoryBus } from '../src/platform/bus';
import type { AppContext } from '../src/platform/context';
import { body, createTestApp, post, registerUser, type Registered, type TestApp } from './harness';

const bus = memoryBus();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, bus);
});
afterAll(() => t.close());

const lastOf = async (code: string) => (await marketOf(t.ctx).feed()).quote(code)!.last;
const trade = (code: string, price: bigint) => ({ code, price, shares: 100n, at: t.clock.now().getTime() });
const check = (ctx: AppContext, code: string, price: bigint) =>
  checkAlerts(ctx, [trade(code, price)], t.clock.now());
const create = async (user: Registered, code: string, price: bigint) =>
  (
    await post<{ id: string }>(
      t.app,
      '/api/alerts',
      { code, direction: 'above', price: senToDecimal(price) },
      user.token,
    )
  ).data.id;
const remove = async (user: Registered, id: string) =>
  body(await t.app.inject({ method: 'DELETE', url: `/api/alerts/${id}`, headers: { token: user.token } }));

describe('the waiting-alert index', () => {
  it('asks the database nothing for a tick of instruments without waiting alerts', async () => {
    const user = await registerUser(t);
    const last = await lastOf('7203');
    const transact = vi.spyOn(t.ctx, 'transact');
    try {
      expect(await check(t.ctx, '7203', last)).toBe(0);
      expect(transact).not.toHaveBeenCalled();

      const id = await create(user, '7203', last * 2n);
      transact.mockClear();
      expect(await check(t.ctx, '6758', await lastOf('6758'))).toBe(0);
      expect(transact).not.toHaveBeenCalled();
      // Toyota has one now: its trades are checked (and this one does not reach it).
      expect(await check(t.ctx, '7203', last)).toBe(0);
      expect(transact).toHaveBeenCalledTimes(1);

      await remove(user, id);
      transact.mockClear();
      expect(await check(t.ctx, '7203', last)).toBe(0);
      expect(transact).not.toHaveBeenCalled();
    } finally {
      transact.mockRestore();
    }
  });

  it('forgets an instrument once its alerts have triggered', async () => {
    const user = await registerUser(t);
    const last = await lastOf('8306');
    await create(user, '8306', last * 2n);
    expect(await check(t.ctx, '8306', last * 2n)).toBe(1);
    const transact = vi.spyOn(t.ctx, 'transact');
    try {
      expect(await check(t.ctx, '8306', last * 3n)).toBe(0);
      expect(transact).not.toHaveBeenCalled();
    } finally {
      transact.mockRestore();
    }
  });

  it('checks on this node an alert created on another node', async () => {
    // A second node on the same database and bus, which has already read the index (no alert on 9984).
    const peer = createAppContext({
      database: t.database,
      config: t.ctx.config,
      clock: t.clock,
      log: t.ctx.log,
      bus,
    });
    const last = await lastOf('9984');
    expect(await check(peer, '9984', last * 2n)).toBe(0);
    await create(await registerUser(t), '9984', last * 2n);
    expect(await check(peer, '9984', last * 2n)).toBe(1);
  });

  it('goes to the database for every check while the bus may have lost messages', async () => {
    const last = await lastOf('6501');
    const cut = { ...bus, connected: () => false };
    const peer = createAppContext({
      database: t.database,
      config: t.ctx.config,
      clock: t.clock,
      log: t.ctx.log,
      bus: cut,
    });
    expect(await check(peer, '6501', last * 2n)).toBe(0);
    // Created on a node whose announcement this one never hears.
    const user = await registerUser(t);
    await t.ctx.db
      .insertInto('price_alerts')
      .values({
        user_id: BigInt(user.userId),
        code: '6501',
        direction: 'above',
        price: last * 2n,
        created_at: t.clock.now(),
      })
      .execute();
    expect(await check(peer, '6501', last * 2n)).toBe(1);
  });
});
