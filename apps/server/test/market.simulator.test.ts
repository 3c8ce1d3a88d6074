import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isOnTick, jstInstant, limitDown, limitUp, marketClock, tickTableFor } from '@kabuto/market-rules';
import { aggregate, aggregateRead, bucketOf, type BarValue } from '../src/modules/market/bars';
import { generateHistory, MINUTES_PER_DAY } from '../src/modules/market/history';
import { LiveBars } from '../src/modules/market/live-bars';
import { SimulatedFeed, type InstrumentStart } from '../src/modules/market/simulator';
import { readUniverse } from '../src/modules/market/universe';
import { changeBasisPoints, changePercentOf, limitStateOf } from '../src/modules/market/market.views';

const universe = readUniverse();
const starts: InstrumentStart[] = universe.map((row) => ({
  code: row.code,
  topix500: row.topix500,
  halted: false,
  previousClose: row.base_price,
}));
const tableOf = new Map(universe.map((row) => [row.code, tickTableFor(row.topix500)]));
const MONDAY_0900 = jstInstant('2026-11-30', '09:00');

/** Steps a feed `count` times, `seconds` apart, from `from`; every quote after each step. */
function run(seed: string, count: number, seconds: number, from = MONDAY_0900, codes = starts) {
  const feed = new SimulatedFeed(seed, marketClock('always-open'), codes);
  const trades = [];
  for (let i = 0; i < count; i += 1) trades.push(...feed.step(new Date(from + i * seconds * 1000)));
  return { feed, trades };
}

