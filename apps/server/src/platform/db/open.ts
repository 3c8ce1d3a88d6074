import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import { mkdirSync } from 'node:fs';
import type { DB } from '../../database';

export type DatabaseKind = 'pglite' | 'postgres';

/** The Kysely handle plus what migrations need: raw multi-statement SQL inside one transaction. */
export interface Database {
  db: Kysely<DB>;
  kind: DatabaseKind;
  /** Runs `work` in one transaction with a raw multi-statement executor, holding the migration lock. */
  withMigrationLock<T>(
    work: (exec: (sql: string, params?: unknown[]) => Promise<unknown[]>) => Promise<T>,
  ): Promise<T>;
  close(): Promise<void>;
}

const INT8_OID = 20;
const toBigInt = (value: string) => BigInt(value);

/**
 * The embedded database. `template`, a data directory from `dumpDataDir`, starts it as that one was (the test
 * harness starts each file's database from one migrated copy instead of running initdb again).
 */
export async function openPglite(
  dataDir: string | 'memory://',
  template?: Blob,
): Promise<Database & { dumpDataDir(): Promise<Blob> }> {
  if (dataDir !== 'memory://') mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir, {
    parsers: { [pgliteTypes.INT8]: toBigInt },
    ...(template ? { loadDataDir: template } : {}),
  });
  const db = new Kysely<DB>({ dialect: new PGliteDialect({ pglite }) });
  return {
    dumpDataDir: () => pglite.dumpDataDir('none'),
    db,
    kind: 'pglite',
    withMigrationLock: (work) =>
      // Migrations run raw multi-statement SQL before any Kysely work, in the driver's own transaction.
      // eslint-disable-next-line no-restricted-syntax
      pglite.transaction(async (tx) =>
        work(async (text, params) => {
          if (params) return (await tx.query(text, params)).rows;
          await tx.exec(text);
          return [];
        }),
      ),
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

const MIGRATION_LOCK_KEY = 482_917_001;

export interface PostgresOptions {
  poolSize?: number;
  /** An idle pooled connection can be closed by the server (restart, failover); the pool replaces it. */
  onIdleConnectionError?: (error: Error) => void;
}

export async function openPostgres(
  connectionString: string,
  { poolSize = 10, onIdleConnectionError = () => {} }: PostgresOptions = {},
): Promise<Database> {
  // Loaded only for PostgreSQL: a start on the embedded database does not pay for it.
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? toBigInt : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // Without a listener, an error on an idle connection is thrown and ends the process.
  pool.on('error', onIdleConnectionError);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'postgres',
    withMigrationLock: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await client.query('BEGIN');
        try {
          const result = await work(async (text, params) => (await client.query(text, params)).rows);
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK');
          throw error;
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    close: () => db.destroy(),
  };
}
