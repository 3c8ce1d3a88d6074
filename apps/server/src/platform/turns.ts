import { fail } from './errors';

/**
 * Costly work taken one at a time, in order of arrival, with at most `maxWaiting` waiting their turn; one more
 * is refused (`RATE_LIMITED`) rather than queued without end. For work that takes a core for a while, where a
 * limit per client or per user still lets many clients keep every core busy at once.
 */
export function oneAtATime(maxWaiting: number) {
  let busy = false;
  const waiting: (() => void)[] = [];
  return async function inTurn<T>(work: () => Promise<T>): Promise<T> {
    if (busy) {
      if (waiting.length >= maxWaiting) throw fail('RATE_LIMITED');
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    busy = true;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else busy = false;
    }
  };
}
