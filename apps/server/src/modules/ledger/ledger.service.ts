import { randomUUID } from 'node:crypto';
import type { Executor } from '../../database';
import type { AppContext } from '../../platform/context';
import { sha256 } from '../../platform/crypto';
import { fail } from '../../platform/errors';
import { readCacheOf } from '../../platform/read-cache';
import { announceChange } from '../../platform/unit-of-work';
import {
  BALANCE_CHANGES,
  findEntryByKey,
  lockIdempotencyKey,
  normalSideOf,
  openUserAccounts,
  postEntry,
  userBalances,
  type NewPosting,
} from './ledger.repository';
import type { EntryActorKind, HouseAccountKind, JournalEntryRow, UserAccountKind } from './ledger.table';

/**
 * A caller's idempotency: `scope` names the caller ("user:7", "staff:2"), so two callers sending the same key
 * get their own outcomes; `request` is what the caller asked for, so the same key with other parameters is
 * refused instead of answered with the first result.
 */
export interface Idempotency {
  scope: string;
  key: string;
  request: unknown;
}

export const userScope = (userId: bigint) => `user:${userId}`;
export const staffScope = (staffId: bigint) => `staff:${staffId}`;

/** A key for an operation no caller will retry (seeding, internal steps). */
export const freshKey = () => randomUUID();

export type LedgerActor = { kind: Exclude<EntryActorKind, 'system'>; id: bigint } | { kind: 'system' };

export interface Posted {
  entryId: bigint;
  /** True when the key had been used before with the same request: nothing moved this time. */
  replayed: boolean;
  createdAt: Date;
}

const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    typeof v === 'bigint'
      ? `${v}n`
      : v && typeof v === 'object' && !Array.isArray(v)
        ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
        : v,
  );

const requestHash = (kind: string, idempotency: Idempotency) =>
  sha256(`${kind}\u0000${canonical(idempotency.request)}`);

/**
 * The entry an earlier call with this key wrote, if any; holds the key until the transaction ends, so a
 * concurrent retry waits and then sees it. The same key with another request is refused. For callers that do
 * work of their own before the entry, and answer a retry with what that work made.
 */
export async function priorEntry(
  db: Executor,
  kind: string,
  idempotency: Idempotency,
): Promise<JournalEntryRow | undefined> {
  await lockIdempotencyKey(db, idempotency.scope, idempotency.key);
  const prior = await findEntryByKey(db, idempotency.scope, idempotency.key);
  if (prior && (prior.kind !== kind || prior.request_hash !== requestHash(kind, idempotency)))
    throw fail('IDEMPOTENCY_KEY_REUSED');
  return prior;
}

/** One side of an entry: how much a user's or the house's account changes, in that account's own sense. */
type Leg =
  { user: bigint; account: UserAccountKind; change: bigint } | { house: HouseAccountKind; change: bigint };

interface EntrySpec {
  kind: string;
  reference: string | null;
  memo?: string | null;
  actor: LedgerActor;
  idempotency: Idempotency;
  legs: readonly Leg[];
  at: Date;
}

/**
 * Writes one balanced journal entry in the caller's transaction, or returns the one this key already wrote.
 * A user account that would go below zero refuses the whole entry with INSUFFICIENT_FUNDS (the database's
 * CHECK stands behind this).
 *
 * This decides the postings; the database function `ledger_post` applies them in one statement (take the
 * key, answer with its entry if it has one, lock and check the user accounts, write), since a round trip
 * costs more than the work it carries (docs/benchmarks.md, ledger.bench.ts).
 */
