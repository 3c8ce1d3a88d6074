import { describe, expect, it } from 'vitest';
import type { PlaceOrder } from './commands';
import { TOYOTA, at, engineWith, ofType, only, quote, y } from './test-fixtures';

function open(overrides: Partial<PlaceOrder>): PlaceOrder {
  return {
    orderId: 'p1',
    accountId: 'a',
    code: TOYOTA.code,
    side: 'long',
    type: 'market',
    lots: 10,
    leverage: 3,
    at: at('10:01'),
    ...overrides,
  };
}

function engineWithPositions(cash = '10000000') {
  const engine = engineWith({ a: cash });
  engine.onQuote(quote(TOYOTA, { bid: '2799.5', ask: '2800' }));
  return engine;
}

describe('daily accrual', () => {
  it('charges a leveraged long interest on the financed part, rounded down to the sen', () => {
    const engine = engineWithPositions();
    engine.placeOrder(open({}));
    const charged = only(engine.accrueDaily({ date: '2026-11-24', at: at('16:00') }), 'InterestCharged');
    // 2,800,000 - 933,333.34 margin = 1,866,666.66 financed; × 2.80% / 365 = 143.196… -> 143.19
    expect(charged).toMatchObject({
      kind: 'long_interest',
      base: y('1866666.66'),
      rateBpPerYear: 280,
      days: 1,
      amount: y('143.19'),
      shortfall: 0n,
      transfers: [{ from: 'available', to: 'interest_income', amount: y('143.19') }],
    });
  });

  it('charges nothing on a 1x long and the borrow fee on a short at any leverage', () => {
    const engine = engineWithPositions();
    engine.placeOrder(open({ orderId: 'cash-long', lots: 1, leverage: 1 }));
    engine.placeOrder(open({ orderId: 'short', side: 'short', lots: 1, leverage: 1 }));
    const events = engine.accrueDaily({ date: '2026-11-24', at: at('16:00') });
    // 279,950 × 1.15% / 365 = 8.820… -> 8.82
    expect(only(events, 'InterestCharged')).toMatchObject({
      positionId: 'short',
      kind: 'short_borrow_fee',
      base: y('279950'),
      amount: y('8.82'),
    });
  });

  it("previews the day's charge the accrual then takes from the filled position", () => {
    for (const order of [
      open({}),
      open({ orderId: 'short', side: 'short', lots: 1, leverage: 1 }),
      open({ orderId: 'short3', side: 'short', lots: 2, leverage: 3 }),
    ]) {
      const engine = engineWithPositions();
      const preview = engine.previewOrder(order);
      if (!preview.ok) throw new Error(preview.reason);
      engine.placeOrder(order);
      const charged = only(engine.accrueDaily({ date: '2026-11-24', at: at('16:00') }), 'InterestCharged');
      expect(preview.dailyCharge).toEqual({
        kind: charged.kind,
        rateBpPerYear: charged.rateBpPerYear,
        perDay: charged.amount,
      });
    }
  });

  it('previews no daily charge for a 1x long, which borrows nothing', () => {
    const preview = engineWithPositions().previewOrder(open({ lots: 1, leverage: 1 }));
    expect(preview).toMatchObject({ ok: true, dailyCharge: null });
  });

  it('charges once per date, and rounds a stretch of days as one product', () => {
    const engine = engineWithPositions();
    engine.placeOrder(open({}));
    engine.accrueDaily({ date: '2026-11-27', at: at('16:00', '2026-11-27') });
    expect(engine.accrueDaily({ date: '2026-11-27', at: at('16:01', '2026-11-27') })).toEqual([]);
    expect(engine.accrueDaily({ date: '2026-11-26', at: at('16:01', '2026-11-27') })).toEqual([]);
    // Monday after a weekend: three calendar days, 1,866,666.66 × 2.80% × 3 / 365 = 429.589… -> 429.58
    const monday = only(
      engine.accrueDaily({ date: '2026-11-30', days: 3, at: at('16:00', '2026-11-30') }),
      'InterestCharged',
    );
    expect(monday.amount).toBe(y('429.58'));
    engine.onQuote(quote(TOYOTA, { bid: '2800', ask: '2800.5' }, { at: at('10:00', '2026-12-01') }));
    const closed = only(
      engine.closePosition({
        accountId: 'a',
        positionId: 'p1',
        type: 'market',
        at: at('10:01', '2026-12-01'),
      }),
      'PositionClosed',
    );
    expect(closed.interest).toBe(y('143.19') + y('429.58'));
  });

  it('turns what the cash cannot pay into debt', () => {
    const engine = engineWithPositions('936133.34');
    engine.placeOrder(open({}));
    expect(engine.account('a')!.available).toBe(0n);
    const charged = only(engine.accrueDaily({ date: '2026-11-24', at: at('16:00') }), 'InterestCharged');
    expect(charged.shortfall).toBe(y('143.19'));
    expect(charged.transfers).toEqual([{ from: 'debt', to: 'interest_income', amount: y('143.19') }]);
    expect(engine.account('a')!.debt).toBe(-y('143.19'));
  });

  it('refuses malformed dates and day counts', () => {
    const engine = engineWithPositions();
    expect(() => engine.accrueDaily({ date: '24/11/2026', at: 0 })).toThrow(RangeError);
    expect(() => engine.accrueDaily({ date: '2026-11-24', days: 0, at: 0 })).toThrow(RangeError);
    expect(ofType(engine.accrueDaily({ date: '2026-11-24', at: 0 }), 'InterestCharged')).toEqual([]);
  });
});
