import { describe, expect, it } from 'vitest';
import { withSign, yen } from './format';

describe('yen', () => {
  it('puts the sign before the yen mark', () => {
    expect(yen('1234567.00')).toBe('¥1,234,567.00');
    expect(yen('-12.00')).toBe('-¥12.00');
    expect(yen(undefined)).toBe('¥0.00');
  });
});

describe('withSign', () => {
  it('marks gains with a plus and leaves zero unsigned', () => {
    expect(withSign('1,234.00')).toBe('+1,234.00');
    expect(withSign('-5.00')).toBe('-5.00');
    expect(withSign('0.00')).toBe('0.00');
    expect(withSign(yen('1234.00'))).toBe('+¥1,234.00');
    expect(withSign(yen('-5.00'))).toBe('-¥5.00');
    expect(withSign(yen('0.00'))).toBe('¥0.00');
  });
});
