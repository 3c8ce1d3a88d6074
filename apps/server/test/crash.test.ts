// The ledger survives a crash: a real server process is killed with SIGKILL in the middle of a burst of
// deposit credits, withdrawal requests and approvals, then restarted on the same data. Every operation the
// server acknowledged is there exactly once, none is there twice, retries with the same Idempotency-Key move
// nothing again, and the ledger still balances. On PGlite when DATABASE_URL is empty, else on PostgreSQL.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decimalToSen } from '@kabuto/contract';
import { TOTP } from 'otpauth';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { DEMO } from '../src/modules/system';
import { openPglite, openPostgres, type Database } from '../src/platform/db';

const ROOT = new URL('../../..', import.meta.url).pathname;
const CONCURRENCY = 6;
const INITIAL_SEN = DEMO.investor.deposit.amountSen;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Server {
  child: ChildProcess;
  base: string;
  exited: Promise<void>;
}

let dataDir = '';
let databaseUrl = '';
let dropDatabase = async () => {};
let server: Server | undefined;

async function startServer(): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      MARKET_CLOCK: 'always-open',
      AUTH_RATE_LIMIT_MAX: '100000',
      REQUIRE_STEP_UP: 'false',
      SEED_DEMO_DATA: 'true',
    },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const started: Server = { child, base: `http://127.0.0.1:${port}`, exited };
  server = started;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(
        `the server exited (code ${child.exitCode}, signal ${child.signalCode}) before answering /api/health:\n${output}`,
      );
    const health = await fetch(`${started.base}/api/health`).catch(() => null);
    if (health?.status === 200) return started;
    await sleep(100);
  }
}

async function stopServer(signal: 'SIGKILL' | 'SIGTERM') {
  const running = server;
  server = undefined;
  if (!running || running.child.exitCode !== null || running.child.signalCode !== null) return;
  running.child.kill(signal);
  await running.exited;
}

interface Answer<T> {
  status: number;
  code: number;
  data: T;
  errorCode?: string;
}

async function call<T>(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  options: { token?: string; key?: string; body?: unknown } = {},
): Promise<Answer<T>> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(options.token ? { token: options.token } : {}),
      ...(options.key ? { 'idempotency-key': options.key } : {}),
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
    },
    ...(method === 'POST' ? { body: JSON.stringify(options.body ?? {}) } : {}),
  });
  return { status: response.status, ...((await response.json()) as Omit<Answer<T>, 'status'>) };
}

async function ok<T>(...args: Parameters<typeof call>): Promise<T> {
  const answer = await call<T>(...args);
  if (answer.status !== 200) throw new Error(`${args[1]} ${args[2]}: ${answer.status} ${answer.errorCode}`);
  return answer.data;
}

type Kind = 'credit' | 'withdrawal' | 'approval';

/** One money operation of the burst, sent with its own key; retried later with the same key and body. */
interface Op {
  kind: Kind;
  key: string;
  path: string;
  body: object;
  token: string;
  /** Yen; unique per operation, so a withdrawal in the list tells which operation made it. */
  amount: number;
  /** For approvals: the withdrawal approved. */
  withdrawalId?: string;
  /** For credits and approvals: the reference of the journal entry the operation writes. */
  reference?: string;
  /** acked: a 2xx answer; unknown: no answer (the server died); refused: any other answer. */
  outcome?: 'acked' | 'unknown' | 'refused';
  data?: { id: string };
}

interface Session {
  /** The admin: approves withdrawals. */
  staff: string;
  /** The seeded finance clerk: credits deposits, as whoever credits a user's deposits may not also pay them out. */
  finance: string;
  investor: string;
  userId: string;
  bankAccountId: string;
}

