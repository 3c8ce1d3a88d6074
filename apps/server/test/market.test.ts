import { decimalToSen } from '@kabuto/contract';
import { isOnTick, limitDown, limitUp, tickTableFor } from '@kabuto/market-rules';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketOf } from '../src/modules/market';
import { Market } from '../src/modules/market/market.service';
import { createTestApp, get, type TestApp } from './harness';

let t: TestApp;
// The harness clock starts at 2026-11-24 10:00 JST, a Tuesday: the morning session.
beforeAll(async () => {
  t = await createTestApp({ marketSeed: 'market-test', marketClock: 'always-open' });
  const report = await marketOf(t.ctx).backfill({ codes: ['7203', '6758'] });
  expect(report).toMatchObject({ instruments: 2 });
});
afterAll(() => t.close());

const sen = (decimal: string | null) => decimalToSen(decimal!)!;

type Page = { items: { code: string; nameJa: string; nameEn: string; topix500: boolean }[]; total: number };
type Quote = {
  code: string;
  last: string;
  change: string;
  changePercent: string;
  open: string | null;
  high: string | null;
  low: string | null;
  previousClose: string;
  volume: string;
  turnover: string;
  limitUp: string;
  limitDown: string;
  limitState: string;
  sessionState: string;
  simulated: boolean;
};
type Bar = { start: string; open: string; high: string; low: string; close: string; volume: string };
type Bars = { items: Bar[]; interval: string; simulated: boolean };

const search = (q: string, extra = '') =>
  get<Page>(t.app, `/api/market/instruments?q=${encodeURIComponent(q)}${extra}`);

describe('instrument search', () => {
  it('finds by code prefix, kanji, English (any case) and full-width digits', async () => {
    expect((await search('7203')).data.items.map((item) => item.code)).toEqual(['7203']);
    expect((await search('72')).data.items[0]!.code).toMatch(/^72/);
    expect((await search('トヨタ')).data.items.map((item) => item.code)).toContain('7203');
    expect((await search('toyota')).data.items.map((item) => item.code)).toContain('7203');
    expect((await search('SONY')).data.items.map((item) => item.code)).toContain('6758');
    expect((await search('７２０３')).data.items.map((item) => item.code)).toEqual(['7203']);
  });

  it('finds a name typed in hiragana, half-width katakana or full-width letters, either way round', async () => {
    const codes = async (q: string) => (await search(q)).data.items.map((item) => item.code);
    expect(await codes('とよた')).toContain('7203');
    expect(await codes('ﾄﾖﾀ')).toContain('7203');
    expect(await codes('ＴＯＹＯＴＡ')).toContain('7203');
    expect(await codes('Ｔｏｙｏｔａ')).toContain('7203');
    // A name written in hiragana is found in katakana too.
    expect(await codes('ミズホ')).toContain('8411');
    expect(await codes('ﾐｽﾞﾎ')).toContain('8411');
    expect(await codes('みずほ')).toContain('8411');
  });

  it('finds a kanji name by its reading, and by the other readings investors type', async () => {
    const codes = async (q: string) => (await search(q)).data.items.map((item) => item.code);
    expect(await codes('みつびし')).toEqual(expect.arrayContaining(['8306', '8058', '8802', '7011', '6503']));
    expect(await codes('ミツビシショウジ')).toEqual(['8058']);
    expect(await codes('ひたち')).toEqual(['6501']);
    expect(await codes('とうきょうでんりょく')).toEqual(['9501']);
    // 日本 read either way, and the names investors use for some companies.
    expect(await codes('にほんでんしんでんわ')).toEqual(['9432']);
    expect(await codes('にっぽんでんしんでんわ')).toEqual(['9432']);
    expect(await codes('じぇいてぃー')).toEqual(['2914']);
    expect(await codes('みつびしゆーえふじぇいふぃなんしゃる')).toEqual(['8306']);
    // The letters investors type for them, in either width or case.
    expect(await codes('NTT')).toEqual(['9432']);
    expect(await codes('ｍｕｆｇ')).toEqual(['8306']);
    expect(await codes('smfg')).toEqual(['8316']);
    expect(await codes('JT')).toEqual(['2914']);
    expect(await codes('jal')).toEqual(['9201']);
    expect(await codes('JR東日本')).toEqual(['9020']);
    expect(await codes('ｊｒ東海')).toEqual(['9022']);
    const [toyota] = (await search('7203')).data.items as unknown as { nameKana: string | null }[];
    expect(toyota?.nameKana).toBe('トヨタジドウシャ');
  });

  it('brings readings written before the readings file up to date at the next start', async () => {
    await sql`UPDATE instruments SET name_kana = NULL, search_text = '6501 日立製作所 hitachi' WHERE code = '6501'`.execute(
      t.ctx.db,
    );
    expect((await search('ひたち')).data.total).toBe(0);
    await new Market(t.ctx).instruments();
    expect((await search('ひたち')).data.items.map((item) => item.code)).toEqual(['6501']);
  });

  it('lists the whole universe in pages without a query, and nothing for an unknown name', async () => {
    const first = await search('', '&pageSize=10');
    expect(first.data.items).toHaveLength(10);
    expect(first.data.total).toBe(113);
    const second = await search('', '&pageSize=10&page=2');
    expect(second.data.items[0]!.code > first.data.items[9]!.code).toBe(true);
    expect((await search('zzzz-no-such')).data.total).toBe(0);
    expect((await search('%')).data.total).toBe(0);
  });

  it('refuses an overlong query, in the caller’s language', async () => {
    const result = await get(t.app, `/api/market/instruments?q=${'a'.repeat(51)}&lang=en`);
    expect(result).toMatchObject({ status: 400, errorCode: 'MARKET_QUERY_TOO_LONG' });
    expect(result.msg).toContain('50');
  });
});

