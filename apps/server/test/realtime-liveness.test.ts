import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { hubOf } from '../src/modules/realtime';
import { Connection, MAX_BUFFERED_BYTES } from '../src/modules/realtime/connection';
import { createTestApp, registerUser, type TestApp } from './harness';
import { listen, WsClient } from './realtime-client';

let t: TestApp;
let url: string;
beforeAll(async () => {
  // A healthy client has one heartbeat to answer a ping: 250 ms, not less, so that a busy machine's pauses of the
  // test process (which is both server and clients) do not read as a dead connection.
  t = await createTestApp({}, undefined, {
    realtimeTiming: { heartbeatMs: 250, sessionCheckMs: 40, statusCheckMs: 1000 },
  });
  url = await listen(t);
});
afterAll(() => t.close());

describe('a connection', () => {
  it('that answers pings stays open; one that does not is closed and forgotten', async () => {
    const healthy = await WsClient.open(url);
    await new Promise((resolve) => healthy.socket.once('ping', resolve));
    // Closed on the second heartbeat after it connected; the healthy client went through both.
    const dead = await new Promise<WebSocket>((resolve, reject) => {
      const socket = new WebSocket(url, { autoPong: false });
      socket.once('open', () => resolve(socket));
      socket.once('error', reject);
    });
    await new Promise((resolve) => dead.once('close', resolve));
    await healthy.settle();
    expect(healthy.closed).toBe(false);
    await expect.poll(() => hubOf(t.ctx)!.size).toBe(1);
    await healthy.close();
  });

  it('whose session idles out stops receiving private data without any request', async () => {
    const user = await registerUser(t);
    const client = await WsClient.open(url);
    await client.auth(user.token);
    client.send({ op: 'subscribe', channels: ['balances'] });
    await client.next((f) => f.channel === 'balances');
    await client.settle();
    expect(client.on('auth').at(-1)!.data).toEqual({ authenticated: true });
    t.clock.advance(t.ctx.config.sessionIdleSeconds + 60);
    const ended = await client.next((f) => f.channel === 'auth' && f.seq === 2);
    expect(ended.data).toEqual({ authenticated: false, dropped: ['balances'] });
    await client.close();
  });
});

describe('a slow client', () => {
  it('is dropped once its unsent frames pass the bound, instead of being waited for', () => {
    const socket = {
      OPEN: 1,
      readyState: 1,
      bufferedAmount: 0,
      send: vi.fn(),
      terminate: vi.fn(),
    };
    const dropped = vi.fn();
    const connection = new Connection(socket as unknown as WebSocket, 'en', '127.0.0.1', dropped);
    connection.seqs.set('quote:7203', 0);
    connection.push('quote:7203', '{}');
    expect(socket.send).toHaveBeenCalledWith('{"channel":"quote:7203","seq":1,"data":{}}');
    socket.bufferedAmount = MAX_BUFFERED_BYTES + 1;
    connection.push('quote:7203', '{}');
    expect(socket.send).toHaveBeenCalledTimes(1);
    expect(socket.terminate).toHaveBeenCalledTimes(1);
    expect(dropped).toHaveBeenCalledWith(connection);
    connection.push('quote:7203', '{}');
    expect(socket.terminate).toHaveBeenCalledTimes(1);
  });
});
