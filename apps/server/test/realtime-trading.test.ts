import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';
import { listen, WsClient } from './realtime-client';
import {
  investor,
  MORNING,
  placeOrder,
  pushQuote,
  type OrderView,
  type PositionView,
} from './trading-helpers';

// The orders and positions channels as the trading module fills them: a fill reaches its owner only.
let t: TestApp;
let url: string;
const clients: WsClient[] = [];
beforeAll(async () => {
  t = await createTestApp({ sessionIdleSeconds: 30 * 86400, sessionTtlSeconds: 30 * 86400 });
  t.clock.set(MORNING);
  url = await listen(t);
  await pushQuote(t, { bid: '2800', ask: '2800.5' });
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});
afterAll(() => t.close());

async function follow(token: string): Promise<WsClient> {
  const client = await WsClient.open(url);
  clients.push(client);
  await client.auth(token);
  client.send({ op: 'subscribe', channels: ['orders', 'positions'] });
  for (const channel of ['orders', 'positions'])
    await client.next((frame) => frame.channel === channel && frame.seq === 1);
  return client;
}

type Items<T> = { items: T[] };

it('a filled order and a resting one reach their owner, and nobody else', async () => {
  const alice = await investor(t, '1000000');
  const bob = await investor(t, '1000000');
  const aliceSocket = await follow(alice.token);
  const bobSocket = await follow(bob.token);
  expect(aliceSocket.on<Items<PositionView>>('positions')[0]!.data.items).toEqual([]);

  const filled = await placeOrder(t, alice, {
    code: '7203',
    side: 'long',
    type: 'market',
    lots: 1,
    leverage: 2,
  });
  expect(filled.status).toBe(200);
  const positions = await aliceSocket.next<Items<PositionView>>(
    (frame) => frame.channel === 'positions' && (frame.data as Items<PositionView>).items.length === 1,
  );
  expect(positions.seq).toBeGreaterThan(1);
  expect(positions.data.items[0]).toMatchObject({ code: '7203', side: 'long', lots: 1, status: 'holding' });

  const resting = await placeOrder(t, alice, {
    code: '7203',
    side: 'long',
    type: 'limit',
    price: '2700',
    lots: 1,
    leverage: 1,
  });
  expect(resting.status).toBe(200);
  const orders = await aliceSocket.next<Items<OrderView>>(
    (frame) => frame.channel === 'orders' && (frame.data as Items<OrderView>).items.length === 1,
  );
  expect(orders.data.items[0]).toMatchObject({
    code: '7203',
    type: 'limit',
    price: '2700.00',
    status: 'open',
  });

  // Bob heard nothing after his snapshots.
  await bobSocket.settle();
  expect(bobSocket.on('orders')).toHaveLength(1);
  expect(bobSocket.on('positions')).toHaveLength(1);
});
