// How statements reach PostgreSQL (src/state/db.ts): statements with parameters are prepared once
// per session under a name derived from their text and then only bound and run, up to a bound
// on distinct texts; statements without parameters go as they are; a failure is a StateError.
// Checked on the server itself (pg_prepared_statements), on a pool of one connection so that
// every statement shares one session.
import { describe, expect, it } from 'vitest';
import { type PgPool, failClosed, isStateError, preparedStatements, transaction } from '../src/state/db';
import { testDb } from './helpers/db';

const PREPARED = 'SELECT name, statement FROM pg_prepared_statements ORDER BY name';

/** A pool of one connection on a fresh database, wrapped like the function's with `limit` named texts. */
async function onePool(limit?: number) {
  const raw = await testDb({ max: 1 }).raw();
  return failClosed(preparedStatements(raw as unknown as PgPool, limit));
}

describe('statements with parameters', () => {
  it('are prepared once per session, each text under a name of its own, and answer as unnamed ones do', async () => {
    const db = await onePool();
    const first = await db.query<{ n: number }>('SELECT $1::int + 1 AS n', [1]);
    const again = await db.query<{ n: number }>('SELECT $1::int + 1 AS n', [41]);
    const other = await db.query<{ s: string }>('SELECT upper($1) AS s', ['x']);
    expect([first.rows[0].n, again.rows[0].n, other.rows[0].s]).toEqual([2, 42, 'X']);
    const { rows } = await db.query<{ name: string; statement: string }>(PREPARED);
    expect(rows.map((r) => r.statement).sort()).toEqual(['SELECT $1::int + 1 AS n', 'SELECT upper($1) AS s']);
    expect(rows.every((r) => /^s[0-9a-f]{20}$/.test(r.name))).toBe(true);
    expect(new Set(rows.map((r) => r.name)).size).toBe(2);
  });

  it('are prepared inside transactions too, and a rolled back transaction keeps the session usable', async () => {
    const db = await onePool();
    await expect(transaction(db, async (tx) => {
      await tx.query('SELECT $1::int AS n', [1]);
      throw new Error('undo');
    })).rejects.toThrow('undo');
    const { rows } = await transaction(db, (tx) => tx.query<{ n: number }>('SELECT $1::int AS n', [7]));
    expect(rows[0].n).toBe(7);
    expect((await db.query<{ statement: string }>(PREPARED)).rows.map((r) => r.statement)).toEqual(['SELECT $1::int AS n']);
  });

  it('past the bound of distinct texts run unnamed, so no code path can fill the server with plans', async () => {
    const db = await onePool(2);
    for (const n of [1, 2, 3, 4]) await db.query(`SELECT $1::int + ${n} AS n`, [0]);
    const { rows } = await db.query<{ statement: string }>(PREPARED);
    expect(rows.map((r) => r.statement).sort()).toEqual(['SELECT $1::int + 1 AS n', 'SELECT $1::int + 2 AS n']);
    expect((await db.query<{ n: number }>('SELECT $1::int + 4 AS n', [1])).rows[0].n).toBe(5);
  });

  it('that fail reach the caller as a StateError and are not taken as prepared', async () => {
    const db = await onePool();
    const failure = await db.query('SELECT $1::int FROM no_such_table', [1]).catch((error: unknown) => error);
    expect(isStateError(failure)).toBe(true);
    expect((await db.query(PREPARED)).rows).toEqual([]);
    await expect(db.query('SELECT $1::int FROM no_such_table', [1])).rejects.toSatisfy(isStateError);
  });
});

describe('statements without parameters', () => {
  it('are sent as they are (BEGIN, COMMIT and the like are never prepared)', async () => {
    const db = await onePool();
    await transaction(db, async (tx) => {
      await tx.query('SAVEPOINT a');
      await tx.query('RELEASE SAVEPOINT a');
    });
    await db.query('SELECT 1');
    expect((await db.query(PREPARED)).rows).toEqual([]);
  });
});
