import { describe, expect, it } from 'vitest';
import type { PlaceOrder } from './commands';
import { SMALL, TOYOTA, at, engineWith, ofType, only, quote, y } from './test-fixtures';

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

describe('market orders in continuous trading', () => {
  it('fill a long at the ask, holding then posting margin = notional / leverage and the fee', () => {
    const engine = engineWith({ a: '1000000' });
    engine.onQuote(quote(TOYOTA, OPEN));
    const events = engine.placeOrder(order({ lots: 2, leverage: 2 }));
    expect(events.map((e) => e.type)).toEqual(['OrderAccepted', 'OrderFilled', 'PositionOpened']);
    expect(only(events, 'OrderAccepted').transfers).toEqual([
      { from: 'available', to: 'held', amount: y('280560') },
    ]);
    const fill = only(events, 'OrderFilled');
    expect(fill).toMatchObject({
      price: y('2800'),
      notional: y('560000'),
      margin: y('280000'),
      fee: y('560'),
    });
    expect(fill.transfers).toEqual([
      { from: 'held', to: 'margin', amount: y('280000') },
      { from: 'held', to: 'fee_income', amount: y('560') },
    ]);
    expect(only(events, 'PositionOpened')).toMatchObject({
      positionId: 'o1',
      entryPrice: y('2800'),
      lots: 2,
    });
    expect(engine.account('a')).toMatchObject({ available: y('719440'), held: 0n, margin: y('280000') });
  });

  it('fill a short at the bid', () => {
    const engine = engineWith({ a: '1000000' });
    engine.onQuote(quote(TOYOTA, OPEN));
    const fill = only(engine.placeOrder(order({ side: 'short' })), 'OrderFilled');
    expect(fill.price).toBe(y('2799.5'));
  });

  it('round margin up to the sen and charge the minimum fee on small fills', () => {
    const engine = engineWith({ a: '1000000' });
    engine.onQuote(quote(SMALL, { bid: '150', ask: '151' }));
    const fill = only(engine.placeOrder(order({ code: SMALL.code, leverage: 3 })), 'OrderFilled');
    // 151 × 100 = 15,100 yen / 3 = 5,033.333… -> 5,033.34; 0.1% = 15.1 yen -> the 100 yen minimum.
    expect(fill).toMatchObject({ margin: y('5033.34'), fee: y('100') });
  });
});

