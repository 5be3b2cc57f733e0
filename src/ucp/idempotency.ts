/**
 * Idempotency keys (docs/agent-commerce.md "Idempotency"): a key is kept with the response for 24 h
 * (src/state/idempotency.ts); a retry returns the stored response, the same key with different
 * arguments gets `-32000` with HTTP 409. Keys are scoped per platform profile and tool;
 * arguments are compared by the SHA-256 of their canonical JSON without `meta` (the JSON-RPC id
 * changes on retry). A caller whose key is held by a call still running waits for its response
 * (so concurrent calls with one key all answer the same); a call that ran longer than 60 s is
 * considered crashed and the key is taken over. A database failure fails closed with 503.
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from '../commerce/canonical-json';
import type { Db } from '../state/db';
import { isStateError } from '../state/db';
import { type IdempotencyScope, finishKey, readKey, releaseKey, reserveKey, takeOverKey } from '../state/idempotency';
import { serverError } from './errors';

export type { IdempotencyScope };

/** A reservation older than this (ms) is considered abandoned by a crashed request. */
export const STALE_PENDING_MS = 60_000;
/** How long a caller waits for the response of a concurrent call with the same key (ms). */
const WAIT_MS = 8_000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The scope of a key: platform, tool, key and the fingerprint of the arguments.
 * @param args the tool arguments without `meta`
 * @throws TooDeepError when the arguments are nested too deeply to fingerprint
 */
export function idempotencyScope(platform: string, tool: string, key: string, args: unknown): IdempotencyScope {
  return { platform, tool, key, fingerprint: sha256(canonicalJson({ tool, arguments: args })) };
}

/**
 * What an earlier call with this key left: its response to replay, or nothing (no record, or a
 * crashed call whose key is now taken over by this caller).
 * @param now clock, epoch ms
 * @returns `{replay}`, `{takenOver: true}` when this caller now holds the stale key, or null when there is no record
 * @throws UcpProtocolError -32000 `idempotency_conflict` (409: other arguments),
 *         `idempotency_in_progress` (409: still running after the wait), `unavailable` (503)
 */
export async function previousCall(db: Db, scope: IdempotencyScope, now: () => number, sleep = delay): Promise<{ replay: unknown } | { takenOver: true } | null> {
  return guard(async () => {
    const deadline = now() + WAIT_MS;
    for (let pause = 25; ; pause = Math.min(pause * 2, 400)) {
      const record = await readKey(db, scope, now());
      if (!record) return null;
      if (record.fingerprint !== scope.fingerprint) {
        throw serverError('idempotency_conflict', `idempotency key "${scope.key}" was already used for ${scope.tool} with different arguments`);
      }
      if (record.state === 'done') return { replay: record.response };
      if (now() - record.started_at >= STALE_PENDING_MS && (await takeOverKey(db, scope, now() - STALE_PENDING_MS, now()))) return { takenOver: true };
      if (now() >= deadline) throw serverError('idempotency_in_progress', `a request with idempotency key "${scope.key}" is still running; retry in a few seconds`);
      await sleep(pause);
    }
  });
}

/**
 * Runs a call once per key: replays a finished call's response, waits for a running one, or
 * reserves the key, runs `run` and stores its response. A protocol error frees the key.
 * @param run the tool call
 * @param keep whether a response is stored for replays (a transient one is not: the key is freed)
 * @throws UcpProtocolError as `previousCall`, and whatever `run` throws
 */
export async function runOnce(db: Db, scope: IdempotencyScope, now: () => number, run: () => Promise<object>, keep: (response: object) => boolean = () => true): Promise<object> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const previous = await previousCall(db, scope, now);
    if (previous && 'replay' in previous) return previous.replay as object;
    if (!previous && !(await guard(() => reserveKey(db, scope, now())))) continue;
    let response: object;
    try {
      response = await run();
    } catch (error) {
      await releaseKey(db, scope).catch(() => undefined);
      throw error;
    }
    if (keep(response)) await guard(() => finishKey(db, scope, response));
    else await releaseKey(db, scope).catch(() => undefined);
    return response;
  }
  throw serverError('idempotency_in_progress', `idempotency key "${scope.key}" is contended; retry`);
}

/** Database failures of the idempotency store answer 503 (fail closed). */
async function guard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isStateError(error)) throw serverError('unavailable', 'the idempotency store is unavailable; retry later');
    throw error;
  }
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
