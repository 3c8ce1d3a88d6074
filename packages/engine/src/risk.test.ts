import { describe, expect, it } from 'vitest';
import { senToDecimal } from '@kabuto/contract';
import { createEngine, type Engine } from './engine';
import type { PlaceOrder } from './commands';
import { CONFIG, SMALL, TOYOTA, at, engineWith, ofType, only, quote, y } from './test-fixtures';

function buy(engine: Engine, overrides: Partial<PlaceOrder>) {
  return engine.placeOrder({
    orderId: 'p1',
    accountId: 'a',
    code: TOYOTA.code,
    side: 'long',
    type: 'market',
    lots: 10,
    leverage: 3,
    at: at('10:01'),
    ...overrides,
  });
}

/** 10 lots of Toyota at 2,800 yen, 3x, on 1,000,000 yen: equity 997,200 on 2,800,000 (35.6%). */
function leveragedLong(cash = '1000000') {
  const engine = engineWith({ a: cash });
  engine.onQuote(quote(TOYOTA, { bid: '2799.5', ask: '2800' }));
  buy(engine, {});
  return engine;
}

describe('margin call', () => {
  it('is raised once when equity / open notional falls below 20%, due the next business day', () => {
    const engine = leveragedLong();
    expect(engine.onQuote(quote(TOYOTA, { bid: '2363', ask: '2363.5', last: '2363' }))).toEqual([]);
    const events = engine.onQuote(quote(TOYOTA, { bid: '2360', ask: '2360.5', last: '2360' }));
    expect(only(events, 'MarginCall')).toMatchObject({
      accountId: 'a',
      equity: y('557200'),
      openNotional: y('2800000'),
      ratioBp: 1990,
      maintenanceRatioBp: 2000,
      raisedOn: '2026-11-24',
      deadline: '2026-11-25',
    });
    expect(
      ofType(engine.onQuote(quote(TOYOTA, { bid: '2350', ask: '2351', last: '2350' })), 'MarginCall'),
    ).toEqual([]);
    expect(engine.account('a')!.marginCall).toEqual({ raisedOn: '2026-11-24', deadline: '2026-11-25' });
  });

  it('stands when the price recovers, and is lifted by a deposit that restores the ratio', () => {
    const engine = leveragedLong();
    engine.onQuote(quote(TOYOTA, { bid: '2360', ask: '2360.5', last: '2360' }));
    expect(engine.onQuote(quote(TOYOTA, { bid: '2500', ask: '2501', last: '2500' }))).toEqual([]);
    expect(engine.account('a')!.marginCall).not.toBeNull();
    engine.onQuote(quote(TOYOTA, { bid: '2360', ask: '2360.5', last: '2360' }));
    const available = engine.account('a')!.available;
    const small = engine.updateCash({ accountId: 'a', available: available + y('1000'), at: at('11:00') });
    expect(ofType(small, 'MarginCallCleared')).toEqual([]);
    const enough = engine.updateCash({ accountId: 'a', available: available + y('100000'), at: at('11:01') });
    expect(only(enough, 'MarginCallCleared')).toMatchObject({ ratioBp: 2347, by: 'recovered' });
    expect(engine.account('a')!.marginCall).toBeNull();
  });

  it('blocks new positions while it stands', () => {
    const engine = leveragedLong();
    engine.onQuote(quote(TOYOTA, { bid: '2360', ask: '2360.5', last: '2360' }));
    expect(only(buy(engine, { orderId: 'p2', lots: 1, leverage: 1 }), 'Rejected').reason).toBe(
      'MARGIN_CALL_OUTSTANDING',
    );
  });
});

