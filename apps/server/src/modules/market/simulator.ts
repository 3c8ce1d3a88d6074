import { jstDateOf, lowestPrice, ticksAway, type MarketClock } from '@kabuto/market-rules';
import type { FeedBoard, FeedQuote, MarketFeed, Trade } from './feed';
import {
  clampPrice,
  instrumentProfile,
  jumpSize,
  JUMPS_PER_DAY,
  limitsFrom,
  snapToTick,
  streamFor,
  TRADING_SECONDS_PER_DAY,
  type DayLimits,
  type InstrumentProfile,
} from './pricing';
import { seededRng, type Rng } from './prng';

/** Where an instrument starts: its last close, and today's figures when the day has already traded. */
export interface InstrumentStart {
  code: string;
  topix500: boolean;
  halted: boolean;
  previousClose: bigint;
  today?: {
    day: string;
    open: bigint;
    high: bigint;
    low: bigint;
    close: bigint;
    volume: bigint;
    turnover: bigint;
  };
}

/** A longer gap between steps (a pause, the lunch break) moves the price as much as a minute does. */
const MAX_STEP_SECONDS = 60;

interface State {
  code: string;
  halted: boolean;
  profile: InstrumentProfile;
  rng: Rng;
  /** The unobserved fair price, log of sen; trades print it snapped to the tick grid. */
  fair: number;
  day: string | null;
  previousClose: bigint;
  limits: DayLimits;
  last: bigint;
  open: bigint | null;
  high: bigint | null;
  low: bigint | null;
  volume: bigint;
  turnover: bigint;
  lastStepAt: number | null;
  updatedAt: number | null;
}

/**
 * The embedded feed: per instrument a seeded random walk of the log price (daily volatility 1.75-2.5% with the rare
 * jumps), trades of whole lots, and a five-level board around the last price. Every price is snapped to the
 * instrument's tick grid and held within the day's limits from the previous close; a price at a limit is stop
 * high or stop low. It moves only when the market clock says continuous trading is on, so with
 * MARKET_CLOCK=exchange it is still outside the sessions and with always-open it moves at every step. The same
 * seed, starting state and sequence of `step` instants give the same trades.
 */
export class SimulatedFeed implements MarketFeed {
  readonly simulated = true;
  private readonly states = new Map<string, State>();

  constructor(
    private readonly seed: string,
    private readonly clock: MarketClock,
    instruments: readonly InstrumentStart[],
  ) {
    for (const start of instruments) this.states.set(start.code, this.initialState(start));
  }

  private initialState(start: InstrumentStart): State {
    const profile = instrumentProfile(this.seed, {
      code: start.code,
      topix500: start.topix500,
      basePrice: start.previousClose,
    });
    const today = start.today;
    const last = today?.close ?? start.previousClose;
    return {
      code: start.code,
      halted: start.halted,
      profile,
      rng: streamFor(this.seed, start.code, 'live'),
      fair: Math.log(Number(last)),
      day: today?.day ?? null,
      previousClose: start.previousClose,
      limits: limitsFrom(start.previousClose, profile.table),
      last,
      open: today?.open ?? null,
      high: today?.high ?? null,
      low: today?.low ?? null,
      volume: today?.volume ?? 0n,
      turnover: today?.turnover ?? 0n,
      lastStepAt: null,
      updatedAt: null,
    };
  }

  step(now: Date): Trade[] {
    const at = now.getTime();
    if (!this.clock.isTradingOpen(at)) return [];
    const day = jstDateOf(at);
    const trades: Trade[] = [];
    for (const state of this.states.values()) {
      if (state.halted) continue;
      const seconds =
        state.lastStepAt === null ? 1 : Math.min((at - state.lastStepAt) / 1000, MAX_STEP_SECONDS);
      if (seconds <= 0) continue;
      state.lastStepAt = at;
      if (state.day !== day) this.openDay(state, day);
      const trade = this.move(state, seconds, at);
      if (trade) trades.push(trade);
    }
    return trades;
  }

