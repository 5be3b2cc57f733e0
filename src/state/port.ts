/**
 * The persistence port (docs/design.md: `state` is the only place that touches storage).
 * Values are JSON documents under string keys, each with an opaque `etag` that changes on
 * every write, so callers can do compare-and-set. Expiry is data: a document written with a
 * TTL carries its `expires_at` and reads as absent once it has passed, whatever the backend.
 *
 * Adapters: `memory.ts` (true compare-and-set, for tests and benchmarks) and `blobs.ts`
 * (Netlify Blobs, production and `netlify dev`).
 */

/** A stored document as read back. */
export interface Stored<T> {
  value: T;
  /** Opaque version token; pass it as `ifMatch` to write only if nobody wrote since. */
  etag: string;
  /** Expiry as epoch milliseconds, or null when the document never expires. */
  expiresAt: number | null;
}

export interface WriteOptions {
  /** Write only if the current document has this etag (compare-and-set). Fails when it was deleted or expired. */
  ifMatch?: string;
  /** Write only if no live document exists under the key (an expired one counts as absent). */
  ifNew?: boolean;
  /** Time to live in seconds; omitted → the document never expires. */
  ttlSeconds?: number;
}

/** Result of a write: the new etag, or `null` when the `ifMatch`/`ifNew` condition failed. */
export type WriteResult = { etag: string } | null;

export interface StateStore {
  /**
   * Reads a document.
   * @returns the value with its etag, or null when absent or expired.
   * @throws StateError when the backend fails (callers must fail closed).
   */
  get<T>(key: string): Promise<Stored<T> | null>;
  /**
   * Writes a JSON-serialisable value.
   * @returns `{etag}` on success, null when a condition failed.
   * @throws StateError when the backend fails, or on `ifMatch` together with `ifNew`.
   */
  set<T>(key: string, value: T, options?: WriteOptions): Promise<WriteResult>;
  /**
   * Deletes a document.
   * @param options.ifMatch delete only if the current etag matches
   * @returns true when a live document was deleted, false when absent, expired or the etag differs.
   */
  delete(key: string, options?: { ifMatch?: string }): Promise<boolean>;
}

/** A storage failure (backend down, bad key): callers answer 503 or 500, never pretend success. */
export class StateError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StateError';
  }
}

/** Keys are `segment/segment/...` of `[A-Za-z0-9_.-]`, at most 512 characters. */
const KEY = /^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*$/;

/**
 * Checks a key before it reaches a backend (no path tricks, no empty segments).
 * @throws StateError for a malformed key.
 */
export function assertKey(key: string): void {
  if (key.length > 512 || !KEY.test(key) || key.split('/').some((s) => s === '.' || s === '..')) {
    throw new StateError(`invalid state key ${JSON.stringify(key)}`);
  }
}

/**
 * Checks write options.
 * @throws StateError for `ifMatch` with `ifNew`, or a TTL that is not a positive number of seconds.
 */
export function assertWriteOptions(options: WriteOptions): void {
  if (options.ifMatch !== undefined && options.ifNew) throw new StateError('ifMatch and ifNew are mutually exclusive');
  if (options.ifMatch !== undefined && (typeof options.ifMatch !== 'string' || options.ifMatch === '')) {
    throw new StateError('ifMatch must be a non-empty etag');
  }
  if (options.ttlSeconds !== undefined && !(options.ttlSeconds > 0)) throw new StateError('ttlSeconds must be > 0');
}

/** The document as both adapters store it: the value with its expiry and a revision token. */
export interface Envelope<T = unknown> {
  /** Revision token, new on every write: the etag callers see. */
  rev: string;
  /** Expiry, epoch milliseconds, or null. */
  expires_at: number | null;
  value: T;
}

/** A new envelope for `value`, with a fresh random revision and the expiry from `ttlSeconds` relative to `now` (ms). */
export function envelope<T>(value: T, now: number, ttlSeconds?: number): Envelope<T> {
  return { rev: crypto.randomUUID(), expires_at: ttlSeconds === undefined ? null : now + Math.round(ttlSeconds * 1000), value };
}

/** True when an envelope is present and not expired at `now` (ms). */
export function isLive(env: Envelope | null | undefined, now: number): env is Envelope {
  return !!env && (env.expires_at === null || env.expires_at > now);
}
