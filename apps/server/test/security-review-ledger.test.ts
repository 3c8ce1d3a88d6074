/**
 * Security review (2026-11-28) of the set-wise ledger batch (20261128T0100_ledger_post_set_wise.sql), the trading
 * endpoints and the security headers: each test is an attack that was tried, and what the product must do. Three
 * found gaps, fixed since: a balance below zero between two entries of one INSERT and postings added to an old
 * entry (20261128T0200_ledger_statement_guards.sql), and a trading commit deadlocking with a staff deposit on
 * the same user (lockUserById takes FOR NO KEY UPDATE). The concurrency tests need PostgreSQL (DATABASE_URL).
 */
import { sql } from 'kysely';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { postTradingEntries } from '../src/modules/ledger';
import { cashBalancesAfter, checkLedger } from '../src/modules/ledger/ledger.repository';
import type { Executor } from '../src/database';
import {
  investor,
  ledgerBalances,
  morningQuote,
  freshRequestKey,
  placeOrder,
  send,
  tradingSnapshot,
  tradingTestApp,
  type OrderView,
  type PositionView,
} from './trading-helpers';
import type { TestApp } from './harness';
import { listen, WsClient } from './realtime-client';

let t: TestApp;
beforeAll(async () => {
  ({ t } = await tradingTestApp());
});
afterAll(() => t.close());
beforeEach(() => morningQuote(t));

const onPostgres = () => Boolean(t.databaseUrl);
let n = 0;
const fresh = (prefix: string) => `${prefix}-${process.pid}-${++n}`;
/** 'posted', or what refused it: the product's error code, else the database's SQLSTATE. */
const outcomeOf = (work: Promise<unknown>) =>
  work.then(
    () => 'posted',
    (error: { code?: string; errorCode?: string }) => error.errorCode ?? error.code ?? String(error),
  );

async function accountId(db: Executor, userId: bigint | null, kind: string): Promise<bigint> {
  const { rows } = await sql<{ id: string }>`SELECT id FROM ledger_accounts
    WHERE kind = ${kind} AND user_id IS NOT DISTINCT FROM ${userId}`.execute(db);
  return BigInt(rows[0]!.id);
}

async function insertEntry(db: Executor, key: string): Promise<bigint> {
  const { rows } = await sql<{ id: string }>`INSERT INTO journal_entries
      (kind, reference, idempotency_scope, idempotency_key, request_hash, actor_kind, created_at)
    VALUES ('adjustment', 'review', 'review', ${key}, 'h', 'system', now()) RETURNING id`.execute(db);
  return BigInt(rows[0]!.id);
}

const ledgerClean = async () =>
  expect(await checkLedger(t.ctx.db)).toMatchObject({
    postingsTotal: 0n,
    unbalancedEntries: 0,
    mismatchedBalances: 0,
    negativeUserBalances: 0,
  });

/** One trading batch entry moving `amount` sen between pockets of the user, under `key`. */
const move = (userId: bigint, key: string, amount: bigint, from = 'available', to = 'margin') => ({
  userId,
  kind: 'review_move',
  reference: 'review',
  transfers: [{ from, to, amount }] as never,
  key,
  actor: { kind: 'system' } as const,
  at: t.clock.now(),
});

