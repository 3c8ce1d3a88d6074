import { describe, expect, it } from 'vitest';
import type { PlaceOrder } from './commands';
import { createEngine } from './engine';
import { CONFIG, TODAY, TOYOTA, at, engineWith, ofType, only, quote, y } from './test-fixtures';

const TOMORROW = '2026-11-25';

function restingLimit(overrides: Partial<PlaceOrder> = {}): PlaceOrder {
  return {
    orderId: 'o1',
    accountId: 'a',
    code: TOYOTA.code,
    side: 'long',
    type: 'limit',
    price: y('2790'),
    lots: 1,
    leverage: 1,
    validUntil: TODAY,
    at: at('10:01'),
    ...overrides,
  };
}

const AWAY = { bid: '2799.5', ask: '2800' };
const THROUGH = { bid: '2784.5', ask: '2785' };

describe('order validity (期間)', () => {
  it('is carried on the accepted order and its snapshot, and survives a rebuild', () => {
    const engine = engineWith({ a: '1000000' });
    engine.onQuote(quote(TOYOTA, AWAY));
    const accepted = only(engine.placeOrder(restingLimit({ validUntil: '2026-11-27' })), 'OrderAccepted');
    expect(accepted.validUntil).toBe('2026-11-27');
    const snapshot = engine.snapshot();
    expect(snapshot.orders[0]!.validUntil).toBe('2026-11-27');
    const rebuilt = createEngine(CONFIG, snapshot);
    expect(rebuilt.snapshot()).toEqual(snapshot);
    expect(rebuilt.expireOrders({ date: '2026-11-27', at: at('08:00', '2026-11-27') })).toEqual([]);
    const expired = rebuilt.expireOrders({ date: '2026-11-28', at: at('00:01', '2026-11-28') });
    expect(only(expired, 'OrderCancelled')).toMatchObject({ orderId: 'o1', reason: 'expired' });
  });

  it('expires a resting order after its date, releasing its hold as a cancel does, once', () => {
    const engine = engineWith({ a: '1000000' });
    engine.onQuote(quote(TOYOTA, AWAY));
    const accepted = only(engine.placeOrder(restingLimit()), 'OrderAccepted');
    const held = accepted.heldMargin + accepted.heldFee;
    expect(engine.expireOrders({ date: TODAY, at: at('15:40') })).toEqual([]);
    const events = engine.expireOrders({ date: TOMORROW, at: at('08:00', TOMORROW) });
    const cancelled = only(events, 'OrderCancelled');
    expect(cancelled).toMatchObject({ reason: 'expired', released: held });
    expect(cancelled.transfers).toEqual([{ from: 'held', to: 'available', amount: held }]);
    expect(engine.account('a')).toMatchObject({ available: y('1000000'), held: 0n });
    expect(engine.expireOrders({ date: TOMORROW, at: at('08:01', TOMORROW) })).toEqual([]);
    expect(engine.snapshot().orders).toEqual([]);
  });

  it('leaves orders without a last date and orders still valid', () => {
    const engine = engineWith({ a: '1000000' });
    engine.onQuote(quote(TOYOTA, AWAY));
    engine.placeOrder(restingLimit({ orderId: 'gtc', validUntil: null }));
    engine.placeOrder(restingLimit({ orderId: 'week', validUntil: '2026-11-27' }));
    engine.placeOrder(restingLimit({ orderId: 'day' }));
    const events = engine.expireOrders({ date: TOMORROW, at: at('08:00', TOMORROW) });
    expect(ofType(events, 'OrderCancelled').map((event) => event.orderId)).toEqual(['day']);
    expect(engine.snapshot().orders.map((order) => order.id)).toEqual(['gtc', 'week']);
  });

  it('never fills after its date: a price reaching it the next day cancels it as expired', () => {
    const engine = engineWith({ a: '1000000' });
    engine.onQuote(quote(TOYOTA, AWAY));
    engine.placeOrder(restingLimit());
    const events = engine.onQuote(quote(TOYOTA, THROUGH, { at: at('09:00', TOMORROW) }));
    expect(ofType(events, 'OrderFilled')).toEqual([]);
    expect(only(events, 'OrderCancelled')).toMatchObject({ reason: 'expired' });
    expect(engine.account('a')).toMatchObject({ available: y('1000000'), held: 0n, margin: 0n });
  });

  it('fills on its last date', () => {
    const engine = engineWith({ a: '1000000' });
    engine.onQuote(quote(TOYOTA, AWAY));
    engine.placeOrder(restingLimit());
    const events = engine.onQuote(quote(TOYOTA, THROUGH, { at: at('15:30') }));
    expect(only(events, 'OrderFilled').price).toBe(y('2785'));
  });

  it('refuses a last date already past or not a date', () => {
    const engine = engineWith({ a: '1000000' });
    engine.onQuote(quote(TOYOTA, AWAY));
    for (const validUntil of ['2026-11-23', '24/11/2026']) {
      const rejected = only(engine.placeOrder(restingLimit({ validUntil })), 'Rejected');
      expect(rejected.reason).toBe('VALIDITY_INVALID');
    }
    expect(engine.account('a')).toMatchObject({ held: 0n });
  });

  it('refuses a restored order whose last date is malformed', () => {
    const engine = engineWith({ a: '1000000' });
    engine.onQuote(quote(TOYOTA, AWAY));
    engine.placeOrder(restingLimit());
    const snapshot = engine.snapshot();
    const broken = { ...snapshot, orders: [{ ...snapshot.orders[0]!, validUntil: 'soon' }] };
    expect(() => createEngine(CONFIG, broken)).toThrow(/last date/);
  });
});

