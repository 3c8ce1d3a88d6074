import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
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

/**
 * A model test of the ledger: random sequences of every operation, retries with the same key, a key reused
 * with other parameters, and concurrent pairs, checked after every step against a plain model and against
 * the database's own sums. LEDGER_MODEL_OPERATIONS sets the total (default 10,000).
 */
const TOTAL = Number(process.env.LEDGER_MODEL_OPERATIONS ?? 10_000);
const RUNS = 5;

let t: TestApp;
let users: bigint[] = [];
beforeAll(async () => {
  t = await createTestApp();
  users = [];
  for (let i = 0; i < 3; i += 1) users.push(BigInt((await registerUser(t)).userId));
});
afterAll(() => t.close());

type Kind = 'credit' | 'hold' | 'release' | 'payout' | 'adjust';
interface Op {
  kind: Kind;
  user: number;
  amount: bigint;
}
type Step =
  | { type: 'op'; op: Op }
  | { type: 'retry'; back: number }
  | { type: 'reuse'; back: number }
  | { type: 'pair'; a: Op; b: Op };

const opArb: fc.Arbitrary<Op> = fc.record({
  kind: fc.constantFrom<Kind>('credit', 'credit', 'hold', 'release', 'payout', 'adjust'),
  user: fc.integer({ min: 0, max: 2 }),
  amount: fc.bigInt({ min: 1n, max: 5_000_000n }),
});
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 14, arbitrary: opArb.map((op) => ({ type: 'op' as const, op })) },
  { weight: 2, arbitrary: fc.integer({ min: 1, max: 20 }).map((back) => ({ type: 'retry' as const, back })) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 20 }).map((back) => ({ type: 'reuse' as const, back })) },
  { weight: 3, arbitrary: fc.tuple(opArb, opArb).map(([a, b]) => ({ type: 'pair' as const, a, b })) },
);

type Model = { available: bigint; held: bigint }[];

/** The model's answer: the new balances, or null when the ledger must refuse (a balance below zero). */
function applyModel(model: Model, op: Op): Model | null {
  const next = model.map((m) => ({ ...m }));
  const m = next[op.user]!;
  const signed = op.kind === 'adjust' && op.amount % 2n === 0n ? -op.amount : op.amount;
  if (op.kind === 'credit') m.available += op.amount;
  if (op.kind === 'hold') [m.available, m.held] = [m.available - op.amount, m.held + op.amount];
  if (op.kind === 'release') [m.available, m.held] = [m.available + op.amount, m.held - op.amount];
  if (op.kind === 'payout') m.held -= op.amount;
  if (op.kind === 'adjust') m.available += signed;
  return m.available < 0n || m.held < 0n ? null : next;
}

let keys = 0;
async function run(op: Op, idempotency: Idempotency) {
  const user = users[op.user]!;
  const base = {
    userId: user,
    amount: op.amount,
    reference: 'model',
    actor: { kind: 'system' } as const,
    idempotency,
    at: t.clock.now(),
  };
  return t.ctx.transact((tx) => {
    switch (op.kind) {
      case 'credit':
        return creditDeposit(tx.db, base);
      case 'hold':
        return holdForWithdrawal(tx.db, base);
      case 'release':
        return releaseWithdrawalHold(tx.db, base);
      case 'payout':
        return payOutWithdrawal(tx.db, base);
      case 'adjust':
        return adjustAvailableCash(tx.db, {
          ...base,
          amount: op.amount % 2n === 0n ? -op.amount : op.amount,
          reason: 'model',
        });
    }
  });
}
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok' as const,
    (error: { errorCode?: string }) => error.errorCode ?? String(error),
  );

async function actual(): Promise<Model> {
  return Promise.all(
    users.map(async (user) => {
      const b = await balancesOf(t.ctx.db, user);
      return { available: b.available, held: b.held };
    }),
  );
}

/** The invariants over the whole ledger, from the database's own sums: after each run. */
async function invariants() {
  const result = await sql<{
    total: bigint | null;
    negative: bigint;
    mismatched: bigint;
    unbalanced: bigint;
  }>`
    SELECT (SELECT sum(amount) FROM postings) AS total,
           (SELECT count(*) FROM ledger_accounts WHERE user_id IS NOT NULL AND balance < 0) AS negative,
           (SELECT count(*) FROM ledger_accounts a WHERE a.user_id IS NOT NULL AND a.balance <> (
              SELECT coalesce(sum(CASE WHEN a.normal_side = 'debit' THEN p.amount ELSE -p.amount END), 0)
              FROM postings p WHERE p.account_id = a.id)) AS mismatched,
           (SELECT count(*) FROM (SELECT entry_id FROM postings GROUP BY entry_id HAVING sum(amount) <> 0) u) AS unbalanced
  `.execute(t.ctx.db);
  const row = result.rows[0]!;
  expect(BigInt(row.total ?? 0)).toBe(0n);
  expect(Number(row.negative)).toBe(0);
  expect(Number(row.mismatched)).toBe(0);
  expect(Number(row.unbalanced)).toBe(0);
}

