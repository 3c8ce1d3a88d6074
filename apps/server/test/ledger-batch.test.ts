import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balancesOf,
  creditDeposit,
  postTradingEntries,
  type TradingEntry,
  type TradingPocket,
} from '../src/modules/ledger';
import { createTestApp, registerUser, type TestApp } from './harness';

/**
 * A batch of trading entries is written set-wise (`ledger_post_batch`) while every entry is plain, and one
 * entry at a time otherwise; either way it must answer exactly as posting the entries one after another would.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let keys = 0;
const system = { kind: 'system' } as const;
const entry = (
  userId: bigint,
  from: TradingPocket,
  to: TradingPocket,
  amount: bigint,
  key = `batch-${++keys}`,
): TradingEntry => ({
  userId,
  kind: 'test_move',
  reference: 'test',
  transfers: [{ from, to, amount }],
  key,
  actor: system,
  at: t.clock.now(),
});
const inTx = <T>(work: (db: TestApp['ctx']['db']) => Promise<T>) => t.ctx.transact((tx) => work(tx.db));

/** A user with `amount` sen of cash available. */
async function funded(amount: bigint): Promise<bigint> {
  const userId = BigInt((await registerUser(t)).userId);
  await inTx((db) =>
    creditDeposit(db, {
      userId,
      amount,
      reference: 'test',
      actor: system,
      idempotency: { scope: 'test', key: `deposit-${++keys}`, request: {} },
      at: t.clock.now(),
    }),
  );
  return userId;
}

const entriesOf = async (userId: bigint) =>
  Number(
    (
      await sql<{ n: string }>`SELECT count(DISTINCT p.entry_id) AS n FROM postings p
        JOIN ledger_accounts a ON a.id = p.account_id WHERE a.user_id = ${userId}`.execute(t.ctx.db)
    ).rows[0]!.n,
  );

