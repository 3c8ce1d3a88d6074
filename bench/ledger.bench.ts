// Journal entries per second through the ledger service, 32 callers at once, each entry in its own
// transaction (ctx.transact, as a request makes it) with its own idempotency key. Beside each ledger
// workload, in the same run and on the same database: one plain INSERT per transaction into a table of
// its own, the floor any write pays (BEGIN, one statement, COMMIT).
//
// Workloads, each for BENCH_SECONDS (default 5) after a 1 s warm-up:
// - deposits spread over BENCH_USERS users (default 256): creditDeposit, two postings (house bank, cash);
// - holds and releases spread over the same users: holdForWithdrawal, then releaseWithdrawalHold of it
//   (two entries, two transactions; both legs on the user's own accounts);
// - deposits to one hot account: every caller waits on the same user's row locks.
// On PGlite in memory and in a temporary directory (on disk, as `npm start` runs it), and on a fresh
// PostgreSQL database (created and dropped) when DATABASE_URL is set, at the server's default pool size.
import { sql } from 'kysely';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import pino from 'pino';
import { createAppContext } from '../apps/server/src/app-context';
import { systemClock } from '../apps/server/src/platform/clock';
import { loadConfig } from '../apps/server/src/platform/config';
import type { AppContext } from '../apps/server/src/platform/context';
import { migrate, openPglite, openPostgres, type Database } from '../apps/server/src/platform/db';
import {
  creditDeposit,
  freshKey,
  holdForWithdrawal,
  releaseWithdrawalHold,
} from '../apps/server/src/modules/ledger';

type MoneyMovement = Parameters<typeof creditDeposit>[1];

const CALLERS = 32;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP_SECONDS = 1;
const USERS = Number(process.env.BENCH_USERS ?? 256);
/** Which databases to run: any of pglite-memory, pglite-disk, postgres (the last only with DATABASE_URL). */
const ONLY = process.env.BENCH_LEDGER_DATABASES?.split(',');
/** The PostgreSQL pool; the server's default unless BENCH_POOL_SIZE says otherwise. */
const POOL_SIZE = process.env.BENCH_POOL_SIZE ? Number(process.env.BENCH_POOL_SIZE) : undefined;

/**
 * CPU time used so far by every local PostgreSQL process (backends, WAL writer and the rest), in ms, from
 * /proc; NaN where there is none (another machine, or not Linux).
 */
function postgresCpuMs(): number {
  if (!existsSync('/proc/self/stat')) return Number.NaN;
  let ticks = 0;
  let seen = false;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
      // Fields after the command name (in parentheses): utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
      seen = true;
    } catch {
      // The process ended meanwhile.
    }
  }
  return seen ? ticks * 10 : Number.NaN; // USER_HZ is 100 on Linux
}

interface Figures {
  perSecond: number;
  count: number;
  p50: number;
  p99: number;
  max: number;
  /** CPU time of this process per entry, in microseconds (on PGlite this includes the database). */
  cpuUs: number;
  /** CPU time of the PostgreSQL server per entry, in microseconds (NaN on PGlite). */
  serverCpuUs: number;
}

/**
 * CALLERS loops, each running `op` one call after another, for `seconds`; every call's latency counts
 * (queueing for the connection or the embedded database included, as a request would see it).
 */
