/**
 * Applies the SQL migrations of `netlify/database/migrations/` (one `<timestamp>_<slug>/`
 * folder with a `migration.sql` each, or a `<timestamp>_<slug>.sql` file) in name order, each
 * in its own transaction, recording them in `netlify.migrations` as the Netlify CLI and
 * Netlify's deploys do, so a database migrated here and one migrated by `netlify database
 * migrations apply` agree. Used by tests and benchmarks on a real PostgreSQL server; locally
 * and on deploy Netlify applies the same files.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Db, transaction } from './db';

/** The project's migrations folder. */
export const MIGRATIONS_DIR = join(import.meta.dirname, '../../netlify/database/migrations');

const NAME = /^\d+_.+$/;

/**
 * The migrations of a folder, in the order they apply.
 * @returns name (folder or file name without `.sql`) and SQL text of each
 */
export function listMigrations(dir: string = MIGRATIONS_DIR): Array<{ name: string; sql: string }> {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      if (entry.isDirectory() && NAME.test(entry.name) && existsSync(join(dir, entry.name, 'migration.sql'))) {
        return [{ name: entry.name, sql: readFileSync(join(dir, entry.name, 'migration.sql'), 'utf8') }];
      }
      const name = entry.name.replace(/\.sql$/, '');
      return entry.isFile() && entry.name.endsWith('.sql') && NAME.test(name) ? [{ name, sql: readFileSync(join(dir, entry.name), 'utf8') }] : [];
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Applies the pending migrations.
 * @returns the names applied, in order
 * @throws StateError (or the server's error) when a migration fails; earlier ones stay applied
 */
export async function migrate(db: Db, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  await db.query('CREATE SCHEMA IF NOT EXISTS netlify; CREATE TABLE IF NOT EXISTS netlify.migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
  const { rows } = await db.query<{ name: string }>('SELECT name FROM netlify.migrations');
  const done = new Set(rows.map((r) => r.name));
  const applied: string[] = [];
  for (const migration of listMigrations(dir)) {
    if (done.has(migration.name)) continue;
    await transaction(db, async (tx) => {
      await tx.query(migration.sql);
      await tx.query('INSERT INTO netlify.migrations (name) VALUES ($1)', [migration.name]);
    });
    applied.push(migration.name);
  }
  return applied;
}
