import { describe, expect, it } from 'vitest';
import type { Position } from '@kabuto/contract';
import {
  buyingPowerAt,
  exceeds,
  livePnl,
  lotsOfShares,
  marginOf,
  notionalOf,
  oppositeLots,
  pnlAtTarget,
  pnlPercentOf,
  roomAbove,
  shortfallTo,
  sharesSteps,
  steppedShares,
  entryReference,
  marketEntry,
  marketExit,
  orderTargetReferences,
  positionTargetReferences,
  targetDirection,
  targetOnItsSide,
  targetProblem,
  unrealisedPnlAt,
} from './figures';

describe('lotsOfShares', () => {
  it('reads shares in 100-share units, as typed on a Japanese keyboard too', () => {
    expect(lotsOfShares('100')).toBe(1);
    expect(lotsOfShares('1,000')).toBe(10);
    expect(lotsOfShares('２００')).toBe(2);
    expect(lotsOfShares(' 300 ')).toBe(3);
  });

  it('refuses what is not a whole number of lots', () => {
    for (const typed of ['', '0', '50', '150', '-100', '1.5', '100株', 'abc', '1e3'])
      expect(lotsOfShares(typed)).toBeNull();
  });

  it('refuses a comma out of place or a space inside as a slip, not a guess at 1,000 shares', () => {
    for (const typed of ['10,00', '1,0,0,0', ',1000', '1000,', '1 000'])
      expect(lotsOfShares(typed)).toBeNull();
  });
});

describe('steppedShares', () => {
  it('adds or takes one lot (100 shares), never going under one lot', () => {
    expect(steppedShares('200', 1)).toBe('300');
    expect(steppedShares('200', -1)).toBe('100');
    expect(steppedShares('100', -1)).toBe('100');
    expect(steppedShares('１，０００', 1)).toBe('1100');
  });

  it('never goes over the most lots allowed (a 訂正 only reduces)', () => {
    expect(steppedShares('300', 1, 3, 3)).toBe('300');
    expect(steppedShares('500', -1, 3, 3)).toBe('300');
    expect(steppedShares('300', -1, 3, 3)).toBe('200');
  });

  it('disables − at one lot and + at the most lots allowed, neither while the quantity is unreadable', () => {
    expect(sharesSteps(1)).toEqual({ canStepDown: false, canStepUp: true });
    expect(sharesSteps(2, 3)).toEqual({ canStepDown: true, canStepUp: true });
    expect(sharesSteps(3, 3)).toEqual({ canStepDown: true, canStepUp: false });
    expect(sharesSteps(null, 3)).toEqual({ canStepDown: true, canStepUp: true });
  });

  it('steps shares between two lots to the lot on that side, from what was typed', () => {
    expect(steppedShares('150', 1, 5)).toBe('200');
    expect(steppedShares('150', -1, 5)).toBe('100');
    expect(steppedShares('50', -1, 5)).toBe('100');
    expect(steppedShares('1,250', 1, 3, 5)).toBe('500');
  });

  it('steps from the fallback when what is typed cannot be read', () => {
    expect(steppedShares('', -1, 3)).toBe('200');
    expect(steppedShares('abc', 1)).toBe('100');
    expect(steppedShares('', -1)).toBe('100');
  });
});

describe('notionalOf', () => {
  it('is price × 100 shares per lot', () => {
    expect(notionalOf('2800.50', 3)).toBe('840150.00');
  });
});

describe('unrealisedPnlAt', () => {
  it('gains on a long when the price rises and on a short when it falls', () => {
    const long = { side: 'long', entryPrice: '2800.00', lots: 2 } as const;
    const short = { ...long, side: 'short' } as const;
    expect(unrealisedPnlAt(long, '2810.50')).toBe('2100.00');
    expect(unrealisedPnlAt(short, '2810.50')).toBe('-2100.00');
    expect(unrealisedPnlAt(short, '2790.00')).toBe('2000.00');
    expect(unrealisedPnlAt(long, '2800.00')).toBe('0.00');
  });
});

