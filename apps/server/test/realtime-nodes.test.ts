import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketOf } from '../src/modules/market';
import { redisBus, type Bus } from '../src/platform/bus';
import { redisLease } from '../src/platform/lease';
import {
  createPeerNode,
  createTestApp,
  get,
  post,
  registerVerifiedUser,
  staffToken,
  type TestApp,
} from './harness';
import { listen, WsClient } from './realtime-client';

const redisUrl = process.env.REDIS_URL;
const quiet = pino({ level: 'silent' });

async function connected(bus: Bus) {
  for (let waited = 0; !bus.connected(); waited += 20) {
    if (waited > 5000) throw new Error('the bus did not connect to Redis');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

type Quote = { code: string; last: string; volume: string; updatedAt: string | null };

describe.runIf(redisUrl)('two nodes on one Redis', () => {
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    const config = { redisUrl: redisUrl!, marketSeed: 'realtime-nodes', marketClock: 'always-open' as const };
    one = await createTestApp(config, redisBus(redisUrl!, quiet));
    two = await createTestApp(config, redisBus(redisUrl!, quiet));
    await connected(one.ctx.bus);
    await connected(two.ctx.bus);
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  it("bring the publishing node's ticks to a client of the other node", async () => {
    const client = await WsClient.open(await listen(two));
    client.send({ op: 'subscribe', channels: ['quote:7203'] });
    await client.next((f) => f.channel === 'quote:7203');
    let published: Quote | undefined;
    for (let ticks = 0; !published; ticks += 1) {
      if (ticks > 200) throw new Error('7203 did not trade');
      one.clock.advance(5);
      const trades = await marketOf(one.ctx).tick();
      if (trades.some((trade) => trade.code === '7203'))
        published = (await get<{ items: Quote[] }>(one.app, '/api/market/quotes?codes=7203')).data.items[0];
    }
    const heard = await client.next<Quote>(
      (f) => f.channel === 'quote:7203' && (f.data as Quote).updatedAt === published!.updatedAt,
    );
    expect(heard.seq).toBeGreaterThan(1);
    expect(heard.data).toMatchObject({ last: published.last, volume: published.volume });
    await client.close();
  });

  it('let one node at a time hold the feed lease, and hand it over once released', async () => {
    const name = `test-${randomUUID()}`;
    const first = redisLease(redisUrl!, name, 5000, quiet);
    const second = redisLease(redisUrl!, name, 5000, quiet);
    expect(await first.hold()).toBe(true);
    expect(await second.hold()).toBe(false);
    expect(await first.hold()).toBe(true);
    await first.release();
    expect(await second.hold()).toBe(true);
    await second.release();
  });
});

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
    await b?.close();
    await a?.close();
  });

  it('send a client of one node the deposit credited on the other, and end its session from there', async () => {
    const user = await registerVerifiedUser(a);
    const client = await WsClient.open(await listen(b));
    await client.auth(user.token);
    client.send({ op: 'subscribe', channels: ['balances'] });
    await client.next((f) => f.channel === 'balances');

    const admin = await staffToken(a);
    const credited = await post(
      a.app,
      '/api/staff/deposits',
      { userId: user.userId, amount: '700', bankReference: `RTN-${randomUUID()}` },
      admin,
    );
    expect(credited.code).toBe(1);
    // The frame that carries it, not the second one: a change announced before the deposit (the registration's, on a
    // busy machine) may still be on its way through Redis and arrive first.
    const balances = await client.next(
      (f) => f.channel === 'balances' && (f.data as { available?: string }).available === '700.00',
    );
    expect(balances.seq).toBeGreaterThan(1);

    expect((await post(a.app, '/api/auth/logout', {}, user.token)).code).toBe(1);
    const ended = await client.next((f) => f.channel === 'auth' && f.seq === 2);
    expect(ended.data).toEqual({ authenticated: false, dropped: ['balances'] });
    await client.close();
  });
});
