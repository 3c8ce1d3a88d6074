// The trading engine under load: 100k open positions and 50k resting orders across the TSE universe
// (reference-data/tse-instruments.csv), then 1M ticks of a seeded random walk on the tick grid, as the feed would send
// them in continuous trading. Prints ticks per second (engine time only, quotes are built outside the timed
// call) and the time per tick. Half the positions carry a take-profit and a stop-loss; resting orders sit
// 1-8% from the market; a quarter of the accounts hold only 3x positions and no spare cash, so fills,
// triggers, margin calls and forced closes happen along the way and are counted.
// BENCH_TICKS, BENCH_POSITIONS and BENCH_ORDERS shrink it for a quick look.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createEngine, type EngineEvent, type Quote } from '@kabuto/engine';
import {
  limitDown,
  limitUp,
  roundToTick,
  tickSize,
  tickTableFor,
  yen,
  type Price,
  type TickTable,
} from '@kabuto/market-rules';

const TICKS = Number(process.env.BENCH_TICKS ?? 1_000_000);
const POSITIONS = Number(process.env.BENCH_POSITIONS ?? 100_000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 50_000);
const ACCOUNTS = 20_000;
const AT = Date.UTC(2026, 10, 24, 1, 0); // 10:00 JST, a Tuesday

/** mulberry32: a small seeded generator, so every run replays the same walk. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const rand = random(20261124);
/** Every fourth account trades at 3x and keeps no spare cash, so its ratio starts near 33%. */
const aggressive = (account: number) => account % 4 === 0;
const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
const between = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));

interface Instrument {
  code: string;
  tickTable: TickTable;
  last: Price;
  limitUp: Price;
  limitDown: Price;
}

const csv = readFileSync(new URL('../reference-data/tse-instruments.csv', import.meta.url), 'utf8')
  .trim()
  .split('\n');
const header = csv[0]!.split(',');
const column = (name: string) => header.indexOf(name);
const instruments: Instrument[] = csv.slice(1).map((line) => {
  const cells = line.split(',');
  const tickTable = tickTableFor(cells[column('topix500')] === '1');
  const base = roundToTick(yen(Number(cells[column('approx_price_jpy')])), 'down', tickTable);
  return {
    code: cells[column('code')]!,
    tickTable,
    last: base,
    limitUp: limitUp(base, tickTable),
    limitDown: limitDown(base, tickTable),
  };
});

const up = (instrument: Instrument, price: Price) =>
  price >= instrument.limitUp ? instrument.limitUp : roundToTick(price + 1n, 'up', instrument.tickTable);
const down = (instrument: Instrument, price: Price) =>
  price <= instrument.limitDown
    ? instrument.limitDown
    : roundToTick(price - 1n, 'down', instrument.tickTable);
/** A price `percent` away from the instrument's price, on the grid and within the day's limits. */
const away = (instrument: Instrument, percent: number) => {
  const raw = instrument.last + (instrument.last * BigInt(Math.round(percent * 100))) / 10_000n;
  const rounded = roundToTick(raw, percent > 0 ? 'up' : 'down', instrument.tickTable);
  if (rounded > instrument.limitUp) return instrument.limitUp;
  return rounded < instrument.limitDown ? instrument.limitDown : rounded;
};

function quoteOf(instrument: Instrument, at: number): Quote {
  return {
    code: instrument.code,
    bid: instrument.last,
    ask: up(instrument, instrument.last),
    last: instrument.last,
    limitUp: instrument.limitUp,
    limitDown: instrument.limitDown,
    phase: 'morning',
    at,
  };
}

