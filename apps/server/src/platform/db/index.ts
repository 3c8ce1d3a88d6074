import { join } from 'node:path';
import type { Config } from '../config';
import { openPglite, openPostgres, type Database } from './open';

export type { DB } from './schema';
export type { Database, DatabaseKind } from './open';
export { migrate } from './migrate';
export { openPglite, openPostgres };

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite under DATA_DIR. */
export function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(join(config.dataDir, 'pglite'));
}