describe('limit orders', () => {
  it('rest while the market is away, holding at the limit, and fill at a better ask, releasing the excess', () => {
    const engine = engineWith({ a: '1000000' });
    engine.onQuote(quote(TOYOTA, OPEN));
    const placed = engine.placeOrder(order({ type: 'limit', price: y('2790') }));
    expect(placed.map((e) => e.type)).toEqual(['OrderAccepted']);
    expect(only(placed, 'OrderAccepted')).toMatchObject({ heldMargin: y('279000'), heldFee: y('279') });
    expect(engine.onQuote(quote(TOYOTA, { bid: '2790.5', ask: '2791' }))).toEqual([]);
    const events = engine.onQuote(quote(TOYOTA, { bid: '2784.5', ask: '2785' }));
    const fill = only(events, 'OrderFilled');
    expect(fill).toMatchObject({ price: y('2785'), margin: y('278500'), fee: y('278.5') });
    expect(fill.transfers).toContainEqual({ from: 'held', to: 'available', amount: y('500.5') });
    expect(engine.account('a')).toMatchObject({ held: 0n, margin: y('278500') });
  });

  it('fill at once when marketable, at the ask rather than the limit', () => {
    const engine = engineWith({ a: '1000000' });
    engine.onQuote(quote(TOYOTA, OPEN));
    const fill = only(engine.placeOrder(order({ type: 'limit', price: y('2810') })), 'OrderFilled');
    expect(fill.price).toBe(y('2800'));
  });

  it('fill a short above its limit by topping the hold up from available', () => {
    const engine = engineWith({ a: '1000000' });
    engine.onQuote(quote(TOYOTA, OPEN));
    engine.placeOrder(order({ side: 'short', type: 'limit', price: y('2810') }));
    const fill = only(engine.onQuote(quote(TOYOTA, { bid: '2815', ask: '2815.5' })), 'OrderFilled');
    expect(fill.price).toBe(y('2815'));
    expect(fill.transfers[0]).toEqual({ from: 'available', to: 'held', amount: y('500.5') });
  });

  it('are cancelled instead when the top-up is not there', () => {
    // Two lots, so the account has the minimum equity a short (a margin trade) needs.
    const engine = engineWith({ a: '562562' });
    engine.onQuote(quote(TOYOTA, OPEN));
    engine.placeOrder(order({ side: 'short', type: 'limit', price: y('2810'), lots: 2 }));
    expect(engine.account('a')!.available).toBe(0n);
    const events = engine.onQuote(quote(TOYOTA, { bid: '2815', ask: '2815.5' }));
    expect(only(events, 'OrderCancelled')).toMatchObject({
      reason: 'insufficient_funds',
      released: y('562562'),
    });
    expect(ofType(events, 'OrderFilled')).toEqual([]);
    expect(engine.account('a')).toMatchObject({ available: y('562562'), held: 0n });
  });

  it('fill in price then time priority', () => {
    const engine = engineWith({ a: '5000000' });
    engine.onQuote(quote(TOYOTA, OPEN));
    engine.placeOrder(order({ orderId: 'first', type: 'limit', price: y('2790') }));
    engine.placeOrder(order({ orderId: 'higher', type: 'limit', price: y('2795') }));
    engine.placeOrder(order({ orderId: 'second', type: 'limit', price: y('2790') }));
    const events = engine.onQuote(quote(TOYOTA, { bid: '2789.5', ask: '2790' }));
    expect(ofType(events, 'OrderFilled').map((e) => e.orderId)).toEqual(['higher', 'first', 'second']);
  });

  it('are cancelled by their owner only, releasing the hold', () => {
    const engine = engineWith({ a: '1000000', b: '1000000' });
    engine.onQuote(quote(TOYOTA, OPEN));
    engine.placeOrder(order({ type: 'limit', price: y('2790') }));
    expect(
      only(engine.cancelOrder({ accountId: 'b', orderId: 'o1', at: at('10:02') }), 'Rejected').reason,
    ).toBe('ORDER_NOT_FOUND');
    const cancelled = only(
      engine.cancelOrder({ accountId: 'a', orderId: 'o1', at: at('10:02') }),
      'OrderCancelled',
    );
    expect(cancelled).toMatchObject({ reason: 'user', released: y('279279') });
    expect(cancelled.transfers).toEqual([{ from: 'held', to: 'available', amount: y('279279') }]);
    expect(engine.account('a')).toMatchObject({ available: y('1000000'), held: 0n });
    expect(engine.onQuote(quote(TOYOTA, { bid: '2780', ask: '2780.5' }))).toEqual([]);
  });
});

describe('orders outside continuous trading', () => {
  it('wait for the opening, holding at limit up, and fill at the opening price', () => {
    const engine = engineWith({ a: '1000000' });
    engine.onQuote(
      quote(TOYOTA, { bid: '2800', ask: '2800', last: '2800' }, { phase: 'pre-open', at: at('08:30') }),
    );
    const placed = engine.placeOrder(order({ at: at('08:31') }));
    expect(only(placed, 'OrderAccepted')).toMatchObject({ heldMargin: y('330000'), heldFee: y('330') });
    engine.placeOrder(order({ orderId: 'near', type: 'limit', price: y('2795'), at: at('08:32') }));
    engine.placeOrder(order({ orderId: 'far', type: 'limit', price: y('2780'), at: at('08:33') }));
    const opening = engine.onQuote(
      quote(TOYOTA, { bid: '2789.5', ask: '2790.5', last: '2790' }, { phase: 'morning', at: at('09:00') }),
    );
    const fills = ofType(opening, 'OrderFilled');
    expect(fills.map((fill) => [fill.orderId, fill.price])).toEqual([
      ['o1', y('2790')],
      ['near', y('2790')],
    ]);
    expect(fills[0]!.transfers).toContainEqual({ from: 'held', to: 'available', amount: y('51051') });
  });

  it('placed in the closing auction fill at the closing price', () => {
    const engine = engineWith({ a: '1000000' });
    engine.onQuote(quote(TOYOTA, OPEN, { phase: 'afternoon', at: at('15:20') }));
    engine.onQuote(quote(TOYOTA, OPEN, { phase: 'closing-auction', at: at('15:26') }));
    expect(ofType(engine.placeOrder(order({ at: at('15:27') })), 'OrderFilled')).toEqual([]);
    const close = engine.onQuote(
      quote(TOYOTA, { bid: '2805', ask: '2805', last: '2805' }, { phase: 'after-close', at: at('15:30') }),
    );
    expect(only(close, 'OrderFilled').price).toBe(y('2805'));
  });

  it('placed after the close wait for the next morning', () => {
    const engine = engineWith({ a: '1000000' });
    engine.onQuote(quote(TOYOTA, OPEN, { phase: 'after-close', at: at('16:00') }));
    engine.placeOrder(order({ at: at('16:01') }));
    expect(engine.onQuote(quote(TOYOTA, OPEN, { phase: 'after-close', at: at('16:30') }))).toEqual([]);
    const next = engine.onQuote(
      quote(TOYOTA, { bid: '2810', ask: '2811', last: '2810.5' }, { at: at('09:00', '2026-11-25') }),
    );
    expect(only(next, 'OrderFilled').price).toBe(y('2810.5'));
  });
});

