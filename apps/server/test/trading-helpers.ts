import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { limitDown, limitUp, type MarketPhase, type TickTable } from '@kabuto/market-rules';
import { decimalToSen } from '@kabuto/contract';
import { creditDeposit, freshKey } from '../src/modules/ledger';
import { tradingOf } from '../src/modules/trading';
import {
  body,
  createTestApp,
  freshRequestKey,
  get,
  passKyc,
  registerUser,
  staffToken,
  type Registered,
  type TestApp,
} from './harness';

/** Tuesday 2026-11-24 10:00 JST: a business day, in the morning session. */
export const MORNING = new Date('2026-11-24T01:00:00Z');

export const yen = (text: string) => {
  const sen = decimalToSen(text);
  if (sen === null) throw new Error(`bad amount ${text}`);
  return sen;
};

/** Toyota: TOPIX500 ticks (0.5 yen up to 3,000 yen), limits 2,300-3,300 yen from a 2,800 yen base. */
export const TOYOTA = { code: '7203', tickTable: 'topix500' as TickTable, base: yen('2800') };

/** The app of a trading test file: sessions that last the file, the clock on MORNING, and an admin's token. */
export async function tradingTestApp(): Promise<{ t: TestApp; admin: string }> {
  const month = 30 * 86400;
  const t = await createTestApp({
    sessionIdleSeconds: month,
    sessionTtlSeconds: month,
    staffSessionIdleSeconds: month,
    staffSessionTtlSeconds: month,
  });
  t.clock.set(MORNING);
  return { t, admin: await staffToken(t) };
}

/** Each test's start: the morning clock, and Toyota at 2,800 bid / 2,800.50 ask. */
export async function morningQuote(t: TestApp) {
  t.clock.set(MORNING);
  await pushQuote(t, { bid: '2800', ask: '2800.5' });
}

/** A quote of the test feed: pushed into the engine as the market scheduler would. */
export async function pushQuote(
  t: TestApp,
  prices: { bid: string; ask: string; last?: string },
  options: { phase?: MarketPhase; instrument?: typeof TOYOTA; base?: string } = {},
) {
  const instrument = options.base
    ? { ...(options.instrument ?? TOYOTA), base: yen(options.base) }
    : (options.instrument ?? TOYOTA);
  return tradingOf(t.ctx).applyQuote({
    code: instrument.code,
    bid: yen(prices.bid),
    ask: yen(prices.ask),
    last: yen(prices.last ?? prices.bid),
    limitUp: limitUp(instrument.base, instrument.tickTable),
    limitDown: limitDown(instrument.base, instrument.tickTable),
    phase: options.phase ?? 'morning',
    at: t.clock.now().getTime(),
  });
}

/** A registered investor, identity verified (unless told), with `cash` yen credited. */
export async function investor(
  t: TestApp,
  cash: string,
  options: { kyc?: boolean; creditScore?: number } = {},
): Promise<Registered> {
  const user = await registerUser(t);
  const id = BigInt(user.userId);
  if (options.kyc !== false) {
    await passKyc(t, user.userId);
    await sql`UPDATE users SET credit_score = ${options.creditScore ?? 100} WHERE id = ${id}`.execute(
      t.ctx.db,
    );
  }
  if (cash !== '0') await deposit(t, user, cash);
  return user;
}

/** `cash` yen credited to the user, as a staff member crediting a deposit does. */
export const deposit = (t: TestApp, user: Registered, cash: string) =>
  t.ctx.transact((tx) =>
    creditDeposit(tx.db, {
      userId: BigInt(user.userId),
      amount: yen(cash),
      reference: 'test',
      actor: { kind: 'system' },
      idempotency: { scope: 'test', key: freshKey(), request: cash },
      at: t.clock.now(),
    }),
  );

/** A request as the apps send it: a POST carries `key`, or a fresh `Idempotency-Key` when none is named. */
export async function send<T = unknown>(
  t: TestApp,
  method: 'POST' | 'PUT' | 'DELETE' | 'GET',
  url: string,
  token: string,
  payload?: object,
  key: string | undefined = method === 'POST' ? freshRequestKey() : undefined,
) {
  const response: LightMyRequestResponse = await t.app.inject({
    method,
    url,
    headers: { token, ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, ...body<T>(response) };
}

/** The key a test sends with an order or a close, as the app sends a new one with each confirmation. */
export { freshRequestKey };

export interface OrderView {
  id: string;
  status: string;
  heldMargin: string;
  heldFee: string;
  fillPrice: string | null;
  price: string | null;
  cancelReason: string | null;
}
export interface PositionView {
  id: string;
  status: string;
  entryPrice: string;
  margin: string;
  openFee: string;
  exitPrice: string | null;
  realisedPnl: string | null;
  closeFee: string | null;
  closeReason: string | null;
  unrealisedPnl: string | null;
  pendingClose: string | null;
  closeRequestedAt: string | null;
  closeLimit: string | null;
  closeValidity: string | null;
  closeValidUntil: string | null;
  closedAt: string | null;
}

export const placeOrder = (t: TestApp, user: Registered, payload: object, key = freshRequestKey()) =>
  send<OrderView>(t, 'POST', '/api/orders', user.token, payload, key);

/** A new investor with `cash` yen (1,000,000) holding a Toyota long (1 lot at 1x) bought at the market. */
export async function heldPosition(t: TestApp, { cash = '1000000', lots = 1, leverage = 1 } = {}) {
  const user = await investor(t, cash);
  const filled = await placeOrder(t, user, { code: '7203', side: 'long', type: 'market', lots, leverage });
  expect(filled.data.status).toBe('filled');
  return { user, id: filled.data.id };
}

/** Whether the ledger balances, as the staff's verification reads it. */
export async function ledgerBalanced(t: TestApp, staffToken: string): Promise<boolean> {
  return (await get<{ balanced: boolean }>(t.app, '/api/staff/ledger/verify', staffToken)).data.balanced;
}

/** The user's ledger balances in sen, by account kind. */
export async function ledgerBalances(t: TestApp, user: Registered): Promise<Record<string, bigint>> {
  const rows = await t.ctx.db
    .selectFrom('ledger_accounts')
    .select(['kind', 'balance'])
    .where('user_id', '=', BigInt(user.userId))
    .execute();
  return Object.fromEntries(rows.map((row) => [row.kind, row.balance]));
}

/** Everything that may not change when a command is refused. */
export async function tradingSnapshot(t: TestApp, user: Registered) {
  const id = BigInt(user.userId);
  const [orders, positions, entries] = await Promise.all([
    t.ctx.db.selectFrom('trading_orders').selectAll().where('user_id', '=', id).orderBy('id').execute(),
    t.ctx.db.selectFrom('trading_positions').selectAll().where('user_id', '=', id).orderBy('id').execute(),
    t.ctx.db.selectFrom('journal_entries').select('id').orderBy('id').execute(),
  ]);
  return { orders, positions, entries: entries.length, balances: await ledgerBalances(t, user) };
}