describe('pnlPercentOf', () => {
  it('is the P&L against the margin, rounded to hundredths', () => {
    expect(pnlPercentOf('2100.00', '280000.00')).toBe('0.75');
    expect(pnlPercentOf('-1000.00', '300000.00')).toBe('-0.33');
    expect(pnlPercentOf('-2000.00', '300000.00')).toBe('-0.67');
    expect(pnlPercentOf('1.00', '0.00')).toBeNull();
  });
});

describe('targetProblem', () => {
  const last = { price: 280_000n, basis: 'last' } as const;
  it('wants a long’s take-profit above and its stop-loss below the price, the opposite for a short', () => {
    expect(targetProblem('long', 'takeProfit', '2900', last, true)).toBeNull();
    expect(targetProblem('long', 'stopLoss', '2700', last, true)).toBeNull();
    expect(targetProblem('long', 'takeProfit', '2800', last, true)).toEqual({
      kind: 'side',
      reference: last,
    });
    expect(targetProblem('long', 'stopLoss', '2810', last, true)).toEqual({ kind: 'side', reference: last });
    expect(targetProblem('short', 'takeProfit', '２，９００', last, true)).toEqual({
      kind: 'side',
      reference: last,
    });
    expect(targetProblem('short', 'stopLoss', '2900', last, true)).toBeNull();
  });
  it('wants a price on the tick grid first, naming the tick at that price (TOPIX 500 or not)', () => {
    expect(targetProblem('long', 'takeProfit', '2900.3', last, true)).toEqual({ kind: 'tick', tick: 50n });
    expect(targetProblem('long', 'takeProfit', '2900.5', last, false)).toEqual({ kind: 'tick', tick: 100n });
    expect(targetProblem('long', 'stopLoss', '2700.3', last, true)).toEqual({ kind: 'tick', tick: 50n });
  });
  it('has none while nothing is typed, says what does not read as a price, and judges the side only once the price it needs is known', () => {
    expect(targetProblem('long', 'takeProfit', '', last, true)).toBeNull();
    expect(targetProblem('long', 'takeProfit', '  ', last, true)).toBeNull();
    for (const typed of ['abc', '0', '28,00', '12.345'])
      expect(targetProblem('long', 'takeProfit', typed, last, null)).toEqual({ kind: 'unreadable' });
    expect(targetProblem('long', 'takeProfit', '2700', null, true)).toBeNull();
    expect(targetProblem('long', 'takeProfit', '2700.3', null, null)).toBeNull();
  });
});

describe('targetOnItsSide', () => {
  it('puts a long’s take-profit and a short’s stop-loss above the reference, the other two below', () => {
    expect(targetDirection('long', 'takeProfit')).toBe('above');
    expect(targetDirection('short', 'stopLoss')).toBe('above');
    expect(targetDirection('long', 'stopLoss')).toBe('below');
    expect(targetDirection('short', 'takeProfit')).toBe('below');
  });
  it('refuses a target at the reference itself, on either side', () => {
    for (const side of ['long', 'short'] as const)
      for (const target of ['takeProfit', 'stopLoss'] as const)
        expect(targetOnItsSide(side, target, 280_000n, 280_000n)).toBe(false);
    expect(targetOnItsSide('long', 'takeProfit', 280_000n, 280_010n)).toBe(true);
    expect(targetOnItsSide('long', 'stopLoss', 280_000n, 280_010n)).toBe(false);
    expect(targetOnItsSide('short', 'stopLoss', 280_000n, 280_010n)).toBe(true);
  });
});

