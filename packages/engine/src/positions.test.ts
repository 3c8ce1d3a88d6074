import { describe, expect, it } from 'vitest';
import type { Engine } from './engine';
import type { Side } from './records';
import { TOYOTA, at, engineWith, only, quote, y } from './test-fixtures';

const OPEN = { bid: '2799.5', ask: '2800' };

function openPosition(
  engine: Engine,
  options: { side?: Side; lots?: number; leverage?: number; takeProfit?: bigint; stopLoss?: bigint } = {},
) {
  engine.onQuote(quote(TOYOTA, OPEN));
  const events = engine.placeOrder({
    orderId: 'p1',
    accountId: 'a',
    code: TOYOTA.code,
    side: options.side ?? 'long',
    type: 'market',
    lots: options.lots ?? 1,
    leverage: options.leverage ?? 1,
    takeProfit: options.takeProfit ?? null,
    stopLoss: options.stopLoss ?? null,
    at: at('10:01'),
  });
  return only(events, 'PositionOpened');
}

/** Sets the targets of the position openPosition opened, as account a at 10:02. */
const targetsOf = (engine: Engine) => (takeProfit: bigint | null, stopLoss: bigint | null) =>
  engine.setTakeProfitStopLoss({ accountId: 'a', positionId: 'p1', takeProfit, stopLoss, at: at('10:02') });

const close = (type: 'market' | 'limit', price?: bigint, time = '10:05') => ({
  accountId: 'a',
  positionId: 'p1',
  type,
  ...(price === undefined ? {} : { price }),
  at: at(time),
});

