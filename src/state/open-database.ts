/**
 * The database of a command run by the merchant (scripts/orders.ts), outside the function:
 * - a deployed site's Netlify Database, given its connection string (`--database-url` or
 *   `DATABASE_URL`; README "Orders": `npx netlify database status --show-credentials`);
 * - otherwise the local Netlify Database of this project (`.netlify/db/`, PGlite). While
 *   `netlify dev` (`npm start`) runs, it serves that database and records its address in
 *   `.netlify/state.json` (`dbConnectionString`, as the Netlify CLI's own `database connect`
 *   reads it); the command joins it and takes the same lock file as the function's workers
 *   (src/state/local-serial.ts), since PGlite has one session for every connection. When
 *   nothing serves it, the command starts the database itself for its run, with the same
 *   package the CLI uses (`@netlify/database-dev`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { type Db, failClosed } from './db';
import { localDatabaseLock, serializeLocally } from './local-serial';

export interface OpenedDatabase {
  db: Db;
  /** Where it is, for messages ("local database (netlify dev)", a host name…), never with credentials. */
  where: string;
  close(): Promise<void>;
}

function pool(url: string): pg.Pool {
  const p = new pg.Pool({ connectionString: url, max: 1 });
  p.on('error', () => undefined);
  return p;
}

/** The connection string `netlify dev` recorded for its running database, if it still answers. */
async function runningLocalDatabase(root: string): Promise<string | undefined> {
  let url: unknown;
  try {
    url = JSON.parse(readFileSync(join(root, '.netlify', 'state.json'), 'utf8')).dbConnectionString;
  } catch {
    return undefined;
  }
  if (typeof url !== 'string') return undefined;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return url;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Opens the database a merchant command works on.
 * @param options.url a PostgreSQL connection string (a deployed site's database)
 * @param options.root the project root (default: the working directory)
 * @throws Error when there is no local database yet (never started) or it cannot be opened
 */
export async function openMerchantDatabase(options: { url?: string; root?: string } = {}): Promise<OpenedDatabase> {
  if (options.url) {
    const p = pool(options.url);
    const host = URL.canParse(options.url) ? new URL(options.url).hostname : 'the given database';
    return { db: failClosed(p as never), where: host, close: () => p.end() };
  }
  const root = options.root ?? process.cwd();
  const lock = localDatabaseLock(root);
  const running = await runningLocalDatabase(root);
  if (running) {
    const p = pool(running);
    return { db: failClosed(serializeLocally(p as never, lock)), where: 'local database (served by netlify dev)', close: () => p.end() };
  }
  const directory = join(root, '.netlify', 'db');
  if (!existsSync(directory)) throw new Error('there is no local database yet: run `npm start` once (it creates it and applies the migrations), or give --database-url');
  const { NetlifyDB } = await import('@netlify/database-dev');
  const local = new NetlifyDB({ directory, logger: () => undefined });
  const url = await local.start();
  const p = pool(url);
  return {
    db: failClosed(p as never), where: 'local database (.netlify/db)',
    close: async () => {
      await p.end();
      await local.stop();
    },
  };
}
