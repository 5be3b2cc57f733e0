/**
 * Idempotency keys (docs/ucp.md §2 "Idempotency"): a key is stored with the response for 24 h;
 * a replay returns the stored response, the same key with different arguments gets `-32000`
 * with HTTP 409. Keys are scoped per platform profile and tool; arguments are compared by the
 * SHA-256 of their canonical JSON (sorted keys, JCS-like) without `meta`, because the
 * JSON-RPC id changes on retry. The key is reserved before the tool runs, so two concurrent
 * requests with one key cannot both run (the second gets 409 `idempotency_in_progress`). If the
 * store fails the call fails closed with 503.
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from './canonical-json';
import { serverError } from './errors';
import type { StateStore } from '../state/port';

/** How long a key and its response are kept, in seconds (24 h). */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;
/** A reservation older than this (seconds) is considered abandoned by a crashed request. */
const STALE_PENDING_SECONDS = 60;

interface Entry {
  fingerprint: string;
  state: 'pending' | 'done';
  started_at: number;
  response?: unknown;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A reserved key: call `complete` with the response, or `abandon` when the call failed with a protocol error. */
export interface Reservation {
  complete(response: unknown): Promise<void>;
  abandon(): Promise<void>;
}

export type Begin = { replay: unknown } | { reservation: Reservation };

/**
 * Starts an idempotent call.
 * @param scope who and what: platform profile URL (or "anonymous") and tool name
 * @param key the idempotency key
 * @param args the tool arguments without `meta`
 * @returns `{replay}` with the stored response, or `{reservation}` to run the tool
 * @throws UcpProtocolError -32000 `idempotency_conflict` (409), `idempotency_in_progress` (409), `unavailable` (503)
 */
export async function beginIdempotent(state: StateStore, scope: { profile: string; tool: string }, key: string, args: unknown, now: () => number): Promise<Begin> {
  const storeKey = `idempotency/${sha256(canonicalJson([scope.profile, scope.tool, key]))}`;
  const fingerprint = sha256(canonicalJson({ tool: scope.tool, arguments: args }));
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      const pending: Entry = { fingerprint, state: 'pending', started_at: now() };
      const created = await state.set(storeKey, pending, { ifNew: true, ttlSeconds: IDEMPOTENCY_TTL_SECONDS });
      if (created) return { reservation: reservation(state, storeKey, created.etag, fingerprint, now) };
      const existing = await state.get<Entry>(storeKey);
      if (!existing) continue;
      if (existing.value.fingerprint !== fingerprint) {
        throw serverError('idempotency_conflict', `idempotency key "${key}" was already used for ${scope.tool} with different arguments`);
      }
      if (existing.value.state === 'done') return { replay: existing.value.response };
      if (now() - existing.value.started_at < STALE_PENDING_SECONDS * 1000) {
        throw serverError('idempotency_in_progress', `a request with idempotency key "${key}" is still running; retry in a few seconds`);
      }
      const taken = await state.set(storeKey, pending, { ifMatch: existing.etag, ttlSeconds: IDEMPOTENCY_TTL_SECONDS });
      if (taken) return { reservation: reservation(state, storeKey, taken.etag, fingerprint, now) };
    }
    throw serverError('idempotency_in_progress', `idempotency key "${key}" is contended; retry`);
  } catch (error) {
    if ((error as { name?: string }).name === 'StateError') throw serverError('unavailable', 'the idempotency store is unavailable; retry later');
    throw error;
  }
}

function reservation(state: StateStore, storeKey: string, etag: string, fingerprint: string, now: () => number): Reservation {
  return {
    async complete(response) {
      const done: Entry = { fingerprint, state: 'done', started_at: now(), response };
      await state.set(storeKey, done, { ifMatch: etag, ttlSeconds: IDEMPOTENCY_TTL_SECONDS });
    },
    async abandon() {
      await state.delete(storeKey, { ifMatch: etag }).catch(() => false);
    },
  };
}
