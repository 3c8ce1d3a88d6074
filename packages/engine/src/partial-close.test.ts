import { describe, expect, it } from 'vitest';
import type { PlaceOrder } from './commands';
import { createEngine, type Engine } from './engine';
import { CONFIG, TOYOTA, at, engineWith, ofType, only, quote, y } from './test-fixtures';

const OPEN = { bid: '2799.5', ask: '2800' };

/** Position p1: a Toyota long bought at 2,800 (3 lots at 2x with targets unless told). */
function openLong(engine: Engine, order: Partial<PlaceOrder> = {}) {
  engine.onQuote(quote(TOYOTA, OPEN));
  engine.placeOrder({
    orderId: 'p1',
    accountId: 'a',
    code: TOYOTA.code,
    side: 'long',
    type: 'market',
    lots: 3,
    leverage: 2,
    takeProfit: y('3000'),
    stopLoss: y('2600'),
    at: at('10:01'),
    ...order,
  });
}

/** 3 lots of Toyota long at 2,800 at 2x (margin 420,000, opening fee 840), with targets. */
const openThreeLots = (engine: Engine) => openLong(engine);

const closeSome = (
  type: 'market' | 'limit',
  lots: number,
  options: { price?: string; time?: string } = {},
) => ({
  accountId: 'a',
  positionId: 'p1',
  type,
  ...(options.price === undefined ? {} : { price: y(options.price) }),
  lots,
  partId: 'c1',
  at: at(options.time ?? '10:05'),
});

const positionsOf = (engine: Engine) => engine.snapshot().positions;