describe('the simulated feed', () => {
  it('a halted instrument says so and does not trade until it is resumed', () => {
    const [toyota] = starts.filter((start) => start.code === '7203');
    const feed = new SimulatedFeed('halt', marketClock('always-open'), [toyota!]);
    const at = (second: number) => new Date(MONDAY_0900 + second * 1000);
    const tradesBetween = (from: number, to: number) => {
      let count = 0;
      for (let second = from; second < to; second += 1) count += feed.step(at(second)).length;
      return count;
    };
    expect(tradesBetween(0, 300)).toBeGreaterThan(0);
    feed.setHalted('7203', true);
    const last = feed.quote('7203')!.last;
    expect(tradesBetween(300, 600)).toBe(0);
    expect(feed.quote('7203')).toMatchObject({ halted: true, last });
    feed.setHalted('7203', false);
    expect(feed.quote('7203')!.halted).toBe(false);
    expect(tradesBetween(600, 900)).toBeGreaterThan(0);
  });

  it('prints every price on the tick grid and within the day limits, whatever the seed and the steps', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 1, max: 120 }),
        (seed, count, seconds) => {
          const { feed, trades } = run(seed, count, seconds, MONDAY_0900, starts.slice(0, 12));
          for (const trade of trades) {
            const table = tableOf.get(trade.code)!;
            expect(isOnTick(trade.price, table)).toBe(true);
          }
          for (const { code } of starts.slice(0, 12)) {
            const quote = feed.quote(code)!;
            const table = tableOf.get(code)!;
            expect(quote.limitUp).toBe(limitUp(quote.previousClose, table));
            expect(quote.limitDown).toBe(limitDown(quote.previousClose, table));
            for (const price of [quote.last, quote.open, quote.high, quote.low]) {
              if (price === null) continue;
              expect(isOnTick(price, table)).toBe(true);
              expect(price >= quote.limitDown && price <= quote.limitUp).toBe(true);
            }
            const board = feed.board(code, 5)!;
            for (const level of [...board.asks, ...board.bids]) {
              expect(isOnTick(level.price, table)).toBe(true);
              expect(level.price >= quote.limitDown && level.price <= quote.limitUp).toBe(true);
            }
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('repeats itself exactly for any seed and step spacing', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 8 }),
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 1, max: 90 }),
        (seed, count, seconds) => {
          const codes = starts.slice(0, 5);
          const first = run(seed, count, seconds, MONDAY_0900, codes);
          const second = run(seed, count, seconds, MONDAY_0900, codes);
          expect(second.trades).toEqual(first.trades);
          for (const { code } of codes) {
            expect(second.feed.quote(code)).toEqual(first.feed.quote(code));
            expect(second.feed.board(code, 5)).toEqual(first.feed.board(code, 5));
          }
        },
      ),
      { numRuns: 30 },
    );
  });

  it('gives the same prices for the same seed and clock, and others for another seed', () => {
    const a = run('alpha', 600, 1).trades;
    const b = run('alpha', 600, 1).trades;
    const c = run('beta', 600, 1).trades;
    expect(a.length).toBeGreaterThan(1000);
    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
  });

  it('moves about as much as a stock does in a day (1.5-2.5% daily volatility)', () => {
    // One trading day of one-second steps, many instruments: the typical absolute move is of that order.
    const { feed } = run('volatility', 19_500, 1, MONDAY_0900 - 9 * 3_600_000);
    const moves = starts.map(({ code }) => {
      const quote = feed.quote(code)!;
      return Math.abs(Math.log(Number(quote.last) / Number(quote.previousClose)));
    });
    const rms = Math.sqrt(moves.reduce((sum, move) => sum + move * move, 0) / moves.length);
    expect(rms).toBeGreaterThan(0.008);
    expect(rms).toBeLessThan(0.05);
  });

  it('counts volume in whole lots and turnover as price times shares', () => {
    const { feed, trades } = run('volume', 300, 1);
    const code = starts[0]!.code;
    const mine = trades.filter((trade) => trade.code === code);
    const quote = feed.quote(code)!;
    expect(mine.every((trade) => trade.shares % 100n === 0n && trade.shares > 0n)).toBe(true);
    expect(quote.volume).toBe(mine.reduce((sum, trade) => sum + trade.shares, 0n));
    expect(quote.turnover).toBe(mine.reduce((sum, trade) => sum + trade.price * trade.shares, 0n));
  });

  it('is still outside continuous trading under the exchange clock', () => {
    const feed = new SimulatedFeed('s', marketClock('exchange'), starts.slice(0, 3));
    expect(feed.step(new Date(jstInstant('2026-11-30', '12:00')))).toEqual([]); // lunch break
    expect(feed.step(new Date(jstInstant('2026-11-28', '10:00')))).toEqual([]); // Saturday
    expect(feed.step(new Date(jstInstant('2026-11-23', '10:00')))).toEqual([]); // Labour Thanksgiving Day
    expect(feed.step(new Date(jstInstant('2026-11-30', '15:27')))).toEqual([]); // closing auction
    let traded = 0;
    for (let i = 0; i < 60; i += 1)
      traded += feed.step(new Date(jstInstant('2026-11-30', '10:00') + i * 1000)).length;
    expect(traded).toBeGreaterThan(0);
  });

  it('starts a new day from the last price: the previous close and the limits move on', () => {
    const feed = new SimulatedFeed('days', marketClock('always-open'), starts.slice(0, 1));
    for (let i = 0; i < 200; i += 1) feed.step(new Date(MONDAY_0900 + i * 1000));
    const monday = feed.quote(starts[0]!.code)!;
    feed.step(new Date(jstInstant('2026-12-01', '09:00')));
    const tuesday = feed.quote(starts[0]!.code)!;
    expect(tuesday.tradingDay).toBe('2026-12-01');
    expect(tuesday.previousClose).toBe(monday.last);
  });

  it('shows stop high with no sellers on the board, and stop low with no buyers', () => {
    const start = starts[0]!;
    const table = tableOf.get(start.code)!;
    const day = '2026-11-30';
    const at = (close: bigint): InstrumentStart => ({
      ...start,
      today: { day, open: close, high: close, low: close, close, volume: 100n, turnover: close * 100n },
    });
    const high = new SimulatedFeed('x', marketClock('always-open'), [
      at(limitUp(start.previousClose, table)),
    ]);
    const highQuote = high.quote(start.code)!;
    expect(limitStateOf(highQuote)).toBe('stop-high');
    expect(high.board(start.code, 5)!.asks).toEqual([]);
    expect(high.board(start.code, 5)!.bids[0]!.price).toBe(highQuote.limitUp);

    const low = new SimulatedFeed('x', marketClock('always-open'), [
      at(limitDown(start.previousClose, table)),
    ]);
    const lowQuote = low.quote(start.code)!;
    expect(limitStateOf(lowQuote)).toBe('stop-low');
    expect(low.board(start.code, 5)!.bids).toEqual([]);
    expect(low.board(start.code, 5)!.asks[0]!.price).toBe(lowQuote.limitDown);
  });

  it('keeps five levels each side, best first, one tick apart, in normal trading', () => {
    const { feed } = run('board', 100, 1);
    const board = feed.board(starts[0]!.code, 5)!;
    expect(board.asks).toHaveLength(5);
    expect(board.bids).toHaveLength(5);
    expect(board.asks[0]!.price).toBeGreaterThan(board.bids[0]!.price);
    for (let i = 1; i < 5; i += 1) {
      expect(board.asks[i]!.price).toBeGreaterThan(board.asks[i - 1]!.price);
      expect(board.bids[i]!.price).toBeLessThan(board.bids[i - 1]!.price);
    }
    expect(
      [...board.asks, ...board.bids].every((level) => Number.isInteger(level.lots) && level.lots >= 1),
    ).toBe(true);
  });

  it('writes the percent change in hundredths, rounded half away from zero', () => {
    expect(changePercentOf(-3_300n, 280_000n)).toBe('-1.18');
    expect(changePercentOf(-300n, 280_000n)).toBe('-0.11');
    expect(changePercentOf(14n, 280_000n)).toBe('0.01');
    expect(changePercentOf(-14n, 280_000n)).toBe('-0.01');
    expect(changePercentOf(13n, 280_000n)).toBe('0.00');
    expect(changePercentOf(0n, 280_000n)).toBe('0.00');
  });

  it('rounds every change to the nearest hundredth of a percent, a half away from zero', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -10_000_000n, max: 10_000_000n }),
        fc.bigInt({ min: 1n, max: 10_000_000n }),
        (change, previousClose) => {
          const points = changeBasisPoints(change, previousClose);
          // |points - change × 10,000 / previousClose| ≤ 1/2, compared in integers.
          const error = points * previousClose - change * 10_000n;
          const twice = 2n * (error < 0n ? -error : error);
          expect(twice <= previousClose).toBe(true);
          // An exact half goes away from zero; the sign follows the change's.
          if (twice === previousClose) expect(points * change > 0n || change === 0n).toBe(true);
          expect(changeBasisPoints(-change, previousClose)).toBe(-points);
        },
      ),
    );
  });
});

