import { describe, expect, it } from 'vitest';
import type { PlaceOrder } from './commands';
import { NO_INSTRUMENT_LIMITS, type InstrumentLimits } from './config';
import { createEngine } from './engine';
import { CONFIG, SMALL, TOYOTA, at, engineWith, ofType, only, quote } from './test-fixtures';

function order(overrides: Partial<PlaceOrder> = {}): PlaceOrder {
  return {
    orderId: 'o1',
    accountId: 'a',
    code: TOYOTA.code,
    side: 'long',
    type: 'market',
    lots: 1,
    leverage: 1,
    at: at('10:01'),
    ...overrides,
  };
}

const OPEN = { bid: '2799.5', ask: '2800' };

function limited(limits: Partial<InstrumentLimits>) {
  const engine = engineWith({ a: '10000000' });
  engine.onQuote(quote(TOYOTA, OPEN));
  engine.onQuote(quote(SMALL, { bid: '150', ask: '151' }));
  engine.setInstrumentLimits({
    code: TOYOTA.code,
    limits: { ...NO_INSTRUMENT_LIMITS, ...limits },
    at: at('09:30'),
  });
  return engine;
}

const refusal = (events: ReturnType<ReturnType<typeof limited>['placeOrder']>) =>
  only(events, 'Rejected').reason;

