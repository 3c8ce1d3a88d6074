import { describe, expect, it } from 'vitest';
import { decimalToSen, typedPrice } from '@kabuto/contract';
import {
  limitPriceProblem,
  priceInputText,
  steppedLimit,
  steppedPrice,
  steppedTarget,
  tickAt,
} from './prices';

function sen(text: string): bigint {
  const value = decimalToSen(text);
  if (value === null) throw new Error(`bad price ${text}`);
  return value;
}

const other = { topix500: false, reference: sen('2800') };
const topix = { topix500: true, reference: sen('2800') };

describe('typedPrice', () => {
  it('reads prices as typed on a Japanese keyboard', () => {
    expect(typedPrice('2,800')).toBe(sen('2800'));
    expect(typedPrice('２８００円')).toBe(sen('2800'));
    expect(typedPrice(' 2800.5 ')).toBe(sen('2800.5'));
  });
  it('refuses what is not a positive price', () => {
    expect(typedPrice('')).toBeNull();
    expect(typedPrice('0')).toBeNull();
    expect(typedPrice('-5')).toBeNull();
    expect(typedPrice('12.345')).toBeNull();
    expect(typedPrice('abc')).toBeNull();
  });
  it('refuses a comma or a space that is a slip, as the server does', () => {
    expect(typedPrice('28,00')).toBeNull();
    expect(typedPrice('2 800')).toBeNull();
    expect(typedPrice(',,,2,8,0,0,,')).toBeNull();
    // The server's ceiling: 10 million yen.
    expect(typedPrice('10000000')).toBe(sen('10000000'));
    expect(typedPrice('10000000.1')).toBeNull();
    expect(typedPrice('9'.repeat(60))).toBeNull();
  });
});

describe('priceInputText', () => {
  it('drops trailing zeros and keeps a tenth', () => {
    expect(priceInputText(sen('2800'))).toBe('2800');
    expect(priceInputText(sen('2800.5'))).toBe('2800.5');
    expect(priceInputText(sen('999.9'))).toBe('999.9');
    expect(priceInputText(sen('1.25'))).toBe('1.25');
  });
});

describe('steppedPrice', () => {
  it('moves one tick of the stock’s table', () => {
    expect(steppedPrice('2800', 1, other)).toBe(sen('2801'));
    expect(steppedPrice('2800', 1, topix)).toBe(sen('2800.5'));
    expect(steppedPrice('2800', -1, topix)).toBe(sen('2799.5'));
  });
  it('crosses a band bound with the next band’s tick', () => {
    // Other stocks: 1 yen up to 3,000, 5 yen up to 5,000.
    expect(steppedPrice('3000', 1, other)).toBe(sen('3005'));
    expect(steppedPrice('3005', -1, other)).toBe(sen('3000'));
    expect(steppedPrice('3000', -1, other)).toBe(sen('2999'));
    // TOPIX500: 0.1 yen up to 1,000, 0.5 yen up to 3,000.
    expect(steppedPrice('1000', 1, topix)).toBe(sen('1000.5'));
    expect(steppedPrice('1000', -1, topix)).toBe(sen('999.9'));
  });
  it('moves an off-grid price to the grid in the direction of the step', () => {
    expect(steppedPrice('3002', 1, other)).toBe(sen('3005'));
    expect(steppedPrice('3002', -1, other)).toBe(sen('3000'));
  });
  it('starts from the reference price when nothing readable is typed', () => {
    expect(steppedPrice('', 1, other)).toBe(sen('2800'));
    expect(steppedPrice('abc', -1, { topix500: false, reference: sen('3002') })).toBe(sen('3000'));
  });
  it('stays inside the day’s limits', () => {
    const band = { low: sen('2300'), high: sen('3300') };
    expect(steppedPrice('3300', 1, { ...other, band })).toBe(sen('3300'));
    expect(steppedPrice('2300', -1, { ...other, band })).toBe(sen('2300'));
    expect(steppedPrice('9000', 1, { ...other, band })).toBe(sen('3300'));
    expect(steppedPrice('100', -1, { ...other, band })).toBe(sen('2300'));
  });
  it('never goes below the lowest price of the table', () => {
    expect(steppedPrice('1', -1, other)).toBe(sen('1'));
    expect(steppedPrice('0.1', -1, topix)).toBe(sen('0.1'));
  });
});

