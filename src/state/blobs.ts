/**
 * Netlify Blobs adapter of the state port (docs/platform.md "Netlify Blobs").
 *
 * - Reads use `consistency: 'strong'`, so a write is visible to the next read in any instance.
 * - The etag callers see is the envelope's own revision token (`port.ts`), because the local
 *   Blobs server returns no etag on reads. A conditional write re-reads the blob, compares the
 *   revision, then writes with `onlyIfMatch` set to the blob's own etag when the backend gave
 *   one (production: atomic against other instances). `onlyIfMatch: undefined` would be an
 *   unconditional write, so it is never passed.
 * - Writes are serialised per key inside the process (`KeyedLock`): the local server checks
 *   conditions without a lock, and this keeps `netlify dev` (one process) safe as well.
 * - A conditional delete writes an expired tombstone with `onlyIfMatch` (Blobs has no
 *   conditional delete), which reads as absent.
 */
import { getStore } from '@netlify/blobs';
import { KeyedLock } from './keyed-lock';
import { type Envelope, type StateStore, type Stored, type WriteOptions, type WriteResult, StateError, assertKey, assertWriteOptions, envelope, isLive } from './port';

/** The part of a Netlify Blobs store this adapter uses (lets tests count or fail calls). */
export interface BlobsLike {
  getWithMetadata(key: string, options: { type: 'json' }): Promise<{ data: unknown; etag?: string } | null>;
  setJSON(key: string, data: unknown, options?: { onlyIfMatch?: string; onlyIfNew?: boolean }): Promise<{ modified: boolean; etag?: string }>;
  delete(key: string): Promise<void>;
}

export interface BlobsStateOptions {
  /** Store name (default "ucp-state"). */
  name?: string;
  /** Clock in epoch milliseconds (default Date.now). */
  now?: () => number;
  /** A store to use instead of `getStore({name, consistency: 'strong'})` (tests). */
  store?: BlobsLike;
}

interface Current {
  env: Envelope | null;
  /** The backend's etag of the blob, when it returned one. */
  blobEtag: string | undefined;
  /** True when a blob exists (live, expired or tombstone). */
  exists: boolean;
}

/** State in a Netlify Blobs store. The store is opened on first use, inside a request, where Netlify has set the Blobs context. */
export class BlobsStateStore implements StateStore {
  private blobs: BlobsLike | undefined;
  private readonly lock = new KeyedLock();
  private readonly name: string;
  private readonly now: () => number;

  constructor(options: BlobsStateOptions = {}) {
    this.name = options.name ?? 'ucp-state';
    this.now = options.now ?? Date.now;
    this.blobs = options.store;
  }

  private store(): BlobsLike {
    this.blobs ??= getStore({ name: this.name, consistency: 'strong' }) as unknown as BlobsLike;
    return this.blobs;
  }

  private async current(key: string): Promise<Current> {
    const found = await this.store().getWithMetadata(key, { type: 'json' });
    if (!found) return { env: null, blobEtag: undefined, exists: false };
    const env = found.data as Envelope;
    return { env: isLive(env, this.now()) ? env : null, blobEtag: found.etag || undefined, exists: true };
  }

  /** Writes `env` unless the blob changed since `seen` (using the backend's etag when it has one). */
  private async replace(key: string, env: Envelope, seen: Current): Promise<boolean> {
    const options = !seen.exists ? { onlyIfNew: true } : seen.blobEtag ? { onlyIfMatch: seen.blobEtag } : {};
    const result = await this.store().setJSON(key, env, options);
    return result.modified;
  }

  private async guard<T>(what: string, key: string, work: () => Promise<T>): Promise<T> {
    assertKey(key);
    try {
      return await work();
    } catch (error) {
      if (error instanceof StateError) throw error;
      throw new StateError(`Netlify Blobs ${what} of "${key}" failed: ${(error as Error).message}`, { cause: error });
    }
  }

  /** @inheritdoc */
  get<T>(key: string): Promise<Stored<T> | null> {
    return this.guard('read', key, async () => {
      const { env } = await this.current(key);
      return env ? { value: env.value as T, etag: env.rev, expiresAt: env.expires_at } : null;
    });
  }

  /** @inheritdoc */
  set<T>(key: string, value: T, options: WriteOptions = {}): Promise<WriteResult> {
    return this.guard('write', key, () =>
      this.lock.run(key, async () => {
        assertWriteOptions(options);
        const env = envelope(JSON.parse(JSON.stringify(value)) as T, this.now(), options.ttlSeconds);
        if (!options.ifNew && options.ifMatch === undefined) {
          await this.store().setJSON(key, env);
          return { etag: env.rev };
        }
        const seen = await this.current(key);
        if (options.ifNew && seen.env) return null;
        if (options.ifMatch !== undefined && seen.env?.rev !== options.ifMatch) return null;
        return (await this.replace(key, env, seen)) ? { etag: env.rev } : null;
      }),
    );
  }

  /** @inheritdoc */
  delete(key: string, options: { ifMatch?: string } = {}): Promise<boolean> {
    return this.guard('delete', key, () =>
      this.lock.run(key, async () => {
        const seen = await this.current(key);
        if (!seen.env || (options.ifMatch !== undefined && seen.env.rev !== options.ifMatch)) return false;
        if (options.ifMatch === undefined) {
          await this.store().delete(key);
          return true;
        }
        const tombstone: Envelope<null> = { rev: crypto.randomUUID(), expires_at: 0, value: null };
        return this.replace(key, tombstone, seen);
      }),
    );
  }
}
