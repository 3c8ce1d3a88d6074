import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisBus, type Bus } from '../src/platform/bus';
import { announceChange } from '../src/platform/unit-of-work';
import { findUserCached, updateUser } from '../src/modules/users';
import { createPeerNode, createTestApp, get, post, registerUser, staffToken, type TestApp } from './harness';

const userInfo = (t: Pick<TestApp, 'app'>, token: string) =>
  get<{ has_transaction_password: boolean }>(t.app, '/api/index/getUserInfo', token);

describe('sessions and users read on the request path', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuse a session used a moment ago as soon as another device revokes it', async () => {
    const user = await registerUser(t);
    const other = await post<{ token: string }>(t.app, '/api/auth/login', {
      account: user.mobile,
      password: user.password,
    });
    expect((await userInfo(t, other.data.token)).status).toBe(200);
    const revoked = await post(t.app, '/api/account/sessions/revoke-others', {}, user.token);
    expect(revoked.code).toBe(1);
    expect((await userInfo(t, other.data.token)).status).toBe(401);
    expect((await userInfo(t, user.token)).status).toBe(200);
  });

  it('refuse a frozen user at once, though their session was just read', async () => {
    const user = await registerUser(t);
    expect((await userInfo(t, user.token)).status).toBe(200);
    const staff = await staffToken(t);
    const frozen = await post(t.app, `/api/staff/users/${user.userId}/freeze`, { reason: 'test' }, staff);
    expect(frozen.code).toBe(1);
    expect((await userInfo(t, user.token)).status).toBe(401);
  });

  it('announce a user change only once its transaction commits, and never after a rollback', async () => {
    const user = await registerUser(t);
    const announced: string[] = [];
    t.ctx.bus.subscribe('users.changed', (id) => announced.push(id));
    await expect(
      t.ctx.transact(async (tx) => {
        await updateUser(tx.db, BigInt(user.userId), { credit_score: 1 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(announced).toEqual([]);
    await t.ctx.transact(async (tx) => {
      await updateUser(tx.db, BigInt(user.userId), { credit_score: 2 });
      expect(announced).toEqual([]);
    });
    expect(announced).toEqual([user.userId]);
    expect((await findUserCached(t.ctx, BigInt(user.userId)))?.credit_score).toBe(2);
  });

  it('announce at once outside a transaction, and refuse a handle the unit of work does not know', async () => {
    const announced: string[] = [];
    t.ctx.bus.subscribe('test.topic', (key) => announced.push(key));
    await announceChange(t.ctx.db, 'test.topic', 'k');
    expect(announced).toEqual(['k']);
    await expect(announceChange({} as typeof t.ctx.db, 'test.topic', 'k')).rejects.toThrow(/createTransact/);
  });
});

const redisUrl = process.env.REDIS_URL;
const quiet = pino({ level: 'silent' });
async function connected(bus: Bus) {
  for (let waited = 0; !bus.connected(); waited += 20) {
    if (waited > 5000) throw new Error('the bus did not connect to Redis');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.runIf(redisUrl && process.env.DATABASE_URL)('two nodes on one PostgreSQL and Redis', () => {
  let a: TestApp;
  let b: Awaited<ReturnType<typeof createPeerNode>>;
  beforeAll(async () => {
    a = await createTestApp({ redisUrl: redisUrl! }, redisBus(redisUrl!, quiet));
    b = await createPeerNode(a, redisBus(redisUrl!, quiet));
    await connected(a.ctx.bus);
    await connected(b.ctx.bus);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('report a healthy bus', async () => {
    expect((await get(a.app, '/api/health')).data).toMatchObject({ bus: 'ok' });
  });

  it('refuse on one node a session revoked on the other, though both had just read it', async () => {
    const user = await registerUser(a);
    const other = await post<{ token: string }>(a.app, '/api/auth/login', {
      account: user.mobile,
      password: user.password,
    });
    expect((await userInfo(a, other.data.token)).status).toBe(200);
    expect((await userInfo(b, other.data.token)).status).toBe(200);
    const revoked = await post(a.app, '/api/account/sessions/revoke-others', {}, user.token);
    expect(revoked).toMatchObject({ code: 1, data: { revoked: 1 } });
    expect((await userInfo(a, other.data.token)).status).toBe(401);
    await expect.poll(async () => (await userInfo(b, other.data.token)).status).toBe(401);
  });

  it('show on one node a user changed on the other', async () => {
    const user = await registerUser(a);
    expect((await userInfo(b, user.token)).data.has_transaction_password).toBe(false);
    const set = await post(
      a.app,
      '/api/account/transaction-password',
      { oldPassword: user.password, newPassword: '654321', confirmPassword: '654321' },
      user.token,
    );
    expect(set.code).toBe(1);
    await expect.poll(async () => (await userInfo(b, user.token)).data.has_transaction_password).toBe(true);
  });
});

describe.runIf(redisUrl)('the Redis bus', () => {
  it('stops vouching for the cache while Redis holds writes, and reports a gap when heard again', async () => {
    const bus = redisBus(redisUrl!, quiet, { heartbeatMs: 50, silenceMs: 250 });
    const admin = new Redis(redisUrl!);
    try {
      let gaps = 0;
      bus.onGap(() => (gaps += 1));
      await connected(bus);
      await admin.call('CLIENT', 'PAUSE', '1200', 'WRITE');
      await expect.poll(() => bus.connected(), { timeout: 1000 }).toBe(false);
      await expect.poll(() => bus.connected(), { timeout: 5000 }).toBe(true);
      expect(gaps).toBe(1);
    } finally {
      await admin.call('CLIENT', 'UNPAUSE').catch(() => {});
      await admin.quit();
      await bus.close();
    }
  });

  it('answers a publish only after Redis has passed the message on to other nodes', async () => {
    const sender = redisBus(redisUrl!, quiet);
    const receiver = redisBus(redisUrl!, quiet);
    try {
      const heard: string[] = [];
      receiver.subscribe('test.delivery', (message) => heard.push(message));
      await connected(sender);
      await connected(receiver);
      await sender.publish('test.delivery', 'one');
      await expect.poll(() => heard).toEqual(['one']);
    } finally {
      await sender.close();
      await receiver.close();
    }
  });

  it('reports a gap after its connection is cut, so caches forget what they kept', async () => {
    const bus = redisBus(redisUrl!, quiet);
    try {
      let gaps = 0;
      bus.onGap(() => (gaps += 1));
      const received: string[] = [];
      bus.subscribe('test.gap', (message) => received.push(message));
      await connected(bus);
      const admin = new Redis(redisUrl!);
      await admin.client('KILL', 'TYPE', 'pubsub');
      await admin.quit();
      await expect.poll(() => gaps, { timeout: 5000 }).toBe(1);
      expect(bus.connected()).toBe(true);
      bus.publish('test.gap', 'after');
      await expect.poll(() => received).toEqual(['after']);
    } finally {
      await bus.close();
    }
  });
});