describe('quotes', () => {
  it('answer with the price, its limits and the session, marked simulated', async () => {
    const result = await get<{ items: Quote[] }>(t.app, '/api/market/quotes?codes=7203,6758');
    expect(result.status).toBe(200);
    expect(result.data.items.map((quote) => quote.code)).toEqual(['7203', '6758']);
    const toyota = result.data.items[0]!;
    expect(toyota).toMatchObject({ simulated: true, sessionState: 'always-open', limitState: 'normal' });
    const previous = sen(toyota.previousClose);
    expect(sen(toyota.limitUp)).toBe(limitUp(previous, 'topix500'));
    expect(sen(toyota.limitDown)).toBe(limitDown(previous, 'topix500'));
  });

  it('stay on the tick grid and within the limits as the feed steps', async () => {
    const market = marketOf(t.ctx);
    for (let i = 0; i < 180; i += 1) {
      t.clock.advance(1);
      await market.tick();
    }
    const result = await get<{ items: Quote[] }>(t.app, '/api/market/quotes?codes=7203,6758,9984');
    for (const quote of result.data.items) {
      const table = tickTableFor(true);
      expect(Number(quote.volume)).toBeGreaterThan(0);
      for (const price of [quote.last, quote.open, quote.high, quote.low]) {
        expect(isOnTick(sen(price), table)).toBe(true);
        expect(sen(price) >= sen(quote.limitDown) && sen(price) <= sen(quote.limitUp)).toBe(true);
      }
      expect(sen(quote.change)).toBe(sen(quote.last) - sen(quote.previousClose));
    }
  });

  it('take full-width codes; refuse unknown ones (404), malformed ones and too many', async () => {
    expect(
      (await get<{ items: Quote[] }>(t.app, '/api/market/quotes?codes=７２０３')).data.items[0]!.code,
    ).toBe('7203');
    expect(await get(t.app, '/api/market/quotes?codes=7203,9999')).toMatchObject({
      status: 404,
      errorCode: 'INSTRUMENT_NOT_FOUND',
      params: { code: '9999' },
    });
    expect(await get(t.app, '/api/market/quotes?codes=abc')).toMatchObject({
      status: 400,
      errorCode: 'INSTRUMENT_CODE_INVALID',
    });
    expect(await get(t.app, '/api/market/quotes')).toMatchObject({
      status: 400,
      errorCode: 'MARKET_CODES_REQUIRED',
    });
    const many = Array.from({ length: 51 }, (_, i) => String(1000 + i)).join(',');
    expect(await get(t.app, `/api/market/quotes?codes=${many}`)).toMatchObject({
      errorCode: 'MARKET_TOO_MANY_CODES',
    });
  });
});