describe('a batch of trading entries', () => {
  it('is written in order, each entry on what the ones before it left', async () => {
    const user = await funded(1_000_00n);
    const posted = await inTx((db) =>
      postTradingEntries(db, [
        entry(user, 'available', 'margin', 600_00n),
        entry(user, 'margin', 'available', 600_00n),
        entry(user, 'available', 'margin', 900_00n),
        entry(user, 'available', 'fee_income', 100_00n),
      ]),
    );
    expect(posted.map((p) => p?.replayed)).toEqual([false, false, false, false]);
    expect(new Set(posted.map((p) => p?.entryId)).size).toBe(4);
    const balances = await balancesOf(t.ctx.db, user);
    expect(balances.available).toBe(0n);
    expect(balances.marginInUse).toBe(900_00n);
    expect(await entriesOf(user)).toBe(5);
  });

  it('refuses an entry that takes a balance below zero, even when a later one would bring it back', async () => {
    const user = await funded(1_000_00n);
    // Netted over the batch, the cash would not move at all; the first entry alone takes it to -500.
    await expect(
      inTx((db) =>
        postTradingEntries(db, [
          entry(user, 'available', 'margin', 1_500_00n),
          entry(user, 'margin', 'available', 1_500_00n),
        ]),
      ),
    ).rejects.toMatchObject({ errorCode: 'INSUFFICIENT_FUNDS' });
    expect((await balancesOf(t.ctx.db, user)).available).toBe(1_000_00n);
    expect(await entriesOf(user)).toBe(1);
  });

  it('refuses the batch when its last entry is short, leaving nothing of the others', async () => {
    const user = await funded(1_000_00n);
    await expect(
      inTx((db) =>
        postTradingEntries(db, [
          entry(user, 'available', 'margin', 400_00n),
          entry(user, 'available', 'margin', 700_00n),
        ]),
      ),
    ).rejects.toMatchObject({ errorCode: 'INSUFFICIENT_FUNDS' });
    const balances = await balancesOf(t.ctx.db, user);
    expect([balances.available, balances.marginInUse]).toEqual([1_000_00n, 0n]);
  });

  it('answers a key already used with its first entry and writes the others', async () => {
    const user = await funded(1_000_00n);
    const first = entry(user, 'available', 'margin', 100_00n);
    const [alone] = await inTx((db) => postTradingEntries(db, [first]));
    const posted = await inTx((db) =>
      postTradingEntries(db, [first, entry(user, 'available', 'margin', 200_00n)]),
    );
    expect(posted[0]).toMatchObject({ entryId: alone!.entryId, replayed: true });
    expect(posted[1]).toMatchObject({ replayed: false });
    expect((await balancesOf(t.ctx.db, user)).marginInUse).toBe(300_00n);
  });

  it('writes a key used twice in one batch once', async () => {
    const user = await funded(1_000_00n);
    const twice = entry(user, 'available', 'margin', 100_00n);
    const posted = await inTx((db) => postTradingEntries(db, [twice, twice]));
    expect(posted[1]).toMatchObject({ entryId: posted[0]!.entryId, replayed: true });
    expect((await balancesOf(t.ctx.db, user)).marginInUse).toBe(100_00n);
  });

  it('refuses a key used before for another request', async () => {
    const user = await funded(1_000_00n);
    const first = entry(user, 'available', 'margin', 100_00n);
    await inTx((db) => postTradingEntries(db, [first]));
    await expect(
      inTx((db) =>
        postTradingEntries(db, [{ ...first, transfers: [{ ...first.transfers[0]!, amount: 1n }] }]),
      ),
    ).rejects.toMatchObject({ errorCode: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it('posts for several users at once, each balance equal to the sum of its postings', async () => {
    const users = await Promise.all([funded(500_00n), funded(700_00n), funded(900_00n)]);
    await inTx((db) =>
      postTradingEntries(
        db,
        users.flatMap((user) => [
          entry(user, 'available', 'margin', 300_00n),
          entry(user, 'available', 'fee_income', 1_00n),
        ]),
      ),
    );
    const mismatched = await sql<{ n: string }>`
      SELECT count(*) AS n FROM ledger_accounts a WHERE a.user_id IS NOT NULL AND a.balance <> (
        SELECT coalesce(sum(CASE WHEN a.normal_side = 'debit' THEN p.amount ELSE -p.amount END), 0)
          FROM postings p WHERE p.account_id = a.id)`.execute(t.ctx.db);
    expect(Number(mismatched.rows[0]!.n)).toBe(0);
    expect((await Promise.all(users.map((u) => balancesOf(t.ctx.db, u)))).map((b) => b.available)).toEqual([
      199_00n,
      399_00n,
      599_00n,
    ]);
  });
});

describe('any batch of trading entries', () => {
  type Move = {
    user: number;
    from: TradingPocket;
    to: TradingPocket;
    amount: bigint;
    again?: number | undefined;
    undone?: boolean;
  };
  const pockets = ['available', 'margin', 'debt', 'fee_income'] as const;
  const moveArb: fc.Arbitrary<Move> = fc
    .record({
      user: fc.integer({ min: 0, max: 1 }),
      from: fc.constantFrom(...pockets),
      to: fc.constantFrom(...pockets),
      amount: fc.bigInt({ min: 1n, max: 800_00n }),
      again: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
      undone: fc.boolean(),
    })
    .filter((move) => move.from !== move.to);
  /** Moves, and the reverse of those `undone` at the end: batches whose pockets dip midway and come back. */
  const batchArb = fc
    .array(moveArb, { minLength: 1, maxLength: 8 })
    .map((moves) => [
      ...moves,
      ...moves
        .filter((move) => move.undone && move.again === undefined)
        .map((move) => ({ ...move, from: move.to, to: move.from, undone: false })),
    ]);

  /** The user pockets after each move in turn, as one entry at a time would leave them; null when one is short. */
  function model(start: Map<string, bigint>[], moves: { move: Move; fresh: boolean }[]) {
    const state = start.map((pocket) => new Map(pocket));
    for (const { move, fresh } of moves) {
      if (!fresh) continue;
      const own = state[move.user]!;
      // Debt is owed by the user (debit-normal): money "leaving" debt raises it, "entering" lowers it.
      const change = (pocket: TradingPocket, signed: bigint) => {
        if (pocket === 'fee_income') return;
        own.set(pocket, (own.get(pocket) ?? 0n) + (pocket === 'debt' ? -signed : signed));
      };
      change(move.from, -move.amount);
      change(move.to, move.amount);
      if ([...own.values()].some((value) => value < 0n)) return null;
    }
    return state;
  }

  it('leaves what posting its entries one after another leaves, or refuses it whole', async () => {
    await fc.assert(
      fc.asyncProperty(batchArb, async (moves) => {
        const users = [await funded(1_000_00n), await funded(300_00n)];
        const read = async () =>
          Promise.all(
            users.map(async (user) => {
              const b = await balancesOf(t.ctx.db, user);
              return new Map<string, bigint>([
                ['available', b.available],
                ['margin', b.marginInUse],
                ['debt', b.tradingDebt],
              ]);
            }),
          );
        const before = await read();
        // A move with `again` repeats the entry that many places back, same key and request: a replay.
        const entries: TradingEntry[] = [];
        const planned: { move: Move; fresh: boolean }[] = [];
        for (const move of moves) {
          const earlier = move.again === undefined ? undefined : entries[entries.length - move.again];
          if (earlier) {
            entries.push(earlier);
            planned.push({ move, fresh: false });
          } else {
            entries.push(entry(users[move.user]!, move.from, move.to, move.amount));
            planned.push({ move, fresh: true });
          }
        }
        const expected = model(before, planned);
        const outcome = await inTx((db) => postTradingEntries(db, entries)).then(
          () => 'ok',
          (error: { errorCode?: string }) => error.errorCode ?? String(error),
        );
        expect(outcome).toBe(expected ? 'ok' : 'INSUFFICIENT_FUNDS');
        expect(await read()).toEqual(expected ?? before);
      }),
      { numRuns: 40 },
    );
    // Forty batches on PostgreSQL take seconds on a quiet machine and more than the default 30 on a busy one.
  }, 180_000);
});
