/**
 * The function's pool: Netlify Database (`@netlify/database`), which reads `NETLIFY_DB_URL`
 * (set by Netlify on deploy and by `netlify dev` for its local database). Imported on first use,
 * so requests without state never load the client.
 */
import { type Db, type PgPool, failClosed, lazyDb, preparedStatements } from './db';
import { localDatabaseLock, serializeLocally } from './local-serial';

/**
 * The Netlify Database pool, created on the first query.
 * @returns a fail-closed pool (src/state/db.ts), its statements prepared (`preparedStatements`) except under `netlify dev`
 * @throws StateError on use when no database is configured (no NETLIFY_DB_URL)
 */
export function netlifyDatabase(): Db {
  const local = !!process.env.NETLIFY_DEV;
  const db = lazyDb(async () => {
    const { getDatabase } = await import('@netlify/database');
    const pool = getDatabase().pool as unknown as PgPool;
    // Locally the database is single-session PGlite (src/state/local-serial.ts): no named statements there.
    return local ? (pool as unknown as Db) : preparedStatements(pool);
  });
  return failClosed(local ? serializeLocally(db, localDatabaseLock(process.cwd())) : db);
}