describe('forced close', () => {
  /** Toyota 10 lots and the small stock 20 lots, both 3x; liquidation at 18% so one day's limits reach it. */
  function twoPositions() {
    const engine = engineWith({ a: '1100000' }, { config: { liquidationRatioBp: 1_800 } });
    engine.onQuote(quote(TOYOTA, { bid: '2799.5', ask: '2800' }));
    engine.onQuote(quote(SMALL, { bid: '150', ask: '151' }));
    buy(engine, { orderId: 'toyota' });
    buy(engine, { orderId: 'small', code: SMALL.code, lots: 20 });
    return engine;
  }

  it('closes the worst position first and stops once the ratio is back at the maintenance level', () => {
    const engine = twoPositions();
    engine.placeOrder({
      orderId: 'resting',
      accountId: 'a',
      code: SMALL.code,
      side: 'long',
      type: 'limit',
      price: y('120'),
      lots: 1,
      leverage: 1,
      at: at('10:02'),
    });
    const call = engine.onQuote(quote(TOYOTA, { bid: '2300', ask: '2300.5', last: '2300' }));
    // The small stock is marked at its last price, 150 against 151 paid: 594,898 on 3,102,000.
    expect(only(call, 'MarginCall').ratioBp).toBe(1917);
    const events = engine.onQuote(quote(SMALL, { bid: '130', ask: '131', last: '100' }));
    expect(events.map((e) => e.type)).toEqual([
      'OrderCancelled',
      'ForcedClose',
      'PositionClosed',
      'MarginCallCleared',
    ]);
    expect(only(events, 'OrderCancelled').reason).toBe('forced_close');
    expect(only(events, 'MarginCallCleared').by).toBe('forced_close');
    expect(only(events, 'ForcedClose')).toMatchObject({
      positionId: 'toyota',
      reason: 'liquidation_level',
      pending: false,
      equity: y('494898'),
      ratioBp: 1595,
    });
    expect(only(events, 'PositionClosed')).toMatchObject({
      positionId: 'toyota',
      reason: 'forced',
      exitPrice: y('2300'),
    });
    expect(engine.snapshot().positions.map((p) => p.id)).toEqual(['small']);
  });

  it('withdraws the resting limit close of the position it closes, before the forced close', () => {
    const engine = leveragedLong();
    engine.onQuote(quote(TOYOTA, { bid: '2360', ask: '2360.5', last: '2360' }));
    engine.closePosition({
      accountId: 'a',
      positionId: 'p1',
      type: 'limit',
      price: y('3000'),
      at: at('10:02'),
    });
    engine.onQuote(
      quote(TOYOTA, { bid: '2360', ask: '2360', last: '2360' }, { phase: 'after-close', at: at('16:00') }),
    );
    const expired = engine.expireMarginCalls({ date: '2026-11-26', at: at('08:00', '2026-11-26') });
    expect(expired.map((e) => e.type)).toEqual(['CloseCancelled', 'ForcedClose']);
    expect(only(expired, 'CloseCancelled')).toMatchObject({
      positionId: 'p1',
      reason: 'forced',
      limitPrice: y('3000'),
    });
    expect(engine.snapshot().positions[0]).toMatchObject({ status: 'closing', closeLimit: null });
  });

  it('closes positions whose margin call is past its deadline, at the next opening', () => {
    const engine = leveragedLong();
    engine.onQuote(quote(TOYOTA, { bid: '2360', ask: '2360.5', last: '2360' }));
    engine.onQuote(
      quote(TOYOTA, { bid: '2360', ask: '2360', last: '2360' }, { phase: 'after-close', at: at('16:00') }),
    );
    expect(engine.expireMarginCalls({ date: '2026-11-25', at: at('08:00', '2026-11-25') })).toEqual([]);
    const expired = engine.expireMarginCalls({ date: '2026-11-26', at: at('08:00', '2026-11-26') });
    expect(only(expired, 'ForcedClose')).toMatchObject({ reason: 'margin_call_deadline', pending: true });
    const opening = engine.onQuote(
      quote(TOYOTA, { bid: '2370', ask: '2371', last: '2370' }, { at: at('09:00', '2026-11-26') }),
    );
    expect(only(opening, 'PositionClosed')).toMatchObject({ reason: 'forced', exitPrice: y('2370') });
    // The close decided before the open lifts the call when it fills at the opening auction.
    expect(only(opening, 'MarginCallCleared').by).toBe('forced_close');
  });

  it('is not needed when the call is met by its deadline', () => {
    const engine = leveragedLong();
    engine.onQuote(quote(TOYOTA, { bid: '2360', ask: '2360.5', last: '2360' }));
    engine.onQuote(quote(TOYOTA, { bid: '2500', ask: '2501', last: '2500' }));
    const events = engine.expireMarginCalls({ date: '2026-11-26', at: at('08:00', '2026-11-26') });
    expect(events.map((e) => e.type)).toEqual(['MarginCallCleared']);
    expect(only(events, 'MarginCallCleared').by).toBe('recovered');
  });

  it('leaves the call standing while a decided forced close waits, cash or not: the close lifts it when it fills', () => {
    // Toyota 5 lots and the small stock 95 lots, both 3x; the small stock halted, so its close waits.
    const engine = engineWith({ a: '1000000' });
    engine.onQuote(quote(TOYOTA, { bid: '2799.5', ask: '2800' }));
    engine.onQuote(quote(SMALL, { bid: '150', ask: '151' }));
    buy(engine, { orderId: 'toyota', lots: 5 });
    buy(engine, { orderId: 'small', code: SMALL.code, lots: 95 });
    engine.onQuote(quote(SMALL, { bid: '150', ask: '151', last: '150' }, { halted: true }));
    engine.onQuote(quote(TOYOTA, { bid: '2300', ask: '2300.5', last: '2300' }));
    const forced = engine.onQuote(quote(SMALL, { bid: '100', ask: '101', last: '100' }, { halted: true }));
    expect(forced.map((e) => e.type)).toEqual(['MarginCall', 'ForcedClose', 'ForcedClose', 'PositionClosed']);
    expect(only(forced, 'PositionClosed').positionId).toBe('toyota');
    // The small stock, still open until it trades again, keeps the ratio below the maintenance level.
    expect(engine.account('a')).toMatchObject({ ratioBp: 1823, marginCall: { deadline: '2026-11-25' } });

    const available = engine.account('a')!.available;
    const deposit = engine.updateCash({
      accountId: 'a',
      available: available + y('100000'),
      at: at('10:05'),
    });
    expect(deposit.map((e) => e.type)).not.toContain('MarginCallCleared');
    expect(engine.account('a')).toMatchObject({ marginCall: { deadline: '2026-11-25' } });

    const reopened = engine.onQuote(quote(SMALL, { bid: '140', ask: '141', last: '140' }));
    expect(only(reopened, 'PositionClosed')).toMatchObject({ positionId: 'small', reason: 'forced' });
    expect(only(reopened, 'MarginCallCleared')).toMatchObject({ by: 'forced_close' });
    expect(engine.account('a')).toMatchObject({ marginCall: null });
  });
});

