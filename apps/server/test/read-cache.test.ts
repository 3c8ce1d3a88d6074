import { describe, expect, it } from 'vitest';
import { memoryBus, type Bus } from '../src/platform/bus';
import { ReadCache } from '../src/platform/read-cache';

/** A memory bus whose connection can be cut, as Redis's can. */
function switchableBus(): Bus & { up: boolean; gap(): void } {
  const inner = memoryBus();
  const gaps: (() => void)[] = [];
  const bus = {
    up: true,
    publish: inner.publish,
    subscribe: inner.subscribe,
    onGap: (handler: () => void) => void gaps.push(handler),
    connected: () => bus.up,
    close: inner.close,
    gap: () => gaps.forEach((handler) => handler()),
  };
  return bus;
}

function setup(ttlMs = 30_000, maxEntries = 100) {
  const bus = switchableBus();
  let now = 0;
  const cache = new ReadCache<string>({ topic: 't', bus, ttlMs, maxEntries, now: () => now });
  let row = 'v1';
  let loads = 0;
  const load = async () => {
    loads += 1;
    return row;
  };
  return {
    bus,
    cache,
    load,
    loads: () => loads,
    setRow: (value: string) => (row = value),
    advance: (ms: number) => (now += ms),
  };
}

describe('read cache', () => {
  it('serves a second read from memory and reloads after the key is announced', async () => {
    const s = setup();
    expect(await s.cache.read('k', s.load)).toBe('v1');
    expect(await s.cache.read('k', s.load)).toBe('v1');
    expect(s.loads()).toBe(1);
    s.setRow('v2');
    void s.bus.publish('t', 'k');
    expect(await s.cache.read('k', s.load)).toBe('v2');
    expect(s.loads()).toBe(2);
  });

  it('does not keep a row loaded before a change that was announced while the load was in flight', async () => {
    const s = setup();
    let release!: () => void;
    const slowOld = () =>
      new Promise<string>((resolve) => {
        release = () => resolve('old');
      });
    const reading = s.cache.read('k', slowOld);
    s.setRow('new');
    void s.bus.publish('t', 'k'); // the writer commits and announces before the slow read returns
    release();
    expect(await reading).toBe('old');
    expect(await s.cache.read('k', s.load)).toBe('new');
  });

  it('keeps nothing for a key that does not exist, so a row created later is found', async () => {
    const s = setup();
    expect(await s.cache.read('k', async () => undefined)).toBeUndefined();
    expect(await s.cache.read('k', s.load)).toBe('v1');
  });

  it('reloads after the TTL and serves nothing from memory when the TTL is 0', async () => {
    const s = setup(1000);
    await s.cache.read('k', s.load);
    s.advance(999);
    await s.cache.read('k', s.load);
    expect(s.loads()).toBe(1);
    s.advance(1);
    await s.cache.read('k', s.load);
    expect(s.loads()).toBe(2);

    const off = setup(0);
    await off.cache.read('k', off.load);
    await off.cache.read('k', off.load);
    expect(off.loads()).toBe(2);
  });

  it('reads from the database while the bus is down and forgets everything after a gap', async () => {
    const s = setup();
    await s.cache.read('k', s.load);
    s.bus.up = false;
    s.setRow('v2');
    expect(await s.cache.read('k', s.load)).toBe('v2');
    expect(await s.cache.read('k', s.load)).toBe('v2');
    expect(s.loads()).toBe(3);
    s.bus.up = true;
    s.bus.gap();
    expect(await s.cache.read('k', s.load)).toBe('v2');
    expect(s.loads()).toBe(4);
  });

  it('does not keep a load that straddles a gap', async () => {
    const s = setup();
    let release!: () => void;
    const reading = s.cache.read(
      'k',
      () => new Promise<string>((resolve) => (release = () => resolve('old'))),
    );
    s.bus.gap();
    release();
    await reading;
    s.setRow('new');
    expect(await s.cache.read('k', s.load)).toBe('new');
  });

  it('holds at most maxEntries rows, dropping the oldest', async () => {
    const s = setup(30_000, 2);
    await s.cache.read('a', s.load);
    await s.cache.read('b', s.load);
    await s.cache.read('c', s.load);
    expect(s.loads()).toBe(3);
    await s.cache.read('c', s.load);
    await s.cache.read('b', s.load);
    expect(s.loads()).toBe(3);
    await s.cache.read('a', s.load);
    expect(s.loads()).toBe(4);
  });
});
