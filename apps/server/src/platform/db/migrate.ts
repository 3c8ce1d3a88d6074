import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './open';

/**
 * The server package's folder: the nearest one above this module holding a package.json. The same answer
 * whether this code runs from its source (`src/platform/db/`) or bundled into `dist/main.js` (`npm start`).
 */
function serverPackageDir(): string {
  const start = dirname(fileURLToPath(import.meta.url));
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${start}`);
  }
}

/** The `.sql` migrations, read at run time (they are not bundled). */
export const MIGRATIONS_DIR = join(serverPackageDir(), 'migrations');

/** The repository's root (two levels above the server package), where reference-data/ lives. */
export const REPOSITORY_ROOT = join(serverPackageDir(), '..', '..');

/**
 * Applies forward-only `.sql` migrations in file-name order, each recorded in schema_migrations.
 * All pending files run in one transaction under a lock, so concurrent starts cannot apply one twice.
 */
export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort();
  return database.withMigrationLock(async (exec) => {
    await exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())',
    );
    const rows = (await exec('SELECT name FROM schema_migrations', [])) as { name: string }[];
    const applied = new Set(rows.map((row) => row.name));
    const pending = files.filter((name) => !applied.has(name));
    for (const name of pending) {
      await exec(readFileSync(`${dir}/${name}`, 'utf8'));
      await exec('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
    }
    return pending;
  });
}
