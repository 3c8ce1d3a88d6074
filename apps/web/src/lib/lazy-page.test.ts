import { describe, expect, it, vi } from 'vitest';
import { withTimeout } from './lazy-page';

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
