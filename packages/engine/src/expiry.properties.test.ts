// Properties of order validity (期間) over random days of orders, prices, cancels and daily runs.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jstDateOf, limitDown, limitUp } from '@kabuto/market-rules';
import type { EngineEvent } from './events';
import { propertyRuns } from './property-runs';
import { TOYOTA, at, engineWith, y } from './test-fixtures';

const RUNS = propertyRuns(300);
const DAYS = ['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-30'] as const;
const TIMES = ['09:00', '10:30', '13:00', '15:30'] as const;

type Step =
  | { kind: 'order'; account: number; side: 'long' | 'short'; offset: number; lots: number; keep: number }
  | { kind: 'quote'; offset: number }
  | { kind: 'cancel'; pick: number }
  | { kind: 'close'; pick: number; offset: number; keep: number }
  | { kind: 'expire' }
  | { kind: 'later'; days: number; time: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('order' as const),
      account: fc.nat(1),
      side: fc.constantFrom('long' as const, 'short' as const),
      offset: fc.integer({ min: -40, max: 40 }),
      lots: fc.integer({ min: 1, max: 5 }),
      keep: fc.nat(3),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('quote' as const), offset: fc.integer({ min: -40, max: 40 }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('close' as const),
      pick: fc.nat(),
      offset: fc.integer({ min: -40, max: 40 }),
      keep: fc.nat(3),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('expire' as const) }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('later' as const),
      days: fc.nat(1),
      time: fc.nat(TIMES.length - 1),
    }),
  },
);

/** A price `offset` ticks (1 yen under 3,000) from 2,800, inside the day's limits. */
const price = (offset: number) => y('2800') + BigInt(offset) * 100n;

describe('order validity properties', () => {
  it('an order or a limit close never fills after its last date, expiry is idempotent and every hold is released', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 20, maxLength: 80 }), (steps) => {
        const engine = engineWith({ a: '100000000', b: '100000000' });
        const validUntil = new Map<string, string>();
        const closeValidUntil = new Map<string, string | null>();
        const holds = new Map<string, bigint>();
        let replacedValidUntil: string | null | undefined;
        let day = 0;
        let time = 0;
        let next = 1;
        const now = () => at(TIMES[time]!, DAYS[day]!);
        const check = (events: readonly EngineEvent[]) => {
          for (const event of events) {
            if (event.type === 'OrderAccepted') holds.set(event.orderId, event.heldMargin + event.heldFee);
            if (event.type === 'OrderFilled')
              expect(jstDateOf(event.at) <= validUntil.get(event.orderId)!).toBe(true);
            if (event.type === 'CloseRequested') closeValidUntil.set(event.positionId, event.validUntil);
            // Only limit closes are placed here, so a close by the investor is one filling.
            if (event.type === 'PositionClosed' && event.reason === 'user')
              expect(jstDateOf(event.at) <= closeValidUntil.get(event.positionId)!).toBe(true);
            if (event.type === 'CloseCancelled') {
              // Withdrawn past its date, or replaced by the close placed in this step (with the date it had).
              if (event.reason === 'replaced') expect(event.validUntil).toBe(replacedValidUntil);
              else {
                expect(event.reason).toBe('expired');
                expect(jstDateOf(event.at) > event.validUntil!).toBe(true);
              }
            }
            if (event.type === 'OrderCancelled') {
              expect(event.released).toBe(holds.get(event.orderId));
              expect(event.transfers).toEqual(
                event.released === 0n ? [] : [{ from: 'held', to: 'available', amount: event.released }],
              );
            }
          }
        };
        const quoteAt = (offset: number) => {
          const last = price(offset);
          return {
            code: TOYOTA.code,
            bid: last - 50n,
            ask: last + 50n,
            last,
            limitUp: limitUp(TOYOTA.base, TOYOTA.tickTable),
            limitDown: limitDown(TOYOTA.base, TOYOTA.tickTable),
            phase: 'morning' as const,
            at: now(),
          };
        };
        check(engine.onQuote(quoteAt(0)));
        for (const s of steps) {
          if (s.kind === 'later') {
            day = Math.min(DAYS.length - 1, day + s.days);
            time = s.days === 0 ? Math.max(time, s.time) : s.time;
            continue;
          }
          if (s.kind === 'order') {
            const orderId = `o${next++}`;
            const lastDay = DAYS[Math.min(DAYS.length - 1, day + s.keep)]!;
            validUntil.set(orderId, lastDay);
            check(
              engine.placeOrder({
                orderId,
                accountId: ['a', 'b'][s.account]!,
                code: TOYOTA.code,
                side: s.side,
                type: 'limit',
                price: price(s.offset),
                lots: s.lots,
                leverage: 1,
                validUntil: lastDay,
                at: now(),
              }),
            );
          } else if (s.kind === 'close') {
            const open = engine.snapshot().positions;
            const position = open[s.pick % Math.max(1, open.length)];
            if (position) {
              // Known before the command: a close the market is already through fills within it.
              const before = closeValidUntil.get(position.id);
              replacedValidUntil = position.status === 'limit-closing' ? before : undefined;
              const lastDay = DAYS[Math.min(DAYS.length - 1, day + s.keep)]!;
              closeValidUntil.set(position.id, lastDay);
              const events = engine.closePosition({
                accountId: position.accountId,
                positionId: position.id,
                type: 'limit',
                price: price(s.offset),
                validUntil: lastDay,
                at: now(),
              });
              if (events.some((event) => event.type === 'Rejected'))
                closeValidUntil.set(position.id, before!);
              check(events);
            }
          } else if (s.kind === 'quote') check(engine.onQuote(quoteAt(s.offset)));
          else if (s.kind === 'cancel') {
            const resting = engine.snapshot().orders;
            const order = resting[s.pick % Math.max(1, resting.length)];
            if (order)
              check(engine.cancelOrder({ accountId: order.accountId, orderId: order.id, at: now() }));
          } else {
            const date = DAYS[day]!;
            check(engine.expireOrders({ date, at: now() }));
            expect(engine.expireOrders({ date, at: now() })).toEqual([]);
            for (const order of engine.snapshot().orders) expect(order.validUntil! >= date).toBe(true);
            for (const { closeValidUntil } of engine.snapshot().positions)
              expect((closeValidUntil ?? date) >= date).toBe(true);
          }
          // What each account holds is exactly what its resting orders hold.
          for (const accountId of ['a', 'b']) {
            const resting = engine.snapshot().orders.filter((order) => order.accountId === accountId);
            const held = resting.reduce((sum, order) => sum + order.heldMargin + order.heldFee, 0n);
            expect(engine.account(accountId)!.held).toBe(held);
          }
        }
        // Past every last date, nothing rests and nothing is held.
        check(engine.expireOrders({ date: '2026-12-31', at: at('09:00', '2026-12-31') }));
        expect(engine.snapshot().orders).toEqual([]);
        for (const position of engine.snapshot().positions) expect(position.status).toBe('holding');
        for (const accountId of ['a', 'b']) expect(engine.account(accountId)!.held).toBe(0n);
      }),
      { numRuns: RUNS },
    );
  });
});
