import { describe, expect, it } from 'vitest';
import {
  formatChange,
  formatCompact,
  formatCount,
  formatPercent,
  formatPrice,
  instrumentName,
} from './market-format';

describe('market formatting', () => {
  it('prints prices with separators and only the decimals the tick needs', () => {
    expect(formatPrice('2345.50')).toBe('2,345.5');
    expect(formatPrice('1234567.00')).toBe('1,234,567');
    expect(formatPrice('845.00')).toBe('845');
    expect(formatPrice('0.10')).toBe('0.1');
    expect(formatPrice('-1200.00')).toBe('-1,200');
    expect(formatPrice(null)).toBe('—');
  });

  it('signs changes and percents, and leaves no change unsigned', () => {
    expect(formatChange('12.50')).toBe('+12.5');
    expect(formatChange('-3000.00')).toBe('-3,000');
    expect(formatChange('0.00')).toBe('0');
    expect(formatPercent('1.23')).toBe('+1.23%');
    expect(formatPercent('-0.50')).toBe('-0.50%');
    expect(formatPercent('0.00')).toBe('0.00%');
    expect(formatPercent('-0.00')).toBe('0.00%');
  });

  it('shortens volumes and turnover in the reader’s language', () => {
    expect(formatCompact('123456789', 'ja')).toBe('1.2億');
    expect(formatCompact('12345', 'ja')).toBe('1.2万');
    expect(formatCompact('34453000', 'ja')).toBe('3,445.3万');
    expect(formatCompact('123456789', 'en')).toBe('123.5M');
    expect(formatCount('1234500')).toBe('1,234,500');
    expect(formatCompact(undefined, 'en')).toBe('—');
  });

  it('names the instrument in Japanese for ja and zh-CN, in English otherwise', () => {
    const toyota = { nameJa: 'トヨタ自動車', nameEn: 'Toyota Motor' };
    expect(instrumentName(toyota, 'ja')).toBe('トヨタ自動車');
    expect(instrumentName(toyota, 'zh-CN')).toBe('トヨタ自動車');
    expect(instrumentName(toyota, 'fr')).toBe('Toyota Motor');
  });
});