async function signIn(base: string): Promise<Session> {
  const totp = new TOTP({ secret: DEMO.staff.totpSecret, digits: 6, period: 30, algorithm: 'SHA1' });
  const staff = await ok<{ token: string }>(base, 'POST', '/api/staff/auth/login', {
    body: { username: DEMO.staff.username, password: DEMO.staff.password, totp: totp.generate() },
  });
  const clerk = DEMO.financeClerk;
  const clerkTotp = new TOTP({ secret: clerk.totpSecret, digits: 6, period: 30, algorithm: 'SHA1' });
  const finance = await ok<{ token: string }>(base, 'POST', '/api/staff/auth/login', {
    body: { username: clerk.username, password: clerk.password, totp: clerkTotp.generate() },
  });
  const investor = await ok<{ token: string; userId: string }>(base, 'POST', '/api/auth/login', {
    body: { account: DEMO.investor.mobile, password: DEMO.investor.password },
  });
  const accounts = await ok<{ items: { id: string }[] }>(base, 'GET', '/api/funding/bank-accounts', {
    token: investor.token,
  });
  return {
    staff: staff.token,
    finance: finance.token,
    investor: investor.token,
    userId: investor.userId,
    bankAccountId: accounts.items[0]!.id,
  };
}

async function send(base: string, op: Op) {
  try {
    const answer = await call<{ id: string }>(base, 'POST', op.path, {
      token: op.token,
      key: op.key,
      body: op.body,
    });
    op.outcome = answer.status >= 200 && answer.status < 300 ? 'acked' : 'refused';
    op.data = answer.data;
  } catch {
    op.outcome = 'unknown';
  }
}

/**
 * Keeps CONCURRENCY requests in flight (credits, withdrawals, approvals of acknowledged withdrawals) and
 * kills the server with SIGKILL soon after `killAfter` operations have been acknowledged, while the others
 * wait for their answers.
 */
