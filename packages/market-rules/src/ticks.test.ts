import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decimalToSen } from '@kabuto/contract';
import {
  isOnTick,
  lowestPrice,
  roundToTick,
  tickSize,
  tickTableFor,
  ticksAway,
  type TickTable,
} from './index';

/** A yen decimal ("999.9") as a price in sen. */
function price(text: string): bigint {
  const sen = decimalToSen(text);
  if (sen === null) throw new Error(`bad price ${text}`);
  return sen;
}

// MARKET-RULES.md, Tick size: the "price up to" columns and each table's tick, in yen.
const UP_TO = [
  '1000',
  '3000',
  '5000',
  '10000',
  '30000',
  '50000',
  '100000',
  '300000',
  '500000',
  '1000000',
  '3000000',
  '5000000',
  '10000000',
  '30000000',
  '50000000',
];
const TICKS: Record<TickTable, string[]> = {
  topix500: [
    '0.1',
    '0.5',
    '1',
    '1',
    '5',
    '10',
    '10',
    '50',
    '100',
    '100',
    '500',
    '1000',
    '1000',
    '5000',
    '10000',
    '10000',
  ],
  other: [
    '1',
    '1',
    '5',
    '10',
    '10',
    '50',
    '100',
    '100',
    '500',
    '1000',
    '1000',
    '5000',
    '10000',
    '10000',
    '50000',
    '100000',
  ],
};
const BOUNDS = UP_TO.flatMap((upTo, column) =>
  (['topix500', 'other'] as const).map((table) => ({
    table,
    upTo: price(upTo),
    tickAt: price(TICKS[table][column]!),
    tickAbove: price(TICKS[table][column + 1]!),
  })),
);

describe('tick size tables', () => {
  it.each(BOUNDS)('$table: a price exactly at $upTo uses its column, one above uses the next', (b) => {
    expect(tickSize(b.upTo, b.table)).toBe(b.tickAt);
    expect(tickSize(b.upTo + 1n, b.table)).toBe(b.tickAbove);
  });

  it.each(BOUNDS)('$table: around $upTo, the bound and one tick either side are valid prices', (b) => {
    expect(isOnTick(b.upTo, b.table)).toBe(true);
    expect(ticksAway(b.upTo, -1, b.table)).toBe(b.upTo - b.tickAt);
    expect(ticksAway(b.upTo, 1, b.table)).toBe(b.upTo + b.tickAbove);
    expect(isOnTick(b.upTo - b.tickAt, b.table)).toBe(true);
    expect(isOnTick(b.upTo + b.tickAbove, b.table)).toBe(true);
    if (b.tickAbove > b.tickAt) expect(isOnTick(b.upTo + b.tickAt, b.table)).toBe(false);
  });

  it('uses the last column above 50,000,000 JPY', () => {
    expect(tickSize(price('80000000'), 'topix500')).toBe(price('10000'));
    expect(tickSize(price('80000000'), 'other')).toBe(price('100000'));
  });

  it('checks concrete prices against the grid', () => {
    expect(isOnTick(price('999.9'), 'topix500')).toBe(true);
    expect(isOnTick(price('999.9'), 'other')).toBe(false);
    expect(isOnTick(price('1000.5'), 'topix500')).toBe(true);
    expect(isOnTick(price('1000.1'), 'topix500')).toBe(false);
    expect(isOnTick(price('2800'), 'other')).toBe(true);
    expect(isOnTick(price('3001'), 'other')).toBe(false);
    expect(isOnTick(price('3005'), 'other')).toBe(true);
    expect(isOnTick(price('999.95'), 'topix500')).toBe(false);
    expect(isOnTick(0n, 'topix500')).toBe(false);
  });

  it('picks the finer table for TOPIX500 members', () => {
    expect(tickTableFor(true)).toBe('topix500');
    expect(tickTableFor(false)).toBe('other');
  });
});

describe('roundToTick', () => {
  it.each([
    ['3001', 'up', 'other', '3005'],
    ['3001', 'down', 'other', '3000'],
    ['3000', 'up', 'other', '3000'],
    ['1000.07', 'up', 'topix500', '1000.5'],
    ['1000.07', 'down', 'topix500', '1000'],
    ['999.95', 'up', 'topix500', '1000'],
    ['999.95', 'down', 'topix500', '999.9'],
    ['50000001', 'up', 'other', '50100000'],
    ['0.5', 'up', 'other', '1'],
  ] as const)('%s rounded %s on %s is %s', (input, direction, table, expected) =>
    expect(roundToTick(price(input), direction, table)).toBe(price(expected)),
  );

  it('has nothing to round down to below the lowest price', () => {
    expect(lowestPrice('other')).toBe(price('1'));
    expect(lowestPrice('topix500')).toBe(price('0.1'));
    expect(() => roundToTick(price('0.5'), 'down', 'other')).toThrow(RangeError);
    expect(() => roundToTick(0n, 'up', 'other')).toThrow(RangeError);
  });
});

const table = fc.constantFrom<TickTable>('topix500', 'other');
// Prices spread over every band: a band's magnitude, then a price inside it (sen).
const anyPrice = fc
  .integer({ min: 0, max: 10 })
  .chain((digits) => fc.bigInt({ min: 1n, max: 6n * 10n ** BigInt(digits) }));

describe('tick properties', () => {
  it('roundToTick lands on the grid, on the right side, at the nearest valid price', () => {
    fc.assert(
      fc.property(anyPrice, table, (p, t) => {
        const up = roundToTick(p, 'up', t);
        expect(isOnTick(up, t)).toBe(true);
        expect(up >= p).toBe(true);
        expect(up === lowestPrice(t) || ticksAway(up, -1, t) < p).toBe(true);
        if (p >= lowestPrice(t)) {
          const down = roundToTick(p, 'down', t);
          expect(isOnTick(down, t)).toBe(true);
          expect(down <= p).toBe(true);
          expect(ticksAway(down, 1, t) > p).toBe(true);
        }
      }),
    );
  });

  it('ticksAway up and back returns to the same price', () => {
    fc.assert(
      fc.property(anyPrice, table, fc.integer({ min: -20, max: 20 }), (p, t, n) => {
        const valid = roundToTick(p, 'up', t);
        fc.pre(n >= 0 || valid > lowestPrice(t) * 25n * 1000n);
        expect(ticksAway(ticksAway(valid, n, t), -n, t)).toBe(valid);
      }),
    );
  });
});
