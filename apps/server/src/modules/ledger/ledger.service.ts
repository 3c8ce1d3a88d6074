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
  postEntries,
  postEntry,
  userBalances,
  type NewEntry,
  type NewPosting,
  type PostOutcome,
} from './ledger.repository';
import {
  USER_ACCOUNT_KINDS,
  type EntryActorKind,
  type HouseAccountKind,
  type JournalEntryRow,
  type UserAccountKind,
} from './ledger.table';

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
  const entry = prepare(spec);
  let result = await postEntry(db, entry.entry, entry.postings);
  if (result.outcome === 'no_accounts') {
    // A user's first entry: open their accounts and try again.
    for (const user of entry.users) await openUserAccounts(db, user);
    result = await postEntry(db, entry.entry, entry.postings);
  }
  return settle(db, entry, result);
}

interface Prepared {
  kind: string;
  entry: NewEntry;
  postings: NewPosting[];
  /** The users whose accounts the entry touches, in id order. */
  users: bigint[];
}

/** The entry's row and its signed postings; refuses an entry that does not balance. */
function prepare(spec: EntrySpec): Prepared {
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
  return { kind: spec.kind, entry, postings, users };
}

/** What the caller gets for the database's answer to a prepared entry. */
async function settle(db: Executor, prepared: Prepared, result: PostOutcome): Promise<Posted> {
  switch (result.outcome) {
    case 'posted':
      for (const user of prepared.users) await announceChange(db, BALANCE_CHANGES, user.toString());
      return { entryId: result.entryId, replayed: false, createdAt: result.createdAt };
    case 'taken':
      if (result.kind !== prepared.kind || result.requestHash !== prepared.entry.requestHash)
        throw fail('IDEMPOTENCY_KEY_REUSED');
      return { entryId: result.entryId, replayed: true, createdAt: result.createdAt };
    case 'insufficient':
      throw fail('INSUFFICIENT_FUNDS');
    case 'no_accounts':
      throw new Error(`ledger: the accounts of ${prepared.kind} could not be opened`);
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

/**
 * Where money sits in trading (the engine's pockets, packages/engine): the user's cash available, cash held
 * for resting orders, margin of open positions and debt; the house's fee income, trading counterparty and
 * interest income.
 */
export type TradingPocket =
  'available' | 'held' | 'margin' | 'debt' | 'fee_income' | 'counterparty' | 'interest_income';

const POCKET_ACCOUNTS: Record<TradingPocket, UserAccountKind | HouseAccountKind> = {
  available: 'cash_available',
  held: 'cash_held',
  margin: 'margin_posted',
  debt: 'trading_debt',
  fee_income: 'house_fee_income',
  counterparty: 'house_counterparty',
  interest_income: 'house_interest_income',
};

/** The idempotency scope of trading entries: their keys come from the engine's events, never from a caller. */
export const TRADING_SCOPE = 'trading';

export interface TradingEntry {
  userId: bigint;
  /** The entry's kind, e.g. "order_accepted", "position_closed". */
  kind: string;
  reference: string;
  /** `amount` (> 0) leaves `from` and enters `to`; an engine event's transfers, which always balance. */
  transfers: readonly { from: TradingPocket; to: TradingPocket; amount: bigint }[];
  /** Derived from the event ("order_filled:42"): applying the same event twice moves nothing the second time. */
  key: string;
  actor: LedgerActor;
  at: Date;
}

/**
 * Applies engine events' transfers, one journal entry each, in order, in the caller's transaction and in one
 * statement while nothing needs an answer (`ledger_post_batch`). Money leaving a pocket debits its account and
 * money entering one credits it (the user's cash, held cash and margin are credit-normal, so leaving lowers
 * them; debt is a debit-normal receivable, so a loss beyond the cash raises it and a repayment lowers it).
 * Transfers between the same accounts net out; an event whose transfers net to nothing writes no entry
 * (null). A user balance that would go below zero refuses the entry with INSUFFICIENT_FUNDS, as for every
 * other entry, and with it the caller's transaction.
 */
export async function postTradingEntries(
  db: Executor,
  entries: readonly TradingEntry[],
): Promise<(Posted | null)[]> {
  const prepared = entries.map((entry) => {
    const legs = tradingLegs(entry);
    return legs.length === 0
      ? null
      : prepare({
          kind: entry.kind,
          reference: entry.reference,
          actor: entry.actor,
          idempotency: { scope: TRADING_SCOPE, key: entry.key, request: entry.transfers },
          legs,
          at: entry.at,
        });
  });
  const pending = prepared.flatMap((entry, i) => (entry ? [{ entry, i }] : []));
  const posted: (Posted | null)[] = entries.map(() => null);
  let next = 0;
  let opened = -1;
  while (next < pending.length) {
    const outcomes = await postEntries(
      db,
      pending.slice(next).map(({ entry }) => entry),
    );
    if (outcomes.length === 0) throw new Error('ledger_post_batch answered nothing');
    for (const outcome of outcomes) {
      const { entry, i } = pending[next]!;
      if (outcome.outcome === 'no_accounts' && opened !== next) {
        // A user's first entry of an account kind: open their accounts and go on from this entry.
        for (const user of entry.users) await openUserAccounts(db, user);
        opened = next;
        break;
      }
      posted[i] = await settle(db, entry, outcome);
      next += 1;
    }
  }
  return posted;
}

function tradingLegs(entry: TradingEntry): Leg[] {
  const net = new Map<UserAccountKind | HouseAccountKind, bigint>();
  for (const { from, to, amount } of entry.transfers) {
    if (amount <= 0n) throw new Error(`ledger: a trading transfer of ${amount}`);
    const debit = POCKET_ACCOUNTS[from];
    const credit = POCKET_ACCOUNTS[to];
    net.set(debit, (net.get(debit) ?? 0n) + amount);
    net.set(credit, (net.get(credit) ?? 0n) - amount);
  }
  const legs: Leg[] = [];
  for (const [kind, signed] of net) {
    if (signed === 0n) continue;
    const change = normalSideOf(kind) === 'debit' ? signed : -signed;
    legs.push(
      (USER_ACCOUNT_KINDS as readonly string[]).includes(kind)
        ? { user: entry.userId, account: kind as UserAccountKind, change }
        : { house: kind as HouseAccountKind, change },
    );
  }
  return legs;
}

export interface Balances {
  available: bigint;
  held: bigint;
  marginInUse: bigint;
  loanPayable: bigint;
  /** Owed after trading losses beyond the cash (zero or positive). */
  tradingDebt: bigint;
}

export async function balancesOf(db: Executor, userId: bigint): Promise<Balances> {
  const balances = await userBalances(db, userId);
  return {
    available: balances.get('cash_available') ?? 0n,
    held: balances.get('cash_held') ?? 0n,
    marginInUse: balances.get('margin_posted') ?? 0n,
    loanPayable: balances.get('loan_payable') ?? 0n,
    tradingDebt: balances.get('trading_debt') ?? 0n,
  };
}

/** Balances as last committed, for reads on the request path; dropped on every node when a posting lands. */
export const balancesCached = (ctx: Pick<AppContext, 'db' | 'bus' | 'clock' | 'config'>, userId: bigint) =>
  readCacheOf<Balances>(ctx, BALANCE_CHANGES)
    .read(userId.toString(), () => balancesOf(ctx.db, userId))
    .then((balances) => balances as Balances);