describe('the board', () => {
  it('has five levels each side around the last price', async () => {
    type Board = {
      last: string;
      asks: { price: string; lots: number }[];
      bids: { price: string; lots: number }[];
    };
    const result = await get<Board>(t.app, '/api/market/board/7203');
    expect(result.data.asks).toHaveLength(5);
    expect(result.data.bids).toHaveLength(5);
    expect(sen(result.data.bids[0]!.price)).toBe(sen(result.data.last));
    expect(sen(result.data.asks[0]!.price)).toBeGreaterThan(sen(result.data.last));
  });

  it('answers 404 for an unknown code, localised', async () => {
    const result = await get(t.app, '/api/market/board/9999?lang=ja');
    expect(result).toMatchObject({ status: 404, errorCode: 'INSTRUMENT_NOT_FOUND' });
    expect(result.msg).toContain('銘柄');
  });
});

describe('bars', () => {
  const bars = (interval: string, extra = '') =>
    get<Bars>(t.app, `/api/market/bars/7203?interval=${interval}${extra}`);
  const range = `&from=2026-11-01T00:00:00Z&to=2026-11-24T00:00:00Z`;

  it.each(['1m', '5m', '15m', '30m', '45m', '60m', '1d', '1w', '1mo'])(
    '%s bars are consistent OHLC, oldest first',
    async (interval) => {
      const result = await bars(interval);
      expect(result.status).toBe(200);
      expect(result.data).toMatchObject({ interval, simulated: true });
      expect(result.data.items.length).toBeGreaterThan(interval === '1mo' ? 10 : 4);
      let previous = '';
      for (const bar of result.data.items) {
        const [open, high, low, close] = [bar.open, bar.high, bar.low, bar.close].map(sen);
        expect(low! <= open! && low! <= close! && open! <= high! && close! <= high!).toBe(true);
        expect(bar.start > previous).toBe(true);
        previous = bar.start;
      }
    },
  );

  it('covers two years of days and five trading days of minutes', async () => {
    const daily = await bars('1d', '&from=2024-11-01T00:00:00Z&to=2026-11-24T00:00:00Z');
    expect(daily.data.items.length).toBeGreaterThanOrEqual(490);
    const minutes = await bars('1m', range);
    expect(minutes.data.items).toHaveLength(5 * 325);
  });

  it('5-minute bars are the 1-minute bars they cover', async () => {
    const ones = (await bars('1m', range)).data.items;
    const fives = (await bars('5m', range)).data.items;
    expect(fives).toHaveLength(ones.length / 5);
    fives.forEach((five, index) => {
      const covered = ones.slice(index * 5, index * 5 + 5);
      expect(five.start).toBe(covered[0]!.start);
      expect(five.open).toBe(covered[0]!.open);
      expect(five.close).toBe(covered[4]!.close);
      expect(sen(five.high)).toBe(covered.map((bar) => sen(bar.high)).reduce((a, b) => (a > b ? a : b)));
      expect(sen(five.low)).toBe(covered.map((bar) => sen(bar.low)).reduce((a, b) => (a < b ? a : b)));
      expect(BigInt(five.volume)).toBe(covered.reduce((sum, bar) => sum + BigInt(bar.volume), 0n));
    });
  });

  it('start at a whole bucket when `from` falls inside one', async () => {
    const weeks = await bars('1w', '&from=2026-10-01T00:00:00Z&to=2026-11-24T00:00:00Z');
    // 2026-10-01 is a Thursday: the first week is the one from Monday 2026-09-28 (JST), with all its days.
    expect(weeks.data.items[0]!.start).toBe('2026-09-27T15:00:00.000Z');
    const days = await bars('1d', '&from=2026-09-27T15:00:00Z&to=2026-10-03T00:00:00Z');
    expect(weeks.data.items[0]!.open).toBe(days.data.items[0]!.open);
    expect(weeks.data.items[0]!.close).toBe(days.data.items.at(-1)!.close);
  });

  it('include the minute and the day the feed is trading now', async () => {
    const market = marketOf(t.ctx);
    for (let i = 0; i < 130; i += 1) {
      t.clock.advance(1);
      await market.tick();
    }
    const quote = (await get<{ items: Quote[] }>(t.app, '/api/market/quotes?codes=7203')).data.items[0]!;
    const today = (await bars('1d')).data.items.at(-1)!;
    expect(today.close).toBe(quote.last);
    expect(today.volume).toBe(quote.volume);
    const minute = (await bars('1m')).data.items.at(-1)!;
    expect(minute.close).toBe(quote.last);
  });

  it('carry on after a restart from the stored day: the same previous close, the day so far', async () => {
    const before = (await get<{ items: Quote[] }>(t.app, '/api/market/quotes?codes=7203')).data.items[0]!;
    // A minute later (no step in between), the minute and the day are written.
    t.clock.advance(61);
    await marketOf(t.ctx).tick();
    const stored = await t.ctx.db
      .selectFrom('bars')
      .selectAll()
      .where('code', '=', '7203')
      .where('interval', '=', '1d')
      .orderBy('start', 'desc')
      .executeTakeFirstOrThrow();
    const restarted = (await new Market(t.ctx).feed()).quote('7203')!;
    expect(restarted.previousClose).toBe(sen(before.previousClose));
    expect(restarted).toMatchObject({
      open: stored.open,
      high: stored.high,
      low: stored.low,
      last: stored.close,
      volume: stored.volume,
      turnover: stored.turnover,
    });
    expect(stored.volume).toBeGreaterThanOrEqual(BigInt(before.volume));
  });

  it('refuse a bad interval, a bad time, a reversed range and an unknown code', async () => {
    expect(await bars('2h')).toMatchObject({ status: 400, errorCode: 'BAR_INTERVAL_INVALID' });
    expect(await bars('1d', '&from=yesterday')).toMatchObject({
      status: 400,
      errorCode: 'MARKET_TIME_INVALID',
    });
    expect(await bars('1d', '&from=2026-11-20T00:00:00Z&to=2026-11-01T00:00:00Z')).toMatchObject({
      status: 400,
      errorCode: 'BAR_RANGE_INVALID',
    });
    expect(await get(t.app, '/api/market/bars/9999')).toMatchObject({
      status: 404,
      errorCode: 'INSTRUMENT_NOT_FOUND',
    });
  });

  it('refuse a time JavaScript reads but the database cannot hold (once a 500), and answer at the range ends', async () => {
    for (const [interval, extra] of [
      ['1d', '&from=-271821-04-20T00:00:00Z&to=2026-01-01T00:00:00Z'],
      ['1w', '&to=-271821-04-20T00:00:00Z'],
      ['1mo', '&from=2026-01-01&to=%2B275760-09-13T00:00:00Z'],
      ['1m', '&from=2026-01-01&to=%2B275760-09-13T00:00:00Z'],
      ['1d', '&from=1969-12-31T23:59:59Z'],
      // Year 10000 in Japan, where weekly and monthly bars are dated.
      ['1w', '&from=9999-12-31T15:00:00Z'],
      ['1mo', '&from=9999-12-31T15:00:00Z&to=9999-12-31T23:59:59.999Z'],
      // Read by Date.parse, but longer than any instant a client sends.
      ['1d', `&from=${encodeURIComponent('Thu Jan 01 2026 09:00:00 GMT+0900 (Japan Standard Time)')}`],
    ] as const)
      expect(await bars(interval, extra)).toMatchObject({ status: 400, errorCode: 'MARKET_TIME_INVALID' });
    for (const interval of ['1m', '1d', '1w', '1mo']) {
      expect(await bars(interval, '&from=1970-01-01T00:00:00Z&to=9999-12-31T14:59:59.999Z')).toMatchObject({
        status: 200,
        code: 1,
      });
      // The latest instant allowed, with no end given: a range that ends before it starts, said so (once a 500).
      expect(await bars(interval, '&from=9999-12-31T14:59:59.999Z')).toMatchObject({
        status: 400,
        errorCode: 'BAR_RANGE_INVALID',
      });
    }
  });
});