describe('limit close validity (返済指値の期間)', () => {
  /** A long 1-lot position bought at the ask of AWAY (2,800), with a limit close resting at 2,850. */
  function limitClosing(validUntil: string | null = TODAY) {
    const engine = engineWith({ a: '1000000' });
    engine.onQuote(quote(TOYOTA, AWAY));
    engine.placeOrder(restingLimit({ type: 'market', price: undefined, validUntil: TODAY }));
    const requested = only(
      engine.closePosition({
        accountId: 'a',
        positionId: 'o1',
        type: 'limit',
        price: y('2850'),
        validUntil,
        at: at('10:02'),
      }),
      'CloseRequested',
    );
    return { engine, requested };
  }
  const ABOVE = { bid: '2850', ask: '2850.5' };

  it('is carried on the close request and the snapshot, and survives a rebuild', () => {
    const { engine, requested } = limitClosing('2026-11-27');
    expect(requested).toMatchObject({ status: 'limit-closing', validUntil: '2026-11-27' });
    const snapshot = engine.snapshot();
    expect(snapshot.positions[0]).toMatchObject({ closeLimit: y('2850'), closeValidUntil: '2026-11-27' });
    const rebuilt = createEngine(CONFIG, snapshot);
    expect(rebuilt.snapshot()).toEqual(snapshot);
    const expired = rebuilt.expireOrders({ date: '2026-11-28', at: at('00:01', '2026-11-28') });
    expect(only(expired, 'CloseCancelled')).toMatchObject({ positionId: 'o1', reason: 'expired' });
  });

  it('is withdrawn after its date, once, and the position is held again with its margin', () => {
    const { engine } = limitClosing();
    const before = engine.account('a')!;
    expect(engine.expireOrders({ date: TODAY, at: at('15:40') })).toEqual([]);
    const events = engine.expireOrders({ date: TOMORROW, at: at('08:00', TOMORROW) });
    expect(only(events, 'CloseCancelled')).toEqual({
      type: 'CloseCancelled',
      positionId: 'o1',
      accountId: 'a',
      code: TOYOTA.code,
      lots: 1,
      reason: 'expired',
      limitPrice: y('2850'),
      validUntil: TODAY,
      at: at('08:00', TOMORROW),
    });
    expect(engine.expireOrders({ date: TOMORROW, at: at('08:01', TOMORROW) })).toEqual([]);
    expect(engine.snapshot().positions[0]).toMatchObject({
      status: 'holding',
      closeLimit: null,
      closeValidUntil: null,
    });
    expect(engine.account('a')).toMatchObject({ available: before.available, margin: before.margin });
    // Held again: the price that would have filled the close no longer closes anything.
    expect(
      ofType(engine.onQuote(quote(TOYOTA, ABOVE, { at: at('09:00', TOMORROW) })), 'PositionClosed'),
    ).toEqual([]);
  });

  it('leaves a close without a last date and one still valid', () => {
    const { engine } = limitClosing(null);
    expect(engine.expireOrders({ date: '2026-12-01', at: at('08:00', '2026-12-01') })).toEqual([]);
    expect(engine.snapshot().positions[0]).toMatchObject({ status: 'limit-closing', closeValidUntil: null });
    const week = limitClosing('2026-11-27').engine;
    expect(week.expireOrders({ date: '2026-11-27', at: at('08:00', '2026-11-27') })).toEqual([]);
    expect(week.snapshot().positions[0]).toMatchObject({ closeValidUntil: '2026-11-27' });
  });

  it('never fills after its date: a price reaching it the next day withdraws it as expired', () => {
    const { engine } = limitClosing();
    const events = engine.onQuote(quote(TOYOTA, ABOVE, { at: at('09:00', TOMORROW) }));
    expect(ofType(events, 'PositionClosed')).toEqual([]);
    expect(only(events, 'CloseCancelled')).toMatchObject({ reason: 'expired', validUntil: TODAY });
    expect(engine.snapshot().positions[0]).toMatchObject({ status: 'holding', closeValidUntil: null });
  });

  it('fills on its last date, naming the limit close that filled it', () => {
    const { engine } = limitClosing();
    const events = engine.onQuote(quote(TOYOTA, ABOVE, { at: at('15:30') }));
    expect(only(events, 'PositionClosed')).toMatchObject({
      exitPrice: y('2850'),
      reason: 'user',
      closedByLimit: { price: y('2850'), validUntil: TODAY },
    });
  });

  it('names no limit close when something else closed the position while one rested', () => {
    const marketClose = limitClosing().engine;
    const market = marketClose.closePosition({
      accountId: 'a',
      positionId: 'o1',
      type: 'market',
      at: at('10:03'),
    });
    expect(only(market, 'PositionClosed')).toMatchObject({ reason: 'user', closedByLimit: null });

    const stopped = limitClosing().engine;
    stopped.setTakeProfitStopLoss({
      accountId: 'a',
      positionId: 'o1',
      takeProfit: null,
      stopLoss: y('2700'),
      at: at('10:03'),
    });
    const fall = stopped.onQuote(quote(TOYOTA, { bid: '2690', ask: '2690.5' }, { at: at('10:04') }));
    expect(only(fall, 'PositionClosed')).toMatchObject({ reason: 'stop_loss', closedByLimit: null });
  });

  it('names a limit close the market is already through, which fills at once, with its own date', () => {
    const { engine } = limitClosing();
    const events = engine.closePosition({
      accountId: 'a',
      positionId: 'o1',
      type: 'limit',
      price: y('2750'),
      validUntil: '2026-11-27',
      at: at('10:03'),
    });
    expect(only(events, 'PositionClosed')).toMatchObject({
      exitPrice: y('2799.5'),
      closedByLimit: { price: y('2750'), validUntil: '2026-11-27' },
    });
  });

  it('refuses a last date already past or not a date, and changes nothing', () => {
    const { engine } = limitClosing();
    for (const validUntil of ['2026-11-23', 'tomorrow']) {
      const events = engine.closePosition({
        accountId: 'a',
        positionId: 'o1',
        type: 'limit',
        price: y('2900'),
        validUntil,
        at: at('10:03'),
      });
      expect(only(events, 'Rejected').reason).toBe('VALIDITY_INVALID');
    }
    expect(engine.snapshot().positions[0]).toMatchObject({ closeLimit: y('2850'), closeValidUntil: TODAY });
  });

  it('refuses a restored close whose last date is malformed or has no limit', () => {
    const { engine } = limitClosing();
    const snapshot = engine.snapshot();
    const position = snapshot.positions[0]!;
    for (const broken of [
      { ...position, closeValidUntil: 'soon' },
      { ...position, status: 'holding' as const, closeLimit: null },
    ])
      expect(() => createEngine(CONFIG, { ...snapshot, positions: [broken] })).toThrow(/last date/);
  });
});
