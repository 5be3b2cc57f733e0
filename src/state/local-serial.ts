/**
 * The local Netlify Database of `netlify dev` is PGlite behind a Postgres wire server: one
 * database session for every connection, so two function workers' transactions would interleave
 * in it (a rollback of one undoing the other's writes) and row locks would never wait. Locally,
 * this wrapper therefore runs one unit of work at a time across all workers and processes: a
 * whole transaction (from `connect` to `release`) or a single statement, under an exclusive lock
 * file. Statements a worker sends while it holds the lock (reads inside its own transaction's
 * work) join it. Production runs on real PostgreSQL and never uses this.
 */
import { open, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db, PoolClient } from './db';

/**
 * The lock file of a project's local database: the function's workers, the merchant's commands
 * (src/state/open-database.ts) and `npm start` (which clears one left by a killed run) must all
 * name the same file for the lock to hold.
 * @param root the project root
 */
export function localDatabaseLock(root: string): string {
  return join(root, '.netlify', 'db.lock');
}

/** A lock older than this (ms) was left by a killed process and is taken over. */
const STALE_MS = 15_000;

async function acquire(path: string): Promise<void> {
  for (let pause = 2; ; pause = Math.min(pause * 2, 50)) {
    try {
      const handle = await open(path, 'wx');
      await handle.writeFile(String(Date.now()));
      await handle.close();
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const since = Number(await readFile(path, 'utf8').catch(() => '0'));
      if (since && Date.now() - since > STALE_MS) await unlink(path).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

/**
 * Serialises the units of work of a pool across processes with a lock file.
 * @param lockPath the lock file (one per local database)
 */
export function serializeLocally(db: Db, lockPath: string): Db {
  let held = false;
  const exclusive = async <T>(work: () => Promise<T>): Promise<T> => {
    if (held) return work();
    await acquire(lockPath);
    held = true;
    try {
      return await work();
    } finally {
      held = false;
      await unlink(lockPath).catch(() => undefined);
    }
  };
  return {
    query: (text, values) => exclusive(() => db.query(text, values)),
    async connect(): Promise<PoolClient> {
      if (held) return db.connect();
      await acquire(lockPath);
      held = true;
      try {
        const client = await db.connect();
        return {
          query: (text, values) => client.query(text, values),
          release(error) {
            client.release(error);
            held = false;
            void unlink(lockPath).catch(() => undefined);
          },
        };
      } catch (error) {
        held = false;
        await unlink(lockPath).catch(() => undefined);
        throw error;
      }
    },
  };
}
