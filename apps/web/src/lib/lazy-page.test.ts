import { describe, expect, it, vi } from 'vitest';
import { lazyPage, withTimeout } from './lazy-page';

describe('withTimeout', () => {
  it('passes a value through in time', async () => {
    await expect(withTimeout(Promise.resolve(7), 50)).resolves.toBe(7);
  });

  it('fails a load that takes longer', async () => {
    vi.useFakeTimers();
    const never = new Promise<number>(() => undefined);
    const result = withTimeout(never, 60_000);
    vi.advanceTimersByTime(60_000);
    await expect(result).rejects.toThrow(/60000 ms/);
    vi.useRealTimers();
  });

  it('passes a load failure through', async () => {
    await expect(withTimeout(Promise.reject(new Error('chunk missing')), 50)).rejects.toThrow(
      'chunk missing',
    );
  });
});

describe('lazyPage', () => {
  const Page = () => null;

  it('fetches a page once however often it is preloaded', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Page }));
    const page = lazyPage(load);
    expect(load).not.toHaveBeenCalled();
    await page.preload();
    await page.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed fetch', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Page }>>()
      .mockRejectedValueOnce(new Error('chunk missing'))
      .mockResolvedValueOnce({ default: Page });
    const page = lazyPage(load);
    await expect(page.preload()).rejects.toThrow('chunk missing');
    await expect(page.preload()).resolves.toEqual({ default: Page });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