  private openDay(state: State, day: string): void {
    if (state.day !== null) state.previousClose = state.last;
    state.day = day;
    state.limits = limitsFrom(state.previousClose, state.profile.table);
    state.open = state.high = state.low = null;
    state.volume = 0n;
    state.turnover = 0n;
  }

  private move(state: State, seconds: number, at: number): Trade | null {
    const { rng, profile, limits } = state;
    const fraction = seconds / TRADING_SECONDS_PER_DAY;
    let change = profile.dailyVolatility * Math.sqrt(fraction) * rng.normal();
    const jumpDraw = rng.next();
    const jump = jumpSize(rng);
    if (jumpDraw < JUMPS_PER_DAY * fraction) change += jump;
    const floor = Math.log(Number(limits.down));
    const ceiling = Math.log(Number(limits.up));
    state.fair = Math.min(ceiling, Math.max(floor, state.fair + change));

    // Whole lots: exponential around the average rate, rounded at random so small names trade now and then.
    const expectedLots = profile.dailyLots * fraction;
    const lots = Math.floor(expectedLots * -Math.log(1 - rng.next()) + rng.next());
    if (lots <= 0) return null;

    const price = clampPrice(snapToTick(Math.exp(state.fair), profile.table), limits.down, limits.up);
    const shares = BigInt(lots) * 100n;
    state.last = price;
    state.open ??= price;
    state.high = state.high === null || price > state.high ? price : state.high;
    state.low = state.low === null || price < state.low ? price : state.low;
    state.volume += shares;
    state.turnover += price * shares;
    state.updatedAt = at;
    return { code: state.code, at, price, shares };
  }

  setHalted(code: string, halted: boolean): void {
    const state = this.states.get(code);
    if (!state) return;
    state.halted = halted;
    // The walk resumes from now, not from before the halt: a long halt moves the price no more than a minute does.
    state.lastStepAt = null;
  }

  quote(code: string): FeedQuote | undefined {
    const state = this.states.get(code);
    if (!state) return undefined;
    return {
      code,
      last: state.last,
      previousClose: state.previousClose,
      open: state.open,
      high: state.high,
      low: state.low,
      volume: state.volume,
      turnover: state.turnover,
      limitUp: state.limits.up,
      limitDown: state.limits.down,
      tradingDay: state.day,
      updatedAt: state.updatedAt,
      halted: state.halted,
    };
  }

  /**
   * Bids from the last price down, asks one tick above it (at stop low the sellers queue at the limit and
   * there are no buyers; at stop high the reverse). Sizes are drawn from a stream keyed by the state, so the
   * same state shows the same board without disturbing the price walk.
   */
  board(code: string, depth: number): FeedBoard | undefined {
    const state = this.states.get(code);
    if (!state) return undefined;
    const { table } = state.profile;
    const { up, down } = state.limits;
    const atStopLow = state.last === down;
    const bestBid = atStopLow ? null : state.last;
    const bestAsk = atStopLow ? state.last : state.last === up ? null : ticksAway(state.last, 1, table);
    const sizes = seededRng(`${this.seed}:${code}:board:${state.last}:${state.volume}`);
    const typicalLots = Math.max(1, state.profile.dailyLots / 400);
    const levels = (best: bigint | null, direction: 1 | -1) => {
      const out: { price: bigint; lots: number }[] = [];
      let price = best;
      while (price !== null && out.length < depth && price <= up && price >= down) {
        const pile = price === up || price === down ? 10 : 1;
        out.push({ price, lots: Math.max(1, Math.round(typicalLots * pile * (0.3 + 1.7 * sizes.next()))) });
        price = direction < 0 && price <= lowestPrice(table) ? null : ticksAway(price, direction, table);
      }
      return out;
    };
    return { asks: levels(bestAsk, 1), bids: levels(bestBid, -1) };
  }
}
