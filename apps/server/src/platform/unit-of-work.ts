import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { DB, Executor } from '../database';
import type { Bus } from './bus';
import { FailAfterCommit } from './errors';

/** An open transaction: the executor every repository call inside it takes, and work for after the commit. */
export interface Tx {
  readonly db: Executor;
  /** Runs once the transaction has committed (audit elsewhere, push events, messages); never after a rollback. */
  afterCommit(task: () => unknown): void;
}

export type Transact = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;

/** The bus of each database handle (one node, one handle), and the open transaction behind each transaction handle. */
const busOfDatabase = new WeakMap<Executor, Bus>();
const openTransactions = new WeakMap<Executor, { tx: Tx; bus: Bus }>();

/**
 * Announces on the bus that the row `key` of `topic` changed, once that change is committed: after the
 * commit of the open transaction `db` belongs to, or at once when `db` is not in a transaction (the
 * statement has committed by itself). Every node's caches of that row drop it; the request answers only
 * once Redis has passed the message on. Repositories call this after each write to a cached table, so no
 * caller can forget it.
 */
export async function announceChange(db: Executor, topic: string, key: string): Promise<void> {
  const open = openTransactions.get(db);
  if (open) return open.tx.afterCommit(() => open.bus.publish(topic, key));
  const bus = busOfDatabase.get(db);
  if (!bus) throw new Error('announceChange: this database handle was not opened with createTransact');
  await bus.publish(topic, key);
}

/**
 * The one way to open a transaction. Any error rolls back, except `FailAfterCommit`, which commits what
 * was written and then throws its failure. After-commit tasks run in order once the commit succeeded; a
 * task that fails is logged, since the request's own work is already durable.
 */
export function createTransact(db: Kysely<DB>, log: Pick<Logger, 'error'>, bus: Bus): Transact {
  busOfDatabase.set(db, bus);
  return async <T>(work: (tx: Tx) => Promise<T>): Promise<T> => {
    const tasks: (() => unknown)[] = [];
    // The only place a transaction is opened.
    // eslint-disable-next-line no-restricted-syntax
    const outcome = await db.transaction().execute(async (trx) => {
      const tx: Tx = { db: trx, afterCommit: (task) => void tasks.push(task) };
      openTransactions.set(trx, { tx, bus });
      try {
        return { value: await work(tx) };
      } catch (error) {
        if (error instanceof FailAfterCommit) return { failure: error.failure };
        throw error;
      }
    });
    for (const task of tasks) {
      try {
        await task();
      } catch (error) {
        log.error({ err: error }, 'after-commit task failed');
      }
    }
    if ('failure' in outcome) throw outcome.failure;
    return outcome.value;
  };
}