describe('marketEntry', () => {
  const last = 280_000n;
  const board = { asks: [{ price: '2801.00' }, { price: '2802.00' }], bids: [{ price: '2799.00' }] };
  it('meets the best ask on a buy and the best bid on a sell, as the engine fills a market order', () => {
    expect(marketEntry('long', last, board)).toEqual({ price: 280_100n, basis: 'ask' });
    expect(marketEntry('short', last, board)).toEqual({ price: 279_900n, basis: 'bid' });
  });
  it('takes the last price for a side with no orders, or before the board is read', () => {
    const stopHigh = { asks: [], bids: [{ price: '2799.00' }] };
    expect(marketEntry('long', last, stopHigh)).toEqual({ price: last, basis: 'last' });
    expect(marketEntry('short', last, stopHigh)).toEqual({ price: 279_900n, basis: 'bid' });
    expect(marketEntry('long', last, undefined)).toEqual({ price: last, basis: 'last' });
    expect(marketEntry('short', last, undefined)).toEqual({ price: last, basis: 'last' });
  });
  it('reads a crossed board the right way round, as the engine does', () => {
    const crossed = { asks: [{ price: '2799.00' }], bids: [{ price: '2801.00' }] };
    expect(marketEntry('long', last, crossed)).toEqual({ price: 280_100n, basis: 'bid' });
    expect(marketEntry('short', last, crossed)).toEqual({ price: 279_900n, basis: 'ask' });
  });
  it('has none without a last price', () => {
    expect(marketEntry('long', null, board)).toBeNull();
  });
});

describe('entryReference', () => {
  const ask = { price: 280_100n, basis: 'ask' } as const;
  const bid = { price: 279_900n, basis: 'bid' } as const;
  it('judges a market order, and a limit the market is already through, from the price it meets', () => {
    expect(entryReference('long', undefined, ask)).toEqual(ask);
    expect(entryReference('long', 290_000n, ask)).toEqual(ask);
    expect(entryReference('long', 280_100n, ask)).toEqual(ask);
    expect(entryReference('short', 270_000n, bid)).toEqual(bid);
    expect(entryReference('short', 279_900n, bid)).toEqual(bid);
  });
  it('judges a limit the market has not reached from the limit', () => {
    // Between the last price and the ask: a buy limit there rests.
    expect(entryReference('long', 280_000n, ask)).toEqual({ price: 280_000n, basis: 'limit' });
    expect(entryReference('short', 280_000n, bid)).toEqual({ price: 280_000n, basis: 'limit' });
    expect(entryReference('short', 290_000n, null)).toEqual({ price: 290_000n, basis: 'limit' });
  });
  it('has none while the price it needs is unknown or unreadable', () => {
    expect(entryReference('long', undefined, null)).toBeNull();
    expect(entryReference('long', null, ask)).toBeNull();
  });
});

describe('orderTargetReferences', () => {
  const last = 280_000n;
  const board = { asks: [{ price: '2801.00' }], bids: [{ price: '2799.00' }] };
  const ask = { price: 280_100n, basis: 'ask' } as const;
  const bid = { price: 279_900n, basis: 'bid' } as const;
  it('judges a market order’s take-profit from the price it fills at and its stop-loss from the price it closes at', () => {
    // A long is bought at the ask and sold into the bid: a stop-loss at the bid is already reached.
    expect(orderTargetReferences('long', undefined, last, board)).toEqual({ takeProfit: ask, stopLoss: bid });
    expect(orderTargetReferences('short', undefined, last, board)).toEqual({
      takeProfit: bid,
      stopLoss: ask,
    });
    // A limit the market is already through fills at the market, and is judged as a market order.
    expect(orderTargetReferences('long', 285_000n, last, board)).toEqual({ takeProfit: ask, stopLoss: bid });
  });
  it('judges a resting limit’s targets from its limit alone', () => {
    const limit = { price: 275_000n, basis: 'limit' } as const;
    expect(orderTargetReferences('long', 275_000n, last, board)).toEqual({
      takeProfit: limit,
      stopLoss: limit,
    });
  });
  it('falls back to the last price for an empty side, and has none while the prices are unknown', () => {
    const atLast = { price: last, basis: 'last' } as const;
    expect(orderTargetReferences('long', undefined, last, undefined)).toEqual({
      takeProfit: atLast,
      stopLoss: atLast,
    });
    expect(orderTargetReferences('long', undefined, null, board)).toBeNull();
    expect(orderTargetReferences('long', null, last, board)).toBeNull();
  });
});

