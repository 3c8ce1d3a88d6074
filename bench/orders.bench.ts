// Market orders end to end over HTTP: POST /api/orders on the production server (buildApp, listening on
// 127.0.0.1), each a 1-lot 1x market long that fills at once (validation, the engine queue, one transaction
// with the order, position, fill, one journal entry and a message), from 64 clients at once, each its own
// investor with its own Idempotency-Key per order. Beside it, in the same run and on the same database, the
// baseline: a bare Fastify POST route doing one INSERT. The clients run in this process (node:http), so they share
// its CPU with the server: compare the ratio to the baseline more than the absolute figures.
// On PGlite in a temporary directory (as `npm start` runs it), and on a fresh PostgreSQL database (created and
// dropped) when DATABASE_URL is set. BENCH_SECONDS (default 5) after a 1 s warm-up; BENCH_ORDERS_DATABASES=pglite
// or =postgres measures one of them.
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import pino from 'pino';
import { limitDown, limitUp, yen } from '@kabuto/market-rules';
import { buildApp } from '../apps/server/src/app';
import { createAppContext } from '../apps/server/src/app-context';
import { systemClock } from '../apps/server/src/platform/clock';
import { loadConfig } from '../apps/server/src/platform/config';
import { hashPassword } from '../apps/server/src/platform/crypto';
import { migrate, openPglite, openPostgres, type Database } from '../apps/server/src/platform/db';
import { creditDeposit, freshKey } from '../apps/server/src/modules/ledger';
import { tradingOf } from '../apps/server/src/modules/trading';

const CLIENTS = 64;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP_SECONDS = 1;
/** Which databases to measure (`pglite,postgres`); both by default, PostgreSQL only when DATABASE_URL is set. */
const ONLY = process.env.BENCH_ORDERS_DATABASES?.split(',');
const PASSWORD = 'bench-pass1';

interface Figures {
  perSecond: number;
  p50: number;
  p99: number;
  count: number;
}

interface Answer {
  status: number;
  json(): Promise<unknown>;
}
const agent = new Agent({ keepAlive: true, maxSockets: 256 });
/**
 * A POST over a kept-alive connection with node:http. The clients share the server's thread, and fetch (undici)
 * took so much of it that the one-INSERT baseline ran at 912-990/s against 2,287-2,545/s this way (2026-11-28).
 */
