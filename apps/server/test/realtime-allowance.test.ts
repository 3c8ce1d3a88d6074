import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { Allowance } from '../src/modules/realtime/allowance';
import {
  ADDRESS_SHARED_MS,
  Connection,
  SUBSCRIPTION_BURST,
  SUBSCRIPTIONS_PER_SECOND,
} from '../src/modules/realtime/connection';

const take = (allowance: Allowance, count: number, now: number) =>
  Allowance.takeFromAll([allowance], count, now);

describe('a subscription allowance', () => {
  it('gives a burst, then refills at its rate, never beyond the burst', () => {
    const a = new Allowance(600, 60);
    const start = 1_000_000;
    expect(take(a, 600, start)).toBe(true);
    expect(take(a, 1, start)).toBe(false);
    // One second later, one second's worth.
    expect(take(a, 61, start + 1000)).toBe(false);
    expect(take(a, 60, start + 1000)).toBe(true);
    // An hour idle refills the burst, not more.
    expect(a.full(start + 3_600_000)).toBe(true);
    expect(take(a, 601, start + 3_600_000)).toBe(false);
    expect(take(a, 600, start + 3_600_000)).toBe(true);
    expect(a.full(start + 3_600_000)).toBe(false);
  });

  it('takes nothing when refused, and is not emptied by a clock stepped back', () => {
    const a = new Allowance(600, 60);
    const start = 5_000_000;
    expect(take(a, 590, start)).toBe(true);
    expect(take(a, 11, start)).toBe(false);
    expect(take(a, 10, start)).toBe(true);
    // The clock steps back an hour: nothing is refilled, and once it moves on again the refill resumes.
    expect(take(a, 1, start - 3_600_000)).toBe(false);
    expect(take(a, 60, start - 3_600_000 + 1000)).toBe(true);
  });

  it('takes from a connection and its address together, or from neither', () => {
    const connection = new Allowance(600, 60);
    const address = new Allowance(1000, 100);
    const now = 9_000_000;
    expect(Allowance.takeFromAll([connection, address], 500, now)).toBe(true);
    // The next connection of the address has its own 600, but the address only 500 left.
    const next = new Allowance(600, 60);
    expect(Allowance.takeFromAll([next, address], 501, now)).toBe(false);
    expect(next.available(now)).toBe(600);
    expect(address.available(now)).toBe(500);
    expect(Allowance.takeFromAll([next, address], 500, now)).toBe(true);
    // The first connection still has 100 of its own, but the address has none.
    expect(Allowance.takeFromAll([connection, address], 1, now)).toBe(false);
    expect(connection.available(now)).toBe(100);
  });

  it('draws on the address only in a connection’s first moments, so an emptied address cannot stop an open screen', () => {
    const opened = 20_000_000;
    const connection = new Connection({} as WebSocket, 'ja', '192.0.2.1', () => undefined, opened);
    const address = new Allowance(SUBSCRIPTION_BURST, SUBSCRIPTIONS_PER_SECOND);
    // A neighbour has emptied the address.
    expect(Allowance.takeFromAll([address], SUBSCRIPTION_BURST, opened)).toBe(true);
    // New, the connection is refused what its address lacks, and takes nothing of its own.
    expect(connection.takeSubscriptions(30, () => address, opened + 100)).toBe(false);
    expect(connection.subscriptions.available(opened + 100)).toBe(SUBSCRIPTION_BURST);
    // Open as long as its own burst takes to come back, it follows on its own allowance alone.
    const later = opened + ADDRESS_SHARED_MS;
    Allowance.takeFromAll([address], address.available(later), later);
    expect(connection.takeSubscriptions(30, () => address, later)).toBe(true);
    expect(connection.subscriptions.available(later)).toBe(SUBSCRIPTION_BURST - 30);
    expect(address.available(later)).toBe(0);
  });
});
