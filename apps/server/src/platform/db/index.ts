import { join } from 'node:path';
import type { Config } from '../config';
import type { Logger } from 'pino';
import { openPglite, openPostgres, type Database } from './open';

export type { Database, DatabaseKind } from './open';
export { migrate, REPOSITORY_ROOT } from './migrate';
export { openPglite, openPostgres };

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite under DATA_DIR. */
export function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  log: Logger,
): Promise<Database> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, {
        onIdleConnectionError: (error) => log.warn({ err: error }, 'idle PostgreSQL connection closed'),
      })
    : openPglite(join(config.dataDir, 'pglite'));
}
export { isUniqueViolation, iso } from './errors';
export { inStatementChunks } from './chunks';
