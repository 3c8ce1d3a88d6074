import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { DB, Executor } from '../database';
import { FailAfterCommit } from './errors';

/** An open transaction: the executor every repository call inside it takes, and work for after the commit. */
export interface Tx {
  readonly db: Executor;
  /** Runs once the transaction has committed (audit elsewhere, push events, messages); never after a rollback. */
  afterCommit(task: () => unknown): void;
}

export type Transact = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;

/**
 * The one way to open a transaction. Any error rolls back, except `FailAfterCommit`, which commits what
 * was written and then throws its failure. After-commit tasks run in order once the commit succeeded; a
 * task that fails is logged, since the request's own work is already durable.
 */
export function createTransact(db: Kysely<DB>, log: Pick<Logger, 'error'>): Transact {
  return async <T>(work: (tx: Tx) => Promise<T>): Promise<T> => {
    const tasks: (() => unknown)[] = [];
    // The only place a transaction is opened.
    // eslint-disable-next-line no-restricted-syntax
    const outcome = await db.transaction().execute(async (trx) => {
      const tx: Tx = { db: trx, afterCommit: (task) => void tasks.push(task) };
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