/**
 * The same invariants after every step, over what the step wrote: the postings since the last look are added
 * to running sums (the ledger is append-only, which its triggers enforce and the whole check after each run
 * confirms), so a step costs what it wrote, not the whole ledger again.
 */
const seen = { postingId: 0n, total: 0n, byAccount: new Map<bigint, bigint>() };
async function invariantsSinceLastStep() {
  const postings = await sql<{
    id: bigint;
    entry_id: bigint;
    account_id: bigint;
    amount: bigint;
    normal_side: string;
  }>`
    SELECT p.id, p.entry_id, p.account_id, p.amount, a.normal_side
      FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
     WHERE p.id > ${seen.postingId} ORDER BY p.id`.execute(t.ctx.db);
  const entries = new Map<bigint, { count: number; sum: bigint }>();
  for (const row of postings.rows) {
    const amount = BigInt(row.amount);
    seen.postingId = BigInt(row.id);
    seen.total += amount;
    const entry = entries.get(BigInt(row.entry_id)) ?? { count: 0, sum: 0n };
    entries.set(BigInt(row.entry_id), { count: entry.count + 1, sum: entry.sum + amount });
    const own = row.normal_side === 'debit' ? amount : -amount;
    seen.byAccount.set(BigInt(row.account_id), (seen.byAccount.get(BigInt(row.account_id)) ?? 0n) + own);
  }
  expect(seen.total).toBe(0n);
  for (const [id, entry] of entries) {
    expect(entry.sum, `entry ${id} balanced`).toBe(0n);
    expect(entry.count, `entry ${id} has two postings or more`).toBeGreaterThanOrEqual(2);
  }
  const accounts = await sql<{ id: bigint; balance: bigint }>`
    SELECT id, balance FROM ledger_accounts WHERE user_id IS NOT NULL`.execute(t.ctx.db);
  for (const account of accounts.rows) {
    const balance = BigInt(account.balance);
    expect(balance).toBeGreaterThanOrEqual(0n);
    expect(balance, `account ${account.id}`).toBe(seen.byAccount.get(BigInt(account.id)) ?? 0n);
  }
}

it(
  `keeps every invariant through ${TOTAL} random operations`,
  async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(stepArb, { minLength: TOTAL / RUNS, maxLength: TOTAL / RUNS }),
        async (steps) => {
          let model = await actual();
          const done: { op: Op; idempotency: Idempotency; ok: boolean }[] = [];
          for (const step of steps) {
            if (step.type === 'op') {
              const idempotency = { scope: 'model', key: `k${++keys}`, request: { ...step.op } };
              const expected = applyModel(model, step.op);
              const got = await outcome(run(step.op, idempotency));
              expect(got).toBe(expected ? 'ok' : 'INSUFFICIENT_FUNDS');
              if (expected) model = expected;
              done.push({ op: step.op, idempotency, ok: expected !== null });
            } else if (step.type === 'retry' || step.type === 'reuse') {
              const earlier = done[done.length - step.back];
              if (!earlier) continue;
              if (step.type === 'retry') {
                const got = await outcome(run(earlier.op, earlier.idempotency));
                // A retry of a success moves nothing; a refused one had written nothing and is judged afresh.
                if (earlier.ok) expect(got).toBe('ok');
                else {
                  const expected = applyModel(model, earlier.op);
                  expect(got).toBe(expected ? 'ok' : 'INSUFFICIENT_FUNDS');
                  if (expected) {
                    model = expected;
                    earlier.ok = true;
                  }
                }
              } else if (earlier.ok) {
                const changed = { ...earlier.op, amount: earlier.op.amount + 1n };
                const got = await outcome(run(changed, { ...earlier.idempotency, request: { ...changed } }));
                expect(got).toBe('IDEMPOTENCY_KEY_REUSED');
              }
            } else {
              const ka = { scope: 'model', key: `k${++keys}`, request: { ...step.a } };
              const kb = { scope: 'model', key: `k${++keys}`, request: { ...step.b } };
              const [ga, gb] = await Promise.all([outcome(run(step.a, ka)), outcome(run(step.b, kb))]);
              // Either order is a valid serialisation; the outcomes must match one of them.
              const orders = [
                [step.a, step.b],
                [step.b, step.a],
              ].map(([first, second]) => {
                const afterFirst = applyModel(model, first!);
                const afterSecond = applyModel(afterFirst ?? model, second!);
                return {
                  first: afterFirst !== null,
                  second: afterSecond !== null,
                  model: afterSecond ?? afterFirst ?? model,
                };
              });
              const seen = [ga === 'ok', gb === 'ok'];
              const match = [
                orders[0]!.first === seen[0] && orders[0]!.second === seen[1] ? orders[0] : null,
                orders[1]!.first === seen[1] && orders[1]!.second === seen[0] ? orders[1] : null,
              ].find((candidate) => candidate !== null);
              expect(match, `pair ${JSON.stringify([ga, gb])}`).toBeDefined();
              model = match!.model;
            }
            expect(await actual()).toEqual(model);
            await invariantsSinceLastStep();
          }
          await invariants();
        },
      ),
      { numRuns: RUNS },
    );
  },
  30 * 60_000,
);