async function post(db: Executor, spec: EntrySpec): Promise<Posted> {
  const { idempotency } = spec;
  const postings: NewPosting[] = [];
  for (const leg of spec.legs) {
    if (leg.change === 0n) continue;
    const kind = 'user' in leg ? leg.account : leg.house;
    postings.push({
      user: 'user' in leg ? leg.user : null,
      kind,
      amount: normalSideOf(kind) === 'debit' ? leg.change : -leg.change,
    });
  }
  const sum = postings.reduce((total, p) => total + p.amount, 0n);
  if (postings.length < 2 || sum !== 0n) throw new Error(`ledger: ${spec.kind} does not balance`);

  const entry = {
    kind: spec.kind,
    reference: spec.reference,
    scope: idempotency.scope,
    key: idempotency.key,
    requestHash: requestHash(spec.kind, idempotency),
    actorKind: spec.actor.kind,
    actorId: spec.actor.kind === 'system' ? null : spec.actor.id,
    memo: spec.memo ?? null,
    at: spec.at,
  };
  const users = [...new Set(postings.flatMap((p) => (p.user === null ? [] : [p.user])))].sort((a, b) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  let result = await postEntry(db, entry, postings);
  if (result.outcome === 'no_accounts') {
    // A user's first entry: open their accounts and try again.
    for (const user of users) await openUserAccounts(db, user);
    result = await postEntry(db, entry, postings);
  }
  switch (result.outcome) {
    case 'posted':
      for (const user of users) await announceChange(db, BALANCE_CHANGES, user.toString());
      return { entryId: result.entryId, replayed: false, createdAt: result.createdAt };
    case 'taken':
      if (result.kind !== spec.kind || result.requestHash !== entry.requestHash)
        throw fail('IDEMPOTENCY_KEY_REUSED');
      return { entryId: result.entryId, replayed: true, createdAt: result.createdAt };
    case 'insufficient':
      throw fail('INSUFFICIENT_FUNDS');
    case 'no_accounts':
      throw new Error(`ledger: the accounts of ${spec.kind} could not be opened`);
  }
}

export interface MoneyMovement {
  userId: bigint;
  amount: bigint;
  reference: string;
  actor: LedgerActor;
  idempotency: Idempotency;
  at: Date;
}

const positive = (amount: bigint) => {
  if (amount <= 0n) throw fail('AMOUNT_INVALID');
  return amount;
};

/** Money received in the firm's bank account for the user: the bank asset and the user's cash both rise. */
export const creditDeposit = (db: Executor, m: MoneyMovement) =>
  post(db, {
    kind: 'deposit',
    reference: m.reference,
    actor: m.actor,
    idempotency: m.idempotency,
    at: m.at,
    legs: [
      { house: 'house_bank', change: positive(m.amount) },
      { user: m.userId, account: 'cash_available', change: m.amount },
    ],
  });

/** A withdrawal request: the amount leaves available cash and waits as held. */
export const holdForWithdrawal = (db: Executor, m: MoneyMovement) =>
  post(db, {
    kind: 'withdrawal_hold',
    reference: m.reference,
    actor: m.actor,
    idempotency: m.idempotency,
    at: m.at,
    legs: [
      { user: m.userId, account: 'cash_available', change: -positive(m.amount) },
      { user: m.userId, account: 'cash_held', change: m.amount },
    ],
  });

/** An approved withdrawal: the held amount leaves the firm's bank account. */
export const payOutWithdrawal = (db: Executor, m: MoneyMovement) =>
  post(db, {
    kind: 'withdrawal_payout',
    reference: m.reference,
    actor: m.actor,
    idempotency: m.idempotency,
    at: m.at,
    legs: [
      { user: m.userId, account: 'cash_held', change: -positive(m.amount) },
      { house: 'house_bank', change: -m.amount },
    ],
  });

/** A rejected or cancelled withdrawal: the held amount returns to available cash. */
export const releaseWithdrawalHold = (db: Executor, m: MoneyMovement) =>
  post(db, {
    kind: 'withdrawal_release',
    reference: m.reference,
    actor: m.actor,
    idempotency: m.idempotency,
    at: m.at,
    legs: [
      { user: m.userId, account: 'cash_held', change: -positive(m.amount) },
      { user: m.userId, account: 'cash_available', change: m.amount },
    ],
  });

/**
 * A staff correction of a user's available cash, against the house adjustments account; `amount` is signed
 * (positive adds to the user's cash). The reason is kept on the entry.
 */
export const adjustAvailableCash = (db: Executor, m: MoneyMovement & { reason: string }) => {
  if (m.amount === 0n) throw fail('AMOUNT_INVALID');
  return post(db, {
    kind: 'adjustment',
    reference: m.reference,
    memo: m.reason,
    actor: m.actor,
    idempotency: m.idempotency,
    at: m.at,
    legs: [
      { user: m.userId, account: 'cash_available', change: m.amount },
      { house: 'house_adjustments', change: m.amount },
    ],
  });
};

export interface Balances {
  available: bigint;
  held: bigint;
  marginInUse: bigint;
  loanPayable: bigint;
}

export async function balancesOf(db: Executor, userId: bigint): Promise<Balances> {
  const balances = await userBalances(db, userId);
  return {
    available: balances.get('cash_available') ?? 0n,
    held: balances.get('cash_held') ?? 0n,
    marginInUse: balances.get('margin_in_use') ?? 0n,
    loanPayable: balances.get('loan_payable') ?? 0n,
  };
}

/** Balances as last committed, for reads on the request path; dropped on every node when a posting lands. */
export const balancesCached = (ctx: Pick<AppContext, 'db' | 'bus' | 'clock' | 'config'>, userId: bigint) =>
  readCacheOf<Balances>(ctx, BALANCE_CHANGES)
    .read(userId.toString(), () => balancesOf(ctx.db, userId))
    .then((balances) => balances as Balances);
