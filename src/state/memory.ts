/**
 * In-memory adapter of the state port with true compare-and-set: the condition check and the
 * write happen in one synchronous step, so concurrent callers cannot both win. Values are
 * stored as JSON text (no aliasing between callers). For tests, benchmarks and local tools.
 */
import { type Envelope, type StateStore, type Stored, type WriteOptions, type WriteResult, assertKey, assertWriteOptions, envelope, isLive } from './port';

export interface MemoryStateOptions {
  /** Clock in epoch milliseconds (default Date.now), so tests can move time forward. */
  now?: () => number;
}

/** A state store kept in this process's memory. */
export class MemoryStateStore implements StateStore {
  private readonly docs = new Map<string, string>();
  private readonly now: () => number;

  constructor(options: MemoryStateOptions = {}) {
    this.now = options.now ?? Date.now;
  }

  private read(key: string): Envelope | null {
    const text = this.docs.get(key);
    const env = text === undefined ? null : (JSON.parse(text) as Envelope);
    if (env && !isLive(env, this.now())) {
      this.docs.delete(key);
      return null;
    }
    return env;
  }

  /** @inheritdoc */
  async get<T>(key: string): Promise<Stored<T> | null> {
    assertKey(key);
    const env = this.read(key);
    return env ? { value: env.value as T, etag: env.rev, expiresAt: env.expires_at } : null;
  }

  /** @inheritdoc */
  async set<T>(key: string, value: T, options: WriteOptions = {}): Promise<WriteResult> {
    assertKey(key);
    assertWriteOptions(options);
    const text = JSON.stringify(value);
    const current = this.read(key);
    if (options.ifNew && current) return null;
    if (options.ifMatch !== undefined && current?.rev !== options.ifMatch) return null;
    const env = envelope(JSON.parse(text) as T, this.now(), options.ttlSeconds);
    this.docs.set(key, JSON.stringify(env));
    return { etag: env.rev };
  }

  /** @inheritdoc */
  async delete(key: string, options: { ifMatch?: string } = {}): Promise<boolean> {
    assertKey(key);
    const current = this.read(key);
    if (!current || (options.ifMatch !== undefined && current.rev !== options.ifMatch)) return false;
    this.docs.delete(key);
    return true;
  }

  /** Number of live documents whose key starts with `prefix` (for tests). */
  count(prefix = ''): number {
    return [...this.docs.keys()].filter((k) => k.startsWith(prefix) && this.read(k)).length;
  }
}
