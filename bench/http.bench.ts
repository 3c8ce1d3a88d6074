// Throughput over real HTTP: the production server (buildApp, logger at `info` as main.ts sets it,
// listening on 127.0.0.1) under autocannon at 32 connections for 10 s, next to a bare Fastify route in
// the same run. GET /api/index/getUserInfo with the demo investor's token: one authenticated read, the
// cheapest request that touches the session and the database. On PGlite in a temporary directory, and
// on a fresh PostgreSQL database (created and dropped) when DATABASE_URL is set. autocannon runs in its
// own process so that it does not share the server's event loop.
import Fastify, { type FastifyInstance } from 'fastify';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app';
import { createAppContext } from '../apps/server/src/app-context';
import { systemClock } from '../apps/server/src/platform/clock';
import { loadConfig } from '../apps/server/src/platform/config';
import { migrate, openPglite, openPostgres, type Database } from '../apps/server/src/platform/db';
import { DEMO, seedDemoData } from '../apps/server/src/modules/system';

const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** CPU time of this (the server's) process per request, in microseconds: steadier than req/s on a busy machine. */
  cpuUs: number;
}

/** One autocannon run in a child process; its JSON summary on stdout. */
function autocannon(url: string, headers: Record<string, string>, seconds: number): Promise<Figures> {
  const args = [AUTOCANNON, '-j', '-c', String(CONNECTIONS), '-d', String(seconds)];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  args.push(url);
  return new Promise<Figures>((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      const r = JSON.parse(out) as {
        requests: { average: number; total: number };
        latency: { p50: number; p99: number };
        non2xx: number;
        errors: number;
        timeouts: number;
      };
      resolve({
        cpuUs: 0,
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        requests: r.requests.total,
        non2xx: r.non2xx,
        errors: r.errors + r.timeouts,
      });
    });
  });
}

async function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<Figures> {
  await autocannon(url, headers, WARMUP_SECONDS);
  const cpu = process.cpuUsage();
  const run = await autocannon(url, headers, SECONDS);
  const used = process.cpuUsage(cpu);
  const f = { ...run, cpuUs: (used.user + used.system) / run.requests };
  console.log(
    `${name.padEnd(60)} ${f.rps.toFixed(0).padStart(6)} req/s  p50 ${String(f.p50).padStart(3)} ms  p99 ${String(f.p99).padStart(3)} ms  ${f.cpuUs.toFixed(0).padStart(5)} µs CPU/req  (${f.requests} requests${f.non2xx || f.errors ? `, ${f.non2xx} non-2xx, ${f.errors} errors` : ''})`,
  );
  if (f.non2xx || f.errors) throw new Error(`${name}: ${f.non2xx} non-2xx answers, ${f.errors} errors`);
  return f;
}

const address = (app: FastifyInstance) => {
  const bound = app.server.address();
  if (!bound || typeof bound === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${bound.port}`;
};

/** The production server on `database`: migrated, seeded, logging at `info` (into /dev/null here). */
async function serve(database: Database, env: Record<string, string>) {
  await migrate(database);
  const config = loadConfig({ DATA_DIR: '/nonexistent', LOG_LEVEL: 'info', ...env });
  const log = pino({ level: 'silent' });
  const ctx = createAppContext({ database, config, clock: systemClock, log });
  await seedDemoData(ctx);
  const app = await buildApp(ctx, {
    logger: { level: config.logLevel, stream: pino.destination({ dest: '/dev/null', sync: true }) },
    serveStatic: false,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = address(app);
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: DEMO.investor.mobile, password: DEMO.investor.password }),
  });
  const { data } = (await login.json()) as { data: { token: string } };
  return { app, ctx, base, token: data.token };
}

/** Measured with the request-path cache (as configured by default) and without it (READ_CACHE_TTL=0). */
async function userInfo(label: string, database: Database, bare: Figures, env: Record<string, string> = {}) {
  for (const [variant, ttl] of [
    ['', '30'],
    [', no cache', '0'],
  ] as const) {
    const { app, ctx, base, token } = await serve(database, { ...env, READ_CACHE_TTL: ttl });
    try {
      const f = await measure(
        `GET /api/index/getUserInfo (${label}${variant})`,
        `${base}/api/index/getUserInfo`,
        { token },
      );
      console.log(`${''.padEnd(60)} ${((100 * f.rps) / bare.rps).toFixed(1)}% of the bare route's req/s`);
    } finally {
      await app.close();
      await ctx.bus.close();
    }
  }
}

console.log(
  `node ${process.version}; ${CONNECTIONS} connections, ${SECONDS} s each after ${WARMUP_SECONDS} s warm-up; ` +
    `${availableParallelism()} cores, load average ${loadavg()[0]!.toFixed(2)} at start`,
);

const bareApp = Fastify({ logger: false });
bareApp.get('/', async () => ({ ok: true }));
await bareApp.listen({ host: '127.0.0.1', port: 0 });
const bare = await measure('GET / (bare Fastify)', `${address(bareApp)}/`);
await bareApp.close();

const dir = mkdtempSync(join(tmpdir(), 'kabuto-bench-'));
try {
  const database = await openPglite(join(dir, 'pglite'));
  try {
    await userInfo('PGlite', database, bare);
  } finally {
    await database.close();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const url = process.env.DATABASE_URL;
if (url) {
  const name = `kabuto_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const target = new URL(url);
    target.pathname = `/${name}`;
    const database = await openPostgres(target.toString());
    try {
      const redis = process.env.REDIS_URL;
      await userInfo(
        redis ? 'PostgreSQL, Redis bus' : 'PostgreSQL',
        database,
        bare,
        redis ? { REDIS_URL: redis } : {},
      );
    } finally {
      await database.close();
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
