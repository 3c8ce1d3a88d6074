import { describe, expect, it } from 'vitest';
import { formatPrice, formatYen } from './money';

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