describe('closing a position', () => {
  it('at market sells a long at the bid: margin back, the gain from the counterparty, the fee paid', () => {
    const engine = engineWith({ a: '1000000' });
    openPosition(engine);
    engine.onQuote(quote(TOYOTA, { bid: '2850', ask: '2850.5' }));
    const closed = only(engine.closePosition(close('market')), 'PositionClosed');
    expect(closed).toMatchObject({
      exitPrice: y('2850'),
      realisedPnl: y('5000'),
      fee: y('285'),
      marginReleased: y('280000'),
      shortfall: 0n,
      reason: 'user',
    });
    expect(closed.transfers).toEqual([
      { from: 'margin', to: 'available', amount: y('280000') },
      { from: 'counterparty', to: 'available', amount: y('5000') },
      { from: 'available', to: 'fee_income', amount: y('285') },
    ]);
    expect(engine.account('a')).toMatchObject({ available: y('1004435'), margin: 0n });
    expect(engine.snapshot().positions).toEqual([]);
  });

  it('buys a short back at the ask and pays the loss to the counterparty', () => {
    const engine = engineWith({ a: '1000000' });
    openPosition(engine, { side: 'short' });
    engine.onQuote(quote(TOYOTA, { bid: '2809.5', ask: '2810' }));
    const closed = only(engine.closePosition(close('market')), 'PositionClosed');
    expect(closed).toMatchObject({ exitPrice: y('2810'), realisedPnl: y('-1050') });
    expect(closed.transfers).toContainEqual({ from: 'available', to: 'counterparty', amount: y('1050') });
  });

  it('outside the session waits (closing) and fills at the next opening price', () => {
    const engine = engineWith({ a: '1000000' });
    openPosition(engine);
    engine.onQuote(quote(TOYOTA, OPEN, { phase: 'lunch-break', at: at('11:45') }));
    expect(only(engine.closePosition(close('market', undefined, '11:50')), 'CloseRequested')).toMatchObject({
      status: 'closing',
      closeType: 'market',
    });
    expect(only(engine.closePosition(close('market', undefined, '11:51')), 'Rejected').reason).toBe(
      'POSITION_CLOSING',
    );
    const opening = engine.onQuote(
      quote(TOYOTA, { bid: '2789.5', ask: '2790.5', last: '2790' }, { phase: 'afternoon', at: at('12:30') }),
    );
    expect(only(opening, 'PositionClosed')).toMatchObject({ exitPrice: y('2790'), reason: 'user' });
  });

  it('with a limit rests (limit-closing) and fills at the limit or better', () => {
    const engine = engineWith({ a: '1000000' });
    openPosition(engine);
    expect(only(engine.closePosition(close('limit', y('2860'))), 'CloseRequested').status).toBe(
      'limit-closing',
    );
    expect(engine.snapshot().positions[0]).toMatchObject({ status: 'limit-closing', closeLimit: y('2860') });
    expect(engine.onQuote(quote(TOYOTA, { bid: '2855', ask: '2856' }))).toEqual([]);
    const closed = only(engine.onQuote(quote(TOYOTA, { bid: '2861', ask: '2862' })), 'PositionClosed');
    expect(closed).toMatchObject({ exitPrice: y('2861'), reason: 'user' });
  });

  it('at market replaces a resting limit close', () => {
    const engine = engineWith({ a: '1000000' });
    openPosition(engine);
    engine.closePosition(close('limit', y('2900')));
    expect(only(engine.closePosition(close('market')), 'PositionClosed').exitPrice).toBe(y('2799.5'));
    expect(engine.onQuote(quote(TOYOTA, { bid: '2950', ask: '2951' }))).toEqual([]);
  });

  it('says which resting limit close a new close replaced, before the new one', () => {
    const engine = engineWith({ a: '1000000' });
    openPosition(engine);
    engine.closePosition(close('limit', y('2900')));
    const events = engine.closePosition(close('limit', y('2950'), '10:06'));
    expect(events.map((event) => event.type)).toEqual(['CloseCancelled', 'CloseRequested']);
    expect(only(events, 'CloseCancelled')).toMatchObject({ reason: 'replaced', limitPrice: y('2900') });
    expect(only(events, 'CloseRequested').limitPrice).toBe(y('2950'));
    const atMarket = engine.closePosition(close('market', undefined, '10:07'));
    expect(atMarket.map((event) => event.type)).toEqual(['CloseCancelled', 'PositionClosed']);
    expect(only(atMarket, 'CloseCancelled')).toMatchObject({ reason: 'replaced', limitPrice: y('2950') });
  });

  it('withdraws a resting limit close when a stop-loss closes the position, and says so first', () => {
    const engine = engineWith({ a: '1000000' });
    openPosition(engine, { stopLoss: y('2700') });
    engine.closePosition(close('limit', y('2900')));
    const events = engine.onQuote(quote(TOYOTA, { bid: '2695', ask: '2696' }));
    expect(events.map((event) => event.type)).toEqual(['CloseCancelled', 'PositionClosed']);
    expect(only(events, 'CloseCancelled')).toMatchObject({ reason: 'stop_loss', limitPrice: y('2900') });
    expect(only(events, 'PositionClosed')).toMatchObject({ reason: 'stop_loss', closedByLimit: null });
  });

  it('says nothing withdrawn when the resting limit close itself fills', () => {
    const engine = engineWith({ a: '1000000' });
    openPosition(engine);
    engine.closePosition(close('limit', y('2900')));
    const events = engine.onQuote(quote(TOYOTA, { bid: '2900', ask: '2900.5' }));
    expect(events.map((event) => event.type)).toEqual(['PositionClosed']);
    expect(only(events, 'PositionClosed').closedByLimit?.price).toBe(y('2900'));
  });

  it('withdraws a resting limit close on request: held again, and the limit no longer fills', () => {
    const engine = engineWith({ a: '1000000' });
    openPosition(engine);
    engine.closePosition(close('limit', y('2900')));
    const cancel = { accountId: 'a', positionId: 'p1', at: at('10:06') };
    expect(engine.cancelClose({ ...cancel, accountId: 'b' })).toEqual([
      expect.objectContaining({ type: 'Rejected', reason: 'POSITION_NOT_FOUND' }),
    ]);
    expect(engine.cancelClose(cancel)).toEqual([
      {
        type: 'CloseCancelled',
        ...cancel,
        code: TOYOTA.code,
        lots: 1,
        reason: 'user',
        limitPrice: y('2900'),
        validUntil: null,
      },
    ]);
    expect(engine.snapshot().positions[0]).toMatchObject({ status: 'holding', closeLimit: null });
    expect(engine.onQuote(quote(TOYOTA, { bid: '2950', ask: '2951' }))).toEqual([]);
    expect(only(engine.cancelClose(cancel), 'Rejected').reason).toBe('POSITION_NOT_LIMIT_CLOSING');
  });

  it('keeps a market close waiting for the auction: only a resting limit close can be withdrawn', () => {
    const engine = engineWith({ a: '1000000' });
    openPosition(engine);
    engine.onQuote(quote(TOYOTA, OPEN, { phase: 'lunch-break', at: at('11:45') }));
    engine.closePosition(close('market', undefined, '11:50'));
    const cancel = { accountId: 'a', positionId: 'p1', at: at('11:51') };
    expect(only(engine.cancelClose(cancel), 'Rejected').reason).toBe('POSITION_NOT_LIMIT_CLOSING');
    expect(engine.snapshot().positions[0]).toMatchObject({ status: 'closing' });
  });

  it('checks the limit price and the owner', () => {
    const engine = engineWith({ a: '1000000' });
    openPosition(engine);
    const reason = (cmd: Parameters<Engine['closePosition']>[0]) =>
      only(engine.closePosition(cmd), 'Rejected').reason;
    expect(reason(close('limit'))).toBe('PRICE_REQUIRED');
    expect(reason(close('market', y('2800')))).toBe('PRICE_NOT_ALLOWED');
    expect(reason(close('limit', y('2860.2')))).toBe('PRICE_OFF_TICK');
    expect(reason(close('limit', y('3400')))).toBe('PRICE_OUTSIDE_LIMITS');
    expect(reason({ ...close('market'), accountId: 'b' })).toBe('POSITION_NOT_FOUND');
    expect(reason({ ...close('market'), positionId: 'nope' })).toBe('POSITION_NOT_FOUND');
  });
});

