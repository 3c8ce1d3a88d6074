import { describe, expect, it } from 'vitest';
import type { PlaceOrder } from './commands';
import { SMALL, TOYOTA, at, engineWith, ofType, only, quote, y } from './test-fixtures';

const limitBuy = (price: string, orderId = 'o1'): PlaceOrder => ({
  orderId,
  accountId: 'a',
  code: TOYOTA.code,
  side: 'long',
  type: 'limit',
  price: y(price),
  lots: 1,
  leverage: 1,
  at: at('10:01'),
});

describe('quotes', () => {
  const cases: [string, ReturnType<typeof quote>, string][] = [
    [
      'an unknown instrument',
      { ...quote(TOYOTA, { bid: '2800', ask: '2801' }), code: '0000' },
      'INSTRUMENT_UNKNOWN',
    ],
    ['a bid off the grid', quote(TOYOTA, { bid: '2800.1', ask: '2801' }), 'QUOTE_OFF_TICK'],
    ['an ask off the grid above 3,000 yen', quote(TOYOTA, { bid: '3000', ask: '3000.5' }), 'QUOTE_OFF_TICK'],
    ['a bid below limit down', quote(TOYOTA, { bid: '2299.5', ask: '2300' }), 'QUOTE_OUTSIDE_LIMITS'],
    ['an ask above limit up', quote(TOYOTA, { bid: '3300', ask: '3301' }), 'QUOTE_OUTSIDE_LIMITS'],
    ['a crossed book', quote(TOYOTA, { bid: '2801', ask: '2800' }), 'QUOTE_CROSSED'],
    [
      'limits off the grid',
      { ...quote(SMALL, { bid: '150', ask: '151' }), limitUp: y('200.5') },
      'QUOTE_OFF_TICK',
    ],
  ];
  for (const [name, bad, reason] of cases) {
    it(`refuse ${name} (${reason}) and fill nothing on it`, () => {
      const engine = engineWith({ a: '1000000' });
      engine.onQuote(quote(TOYOTA, { bid: '2809.5', ask: '2810' }));
      engine.placeOrder(limitBuy('2800'));
      const before = engine.snapshot();
      expect(engine.onQuote(bad)).toEqual([{ type: 'QuoteRejected', code: bad.code, reason, at: bad.at }]);
      expect(engine.snapshot()).toEqual(before);
    });
  }

  it('fill nothing while halted, and open with an auction at the last price when trading resumes', () => {
    const engine = engineWith({ a: '1000000' });
    engine.onQuote(quote(TOYOTA, { bid: '2809.5', ask: '2810' }));
    engine.placeOrder(limitBuy('2800'));
    expect(
      engine.onQuote(quote(TOYOTA, { bid: '2790', ask: '2790.5' }, { halted: true, at: at('10:05') })),
    ).toEqual([]);
    const resumed = engine.onQuote(
      quote(TOYOTA, { bid: '2794.5', ask: '2795.5', last: '2795' }, { halted: false, at: at('10:30') }),
    );
    expect(only(resumed, 'OrderFilled').price).toBe(y('2795'));
  });

  it('fill nothing over the lunch break, then at the afternoon opening price', () => {
    const engine = engineWith({ a: '1000000' });
    engine.onQuote(quote(TOYOTA, { bid: '2809.5', ask: '2810' }));
    engine.placeOrder(limitBuy('2800'));
    expect(
      engine.onQuote(quote(TOYOTA, { bid: '2780', ask: '2781' }, { phase: 'lunch-break', at: at('12:00') })),
    ).toEqual([]);
    const afternoon = engine.onQuote(
      quote(TOYOTA, { bid: '2789', ask: '2791', last: '2790' }, { phase: 'afternoon', at: at('12:30') }),
    );
    expect(only(afternoon, 'OrderFilled').price).toBe(y('2790'));
    // Continuous trading again: the next fill is at the ask.
    expect(engine.placeOrder({ ...limitBuy('2788', 'o2'), at: at('12:31') }).map((e) => e.type)).toEqual([
      'OrderAccepted',
    ]);
    const next = engine.onQuote(
      quote(TOYOTA, { bid: '2786', ask: '2787' }, { phase: 'afternoon', at: at('12:32') }),
    );
    expect(only(next, 'OrderFilled').price).toBe(y('2787'));
  });

  it('trade at every instant with the always-open demo clock', () => {
    const engine = engineWith({ a: '1000000' });
    engine.onQuote(quote(TOYOTA, { bid: '2809.5', ask: '2810' }, { phase: 'always-open', at: at('03:00') }));
    const events = engine.placeOrder({ ...limitBuy('2810'), at: at('03:01') });
    expect(ofType(events, 'OrderFilled')).toHaveLength(1);
  });
});

describe('the closing auction', () => {
  it('fills what waited at the closing price even when the instrument sent no quote during the auction', () => {
    const engine = engineWith({ a: '1000000' });
    engine.onQuote(quote(TOYOTA, { bid: '2809.5', ask: '2810' }, { phase: 'afternoon', at: at('15:24') }));
    engine.onQuote(quote(SMALL, { bid: '150', ask: '151' }, { phase: 'closing-auction', at: at('15:26') }));
    const placed = engine.placeOrder({ ...limitBuy('2805'), at: at('15:27') });
    expect(placed.map((e) => e.type)).toEqual(['OrderAccepted']);
    const close = engine.onQuote(
      quote(TOYOTA, { bid: '2803', ask: '2803', last: '2803' }, { phase: 'after-close', at: at('15:30') }),
    );
    expect(only(close, 'OrderFilled').price).toBe(y('2803'));
    expect(
      engine.onQuote(quote(TOYOTA, { bid: '2790', ask: '2790' }, { phase: 'after-close', at: at('15:40') })),
    ).toEqual([]);
  });
});