describe('per-instrument limits', () => {
  it('refuse a leverage above the instrument maximum and take 1x and the maximum itself', () => {
    const engine = limited({ maxLeverage: 2 });
    expect(refusal(engine.placeOrder(order({ leverage: 3 })))).toBe('LEVERAGE_ABOVE_INSTRUMENT_LIMIT');
    expect(ofType(engine.placeOrder(order({ orderId: 'o2', leverage: 2 })), 'OrderFilled')).toHaveLength(1);
    expect(ofType(engine.placeOrder(order({ orderId: 'o3', leverage: 1 })), 'OrderFilled')).toHaveLength(1);
    // Another instrument keeps the global set.
    const small = engine.placeOrder(order({ orderId: 'o4', code: SMALL.code, leverage: 3 }));
    expect(ofType(small, 'OrderFilled')).toHaveLength(1);
  });

  it('refuse new shorts where shorting is not allowed, and still take longs', () => {
    const engine = limited({ shortable: false });
    expect(refusal(engine.placeOrder(order({ side: 'short' })))).toBe('SHORT_SELLING_NOT_ALLOWED');
    expect(ofType(engine.placeOrder(order({ orderId: 'o2' })), 'OrderFilled')).toHaveLength(1);
  });

  it('refuse more lots per order than the instrument allows', () => {
    const engine = limited({ maxLotsPerOrder: 5 });
    expect(refusal(engine.placeOrder(order({ lots: 6 })))).toBe('LOTS_ABOVE_INSTRUMENT_LIMIT');
    expect(ofType(engine.placeOrder(order({ orderId: 'o2', lots: 5 })), 'OrderFilled')).toHaveLength(1);
  });

  it('count open positions and resting orders of both sides against the open-lot limit', () => {
    const engine = limited({ maxOpenLots: 5 });
    expect(ofType(engine.placeOrder(order({ lots: 2 })), 'OrderFilled')).toHaveLength(1);
    // A resting short limit far above the market.
    const resting = engine.placeOrder(
      order({ orderId: 'o2', side: 'short', type: 'limit', price: quote(TOYOTA, OPEN).limitUp, lots: 2 }),
    );
    expect(ofType(resting, 'OrderAccepted')).toHaveLength(1);
    expect(ofType(resting, 'OrderFilled')).toHaveLength(0);
    expect(refusal(engine.placeOrder(order({ orderId: 'o3', lots: 2 })))).toBe(
      'OPEN_LOTS_ABOVE_INSTRUMENT_LIMIT',
    );
    expect(ofType(engine.placeOrder(order({ orderId: 'o4', lots: 1 })), 'OrderFilled')).toHaveLength(1);
    // Other accounts and other instruments have their own room.
    expect(
      ofType(engine.placeOrder(order({ orderId: 'o5', code: SMALL.code, lots: 9 })), 'OrderFilled'),
    ).toHaveLength(1);
  });

  it('refuse the preview for the same reasons as the order', () => {
    const engine = limited({ maxLeverage: 1, shortable: false, maxLotsPerOrder: 3 });
    expect(engine.previewOrder(order({ leverage: 2 }))).toEqual({
      ok: false,
      reason: 'LEVERAGE_ABOVE_INSTRUMENT_LIMIT',
    });
    expect(engine.previewOrder(order({ side: 'short' }))).toEqual({
      ok: false,
      reason: 'SHORT_SELLING_NOT_ALLOWED',
    });
    expect(engine.previewOrder(order({ lots: 4 }))).toEqual({
      ok: false,
      reason: 'LOTS_ABOVE_INSTRUMENT_LIMIT',
    });
    expect(engine.previewOrder(order({ lots: 3 })).ok).toBe(true);
  });

  it('leave open positions and resting orders alone when a limit is lowered', () => {
    const engine = engineWith({ a: '10000000' });
    engine.onQuote(quote(TOYOTA, OPEN));
    engine.placeOrder(order({ side: 'short', lots: 4, leverage: 3 }));
    engine.placeOrder(order({ orderId: 'o2', type: 'limit', price: quote(TOYOTA, OPEN).limitDown, lots: 4 }));
    const before = engine.snapshot();
    const events = engine.setInstrumentLimits({
      code: TOYOTA.code,
      limits: { maxLeverage: 1, maxLotsPerOrder: 1, maxOpenLots: 1, shortable: false },
      at: at('10:02'),
    });
    expect(events).toEqual([]);
    expect(engine.snapshot()).toEqual(before);
    // The position can still be closed; a new order is refused.
    const closed = engine.closePosition({
      accountId: 'a',
      positionId: 'o1',
      type: 'market',
      at: at('10:03'),
    });
    expect(ofType(closed, 'PositionClosed')).toHaveLength(1);
    expect(refusal(engine.placeOrder(order({ orderId: 'o3' })))).toBe('OPEN_LOTS_ABOVE_INSTRUMENT_LIMIT');
  });

  it('show the current limits in engine.config, so a rebuild from config and snapshot keeps them', () => {
    const engine = limited({ maxLeverage: 2, shortable: false });
    const rebuilt = createEngine(engine.config, engine.snapshot());
    rebuilt.onQuote(quote(TOYOTA, OPEN, { at: at('10:05') }));
    expect(refusal(rebuilt.placeOrder(order({ orderId: 'o9', side: 'short' })))).toBe(
      'SHORT_SELLING_NOT_ALLOWED',
    );
    expect(engine.config.instruments.find((i) => i.code === SMALL.code)?.limits).toBeUndefined();
  });

  it('take limits as a command (execute) and at start from the configuration', () => {
    const engine = createEngine({
      ...CONFIG,
      instruments: [{ ...TOYOTA, limits: { ...NO_INSTRUMENT_LIMITS, maxLotsPerOrder: 1 } }],
    });
    engine.upsertAccount({ accountId: 'a', kycPassed: true, creditScore: 100, at: at('08:00') });
    engine.onQuote(quote(TOYOTA, OPEN));
    expect(engine.previewOrder(order({ lots: 2 }))).toMatchObject({ reason: 'LOTS_ABOVE_INSTRUMENT_LIMIT' });
    engine.execute({
      command: 'setInstrumentLimits',
      code: TOYOTA.code,
      limits: NO_INSTRUMENT_LIMITS,
      at: at('10:00'),
    });
    expect(engine.previewOrder(order({ lots: 2 }))).toMatchObject({ reason: 'INSUFFICIENT_FUNDS' });
  });

  it('throw on an unknown instrument or limits outside the configuration', () => {
    const engine = engineWith({});
    const set = (code: string, limits: Partial<InstrumentLimits>) => () =>
      engine.setInstrumentLimits({ code, limits: { ...NO_INSTRUMENT_LIMITS, ...limits }, at: 0 });
    expect(set('0000', {})).toThrow(RangeError);
    expect(set(TOYOTA.code, { maxLeverage: 5 })).toThrow(/configured leverages/);
    expect(set(TOYOTA.code, { maxLotsPerOrder: 0 })).toThrow(RangeError);
    expect(set(TOYOTA.code, { maxOpenLots: 1.5 })).toThrow(RangeError);
    expect(() =>
      createEngine({
        ...CONFIG,
        instruments: [{ ...TOYOTA, limits: { ...NO_INSTRUMENT_LIMITS, maxLeverage: 4 } }],
      }),
    ).toThrow(RangeError);
  });
});
