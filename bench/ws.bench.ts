// Realtime fan-out: 2,000 WebSocket clients, each subscribed to 10 quote channels, while the simulator ticks
// every second; the delay from the start of a tick to each client's receipt of a quote it changed (p50, p99,
// max). Beside it, in the same run, the baseline: a bare `ws` server sending the same clients a frame of the
// same size for each of their codes every second, each client's frames of a tick in one write as the hub does
// (no Fastify, no bus, no feed, no session: the floor this machine sets). The production server runs on
// PGlite in a temporary directory, logging at `info` into /dev/null, MARKET_CLOCK=always-open, listening on
// 127.0.0.1. The clients run in worker threads of this process, so the server's event loop reads none of their
// frames. BENCH_WS_CLIENTS and BENCH_SECONDS override the count (2,000) and the measured time (20 s).
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import pino from 'pino';
import { WebSocketServer, type WebSocket } from 'ws';
import { buildApp } from '../apps/server/src/app';
import { createAppContext } from '../apps/server/src/app-context';
import { systemClock } from '../apps/server/src/platform/clock';
import { loadConfig } from '../apps/server/src/platform/config';
import { migrate, openPglite } from '../apps/server/src/platform/db';
import { MARKET_TICKS, marketOf, startMarket, type MarketTick } from '../apps/server/src/modules/market';
import { readUniverse } from '../apps/server/src/modules/market/universe';

const CLIENTS = Number(process.env.BENCH_WS_CLIENTS ?? 2000);
const CODES_PER_CLIENT = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARMUP_SECONDS = 3;
const WORKERS = 2;

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const universe = readUniverse().map((row) => row.code);
// 113 codes (a prime count): the steps of 13 give each client 10 different codes, spread over the universe.
const codesOf = (client: number) =>
  Array.from({ length: CODES_PER_CLIENT }, (_, k) => universe[(client * 7 + k * 13) % universe.length]!);

interface Figures {
  frames: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  unmatched: number;
  dropped: number;
}

