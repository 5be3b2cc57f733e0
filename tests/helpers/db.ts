/**
 * A database of its own for each test file, cloned from the migrated template on the run's
 * PostgreSQL server (tests/setup/postgres.ts). `testDb()` is synchronous (handlers are built at
 * module level): the database is created on its first query.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { type Db, type PgPool, failClosed, lazyDb, preparedStatements } from '../../src/state/db';

const pools: pg.Pool[] = [];
let closing = false;

/** The URL of a new database cloned from the template (created now). */
export async function newDatabaseUrl(): Promise<string> {
  const base = inject('postgresUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${base}/postgres` });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE store_template`);
  } finally {
    await admin.end();
  }
  return `${base}/${name}`;
}

/**
 * A fresh, migrated database for the calling test file, its statements prepared and failing
 * closed like the function's in production (src/state/netlify-database.ts).
 * @param options.max pool size (default 20)
 * @returns the pool (the raw `pg` pool is `raw()`, for assertions in SQL)
 */
export function testDb(options: { max?: number } = {}): Db & { raw(): Promise<pg.Pool>; url(): Promise<string> } {
  let created: Promise<{ pool: pg.Pool; url: string }> | undefined;
  const open = () => (created ??= newDatabaseUrl().then((url) => {
    const pool = new pg.Pool({ connectionString: url, max: options.max ?? 20 });
    pool.on('error', () => undefined);
    pools.push(pool);
    return { pool, url };
  }));
  const db = failClosed(lazyDb(async () => preparedStatements((await open()).pool as unknown as PgPool)));
  return { ...db, raw: async () => (await open()).pool, url: async () => (await open()).url };
}

afterAll(async () => {
  if (closing) return;
  closing = true;
  await Promise.all(pools.map((p) => p.end().catch(() => undefined)));
});
