import { describe, expect, it } from 'vitest';
import { mostWithdrawable, senLeftBehind } from './withdrawal-amount';

const known = (
  withdrawable: string,
  available: string,
  limitedBy: 'margin_call' | 'free_margin' | 'unavailable' | null = null,
) => ({
  withdrawable,
  available,
  limitedBy,
  factorRequired: false,
});

describe('mostWithdrawable', () => {
  it('is the withdrawable amount in sen, with or without positions limiting it', () => {
    expect(mostWithdrawable(known('123456.00', '123456.78'))).toBe(12_345_600n);
    expect(mostWithdrawable(known('50000.00', '80000.00', 'free_margin'))).toBe(5_000_000n);
  });
  it('is the minimum withdrawal itself, and nothing a yen below it', () => {
    expect(mostWithdrawable(known('10000.00', '10000.00'))).toBe(1_000_000n);
    expect(mostWithdrawable(known('9999.00', '9999.99'))).toBeNull();
  });
  it('is nothing during a margin call, while positions cannot be valued, or before the amount is known', () => {
    expect(mostWithdrawable(known('0.00', '80000.00', 'margin_call'))).toBeNull();
    expect(mostWithdrawable(known('0.00', '80000.00', 'unavailable'))).toBeNull();
    expect(mostWithdrawable(undefined)).toBeNull();
  });
});

describe('senLeftBehind', () => {
  it('is the fraction of a yen in the available cash', () => {
    expect(senLeftBehind(known('123456.00', '123456.78'))).toBe(78n);
    expect(senLeftBehind(known('0.00', '0.05'))).toBe(5n);
  });
  it('is nothing for whole yen', () => {
    expect(senLeftBehind(known('123456.00', '123456.00'))).toBeNull();
    expect(senLeftBehind(known('0.00', '0.00'))).toBeNull();
  });
});