describe('take-profit and stop-loss of a limit order', () => {
  const reason = (events: readonly { type: string }[]) =>
    (events.find((e) => e.type === 'Rejected') as { reason?: string } | undefined)?.reason ?? null;

  it('that fills at once are judged against the fill price, not the limit', () => {
    const engine = engineWith({ a: '1000000' });
    engine.onQuote(quote(TOYOTA, OPEN));
    const before = engine.snapshot();
    // A long limit of 2,850 fills at the ask, 2,800: a stop-loss of 2,810 is above that entry, already reached.
    const long = { type: 'limit' as const, price: y('2850') };
    expect(reason(engine.placeOrder(order({ ...long, stopLoss: y('2810') })))).toBe('STOP_LOSS_INVALID');
    // A short limit of 2,750 fills at the bid, 2,799.50: a stop-loss of 2,790 is below that entry.
    const short = { side: 'short' as const, type: 'limit' as const, price: y('2750') };
    expect(reason(engine.placeOrder(order({ ...short, stopLoss: y('2790') })))).toBe('STOP_LOSS_INVALID');
    expect(engine.snapshot()).toEqual(before);
    // A take-profit between the fill and the limit is on the profitable side of the real entry: accepted.
    const filled = engine.placeOrder(order({ ...long, takeProfit: y('2820'), stopLoss: y('2790') }));
    expect(only(filled, 'PositionOpened')).toMatchObject({
      entryPrice: y('2800'),
      takeProfit: y('2820'),
      stopLoss: y('2790'),
    });
    const shortFilled = engine.placeOrder(order({ ...short, orderId: 'o2', takeProfit: y('2780') }));
    expect(only(shortFilled, 'PositionOpened')).toMatchObject({
      entryPrice: y('2799.5'),
      takeProfit: y('2780'),
    });
  });

  it('of an order at the market are judged against the price they would fire on now as well', () => {
    const engine = engineWith({ a: '1000000' });
    engine.onQuote(quote(TOYOTA, OPEN));
    // A long fills at the ask, 2,800, and is sold into the bid, 2,799.50: a stop-loss there is already reached.
    expect(reason(engine.placeOrder(order({ stopLoss: y('2799.5') })))).toBe('STOP_LOSS_INVALID');
    expect(
      engine.previewOrder(order({ type: 'limit', price: y('2850'), stopLoss: y('2799.5') })),
    ).toMatchObject({ ok: false, reason: 'STOP_LOSS_INVALID' });
    // A short fills at the bid and is bought back at the ask: a stop-loss at the ask is reached.
    const short = { side: 'short' as const };
    expect(reason(engine.placeOrder(order({ ...short, stopLoss: y('2800') })))).toBe('STOP_LOSS_INVALID');
    // One tick beyond, each is accepted.
    expect(reason(engine.placeOrder(order({ stopLoss: y('2799') })))).toBeNull();
    expect(reason(engine.placeOrder(order({ ...short, orderId: 'o2', stopLoss: y('2800.5') })))).toBeNull();
  });

  it('of a limit the board already reaches while the market is closed are judged against the bid too', () => {
    const engine = engineWith({ a: '1000000' });
    engine.onQuote(quote(TOYOTA, OPEN, { phase: 'lunch-break' }));
    // It will fill at the opening, at the market: a stop-loss above the bid (2,799.50) would fire at once.
    const through = { type: 'limit' as const, price: y('2900') };
    expect(reason(engine.placeOrder(order({ ...through, stopLoss: y('2850') })))).toBe('STOP_LOSS_INVALID');
    // A limit below the board rests and is judged against its limit alone.
    const resting = { type: 'limit' as const, price: y('2750') };
    expect(reason(engine.placeOrder(order({ ...resting, stopLoss: y('2700') })))).toBeNull();
  });

  it('are judged the same way by the preview', () => {
    const engine = engineWith({ a: '1000000' });
    engine.onQuote(quote(TOYOTA, OPEN));
    expect(
      engine.previewOrder(order({ type: 'limit', price: y('2850'), stopLoss: y('2810') })),
    ).toMatchObject({
      ok: false,
      reason: 'STOP_LOSS_INVALID',
    });
  });

  it('that rests are judged against the limit price', () => {
    const engine = engineWith({ a: '1000000' });
    engine.onQuote(quote(TOYOTA, OPEN));
    const resting = { type: 'limit' as const, price: y('2700') };
    expect(reason(engine.placeOrder(order({ ...resting, stopLoss: y('2750') })))).toBe('STOP_LOSS_INVALID');
    expect(engine.placeOrder(order({ ...resting, takeProfit: y('2750') })).map((e) => e.type)).toEqual([
      'OrderAccepted',
    ]);
  });

  it('that fill later beyond a trigger (a gap) keep it: it fires at the next price, as a stop order would', () => {
    const engine = engineWith({ a: '1000000' });
    engine.onQuote(quote(TOYOTA, OPEN));
    engine.placeOrder(order({ type: 'limit', price: y('2700'), stopLoss: y('2690') }));
    // The market gaps to 2,650: the order fills there, under its own stop-loss.
    const gap = engine.onQuote(quote(TOYOTA, { bid: '2649.5', ask: '2650' }));
    expect(only(gap, 'PositionOpened').entryPrice).toBe(y('2650'));
    const next = engine.onQuote(quote(TOYOTA, { bid: '2649.5', ask: '2650' }, { at: at('10:02') }));
    expect(only(next, 'PositionClosed')).toMatchObject({ reason: 'stop_loss', exitPrice: y('2649.5') });
  });
});

