import {
  WS_MAX_CHANNELS,
  WS_MAX_MESSAGE_BYTES,
  type ServerMessage,
  type WsErrorData,
} from '@kabuto/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { marketOf } from '../src/modules/market';
import { fail } from '../src/platform/errors';
import { notify } from '../src/modules/messaging';
import { hubOf, registerPrivateChannel, userChannelChanged } from '../src/modules/realtime';
import { SUBSCRIPTION_BURST, SUBSCRIPTIONS_PER_SECOND } from '../src/modules/realtime/connection';
import {
  createTestApp,
  post,
  registerVerifiedUser,
  staffToken,
  type Registered,
  type TestApp,
} from './harness';
import { listen, WsClient } from './realtime-client';

let t: TestApp;
let url: string;
let admin: string;
const clients: WsClient[] = [];

beforeAll(async () => {
  t = await createTestApp({ marketSeed: 'realtime-test', marketClock: 'always-open' });
  url = await listen(t);
  admin = await staffToken(t);
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});
afterAll(() => t.close());

async function connect(query = ''): Promise<WsClient> {
  const client = await WsClient.open(url + query);
  clients.push(client);
  return client;
}

async function signedIn(user: Registered, channels: string[]): Promise<WsClient> {
  const client = await connect();
  await client.auth(user.token);
  client.send({ op: 'subscribe', channels });
  for (const channel of channels) await client.next((f) => f.channel === channel && f.seq === 1);
  return client;
}

const errorsOf = (client: WsClient) => client.on<WsErrorData>('error').map((frame) => frame.data);

let references = 0;
const deposit = (user: Registered, amount: string) =>
  post(
    t.app,
    '/api/staff/deposits',
    { userId: user.userId, amount, bankReference: `RT-${process.pid}-${++references}` },
    admin,
  );

describe('public channels', () => {
  it('send an anonymous client the quote as a snapshot, then each change with a growing seq', async () => {
    const client = await connect();
    client.send({ op: 'subscribe', channels: ['quote:7203', 'board:7203', 'status'] });
    const snapshot = await client.next<{ code: string; last: string }>((f) => f.channel === 'quote:7203');
    expect(snapshot.seq).toBe(1);
    const http = await t.app.inject({ method: 'GET', url: '/api/market/quotes?codes=7203' });
    expect(snapshot.data).toEqual(http.json().data.items[0]);
    const board = await client.next<{ asks: unknown[]; bids: unknown[] }>((f) => f.channel === 'board:7203');
    expect(board.data.bids).toHaveLength(5);
    expect((await client.next((f) => f.channel === 'status')).data).toMatchObject({ simulated: true });

    for (let ticks = 0; client.on('quote:7203').length < 3; ticks += 1) {
      if (ticks > 200) throw new Error('7203 did not trade');
      const before = client.on('quote:7203').length;
      t.clock.advance(5);
      await marketOf(t.ctx).tick();
      await client.settle();
      // A tick's frame carries that tick's quote, never one encoded for an earlier tick.
      if (client.on('quote:7203').length > before) {
        const now = await t.app.inject({ method: 'GET', url: '/api/market/quotes?codes=7203' });
        expect(client.on('quote:7203').at(-1)!.data).toEqual(now.json().data.items[0]);
      }
    }
    const quotes = client.on<{ code: string; updatedAt: string }>('quote:7203');
    expect(quotes.map((frame) => frame.seq)).toEqual(quotes.map((_, i) => i + 1));
    expect(quotes[2]!.data.code).toBe('7203');
    expect(quotes[2]!.data.updatedAt > (quotes[0]!.data.updatedAt ?? '')).toBe(true);
    expect(client.on('board:7203').length).toBeGreaterThan(1);

    client.send({ op: 'unsubscribe', channels: ['quote:7203'] });
    await client.settle();
    const seen = client.on('quote:7203').length;
    for (let ticks = 0; ticks < 20; ticks += 1) {
      t.clock.advance(5);
      await marketOf(t.ctx).tick();
    }
    await client.settle();
    expect(client.on('quote:7203')).toHaveLength(seen);
  });
});