describe('一部返済 (closing some of a position’s lots)', () => {
  it('at market closes those lots as a part with its share of margin and fees; the rest keeps its targets', () => {
    const engine = engineWith({ a: '1000000' });
    openThreeLots(engine);
    engine.onQuote(quote(TOYOTA, { bid: '2850', ask: '2850.5' }));
    const events = engine.closePosition(closeSome('market', 1));
    expect(events.map((event) => event.type)).toEqual(['PositionSplit', 'PositionClosed']);
    expect(only(events, 'PositionSplit')).toMatchObject({
      positionId: 'p1',
      partId: 'c1',
      lots: 1,
      margin: y('140000'),
      openFee: y('280'),
      interest: 0n,
      remainingLots: 2,
    });
    expect(only(events, 'PositionClosed')).toMatchObject({
      positionId: 'c1',
      lots: 1,
      entryPrice: y('2800'),
      exitPrice: y('2850'),
      realisedPnl: y('5000'),
      fee: y('285'),
      marginReleased: y('140000'),
      reason: 'user',
    });
    expect(positionsOf(engine)).toEqual([
      expect.objectContaining({
        id: 'p1',
        lots: 2,
        margin: y('280000'),
        openFee: y('560'),
        status: 'holding',
        takeProfit: y('3000'),
        stopLoss: y('2600'),
        closeLots: null,
        closePartId: null,
      }),
    ]);
    // The rest's take-profit still fires, for its two lots.
    const closed = only(engine.onQuote(quote(TOYOTA, { bid: '3000', ask: '3001' })), 'PositionClosed');
    expect(closed).toMatchObject({
      positionId: 'p1',
      lots: 2,
      reason: 'take_profit',
      marginReleased: y('280000'),
    });
  });

  it('with a limit rests covering those lots, and cancelled leaves the whole position held', () => {
    const engine = engineWith({ a: '1000000' });
    openThreeLots(engine);
    const requested = only(engine.closePosition(closeSome('limit', 2, { price: '2900' })), 'CloseRequested');
    expect(requested).toMatchObject({
      status: 'limit-closing',
      lots: 2,
      partId: 'c1',
      limitPrice: y('2900'),
    });
    expect(positionsOf(engine)[0]).toMatchObject({ lots: 3, closeLots: 2, closePartId: 'c1' });
    const cancelled = only(
      engine.cancelClose({ accountId: 'a', positionId: 'p1', at: at('10:06') }),
      'CloseCancelled',
    );
    expect(cancelled).toMatchObject({ lots: 2, reason: 'user' });
    expect(positionsOf(engine)[0]).toMatchObject({
      lots: 3,
      status: 'holding',
      closeLots: null,
      closePartId: null,
    });
    expect(engine.onQuote(quote(TOYOTA, { bid: '2900', ask: '2900.5' }))).not.toContainEqual(
      expect.objectContaining({ type: 'PositionClosed' }),
    );
  });

  it('with a limit fills at the limit or better when the market reaches it', () => {
    const engine = engineWith({ a: '1000000' });
    openThreeLots(engine);
    engine.closePosition(closeSome('limit', 2, { price: '2900' }));
    const events = engine.onQuote(quote(TOYOTA, { bid: '2910', ask: '2910.5' }));
    expect(only(events, 'PositionSplit')).toMatchObject({ lots: 2, remainingLots: 1, margin: y('280000') });
    expect(only(events, 'PositionClosed')).toMatchObject({
      positionId: 'c1',
      lots: 2,
      exitPrice: y('2910'),
      closedByLimit: { price: y('2900'), validUntil: null },
    });
    expect(positionsOf(engine)[0]).toMatchObject({ id: 'p1', lots: 1, status: 'holding', closeLimit: null });
  });

  it('at market outside the session waits, then closes those lots at the auction and files the rest’s targets again', () => {
    const engine = engineWith({ a: '1000000' });
    openThreeLots(engine);
    engine.onQuote(quote(TOYOTA, OPEN, { phase: 'lunch-break', at: at('11:45') }));
    expect(
      only(engine.closePosition(closeSome('market', 1, { time: '11:50' })), 'CloseRequested'),
    ).toMatchObject({ status: 'closing', lots: 1 });
    // Waiting, the whole position's targets are off: a stop-loss price passing by closes nothing.
    expect(
      engine.onQuote(
        quote(TOYOTA, { bid: '2599', ask: '2599.5' }, { phase: 'lunch-break', at: at('12:00') }),
      ),
    ).not.toContainEqual(expect.objectContaining({ type: 'PositionClosed' }));
    const opening = engine.onQuote(quote(TOYOTA, { bid: '2700', ask: '2700.5' }, { at: at('12:30') }));
    expect(only(opening, 'PositionClosed')).toMatchObject({
      positionId: 'c1',
      lots: 1,
      exitPrice: y('2700'),
    });
    expect(positionsOf(engine)[0]).toMatchObject({ lots: 2, status: 'holding', closeReason: null });
    const stopped = only(
      engine.onQuote(quote(TOYOTA, { bid: '2600', ask: '2600.5' }, { at: at('12:31') })),
      'PositionClosed',
    );
    expect(stopped).toMatchObject({ positionId: 'p1', lots: 2, reason: 'stop_loss' });
  });

  it('is withdrawn when a take-profit closes the whole position first', () => {
    const engine = engineWith({ a: '1000000' });
    openThreeLots(engine);
    engine.closePosition(closeSome('limit', 1, { price: '3100' }));
    const events = engine.onQuote(quote(TOYOTA, { bid: '3000', ask: '3001' }));
    expect(events.map((event) => event.type)).toEqual(
      expect.arrayContaining(['CloseCancelled', 'PositionClosed']),
    );
    expect(only(events, 'CloseCancelled')).toMatchObject({ lots: 1, reason: 'take_profit' });
    expect(only(events, 'PositionClosed')).toMatchObject({ positionId: 'p1', lots: 3 });
    expect(positionsOf(engine)).toEqual([]);
  });

  it('waiting for the auction, is withdrawn with a record when a forced close takes the whole position', () => {
    // 10 lots at 3x fall to a margin call; after the deadline day's close the investor asks to close 1 lot, which
    // would not bring the ratio back, and the forced close at the deadline takes all 10.
    const engine = engineWith({ a: '1000000' });
    openLong(engine, { lots: 10, leverage: 3, takeProfit: undefined, stopLoss: undefined });
    const fallen = engine.onQuote(quote(TOYOTA, { bid: '2302', ask: '2302.5' }, { at: at('10:30') }));
    expect(only(fallen, 'MarginCall')).toMatchObject({ deadline: '2026-11-25' });
    const evening = at('20:00', '2026-11-25');
    engine.onQuote(quote(TOYOTA, { bid: '2302', ask: '2302.5' }, { phase: 'after-close', at: evening }));
    const waiting = engine.closePosition({ ...closeSome('market', 1), at: evening });
    expect(only(waiting, 'CloseRequested')).toMatchObject({ status: 'closing', lots: 1, partId: 'c1' });

    const forced = engine.expireMarginCalls({ date: '2026-11-26', at: at('08:00', '2026-11-26') });
    expect(forced.map((event) => event.type)).toEqual(['CloseCancelled', 'ForcedClose']);
    expect(only(forced, 'CloseCancelled')).toMatchObject({
      positionId: 'p1',
      lots: 1,
      reason: 'forced',
      limitPrice: null,
      validUntil: null,
    });
    expect(positionsOf(engine)[0]).toMatchObject({ lots: 10, status: 'closing', closeLots: null });
    const opening = engine.onQuote(
      quote(TOYOTA, { bid: '2310', ask: '2310.5' }, { at: at('09:00', '2026-11-26') }),
    );
    expect(ofType(opening, 'PositionSplit')).toEqual([]);
    expect(only(opening, 'PositionClosed')).toMatchObject({ positionId: 'p1', lots: 10, reason: 'forced' });
  });

  it('is refused for more lots than held, for none, and without an id for the part', () => {
    const engine = engineWith({ a: '1000000' });
    openThreeLots(engine);
    const before = engine.snapshot();
    for (const lots of [4, 0, 1.5]) {
      expect(only(engine.closePosition(closeSome('market', lots)), 'Rejected').reason).toBe(
        'CLOSE_LOTS_INVALID',
      );
    }
    const { partId: _none, ...withoutPart } = closeSome('market', 1);
    expect(only(engine.closePosition(withoutPart), 'Rejected').reason).toBe('CLOSE_LOTS_INVALID');
    expect(only(engine.closePosition({ ...closeSome('market', 1), partId: 'p1' }), 'Rejected').reason).toBe(
      'ORDER_ID_IN_USE',
    );
    expect(engine.snapshot()).toEqual(before);
    // All of them is a whole close, with or without a part id.
    const whole = engine.closePosition({ ...closeSome('market', 3) });
    expect(only(whole, 'PositionClosed')).toMatchObject({ positionId: 'p1', lots: 3 });
  });

  it('previews the figures of those lots only', () => {
    const engine = engineWith({ a: '1000000' });
    openThreeLots(engine);
    engine.onQuote(quote(TOYOTA, { bid: '2850', ask: '2850.5' }));
    expect(engine.previewClose(closeSome('market', 1))).toEqual({
      ok: true,
      price: y('2850'),
      fillsNow: true,
      notional: y('285000'),
      realisedPnl: y('5000'),
      fee: y('285'),
      openFee: y('280'),
      interest: 0n,
      netPnl: y('5000') - y('280') - y('285'),
    });
    expect(engine.previewClose(closeSome('market', 4))).toEqual({ ok: false, reason: 'CLOSE_LOTS_INVALID' });
  });

  it('survives a snapshot: a restored engine fills the waiting part the same way', () => {
    const engine = engineWith({ a: '1000000' });
    openThreeLots(engine);
    engine.closePosition(closeSome('limit', 2, { price: '2900' }));
    const snapshot = engine.snapshot();
    expect(snapshot.positions[0]).toMatchObject({ closeLots: 2, closePartId: 'c1' });
    const tick = quote(TOYOTA, { bid: '2900', ask: '2900.5' });
    const again = createEngine(CONFIG, snapshot);
    expect(again.onQuote(tick)).toEqual(engine.onQuote(tick));
  });

  it('is refused on restore when its lots do not fit the position', () => {
    const engine = engineWith({ a: '1000000' });
    openThreeLots(engine);
    engine.closePosition(closeSome('limit', 2, { price: '2900' }));
    const snapshot = engine.snapshot();
    const [position] = snapshot.positions;
    for (const bad of [
      { closeLots: 3 },
      { closeLots: 2, closePartId: null },
      { status: 'holding' as const, closeLimit: null },
    ]) {
      expect(() => createEngine(CONFIG, { ...snapshot, positions: [{ ...position!, ...bad }] })).toThrow();
    }
  });
});
