import { describe, expect, it } from 'vitest';
import { createEngine, type Engine } from './engine';
import type { EngineCommand } from './commands';
import type { EngineState } from './records';
import { CONFIG, SMALL, TOYOTA, at, engineWith, quote, y } from './test-fixtures';

/** An engine with something of everything: resting and waiting orders, TP/SL, a limit close, a pending close. */
function busyEngine(): Engine {
  const engine = engineWith({ a: '3000000', b: '1000000' });
  engine.onQuote(quote(TOYOTA, { bid: '2799.5', ask: '2800' }));
  engine.onQuote(quote(SMALL, { bid: '150', ask: '151' }));
  const base = {
    accountId: 'a',
    code: TOYOTA.code,
    side: 'long',
    lots: 1,
    leverage: 2,
    at: at('10:01'),
  } as const;
  engine.placeOrder({ ...base, orderId: 'tp', type: 'market', takeProfit: y('2900'), stopLoss: y('2700') });
  engine.placeOrder({ ...base, orderId: 'limit-close', type: 'market' });
  engine.closePosition({
    accountId: 'a',
    positionId: 'limit-close',
    type: 'limit',
    price: y('2850'),
    at: at('10:02'),
  });
  engine.placeOrder({ ...base, orderId: 'resting', type: 'limit', price: y('2750') });
  engine.placeOrder({
    ...base,
    orderId: 'short',
    side: 'short',
    type: 'limit',
    price: y('2850'),
    accountId: 'b',
  });
  engine.placeOrder({
    ...base,
    orderId: 'leveraged',
    code: SMALL.code,
    type: 'market',
    lots: 50,
    leverage: 3,
  });
  engine.onQuote(quote(SMALL, { bid: '150', ask: '151' }, { phase: 'lunch-break', at: at('11:40') }));
  engine.onQuote(quote(TOYOTA, { bid: '2799.5', ask: '2800' }, { phase: 'lunch-break', at: at('11:41') }));
  engine.closePosition({ accountId: 'a', positionId: 'tp', type: 'market', at: at('11:42') });
  engine.placeOrder({ ...base, orderId: 'waiting', type: 'market', at: at('11:43') });
  engine.accrueDaily({ date: '2026-11-23', at: at('11:44') });
  return engine;
}

const AFTERNOON: EngineCommand[] = [
  {
    command: 'quote',
    ...quote(TOYOTA, { bid: '2779.5', ask: '2780.5', last: '2780' }, { phase: 'afternoon', at: at('12:30') }),
  },
  {
    command: 'quote',
    ...quote(SMALL, { bid: '120', ask: '121', last: '120' }, { phase: 'afternoon', at: at('12:30') }),
  },
  {
    command: 'quote',
    ...quote(TOYOTA, { bid: '2851', ask: '2852' }, { phase: 'afternoon', at: at('12:31') }),
  },
  {
    command: 'quote',
    ...quote(SMALL, { bid: '100', ask: '101', last: '100' }, { phase: 'afternoon', at: at('12:32') }),
  },
  { command: 'accrueDaily', date: '2026-11-24', at: at('16:00') },
];

describe('snapshot and restore', () => {
  it('round-trip: a restored engine has the same state and makes the same decisions', () => {
    const live = busyEngine();
    const snapshot = live.snapshot();
    expect(snapshot.orders.map((o) => o.id)).toEqual(['resting', 'short', 'waiting']);
    expect(snapshot.positions.map((p) => [p.id, p.status])).toEqual([
      ['tp', 'closing'],
      ['limit-close', 'limit-closing'],
      ['leveraged', 'holding'],
    ]);
    const restored = createEngine(CONFIG, snapshot);
    expect(restored.snapshot()).toEqual(snapshot);
    expect(restored.account('a')).toEqual(live.account('a'));
    const liveEvents = AFTERNOON.map((command) => live.execute(command));
    const restoredEvents = AFTERNOON.map((command) => restored.execute(command));
    expect(restoredEvents).toEqual(liveEvents);
    expect(liveEvents.flat().map((e) => e.type)).toContain('PositionClosed');
    expect(restored.snapshot()).toEqual(live.snapshot());
  });

  it('rebuilds from database rows without seqs, deriving held cash and margin', () => {
    const state: EngineState = {
      accounts: [{ id: 'a', available: y('500000'), kycPassed: true, creditScore: 100 }],
      orders: [
        {
          id: 'o',
          accountId: 'a',
          code: TOYOTA.code,
          side: 'long',
          type: 'limit',
          limitPrice: y('2700'),
          lots: 1,
          leverage: 1,
          heldMargin: y('270000'),
          heldFee: y('270'),
          takeProfit: null,
          stopLoss: null,
          placedAt: at('09:30'),
        },
      ],
      positions: [
        {
          id: 'p',
          accountId: 'a',
          code: TOYOTA.code,
          side: 'short',
          lots: 2,
          leverage: 2,
          entryPrice: y('2800'),
          margin: y('280000'),
          openFee: y('560'),
          takeProfit: y('2600'),
          stopLoss: null,
          status: 'holding',
          closeLimit: null,
          closeReason: null,
          openedAt: at('09:10'),
        },
      ],
      quotes: [quote(TOYOTA, { bid: '2749.5', ask: '2750', last: '2750' })],
    };
    const engine = createEngine(CONFIG, state);
    expect(engine.account('a')).toMatchObject({
      available: y('500000'),
      held: y('270270'),
      margin: y('280000'),
      unrealisedPnl: y('10000'),
      equity: y('1060270'),
    });
    expect(engine.snapshot().orders[0]!.seq).toBe(1);
    expect(engine.snapshot().positions[0]!.seq).toBe(2);
    expect(engine.snapshot().nextSeq).toBe(3);
    const events = engine.onQuote(quote(TOYOTA, { bid: '2599.5', ask: '2600' }));
    expect(events.map((e) => e.type)).toEqual(['PositionClosed', 'OrderFilled', 'PositionOpened']);
  });

  it('refuses records that contradict each other', () => {
    const account = { id: 'a', available: 0n, kycPassed: true, creditScore: 100 };
    const position = {
      id: 'p',
      accountId: 'a',
      code: TOYOTA.code,
      side: 'long' as const,
      lots: 1,
      leverage: 1,
      entryPrice: y('2800'),
      margin: y('280000'),
      openFee: 0n,
      takeProfit: null,
      stopLoss: null,
      status: 'holding' as const,
      closeLimit: null,
      closeReason: null,
      openedAt: 0,
    };
    const restore = (state: Partial<EngineState>) => () =>
      createEngine(CONFIG, { accounts: [account], orders: [], positions: [], ...state });
    expect(restore({})).not.toThrow();
    expect(restore({ accounts: [account, account] })).toThrow(/twice/);
    expect(restore({ positions: [{ ...position, accountId: 'x' }] })).toThrow(/unknown account/);
    expect(restore({ positions: [{ ...position, code: '0000' }] })).toThrow(/unknown instrument/);
    expect(restore({ positions: [position, position] })).toThrow(/twice/);
    expect(restore({ positions: [{ ...position, status: 'limit-closing' }] })).toThrow(/disagree/);
    expect(restore({ positions: [{ ...position, lots: 0 }] })).toThrow(/lots/);
    expect(restore({ accounts: [{ ...account, available: -1n }] })).toThrow(/negative/);
  });
});