describe('positionTargetReferences and marketExit', () => {
  const last = 280_000n;
  const board = { asks: [{ price: '2801.00' }], bids: [{ price: '2799.00' }] };
  it('judge an open position’s targets from the price they fire on: a long’s bid, a short’s ask', () => {
    const bid = { price: 279_900n, basis: 'bid' } as const;
    const ask = { price: 280_100n, basis: 'ask' } as const;
    expect(marketExit('long', last, board)).toEqual(bid);
    expect(marketExit('short', last, board)).toEqual(ask);
    expect(positionTargetReferences('long', last, board)).toEqual({ takeProfit: bid, stopLoss: bid });
    expect(positionTargetReferences('short', last, board)).toEqual({ takeProfit: ask, stopLoss: ask });
    expect(positionTargetReferences('short', null, board)).toBeNull();
  });
});

describe('livePnl', () => {
  const held = {
    id: '1',
    code: '7203',
    side: 'short',
    lots: 1,
    leverage: 1,
    entryPrice: '2800.00',
    margin: '280000.00',
    openFee: '280.00',
    interest: '0.00',
    takeProfit: null,
    stopLoss: null,
    status: 'holding',
    closeLimit: null,
    closeValidity: null,
    closeValidUntil: null,
    pendingClose: null,
    closeRequestedAt: null,
    closeLots: null,
    partOf: null,
    markPrice: '2790.00',
    unrealisedPnl: '1000.00',
    exitPrice: null,
    realisedPnl: null,
    closeFee: null,
    netPnl: null,
    closeReason: null,
    openedAt: '2026-11-24T01:00:00.000Z',
    closedAt: null,
  } as const;
  it('values an open position at the live quote when there is one, else at the server’s mark', () => {
    expect(livePnl(held, '2780.00')).toEqual({ price: '2780.00', pnl: '2000.00' });
    expect(livePnl(held, undefined)).toEqual({ price: '2790.00', pnl: '1000.00' });
  });
  it('shows a closed position at its exit with its P&L after fees and interest, whatever the market does', () => {
    const closed = {
      ...held,
      status: 'closed',
      exitPrice: '2810.00',
      realisedPnl: '-1000.00',
      closeFee: '281.00',
      netPnl: '-1561.00',
    } as const;
    expect(livePnl(closed, '2700.00')).toEqual({ price: '2810.00', pnl: '-1561.00' });
  });
});

describe('roomAbove', () => {
  it('is the equity left above a level, zero once reached, and nothing with nothing open', () => {
    expect(roomAbove('566699.50', '560100.00')).toBe('6599.50');
    expect(roomAbove('550000.00', '560100.00')).toBe('0.00');
    expect(roomAbove('1000000.00', null)).toBeNull();
  });
});

describe('shortfallTo', () => {
  it('is what equity lacks to reach a level, nothing once there, and nothing with nothing open', () => {
    expect(shortfallTo('42000.00', '56000.00')).toBe('14000.00');
    expect(shortfallTo('-1200.50', '56000.00')).toBe('57200.50');
    expect(shortfallTo('56000.00', '56000.00')).toBeNull();
    expect(shortfallTo('60000.00', '56000.00')).toBeNull();
    expect(shortfallTo('1000000.00', null)).toBeNull();
  });
});

describe('exceeds', () => {
  it('compares wire amounts to the sen, not as text', () => {
    expect(exceeds('1000.01', '1000.00')).toBe(true);
    expect(exceeds('1000.00', '1000.00')).toBe(false);
    expect(exceeds('999.99', '1000.00')).toBe(false);
    // As text "9" sorts after "10"; as money it is less.
    expect(exceeds('9.00', '10.00')).toBe(false);
    expect(exceeds('0.01', '-5.00')).toBe(true);
  });
});