describe('an engine that does not decide risk (its marks are not current)', () => {
  it('takes cash in and out without lifting a margin call or deciding a forced close; the same state deciding risk does both', () => {
    // At 2,120 yen equity is 317,200 (11.3%): under the margin-call level, just over the liquidation level.
    const engine = leveragedLong();
    engine.onQuote(quote({ ...TOYOTA, base: y('2300') }, { bid: '2120', ask: '2120.5', last: '2120' }));
    expect(engine.account('a')).toMatchObject({ ratioBp: 1132, marginCall: { deadline: '2026-11-25' } });
    const available = engine.account('a')!.available;
    const rich = { accountId: 'a', available: available + y('500000'), at: at('10:05') };
    const poor = { accountId: 'a', available: 0n, at: at('10:05') };

    const marksOnly = createEngine(CONFIG, engine.snapshot(), { decidesRisk: false });
    expect(marksOnly.updateCash(rich).map((e) => e.type)).not.toContain('MarginCallCleared');
    expect(marksOnly.account('a')).toMatchObject({ marginCall: { deadline: '2026-11-25' } });
    expect(marksOnly.updateCash(poor).map((e) => e.type)).not.toContain('ForcedClose');
    expect(marksOnly.account('a')!.openNotional).toBe(y('2800000'));

    // A quote is a mark only: the price through the liquidation level closes nothing, and no limit fills.
    const crash = quote({ ...TOYOTA, base: y('2300') }, { bid: '1800', ask: '1800.5', last: '1800' });
    expect(marksOnly.onQuote(crash)).toEqual([]);
    expect(marksOnly.account('a')!.openNotional).toBe(y('2800000'));
    expect(marksOnly.account('a')!.unrealisedPnl).toBe(y('-1000000'));

    const deciding = createEngine(CONFIG, engine.snapshot());
    expect(deciding.updateCash(rich).map((e) => e.type)).toContain('MarginCallCleared');
    expect(deciding.updateCash(poor).map((e) => e.type)).toContain('ForcedClose');
  });
});

