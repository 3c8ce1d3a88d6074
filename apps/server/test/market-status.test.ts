import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketOf } from '../src/modules/market';
import { createTestApp, get, type TestApp } from './harness';

type Status = {
  clock: string;
  sessionState: string;
  tradingOpen: boolean;
  nextOpen: string | null;
  simulated: boolean;
};
type Quote = { last: string; volume: string; sessionState: string };

describe('market status under the exchange clock', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ marketClock: 'exchange' });
  });
  afterAll(() => t.close());
  const status = async (iso: string) => {
    t.clock.set(new Date(iso));
    return (await get<Status>(t.app, '/api/market/status')).data;
  };

  it('is open at 10:00 JST on a weekday, on lunch break at 12:00, closed on a holiday', async () => {
    expect(await status('2026-11-24T01:00:00Z')).toMatchObject({
      clock: 'exchange',
      sessionState: 'morning',
      tradingOpen: true,
      nextOpen: '2026-11-24T03:30:00.000Z',
      simulated: true,
    });
    expect(await status('2026-11-24T03:00:00Z')).toMatchObject({
      sessionState: 'lunch-break',
      tradingOpen: false,
      nextOpen: '2026-11-24T03:30:00.000Z',
    });
    // 2026-11-23 is Labour Thanksgiving Day.
    expect(await status('2026-11-23T01:00:00Z')).toMatchObject({
      sessionState: 'non-business-day',
      tradingOpen: false,
      nextOpen: '2026-11-24T00:00:00.000Z',
    });
  });

  it('keeps prices still outside continuous trading', async () => {
    const market = marketOf(t.ctx);
    t.clock.set(new Date('2026-11-24T03:00:00Z')); // lunch
    for (let i = 0; i < 30; i += 1) {
      t.clock.advance(1);
      expect(await market.tick()).toEqual([]);
    }
    const quote = (await get<{ items: Quote[] }>(t.app, '/api/market/quotes?codes=7203')).data.items[0]!;
    expect(quote).toMatchObject({ volume: '0', sessionState: 'lunch-break' });
  });
});

describe('market status under the always-open clock', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ marketClock: 'always-open' });
  });
  afterAll(() => t.close());

  it('is open even on a holiday at night, with no next opening', async () => {
    t.clock.set(new Date('2026-11-23T14:00:00Z'));
    expect((await get<Status>(t.app, '/api/market/status')).data).toMatchObject({
      clock: 'always-open',
      sessionState: 'always-open',
      tradingOpen: true,
      nextOpen: null,
    });
    let trades = 0;
    for (let i = 0; i < 30; i += 1) {
      t.clock.advance(1);
      trades += (await marketOf(t.ctx).tick()).length;
    }
    expect(trades).toBeGreaterThan(0);
  });
});
