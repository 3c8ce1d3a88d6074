import { describe, expect, it } from 'vitest';
import type { AmendOrder, PlaceOrder } from './commands';
import { TOYOTA, at, engineWith, ofType, only, quote, y } from './test-fixtures';

const OPEN = { bid: '2799.5', ask: '2800' };

function limitOrder(overrides: Partial<PlaceOrder> = {}): PlaceOrder {
  return {
    orderId: 'o1',
    accountId: 'a',
    code: TOYOTA.code,
    side: 'long',
    type: 'limit',
    price: y('2790'),
    lots: 3,
    leverage: 1,
    validUntil: '2026-11-27',
    at: at('10:01'),
    ...overrides,
  };
}

function amendment(overrides: Partial<AmendOrder> = {}): AmendOrder {
  return {
    accountId: 'a',
    orderId: 'o1',
    newOrderId: 'o2',
    price: y('2780'),
    lots: 2,
    at: at('10:05'),
    ...overrides,
  };
}

function restingEngine(cash = '1000000') {
  const engine = engineWith({ a: cash, b: '1000000' });
  engine.onQuote(quote(TOYOTA, OPEN));
  engine.placeOrder(limitOrder({ takeProfit: y('2900'), stopLoss: y('2700') }));
  return engine;
}

describe('amending a resting limit order (訂正)', () => {
  it('cancels it and places its replacement at the new price and lots, keeping its other terms', () => {
    const engine = restingEngine();
    const events = engine.amendOrder(amendment());
    expect(events.map((e) => e.type)).toEqual(['OrderCancelled', 'OrderAccepted']);
    expect(only(events, 'OrderCancelled')).toMatchObject({
      orderId: 'o1',
      reason: 'amended',
      released: y('837837'),
    });
    expect(only(events, 'OrderAccepted')).toMatchObject({
      orderId: 'o2',
      side: 'long',
      orderType: 'limit',
      limitPrice: y('2780'),
      lots: 2,
      leverage: 1,
      takeProfit: y('2900'),
      stopLoss: y('2700'),
      validUntil: '2026-11-27',
      heldMargin: y('556000'),
      heldFee: y('556'),
    });
    expect(engine.account('a')).toMatchObject({ held: y('556556'), available: y('443444') });
    // The old order is gone: a price that would have filled it fills only the new one.
    const fills = ofType(engine.onQuote(quote(TOYOTA, { bid: '2779.5', ask: '2780' })), 'OrderFilled');
    expect(fills.map((fill) => fill.orderId)).toEqual(['o2']);
  });

  it('fills at once when the new price is marketable', () => {
    const engine = restingEngine();
    const events = engine.amendOrder(amendment({ price: y('2810'), lots: 1 }));
    expect(events.map((e) => e.type)).toEqual([
      'OrderCancelled',
      'OrderAccepted',
      'OrderFilled',
      'PositionOpened',
    ]);
    expect(only(events, 'OrderFilled').price).toBe(y('2800'));
  });

  it('may use the cash the old order held: judged as if it were cancelled first', () => {
    // 837,837 yen of 900,000 are held; the same 3 lots at 2,795 need 839,338.50, which only the freed hold covers.
    const engine = restingEngine('900000');
    const accepted = only(engine.amendOrder(amendment({ price: y('2795'), lots: 3 })), 'OrderAccepted');
    expect(accepted).toMatchObject({ heldMargin: y('838500'), heldFee: y('838.5') });
  });

  it('changes nothing when the replacement would be refused, and the order keeps its place in the queue', () => {
    const engine = restingEngine('838000');
    engine.placeOrder(limitOrder({ orderId: 'later', accountId: 'b', lots: 1 }));
    const before = engine.snapshot();
    const refused = engine.amendOrder(amendment({ price: y('2795'), lots: 3 }));
    expect(refused).toEqual([
      {
        type: 'Rejected',
        command: 'amendOrder',
        reason: 'INSUFFICIENT_FUNDS',
        accountId: 'a',
        orderId: 'o1',
        positionId: null,
        at: at('10:05'),
      },
    ]);
    expect(engine.snapshot()).toEqual(before);
    const fills = ofType(engine.onQuote(quote(TOYOTA, { bid: '2789.5', ask: '2790' })), 'OrderFilled');
    expect(fills.map((fill) => fill.orderId)).toEqual(['o1', 'later']);
  });

  it('refuses another account, an unknown order, a market order, an unchanged one and more lots', () => {
    const engine = restingEngine('2000000');
    engine.onQuote(quote(TOYOTA, OPEN, { phase: 'lunch-break' }));
    engine.placeOrder(limitOrder({ orderId: 'waiting', type: 'market', price: undefined }));
    const reason = (cmd: Partial<AmendOrder>) => only(engine.amendOrder(amendment(cmd)), 'Rejected').reason;
    expect(reason({ accountId: 'b' })).toBe('ORDER_NOT_FOUND');
    expect(reason({ orderId: 'nope' })).toBe('ORDER_NOT_FOUND');
    expect(reason({ orderId: 'waiting' })).toBe('ORDER_NOT_AMENDABLE');
    expect(reason({ price: y('2790'), lots: 3 })).toBe('ORDER_AMEND_UNCHANGED');
    // A 訂正 only reduces the quantity, whatever the price.
    expect(reason({ lots: 4 })).toBe('ORDER_AMEND_LOTS_INCREASED');
    expect(reason({ price: y('2790'), lots: 4 })).toBe('ORDER_AMEND_LOTS_INCREASED');
    expect(reason({ price: y('2790.3') })).toBe('PRICE_OFF_TICK');
    expect(reason({ newOrderId: 'waiting' })).toBe('ORDER_ID_IN_USE');
  });

  it('previews the replacement on the freed cash and changes nothing', () => {
    const engine = restingEngine('838000');
    const before = engine.snapshot();
    const preview = engine.previewAmendment(amendment());
    expect(preview).toMatchObject({ ok: true, notional: y('556000'), margin: y('556000'), fee: y('556') });
    expect(engine.previewAmendment(amendment({ price: y('2795'), lots: 3 }))).toEqual({
      ok: false,
      reason: 'INSUFFICIENT_FUNDS',
    });
    expect(engine.previewAmendment(amendment({ lots: 50 }))).toEqual({
      ok: false,
      reason: 'ORDER_AMEND_LOTS_INCREASED',
    });
    expect(engine.snapshot()).toEqual(before);
  });

  it('is the same as a command given as data', () => {
    const a = restingEngine();
    const b = restingEngine();
    expect(b.execute({ command: 'amendOrder', ...amendment() })).toEqual(a.amendOrder(amendment()));
    expect(b.snapshot()).toEqual(a.snapshot());
  });
});