const engine = createEngine({ instruments: instruments.map(({ code, tickTable }) => ({ code, tickTable })) });
const counts = new Map<string, number>();
const count = (events: readonly EngineEvent[]) => {
  for (const event of events) {
    const key = event.type === 'Rejected' ? `Rejected:${event.reason}` : event.type;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
};

console.log(
  `node ${process.version}; ${instruments.length} instruments; load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
let started = performance.now();
for (let i = 0; i < ACCOUNTS; i += 1) {
  const accountId = `acct-${i}`;
  engine.upsertAccount({ accountId, kycPassed: true, creditScore: 100, at: AT });
  engine.updateCash({ accountId, available: yen(100_000_000), at: AT });
}
for (const instrument of instruments) engine.onQuote(quoteOf(instrument, AT));

for (let i = 0; i < POSITIONS; i += 1) {
  const instrument = pick(instruments);
  const side = rand() < 0.5 ? 'long' : 'short';
  const sign = side === 'long' ? 1 : -1;
  const guarded = rand() < 0.5;
  count(
    engine.placeOrder({
      orderId: `p${i}`,
      accountId: `acct-${i % ACCOUNTS}`,
      code: instrument.code,
      side,
      type: 'market',
      lots: between(1, 5),
      leverage: aggressive(i % ACCOUNTS) ? 3 : pick([1, 2, 3]),
      takeProfit: guarded ? away(instrument, sign * between(3, 10)) : null,
      stopLoss: guarded ? away(instrument, -sign * between(3, 10)) : null,
      at: AT,
    }),
  );
}
const positionsMs = performance.now() - started;
started = performance.now();
for (let i = 0; i < ORDERS; i += 1) {
  const instrument = pick(instruments);
  const side = rand() < 0.5 ? 'long' : 'short';
  count(
    engine.placeOrder({
      orderId: `r${i}`,
      accountId: `acct-${(i * 7) % ACCOUNTS}`,
      code: instrument.code,
      side,
      type: 'limit',
      price: away(instrument, (side === 'long' ? -1 : 1) * between(1, 8)),
      lots: between(1, 5),
      leverage: pick([1, 2, 3]),
      at: AT,
    }),
  );
}
const ordersMs = performance.now() - started;
for (let i = 0; i < ACCOUNTS; i += 1) {
  if (aggressive(i)) engine.updateCash({ accountId: `acct-${i}`, available: 0n, at: AT });
}
const setup = engine.snapshot();
console.log(
  `setup: ${setup.positions.length} positions in ${positionsMs.toFixed(0)} ms (${(POSITIONS / (positionsMs / 1000)).toFixed(0)} orders/s, filled at once), ` +
    `${setup.orders.length} resting orders in ${ordersMs.toFixed(0)} ms (${(ORDERS / (ordersMs / 1000)).toFixed(0)} orders/s)`,
);
const refused = [...counts.entries()].filter(([type]) => type.startsWith('Rejected'));
if (refused.length > 0)
  console.log(`refused at setup: ${refused.map(([type, n]) => `${type} ${n}`).join(', ')}`);
counts.clear();

// The walk: each tick moves one instrument by up to ±0.1% of its price (±0.058% on average, so about ±5%
// over the ~8,800 ticks each instrument gets), as a whole number of ticks, within its limits. Low-priced
// stocks, whose tick is a large share of the price, move less often, as on the exchange.
const samples = new Float64Array(TICKS);
let engineMs = 0;
const wallStarted = performance.now();
const cpuStarted = process.cpuUsage();
// At 60% of the run the whole market falls 15% (or to limit down), one instrument per tick: the shock that
// puts leveraged accounts into margin calls and forced closes, all within a hundred-odd ticks.
const crashAt = Math.floor(TICKS * 0.6);
let crashMs = 0;
let crashSlowest = 0;
for (let i = 0; i < TICKS; i += 1) {
  const crashing = i >= crashAt && i < crashAt + instruments.length;
  const instrument = crashing
    ? instruments[i - crashAt]!
    : instruments[Math.floor(rand() * instruments.length)]!;
  // Now and then (one tick in 2,000) a jump of 2-6% either way, as the simulator makes them.
  const jump = crashing ? -0.15 : rand() < 1 / 2_000 ? (rand() < 0.5 ? -1 : 1) * (0.02 + rand() * 0.04) : 0;
  const tick = Number(tickSize(instrument.last, instrument.tickTable));
  const move = (Number(instrument.last) * ((rand() - 0.5) / 500 + jump)) / tick;
  const steps = Math.round(move);
  for (let s = 0; s < Math.abs(steps); s += 1) {
    instrument.last = steps > 0 ? up(instrument, instrument.last) : down(instrument, instrument.last);
  }
  const quote = quoteOf(instrument, AT + i);
  const before = performance.now();
  const events = engine.onQuote(quote);
  const took = performance.now() - before;
  samples[i] = took;
  engineMs += took;
  if (crashing) {
    crashMs += took;
    crashSlowest = Math.max(crashSlowest, took);
  }
  if (events.length > 0) count(events);
}
const wallMs = performance.now() - wallStarted;
const cpu = process.cpuUsage(cpuStarted);
const cpuMs = (cpu.user + cpu.system) / 1000;

const sorted = samples.slice().sort();
const quantile = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * 1000;
const after = engine.snapshot();
console.log(
  `${TICKS} ticks: ${(TICKS / (engineMs / 1000)).toFixed(0)} ticks/s in the engine ` +
    `(${(TICKS / (wallMs / 1000)).toFixed(0)}/s with quote generation, ${(TICKS / (cpuMs / 1000)).toFixed(0)} per CPU second); per tick p50 ${quantile(0.5).toFixed(1)} µs, ` +
    `p99 ${quantile(0.99).toFixed(1)} µs, p99.9 ${quantile(0.999).toFixed(1)} µs, max ${(sorted[sorted.length - 1]! * 1000).toFixed(0)} µs`,
);
console.log(
  `during the ticks: ${[...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([type, n]) => `${type} ${n}`)
    .join(', ')}; ` + `left: ${after.positions.length} positions, ${after.orders.length} resting orders`,
);
console.log(
  `the crash (${instruments.length} ticks): ${crashMs.toFixed(1)} ms in all, the slowest tick ${crashSlowest.toFixed(1)} ms`,
);
console.log(
  `load average after: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