/** Connects the clients (in worker threads), records for SECONDS, and matches each frame to its tick. */
async function measure(url: string, tickStarts: () => Map<string, number>): Promise<Figures> {
  const all = Array.from({ length: CLIENTS }, (_, i) => codesOf(i));
  const share = Math.ceil(CLIENTS / WORKERS);
  const workers = Array.from(
    { length: WORKERS },
    (_, w) =>
      new Worker(new URL('./ws-clients.worker.mjs', import.meta.url), {
        workerData: { url, codes: all.slice(w * share, (w + 1) * share) },
      }),
  );
  const next = (worker: Worker, type: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const onMessage = (message: Record<string, unknown>) => {
        if (message.type !== type) return;
        worker.off('message', onMessage);
        resolve(message);
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
  await Promise.all(workers.map((worker) => next(worker, 'ready')));
  await sleep(WARMUP_SECONDS * 1000);
  for (const worker of workers) worker.postMessage({ type: 'start' });
  await sleep(SECONDS * 1000);
  const records = workers.map((worker) => next(worker, 'records'));
  for (const worker of workers) worker.postMessage({ type: 'stop' });
  const results = (await Promise.all(records)) as unknown as {
    keys: string[];
    arrivals: number[];
    dropped: number;
  }[];
  await Promise.all(workers.map((worker) => worker.terminate()));

  const starts = tickStarts();
  const delays: number[] = [];
  let unmatched = 0;
  for (const { keys, arrivals } of results) {
    keys.forEach((key, i) => {
      const start = starts.get(key);
      if (start === undefined) unmatched += 1;
      else delays.push(arrivals[i]! - start);
    });
  }
  delays.sort((a, b) => a - b);
  const at = (q: number) => delays[Math.min(delays.length - 1, Math.floor(q * delays.length))] ?? NaN;
  return {
    frames: delays.length,
    perSecond: delays.length / SECONDS,
    p50: at(0.5),
    p99: at(0.99),
    max: delays.at(-1) ?? NaN,
    unmatched,
    dropped: results.reduce((n, r) => n + r.dropped, 0),
  };
}

function report(name: string, f: Figures, baseline?: Figures) {
  console.log(
    `${name.padEnd(52)} ${f.perSecond.toFixed(0).padStart(6)} frames/s  p50 ${f.p50.toFixed(1).padStart(6)} ms  ` +
      `p99 ${f.p99.toFixed(1).padStart(6)} ms  max ${f.max.toFixed(1).padStart(6)} ms  (${f.frames} frames` +
      `${f.unmatched ? `, ${f.unmatched} unmatched` : ''}${f.dropped ? `, ${f.dropped} clients dropped` : ''})` +
      (baseline ? `  p99 ${(f.p99 / baseline.p99).toFixed(1)}x the bare server's` : ''),
  );
}

const rawSocket = (socket: WebSocket) => (socket as unknown as { _socket: Socket })._socket;

/** The baseline: a bare ws server sending each client a quote-sized frame per subscribed code every second. */
async function bare(): Promise<Figures> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  const followers = new Map<string, Set<WebSocket>>();
  const seqs = new WeakMap<WebSocket, Map<string, number>>();
  const send = (socket: WebSocket, channel: string, data: string) => {
    const own = seqs.get(socket)!;
    const seq = (own.get(channel) ?? 0) + 1;
    own.set(channel, seq);
    socket.send(`{"channel":"${channel}","seq":${seq},"data":${data}}`);
  };
  const quoteData = (code: string, tick: number) =>
    JSON.stringify({
      code,
      last: '2500.00',
      change: '12.50',
      changePercent: '0.50',
      open: '2490.00',
      high: '2510.00',
      low: '2480.00',
      previousClose: '2487.50',
      volume: String(tick),
      turnover: '1234567890.00',
      limitUp: '2987.50',
      limitDown: '1987.50',
      limitState: 'normal',
      sessionState: 'continuous',
      halted: false,
      tradingDay: '2026-11-24',
      updatedAt: `bare-${tick}`,
      simulated: true,
    });
  server.on('connection', (socket) => {
    seqs.set(socket, new Map());
    socket.on('message', (raw: Buffer) => {
      const { channels } = JSON.parse(raw.toString()) as { channels: string[] };
      for (const channel of channels) {
        followers.set(channel, (followers.get(channel) ?? new Set()).add(socket));
        send(socket, channel, quoteData(channel.slice(6), 0));
      }
    });
  });
  const starts = new Map<string, number>();
  let tick = 0;
  const timer = setInterval(() => {
    tick += 1;
    const start = now();
    // Each client's frames of the tick in one network write, as the realtime hub does.
    const held = new Set<WebSocket>();
    for (const code of universe) {
      const data = quoteData(code, tick);
      starts.set(`${code}|bare-${tick}|${tick}`, start);
      for (const socket of followers.get(`quote:${code}`) ?? []) {
        if (!held.has(socket)) {
          rawSocket(socket).cork();
          held.add(socket);
        }
        send(socket, `quote:${code}`, data);
      }
    }
    for (const socket of held) rawSocket(socket).uncork();
  }, 1000);
  const { port } = server.address() as { port: number };
  try {
    return await measure(`ws://127.0.0.1:${port}`, () => starts);
  } finally {
    clearInterval(timer);
    for (const socket of server.clients) socket.terminate();
    await new Promise((resolve) => server.close(resolve));
  }
}

/** Per tick, from its start until the hub has written every frame of it to the sockets (ms). */
let serverSide = { median: NaN, max: NaN };

/** The production server with the simulator ticking every second; a tick's start is noted for its quotes. */
async function kabuto(): Promise<Figures> {
  const dir = mkdtempSync(join(tmpdir(), 'kabuto-bench-ws-'));
  const database = await openPglite(join(dir, 'pglite'));
  try {
    await migrate(database);
    const config = loadConfig({
      DATA_DIR: '/nonexistent',
      LOG_LEVEL: 'info',
      MARKET_CLOCK: 'always-open',
      MARKET_BACKFILL: 'false',
      REDIS_URL: '',
      // Every bench client connects from loopback.
      WS_MAX_CONNECTIONS_PER_ADDRESS: String(CLIENTS + 10),
    });
    const ctx = createAppContext({ database, config, clock: systemClock, log: pino({ level: 'silent' }) });
    // The tick's start, read when its message is published (subscribed before the app, so heard first).
    const market = marketOf(ctx);
    let tickStart = 0;
    const tick = market.tick.bind(market);
    market.tick = (at?: Date) => {
      tickStart = now();
      return tick(at);
    };
    const published: [number, string][] = [];
    ctx.bus.subscribe(MARKET_TICKS, (message) => published.push([tickStart, message]));
    const app = await buildApp(ctx, {
      logger: { level: 'info', stream: pino.destination({ dest: '/dev/null', sync: true }) },
      serveStatic: false,
    });
    // Heard after the hub (subscribed after it): the tick's frames are all written to the sockets by now.
    const fanOut: number[] = [];
    ctx.bus.subscribe(MARKET_TICKS, () => fanOut.push(now() - tickStart));
    await app.listen({ host: '127.0.0.1', port: 0 });
    const stop = await startMarket(ctx);
    const { port } = app.server.address() as { port: number };
    try {
      const figures = await measure(`ws://127.0.0.1:${port}/api/ws`, () => {
        const starts = new Map<string, number>();
        for (const [start, message] of published)
          for (const quote of (JSON.parse(message) as MarketTick).quotes)
            starts.set(`${quote.code}|${quote.updatedAt}|${quote.volume}`, start);
        return starts;
      });
      const measured = fanOut.slice(-SECONDS).sort((a, b) => a - b);
      serverSide = { median: measured[Math.floor(measured.length / 2)]!, max: measured.at(-1)! };
      return figures;
    } finally {
      stop();
      await app.close();
      await ctx.bus.close();
    }
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(
  `node ${process.version}; ${CLIENTS} clients x ${CODES_PER_CLIENT} quote channels, ${SECONDS} s after ${WARMUP_SECONDS} s ` +
    `warm-up, ticks every 1 s; ${availableParallelism()} cores, load average ${loadavg()[0]!.toFixed(2)} at start`,
);
const baseline = await bare();
report('bare ws server, same frames (baseline)', baseline);
report('Kabuto /api/ws, simulator ticking (PGlite)', await kabuto(), baseline);
console.log(
  `${''.padEnd(52)} server side: tick start to the last frame written, median ${serverSide.median.toFixed(1)} ms, ` +
    `max ${serverSide.max.toFixed(1)} ms`,
);
