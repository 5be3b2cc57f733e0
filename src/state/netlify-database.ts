/**
 * The function's pool: Netlify Database (`@netlify/database`), which reads `NETLIFY_DB_URL`
 * (set by Netlify on deploy and by `netlify dev` for its local database). Imported on first use,
 * so requests without state never load the client.
 */
import { type Db, failClosed, lazyDb } from './db';
import { localDatabaseLock, serializeLocally } from './local-serial';

/**
 * The Netlify Database pool, created on the first query.
 * @returns a fail-closed pool (src/state/db.ts)
 * @throws StateError on use when no database is configured (no NETLIFY_DB_URL)
 */
export function netlifyDatabase(): Db {
  const db = lazyDb(async () => {
    const { getDatabase } = await import('@netlify/database');
    return getDatabase().pool as unknown as Db;
  });
  // Under `netlify dev` the database is single-session PGlite (src/state/local-serial.ts).
  return failClosed(process.env.NETLIFY_DEV ? serializeLocally(db, localDatabaseLock(process.cwd())) : db);
}
