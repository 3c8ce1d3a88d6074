import { describe, expect, it } from 'vitest';
import {
  basisPointsAsPercent,
  formatPrice,
  formatYen,
  typedCount,
  typedDecimal,
  typedSen,
  wholeYenDown,
  wholeYenUp,
} from './money';

describe('formatPrice', () => {
  it('shows only the decimals a price has, with thousands separators', () => {
    expect(formatPrice('2800.00')).toBe('2,800');
    expect(formatPrice('2800.50')).toBe('2,800.5');
    expect(formatPrice('312.25')).toBe('312.25');
    expect(formatPrice('1000000.00')).toBe('1,000,000');
    expect(formatPrice('10.10')).toBe('10.1');
    expect(formatPrice('100.00')).toBe('100');
    expect(formatPrice('0.10')).toBe('0.1');
    expect(formatPrice('-5.00')).toBe('-5');
  });

  it('leaves amounts of money to formatYen, which keeps both decimals', () => {
    expect(formatYen('2800.00')).toBe('2,800.00');
  });
});

describe('typedDecimal', () => {
  it.each([
    ['2800', '2800'],
    ['2,800', '2800'],
    ['2,800.5', '2800.5'],
    ['1,000,000', '1000000'],
    ['２，８００円', '2800'],
    ['２８００．５', '2800.5'],
    ['¥2,800', '2800'],
    ['￥ 2800', '2800'],
    ['2800 円', '2800'],
    [' 2800 ', '2800'],
    ['-1,500', '-1500'],
    ['- ¥ 1,500 円', '-1500'],
    ['－１５００円', '-1500'],
    ['0', '0'],
  ])('reads %j as %j', (typed, plain) => {
    expect(typedDecimal(typed)).toBe(plain);
  });

  it.each([
    ['28,00', 'a comma that is not between groups of three'],
    [',,,2,5,0,0,,', 'commas anywhere'],
    ['2,80,0', 'commas in the wrong places'],
    ['1000,000', 'a group of four before a comma'],
    ['2,800,', 'a trailing comma'],
    ['2 800', 'a space inside the number'],
    ['25\n00', 'a line break inside the number'],
    ['2800.', 'a point without decimals'],
    ['.5', 'no digit before the point'],
    ['2.5e3', 'an exponent'],
    ['0x9C4', 'hexadecimal'],
    ['2800円円', 'two yen marks'],
    ['¥2800¥', 'a yen sign after'],
    ['--5', 'two signs'],
    ['', 'nothing'],
    ['abc', 'letters'],
  ])('refuses %j (%s)', (typed) => {
    expect(typedDecimal(typed)).toBeNull();
  });

  it('refuses what no person types as a price before reading it: spaces to make a match slow, or just length', () => {
    // A sign, then spaces the two optional runs around a ¥ could once share out in quadratically many ways.
    expect(typedDecimal(`-${' '.repeat(65_000)}x`)).toBeNull();
    expect(typedDecimal(`-${' '.repeat(60)}x`)).toBeNull();
    expect(typedDecimal(`${'1'.repeat(64)}`)).toBe('1'.repeat(64));
    expect(typedDecimal(`${'1'.repeat(65)}`)).toBeNull();
    expect(typedCount(`${' '.repeat(65_000)}1`)).toBeNull();
  });

  it('reads sen, and refuses more than two decimals', () => {
    expect(typedSen('２，８００．５円')).toBe(280050n);
    expect(typedSen('-1,500')).toBe(-150000n);
    expect(typedSen('12.345')).toBeNull();
    expect(typedSen('28,00')).toBeNull();
  });
});

describe('typedCount', () => {
  it('reads digits grouped by commas or not, full-width too', () => {
    expect(typedCount('1,000')).toBe('1000');
    expect(typedCount('１０００')).toBe('1000');
    expect(typedCount(' 300 ')).toBe('300');
  });
  it('refuses a comma out of place, a space inside, a sign, decimals or a currency mark', () => {
    for (const typed of ['10,00', '1 000', '-100', '1.5', '¥100', '100円', '', 'abc'])
      expect(typedCount(typed)).toBeNull();
  });
});

describe('wholeYenDown and wholeYenUp', () => {
  it('round sen to whole yen below and above, on both sides of zero', () => {
    expect([6_340_050n, 6_340_100n, 1n, 0n, -1n, -150n].map(wholeYenDown)).toEqual([
      6_340_000n,
      6_340_100n,
      0n,
      0n,
      -100n,
      -200n,
    ]);
    expect([6_340_050n, 6_340_100n, 1n, 0n, -1n, -150n].map(wholeYenUp)).toEqual([
      6_340_100n,
      6_340_100n,
      100n,
      0n,
      0n,
      -100n,
    ]);
  });
});

describe('basisPointsAsPercent', () => {
  it('prints a rate in basis points as a percentage with two decimals', () => {
    expect(basisPointsAsPercent(280)).toBe('2.80');
    expect(basisPointsAsPercent(115)).toBe('1.15');
    expect(basisPointsAsPercent(5)).toBe('0.05');
    expect(basisPointsAsPercent(0)).toBe('0.00');
    expect(basisPointsAsPercent(12_345)).toBe('123.45');
    expect(basisPointsAsPercent(-250)).toBe('-2.50');
  });
});