function post(url: string, headers: Record<string, string>, body: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, json: async () => JSON.parse(text) });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** CLIENTS loops sending `request` one after another for `seconds`; every answer must be a success. */
async function drive(seconds: number, request: (client: number) => Promise<Answer>): Promise<Figures> {
  const samples: number[] = [];
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      while (performance.now() < until) {
        const t0 = performance.now();
        const response = await request(client);
        const answer = (await response.json()) as { code?: number; errorCode?: string };
        if (response.status !== 200 || (answer.code !== undefined && answer.code !== 1))
          throw new Error(`answered ${response.status} ${answer.errorCode ?? ''}`);
        samples.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = performance.now() - started;
  const sorted = samples.sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { perSecond: samples.length / (elapsed / 1000), p50: at(0.5), p99: at(0.99), count: samples.length };
}

async function measure(label: string, request: (client: number) => Promise<Answer>) {
  await drive(WARMUP_SECONDS, request);
  const f = await drive(SECONDS, request);
  console.log(
    `${label.padEnd(52)} ${f.perSecond.toFixed(0).padStart(6)}/s  p50 ${f.p50.toFixed(1).padStart(6)} ms  p99 ${f.p99.toFixed(1).padStart(6)} ms  (${f.count})`,
  );
  return f;
}

const address = (app: FastifyInstance) => {
  const bound = app.server.address();
  if (!bound || typeof bound === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${bound.port}`;
};

/** The baseline: a bare Fastify route doing one INSERT into a table of its own. */
async function baseline(database: Database): Promise<Figures> {
  await sql`CREATE TABLE IF NOT EXISTS bench_orders_baseline (id BIGSERIAL PRIMARY KEY, key TEXT NOT NULL)`.execute(
    database.db,
  );
  const bare = Fastify({ logger: false });
  bare.post('/', async () => {
    await sql`INSERT INTO bench_orders_baseline (key) VALUES (${randomUUID()})`.execute(database.db);
    return { ok: true };
  });
  await bare.listen({ host: '127.0.0.1', port: 0 });
  try {
    const url = `${address(bare)}/`;
    return await measure('POST / (bare Fastify, one INSERT)', () =>
      post(url, { 'content-type': 'application/json' }, '{}'),
    );
  } finally {
    await bare.close();
  }
}

/** The server on `database` with CLIENTS verified investors, each holding a billion yen, signed in. */
async function serve(database: Database) {
  await migrate(database);
  const config = loadConfig({ DATA_DIR: '/nonexistent', LOG_LEVEL: 'info', AUTH_RATE_LIMIT_MAX: '100000' });
  const ctx = createAppContext({ database, config, clock: systemClock, log: pino({ level: 'silent' }) });
  const app = await buildApp(ctx, {
    logger: { level: config.logLevel, stream: pino.destination({ dest: '/dev/null', sync: true }) },
    serveStatic: false,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = address(app);
  const passwordHash = await hashPassword(PASSWORD);
  const tokens: string[] = [];
  for (let i = 0; i < CLIENTS; i += 1) {
    const mobile = `0908${String(i).padStart(7, '0')}`;
    const user = await ctx.db
      .insertInto('users')
      .values({ mobile, password_hash: passwordHash, referral_code: `BORD${i}`, kyc_status: 'passed' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.transact((tx) =>
      creditDeposit(tx.db, {
        userId: user.id,
        amount: yen(1_000_000_000),
        reference: 'bench',
        actor: { kind: 'system' },
        idempotency: { scope: 'bench', key: freshKey(), request: i },
        at: new Date(),
      }),
    );
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: mobile, password: PASSWORD }),
    });
    tokens.push(((await login.json()) as { data: { token: string } }).data.token);
  }
  // Toyota in continuous trading, whatever the time of day.
  await tradingOf(ctx).applyQuote({
    code: '7203',
    bid: yen(2800),
    ask: yen(2800) + 50n,
    last: yen(2800),
    limitUp: limitUp(yen(2800), 'topix500'),
    limitDown: limitDown(yen(2800), 'topix500'),
    phase: 'morning',
    at: Date.now(),
  });
  return { app, ctx, base, tokens };
}

async function orders(label: string, database: Database, bare: Figures) {
  const { app, ctx, base, tokens } = await serve(database);
  try {
    const body = JSON.stringify({ code: '7203', side: 'long', type: 'market', lots: 1, leverage: 1 });
    const f = await measure(`POST /api/orders, market, fills (${label})`, (client) =>
      post(
        `${base}/api/orders`,
        { 'content-type': 'application/json', token: tokens[client]!, 'idempotency-key': randomUUID() },
        body,
      ),
    );
    console.log(
      `${''.padEnd(52)} ${((100 * f.perSecond) / bare.perSecond).toFixed(1)}% of the baseline's rate`,
    );
  } finally {
    await app.close();
    await ctx.bus.close();
  }
}

console.log(
  `${availableParallelism()} cores, load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}, ${CLIENTS} clients, ${SECONDS} s`,
);

if (!ONLY || ONLY.includes('pglite')) {
  const dir = mkdtempSync(join(tmpdir(), 'kabuto-bench-orders-'));
  const database = await openPglite(join(dir, 'pglite'));
  try {
    await migrate(database);
    const bare = await baseline(database);
    await orders('PGlite on disk', database, bare);
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.env.DATABASE_URL && (!ONLY || ONLY.includes('postgres'))) {
  const name = `kabuto_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const target = new URL(process.env.DATABASE_URL);
    target.pathname = `/${name}`;
    const database = await openPostgres(target.toString());
    try {
      await migrate(database);
      const bare = await baseline(database);
      await orders('PostgreSQL', database, bare);
    } finally {
      await database.close();
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
