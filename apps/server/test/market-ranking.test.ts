import { decimalToSen } from '@kabuto/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketOf } from '../src/modules/market';
import { createTestApp, get, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ marketSeed: 'ranking-test', marketClock: 'always-open' });
  const market = marketOf(t.ctx);
  // A few minutes of trading so that prices have moved from the previous close, up and down.
  for (let step = 0; step < 120; step += 1) {
    t.clock.advance(5);
    await market.tick();
  }
});
afterAll(() => t.close());

type Quote = {
  code: string;
  last: string;
  change: string;
  changePercent: string;
  volume: string;
  turnover: string;
  previousClose: string;
  limitUp: string;
  limitDown: string;
  simulated: boolean;
};
type Row = { instrument: { code: string; nameJa: string }; quote: Quote };
type Page = { items: Row[]; total: number; page: number; pageSize: number; snapshot: string };
type Summary = {
  total: number;
  advancers: number;
  decliners: number;
  unchanged: number;
  stopHigh: number;
  stopLow: number;
  turnover: string;
  gainers: Row[];
  losers: Row[];
  simulated: boolean;
};

const ranking = (query: string) => get<Page>(t.app, `/api/market/ranking?${query}`);
const sen = (decimal: string) => decimalToSen(decimal)!;
const allRows = async (query: string) => {
  const first = await ranking(`${query}&pageSize=100`);
  const second = await ranking(`${query}&pageSize=100&page=2`);
  return [...first.data.items, ...second.data.items];
};

describe('the market ranking', () => {
  it('pages through the whole universe with quotes, marked simulated', async () => {
    const first = await ranking('pageSize=20');
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ total: 113, page: 1, pageSize: 20 });
    expect(first.data.items).toHaveLength(20);
    expect(
      first.data.items.every((row) => row.quote.simulated && row.quote.code === row.instrument.code),
    ).toBe(true);
    const rows = await allRows('sort=code&order=asc');
    expect(new Set(rows.map((row) => row.instrument.code)).size).toBe(113);
  });

  it('orders by change % both ways, by volume, by turnover and by code', async () => {
    const percents = (rows: Row[]) => rows.map((row) => Number(row.quote.changePercent));
    const down = percents(await allRows('sort=changePercent&order=desc'));
    expect(down).toEqual([...down].sort((a, b) => b - a));
    expect(down[0]).toBeGreaterThan(0);
    expect(down[down.length - 1]).toBeLessThan(0);
    const up = percents(await allRows('sort=changePercent&order=asc'));
    expect(up).toEqual([...up].sort((a, b) => a - b));

    const volumes = (await allRows('sort=volume&order=desc')).map((row) => BigInt(row.quote.volume));
    expect(volumes).toEqual([...volumes].sort((a, b) => (a === b ? 0 : a > b ? -1 : 1)));
    const turnovers = (await allRows('sort=turnover&order=desc')).map((row) => sen(row.quote.turnover));
    expect(turnovers).toEqual([...turnovers].sort((a, b) => (a === b ? 0 : a > b ? -1 : 1)));

    const codes = (await allRows('sort=code&order=desc')).map((row) => row.instrument.code);
    expect(codes).toEqual([...codes].sort().reverse());
  });

  it('keeps the first page’s order for the next pages while prices move, so each instrument shows once', async () => {
    const market = marketOf(t.ctx);
    const codesOf = (page: Page) => page.items.map((row) => row.instrument.code);
    const first = (await ranking('sort=changePercent&order=desc&pageSize=30')).data;
    const order = [codesOf(first)];
    for (let page = 2; page <= 4; page += 1) {
      // The market trades between page loads, as it does while an investor scrolls.
      for (let step = 0; step < 20; step += 1) {
        t.clock.advance(5);
        await market.tick();
      }
      const next = await ranking(
        `sort=changePercent&order=desc&pageSize=30&page=${page}&snapshot=${first.snapshot}`,
      );
      expect(next.data.snapshot).toBe(first.snapshot);
      order.push(codesOf(next.data));
    }
    const shown = order.flat();
    expect(shown).toHaveLength(113);
    expect(new Set(shown).size).toBe(113);
    // Without the snapshot the same page is ranked afresh, under a new snapshot.
    const fresh = (await ranking('sort=changePercent&order=desc&pageSize=30&page=2')).data;
    expect(fresh.snapshot).not.toBe(first.snapshot);
  });

  it('ranks afresh for an unknown snapshot or one of another sort, and refuses an overlong one', async () => {
    const first = (await ranking('sort=volume&order=desc&pageSize=10')).data;
    const otherSort = (await ranking(`sort=code&order=asc&pageSize=10&snapshot=${first.snapshot}`)).data;
    expect(otherSort.snapshot).not.toBe(first.snapshot);
    expect(otherSort.items.map((row) => row.instrument.code)).toEqual(
      (await allRows('sort=code&order=asc')).slice(0, 10).map((row) => row.instrument.code),
    );
    const unknown = (await ranking('sort=volume&order=desc&pageSize=10&snapshot=nope')).data;
    expect(unknown.snapshot).not.toBe('nope');
    const long = await get(t.app, `/api/market/ranking?snapshot=${'x'.repeat(65)}&lang=ja`);
    expect(long).toMatchObject({ status: 400, errorCode: 'VALIDATION_FAILED' });
  });

  it('refuses an unknown sort, in the caller’s language', async () => {
    const result = await get(t.app, '/api/market/ranking?sort=price&lang=en');
    expect(result).toMatchObject({ status: 400, errorCode: 'VALIDATION_FAILED' });
  });
});

describe('the market summary', () => {
  it('counts rises, falls and limit hits across the universe, with the top movers each way', async () => {
    const result = await get<Summary>(t.app, '/api/market/summary');
    expect(result.status).toBe(200);
    const summary = result.data;
    const rows = await allRows('sort=code&order=asc');
    const change = (row: Row) => sen(row.quote.last) - sen(row.quote.previousClose);
    expect(summary).toMatchObject({
      total: 113,
      advancers: rows.filter((row) => change(row) > 0n).length,
      decliners: rows.filter((row) => change(row) < 0n).length,
      unchanged: rows.filter((row) => change(row) === 0n).length,
      stopHigh: rows.filter((row) => sen(row.quote.last) >= sen(row.quote.limitUp)).length,
      stopLow: rows.filter((row) => sen(row.quote.last) <= sen(row.quote.limitDown)).length,
      simulated: true,
    });
    expect(summary.advancers).toBeGreaterThan(0);
    expect(summary.decliners).toBeGreaterThan(0);
    expect(sen(summary.turnover)).toBe(rows.reduce((sum, row) => sum + sen(row.quote.turnover), 0n));

    const best = (await ranking('sort=changePercent&order=desc&pageSize=5')).data.items;
    expect(summary.gainers.map((row) => row.instrument.code)).toEqual(best.map((row) => row.instrument.code));
    expect(summary.losers).toHaveLength(5);
    expect(summary.losers.every((row) => change(row) < 0n)).toBe(true);
    const losses = summary.losers.map((row) => Number(row.quote.changePercent));
    expect(losses).toEqual([...losses].sort((a, b) => a - b));
  });
});