describe('take-profit and stop-loss', () => {
  it('close a long at the bid when it reaches the take-profit', () => {
    const engine = engineWith({ a: '1000000' });
    openPosition(engine, { takeProfit: y('2900'), stopLoss: y('2700') });
    expect(engine.onQuote(quote(TOYOTA, { bid: '2899.5', ask: '2900' }))).toEqual([]);
    const closed = only(engine.onQuote(quote(TOYOTA, { bid: '2900', ask: '2900.5' })), 'PositionClosed');
    expect(closed).toMatchObject({ exitPrice: y('2900'), reason: 'take_profit', realisedPnl: y('10000') });
  });

  it('close a long at the bid when it falls to the stop-loss, even below it', () => {
    const engine = engineWith({ a: '1000000' });
    openPosition(engine, { stopLoss: y('2700') });
    const closed = only(engine.onQuote(quote(TOYOTA, { bid: '2695', ask: '2696' })), 'PositionClosed');
    expect(closed).toMatchObject({ exitPrice: y('2695'), reason: 'stop_loss' });
  });

  it('close a short at the ask, take-profit below and stop-loss above', () => {
    const profit = engineWith({ a: '1000000' });
    openPosition(profit, { side: 'short', takeProfit: y('2700'), stopLoss: y('2900') });
    const won = only(profit.onQuote(quote(TOYOTA, { bid: '2699', ask: '2700' })), 'PositionClosed');
    expect(won).toMatchObject({ exitPrice: y('2700'), reason: 'take_profit' });
    const loss = engineWith({ a: '1000000' });
    openPosition(loss, { side: 'short', takeProfit: y('2700'), stopLoss: y('2900') });
    const lost = only(loss.onQuote(quote(TOYOTA, { bid: '2900', ask: '2901' })), 'PositionClosed');
    expect(lost).toMatchObject({ exitPrice: y('2901'), reason: 'stop_loss' });
  });

  it('fill at the opening price when the market gaps through them overnight', () => {
    const engine = engineWith({ a: '1000000' });
    openPosition(engine, { stopLoss: y('2750') });
    engine.onQuote(quote(TOYOTA, OPEN, { phase: 'after-close', at: at('16:00') }));
    const opening = engine.onQuote(
      quote(TOYOTA, { bid: '2599', ask: '2601', last: '2600' }, { at: at('09:00', '2026-11-25') }),
    );
    expect(only(opening, 'PositionClosed')).toMatchObject({ exitPrice: y('2600'), reason: 'stop_loss' });
  });

  it('are judged against the price they fire on, a short’s the ask, not the last price', () => {
    const engine = engineWith({ a: '1000000' });
    openPosition(engine, { side: 'short' });
    // The last trade was at the bid: a stop-loss at the ask is above it, yet already reached where a short's
    // stop fires (it is bought back at the ask), and a take-profit at the last price is not reached yet.
    engine.onQuote(quote(TOYOTA, { bid: '2799.5', ask: '2800', last: '2799.5' }));
    const set = targetsOf(engine);
    expect(only(set(null, y('2800')), 'Rejected').reason).toBe('STOP_LOSS_INVALID');
    expect(only(set(y('2800'), null), 'Rejected').reason).toBe('TAKE_PROFIT_INVALID');
    expect(only(set(y('2799.5'), y('2800.5')), 'TakeProfitStopLossSet')).toMatchObject({
      takeProfit: y('2799.5'),
      stopLoss: y('2800.5'),
    });
  });

  it('are judged against the bid for a long, even when the last trade was at the ask', () => {
    const engine = engineWith({ a: '1000000' });
    openPosition(engine);
    engine.onQuote(quote(TOYOTA, { bid: '2799.5', ask: '2800', last: '2800' }));
    const set = targetsOf(engine);
    expect(only(set(null, y('2799.5')), 'Rejected').reason).toBe('STOP_LOSS_INVALID');
    expect(only(set(null, y('2799')), 'TakeProfitStopLossSet').stopLoss).toBe(y('2799'));
  });

  it('are set on the profitable and losing sides of the last price, and can be cleared', () => {
    const engine = engineWith({ a: '1000000' });
    openPosition(engine);
    const set = targetsOf(engine);
    expect(only(set(y('2799.5'), null), 'Rejected').reason).toBe('TAKE_PROFIT_INVALID');
    expect(only(set(null, y('2799.5')), 'Rejected').reason).toBe('STOP_LOSS_INVALID');
    expect(only(set(null, y('2700.3')), 'Rejected').reason).toBe('STOP_LOSS_INVALID');
    expect(only(set(y('2900'), y('2700')), 'TakeProfitStopLossSet')).toMatchObject({
      takeProfit: y('2900'),
      stopLoss: y('2700'),
    });
    expect(only(set(null, null), 'TakeProfitStopLossSet').takeProfit).toBeNull();
    expect(engine.onQuote(quote(TOYOTA, { bid: '2950', ask: '2951' }))).toEqual([]);
    expect(
      only(
        engine.setTakeProfitStopLoss({
          accountId: 'b',
          positionId: 'p1',
          takeProfit: null,
          stopLoss: null,
          at: 0,
        }),
        'Rejected',
      ).reason,
    ).toBe('POSITION_NOT_FOUND');
  });
});