async function burst(running: Server, session: Session, killAfter: number): Promise<Op[]> {
  const ops: Op[] = [];
  const approvable: string[] = [];
  let acked = 0;
  let killed = false;

  const nextOp = (): Op => {
    const n = ops.length;
    const key = randomUUID();
    const amount = 10_000 + n;
    const withdrawalId = n % 3 === 2 ? approvable.shift() : undefined;
    if (withdrawalId)
      return {
        kind: 'approval',
        key,
        path: `/api/staff/withdrawals/${withdrawalId}/approve`,
        body: {},
        token: session.staff,
        amount,
        withdrawalId,
        reference: `withdrawal:${withdrawalId}`,
      };
    if (n % 2 === 0)
      return {
        kind: 'credit',
        key,
        path: '/api/staff/deposits',
        body: { userId: session.userId, amount: String(amount), bankReference: `CRASH-${n}` },
        token: session.finance,
        amount,
        reference: `bank:CRASH-${n}`,
      };
    return {
      kind: 'withdrawal',
      key,
      path: '/api/funding/withdrawals',
      body: {
        amount: String(amount),
        bankAccountId: session.bankAccountId,
        transactionPassword: DEMO.investor.transactionPassword,
      },
      token: session.investor,
      amount,
    };
  };

  const kill = () => {
    if (killed) return;
    killed = true;
    running.child.kill('SIGKILL');
  };
  const worker = async () => {
    while (!killed) {
      const op = nextOp();
      ops.push(op);
      await send(running.base, op);
      // A refusal ends the burst early: the test then fails on it.
      if (op.outcome === 'refused') kill();
      if (op.outcome !== 'acked') continue;
      if (op.kind === 'withdrawal') approvable.push(op.data!.id);
      // The kill lands a random few milliseconds later, wherever the server is by then.
      if (++acked === killAfter) setTimeout(kill, Math.random() * 50);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  await running.exited;
  return ops;
}

interface Entry {
  id: string;
  kind: string;
  reference: string | null;
}
interface Withdrawal {
  id: string;
  amount: string;
  status: string;
  userId: string;
}

/** What the restarted server shows: the user's balances and journal entries and all withdrawals. */
async function observe(base: string, session: Session) {
  const user = `/api/staff/users/${session.userId}`;
  const balances = await ok<{ available: string; held: string }>(base, 'GET', `${user}/balances`, {
    token: session.staff,
  });
  const entries: Entry[] = [];
  for (let cursor: string | null = ''; cursor !== null;) {
    const page: { items: Entry[]; nextCursor: string | null } = await ok(
      base,
      'GET',
      `${user}/ledger?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
      { token: session.staff },
    );
    entries.push(...page.items);
    cursor = page.nextCursor;
  }
  const withdrawals: Withdrawal[] = [];
  for (let page = 1; ; page++) {
    const result = await ok<{ items: Withdrawal[]; total: number }>(
      base,
      'GET',
      `/api/staff/withdrawals?page=${page}&pageSize=100`,
      { token: session.staff },
    );
    withdrawals.push(...result.items);
    if (withdrawals.length >= result.total) break;
  }
  return {
    available: decimalToSen(balances.available)!,
    held: decimalToSen(balances.held)!,
    entries,
    withdrawals,
  };
}
type Observed = Awaited<ReturnType<typeof observe>>;

const sen = (yen: number) => BigInt(yen) * 100n;
const count = <T>(items: readonly T[], match: (item: T) => boolean) => items.filter(match).length;
const withdrawalsOf = (state: Observed, op: Op) =>
  state.withdrawals.filter((w) => decimalToSen(w.amount) === sen(op.amount));
const ENTRY_KIND = { credit: 'deposit', approval: 'withdrawal_payout' } as const;
/** How many times the operation shows: a withdrawal in the list, or a journal entry. */
function effectsOf(state: Observed, op: Op): number {
  if (op.kind === 'withdrawal') return withdrawalsOf(state, op).length;
  const kind = ENTRY_KIND[op.kind];
  return count(state.entries, (entry) => entry.kind === kind && entry.reference === op.reference);
}

/**
 * Each operation took effect at most once, each acknowledged one exactly once, and the balances are what the
 * operations that took effect add up to: the demo deposit, plus the credits, less the withdrawals (held while
 * pending, gone once paid out).
 */
function expectAccountedFor(state: Observed, ops: readonly Op[]) {
  let available = INITIAL_SEN;
  let held = 0n;
  let entries = 1; // the demo deposit
  for (const op of ops) {
    const effects = effectsOf(state, op);
    expect(effects).toBeLessThanOrEqual(1);
    if (op.outcome === 'acked') expect(effects).toBe(1);
    if (effects === 0) continue;
    entries += 1;
    if (op.kind === 'credit') available += sen(op.amount);
    if (op.kind !== 'withdrawal') continue;
    const [withdrawal] = withdrawalsOf(state, op);
    if (op.outcome === 'acked') expect(withdrawal!.id).toBe(op.data!.id);
    available -= sen(op.amount);
    if (withdrawal!.status === 'pending') held += sen(op.amount);
  }
  // A withdrawal is paid out exactly when its approval took effect.
  const paid = state.withdrawals.filter((w) => w.status !== 'pending').map((w) => w.id);
  const approved = ops.filter((op) => op.kind === 'approval' && effectsOf(state, op) === 1);
  expect(paid.sort()).toEqual(approved.map((op) => op.withdrawalId).sort());
  expect(state.withdrawals.every((w) => ['pending', 'approved'].includes(w.status))).toBe(true);
  expect({ available: state.available, held: state.held, entries: state.entries.length }).toEqual({
    available,
    held,
    entries,
  });
}

async function countEntriesByKey(keys: string[]): Promise<Map<string, number>> {
  const database: Database = databaseUrl
    ? await openPostgres(databaseUrl, { poolSize: 1 })
    : await openPglite(join(dataDir, 'pglite'));
  try {
    const rows = await database.db
      .selectFrom('journal_entries')
      .select(['idempotency_key', (eb) => eb.fn.countAll<string>().as('n')])
      .where('idempotency_key', 'in', keys)
      .groupBy('idempotency_key')
      .execute();
    return new Map(rows.map((row) => [row.idempotency_key, Number(row.n)]));
  } finally {
    await database.close();
  }
}

/**
 * A store of its own for each attempt: on CI a test that fails runs once more, and a retry after a timeout must not
 * meet the last attempt's server (still running) or its deposits (their bank references taken).
 */
async function freshStore() {
  await stopServer('SIGKILL');
  await dropDatabase();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = mkdtempSync(join(tmpdir(), 'kabuto-crash-'));
  databaseUrl = '';
  dropDatabase = async () => {};
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return;
  const name = `kabuto_crash_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(adminUrl);
  target.pathname = `/${name}`;
  databaseUrl = target.toString();
  dropDatabase = async () => {
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  };
}

afterAll(async () => {
  await stopServer('SIGKILL');
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * The first start, tried twice: once (in one CI run on a loaded machine) the embedded database's first start
 * exited silently before listening. Nothing has been sent yet, so a second start on a fresh embedded database
 * changes nothing this test checks (on PostgreSQL the migrations are idempotent and nothing is seeded twice).
 */
async function firstStart(): Promise<Server> {
  try {
    return await startServer();
  } catch (error) {
    console.warn(`first start failed, starting again on a fresh data directory: ${String(error)}`);
    rmSync(dataDir, { recursive: true, force: true });
    dataDir = mkdtempSync(join(tmpdir(), 'kabuto-crash-'));
    return startServer();
  }
}

it('keeps every acknowledged operation exactly once across a kill -9 mid-burst', async () => {
  await freshStore();
  const first = await firstStart();
  const session = await signIn(first.base);
  const ops = await burst(first, session, 15 + Math.floor(Math.random() * 25));
  const acked = ops.filter((op) => op.outcome === 'acked');
  const unknown = ops.filter((op) => op.outcome === 'unknown');
  expect(ops.filter((op) => op.outcome === 'refused')).toEqual([]);
  expect(unknown.length).toBeGreaterThan(0);

  // Sessions are in the database, so both sign-ins outlive the crash.
  const { base } = await startServer();
  const afterCrash = await observe(base, session);
  expectAccountedFor(afterCrash, ops);
  console.log(
    `crash test on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}: ${ops.length} operations, ${acked.length} acknowledged, ` +
      `${unknown.length} in flight at the kill, of which ${count(unknown, (op) => effectsOf(afterCrash, op) === 1)} had committed`,
  );

  // Retrying what was acknowledged answers as before and moves nothing.
  for (const op of acked) {
    const retry = await call<{ id: string; status?: string }>(base, 'POST', op.path, op);
    expect(retry.status).toBe(200);
    if (op.kind === 'credit') expect(retry.data).toEqual(op.data);
    else expect(retry.data.id).toBe(op.data!.id);
    if (op.kind === 'approval') expect(retry.data.status).toBe('approved');
  }
  expect(await observe(base, session)).toEqual(afterCrash);

  // Retrying what was in flight completes it, once: after the retry every operation has taken effect.
  for (const op of unknown) {
    const retry = await call<{ id: string }>(base, 'POST', op.path, op);
    expect(retry.status).toBe(200);
    const [before] = op.kind === 'withdrawal' ? withdrawalsOf(afterCrash, op) : [];
    if (before) expect(retry.data.id).toBe(before.id);
  }
  const settled = await observe(base, session);
  expect(ops.filter((op) => effectsOf(settled, op) !== 1)).toEqual([]);
  expectAccountedFor(settled, ops);

  const check = await ok<{ balanced: boolean; negativeUserBalances: number }>(
    base,
    'GET',
    '/api/staff/ledger/verify',
    { token: session.staff },
  );
  expect(check).toMatchObject({ balanced: true, negativeUserBalances: 0 });

  // And in the database itself: one journal entry per idempotency key, whatever the path it took.
  await stopServer('SIGTERM');
  const byKey = await countEntriesByKey(ops.map((op) => op.key));
  expect(ops.filter((op) => byKey.get(op.key) !== 1).map((op) => op.kind)).toEqual([]);
}, 90_000);
