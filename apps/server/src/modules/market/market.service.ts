import { senToDecimal } from '@kabuto/contract';
import { jstDateOf, marketClock, previousBusinessDay } from '@kabuto/market-rules';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import { redisLease, soleLease, type Lease } from '../../platform/lease';
import type { BarValue } from './bars';
import type { MarketFeed, Trade } from './feed';
import { generateHistory } from './history';
import { LiveBars } from './live-bars';
import {
  allInstruments,
  codesWithBars,
  countInstruments,
  insertInstruments,
  updateReadings,
  latestDailyBars,
  upsertBars,
} from './market.repository';
import type { InstrumentRow, StoredInterval } from './market.table';
import { boardLevelsView, limitStateOf, quoteView, type Board, type Quote } from './market.views';
import { SimulatedFeed, type InstrumentStart } from './simulator';
import { readUniverse } from './universe';

/**
 * The bus topic of the market's ticks: one message per tick, with each instrument that traded in it once,
 * its quote and board as the API serves them (`MarketTick`). Only the node holding the feed lease
 * publishes (see `startMarket`).
 */
export const MARKET_TICKS = 'market.ticks';
export interface MarketTick {
  quotes: Quote[];
  boards: Board[];
}

/** How long the feed lease outlives a node that stopped renewing it (renewed every tick, about every second). */
const FEED_LEASE_MS = 5000;

/** History the first start generates: a little over two years of business days, and a week of minutes. */
export const HISTORY_DAYS = 500;
export const HISTORY_MINUTE_DAYS = 5;
/**
 * Bars the backfill writes before it lets the event loop turn, once the server answers requests. PGlite runs in
 * this thread and its promises settle as microtasks, so a statement holds the thread until it ends: written an
 * instrument's 1,600 minutes at a time, the first start's backfill made the app's files take 0.7 s where they
 * take 20 ms (8 at once, 2026-11-28), and a first end-to-end test timed out; 100 rows a turn: 0.09 s, for a
 * backfill of 14 s instead of 8.5 s.
 */
const BACKFILL_ROWS_WHILE_SERVING = 100;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

export interface BackfillReport {
  instruments: number;
  bars: number;
  ms: number;
}

/** Told of every tick: the trades it produced (oldest first), its time and the feed, after the bars are written. */
export type TradesListener = (trades: readonly Trade[], at: Date, feed: MarketFeed) => Promise<unknown>;

/**
 * The market data of one server: the instrument universe, the feed (the simulator), and the bars its trades
 * build. Loaded lazily on first use, so an app that never serves market data (most test files) pays nothing.
 */
export class Market {
  readonly live = new LiveBars();
  private readonly listeners: TradesListener[] = [];
  private loading: Promise<{ feed: MarketFeed; instruments: Map<string, InstrumentRow> }> | null = null;
  /** Whether this node publishes its ticks on the bus; replaced by a Redis lease when several nodes run. */
  publisher: Lease = soleLease();

  constructor(private readonly ctx: AppContext) {}

  get clock() {
    return marketClock(this.ctx.config.marketClock);
  }

  private load() {
    this.loading ??= this.open().catch((error: unknown) => {
      this.loading = null;
      throw error;
    });
    return this.loading;
  }

  /** Loads the universe (from the CSV into an empty table) and starts the feed, once. */
  async ready(): Promise<void> {
    await this.load();
  }

  async feed(): Promise<MarketFeed> {
    return (await this.load()).feed;
  }

  async instrument(code: string): Promise<InstrumentRow | undefined> {
    return (await this.load()).instruments.get(code);
  }

  /** The whole universe, by code. */
  async instruments(): Promise<InstrumentRow[]> {
    return [...(await this.load()).instruments.values()];
  }

  /**
   * The house's halt (or resume) of `code`, once stored: the instrument list shows it and the feed stops (or
   * starts) trading it. Returns the feed, whose quote now says so, for the caller to tell the engine.
   */
  async setHalted(code: string, halted: boolean): Promise<MarketFeed> {
    const loaded = await this.load();
    const row = loaded.instruments.get(code);
    if (row) loaded.instruments.set(code, { ...row, halted });
    loaded.feed.setHalted(code, halted);
    return loaded.feed;
  }

  /** The house's new limits of `code`, once stored: the instrument list shows them. */
  async setLimits(
    code: string,
    limits: Pick<InstrumentRow, 'max_leverage' | 'max_lots_per_order' | 'max_open_lots' | 'shortable'>,
  ): Promise<void> {
    const loaded = await this.load();
    const row = loaded.instruments.get(code);
    if (row) loaded.instruments.set(code, { ...row, ...limits });
  }

