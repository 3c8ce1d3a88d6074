import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decimalToSen } from '@kabuto/contract';
import {
  dailyPriceLimit,
  isOnTick,
  isWithinDailyLimits,
  limitDown,
  limitUp,
  lowestPrice,
  roundToTick,
  type TickTable,
} from './index';

function price(text: string): bigint {
  const sen = decimalToSen(text);
  if (sen === null) throw new Error(`bad price ${text}`);
  return sen;
}

// MARKET-RULES.md, Daily price limit: "base price below" and its limit, in yen, as far as the text spells them out.
const STEPS = [
  ['100', '30'],
  ['200', '50'],
  ['500', '80'],
  ['700', '100'],
  ['1000', '150'],
  ['1500', '300'],
  ['2000', '400'],
  ['3000', '500'],
  ['5000', '700'],
  ['7000', '1000'],
  ['10000', '1500'],
  ['15000', '3000'],
  ['20000', '4000'],
  ['30000', '5000'],
  ['50000', '7000'],
  ['70000', '10000'],
  ['100000', '15000'],
  ['150000', '30000'],
  ['200000', '40000'],
] as const;

describe('dailyPriceLimit', () => {
  it.each(STEPS)('a base just below %s has a limit of %s', (below, limit) => {
    expect(dailyPriceLimit(price(below) - 1n)).toBe(price(limit));
  });

  it.each(STEPS.slice(0, -1).map(([below], i) => [below, STEPS[i + 1]![1]] as const))(
    'a base of exactly %s has the next step, %s',
    (base, limit) => expect(dailyPriceLimit(price(base))).toBe(price(limit)),
  );

  // "and so on": the same steps for every further tenfold
  it.each([
    ['999999', '150000'],
    ['1000000', '300000'],
    ['1499999', '300000'],
    ['1500000', '400000'],
    ['9999999', '1500000'],
    ['10000000', '3000000'],
    ['69999999', '10000000'],
    ['70000000', '15000000'],
  ])('a base of %s has a limit of %s', (base, limit) =>
    expect(dailyPriceLimit(price(base))).toBe(price(limit)),
  );

  it('takes sub-yen base prices of the finer table', () => {
    expect(dailyPriceLimit(price('99.9'))).toBe(price('30'));
    expect(dailyPriceLimit(price('999.9'))).toBe(price('150'));
  });
});

describe('limitUp and limitDown', () => {
  it.each([
    ['2800', 'topix500', '3300', '2300'], // Toyota-like: ±500
    ['99', 'other', '129', '69'],
    ['100', 'other', '150', '50'],
    ['15000', 'topix500', '19000', '11000'], // ±4,000
    ['4995', 'other', '5690', '4295'], // 5,695 is off the 10-yen grid above 5,000: rounded inwards
    ['999.9', 'topix500', '1149.5', '849.9'], // 1,149.9 is off the 0.5-yen grid above 1,000
    ['10', 'other', '40', '1'], // no price below the lowest tick
  ] as const)('base %s on %s: stop high %s, stop low %s', (base, table, up, down) => {
    expect(limitUp(price(base), table)).toBe(price(up));
    expect(limitDown(price(base), table)).toBe(price(down));
  });

  it('bounds the prices that may trade', () => {
    expect(isWithinDailyLimits(price('3300'), price('2800'), 'topix500')).toBe(true);
    expect(isWithinDailyLimits(price('2300'), price('2800'), 'topix500')).toBe(true);
    expect(isWithinDailyLimits(price('3301'), price('2800'), 'topix500')).toBe(false);
    expect(isWithinDailyLimits(price('2299'), price('2800'), 'topix500')).toBe(false);
  });
});

describe('price limit properties', () => {
  const table = fc.constantFrom<TickTable>('topix500', 'other');
  const validBase = fc
    .tuple(
      fc
        .integer({ min: 0, max: 10 })
        .chain((digits) => fc.bigInt({ min: 1n, max: 6n * 10n ** BigInt(digits) })),
      table,
    )
    .map(([p, t]) => [roundToTick(p, 'up', t), t] as const);

  it('limitUp(p) > p > limitDown(p), both valid prices no further than the limit from p', () => {
    fc.assert(
      fc.property(validBase, ([base, t]) => {
        fc.pre(base > lowestPrice(t));
        const up = limitUp(base, t);
        const down = limitDown(base, t);
        expect(up > base && base > down).toBe(true);
        expect(isOnTick(up, t) && isOnTick(down, t)).toBe(true);
        expect(up - base <= dailyPriceLimit(base)).toBe(true);
        expect(base - down <= dailyPriceLimit(base)).toBe(true);
        expect(isWithinDailyLimits(base, base, t)).toBe(true);
      }),
    );
  });
});