describe('tickAt', () => {
  it("gives the tick at the typed price, on the stock's table, at and either side of a band's bound", () => {
    // TOPIX500: 0.5 yen up to 3,000 yen, 1 yen above; the other stocks: 1 yen up to 3,000, 5 yen above.
    expect(tickAt('3000', 100n, true)).toBe(50n);
    expect(tickAt('3000.5', 100n, true)).toBe(100n);
    expect(tickAt('2999.5', 100n, true)).toBe(50n);
    expect(tickAt('3,000円', 100n, false)).toBe(100n);
    expect(tickAt('3001', 100n, false)).toBe(500n);
  });

  it('falls back to the reference price while nothing readable is typed', () => {
    expect(tickAt('', 280_000n, true)).toBe(50n);
    expect(tickAt('abc', 500_000n, false)).toBe(500n);
    expect(tickAt('0', 99_900n, true)).toBe(10n);
  });
});

describe('steppedLimit', () => {
  // Last 2,800; the board 2,801 / 2,799.5 (TOPIX500: 0.5 yen ticks at this price).
  const market = {
    last: sen('2800'),
    board: { asks: [{ price: '2801' }], bids: [{ price: '2799.5' }] },
    topix500: true,
  };
  it('fills an empty price with what a market order meets, on either button: a buy the best ask, a sell the best bid', () => {
    expect(steppedLimit('', 1, 'long', market)).toBe(sen('2801'));
    expect(steppedLimit('', -1, 'long', market)).toBe(sen('2801'));
    expect(steppedLimit('', 1, 'short', market)).toBe(sen('2799.5'));
    expect(steppedLimit(' ', -1, 'short', market)).toBe(sen('2799.5'));
  });
  it('fills the last price while that side of the board is empty or not read yet', () => {
    expect(steppedLimit('', 1, 'long', { ...market, board: undefined })).toBe(sen('2800'));
    const stopHigh = { ...market, board: { asks: [], bids: [{ price: '2799.5' }] } };
    expect(steppedLimit('', -1, 'long', stopHigh)).toBe(sen('2800'));
    expect(steppedLimit('', -1, 'short', stopHigh)).toBe(sen('2799.5'));
  });
  it('moves a price once there is one by a tick each tap', () => {
    expect(steppedLimit('2801', 1, 'long', market)).toBe(sen('2801.5'));
    expect(steppedLimit('2801', -1, 'long', market)).toBe(sen('2800.5'));
    expect(steppedLimit('2799.5', -1, 'short', market)).toBe(sen('2799'));
  });
});

describe('steppedTarget', () => {
  it('starts an empty field one tick beyond its reference in the step’s direction, never at it', () => {
    // A buy's take-profit judged against the best ask (2,800.5): the first + is the tick above it.
    expect(steppedTarget('', 1, { ...topix, reference: sen('2800.5') })).toBe(sen('2801'));
    // Its stop-loss judged against the bid (2,800): the first − is the tick below.
    expect(steppedTarget('', -1, topix)).toBe(sen('2799.5'));
    expect(steppedTarget('abc', 1, other)).toBe(sen('2801'));
  });
  it('steps a typed price as steppedPrice does', () => {
    expect(steppedTarget('2900', 1, topix)).toBe(steppedPrice('2900', 1, topix));
    expect(steppedTarget('3002', -1, other)).toBe(sen('3000'));
  });
});

describe('limitPriceProblem', () => {
  const band = { low: sen('2300'), high: sen('3300') };
  it('says nothing while nothing is typed, and what the engine refuses first once something is', () => {
    expect(limitPriceProblem('', band, true)).toBeNull();
    expect(limitPriceProblem('2800.5', band, true)).toBeNull();
    expect(limitPriceProblem('２，８００', band, false)).toBeNull();
    expect(limitPriceProblem('abc', band, true)).toEqual({ kind: 'unreadable' });
    expect(limitPriceProblem('28,00', band, true)).toEqual({ kind: 'unreadable' });
    // Outside the day's limits comes before the tick, as the engine checks them.
    expect(limitPriceProblem('3300.3', band, true)).toEqual({ kind: 'limits' });
    expect(limitPriceProblem('2299.5', band, true)).toEqual({ kind: 'limits' });
    expect(limitPriceProblem('3300', band, true)).toBeNull();
    // Off the grid, with the tick at that price: 0.5 yen on TOPIX 500 here, 1 yen on the other table.
    expect(limitPriceProblem('2800.3', band, true)).toEqual({ kind: 'tick', tick: 50n });
    expect(limitPriceProblem('2800.5', band, false)).toEqual({ kind: 'tick', tick: 100n });
  });
  it('judges only what it knows: no band, no limits; no tick table, no tick', () => {
    expect(limitPriceProblem('9999', null, true)).toBeNull();
    expect(limitPriceProblem('2800.3', band, null)).toBeNull();
    expect(limitPriceProblem('abc', null, null)).toEqual({ kind: 'unreadable' });
  });
});