const ohlcConsistent = (bar: BarValue) =>
  bar.low <= bar.open && bar.low <= bar.close && bar.open <= bar.high && bar.close <= bar.high;

describe('the history', () => {
  const toyota = universe.find((row) => row.code === '7203')!;
  const history = generateHistory({
    seed: 'kabuto',
    code: toyota.code,
    topix500: toyota.topix500,
    lastClose: toyota.base_price,
    lastDay: '2026-11-20',
    days: 500,
    minuteDays: 5,
  });
  const table = tickTableFor(true);

  it('covers two years of days and five days of minutes, ending at the universe price', () => {
    expect(history.daily.length).toBeGreaterThanOrEqual(490);
    expect(history.daily[0]!.start).toBeLessThan(jstInstant('2024-11-20', '00:00'));
    expect(history.minute).toHaveLength(5 * MINUTES_PER_DAY);
    expect(history.daily.at(-1)!.close).toBe(toyota.base_price);
    expect(history.daily.at(-1)!.start).toBe(jstInstant('2026-11-20', '00:00'));
  });

  it('has consistent bars on the tick grid within each day’s limits', () => {
    for (const bar of [...history.daily, ...history.minute]) {
      expect(ohlcConsistent(bar)).toBe(true);
      for (const price of [bar.open, bar.high, bar.low, bar.close]) expect(isOnTick(price, table)).toBe(true);
    }
    for (let i = 1; i < history.daily.length; i += 1) {
      const previous = history.daily[i - 1]!.close;
      const bar = history.daily[i]!;
      expect(bar.high).toBeLessThanOrEqual(limitUp(previous, table));
      expect(bar.low).toBeGreaterThanOrEqual(limitDown(previous, table));
    }
  });

  it('makes the daily bars of the minute days the aggregate of their minutes', () => {
    const lastFive = history.daily.slice(-5);
    const fromMinutes = lastFive.map((day) => {
      const minutes = history.minute.filter(
        (bar) => bar.start >= day.start && bar.start < day.start + 86_400_000,
      );
      return aggregate(
        minutes.map((bar) => ({ ...bar, start: day.start })),
        '1d',
      )[0];
    });
    expect(fromMinutes).toEqual(lastFive);
  });

  it('moves about 1.5-2.5% a day', () => {
    const returns = history.daily
      .slice(1)
      .map((bar, i) => Math.log(Number(bar.close) / Number(history.daily[i]!.close)));
    const mean = returns.reduce((sum, r) => sum + r, 0) / returns.length;
    const sd = Math.sqrt(returns.reduce((sum, r) => sum + (r - mean) ** 2, 0) / returns.length);
    expect(sd).toBeGreaterThan(0.012);
    expect(sd).toBeLessThan(0.03);
  });

  it('is the same for the same seed', () => {
    const again = generateHistory({
      seed: 'kabuto',
      code: toyota.code,
      topix500: true,
      lastClose: toyota.base_price,
      lastDay: '2026-11-20',
      days: 500,
      minuteDays: 5,
    });
    expect(again).toEqual(history);
  });
});

