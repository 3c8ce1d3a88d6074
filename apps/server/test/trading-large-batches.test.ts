// A commit that writes more rows than one statement takes parameters for: a stop-loss burst, a daily run.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertOrders, nextOrderIds } from '../src/modules/trading/trading.repository';
import { insertMessages } from '../src/modules/messaging/messaging.repository';
import type { TestApp } from './harness';
import { investor, morningQuote, placeOrder, tradingTestApp } from './trading-helpers';

let t: TestApp;
beforeAll(async () => void ({ t } = await tradingTestApp()));
afterAll(() => t.close());

it('writes thousands of orders and messages in one transaction, past 65,535 parameters a statement', async () => {
  await morningQuote(t);
  const user = await investor(t, '1000000');
  const placed = await placeOrder(t, user, {
    code: '7203',
    side: 'long',
    type: 'limit',
    price: '2700',
    lots: 1,
    leverage: 1,
  });
  const order = await t.ctx.db
    .selectFrom('trading_orders')
    .selectAll()
    .where('id', '=', BigInt(placed.data.id))
    .executeTakeFirstOrThrow();
  // 7,000 orders of some twenty columns each, and 20,000 messages of four: each far past the limit at once.
  const ids = await nextOrderIds(t.ctx.db, 7_000);
  const orders = ids.map((id, i) => ({ ...order, id, idempotency_key: `bulk-${i}` }));
  const messages = Array.from({ length: 20_000 }, (_, i) => ({
    userId: BigInt(user.userId),
    kind: 'order_expired' as const,
    params: { code: '7203', lots: '1', validUntil: '2026-11-24', n: String(i) },
    now: new Date('2026-11-24T15:00:00Z'),
  }));
  await t.ctx.transact(async (tx) => {
    await insertOrders(tx.db, orders);
    await insertMessages(tx.db, messages);
  });
  const count = async (table: 'trading_orders' | 'messages') =>
    Number(
      (
        await t.ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('user_id', '=', BigInt(user.userId))
          .executeTakeFirstOrThrow()
      ).n,
    );
  expect(await count('trading_orders')).toBe(7_001);
  expect(await count('messages')).toBeGreaterThanOrEqual(20_000);
});
