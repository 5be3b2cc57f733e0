/**
 * Idempotency records in the database (table `idempotency_records`; docs/agent-commerce.md
 * "Idempotency"): one per platform + tool + key, holding the SHA-256 of the arguments and, once
 * the call is done, its response; kept 24 h. An expired record counts as absent.
 */
import { at, type Queryable } from './db';

/** How long a key and its response are kept, in seconds (24 h). */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;

/** Who used which key for what. */
export interface IdempotencyScope {
  /** Platform profile URL, or "anonymous". */
  platform: string;
  tool: string;
  key: string;
  /** SHA-256 (hex) of the canonical JSON of the tool and its arguments without `meta`. */
  fingerprint: string;
}

export interface IdempotencyRecord {
  fingerprint: string;
  state: 'pending' | 'done';
  response: unknown;
  /** Epoch ms. */
  started_at: number;
}

const KEY = '(platform, tool, key)';
const scopeOf = (s: IdempotencyScope) => [s.platform, s.tool, s.key];

/**
 * Reserves a key for a call about to run: inserts a `pending` record, or replaces an expired one.
 * Inside a transaction, a concurrent reservation of the same key waits for it to end.
 * @param now epoch ms
 * @returns true when reserved, false when a live record exists
 */
export async function reserveKey(q: Queryable, scope: IdempotencyScope, now: number): Promise<boolean> {
  const { rowCount } = await q.query(
    `INSERT INTO idempotency_records (platform, tool, key, fingerprint, state, started_at, expires_at) VALUES ($1, $2, $3, $4, 'pending', $5, $6)
     ON CONFLICT ${KEY} DO UPDATE SET fingerprint = EXCLUDED.fingerprint, state = 'pending', response = NULL, started_at = EXCLUDED.started_at, expires_at = EXCLUDED.expires_at
     WHERE idempotency_records.expires_at <= $5`,
    [...scopeOf(scope), scope.fingerprint, at(now), at(now + IDEMPOTENCY_TTL_SECONDS * 1000)],
  );
  return (rowCount ?? 0) > 0;
}

/**
 * Takes over a `pending` record whose call started before `staleBefore` (a crashed request).
 * @returns true when taken over (its start is now `now`)
 */
export async function takeOverKey(q: Queryable, scope: IdempotencyScope, staleBefore: number, now: number): Promise<boolean> {
  const { rowCount } = await q.query(
    `UPDATE idempotency_records SET started_at = $5 WHERE platform = $1 AND tool = $2 AND key = $3 AND state = 'pending' AND started_at < $4 AND fingerprint = $6`,
    [...scopeOf(scope), at(staleBefore), at(now), scope.fingerprint],
  );
  return (rowCount ?? 0) > 0;
}

/** The live record of a key, or null. @param now epoch ms */
export async function readKey(q: Queryable, scope: IdempotencyScope, now: number): Promise<IdempotencyRecord | null> {
  const { rows } = await q.query<{ fingerprint: string; state: 'pending' | 'done'; response: unknown; started_at: Date }>(
    'SELECT fingerprint, state, response, started_at FROM idempotency_records WHERE platform = $1 AND tool = $2 AND key = $3 AND expires_at > $4',
    [...scopeOf(scope), at(now)],
  );
  return rows[0] ? { ...rows[0], started_at: rows[0].started_at.getTime() } : null;
}

/** Stores the response of a reserved key (`pending` → `done`). */
export async function finishKey(q: Queryable, scope: IdempotencyScope, response: unknown): Promise<void> {
  await q.query(
    `UPDATE idempotency_records SET state = 'done', response = $4 WHERE platform = $1 AND tool = $2 AND key = $3 AND state = 'pending'`,
    [...scopeOf(scope), JSON.stringify(response)],
  );
}

/** Frees a reserved key whose call failed with a protocol error, so that a retry runs again. */
export async function releaseKey(q: Queryable, scope: IdempotencyScope): Promise<void> {
  await q.query(`DELETE FROM idempotency_records WHERE platform = $1 AND tool = $2 AND key = $3 AND state = 'pending'`, scopeOf(scope));
}
