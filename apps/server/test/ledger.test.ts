import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adjustAvailableCash,
  balancesOf,
  creditDeposit,
  holdForWithdrawal,
  payOutWithdrawal,
  releaseWithdrawalHold,
  type Idempotency,
} from '../src/modules/ledger';
import { createTestApp, registerUser, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let keys = 0;
const key = (request: unknown = {}): Idempotency => ({ scope: 'test', key: `k${++keys}`, request });
const system = { kind: 'system' } as const;
const userId = async () => BigInt((await registerUser(t)).userId);
const move = (user: bigint, amount: bigint, idempotency = key()) => ({
  userId: user,
  amount,
  reference: 'test',
  actor: system,
  idempotency,
  at: t.clock.now(),
});
const inTx = <T>(work: (db: TestApp['ctx']['db']) => Promise<T>) => t.ctx.transact((tx) => work(tx.db));

describe('typed operations', () => {
  it('moves money between available, held and the bank, and balances follow the postings', async () => {
    const user = await userId();
    await inTx((db) => creditDeposit(db, move(user, 100_000_00n)));
    await inTx((db) => holdForWithdrawal(db, move(user, 30_000_00n)));
    expect(await balancesOf(t.ctx.db, user)).toMatchObject({ available: 70_000_00n, held: 30_000_00n });
    await inTx((db) => payOutWithdrawal(db, move(user, 10_000_00n)));
    await inTx((db) => releaseWithdrawalHold(db, move(user, 20_000_00n)));
    await inTx((db) => adjustAvailableCash(db, { ...move(user, -5_00n), reason: 'fee refund reversed' }));
    expect(await balancesOf(t.ctx.db, user)).toMatchObject({ available: 89_995_00n, held: 0n });
  });

  it('refuses to take a user below zero and leaves nothing behind', async () => {
    const user = await userId();
    await inTx((db) => creditDeposit(db, move(user, 50_00n)));
    const entriesBefore = await t.ctx.db
      .selectFrom('journal_entries')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    await expect(inTx((db) => holdForWithdrawal(db, move(user, 50_01n)))).rejects.toMatchObject({
      errorCode: 'INSUFFICIENT_FUNDS',
    });
    const entriesAfter = await t.ctx.db
      .selectFrom('journal_entries')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(entriesAfter.n).toEqual(entriesBefore.n);
    expect(await balancesOf(t.ctx.db, user)).toMatchObject({ available: 50_00n, held: 0n });
  });

  it('answers a repeated key with the first entry and moves nothing again', async () => {
    const user = await userId();
    const idempotency = key({ amount: '1' });
    const first = await inTx((db) => creditDeposit(db, move(user, 1_000_00n, idempotency)));
    const again = await inTx((db) => creditDeposit(db, move(user, 1_000_00n, idempotency)));
    expect(again).toMatchObject({ entryId: first.entryId, replayed: true });
    expect((await balancesOf(t.ctx.db, user)).available).toBe(1_000_00n);
  });

  it('refuses the same key with another request, and another scope with the same key is its own', async () => {
    const user = await userId();
    await inTx((db) =>
      creditDeposit(db, move(user, 1_00n, { scope: 'a', key: 'same', request: { amount: 1 } })),
    );
    await expect(
      inTx((db) => creditDeposit(db, move(user, 2_00n, { scope: 'a', key: 'same', request: { amount: 2 } }))),
    ).rejects.toMatchObject({ errorCode: 'IDEMPOTENCY_KEY_REUSED' });
    const other = await inTx((db) =>
      creditDeposit(db, move(user, 2_00n, { scope: 'b', key: 'same', request: { amount: 2 } })),
    );
    expect(other.replayed).toBe(false);
    expect((await balancesOf(t.ctx.db, user)).available).toBe(3_00n);
  });

  it('writes one entry for many concurrent calls with one key, and answers the others with it', async () => {
    const user = await userId();
    await inTx((db) => creditDeposit(db, move(user, 1_00n))); // opens the accounts
    const idempotency = key({ amount: '7' });
    const results = await Promise.all(
      Array.from({ length: 8 }, () => inTx((db) => creditDeposit(db, move(user, 7_00n, idempotency)))),
    );
    expect(new Set(results.map((r) => r.entryId)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect((await balancesOf(t.ctx.db, user)).available).toBe(8_00n);
    // The same key with other parameters, at the same time as a retry: refused, and nothing moves.
    const outcomes = await Promise.allSettled([
      inTx((db) => creditDeposit(db, move(user, 7_00n, idempotency))),
      inTx((db) => creditDeposit(db, move(user, 8_00n, { ...idempotency, request: { amount: '8' } }))),
    ]);
    expect(outcomes[0]).toMatchObject({ status: 'fulfilled', value: { replayed: true } });
    expect(outcomes[1]).toMatchObject({
      status: 'rejected',
      reason: { errorCode: 'IDEMPOTENCY_KEY_REUSED' },
    });
    expect((await balancesOf(t.ctx.db, user)).available).toBe(8_00n);
  });

  it("opens a user's accounts with their first entry, and a retry of a spent hold is still answered", async () => {
    const user = await userId();
    expect(
      await t.ctx.db.selectFrom('ledger_accounts').select('kind').where('user_id', '=', user).execute(),
    ).toEqual([]);
    await inTx((db) => creditDeposit(db, move(user, 10_00n)));
    const accounts = await t.ctx.db
      .selectFrom('ledger_accounts')
      .select('kind')
      .where('user_id', '=', user)
      .orderBy('id')
      .execute();
    expect(accounts.map((a) => a.kind)).toEqual([
      'cash_available',
      'cash_held',
      'margin_in_use',
      'loan_payable',
      'margin_posted',
      'trading_debt',
    ]);
    const hold = key({ amount: '10' });
    const first = await inTx((db) => holdForWithdrawal(db, move(user, 10_00n, hold)));
    // Available cash is now zero: a new hold is refused, but a retry of the first is its answer.
    await expect(inTx((db) => holdForWithdrawal(db, move(user, 10_00n)))).rejects.toMatchObject({
      errorCode: 'INSUFFICIENT_FUNDS',
    });
    expect(await inTx((db) => holdForWithdrawal(db, move(user, 10_00n, hold)))).toMatchObject({
      entryId: first.entryId,
      replayed: true,
    });
    expect(await balancesOf(t.ctx.db, user)).toMatchObject({ available: 0n, held: 10_00n });
  });

  it('refuses zero and negative amounts where an amount must be positive', async () => {
    const user = await userId();
    await expect(inTx((db) => creditDeposit(db, move(user, 0n)))).rejects.toMatchObject({
      errorCode: 'AMOUNT_INVALID',
    });
    await expect(inTx((db) => creditDeposit(db, move(user, -1n)))).rejects.toMatchObject({
      errorCode: 'AMOUNT_INVALID',
    });
  });
});

describe('what the database itself refuses', () => {
  const account = async (user: bigint, kind: string) =>
    (
      await sql<{
        id: bigint;
      }>`SELECT id FROM ledger_accounts WHERE user_id = ${user} AND kind = ${kind}`.execute(t.ctx.db)
    ).rows[0]!.id;
  const house = async () =>
    (await sql<{ id: bigint }>`SELECT id FROM ledger_accounts WHERE kind = 'house_bank'`.execute(t.ctx.db))
      .rows[0]!.id;

  async function rawEntry(postings: (accountId: bigint) => [bigint, bigint][], user: bigint) {
    const cash = await account(user, 'cash_available');
    return inTx(async (db) => {
      const entry = await sql<{ id: bigint }>`
        INSERT INTO journal_entries (kind, idempotency_scope, idempotency_key, request_hash, actor_kind, created_at)
        VALUES ('deposit', 'raw', ${`raw${++keys}`}, 'h', 'system', now()) RETURNING id`.execute(db);
      for (const [accountId, amount] of postings(cash))
        await sql`INSERT INTO postings (entry_id, account_id, amount) VALUES (${entry.rows[0]!.id}, ${accountId}, ${amount})`.execute(
          db,
        );
    });
  }

  it('an entry whose postings do not sum to zero, or that has one posting', async () => {
    const user = await userId();
    await inTx((db) => creditDeposit(db, move(user, 10_00n)));
    const bank = await house();
    await expect(
      rawEntry(
        (cash) => [
          [bank, 5_00n],
          [cash, -4_00n],
        ],
        user,
      ),
    ).rejects.toThrow(/unbalanced/);
    await expect(rawEntry((cash) => [[cash, 0n + 1n]], user)).rejects.toThrow();
    await expect(rawEntry(() => [], user)).rejects.toThrow(/unbalanced/);
    expect((await balancesOf(t.ctx.db, user)).available).toBe(10_00n);
  });

  it('a posting that takes a user balance below zero', async () => {
    const user = await userId();
    await inTx((db) => creditDeposit(db, move(user, 10_00n)));
    const bank = await house();
    // Debiting the user's credit-normal cash by more than it holds.
    await expect(
      rawEntry(
        (cash) => [
          [cash, 10_01n],
          [bank, -10_01n],
        ],
        user,
      ),
    ).rejects.toThrow(/balance_not_negative|check/i);
  });

  it('a balance written directly, and any change, removal or truncation of entries and postings', async () => {
    const user = await userId();
    await inTx((db) => creditDeposit(db, move(user, 10_00n)));
    await expect(
      sql`UPDATE ledger_accounts SET balance = 999 WHERE user_id = ${user}`.execute(t.ctx.db),
    ).rejects.toThrow(/only through a posting/);
    await expect(sql`UPDATE postings SET amount = amount * 2`.execute(t.ctx.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`DELETE FROM postings`.execute(t.ctx.db)).rejects.toThrow(/append-only/);
    await expect(sql`UPDATE journal_entries SET memo = 'x'`.execute(t.ctx.db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM journal_entries`.execute(t.ctx.db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM ledger_accounts WHERE user_id = ${user}`.execute(t.ctx.db)).rejects.toThrow(
      /append-only/,
    );
    for (const table of ['postings', 'journal_entries', 'ledger_accounts']) {
      await expect(sql`TRUNCATE ${sql.table(table)} CASCADE`.execute(t.ctx.db)).rejects.toThrow(
        /append-only/,
      );
    }
    expect((await balancesOf(t.ctx.db, user)).available).toBe(10_00n);
  });

  it('BIGINT amounts beyond 2^53 come back exact, as bigint', async () => {
    const user = await userId();
    const huge = 2n ** 53n + 12_345n;
    await inTx((db) => creditDeposit(db, move(user, huge)));
    const balances = await balancesOf(t.ctx.db, user);
    expect(typeof balances.available).toBe('bigint');
    expect(balances.available).toBe(huge);
    const posted = await sql<{ amount: bigint }>`
      SELECT p.amount FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
      WHERE a.user_id = ${user}`.execute(t.ctx.db);
    expect(posted.rows[0]!.amount).toBe(-huge);
  });
});