describe('private channels', () => {
  it('are refused without auth, and to a token that opens no session', async () => {
    const client = await connect();
    client.send({ op: 'subscribe', channels: ['balances', 'quote:7203'] });
    await client.next((f) => f.channel === 'quote:7203');
    expect(errorsOf(client)).toEqual([
      expect.objectContaining({ errorCode: 'WS_AUTH_REQUIRED', op: 'subscribe', channels: ['balances'] }),
    ]);
    expect(client.on('balances')).toEqual([]);

    client.send({ op: 'auth', token: 'not-a-session' });
    await client.next((f) => f.channel === 'error' && (f.data as WsErrorData).op === 'auth');
    client.send({ op: 'subscribe', channels: ['orders'] });
    await client.settle();
    expect(errorsOf(client).map((e) => e.errorCode)).toEqual([
      'WS_AUTH_REQUIRED',
      'SESSION_EXPIRED',
      'WS_AUTH_REQUIRED',
    ]);
    expect(client.on('orders')).toEqual([]);
  });

  it("carry a deposit to its owner's balances and never to another user", async () => {
    const [a, b] = [await registerVerifiedUser(t), await registerVerifiedUser(t)];
    const clientA = await signedIn(a, ['balances', 'messages', 'orders']);
    const clientB = await signedIn(b, ['balances', 'messages', 'orders']);
    expect(clientB.on('balances')[0]!.data).toMatchObject({ available: '0.00' });

    expect((await deposit(b, '1200')).code).toBe(1);
    const credited = await clientB.next<{ available: string }>(
      (f) => f.channel === 'balances' && f.seq === 2,
    );
    expect(credited.data).toMatchObject({ available: '1200.00', total: '1200.00' });
    // The deposit leaves B a message too.
    const message = await clientB.next<{ unread: number; newest: { kind: string } }>(
      (f) =>
        f.channel === 'messages' &&
        (f.data as { newest: { kind: string } | null }).newest?.kind === 'deposit_credited',
    );
    expect(message.data.unread).toBeGreaterThan(0);

    await clientA.settle();
    expect(clientA.on('balances')).toHaveLength(1);
    expect(clientA.on('balances')[0]!.data).toMatchObject({ available: '0.00' });
    expect(clientA.on('messages')).toHaveLength(1);
  });

  it('send orders only to their owner once the trading module announces a change', async () => {
    const orders = new Map<bigint, string[]>();
    // Test files share a worker's modules: the trading module's own snapshot is put back after this test.
    onTestFinished(
      registerPrivateChannel('orders', async (_ctx, userId) => ({ items: orders.get(userId) ?? [] })),
    );
    const [a, b] = [await registerVerifiedUser(t), await registerVerifiedUser(t)];
    const clientA = await signedIn(a, ['orders']);
    const clientB = await signedIn(b, ['orders']);
    expect(clientB.on('orders')[0]!.data).toEqual({ items: [] });

    orders.set(BigInt(b.userId), ['order of B']);
    // Announced inside a transaction: sent once it commits.
    await t.ctx.transact((tx) => userChannelChanged(tx.db, BigInt(b.userId), 'orders'));
    const changed = await clientB.next((f) => f.channel === 'orders' && f.seq === 2);
    expect(changed.data).toEqual({ items: ['order of B'] });
    await clientA.settle();
    expect(clientA.on('orders').map((f) => f.data)).toEqual([{ items: [] }]);

    // A rolled-back change announces nothing.
    await expect(
      t.ctx.transact(async (tx) => {
        await userChannelChanged(tx.db, BigInt(b.userId), 'orders');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await clientB.settle();
    expect(clientB.on('orders')).toHaveLength(2);
  });

  it('send the unread count and the newest message when a message arrives or is read', async () => {
    const user = await registerVerifiedUser(t);
    const client = await signedIn(user, ['messages']);
    const first = client.on<{ unread: number }>('messages')[0]!.data.unread;
    await t.ctx.transact((tx) => notify(tx.db, BigInt(user.userId), 'kyc_passed', {}, t.clock.now()));
    const arrived = await client.next<{ unread: number; newest: { kind: string; title: string } }>(
      (f) => f.channel === 'messages' && f.seq === 2,
    );
    expect(arrived.data.unread).toBe(first + 1);
    expect(arrived.data.newest).toMatchObject({ kind: 'kyc_passed', read: false });
    expect(arrived.data.newest.title).not.toBe('');

    expect((await post(t.app, '/api/messages/read-all', {}, user.token)).code).toBe(1);
    const read = await client.next<{ unread: number }>((f) => f.channel === 'messages' && f.seq === 3);
    expect(read.data.unread).toBe(0);
  });

  it('stop when the session is ended by logout', async () => {
    const user = await registerVerifiedUser(t);
    const client = await signedIn(user, ['balances', 'quote:7203']);
    expect((await post(t.app, '/api/auth/logout', {}, user.token)).code).toBe(1);
    const ended = await client.next<{ authenticated: boolean; dropped: string[] }>(
      (f) => f.channel === 'auth' && !(f.data as { authenticated: boolean }).authenticated,
    );
    expect(ended.data.dropped).toEqual(['balances']);

    expect((await deposit(user, '500')).code).toBe(1);
    client.send({ op: 'subscribe', channels: ['balances'] });
    await client.settle();
    expect(client.on('balances')).toHaveLength(1);
    expect(errorsOf(client).at(-1)).toMatchObject({ errorCode: 'WS_AUTH_REQUIRED' });
  });
});

describe('a session ended elsewhere', () => {
  it('is told why, on the connection and to a later auth with its token', async () => {
    const user = await registerVerifiedUser(t);
    const other = await post<{ token: string }>(t.app, '/api/auth/login', {
      account: user.mobile,
      password: user.password,
    });
    const client = await signedIn({ ...user, token: other.data.token }, ['messages']);
    expect((await post(t.app, '/api/account/sessions/revoke-others', {}, user.token)).code).toBe(1);
    const ended = await client.next((f) => f.channel === 'auth' && f.seq === 2);
    expect(ended.data).toEqual({
      authenticated: false,
      dropped: ['messages'],
      reason: 'signed_out_elsewhere',
    });

    client.send({ op: 'auth', token: other.data.token });
    const refused = await client.next<WsErrorData>((f) => f.channel === 'error');
    expect(refused.data).toMatchObject({
      errorCode: 'SESSION_EXPIRED',
      params: { reason: 'signed_out_elsewhere' },
    });
  });
});

describe('client frames', () => {
  it('are answered with a localised error frame when they cannot be served, and the connection goes on', async () => {
    const client = await connect('?lang=ja');
    const expectError = async (frame: string | Buffer, errorCode: string) => {
      const before = client.on('error').length;
      client.socket.send(frame);
      const answer = await client.next<WsErrorData>((f) => f.channel === 'error' && f.seq > before);
      expect(answer.data.errorCode).toBe(errorCode);
      return answer.data;
    };
    expect((await expectError('{not json', 'BAD_JSON')).msg).toBe('リクエストを読み取れませんでした');
    await expectError('[1,2]', 'BAD_JSON');
    await expectError(Buffer.from([1, 2, 3]), 'BAD_JSON');
    expect(await expectError(JSON.stringify({ op: 'shout' }), 'WS_OP_UNKNOWN')).toMatchObject({
      op: 'shout',
    });
    await expectError(JSON.stringify({ op: 'subscribe', channels: 'quote:7203' }), 'VALIDATION_FAILED');
    await expectError(JSON.stringify({ op: 'auth' }), 'VALIDATION_FAILED');
    expect(
      await expectError(
        JSON.stringify({ op: 'subscribe', channels: ['quote:72O3', 'trades'] }),
        'WS_CHANNEL_UNKNOWN',
      ),
    ).toMatchObject({ channels: ['quote:72O3', 'trades'], params: { channel: 'quote:72O3' } });
    await expectError(JSON.stringify({ op: 'subscribe', channels: ['quote:0000'] }), 'INSTRUMENT_NOT_FOUND');
    const many = Array.from({ length: WS_MAX_CHANNELS + 1 }, (_, i) => `quote:${String(1000 + i)}`);
    expect(
      await expectError(JSON.stringify({ op: 'subscribe', channels: many }), 'WS_TOO_MANY_CHANNELS'),
    ).toMatchObject({ params: { max: WS_MAX_CHANNELS } });
    await expectError(
      JSON.stringify({ op: 'subscribe', channels: ['x'.repeat(WS_MAX_MESSAGE_BYTES)] }),
      'BODY_TOO_LARGE',
    );

    client.send({ op: 'subscribe', channels: ['quote:6758'] });
    expect((await client.next((f) => f.channel === 'quote:6758')).seq).toBe(1);
    expect(client.closed).toBe(false);
    expect(client.frames.every((f: ServerMessage) => f.channel !== 'auth')).toBe(true);
  });

  it('refuse subscriptions beyond the burst a connection is allowed, each of which would send a snapshot', async () => {
    const client = await connect();
    const codes = ['7203', '6758', '9984', '8306', '6861'];
    const channels = codes.flatMap((code) => [`quote:${code}`, `board:${code}`]);
    const started = Date.now();
    let refused: WsErrorData | null = null;
    let rounds = 0;
    // Subscribed and undone in a loop, as a hostile client would, until the server refuses (the allowance refills
    // while the loop runs, so the round it stops at depends on the machine's speed).
    while (refused === null && rounds < 300) {
      const [errors, snapshots] = [client.on('error').length, client.on('board:6861').length];
      client.send({ op: 'subscribe', channels });
      const answer = await client.next<WsErrorData>(
        (f) =>
          (f.channel === 'error' && f.seq > errors) ||
          (f.channel === 'board:6861' && client.on('board:6861').length > snapshots),
      );
      if (answer.channel === 'error') refused = answer.data;
      else {
        rounds += 1;
        client.send({ op: 'unsubscribe', channels });
      }
    }
    const quotes = client.on('quote:7203').length;
    expect(refused).toMatchObject({ errorCode: 'RATE_LIMITED', op: 'subscribe' });
    const allowed = SUBSCRIPTION_BURST + ((Date.now() - started) / 1000) * SUBSCRIPTIONS_PER_SECOND;
    expect(rounds * channels.length).toBeGreaterThanOrEqual(SUBSCRIPTION_BURST - channels.length);
    expect(rounds * channels.length).toBeLessThanOrEqual(allowed);
    // Nothing of the refused one was subscribed: no snapshot came after the refusal, and the connection goes on.
    await client.settle();
    expect(client.on('quote:7203')).toHaveLength(quotes);
    expect(client.closed).toBe(false);
  });

  it('close a connection whose frames pass the protocol limit, and forget it', async () => {
    const client = await connect();
    await client.settle();
    const open = hubOf(t.ctx)!.size;
    client.socket.send('x'.repeat(65 * 1024));
    await client.next(() => client.closed).catch(() => undefined);
    expect(client.closed).toBe(true);
    await expect.poll(() => hubOf(t.ctx)!.size).toBe(open - 1);
  });
});

describe('a subscribe that fails part way', () => {
  it('lets go of the channels it had not served, so that the same subscribe asked again serves them all', async () => {
    const client = await connect();
    const market = marketOf(t.ctx);
    const instrument = market.instrument.bind(market);
    let looked = 0;
    const failing = vi.spyOn(market, 'instrument').mockImplementation(async (code) => {
      looked += 1;
      if (looked === 2) throw new Error('the database went away');
      return instrument(code);
    });
    onTestFinished(() => failing.mockRestore());
    const channels = ['quote:9984', 'quote:8306'];
    client.send({ op: 'subscribe', channels });
    const refusal = await client.next<WsErrorData>((f) => f.channel === 'error');
    expect(refusal.data).toMatchObject({ errorCode: 'INTERNAL', op: 'subscribe' });
    client.send({ op: 'subscribe', channels });
    for (const channel of channels) expect((await client.next((f) => f.channel === channel)).seq).toBe(1);
  });

  it('names the operation when it is refused on the way with an error of the catalogue, so the client asks again', async () => {
    const client = await connect();
    const market = marketOf(t.ctx);
    const refusing = vi.spyOn(market, 'instrument').mockRejectedValueOnce(fail('INSTRUMENT_NOT_FOUND'));
    onTestFinished(() => refusing.mockRestore());
    client.send({ op: 'subscribe', channels: ['board:4063'] });
    const refusal = await client.next<WsErrorData>((f) => f.channel === 'error');
    expect(refusal.data).toMatchObject({ errorCode: 'INSTRUMENT_NOT_FOUND', op: 'subscribe' });
    client.send({ op: 'subscribe', channels: ['board:4063'] });
    expect((await client.next((f) => f.channel === 'board:4063')).seq).toBe(1);
  });
});

describe('the log', () => {
  it('notes a frame over the limit as a warning, not as an error of the server', async () => {
    const lines: { level: number; code?: string; msg?: string }[] = [];
    const stream = { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) };
    const logged = await createTestApp(
      { marketSeed: 'realtime-log', marketClock: 'always-open' },
      undefined,
      {
        logger: { level: 'info', stream },
      },
    );
    try {
      const client = await WsClient.open(await listen(logged));
      client.socket.send('x'.repeat(65 * 1024));
      await client.next(() => client.closed).catch(() => undefined);
      expect(client.closed).toBe(true);
      await expect
        .poll(() => lines.find((line) => line.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH'))
        .toMatchObject({ level: 40 });
      expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    } finally {
      await logged.close();
    }
  });
});

describe('subscriptions per address', () => {
  it('do not start afresh when a client closes its socket and opens another', async () => {
    // One socket per address, so the address's allowance is that of one connection.
    const single = await createTestApp({
      marketSeed: 'realtime-address',
      marketClock: 'always-open',
      wsMaxPerAddress: 1,
    });
    try {
      const at = await listen(single);
      // Codes nobody lists: each is refused, so subscribing them again is new every time and sends nothing.
      const unlisted = Array.from({ length: WS_MAX_CHANNELS }, (_, i) => `quote:0${String(100 + i)}`);
      const subscribe = async (client: WsClient) => {
        const errors = client.on('error').length;
        client.send({ op: 'subscribe', channels: unlisted });
        return (await client.next<WsErrorData>((f) => f.channel === 'error' && f.seq > errors)).data;
      };
      const first = await WsClient.open(at);
      let answer = await subscribe(first);
      for (let round = 1; answer.errorCode !== 'RATE_LIMITED' && round < 20; round += 1)
        answer = await subscribe(first);
      expect(answer.errorCode).toBe('RATE_LIMITED');
      const emptied = Date.now();
      await first.close();
      // The server counts the closed socket out when its own close event has run: try until it has.
      let second: WsClient | null = null;
      while (!second) {
        const attempt = await WsClient.open(at);
        if (await attempt.answersPing()) second = attempt;
      }
      // A new socket has its own allowance, but its address does not: the refill of a few moments is short of
      // a full subscribe (WS_MAX_CHANNELS take two seconds to come back).
      expect(Date.now() - emptied).toBeLessThan((WS_MAX_CHANNELS / SUBSCRIPTIONS_PER_SECOND) * 1000);
      expect(await subscribe(second)).toMatchObject({ errorCode: 'RATE_LIMITED', op: 'subscribe' });
      await second.close();
    } finally {
      await single.close();
    }
  });
});

describe('connections per address', () => {
  it('refuses a socket beyond the cap for its address, and accepts one again once another closes', async () => {
    const cap = t.ctx.config.wsMaxPerAddress;
    const held = await Promise.all(Array.from({ length: cap }, () => connect()));
    const refused = await WsClient.open(url);
    const code = await new Promise<number>((resolve) =>
      refused.socket.once('close', (c: number) => resolve(c)),
    );
    expect(code).toBe(1008);
    await held[0]!.close();
    // The server counts the closed socket out when its own close event has run: try until it has.
    let accepted = false;
    for (let attempt = 0; attempt < 50 && !accepted; attempt += 1) {
      accepted = await (await connect()).answersPing(10_000);
    }
    expect(accepted).toBe(true);
  });

  it('counts an IPv6 client by its /64, which it may take any address of', async () => {
    // Behind a trusted proxy the address is the one it forwards, which lets the test speak from IPv6 networks.
    const proxied = await createTestApp({
      marketSeed: 'realtime-ipv6',
      marketClock: 'always-open',
      trustProxy: true,
      wsMaxPerAddress: 2,
    });
    try {
      const at = await listen(proxied);
      const from = async (address: string) => {
        const client = await WsClient.open(at, { 'x-forwarded-for': address });
        const closedWith = new Promise<number>((resolve) => client.socket.once('close', resolve));
        return { client, answered: await client.answersPing(), closedWith };
      };
      const held = [await from('2001:db8:a:b::1'), await from('2001:db8:a:b:ffff:ffff:ffff:fffe')];
      expect(held.map((h) => h.answered)).toEqual([true, true]);
      const third = await from('2001:db8:a:b:1234::9');
      expect(third.answered).toBe(false);
      expect(await third.closedWith).toBe(1008);
      const elsewhere = await from('2001:db8:a:c::1');
      expect(elsewhere.answered).toBe(true);
      await Promise.all([...held, elsewhere].map((h) => h.client.close()));
    } finally {
      await proxied.close();
    }
  });
});