describe('order preview', () => {
  it('gives notional, margin, fee and the price where this position reaches the liquidation level', () => {
    const engine = engineWith({ a: '1000000' });
    engine.onQuote(quote(TOYOTA, { bid: '2799.5', ask: '2800' }));
    const cmd: PlaceOrder = {
      orderId: 'p1',
      accountId: 'a',
      code: TOYOTA.code,
      side: 'long',
      type: 'market',
      lots: 10,
      leverage: 3,
      at: at('10:01'),
    };
    // Equity 997,200 must fall to 10% of 2,800,000: 717,200 yen over 1,000 shares, 717.2 yen below 2,800.
    expect(engine.previewOrder(cmd)).toEqual({
      ok: true,
      price: y('2800'),
      fillsNow: true,
      notional: y('2800000'),
      margin: y('933333.34'),
      fee: y('2800'),
      estimatedLiquidationPrice: y('2082.5'),
      liquidationOnRise: false,
      // 1,866,666.66 financed × 2.80% / 365 = 143.196… yen a day.
      dailyCharge: { kind: 'long_interest', rateBpPerYear: 280, perDay: y('143.19') },
    });
    expect(engine.previewOrder({ ...cmd, lots: 100 })).toEqual({ ok: false, reason: 'INSUFFICIENT_FUNDS' });
    expect(engine.snapshot().orders).toEqual([]);

    buy(engine, {});
    const lower = { ...TOYOTA, base: y('2300') };
    const above = engine.onQuote(
      quote(lower, { bid: '2083', ask: '2083.5', last: '2083' }, { at: at('09:01', '2026-11-25') }),
    );
    expect(ofType(above, 'ForcedClose')).toEqual([]);
    const at2082 = engine.onQuote(
      quote(lower, { bid: '2082.5', ask: '2083', last: '2082.5' }, { at: at('09:02', '2026-11-25') }),
    );
    expect(ofType(at2082, 'ForcedClose')).toHaveLength(1);
  });

  it('for a short, above the entry', () => {
    const engine = engineWith({ a: '1000000' });
    engine.onQuote(quote(TOYOTA, { bid: '2799.5', ask: '2800' }));
    const preview = engine.previewOrder({
      orderId: 's',
      accountId: 'a',
      code: TOYOTA.code,
      side: 'short',
      type: 'market',
      lots: 10,
      leverage: 3,
      at: at('10:01'),
    });
    // 997,200.5 - 279,950 = 717,250.5 yen of buffer over 1,000 shares: 717.25 above 2,799.5 -> 3,517 on the grid.
    expect(preview).toMatchObject({
      ok: true,
      estimatedLiquidationPrice: y('3517'),
      liquidationOnRise: true,
    });
  });

  /** Toyota's last price moved to `price`, with limits around it so the quote is a day's real one. */
  const lastAt = (engine: Engine, price: string, time: string) =>
    engine.onQuote(
      quote(
        { ...TOYOTA, base: y('6000') },
        { bid: price, ask: String(Number(price) + 1), last: price },
        { at: at(time) },
      ),
    );
  const short1x = (overrides: Partial<PlaceOrder> = {}): PlaceOrder => ({
    orderId: 's1',
    accountId: 'a',
    code: TOYOTA.code,
    side: 'short',
    type: 'market',
    lots: 1,
    leverage: 1,
    at: at('10:01'),
    ...overrides,
  });

  it('for a 1x short, from the whole account: the price at which the engine closes it, further with more cash', () => {
    // The forced close weighs the account's equity against all its notional, not the position's margin alone:
    // the same 1x short has room in proportion to the cash beside it, and the estimate says where it ends.
    const estimates = (['300000', '400000'] as const).map((cash) => {
      const engine = engineWith({ a: cash });
      engine.onQuote(quote(TOYOTA, { bid: '2799.5', ask: '2800' }));
      return engine.previewOrder(short1x());
    });
    // 300,000 - 279.95 fee - 10% of 279,950 = 271,725.05 yen over 100 shares: 2,717.25 above 2,799.5.
    expect(estimates[0]).toMatchObject({
      ok: true,
      price: y('2799.5'),
      estimatedLiquidationPrice: y('5517'),
    });
    // 100,000 yen more cash: 1,000 yen further.
    expect(estimates[1]).toMatchObject({ ok: true, estimatedLiquidationPrice: y('6517') });

    const engine = engineWith({ a: '300000' });
    engine.onQuote(quote(TOYOTA, { bid: '2799.5', ask: '2800' }));
    expect(only(engine.placeOrder(short1x()), 'OrderFilled').price).toBe(y('2799.5'));
    expect(ofType(lastAt(engine, '5516', '10:02'), 'ForcedClose')).toEqual([]);
    expect(only(lastAt(engine, '5517', '10:03'), 'ForcedClose')).toMatchObject({
      reason: 'liquidation_level',
    });
  });

  it('for a short waiting for the opening, from the limit down it may sell at, not the limit up it is held for', () => {
    const engine = engineWith({ a: '400000' });
    engine.onQuote(
      quote(TOYOTA, { bid: '2800', ask: '2800', last: '2800' }, { phase: 'pre-open', at: at('08:30') }),
    );
    const cmd = short1x({ at: at('08:31') });
    // Held for 3,300 (limit up); sold at 2,300 (limit down) it has 400,000 - 230 fee - 23,000 = 376,770 yen of
    // room over 100 shares: 3,767.70 above 2,300 -> 6,068. From 3,300 it would read 6,967: 900 yen too far.
    expect(engine.previewOrder(cmd)).toMatchObject({
      ok: true,
      price: y('3300'),
      fillsNow: false,
      estimatedLiquidationPrice: y('6068'),
    });
    engine.placeOrder(cmd);
    const opening = engine.onQuote(
      quote(TOYOTA, { bid: '2300', ask: '2300.5', last: '2300' }, { phase: 'morning', at: at('09:00') }),
    );
    expect(only(opening, 'OrderFilled').price).toBe(y('2300'));
    expect(ofType(lastAt(engine, '6067', '09:01'), 'ForcedClose')).toEqual([]);
    expect(only(lastAt(engine, '6068', '09:02'), 'ForcedClose')).toMatchObject({
      reason: 'liquidation_level',
    });
  });
  it('for a second buy of a stock held, with the shares held moving too: nearer than the buy alone', () => {
    const engine = engineWith({ a: '1000000' });
    engine.onQuote(quote(TOYOTA, { bid: '2799.5', ask: '2800' }));
    buy(engine, { lots: 5, leverage: 2 });
    const more: PlaceOrder = {
      orderId: 'p2',
      accountId: 'a',
      code: TOYOTA.code,
      side: 'long',
      type: 'market',
      lots: 1,
      leverage: 2,
      at: at('10:02'),
    };
    // Equity 998,350 (1,400 fee, 250 down at 2,799.5), 998,320 with the 280 fee and the 500 held at 2,800; it
    // must fall to 10% of 1,680,000: 830,320 yen over 600 shares, 1,383.86 below 2,800 -> 1,416 on the grid.
    // The 100 shares alone (830,320 over 100) would have no such price above zero.
    expect(engine.previewOrder(more)).toMatchObject({ ok: true, estimatedLiquidationPrice: y('1416') });
    expect(only(engine.placeOrder(more), 'OrderFilled').price).toBe(y('2800'));
    const low = { ...TOYOTA, base: y('1800') };
    const tick = (price: string, time: string) =>
      engine.onQuote(
        quote(
          low,
          { bid: price, ask: String(Number(price) + 0.5), last: price },
          { at: at(time, '2026-11-25') },
        ),
      );
    expect(ofType(tick('1416.5', '09:01'), 'ForcedClose')).toEqual([]);
    expect(ofType(tick('1416', '09:02'), 'ForcedClose')).not.toEqual([]);
  });

  it('for a buy that only hedges a short held in the stock, none: its price moves the account no more', () => {
    const engine = engineWith({ a: '600000' });
    engine.onQuote(quote(TOYOTA, { bid: '2799.5', ask: '2800' }));
    engine.placeOrder({ ...short1x(), lots: 3, leverage: 3 });
    const hedge = { ...short1x({ orderId: 'l1', side: 'long' }), lots: 3, leverage: 3 };
    expect(engine.previewOrder(hedge)).toMatchObject({
      ok: true,
      estimatedLiquidationPrice: null,
      liquidationOnRise: false,
    });
    // A smaller buy leaves the account short in the stock: a rise is then what takes it to the level.
    const smaller = engine.previewOrder({ ...hedge, lots: 1 });
    expect(smaller).toMatchObject({ ok: true, liquidationOnRise: true });
    expect(smaller.ok && smaller.estimatedLiquidationPrice! > y('2800')).toBe(true);
    // Without the short, the same buy on the same cash has one (599,160 less 10% of 840,000 over 300 shares,
    // 1,717.20 below 2,800): the short is what takes it away.
    const alone = engineWith({ a: '600000' });
    alone.onQuote(quote(TOYOTA, { bid: '2799.5', ask: '2800' }));
    expect(alone.previewOrder(hedge)).toMatchObject({ ok: true, estimatedLiquidationPrice: y('1082.5') });
  });
  it('counts a position waiting to close at the auction as closed: a short placed beside it is on its own', () => {
    const engine = engineWith({ a: '1200000' });
    engine.onQuote(quote(TOYOTA, { bid: '2799.5', ask: '2800' }));
    buy(engine, { lots: 3, leverage: 1 });
    engine.onQuote(
      quote(TOYOTA, { bid: '2800', ask: '2800', last: '2800' }, { phase: 'lunch-break', at: at('11:40') }),
    );
    engine.closePosition({ accountId: 'a', positionId: 'p1', type: 'market', at: at('11:41') });
    const short = { ...short1x({ at: at('11:42') }), lots: 3, leverage: 3 };
    const preview = engine.previewOrder(short);
    // The long closes at the auction that sells the short: it hedges nothing.
    expect(preview).toMatchObject({ ok: true, liquidationOnRise: true });
    const estimate = preview.ok ? preview.estimatedLiquidationPrice : null;
    expect(estimate).not.toBeNull();
    engine.placeOrder(short);
    // The afternoon opens at the limit down the estimate assumes for a short waiting for it.
    const opening = engine.onQuote(
      quote(TOYOTA, { bid: '2300', ask: '2300.5', last: '2300' }, { at: at('12:30') }),
    );
    expect(only(opening, 'PositionClosed')).toMatchObject({ positionId: 'p1' });
    expect(only(opening, 'OrderFilled')).toMatchObject({ price: y('2300') });
    // One yen (a tick there) below the estimate: a price the engine takes, and no forced close yet.
    const below = lastAt(engine, senToDecimal(estimate! - 100n), '12:31');
    expect(ofType(below, 'QuoteRejected')).toEqual([]);
    expect(ofType(below, 'ForcedClose')).toEqual([]);
    expect(only(lastAt(engine, senToDecimal(estimate!), '12:32'), 'ForcedClose')).toMatchObject({
      reason: 'liquidation_level',
    });
  });
});
