import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PriceIndex, type FiresWhen } from './price-index';
import { propertyRuns } from './property-runs';

function keys<T>(index: PriceIndex<T>): T[] {
  return [...index.inFiringOrder()].map(({ item }) => item);
}

describe('PriceIndex', () => {
  it('fires buy-side entries (at or below) from the highest key down, equal keys by sequence', () => {
    const index = new PriceIndex<string>('at-or-below');
    index.insert(100, 1, 'a');
    index.insert(120, 2, 'b');
    index.insert(120, 3, 'c');
    index.insert(90, 4, 'd');
    expect(keys(index)).toEqual(['b', 'c', 'a', 'd']);
    expect(index.takeNext(121)).toBeUndefined();
    expect(index.takeNext(110)).toBe('b');
    expect(index.takeNext(110)).toBe('c');
    expect(index.takeNext(110)).toBeUndefined();
    expect(index.size).toBe(2);
  });

  it('fires sell-side entries (at or above) from the lowest key up', () => {
    const index = new PriceIndex<string>('at-or-above');
    index.insert(100, 5, 'a');
    index.insert(100, 2, 'b');
    index.insert(80, 9, 'c');
    expect(keys(index)).toEqual(['c', 'b', 'a']);
    expect(index.takeNext(79)).toBeUndefined();
    expect(index.takeNext(100)).toBe('c');
    expect(index.takeNext(100)).toBe('b');
    expect(index.takeNext(100)).toBe('a');
    expect(index.takeNext(1_000)).toBeUndefined();
  });

  it('removes by key and sequence, and refuses duplicates and unsafe keys', () => {
    const index = new PriceIndex<string>('at-or-above');
    index.insert(100, 1, 'a');
    expect(() => index.insert(100, 1, 'again')).toThrow();
    expect(() => index.insert(2 ** 53, 2, 'huge')).toThrow(RangeError);
    expect(index.remove(100, 2)).toBeUndefined();
    expect(index.remove(101, 1)).toBeUndefined();
    expect(index.remove(100, 1)).toBe('a');
    expect(index.size).toBe(0);
  });

  it('behaves like a sorted list under any sequence of inserts, removals and takes', () => {
    type Step =
      { op: 'insert'; key: number } | { op: 'remove'; pick: number } | { op: 'take'; price: number };
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.record({ op: fc.constant('insert' as const), key: fc.integer({ min: 1, max: 40 }) }),
      fc.record({ op: fc.constant('remove' as const), pick: fc.nat() }),
      fc.record({ op: fc.constant('take' as const), price: fc.integer({ min: 0, max: 41 }) }),
    );
    fc.assert(
      fc.property(fc.constantFrom<FiresWhen>('at-or-above', 'at-or-below'), fc.array(step), (when, steps) => {
        const index = new PriceIndex<number>(when);
        let model: { key: number; seq: number }[] = [];
        const fires = (key: number, price: number) => (when === 'at-or-above' ? price >= key : price <= key);
        // Next to fire first: the key needing the smallest move, then the earliest sequence.
        const order = (a: { key: number; seq: number }, b: { key: number; seq: number }) =>
          a.key === b.key ? a.seq - b.seq : when === 'at-or-above' ? a.key - b.key : b.key - a.key;
        let seq = 0;
        for (const s of steps) {
          if (s.op === 'insert') {
            seq += 1;
            index.insert(s.key, seq, seq);
            model.push({ key: s.key, seq });
          } else if (s.op === 'remove' && model.length > 0) {
            const victim = model[s.pick % model.length]!;
            expect(index.remove(victim.key, victim.seq)).toBe(victim.seq);
            model = model.filter((entry) => entry !== victim);
          } else if (s.op === 'take') {
            const expected = model.filter((entry) => fires(entry.key, s.price)).sort(order);
            const taken: number[] = [];
            for (let item = index.takeNext(s.price); item !== undefined; item = index.takeNext(s.price)) {
              taken.push(item);
            }
            expect(taken).toEqual(expected.map((entry) => entry.seq));
            model = model.filter((entry) => !fires(entry.key, s.price));
          }
          expect(keys(index)).toEqual([...model].sort(order).map((entry) => entry.seq));
        }
      }),
      { numRuns: propertyRuns(300) },
    );
  });
});
