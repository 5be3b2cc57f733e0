/**
 * The database (docs/decisions.md "Dynamic data in Netlify Database"): the small part of the
 * `pg` pool interface the repositories use, transactions, and the rule that any failure of the
 * database reaches callers as a `StateError`, which the endpoints answer with 503 and
 * `Retry-After` (never a 500, never a pretended success).
 *
 * The pool is `@netlify/database`'s in the function (a `pg` pool under `netlify dev`, Neon's
 * serverless pool in production: both have this interface) and a `pg` pool on a real
 * PostgreSQL server in tests. SQL lives in `src/state/` only.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';

/** A result as `pg` returns it. */
export interface QueryResult<R> {
  rows: R[];
  rowCount: number | null;
}

/** Something that runs one SQL statement with `$1…` parameters: a pool or a checked-out client. */
export interface Queryable {
  query<R = Record<string, unknown>>(text: string, values?: readonly unknown[]): Promise<QueryResult<R>>;
}

/** A client checked out of the pool for a transaction. */
export interface PoolClient extends Queryable {
  release(error?: Error | boolean): void;
}

/** The pool. */
export interface Db extends Queryable {
  connect(): Promise<PoolClient>;
}

/** A database failure (unreachable, statement failed): callers fail closed with 503. */
export class StateError extends Error {
  /** SQLSTATE of the failed statement, when the server sent one. */
  readonly sqlState?: string;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StateError';
    const code = (options?.cause as { code?: unknown } | undefined)?.code;
    if (typeof code === 'string') this.sqlState = code;
  }
}

/** True for a StateError, including one from another copy of this module (bundled routes). */
export function isStateError(error: unknown): error is StateError {
  return (error as { name?: unknown } | null)?.name === 'StateError';
}

const wrap = (error: unknown): StateError =>
  isStateError(error) ? error : new StateError(`database: ${(error as Error)?.message ?? String(error)}`, { cause: error });

/** Runs one statement on `target` (the pool or a checked-out client) in place of `target.query`. */
export type StatementRunner = (target: Queryable, text: string, values?: readonly unknown[]) => Promise<QueryResult<Record<string, unknown>>>;

/**
 * A pool whose every statement, on the pool and on the clients it checks out, goes through `run`:
 * the one way this project intercepts statements (failing closed, preparing, counting, faults).
 * @param connect checks a client out (default `db.connect()`), e.g. to translate its failure
 */
export function wrapStatements(db: Db, run: StatementRunner, connect: () => Promise<PoolClient> = () => db.connect()): Db {
  const on = (target: Queryable) => ((text: string, values?: readonly unknown[]) => run(target, text, values)) as Queryable['query'];
  return {
    query: on(db),
    async connect() {
      const client = await connect();
      return { query: on(client), release: (error) => client.release(error) };
    },
  };
}

/**
 * Wraps a pool so that every failure (connecting, a statement) is thrown as a `StateError`.
 * @param db the pool
 * @returns the same pool, failing closed
 */
export function failClosed(db: Db): Db {
  return wrapStatements(
    db,
    async (target, text, values) => {
      try {
        return await target.query(text, values);
      } catch (error) {
        throw wrap(error);
      }
    },
    async () => {
      try {
        return await db.connect();
      } catch (error) {
        throw wrap(error);
      }
    },
  );
}

/** A statement as a `pg` query config: `name` makes the server keep its plan for the session. */
interface NamedStatement {
  name?: string;
  text: string;
  values?: readonly unknown[];
}

/** A `pg` pool, or Neon's serverless one (same interface), as far as named statements need it. */
export interface PgPool {
  query(statement: NamedStatement): Promise<QueryResult<never>>;
  connect(): Promise<{ query(statement: NamedStatement): Promise<QueryResult<never>>; release(error?: Error | boolean): void }>;
}

/**
 * A pool whose statements with parameters are prepared once per database session and then only
 * bound and run. PostgreSQL plans an unnamed statement on every execution: ~0.3 ms of planning
 * for a checkout read that runs in 0.03 ms, and a purchase sends ~25 of them (README
 * "Performance"). Each distinct SQL text gets the name `s` + 20 hex digits of its SHA-1, so one
 * name never stands for two texts (`pg` refuses that); the statements of src/state/ are fixed
 * texts, and past `limit` distinct texts new ones run unnamed, so no code path can fill the
 * server's memory with plans. Statements without parameters (BEGIN, COMMIT, SAVEPOINT) go as
 * they are. Needs one session per connection: real PostgreSQL, directly or through Neon's
 * pooler (which tracks protocol-level prepared statements); not the local PGlite server, whose
 * connections all share one session.
 * @param pool a `pg` (or Neon) pool
 * @param limit distinct texts that get a name (a bound on plans kept per session)
 */
export function preparedStatements(pool: PgPool, limit = 256): Db {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < limit) {
      name = `s${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
      names.set(text, name);
    }
    return name;
  };
  const run: StatementRunner = (target, text, values) => {
    const named = target as unknown as Pick<PgPool, 'query'>;
    return values?.length ? named.query({ name: nameOf(text), text, values }) : target.query(text, values);
  };
  return wrapStatements(pool as unknown as Db, run);
}

/** What to do once the transaction running in the current async context has committed. */
const commitHooks = new AsyncLocalStorage<Array<() => void>>();

/**
 * Runs `hook` once what the caller just wrote is committed: at the commit of the transaction
 * (`transaction`) running in the current async context, never when it rolls back or its COMMIT
 * fails; at once outside a transaction (a single statement commits by itself).
 */
export function afterCommit(hook: () => void): void {
  const hooks = commitHooks.getStore();
  if (hooks) hooks.push(hook);
  else hook();
}

/**
 * Runs `work` in one transaction (READ COMMITTED, PostgreSQL's default): committed when it
 * returns, rolled back when it throws (the error is rethrown); then the `afterCommit` hooks.
 * @param work receives the transaction's client; it must not keep it after returning
 * @returns what `work` returns
 * @throws StateError when the database fails, or whatever `work` throws
 */
export async function transaction<T>(db: Db, work: (tx: Queryable) => Promise<T>): Promise<T> {
  const client = await db.connect();
  let broken: Error | undefined;
  const hooks: Array<() => void> = [];
  try {
    await client.query('BEGIN');
    const result = await commitHooks.run(hooks, () => work(client));
    await client.query('COMMIT');
    for (const hook of hooks) hook();
    return result;
  } catch (error) {
    try {
      await client.query('ROLLBACK');
    } catch (rollback) {
      // A client whose rollback failed is in an unknown state: the pool must discard it.
      broken = rollback as Error;
    }
    throw error;
  } finally {
    client.release(broken ?? false);
  }
}

/** Milliseconds since the epoch as the `Date` that `pg` binds to a timestamptz parameter. */
export const at = (ms: number): Date => new Date(ms);

/** A timestamptz column as read by `pg` (a Date) to ISO 8601. */
export const iso = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString();

/**
 * A pool created on first use: the function imports the database client only when a request
 * needs state (search suggestions and static catalog paths never do).
 * @param open creates the pool (called once; a failure is retried by the next query)
 */
export function lazyDb(open: () => Promise<Db>): Db {
  let pool: Promise<Db> | undefined;
  const get = () => (pool ??= open().catch((error) => {
    pool = undefined;
    throw wrap(error);
  }));
  return {
    query: async (text, values) => (await get()).query(text, values),
    connect: async () => (await get()).connect(),
  };
}