describe('order checks', () => {
  const cases: [string, Partial<PlaceOrder>, string][] = [
    ['an unknown account', { accountId: 'nobody' }, 'ACCOUNT_NOT_FOUND'],
    ['an unknown instrument', { code: '0000' }, 'INSTRUMENT_UNKNOWN'],
    ['no lots', { lots: 0 }, 'LOTS_INVALID'],
    ['a fraction of a lot', { lots: 1.5 }, 'LOTS_INVALID'],
    ['more lots than allowed', { lots: 10_001 }, 'LOTS_INVALID'],
    ['a leverage not on offer', { leverage: 4 }, 'LEVERAGE_NOT_ALLOWED'],
    ['a limit order without a price', { type: 'limit' }, 'PRICE_REQUIRED'],
    ['a market order with a price', { price: y('2800') }, 'PRICE_NOT_ALLOWED'],
    ['a price off the tick grid', { type: 'limit', price: y('2800.1') }, 'PRICE_OFF_TICK'],
    ['a price off the grid above 3,000 yen', { type: 'limit', price: y('3000.5') }, 'PRICE_OFF_TICK'],
    ['a price above limit up', { type: 'limit', price: y('3301') }, 'PRICE_OUTSIDE_LIMITS'],
    ['a price below limit down', { type: 'limit', price: y('2299.5') }, 'PRICE_OUTSIDE_LIMITS'],
    // Both wrong: the limits are what the investor needs to hear first (99,999.5 is no price today at all).
    [
      'a price off the grid and above limit up',
      { type: 'limit', price: y('99999.5') },
      'PRICE_OUTSIDE_LIMITS',
    ],
    ['a take-profit below a long entry', { takeProfit: y('2790') }, 'TAKE_PROFIT_INVALID'],
    ['a take-profit off the grid', { takeProfit: y('2900.2') }, 'TAKE_PROFIT_INVALID'],
    ['a stop-loss above a long entry', { stopLoss: y('2810') }, 'STOP_LOSS_INVALID'],
    ['a stop-loss below a short entry', { side: 'short', stopLoss: y('2700') }, 'STOP_LOSS_INVALID'],
    ['more than the cash', { lots: 40 }, 'INSUFFICIENT_FUNDS'],
  ];
  for (const [name, overrides, reason] of cases) {
    it(`refuse ${name} (${reason}) and change nothing`, () => {
      const engine = engineWith({ a: '1000000' });
      engine.onQuote(quote(TOYOTA, OPEN));
      const before = engine.snapshot();
      expect(engine.placeOrder(order(overrides))).toEqual([
        {
          type: 'Rejected',
          command: 'placeOrder',
          reason,
          accountId: overrides.accountId ?? 'a',
          orderId: 'o1',
          positionId: null,
          at: at('10:01'),
        },
      ]);
      expect(engine.snapshot()).toEqual(before);
    });
  }

  it('refuse a reused order id', () => {
    const engine = engineWith({ a: '1000000' });
    engine.onQuote(quote(TOYOTA, OPEN));
    engine.placeOrder(order());
    expect(only(engine.placeOrder(order()), 'Rejected').reason).toBe('ORDER_ID_IN_USE');
  });

  it('need a quote and a trading instrument', () => {
    const engine = engineWith({ a: '1000000' });
    expect(only(engine.placeOrder(order()), 'Rejected').reason).toBe('MARKET_DATA_UNAVAILABLE');
    engine.onQuote(quote(TOYOTA, OPEN, { halted: true }));
    expect(only(engine.placeOrder(order()), 'Rejected').reason).toBe('INSTRUMENT_HALTED');
  });

  it('allow leverage above 1x only with KYC passed, the credit score and 300,000 yen of equity', () => {
    const noKyc = engineWith({ a: '1000000' }, { kyc: false });
    noKyc.onQuote(quote(TOYOTA, OPEN));
    expect(only(noKyc.placeOrder(order({ leverage: 2 })), 'Rejected').reason).toBe(
      'KYC_REQUIRED_FOR_LEVERAGE',
    );
    expect(ofType(noKyc.placeOrder(order({ leverage: 1 })), 'OrderFilled')).toHaveLength(1);

    const lowScore = engineWith({ a: '1000000' }, { creditScore: 79 });
    lowScore.onQuote(quote(TOYOTA, OPEN));
    expect(only(lowScore.placeOrder(order({ leverage: 3 })), 'Rejected').reason).toBe('CREDIT_SCORE_TOO_LOW');

    const small = engineWith({ a: '299999.99' });
    small.onQuote(quote(TOYOTA, OPEN));
    expect(only(small.placeOrder(order({ leverage: 2 })), 'Rejected').reason).toBe('MINIMUM_EQUITY_REQUIRED');
    // Selling short borrows the shares: a margin trade at 1x too, with the margin trade's conditions.
    expect(
      only(small.placeOrder(order({ orderId: 's1', side: 'short', leverage: 1 })), 'Rejected').reason,
    ).toBe('MINIMUM_EQUITY_REQUIRED');
    expect(
      only(lowScore.placeOrder(order({ orderId: 's2', side: 'short', leverage: 1 })), 'Rejected').reason,
    ).toBe('CREDIT_SCORE_TOO_LOW');
    expect(ofType(small.placeOrder(order({ leverage: 1 })), 'OrderFilled')).toHaveLength(1);
  });

  it('refuse an order that would take the account below the maintenance ratio', () => {
    const engine = engineWith({ a: '1000000' });
    engine.onQuote(quote(TOYOTA, OPEN));
    engine.onQuote(quote(SMALL, { bid: '150', ask: '150' }));
    engine.placeOrder(order({ orderId: 'big', lots: 10, leverage: 3 }));
    // Equity 1,000,000 - 2,800 fee - 409,000 loss = 588,200 on 2,800,000: 21.0%, just above 20%.
    expect(ofType(engine.onQuote(quote(TOYOTA, { bid: '2391', ask: '2391.5' })), 'MarginCall')).toEqual([]);
    const events = engine.placeOrder(order({ orderId: 'more', code: SMALL.code, lots: 10, leverage: 3 }));
    expect(only(events, 'Rejected').reason).toBe('MARGIN_RATIO_TOO_LOW');
  });
});

describe('fee schedule', () => {
  it('charges the rate of the notional, rounded up to the sen, between minimum and maximum', () => {
    const engine = engineWith(
      { a: '10000000' },
      { config: { fee: { rateBp: 7, minimum: y('50'), maximum: y('1000') } } },
    );
    engine.onQuote(quote(TOYOTA, { bid: '2799.5', ask: '2800.5' }));
    // 2,800.5 × 100 × 0.07% = 196.035 yen -> 196.04
    expect(only(engine.placeOrder(order()), 'OrderFilled').fee).toBe(y('196.04'));
    // 2,800.5 × 3,000 × 0.07% = 5,881.05 -> the 1,000 yen maximum
    expect(only(engine.placeOrder(order({ orderId: 'o2', lots: 30 })), 'OrderFilled').fee).toBe(y('1000'));
  });
});