  private async open() {
    const rows = await ensureUniverse(this.ctx);
    const latest = await latestDailyBars(this.ctx.db, 2);
    const today = jstDateOf(this.ctx.clock.now());
    const starts = rows.map((row): InstrumentStart => {
      const [newest, before] = latest.get(row.code) ?? [];
      const start = { code: row.code, topix500: row.topix500, halted: row.halted };
      if (newest && jstDateOf(newest.start) === today) {
        this.live.resumeDay(row.code, newest);
        return { ...start, previousClose: before?.close ?? row.base_price, today: { day: today, ...newest } };
      }
      return { ...start, previousClose: newest?.close ?? row.base_price };
    });
    return {
      feed: new SimulatedFeed(this.ctx.config.marketSeed, this.clock, starts),
      instruments: new Map(rows.map((row) => [row.code, row])),
    };
  }

  /**
   * Generates the history of every instrument that has none (a first start), up to the business day before
   * today; today belongs to the live feed. `intervals` splits the work: daily bars are few and quick, the
   * 1-minute bars are three times as many rows (startMarket writes them after the server listens). Each
   * instrument's bars of an interval are written in one transaction, so an interrupted backfill resumes with
   * the instruments it had not finished. The history is generated whole each time, so both parts agree.
   */
  async backfill(
    options: {
      codes?: readonly string[];
      intervals?: readonly StoredInterval[];
      days?: number;
      minuteDays?: number;
      /** Bars written before each turn of the event loop (all of an instrument's at once by default). */
      rowsPerTurn?: number;
    } = {},
  ): Promise<BackfillReport> {
    const began = performance.now();
    const rows = await ensureUniverse(this.ctx);
    const intervals = options.intervals ?? (['1d', '1m'] as const);
    const done = new Map(
      await Promise.all(
        intervals.map(async (interval) => [interval, await codesWithBars(this.ctx.db, interval)] as const),
      ),
    );
    const lastDay = previousBusinessDay(jstDateOf(this.ctx.clock.now()));
    let instruments = 0;
    let bars = 0;
    for (const row of rows) {
      if (options.codes !== undefined && !options.codes.includes(row.code)) continue;
      const missing = intervals.filter((interval) => !done.get(interval)!.has(row.code));
      if (!missing.length) continue;
      const history = generateHistory({
        seed: this.ctx.config.marketSeed,
        code: row.code,
        topix500: row.topix500,
        lastClose: row.base_price,
        lastDay,
        days: options.days ?? HISTORY_DAYS,
        minuteDays: options.minuteDays ?? HISTORY_MINUTE_DAYS,
      });
      for (const interval of missing) {
        const records = (interval === '1d' ? history.daily : history.minute).map((bar) => ({
          code: row.code,
          interval,
          ...bar,
        }));
        await this.ctx.transact(async (tx) => {
          const step = options.rowsPerTurn ?? records.length;
          for (let start = 0; start < records.length; start += step) {
            await upsertBars(tx.db, records.slice(start, start + step));
            await nextTurn();
          }
        });
        bars += records.length;
      }
      instruments += 1;
    }
    // The feed starts again from the closes just written.
    if (instruments && intervals.includes('1d')) this.loading = null;
    return { instruments, bars, ms: Math.round(performance.now() - began) };
  }

  /** The quote of `code` as GET /api/market/quotes serves it; INSTRUMENT_NOT_FOUND for an unknown code. */
  async quote(code: string): Promise<Quote> {
    const feed = await this.feed();
    const quote = feed.quote(code);
    if (!quote) throw fail('INSTRUMENT_NOT_FOUND', { code });
    return quoteView(quote, this.phaseNow(), feed.simulated);
  }

  /** The five-level board of `code` as GET /api/market/board/:code serves it. */
  async board(code: string): Promise<Board> {
    const feed = await this.feed();
    const quote = feed.quote(code);
    if (!quote) throw fail('INSTRUMENT_NOT_FOUND', { code });
    return {
      code,
      last: senToDecimal(quote.last),
      ...boardLevelsView(feed.board(code, 5)!),
      limitState: limitStateOf(quote),
      sessionState: this.phaseNow(),
      simulated: feed.simulated,
    };
  }

  /** The session state as GET /api/market/status serves it. */
  async status() {
    const now = this.ctx.clock.now();
    const clock = this.clock;
    const nextOpen = clock.nextOpen(now);
    return {
      clock: clock.policy,
      sessionState: clock.phaseAt(now),
      tradingOpen: clock.isTradingOpen(now),
      nextOpen: nextOpen === null ? null : new Date(nextOpen).toISOString(),
      now: now.toISOString(),
      simulated: (await this.feed()).simulated,
    };
  }