describe('buyingPowerAt', () => {
  it('picks the server’s figure for the side and the leverage', () => {
    const long = 'long' as const;
    const account = {
      buyingPower: [
        {
          side: long,
          leverage: 1,
          notional: '32497.50',
          margin: '32497.50',
          limitedBy: 'maintenance' as const,
        },
        {
          side: long,
          leverage: 3,
          notional: '32497.50',
          margin: '10832.50',
          limitedBy: 'maintenance' as const,
        },
        {
          side: 'short' as const,
          leverage: 1,
          notional: '0.00',
          margin: '0.00',
          limitedBy: 'minimum_equity' as const,
        },
      ],
    };
    expect(buyingPowerAt(account, 'long', 3)?.margin).toBe('10832.50');
    expect(buyingPowerAt(account, 'long', 1)?.notional).toBe('32497.50');
    expect(buyingPowerAt(account, 'short', 1)?.limitedBy).toBe('minimum_equity');
    expect(buyingPowerAt(account, 'long', 2)).toBeNull();
    expect(buyingPowerAt(undefined, 'long', 1)).toBeNull();
  });
});

describe('marginOf', () => {
  it('divides the notional by the leverage, rounding up to the sen as the engine holds it', () => {
    expect(marginOf('780000.00', 2)).toBe('390000.00');
    expect(marginOf('280050.00', 3)).toBe('93350.00');
    // 100.01 yen at 3x: 3,334 sen is 33.34 yen (33.336...), never a sen less than the engine takes.
    expect(marginOf('100.01', 3)).toBe('33.34');
    expect(marginOf('230000.00', 1)).toBe('230000.00');
  });
});

describe('pnlAtTarget', () => {
  const long = { side: 'long', entryPrice: '2800.00', lots: 3 } as const;
  it("gives what closing at a typed target would realise, on the position's side", () => {
    // 300 shares: +50 yen a share is +15,000; -120.5 yen is -36,150.
    expect(pnlAtTarget(long, '2850')).toBe('15000.00');
    expect(pnlAtTarget(long, '２，６７９．５')).toBe('-36150.00');
    expect(pnlAtTarget({ ...long, side: 'short' }, '2850')).toBe('-15000.00');
    expect(pnlAtTarget({ ...long, side: 'short' }, '2700')).toBe('30000.00');
  });

  it('gives nothing until the price reads as one and the entry and lots are known', () => {
    expect(pnlAtTarget(long, '')).toBeNull();
    expect(pnlAtTarget(long, '28a0')).toBeNull();
    expect(pnlAtTarget(long, '0')).toBeNull();
    expect(pnlAtTarget({ ...long, side: 'short' }, '9'.repeat(60))).toBeNull();
    expect(pnlAtTarget({ ...long, entryPrice: null }, '2850')).toBeNull();
    expect(pnlAtTarget({ ...long, lots: null }, '2850')).toBeNull();
  });
});

describe('oppositeLots', () => {
  const open = (code: string, side: 'long' | 'short', lots: number, status: Position['status'] = 'holding') =>
    ({ code, side, lots, status }) as Position;

  it("adds the lots held in the stock on the order's other side, whatever their status until closed", () => {
    const positions = [
      open('7203', 'long', 2),
      open('7203', 'long', 1, 'limit-closing'),
      open('7203', 'long', 5, 'closed'),
      open('7203', 'short', 3),
      open('6758', 'long', 4),
    ];
    expect(oppositeLots(positions, '7203', 'short')).toBe(3);
    expect(oppositeLots(positions, '7203', 'long')).toBe(3);
    expect(oppositeLots(positions, '6758', 'short')).toBe(4);
    expect(oppositeLots(positions, '6758', 'long')).toBe(0);
    expect(oppositeLots([], '7203', 'short')).toBe(0);
  });
});