describe('losses beyond the cash', () => {
  it('become debt, which the next cash pays first', () => {
    const engine = engineWith({ a: '1000000' });
    openPosition(engine, { lots: 10, leverage: 3 });
    expect(engine.account('a')!.available).toBe(y('63866.66'));
    // Next morning before the open the stock is indicated at 1,800 yen (its new limit down from a 2,300 base).
    const lower = { ...TOYOTA, base: y('2300') };
    const preOpen = engine.onQuote(
      quote(
        lower,
        { bid: '1800', ask: '1800', last: '1800' },
        { phase: 'pre-open', at: at('08:00', '2026-11-25') },
      ),
    );
    expect(preOpen.map((e) => e.type)).toEqual(['MarginCall', 'ForcedClose']);
    expect(only(preOpen, 'ForcedClose')).toMatchObject({ reason: 'liquidation_level', pending: true });
    expect(engine.snapshot().positions[0]).toMatchObject({ status: 'closing', closeReason: 'forced' });

    const opening = engine.onQuote(
      quote(lower, { bid: '1800', ask: '1801', last: '1800' }, { at: at('09:00', '2026-11-25') }),
    );
    const closed = only(opening, 'PositionClosed');
    expect(closed).toMatchObject({
      reason: 'forced',
      realisedPnl: y('-1000000'),
      fee: y('1800'),
      shortfall: y('4600'),
    });
    expect(closed.transfers).toEqual([
      { from: 'margin', to: 'available', amount: y('933333.34') },
      { from: 'available', to: 'counterparty', amount: y('997200') },
      { from: 'debt', to: 'counterparty', amount: y('2800') },
      { from: 'debt', to: 'fee_income', amount: y('1800') },
    ]);
    expect(only(opening, 'MarginCallCleared').by).toBe('forced_close');
    expect(engine.account('a')).toMatchObject({ available: 0n, debt: y('-4600'), equity: y('-4600') });

    const deposit = engine.updateCash({
      accountId: 'a',
      available: y('10000'),
      at: at('10:00', '2026-11-25'),
    });
    expect(deposit.map((e) => e.type)).toEqual(['CashUpdated', 'DebtRepaid']);
    expect(only(deposit, 'DebtRepaid').transfers).toEqual([
      { from: 'available', to: 'debt', amount: y('4600') },
    ]);
    expect(engine.account('a')).toMatchObject({ available: y('5400'), debt: 0n });
  });
});