async function drive(seconds: number, op: (caller: number, i: number) => Promise<unknown>) {
  const samples: number[] = [];
  const started = performance.now();
  const until = started + seconds * 1000;
  const cpu = process.cpuUsage();
  const server = postgresCpuMs();
  await Promise.all(
    Array.from({ length: CALLERS }, async (_, caller) => {
      for (let i = 0; performance.now() < until; i += 1) {
        const t0 = performance.now();
        await op(caller, i);
        samples.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { samples, elapsed, cpuUs: used.user + used.system, serverCpuUs: (postgresCpuMs() - server) * 1000 };
}

/** One workload: warm-up, then the measured run; `entriesPerCall` is how many journal entries one call writes. */
async function measure(
  label: string,
  op: (caller: number, i: number) => Promise<unknown>,
  entriesPerCall = 1,
  onServer = false,
): Promise<Figures> {
  await drive(WARMUP_SECONDS, op);
  const { samples, elapsed, cpuUs, serverCpuUs } = await drive(SECONDS, op);
  const sorted = samples.sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const count = samples.length * entriesPerCall;
  const f: Figures = {
    perSecond: count / (elapsed / 1000),
    count,
    p50: at(0.5),
    p99: at(0.99),
    max: at(1),
    cpuUs: cpuUs / count,
    serverCpuUs: onServer ? serverCpuUs / count : Number.NaN,
  };
  const server = Number.isNaN(f.serverCpuUs) ? '' : ` + ${f.serverCpuUs.toFixed(0).padStart(4)} µs server`;
  console.log(
    `${label.padEnd(58)} ${f.perSecond.toFixed(0).padStart(6)}/s  p50 ${f.p50.toFixed(1).padStart(6)} ms  p99 ${f.p99.toFixed(1).padStart(6)} ms  max ${f.max.toFixed(1).padStart(6)} ms  ${f.cpuUs.toFixed(0).padStart(5)} µs CPU/entry${server}  (${f.count})`,
  );
  return f;
}

/** USERS users, each with a deposit on their ledger (which opens their accounts). */
async function seedUsers(ctx: AppContext): Promise<bigint[]> {
  const rows = await ctx.db
    .insertInto('users')
    .values(
      Array.from({ length: USERS }, (_, i) => ({
        mobile: `0909${String(i).padStart(7, '0')}`,
        password_hash: 'bench',
        referral_code: `BENCH${i}`,
      })),
    )
    .returning('id')
    .execute();
  const ids = rows.map((row) => row.id);
  for (const userId of ids)
    await ctx.transact((tx) => creditDeposit(tx.db, movement(userId, 1_000_000_000_00n)));
  return ids;
}

let sequence = 0;
const movement = (userId: bigint, amount: bigint): MoneyMovement => ({
  userId,
  amount,
  reference: `bench:${(sequence += 1)}`,
  actor: { kind: 'system' },
  idempotency: { scope: 'bench', key: freshKey(), request: { userId, amount } },
  at: new Date(),
});

async function run(label: string, database: Database) {
  await migrate(database);
  const config = loadConfig({ DATA_DIR: '/nonexistent' });
  const ctx = createAppContext({ database, config, clock: systemClock, log: pino({ level: 'silent' }) });
  try {
    await sql`CREATE TABLE bench_plain (id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, caller INT NOT NULL, n INT NOT NULL, created_at TIMESTAMPTZ NOT NULL)`.execute(
      ctx.db,
    );
    const users = await seedUsers(ctx);
    const spread = (caller: number, i: number) => users[(caller * 7919 + i * 31) % users.length]!;
    const hot = users[0]!;
    const onServer = database.kind === 'postgres';

    const baseline = await measure(
      `${label}: baseline, one plain INSERT per transaction`,
      (caller, n) =>
        ctx.transact((tx) =>
          sql`INSERT INTO bench_plain (caller, n, created_at) VALUES (${caller}, ${n}, ${new Date()})`.execute(
            tx.db,
          ),
        ),
      1,
      onServer,
    );
    const deposits = await measure(
      `${label}: deposits, ${USERS} users`,
      (caller, i) => ctx.transact((tx) => creditDeposit(tx.db, movement(spread(caller, i), 1_000_00n))),
      1,
      onServer,
    );
    await measure(
      `${label}: hold, then release, ${USERS} users`,
      async (caller, i) => {
        const userId = spread(caller, i);
        await ctx.transact((tx) => holdForWithdrawal(tx.db, movement(userId, 500_00n)));
        await ctx.transact((tx) => releaseWithdrawalHold(tx.db, movement(userId, 500_00n)));
      },
      2,
      onServer,
    );
    await measure(
      `${label}: deposits, one hot account`,
      () => ctx.transact((tx) => creditDeposit(tx.db, movement(hot, 1_000_00n))),
      1,
      onServer,
    );
    console.log(
      `${''.padEnd(58)} deposits at ${((100 * deposits.perSecond) / baseline.perSecond).toFixed(0)}% of the baseline's rate`,
    );
  } finally {
    await ctx.bus.close();
  }
}

const wanted = (name: string) => !ONLY || ONLY.includes(name);

console.log(
  `node ${process.version}; ${CALLERS} callers, ${SECONDS} s each after ${WARMUP_SECONDS} s warm-up; ` +
    `${availableParallelism()} cores, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} at start`,
);

if (wanted('pglite-memory')) {
  const database = await openPglite('memory://');
  try {
    await run('PGlite in memory', database);
  } finally {
    await database.close();
  }
}

if (wanted('pglite-disk')) {
  const dir = mkdtempSync(join(tmpdir(), 'kabuto-bench-'));
  try {
    const database = await openPglite(join(dir, 'pglite'));
    try {
      await run('PGlite on disk', database);
    } finally {
      await database.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const url = process.env.DATABASE_URL;
if (url && wanted('postgres')) {
  const name = `kabuto_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const target = new URL(url);
    target.pathname = `/${name}`;
    const database = await openPostgres(target.toString(), POOL_SIZE ? { poolSize: POOL_SIZE } : {});
    try {
      await run(`PostgreSQL (pool of ${POOL_SIZE ?? 'the default'})`, database);
    } finally {
      await database.close();
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
  console.log(`load average ${loadavg()[0]!.toFixed(2)} at the end`);
}
