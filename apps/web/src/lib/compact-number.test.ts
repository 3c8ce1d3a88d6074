import fc from 'fast-check';
import { LANGUAGES } from '@kabuto/i18n';
import { describe, expect, it } from 'vitest';
import { compactNumber } from './compact-number';

/** What the browser's Intl prints for the same decimal (a string is formatted as an exact decimal). */
const intl = (decimal: string, lang: string) =>
  new Intl.NumberFormat(lang, {
    notation: 'compact',
    maximumFractionDigits: 1,
    useGrouping: 'always',
  }).format(decimal as unknown as number);

describe('compact numbers', () => {
  it('prints the units Japanese brokers print', () => {
    expect(compactNumber('9999', 'ja')).toBe('9,999');
    expect(compactNumber('12345', 'ja')).toBe('1.2万');
    expect(compactNumber('34453000', 'ja')).toBe('3,445.3万');
    expect(compactNumber('99999999', 'ja')).toBe('1億');
    expect(compactNumber('123456789012.50', 'ja')).toBe('1,234.6億');
    expect(compactNumber('1234567890123', 'ja')).toBe('1.2兆');
    expect(compactNumber('123456789', 'zh-CN')).toBe('1.2亿');
    expect(compactNumber('999999', 'en')).toBe('1M');
    expect(compactNumber('12345678901', 'es')).toBe('12,3\u00a0mil\u00a0M');
    expect(compactNumber('1234567890', 'fr')).toBe('1,2\u00a0Md');
    expect(compactNumber('0', 'en')).toBe('0');
    expect(compactNumber('123.45', 'ja')).toBe('123.5');
  });

  it('refuses what is not a decimal', () => {
    expect(compactNumber('', 'ja')).toBeNull();
    expect(compactNumber('1e9', 'en')).toBeNull();
    expect(compactNumber('12.345', 'en')).toBeNull();
  });

  it('prints what Intl.NumberFormat prints, in every language, at every magnitude', () => {
    const decimal = fc
      .tuple(fc.bigInt({ min: 0n, max: 10n ** 17n }), fc.integer({ min: 0, max: 99 }), fc.boolean())
      .map(([whole, cents, withCents]) =>
        withCents ? `${whole}.${String(cents).padStart(2, '0')}` : `${whole}`,
      );
    // Values on and around the boundaries where the unit changes or rounding carries into the next one.
    const boundary = fc
      .tuple(
        fc.integer({ min: 3, max: 16 }),
        fc.constantFrom(-1n, 0n, 1n),
        fc.constantFrom('', '9', '95', '5'),
      )
      .map(([exponent, offset, nines]) => {
        const base = 10n ** BigInt(exponent) + offset;
        return nines ? `${base - 1n}${nines.length === 1 ? '.9' : '.95'}` : `${base}`;
      });
    fc.assert(
      fc.property(fc.oneof(decimal, boundary), fc.constantFrom(...LANGUAGES), (value, lang) => {
        expect(compactNumber(value, lang)).toBe(intl(value, lang));
      }),
      { numRuns: 3000 },
    );
  });
});
