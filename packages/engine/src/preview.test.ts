import { describe, expect, it } from 'vitest';
import type { ClosePosition } from './commands';
import type { Engine } from './engine';
import type { Side } from './records';
import { TOYOTA, at, engineWith, only, quote, y } from './test-fixtures';

/** A 2x position of one lot in Toyota, opened at the market: a long at 2,800, a short at 2,799.50. */
function engineHolding(side: Side): Engine {
  const engine = engineWith({ a: '1000000', b: '1000000' });
  engine.onQuote(quote(TOYOTA, { bid: '2799.5', ask: '2800' }));
  const events = engine.placeOrder({
    orderId: 'p1',
    accountId: 'a',
    code: TOYOTA.code,
    side,
    type: 'market',
    lots: 1,
    leverage: 2,
    takeProfit: null,
    stopLoss: null,
    at: at('10:01'),
  });
  only(events, 'PositionOpened');
  return engine;
}

const close = (type: 'market' | 'limit', price?: bigint, accountId = 'a'): ClosePosition => ({
  accountId,
  positionId: 'p1',
  type,
  ...(price === undefined ? {} : { price }),
  at: at('10:05'),
});

/** The preview's figures against what the same close, executed next, posts. */
function expectSameAsClose(engine: Engine, cmd: ClosePosition) {
  const preview = engine.previewClose(cmd);
  const openFee = engine.snapshot().positions[0]!.openFee;
  const closed = only(engine.closePosition(cmd), 'PositionClosed');
  expect(preview).toEqual({
    ok: true,
    price: closed.exitPrice,
    fillsNow: true,
    notional: closed.notional,
    realisedPnl: closed.realisedPnl,
    fee: closed.fee,
    openFee,
    interest: closed.interest,
    netPnl: closed.realisedPnl - openFee - closed.fee - closed.interest,
  });
  return preview;
}

describe('previewClose', () => {
  it('gives a long market close at the bid: the P&L on the price, the closing fee and the net', () => {
    const engine = engineHolding('long');
    engine.onQuote(quote(TOYOTA, { bid: '2850', ask: '2850.5' }));
    const before = engine.snapshot();
    // 100 shares sold at 2,850 against 2,800: +5,000; fee 0.1% of 285,000; net of both fees (280 and 285).
    expect(engine.previewClose(close('market'))).toEqual({
      ok: true,
      price: y('2850'),
      fillsNow: true,
      notional: y('285000'),
      realisedPnl: y('5000'),
      fee: y('285'),
      openFee: y('280'),
      interest: 0n,
      netPnl: y('4435'),
    });
    expect(engine.snapshot()).toEqual(before);
  });

  it('equals the PositionClosed figures of the same close, with interest charged (long)', () => {
    const engine = engineHolding('long');
    engine.accrueDaily({ date: '2026-11-24', days: 3, at: at('16:00') });
    engine.onQuote(quote(TOYOTA, { bid: '2760', ask: '2760.5' }, { at: at('10:00', '2026-11-25') }));
    const preview = expectSameAsClose(engine, close('market'));
    expect(preview).toMatchObject({ price: y('2760'), realisedPnl: y('-4000') });
    expect(preview.ok && preview.interest > 0n).toBe(true);
  });

  it('equals the PositionClosed figures of the same close, with the borrow fee charged (short at the ask)', () => {
    const engine = engineHolding('short');
    engine.accrueDaily({ date: '2026-11-24', days: 1, at: at('16:00') });
    engine.onQuote(quote(TOYOTA, { bid: '2749.5', ask: '2750' }, { at: at('10:00', '2026-11-25') }));
    const preview = expectSameAsClose(engine, close('market'));
    // Sold at 2,799.50, bought back at the ask: +4,950.
    expect(preview).toMatchObject({ price: y('2750'), realisedPnl: y('4950') });
    expect(preview.ok && preview.interest > 0n).toBe(true);
  });

  it('gives a limit close that would rest at its limit, not filling now', () => {
    const engine = engineHolding('long');
    expect(engine.previewClose(close('limit', y('2900')))).toEqual({
      ok: true,
      price: y('2900'),
      fillsNow: false,
      notional: y('290000'),
      realisedPnl: y('10000'),
      fee: y('290'),
      openFee: y('280'),
      interest: 0n,
      netPnl: y('10000') - y('280') - y('290'),
    });
    // A short's limit close buys back: a limit below the ask rests.
    const short = engineHolding('short');
    expect(short.previewClose(close('limit', y('2700')))).toMatchObject({
      price: y('2700'),
      fillsNow: false,
      realisedPnl: y('9950'),
    });
  });

  it('gives a limit close the market is already through at the price it fills at now', () => {
    const engine = engineHolding('long');
    engine.onQuote(quote(TOYOTA, { bid: '2850', ask: '2850.5' }));
    expect(expectSameAsClose(engine, close('limit', y('2820')))).toMatchObject({ price: y('2850') });
  });

  it('estimates a market close outside continuous trading at the last price, not filling now', () => {
    const engine = engineHolding('short');
    engine.onQuote(
      quote(TOYOTA, { bid: '2780', ask: '2781', last: '2780.5' }, { phase: 'lunch-break', at: at('11:45') }),
    );
    expect(engine.previewClose(close('market'))).toMatchObject({
      ok: true,
      price: y('2780.5'),
      fillsNow: false,
      realisedPnl: y('1900'),
    });
    expect(engine.snapshot().positions[0]!.status).toBe('holding');
  });

  it('refuses what closePosition refuses, with the same reason, and changes nothing', () => {
    const engine = engineHolding('long');
    const cases: ClosePosition[] = [
      { ...close('market'), positionId: 'nope' },
      close('market', undefined, 'b'),
      close('limit'),
      close('market', y('2800')),
      close('limit', y('2860.2')),
      close('limit', y('3400')),
    ];
    const reasons = cases.map((cmd) => {
      const before = engine.snapshot();
      const preview = engine.previewClose(cmd);
      expect(engine.snapshot()).toEqual(before);
      return preview.ok ? null : preview.reason;
    });
    expect(reasons).toEqual([
      'POSITION_NOT_FOUND',
      'POSITION_NOT_FOUND',
      'PRICE_REQUIRED',
      'PRICE_NOT_ALLOWED',
      'PRICE_OFF_TICK',
      'PRICE_OUTSIDE_LIMITS',
    ]);
    expect(cases.map((cmd) => only(engine.closePosition(cmd), 'Rejected').reason)).toEqual(reasons);
  });

  it('refuses a position whose market close already waits for the auction', () => {
    const engine = engineHolding('long');
    engine.onQuote(quote(TOYOTA, { bid: '2799.5', ask: '2800' }, { phase: 'lunch-break', at: at('11:45') }));
    engine.closePosition(close('market'));
    expect(engine.previewClose(close('limit', y('2900')))).toEqual({
      ok: false,
      reason: 'POSITION_CLOSING',
    });
  });
});
