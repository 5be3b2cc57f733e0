/**
 * A database that fails on demand, for proving that a failure at any statement leaves the data
 * consistent: it wraps a real pool, numbers every statement sent through it (pool queries and
 * statements of checked-out clients alike, BEGIN/COMMIT included), and makes the statements
 * chosen by `failWhen` throw a `StateError`: before reaching the server (`true`), or after the
 * server ran it (`'after'`: a write that landed but whose reply was lost).
 */
import { type Db, type PoolClient, StateError, wrapStatements } from '../../src/state/db';

export interface Statement {
  /** 1-based position since the last `reset`. */
  index: number;
  sql: string;
}

export class FaultyDb implements Db {
  private count = 0;
  /** Every statement since the last `reset` (the failed ones included). */
  readonly log: Statement[] = [];
  /** Decides whether a statement fails; default none. */
  failWhen: (statement: Statement) => boolean | 'after' = () => false;

  /** The inner pool with every statement numbered, logged and failed on demand. */
  private readonly wrapped: Db;

  constructor(inner: Db) {
    this.wrapped = wrapStatements(inner, async (target, text, values) => {
      const statement = { index: ++this.count, sql: text.replace(/\s+/g, ' ').trim() };
      this.log.push(statement);
      const fault = this.failWhen(statement);
      const error = new StateError(`injected fault at statement ${statement.index}: ${statement.sql.slice(0, 60)}`);
      if (fault === true) throw error;
      const result = await target.query(text, values);
      if (fault === 'after') throw error;
      return result;
    });
  }

  /** Restarts the numbering and clears the log and the fault. */
  reset(): void {
    this.count = 0;
    this.log.length = 0;
    this.failWhen = () => false;
  }

  query: Db['query'] = (text, values) => this.wrapped.query(text, values);

  /** A client of the inner pool; one whose statement failed mid-transaction is discarded, as pg does with a broken connection. */
  connect(): Promise<PoolClient> {
    return this.wrapped.connect();
  }
}
