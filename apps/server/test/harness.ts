import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { TOTP } from 'otpauth';
import { buildApp, type BuildOptions } from '../src/app';
import type { Bus } from '../src/platform/bus';
import { createAppContext } from '../src/app-context';
import { ManualClock } from '../src/platform/clock';
import { loadConfig, type Config } from '../src/platform/config';
import type { AppContext } from '../src/platform/context';
import { migrate, openPglite, openPostgres, type Database } from '../src/platform/db';
import { MIGRATIONS_DIR } from '../src/platform/db/migrate';
import { startAlerts } from '../src/modules/alerts';
import { DEMO, seedDemoData } from '../src/modules/system';
import { hashPassword } from '../src/platform/crypto';
import { insertStaff } from '../src/modules/staff';
import pino from 'pino';
import { inject } from 'vitest';

export { DEMO };

/**
 * The migrated database the run's global setup dumped; none outside vitest (the benches import this file). Under
 * vitest its absence is an error rather than a quietly slower run that migrates every database.
 */
function pgliteTemplate(): string | null {
  let template: string | null | undefined;
  try {
    template = inject('pgliteTemplate');
  } catch {
    return null;
  }
  if (!template) throw new Error('no migrated PGlite template: apps/server/test/global-setup.ts did not run');
  return template;
}