describe('bar aggregation', () => {
  const minutes: BarValue[] = Array.from({ length: 325 }, (_, i) => {
    const start =
      i < 150
        ? jstInstant('2026-11-20', '09:00') + i * 60_000
        : jstInstant('2026-11-20', '12:30') + (i - 150) * 60_000;
    const price = 100_000n + BigInt(i % 7) * 10n;
    return {
      start,
      open: price,
      high: price + 20n,
      low: price - 20n,
      close: price + 10n,
      volume: 100n,
      turnover: price * 100n,
    };
  });

  it('folds 5-minute bars from exactly the minutes they cover', () => {
    const fives = aggregate(minutes, '5m');
    expect(fives).toHaveLength(65);
    fives.forEach((five, index) => {
      const covered = minutes.slice(index * 5, index * 5 + 5);
      expect(five.start).toBe(covered[0]!.start);
      expect(five.open).toBe(covered[0]!.open);
      expect(five.close).toBe(covered[4]!.close);
      expect(five.volume).toBe(500n);
      expect(five.high).toBe(covered.reduce((max, bar) => (bar.high > max ? bar.high : max), 0n));
    });
  });

  it('starts 45-minute bars at each session opening, never across the lunch break', () => {
    const starts = aggregate(minutes, '45m').map((bar) => new Date(bar.start).toISOString().slice(11, 16));
    // 9:00, 9:45, 10:30, 11:15 JST, then 12:30, 13:15, 14:00, 14:45 JST (UTC below)
    expect(starts).toEqual(['00:00', '00:45', '01:30', '02:15', '03:30', '04:15', '05:00', '05:45']);
  });

  it('draws 60-minute bars as brokers do: 9:00, 10:00 and a half-hour 11:00, then 12:30, 13:30 and 14:30', () => {
    const hours = aggregate(minutes, '60m');
    // UTC below: 9:00, 10:00, 11:00, 12:30, 13:30, 14:30 JST
    expect(hours.map((bar) => new Date(bar.start).toISOString().slice(11, 16))).toEqual([
      '00:00',
      '01:00',
      '02:00',
      '03:30',
      '04:30',
      '05:30',
    ]);
    // Minutes of 100 shares each: 11:00-11:29 is half an hour, 14:30-15:24 runs to the last minute stored.
    expect(hours.map((bar) => bar.volume)).toEqual([6_000n, 6_000n, 3_000n, 6_000n, 6_000n, 5_500n]);
    expect(hours[2]!.close).toBe(minutes[149]!.close);
    expect(hours[3]!.open).toBe(minutes[150]!.open);
  });

  it('leaves out the oldest bar of a read cut by its row limit, which covers only part of its hour', () => {
    // The newest 300 minutes of the day, as a read limited to 300 rows returns them: from 9:25.
    const cut = minutes.slice(25);
    expect(aggregateRead(cut, '60m', true).map((bar) => bar.start)).toEqual(
      aggregate(minutes, '60m')
        .slice(1)
        .map((bar) => bar.start),
    );
    expect(aggregateRead(cut, '60m', false)).toEqual(aggregate(cut, '60m'));
    // A stored interval's bars are whole however many were read.
    expect(aggregateRead(cut, '1m', true)).toHaveLength(300);
  });

  it('starts weeks on Monday and months on the first, in Japan time', () => {
    const friday = jstInstant('2026-11-20', '00:00');
    expect(bucketOf('1w', friday)).toBe(jstInstant('2026-11-16', '00:00'));
    expect(bucketOf('1mo', friday)).toBe(jstInstant('2026-11-01', '00:00'));
  });
});

describe('live bars', () => {
  const at = jstInstant('2026-11-30', '15:24');
  const trade = (seconds: number, price: bigint) => ({
    code: '7203',
    at: at + seconds * 1000,
    price,
    shares: 100n,
  });

  it('write a minute once the next one starts, with the day it belongs to, even without a further trade', () => {
    const live = new LiveBars();
    live.add(trade(1, 280_000n));
    live.add(trade(30, 280_100n));
    live.closeMinutesBefore(at + 59_000);
    expect(live.drain()).toEqual([]);
    live.closeMinutesBefore(at + 61_000);
    const written = live.drain();
    expect(written.map((bar) => bar.interval)).toEqual(['1m', '1d']);
    expect(written[0]).toMatchObject({
      start: at,
      open: 280_000n,
      high: 280_100n,
      low: 280_000n,
      close: 280_100n,
      volume: 200n,
    });
    expect(written[1]).toMatchObject({
      start: jstInstant('2026-11-30', '00:00'),
      close: 280_100n,
      volume: 200n,
    });
    expect(live.currentMinute('7203')).toBeUndefined();
    expect(live.currentDay('7203')).toMatchObject({ close: 280_100n });
  });
});
