import { describe, expect, it } from 'vitest';
import { formatJst } from './time';

describe('formatJst', () => {
  it('prints Japan time with slashes, crossing the date line at 15:00 UTC', () => {
    expect(formatJst('2026-11-22T00:05:09Z')).toBe('2026/11/22 09:05');
    expect(formatJst('2026-11-22T15:00:00Z')).toBe('2026/11/23 00:00');
    expect(formatJst('2026-12-31T14:59:59.999Z', { seconds: true })).toBe('2026/12/31 23:59:59');
  });

  it('returns what it cannot read unchanged', () => {
    expect(formatJst('not a date')).toBe('not a date');
  });
});