/** PGlite in memory by default; a fresh PostgreSQL database per test file when DATABASE_URL is set. */
async function openTestDatabase(): Promise<{
  database: Database;
  url?: string;
  dispose: () => Promise<void>;
}> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const template = pgliteTemplate();
    const database = await openPglite('memory://', template ? new Blob([readFileSync(template)]) : undefined);
    return { database, dispose: () => database.close() };
  }
  const name = `kabuto_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openPostgres(target.toString(), { poolSize: 4 });
  return {
    database,
    url: target.toString(),
    dispose: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  clock: ManualClock;
  database: Database;
  /** The PostgreSQL database of this app, when the tests run on PostgreSQL. */
  databaseUrl?: string;
  close(): Promise<void>;
}

export async function createTestApp(
  overrides: Partial<Config> = {},
  bus?: Bus,
  buildOptions: BuildOptions = {},
): Promise<TestApp> {
  const { database, url, dispose } = await openTestDatabase();
  await migrate(database);
  const clock = new ManualClock();
  const log = pino({ level: 'silent' });
  const config: Config = {
    ...loadConfig({ DATA_DIR: '/nonexistent', AUTH_RATE_LIMIT_MAX: '1000', EXPORT_RATE_LIMIT_MAX: '1000' }),
    ...overrides,
  };
  const ctx = createAppContext({ database, config, clock, log, ...(bus ? { bus } : {}) });
  await seedDemoData(ctx);
  const app = await buildApp(ctx, { serveStatic: false, ...buildOptions });
  await app.ready();
  // As main.ts does at start-up (the market's own start is left to each test).
  startAlerts(ctx);
  return {
    app,
    ctx,
    clock,
    database,
    ...(url ? { databaseUrl: url } : {}),
    close: async () => {
      await app.close();
      await ctx.bus.close();
      await dispose();
    },
  };
}

/** A second server node on the same PostgreSQL database and clock, as at scale: its own pool, caches and bus. */
export async function createPeerNode(t: TestApp, bus: Bus): Promise<Omit<TestApp, 'database'>> {
  if (!t.databaseUrl) throw new Error('a peer node needs PostgreSQL (DATABASE_URL)');
  const database = await openPostgres(t.databaseUrl, { poolSize: 4 });
  const ctx = createAppContext({ database, config: t.ctx.config, clock: t.clock, log: t.ctx.log, bus });
  const app = await buildApp(ctx, { serveStatic: false });
  await app.ready();
  startAlerts(ctx);
  return {
    app,
    ctx,
    clock: t.clock,
    close: async () => {
      await app.close();
      await bus.close();
      await database.close();
    },
  };
}

/**
 * Another server on the test app's database with a bus of its own: a restart, or a second node that hears
 * nothing of the first. Its `close` stops only this server.
 */
export async function sameDatabaseServer(t: TestApp): Promise<TestApp> {
  const ctx = createAppContext({
    database: t.database,
    config: t.ctx.config,
    clock: t.clock,
    log: t.ctx.log,
  });
  const app = await buildApp(ctx, { serveStatic: false });
  await app.ready();
  return { ...t, app, ctx, close: () => app.close() };
}

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
  errorCode?: string;
  params?: Record<string, unknown>;
}

export const body = <T = unknown>(response: LightMyRequestResponse) => response.json() as Envelope<T>;

/** Extra inject options: the socket address the request comes from and more headers. */
export interface InjectOptions {
  remoteAddress?: string;
  headers?: Record<string, string>;
}

const injectOptions = (token: string | undefined, options: InjectOptions) => ({
  headers: { ...(options.headers ?? {}), ...(token ? { token } : {}) },
  ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
});

let requestKeys = 0;
/** A fresh `Idempotency-Key`, as the apps send one with each new request that moves money. */
export const freshRequestKey = () => `request-${process.pid}-${++requestKeys}`;

/**
 * POSTs as the apps do: with a fresh `Idempotency-Key` unless the test names one (endpoints that move money
 * require it; the others ignore it).
 */
export async function post<T = unknown>(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  token?: string,
  options: InjectOptions = {},
) {
  const response = await app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    ...injectOptions(token, {
      ...options,
      headers: { 'idempotency-key': freshRequestKey(), ...options.headers },
    }),
  });
  return { status: response.statusCode, headers: response.headers, ...body<T>(response) };
}

/** POSTs with no `Idempotency-Key` at all, as a careless client would. */
export async function postWithoutKey<T = unknown>(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  token: string,
) {
  const response = await app.inject({ method: 'POST', url, payload: payload as object, headers: { token } });
  return { status: response.statusCode, ...body<T>(response) };
}

export async function get<T = unknown>(
  app: FastifyInstance,
  url: string,
  token?: string,
  options: InjectOptions = {},
) {
  const response = await app.inject({ method: 'GET', url, ...injectOptions(token, options) });
  return { status: response.statusCode, headers: response.headers, ...body<T>(response) };
}

let sequence = 0;
export function uniqueMobile(): string {
  sequence += 1;
  return `0802${String(process.pid % 1000).padStart(3, '0')}${String(sequence).padStart(4, '0')}`;
}

export async function latestCode(app: FastifyInstance, mobile: string): Promise<string> {
  const result = await get<{ items: { code: string }[] }>(app, `/api/dev/sms?mobile=${mobile}`);
  const code = result.data.items[0]?.code;
  if (!code) throw new Error(`no code sent to ${mobile}`);
  return code;
}

export interface Registered {
  mobile: string;
  password: string;
  token: string;
  userId: string;
}

export async function registerUser(t: TestApp, inviteCode: string = DEMO.inviteCode): Promise<Registered> {
  const mobile = uniqueMobile();
  const password = 'secret12';
  const sent = await post(t.app, '/api/auth/sms-code', { mobile, purpose: 'register' });
  if (sent.code !== 1) throw new Error(`sms-code failed: ${sent.msg}`);
  // Read from the table, not /api/dev/sms: apps configured behind a proxy refuse the endpoint.
  const smsCode = await latestSmsCode(t, mobile);
  const result = await post<{ token: string; userId: string }>(t.app, '/api/auth/register', {
    mobile,
    password,
    confirmPassword: password,
    inviteCode,
    smsCode,
  });
  if (result.code !== 1) throw new Error(`register failed: ${result.errorCode}`);
  return { mobile, password, token: result.data.token, userId: result.data.userId };
}

/** The newest code the dev outbox holds for a number (read from the table, as registerUser does). */
export async function latestSmsCode(t: TestApp, mobile: string): Promise<string> {
  const { code } = await t.ctx.db
    .selectFrom('sms_outbox')
    .select('code')
    .where('mobile', '=', mobile)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return code;
}

/**
 * Steps a session up with an SMS code to the user's registered number, as a user without a factor does
 * before adding the first one.
 */
export async function stepUpBySms(t: TestApp, user: Pick<Registered, 'mobile' | 'token'>): Promise<void> {
  const sent = await post(t.app, '/api/auth/step-up/sms', {}, user.token);
  if (sent.code !== 1) throw new Error(`step-up sms failed: ${sent.errorCode}`);
  const code = await latestSmsCode(t, user.mobile);
  const result = await post(t.app, '/api/auth/step-up', { method: 'sms', code }, user.token);
  if (result.code !== 1) throw new Error(`step-up failed: ${result.errorCode}`);
}

export async function loginDemo(t: TestApp): Promise<{ token: string; userId: string }> {
  const result = await post<{ token: string; userId: string }>(t.app, '/api/auth/login', {
    account: DEMO.investor.mobile,
    password: DEMO.investor.password,
  });
  if (result.code !== 1) throw new Error(`demo login failed: ${result.msg}`);
  return result.data;
}

export const totpNow = (t: TestApp, secret: string = DEMO.staff.totpSecret, offsetSteps = 0) =>
  new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: t.clock.now().getTime() + offsetSteps * 30_000,
  });

export async function staffToken(
  t: TestApp,
  username: string = DEMO.staff.username,
  password: string = DEMO.staff.password,
  secret: string = DEMO.staff.totpSecret,
) {
  const result = await post<{ token: string }>(t.app, '/api/staff/auth/login', {
    username,
    password,
    totp: totpNow(t, secret),
  });
  if (result.code !== 1) throw new Error(`staff login failed: ${result.msg}`);
  t.clock.advance(30); // each code is accepted once; the next login in a test needs the next step
  return result.data.token;
}

export async function createStaff(
  t: TestApp,
  username: string,
  role: 'admin' | 'compliance' | 'finance' | 'dealer' | 'support',
) {
  const secret = 'JBSWY3DPEHPK3PXP';
  const row = await insertStaff(t.ctx.db, {
    username,
    display_name: username,
    password_hash: await hashPassword('Staff-pass-1'),
    totp_secret: secret,
    role,
  });
  return { id: row.id.toString(), username, password: 'Staff-pass-1', secret };
}

type StaffRole = Parameters<typeof createStaff>[2];
let staffSerial = 0;

/** A staff member signed in, with what it signs in with. */
export interface SignedInStaff {
  token: string;
  id: string;
  username: string;
  password: string;
  secret: string;
}

/** A member created by `by` through the back office, signed in: `by` saw its credentials (the custody rule). */
export async function staffIssuedBy(t: TestApp, by: string, role: StaffRole): Promise<SignedInStaff> {
  const username = `issued${process.pid}x${++staffSerial}`;
  const created = await post<{ member: { id: string }; temporaryPassword: string; totpSecret: string }>(
    t.app,
    '/api/staff/members',
    { username, displayName: 'Issued', role },
    by,
  );
  if (created.code !== 1) throw new Error(`staff member: ${created.errorCode}`);
  const { temporaryPassword: password, totpSecret: secret } = created.data;
  const token = await staffToken(t, username, password, secret);
  return { token, id: created.data.member.id, username, password, secret };
}

/** A member nobody in the back office issued credentials to (set up outside it, as the seed's are), signed in. */
export async function independentStaff(t: TestApp, role: StaffRole): Promise<SignedInStaff> {
  const member = await createStaff(t, `indep${process.pid}x${++staffSerial}`, role);
  return { ...member, token: await staffToken(t, member.username, member.password, member.secret) };
}

/**
 * A passed identity verification with this katakana name (as a reviewer passing a submission leaves it), so
 * withdrawals go to bank accounts whose holder is this name. Placeholder photo names: nothing reads them.
 */
export async function passKyc(t: TestApp, userId: string, fullNameKana: string | null = 'ヤマダ タロウ') {
  const id = BigInt(userId);
  await t.ctx.db
    .insertInto('kyc_submissions')
    .values({
      user_id: id,
      full_name: '山田 太郎',
      full_name_kana: fullNameKana,
      id_number: 'AB1234567',
      front_file_id: 'test-front',
      back_file_id: 'test-back',
      status: 'passed',
      reviewed_at: t.clock.now(),
      created_at: t.clock.now(),
    })
    .execute();
  await t.ctx.db.updateTable('users').set({ kyc_status: 'passed' }).where('id', '=', id).execute();
}

/**
 * A registered investor whose identity verification passed, as taking their money needs (deposits are refused
 * before it), with no katakana name on record unless one is given, so a deposit notice may name any sender.
 */
export async function registerVerifiedUser(
  t: TestApp,
  fullNameKana: string | null = null,
): Promise<Registered> {
  const user = await registerUser(t);
  await passKyc(t, user.userId, fullNameKana);
  return user;
}

/**
 * A registered investor who passed identity verification (フリガナ ヤマダ タロウ), with the transaction password
 * 246810, signed in again, and a withdrawal bank account in that name.
 */
export async function verifiedInvestorWithBankAccount(
  t: TestApp,
): Promise<Registered & { bankAccountId: string }> {
  const user = await registerUser(t);
  await post(
    t.app,
    '/api/account/transaction-password',
    { oldPassword: user.password, newPassword: '246810', confirmPassword: '246810' },
    user.token,
  );
  const token = (
    await post<{ token: string }>(t.app, '/api/auth/login', { account: user.mobile, password: user.password })
  ).data.token;
  await passKyc(t, user.userId);
  const bank = await post<{ id: string }>(
    t.app,
    '/api/funding/bank-accounts',
    {
      holderName: 'ヤマダ タロウ',
      bankName: 'みずほ銀行',
      branchName: '本店',
      branchCode: '001',
      accountNumber: '1234567',
    },
    token,
  );
  if (bank.code !== 1) throw new Error(`bank account: ${bank.errorCode}`);
  return { ...user, token, bankAccountId: bank.data.id };
}

/**
 * An embedded database from before `migration`: every migration that sorts before it applied, that one and the
 * later ones not. `migrate(database)` then applies the rest, as an upgrade does.
 */
export async function databaseBefore(migration: string): Promise<Database> {
  const earlier = mkdtempSync(join(tmpdir(), 'kabuto-migrations-'));
  try {
    for (const name of readdirSync(MIGRATIONS_DIR).filter((n) => n.endsWith('.sql') && n < migration))
      copyFileSync(join(MIGRATIONS_DIR, name), join(earlier, name));
    const database = await openPglite('memory://');
    await migrate(database, earlier);
    return database;
  } finally {
    rmSync(earlier, { recursive: true, force: true });
  }
}