describe('ledger: direct SQL against the guards', () => {
  it('an unbalanced entry written through ledger_post_batch is refused at commit', async () => {
    const user = BigInt((await investor(t, '1000')).userId);
    await expect(
      t.ctx.transact((tx) =>
        sql`SELECT * FROM ledger_post_batch(ARRAY['x'], ARRAY['r'], ARRAY['review'], ARRAY[${fresh('k')}],
          ARRAY['h'], ARRAY['system'], ARRAY[NULL]::bigint[], ARRAY[NULL]::text[], ARRAY[now()],
          ARRAY[1, 1], ARRAY[${user}, NULL]::bigint[], ARRAY['cash_available', 'house_bank'],
          ARRAY[-100, 99]::bigint[])`.execute(tx.db),
      ),
    ).rejects.toThrow(/unbalanced/);
    await ledgerClean();
  });

  it('a direct UPDATE of a balance, DELETE of a posting or one-posting entry is refused', async () => {
    const user = BigInt((await investor(t, '1000')).userId);
    const cash = await accountId(t.ctx.db, user, 'cash_available');
    await expect(
      sql`UPDATE ledger_accounts SET balance = balance + 1 WHERE id = ${cash}`.execute(t.ctx.db),
    ).rejects.toThrow(/only through a posting/);
    await expect(sql`DELETE FROM postings WHERE account_id = ${cash}`.execute(t.ctx.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(
      t.ctx.transact(async (tx) => {
        const entry = await insertEntry(tx.db, fresh('one'));
        await sql`INSERT INTO postings (entry_id, account_id, amount) VALUES (${entry}, ${cash}, -100)`.execute(
          tx.db,
        );
      }),
    ).rejects.toThrow(/unbalanced/);
    await ledgerClean();
  });

  it('refuses one INSERT of postings that takes a user balance below zero between two of its entries', async () => {
    // The user has 1,000 yen. Entry 1 takes 5,000 yen from their cash, entry 2 gives it back: one statement.
    // With the row-level trigger (before 20261128T0100) the first posting's UPDATE broke the CHECK at once;
    // the statement-level trigger only sees the net, so the database no longer refuses it.
    const user = BigInt((await investor(t, '1000')).userId);
    const cash = await accountId(t.ctx.db, user, 'cash_available');
    const bank = await accountId(t.ctx.db, null, 'house_bank');
    let dipped: bigint | undefined;
    const outcome = await t.ctx
      .transact(async (tx) => {
        const first = await insertEntry(tx.db, fresh('dip'));
        const second = await insertEntry(tx.db, fresh('back'));
        await sql`INSERT INTO postings (entry_id, account_id, amount) VALUES
          (${first}, ${cash}, 500000), (${first}, ${bank}, -500000),
          (${second}, ${cash}, -500000), (${second}, ${bank}, 500000)`.execute(tx.db);
        return first;
      })
      .then(
        async (first) => {
          dipped = (await cashBalancesAfter(t.ctx.db, user, [first])).get(first);
          return 'accepted';
        },
        () => 'refused',
      );
    // Before the fix the investor's statement showed a cash balance of -4,000 yen after entry 1.
    expect({ outcome, dipped }).toEqual({ outcome: 'refused', dipped: undefined });
  });

  it('refuses postings added to an entry another transaction wrote', async () => {
    const user = BigInt((await investor(t, '1000')).userId);
    const cash = await accountId(t.ctx.db, user, 'cash_available');
    const bank = await accountId(t.ctx.db, null, 'house_bank');
    const { rows } = await sql<{ id: string }>`SELECT p.entry_id AS id FROM postings p
      WHERE p.account_id = ${cash} ORDER BY p.entry_id LIMIT 1`.execute(t.ctx.db);
    const oldEntry = BigInt(rows[0]!.id);
    const outcome = await t.ctx
      .transact((tx) =>
        sql`INSERT INTO postings (entry_id, account_id, amount)
          VALUES (${oldEntry}, ${bank}, 5000000), (${oldEntry}, ${cash}, -5000000)`.execute(tx.db),
      )
      .then(
        () => 'accepted',
        () => 'refused',
      );
    // Before the fix: accepted, and the 1,000 yen deposit entry then credited 51,000 yen, with no new entry, key
    // or audit row, and checkLedger() reported nothing wrong.
    expect(outcome).toBe('refused');
    await ledgerClean();
  });
});

describe('ledger: concurrent transactions on PostgreSQL', () => {
  const client = async () => {
    const c = new pg.Client({ connectionString: t.databaseUrl });
    await c.connect();
    return c;
  };
  /** Until another backend of this database waits on a lock (the statement we sent is blocked). */
  async function untilBlocked(observer: pg.Client, others = 1) {
    for (let i = 0; i < 200; i++) {
      const { rows } = await observer.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
      );
      if (rows[0].n >= others) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('never blocked');
  }
  const ledgerPost = (userId: bigint, key: string, amount: bigint) =>
    // A withdrawal hold as ledger_post applies it: available down, held up.
    `SELECT r_outcome FROM ledger_post('withdrawal_hold', 'r', 'review', '${key}', 'h', 'system', NULL, NULL, now(),
       ARRAY[${userId}, ${userId}]::bigint[], ARRAY['cash_available', 'cash_held'], ARRAY[${amount}, ${-amount}]::bigint[])`;

  it.skipIf(!process.env.DATABASE_URL)(
    'a batch waiting on a concurrent withdrawal hold is decided on the balance the hold left',
    async () => {
      expect(onPostgres()).toBe(true);
      const user = BigInt((await investor(t, '1000')).userId);
      const other = await client();
      const observer = await client();
      try {
        await other.query('BEGIN');
        expect((await other.query(ledgerPost(user, fresh('hold'), 80_000n))).rows[0].r_outcome).toBe(
          'posted',
        );
        const settled = outcomeOf(
          t.ctx.transact((tx) => postTradingEntries(tx.db, [move(user, fresh('b'), 50_000n)])),
        );
        await untilBlocked(observer);
        await other.query('COMMIT');
        expect(await settled).toBe('INSUFFICIENT_FUNDS');
        await ledgerClean();
      } finally {
        await other.end();
        await observer.end();
      }
    },
  );

  it.skipIf(!process.env.DATABASE_URL)(
    'two batches with the same keys in opposite orders neither deadlock nor write a key twice',
    async () => {
      const user = BigInt((await investor(t, '1000')).userId);
      const [a, b] = [fresh('ka'), fresh('kb')];
      const other = await client();
      const observer = await client();
      try {
        await other.query('BEGIN');
        await other.query(`SELECT * FROM ledger_post_batch(ARRAY['m','m'], ARRAY['r','r'], ARRAY['trading','trading'],
          ARRAY['${a}','${b}'], ARRAY['h1','h2'], ARRAY['system','system'], ARRAY[NULL,NULL]::bigint[],
          ARRAY[NULL,NULL]::text[], ARRAY[now(), now()], ARRAY[1,1,2,2],
          ARRAY[${user},${user},${user},${user}]::bigint[],
          ARRAY['cash_available','cash_held','cash_available','cash_held'], ARRAY[100,-100,100,-100]::bigint[])`);
        const mine = observer.query('SELECT 1'); // keep observer free
        await mine;
        const second = await client();
        const secondRun =
          second.query(`SELECT r_n, r_outcome FROM ledger_post_batch(ARRAY['m','m'], ARRAY['r','r'],
          ARRAY['trading','trading'], ARRAY['${b}','${a}'], ARRAY['h2','h1'], ARRAY['system','system'],
          ARRAY[NULL,NULL]::bigint[], ARRAY[NULL,NULL]::text[], ARRAY[now(), now()], ARRAY[1,1,2,2],
          ARRAY[${user},${user},${user},${user}]::bigint[],
          ARRAY['cash_available','cash_held','cash_available','cash_held'], ARRAY[100,-100,100,-100]::bigint[])`);
        await untilBlocked(observer);
        await other.query('COMMIT');
        const { rows } = await secondRun;
        await second.end();
        // The first key answered as taken (the caller then goes on with the rest): nothing written twice.
        expect(rows).toEqual([{ r_n: 1, r_outcome: 'taken' }]);
        const keys = await sql<{ n: string }>`SELECT count(*) AS n FROM journal_entries
          WHERE idempotency_scope = 'trading' AND idempotency_key IN (${a}, ${b})`.execute(t.ctx.db);
        expect(Number(keys.rows[0]!.n)).toBe(2);
        await ledgerClean();
      } finally {
        await other.end();
        await observer.end();
      }
    },
  );

  it.skipIf(!process.env.DATABASE_URL)(
    'a key inserted by a transaction that skips the advisory lock stops the batch with a unique violation, never a duplicate',
    async () => {
      const user = BigInt((await investor(t, '1000')).userId);
      const key = fresh('raw');
      const other = await client();
      const observer = await client();
      try {
        await other.query('BEGIN');
        await other.query(`INSERT INTO journal_entries (kind, reference, idempotency_scope, idempotency_key, request_hash,
          actor_kind, created_at) VALUES ('m', 'r', 'trading', '${key}', 'x', 'system', now())`);
        await other.query(`INSERT INTO postings (entry_id, account_id, amount) SELECT currval(pg_get_serial_sequence('journal_entries','id')), id, a
          FROM (VALUES ('cash_available', 1), ('cash_held', -1)) v(k, a) JOIN ledger_accounts ON user_id = ${user} AND kind = v.k`);
        const batch = outcomeOf(
          t.ctx.transact((tx) => postTradingEntries(tx.db, [move(user, key, 100n, 'available', 'held')])),
        );
        await untilBlocked(observer);
        await other.query('COMMIT');
        expect(await batch).toBe('23505');
        await ledgerClean();
      } finally {
        await other.end();
        await observer.end();
      }
    },
  );

  it.skipIf(!process.env.DATABASE_URL)(
    'concurrent direct INSERTs of postings on one account: the statement trigger adds each on the committed balance',
    async () => {
      const user = BigInt((await investor(t, '1000')).userId);
      const cash = await accountId(t.ctx.db, user, 'cash_available');
      const bank = await accountId(t.ctx.db, null, 'house_bank');
      const [one, two, observer] = [await client(), await client(), await client()];
      const write = async (c: pg.Client, amount: number) => {
        await c.query('BEGIN');
        await c.query(`INSERT INTO journal_entries (kind, reference, idempotency_scope, idempotency_key, request_hash,
          actor_kind, created_at) VALUES ('m', 'r', 'review', '${fresh('c')}', 'x', 'system', now())`);
        return c.query(`INSERT INTO postings (entry_id, account_id, amount) VALUES
          (currval(pg_get_serial_sequence('journal_entries','id')), ${cash}, ${amount}),
          (currval(pg_get_serial_sequence('journal_entries','id')), ${bank}, ${-amount})`);
      };
      try {
        await write(one, 60_000); // 600 yen out of 1,000
        const second = write(two, 60_000).then(
          () => 'written',
          (error: { code?: string }) => error.code,
        );
        await untilBlocked(observer);
        await one.query('COMMIT');
        expect(await second).toBe('23514'); // 400 - 600 < 0: the CHECK, on the balance the first left
        await two.query('ROLLBACK');
        const third = write(two, -10_000).then(() => 'written');
        await third;
        await two.query('COMMIT');
        await ledgerClean();
      } finally {
        await Promise.all([one.end(), two.end(), observer.end()]);
      }
    },
  );

  it.skipIf(!process.env.DATABASE_URL)(
    "a trading batch and a staff deposit on the same user do not deadlock (the user's row lock lets the fill's foreign key through)",
    async () => {
      // creditDepositIn / approveAdjustment / requestWithdrawal: lockUserById, then ledger_post (the user's ledger
      // accounts FOR UPDATE). A trading flush: ledger_post_batch (the same accounts FOR UPDATE), then INSERT
      // trading_orders / trading_fills, whose user_id foreign key takes FOR KEY SHARE on the users row. With
      // lockUserById taking FOR UPDATE that was a cycle (40P01); it takes FOR NO KEY UPDATE, which KEY SHARE
      // passes.
      const owner = await investor(t, '1000000');
      const userId = BigInt(owner.userId);
      const staff = await client();
      try {
        await staff.query('BEGIN');
        await staff.query(`SELECT id FROM users WHERE id = ${userId} FOR NO KEY UPDATE`); // as lockUserById
        // The order's commit locks the user's ledger accounts and inserts rows that refer to the user: it no
        // longer waits on the row the deposit's session holds, so it is answered before that session goes on.
        const placed = await placeOrder(t, owner, {
          code: '7203',
          side: 'long',
          type: 'market',
          lots: 1,
          leverage: 1,
        });
        expect(placed.status).toBe(200);
        const deposit = await outcomeOf(
          staff.query(
            `SELECT r_outcome FROM ledger_post('deposit', 'bank:x', 'staff:1', '${fresh('dep')}', 'h', 'staff', 1, NULL, now(),
               ARRAY[NULL, ${userId}]::bigint[], ARRAY['house_bank', 'cash_available'], ARRAY[100000, -100000]::bigint[])`,
          ),
        );
        await staff.query(deposit === 'posted' ? 'COMMIT' : 'ROLLBACK');
        // Before the fix: 40P01 deadlock_detected, and the staff member's credit failed with INTERNAL.
        expect(deposit).toBe('posted');
        await ledgerClean();
      } finally {
        await staff.end();
      }
    },
  );
});

describe('trading endpoints', () => {
  const long = { code: '7203', side: 'long', type: 'market', lots: 1, leverage: 1 };

  it('hostile numbers are refused and change nothing', async () => {
    const user = await investor(t, '1000000');
    const before = await tradingSnapshot(t, user);
    const limit = { ...long, type: 'limit', price: '2790' };
    const hostile: object[] = [
      { ...long, lots: -1 },
      { ...long, lots: 0 },
      { ...long, lots: 1.5 },
      { ...long, lots: '1e3' },
      { ...long, lots: 'NaN' },
      { ...long, lots: 10_001 },
      { ...long, lots: 2 ** 53 },
      { ...long, lots: '99999999999999999999' },
      { ...long, leverage: 7 },
      { ...long, leverage: 0 },
      { ...long, leverage: '2.5' },
      { ...limit, price: '2790.3' },
      { ...limit, price: '2790.005' },
      { ...limit, price: '-2790' },
      { ...limit, price: '0' },
      { ...limit, price: '1e20' },
      { ...limit, price: 'Infinity' },
      { ...limit, price: 'NaN' },
      { ...limit, price: '0x10' },
      { ...limit, price: 2790 },
      { ...long, takeProfit: '2900.2' },
      { ...long, stopLoss: '2900' },
      { ...long, validity: 'week' },
      { ...long, userId: '1' },
      { ...long, code: '7203; DROP TABLE users' },
    ];
    for (const payload of hostile) {
      const answer = await placeOrder(t, user, payload);
      expect(answer.status, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(answer.code, JSON.stringify(payload)).not.toBe(1);
    }
    expect(await tradingSnapshot(t, user)).toEqual(before);
  });

  it("idempotency keys are per user, bound to the body, and another user's ids are not found", async () => {
    const alice = await investor(t, '1000000');
    const bob = await investor(t, '1000000');
    const key = freshRequestKey();
    const first = await placeOrder(t, alice, long, key);
    expect(first.status).toBe(200);
    const again = await placeOrder(t, alice, long, key);
    expect(again.data.id).toBe(first.data.id);
    expect((await placeOrder(t, alice, { ...long, lots: 2 }, key)).errorCode).toBe('IDEMPOTENCY_KEY_REUSED');
    const bobs = await placeOrder(t, bob, long, key);
    expect(bobs.status).toBe(200);
    expect(bobs.data.id).not.toBe(first.data.id);
    expect((await placeOrder(t, alice, long, 'has space')).errorCode).toBe('IDEMPOTENCY_KEY_INVALID');
    // Without the header a retry after a lost answer would place a second order: refused, nothing placed.
    const placed = (await send<{ items: OrderView[] }>(t, 'GET', '/api/orders?status=all', alice.token)).data;
    const keyless = await t.app.inject({
      method: 'POST',
      url: '/api/orders?lang=ja',
      headers: { token: alice.token },
      payload: long,
    });
    expect(keyless.statusCode).toBe(400);
    expect(keyless.json()).toMatchObject({
      errorCode: 'IDEMPOTENCY_KEY_REQUIRED',
      msg: 'リクエストに必要な情報が不足しています。画面を再読み込みしてからやり直してください',
    });
    expect((await send(t, 'GET', '/api/orders?status=all', alice.token)).data).toEqual(placed);

    const resting = await placeOrder(t, alice, { ...long, type: 'limit', price: '2700' });
    const id = first.data.id;
    expect((await send(t, 'DELETE', `/api/orders/${resting.data.id}`, bob.token)).errorCode).toBe(
      'ORDER_NOT_FOUND',
    );
    expect((await send(t, 'GET', `/api/positions/${id}`, bob.token)).errorCode).toBe('POSITION_NOT_FOUND');
    expect(
      (await send(t, 'POST', `/api/positions/${id}/close`, bob.token, { type: 'market' })).errorCode,
    ).toBe('POSITION_NOT_FOUND');
    expect(
      (await send(t, 'PUT', `/api/positions/${id}/tp-sl`, bob.token, { takeProfit: '2900' })).errorCode,
    ).toBe('POSITION_NOT_FOUND');
    expect((await send(t, 'GET', `/api/positions/${id}`, 'forged-token')).status).toBe(401);
    const orders = await send<{ items: OrderView[] }>(t, 'GET', '/api/orders', bob.token);
    expect(orders.data.items.map((o) => o.id)).not.toContain(resting.data.id);
    await send(t, 'DELETE', `/api/orders/${resting.data.id}`, alice.token);
  });

  it('many concurrent orders cannot take cash below zero', async () => {
    const user = await investor(t, '1000000');
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => placeOrder(t, user, { ...long, lots: 1 })),
    );
    const filled = answers.filter((a) => a.status === 200).length;
    expect(filled).toBeGreaterThan(0);
    expect(filled).toBeLessThan(12);
    for (const a of answers) if (a.status !== 200) expect(a.errorCode).toBe('ORDER_INSUFFICIENT_FUNDS');
    expect((await ledgerBalances(t, user)).cash_available).toBeGreaterThanOrEqual(0n);
    await ledgerClean();
  });

  it('cancel twice at once, and close twice at once with two keys, move money once', async () => {
    const user = await investor(t, '1000000');
    const resting = await placeOrder(t, user, { ...long, type: 'limit', price: '2700' });
    const cancels = await Promise.all([
      send(t, 'DELETE', `/api/orders/${resting.data.id}`, user.token),
      send(t, 'DELETE', `/api/orders/${resting.data.id}`, user.token),
    ]);
    expect(cancels.map((c) => c.status).sort()).toEqual([200, 409]);
    const opened = await placeOrder(t, user, long);
    const closes = await Promise.all([
      send<PositionView>(t, 'POST', `/api/positions/${opened.data.id}/close`, user.token, { type: 'market' }),
      send<PositionView>(t, 'POST', `/api/positions/${opened.data.id}/close`, user.token, { type: 'market' }),
    ]);
    expect(closes.filter((c) => c.status === 200)).toHaveLength(1);
    const entries = await sql<{ n: string }>`SELECT count(*) AS n FROM journal_entries
      WHERE idempotency_key = ${`position_closed:${opened.data.id}`}`.execute(t.ctx.db);
    expect(Number(entries.rows[0]!.n)).toBe(1);
    const b = await ledgerBalances(t, user);
    expect([b.cash_held, b.margin_posted]).toEqual([0n, 0n]);
    await ledgerClean();
  });
});

describe('WebSocket private channels', () => {
  it("a token in the URL signs nothing in; switching users on a connection drops the first user's channels", async () => {
    const url = await listen(t);
    const alice = await investor(t, '1000000');
    const bob = await investor(t, '1000000');
    const viaUrl = await WsClient.open(`${url}?token=${alice.token}`);
    viaUrl.send({ op: 'subscribe', channels: ['balances', 'orders'] });
    await viaUrl.settle();
    expect(viaUrl.on('balances')).toEqual([]);
    expect(viaUrl.on('error').map((f) => (f.data as { errorCode: string }).errorCode)).toEqual([
      'WS_AUTH_REQUIRED',
    ]);
    viaUrl.socket.close();

    const client = await WsClient.open(url);
    await client.auth(alice.token);
    client.send({ op: 'subscribe', channels: ['balances', 'orders', 'positions'] });
    await client.next((f) => f.channel === 'positions');
    await client.auth(bob.token);
    const seen = client.frames.length;
    // Alice trades after the connection became Bob's: nothing of hers may arrive.
    expect(
      (await placeOrder(t, alice, { code: '7203', side: 'long', type: 'market', lots: 1, leverage: 1 }))
        .status,
    ).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await client.settle();
    const after = client.frames
      .slice(seen)
      .filter((f) => ['balances', 'orders', 'positions'].includes(f.channel));
    expect(after).toEqual([]);
    client.socket.close();
  });
});

describe('security headers (helmet built once)', () => {
  const HEADERS = [
    'content-security-policy',
    'strict-transport-security',
    'x-frame-options',
    'x-content-type-options',
    'referrer-policy',
    'cross-origin-opener-policy',
    'cross-origin-resource-policy',
    'x-dns-prefetch-control',
    'x-download-options',
    'x-permitted-cross-domain-policies',
    'origin-agent-cluster',
  ];

  it('every kind of answer carries the same helmet headers (except /api/docs, whose CSP is its own)', async () => {
    const webDist = join(mkdtempSync(join(tmpdir(), 'kabuto-review-')), 'web');
    mkdirSync(join(webDist, 'assets'), { recursive: true });
    writeFileSync(join(webDist, 'index.html'), '<html><head><script>boot()</script></head></html>');
    writeFileSync(join(webDist, 'assets', 'app-AbCd1234.js'), 'x');
    const app = await buildApp({ ...t.ctx, config: { ...t.ctx.config, webDist } });
    await app.ready();
    try {
      const user = await investor(t, '0');
      const answers = {
        json: await app.inject({ url: '/api/health' }),
        error: await app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: { token: user.token },
          payload: {},
        }),
        unauthorised: await app.inject({ url: '/api/orders', headers: { token: 'forged' } }),
        apiNotFound: await app.inject({ url: '/api/nothing-here' }),
        notFound: await app.inject({ url: '/nothing-here.txt' }),
        index: await app.inject({ url: '/' }),
        indexHtml: await app.inject({ url: '/index.html' }),
        asset: await app.inject({ url: '/assets/app-AbCd1234.js' }),
        head: await app.inject({ method: 'HEAD', url: '/api/health' }),
        docs: await app.inject({ url: '/api/docs/json' }),
      };
      for (const [kind, response] of Object.entries(answers))
        for (const header of HEADERS) expect(response.headers[header], `${kind} ${header}`).toBeDefined();
      const csp = String(answers.index.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
      expect(answers.json.headers['content-security-policy']).toBe(csp);
      // /api/docs (swagger-ui staticCSP) replaces the CSP with its own, framable by the same origin: as before.
      const docs = await app.inject({ url: '/api/docs/static/index.html' });
      expect(String(docs.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
      expect(docs.headers['x-frame-options']).toBe('SAMEORIGIN');
      // A malformed URL (Fastify's frameworkErrors, before any hook) carries no helmet header: as before.
      expect((await app.inject({ url: '/api/%E0%A4%A' })).headers['content-security-policy']).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});
