/**
 * A fault-injecting decorator of the state port (issue #7 point 3: "storage failures, the store
 * throwing on read or write, injected in tests"). It wraps the in-memory store, records every
 * operation (with the src/ function that asked for it, from the stack), and makes chosen
 * operations fail:
 * - `state`: throws StateError before touching the backend (the backend is down);
 * - `plain`: throws a plain Error before touching the backend (an adapter breaking the port's
 *   contract, e.g. a network client's TypeError escaping it);
 * - `ambiguous`: a write or delete reaches the backend and is applied, then the caller gets a
 *   StateError (the reply of a network store was lost); on a read it is the same as `state`.
 * Which operations fail is a rule: the n-th operation from now, every operation from the n-th
 * on (an outage), or every operation on keys of one kind (`checkouts`, `stock`, `orders`,
 * `payments`, `idempotency`, `carts`, ...: the key's first segment).
 */
import { MemoryStateStore } from '../../src/state/memory';
import { type StateStore, type Stored, type WriteOptions, type WriteResult, StateError } from '../../src/state/port';

export type Fault = 'state' | 'plain' | 'ambiguous';
export type OpName = 'get' | 'set' | 'delete';

/** One operation as the store saw it. */
export interface StoreOp {
  /** 1-based position in the store's life. */
  seq: number;
  op: OpName;
  key: string;
  /** First segment of the key: checkouts, stock, orders, payments, idempotency, carts, keys... */
  kind: string;
  /** Write condition and TTL, e.g. "ifNew ttl" or "ifMatch". */
  condition: string;
  /** The src/ functions that asked for it, innermost first, e.g. "saveCheckout < claim". */
  caller: string;
  /** The fault injected into it, if any. */
  fault?: Fault;
}

interface Rule {
  when: (op: StoreOp) => boolean;
  fault: Fault;
  left: number;
}

/** Function names of the src/ frames (outside src/state) of the current stack, innermost first. */
function callerOf(stack: string | undefined): string {
  const names: string[] = [];
  for (const line of (stack ?? '').split('\n').slice(1)) {
    if (!line.includes('/src/') || line.includes('/src/state/')) continue;
    const name = /at (?:async )?([\w$.<>]+) \(/.exec(line)?.[1]?.replace(/^Object\./, '');
    if (name && !names.includes(name)) names.push(name);
    if (names.length === 3) break;
  }
  // Work queued on a KeyedLock (the stock ledger's counters) runs in a later tick, without its callers on the stack.
  return names.join(' < ') || (stack?.includes('/src/state/keyed-lock') ? 'KeyedLock.run (stock ledger)' : '?');
}

/** An in-memory state store whose operations can be made to fail; see the module comment. */
export class FaultyStore implements StateStore {
  readonly log: StoreOp[] = [];
  private rules: Rule[] = [];

  constructor(readonly inner: MemoryStateStore = new MemoryStateStore()) {}

  /** Number of operations so far (mark a point, then count from it). */
  get size(): number {
    return this.log.length;
  }

  /** Operations after `mark` (a former `size`). */
  since(mark: number): StoreOp[] {
    return this.log.slice(mark);
  }

  /** Makes the next `times` operations matching `when` fail with `fault`. */
  failWhere(when: (op: StoreOp) => boolean, fault: Fault, times = Infinity): this {
    this.rules.push({ when, fault, left: times });
    return this;
  }

  /** Makes the n-th operation from now (1-based) fail; with `outage`, that one and every later one until `heal`. */
  failNth(n: number, fault: Fault, outage = false): this {
    const at = this.log.length + n;
    return this.failWhere((op) => (outage ? op.seq >= at : op.seq === at), fault);
  }

  /** Makes every operation on keys of `kind` (optionally only `ops`) fail until `heal`. */
  failKind(kind: string, fault: Fault, ops: readonly OpName[] = ['get', 'set', 'delete']): this {
    return this.failWhere((op) => op.kind === kind && ops.includes(op.op), fault);
  }

  /** Removes every fault: the store is healthy again. */
  heal(): this {
    this.rules = [];
    return this;
  }

  /** Live keys ever written that start with `prefix` (the memory store cannot list). */
  async keys(prefix: string): Promise<string[]> {
    const written = [...new Set(this.log.filter((o) => o.op === 'set' && o.key.startsWith(prefix)).map((o) => o.key))];
    const live = await Promise.all(written.map(async (k) => ((await this.inner.get(k)) ? k : null)));
    return live.filter((k): k is string => k !== null);
  }

  /** Values of the live keys under `prefix`. */
  async values<T>(prefix: string): Promise<T[]> {
    return Promise.all((await this.keys(prefix)).map(async (k) => (await this.inner.get<T>(k))!.value));
  }

  private async run<R>(op: OpName, key: string, options: WriteOptions | { ifMatch?: string } | undefined, work: () => Promise<R>): Promise<R> {
    const o = options as WriteOptions | undefined;
    const condition = [o?.ifNew ? 'ifNew' : '', o?.ifMatch !== undefined ? 'ifMatch' : '', o?.ttlSeconds !== undefined ? 'ttl' : ''].filter(Boolean).join(' ');
    const entry: StoreOp = { seq: this.log.length + 1, op, key, kind: key.split('/')[0], condition, caller: callerOf(new Error().stack) };
    this.log.push(entry);
    const rule = this.rules.find((r) => r.left > 0 && r.when(entry));
    if (!rule) return work();
    rule.left--;
    entry.fault = rule.fault;
    const what = `injected fault: ${op} ${key}`;
    if (rule.fault === 'plain') throw new Error(what);
    if (rule.fault === 'ambiguous' && op !== 'get') await work();
    throw new StateError(what);
  }

  /** @inheritdoc */
  get<T>(key: string): Promise<Stored<T> | null> {
    return this.run('get', key, undefined, () => this.inner.get<T>(key));
  }

  /** @inheritdoc */
  set<T>(key: string, value: T, options?: WriteOptions): Promise<WriteResult> {
    return this.run('set', key, options, () => this.inner.set(key, value, options));
  }

  /** @inheritdoc */
  delete(key: string, options?: { ifMatch?: string }): Promise<boolean> {
    return this.run('delete', key, options, () => this.inner.delete(key, options));
  }
}