  private phaseNow() {
    return this.clock.phaseAt(this.ctx.clock.now());
  }

  /**
   * Called after every tick, with its trades (none, at times: trading still learns the session phase), the
   * tick's time and the feed; awaited, so ticks never pile up. Trading feeds its engine from here, price alerts
   * are checked here.
   */
  onTrades(listener: TradesListener): void {
    this.listeners.push(listener);
  }

  /**
   * One step of the feed at `now`; the instruments that traded are published on the bus (once each, when
   * this node holds the feed lease), completed bars are written, then each listener is told of the trades,
   * before it returns. A listener that fails is logged and does not stop the others.
   */
  async tick(now: Date = this.ctx.clock.now()): Promise<Trade[]> {
    const feed = await this.feed();
    const trades = feed.step(now);
    for (const trade of trades) this.live.add(trade);
    if (trades.length && (await this.publisher.hold())) {
      const codes = [...new Set(trades.map((trade) => trade.code))];
      const tick: MarketTick = {
        quotes: await Promise.all(codes.map((code) => this.quote(code))),
        boards: await Promise.all(codes.map((code) => this.board(code))),
      };
      await this.ctx.bus.publish(MARKET_TICKS, JSON.stringify(tick));
    }
    this.live.closeMinutesBefore(now.getTime());
    const records = this.live.drain();
    if (records.length) await this.ctx.transact((tx) => upsertBars(tx.db, records));
    for (const listener of this.listeners)
      await listener(trades, now, feed).catch((error: unknown) =>
        this.ctx.log.error({ err: error }, 'market trades listener failed'),
      );
    return trades;
  }

  /** Ticks every `intervalMs` on the app clock until the returned function is called. A slow tick is not overlapped. */
  start(intervalMs = 1000): () => void {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      this.tick()
        .catch((error: unknown) => this.ctx.log.error({ err: error }, 'market tick failed'))
        .finally(() => (running = false));
    }, intervalMs);
    return () => clearInterval(timer);
  }

  /** The stored bars with the bar being built now in place of (or after) the last one. */
  withLive(code: string, stored: 'minute' | 'day', bars: BarValue[], from: number, to: number): BarValue[] {
    const live = stored === 'minute' ? this.live.currentMinute(code) : this.live.currentDay(code);
    if (!live || live.start < from || live.start >= to) return bars;
    const last = bars[bars.length - 1];
    if (last && last.start === live.start) return [...bars.slice(0, -1), live];
    return last && last.start > live.start ? bars : [...bars, live];
  }
}

/**
 * The universe in the database, loaded from reference-data/ when the table is empty; on later starts the names'
 * readings (which search matches) are brought up to date with the file, everything else staying as stored.
 */
async function ensureUniverse(ctx: AppContext): Promise<InstrumentRow[]> {
  const rows = readUniverse();
  if ((await countInstruments(ctx.db)) === 0) await ctx.transact((tx) => insertInstruments(tx.db, rows));
  else await updateReadings(ctx.db, rows);
  return allInstruments(ctx.db);
}

const markets = new WeakMap<AppContext, Market>();

/** The market of an app context (one per server). */
export function marketOf(ctx: AppContext): Market {
  let market = markets.get(ctx);
  if (!market) {
    market = new Market(ctx);
    markets.set(ctx, market);
  }
  return market;
}

/**
 * What `npm start` runs once the server listens: on a first start (unless MARKET_BACKFILL=false) the daily
 * history, then a tick every second, while the 1-minute history is written in the background. Returns the
 * function that stops the ticks.
 */
export async function startMarket(ctx: AppContext): Promise<() => void> {
  const market = marketOf(ctx);
  // Each node runs its own feed (docs/market-data.md); its ticks reach the clients of every node through
  // the bus, so only one node may publish them: the holder of this lease.
  if (ctx.config.redisUrl)
    market.publisher = redisLease(ctx.config.redisUrl, 'market-feed', FEED_LEASE_MS, ctx.log);
  if (ctx.config.marketBackfill) {
    const daily = await market.backfill({ intervals: ['1d'] });
    if (daily.instruments) ctx.log.info(daily, 'market history backfilled: daily bars');
  }
  await market.feed();
  const stop = market.start(1000);
  if (ctx.config.marketBackfill) {
    void market
      .backfill({ intervals: ['1m'], rowsPerTurn: BACKFILL_ROWS_WHILE_SERVING })
      .then(
        (minute) => minute.instruments && ctx.log.info(minute, 'market history backfilled: 1-minute bars'),
      )
      .catch((error: unknown) => ctx.log.error({ err: error }, 'market 1-minute backfill failed'));
  }
  return () => {
    stop();
    void market.publisher.release();
  };
}
