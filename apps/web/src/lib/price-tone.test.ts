import { beforeEach, describe, expect, it, vi } from 'vitest';

const stored = new Map<string, string>();
const root = { dataset: {} as Record<string, string> };
vi.stubGlobal('document', { documentElement: root });
vi.stubGlobal('localStorage', {
  getItem: (key: string) => stored.get(key) ?? null,
  setItem: (key: string, value: string) => stored.set(key, value),
  removeItem: (key: string) => stored.delete(key),
});

const { directionOf, setPriceColours, storedPriceColours, toneClass } = await import('./price-tone');

describe('the price colour rule', () => {
  beforeEach(() => stored.clear());

  it('tells a rise, a fall and no change apart from the wire decimal', () => {
    expect(directionOf('12.50')).toBe('up');
    expect(directionOf('0.10')).toBe('up');
    expect(directionOf('-0.10')).toBe('down');
    expect(directionOf('0.00')).toBe('flat');
    expect(directionOf('-0.00')).toBe('flat');
    expect(directionOf(null)).toBe('flat');
    expect(toneClass('-3.00')).toBe('kb-tone-down');
    expect(toneClass('3.00')).toBe('kb-tone-up');
  });

  it('uses the Japanese convention (up red) until the investor switches it, and applies the choice', () => {
    expect(storedPriceColours()).toBe('japanese');
    expect(root.dataset.priceColours).toBe('japanese');
    setPriceColours('western');
    expect(storedPriceColours()).toBe('western');
    expect(root.dataset.priceColours).toBe('western');
    setPriceColours('japanese');
    expect(root.dataset.priceColours).toBe('japanese');
  });
});
