import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { Connection, SUBSCRIPTION_BURST, SUBSCRIPTIONS_PER_SECOND } from '../src/modules/realtime/connection';

const connection = () => new Connection({} as WebSocket, 'ja', () => undefined);

describe('a connection’s subscription allowance', () => {
  it('gives a burst, then refills at its rate, never beyond the burst', () => {
    const c = connection();
    const start = 1_000_000;
    expect(c.takeSubscriptions(SUBSCRIPTION_BURST, start)).toBe(true);
    expect(c.takeSubscriptions(1, start)).toBe(false);
    // One second later, one second's worth.
    expect(c.takeSubscriptions(SUBSCRIPTIONS_PER_SECOND + 1, start + 1000)).toBe(false);
    expect(c.takeSubscriptions(SUBSCRIPTIONS_PER_SECOND, start + 1000)).toBe(true);
    // An hour idle refills the burst, not more.
    expect(c.takeSubscriptions(SUBSCRIPTION_BURST + 1, start + 3_600_000)).toBe(false);
    expect(c.takeSubscriptions(SUBSCRIPTION_BURST, start + 3_600_000)).toBe(true);
  });

  it('takes nothing when refused, and is not emptied by a clock stepped back', () => {
    const c = connection();
    const start = 5_000_000;
    expect(c.takeSubscriptions(SUBSCRIPTION_BURST - 10, start)).toBe(true);
    expect(c.takeSubscriptions(11, start)).toBe(false);
    expect(c.takeSubscriptions(10, start)).toBe(true);
    // The clock steps back an hour: nothing is refilled, and once it moves on again the refill resumes.
    expect(c.takeSubscriptions(1, start - 3_600_000)).toBe(false);
    expect(c.takeSubscriptions(SUBSCRIPTIONS_PER_SECOND, start - 3_600_000 + 1000)).toBe(true);
  });
});
