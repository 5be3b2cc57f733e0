/**
 * One-time approval codes in the database (table `approval_codes`; rules in
 * src/commerce/approval-code.ts). A checkout has at most one open code (a partial unique
 * index): sending a new one closes the previous. Only the code's HMAC is stored. Sends run in
 * the transaction that locks the checkout row; a guess is compared, counted and, when right,
 * used in one statement on the code's row (`guessApprovalCode`).
 */
import type { SendCount } from '../commerce/approval-code';
import { at, type Queryable } from './db';
import { type NewMessage, enqueueWhen, noteQueued } from './outbox';

export interface ApprovalCodeRecord {
  id: number;
  checkout_id: string;
  terms_hash: string;
  code_digest: string;
  /** Epoch ms. */
  created_at: number;
  expires_at: number;
  failed_attempts: number;
  /** True when an attempt to mail this code failed and none succeeded yet (the outbox retries it). */
  mail_failed: boolean;
}

interface Row {
  id: string;
  checkout_id: string;
  terms_hash: string;
  code_digest: string;
  created_at: Date;
  expires_at: Date;
  failed_attempts: number;
  mail_failed: boolean | null;
}

const fromRow = (row: Row): ApprovalCodeRecord => ({
  id: Number(row.id), checkout_id: row.checkout_id, terms_hash: row.terms_hash, code_digest: row.code_digest,
  created_at: row.created_at.getTime(), expires_at: row.expires_at.getTime(), failed_attempts: row.failed_attempts,
  mail_failed: row.mail_failed === true,
});

/**
 * Opens a new code for a checkout, closing any open one, and queues its message, in one
 * statement (the previous code is closed before the new one is checked against the one-open
 * index: a data-modifying CTE the insert waits for).
 * @param code.id the new code's id, taken beforehand (`recentSends`), so the message can name it
 * @param code.now, code.expiresAt epoch ms
 * @param messages what `queue` would queue (src/state/outbox.ts `plannedMessages`), queued with the code
 * @returns the ids of the messages queued
 */
export async function openApprovalCode(q: Queryable, code: { id: number; checkoutId: string; emailDigest: string; termsHash: string; codeDigest: string; now: number; expiresAt: number }, messages: readonly NewMessage[]): Promise<number[]> {
  const queue = enqueueWhen('opened', messages, 8, code.now);
  const { rows } = await q.query<{ queued: Array<{ id: number; dedupe_key: string }> | null }>(
    `WITH closed AS (
       UPDATE approval_codes SET closed_at = $6 WHERE checkout_id = $2 AND closed_at IS NULL RETURNING id
     ), opened AS (
       INSERT INTO approval_codes (id, checkout_id, email_digest, terms_hash, code_digest, created_at, expires_at)
       OVERRIDING SYSTEM VALUE SELECT $1, $2, $3, $4, $5, $6::timestamptz, $7::timestamptz FROM (SELECT count(*) FROM closed) AS c(n)
       RETURNING id
     ), msg AS (${queue.sql})
     SELECT (SELECT json_agg(msg) FROM msg) AS queued`,
    [code.id, code.checkoutId, code.emailDigest, code.termsHash, code.codeDigest, at(code.now), at(code.expiresAt), ...queue.values],
  );
  return noteQueued(rows[0]?.queued ?? [], messages, code.now);
}

/**
 * Codes sent since `since` for a checkout and for an address (for the send limits), and the id
 * the next code will take (`openApprovalCode`); the checkout's `latestAt` is that of its open
 * code only (a code already used does not delay the next).
 * @param since epoch ms
 */
export async function recentSends(q: Queryable, checkoutId: string, emailDigest: string, since: number): Promise<{ checkout: SendCount; address: SendCount; nextId: number }> {
  const { rows } = await q.query<{ scope: string; count: string; oldest: Date | null; latest: Date | null }>(
    `SELECT 'checkout' AS scope, count(*) AS count, min(created_at) AS oldest, max(created_at) FILTER (WHERE closed_at IS NULL) AS latest FROM approval_codes WHERE checkout_id = $1 AND created_at > $3
     UNION ALL
     SELECT 'address', count(*), min(created_at), max(created_at) FROM approval_codes WHERE email_digest = $2 AND created_at > $3
     UNION ALL
     SELECT 'next', nextval(pg_get_serial_sequence('approval_codes', 'id')), NULL, NULL`,
    [checkoutId, emailDigest, at(since)],
  );
  const count = (scope: string): SendCount => {
    const row = rows.find((r) => r.scope === scope);
    return { count: Number(row?.count ?? 0), oldestAt: row?.oldest ? row.oldest.getTime() : null, latestAt: row?.latest ? row.latest.getTime() : null };
  };
  return { checkout: count('checkout'), address: count('address'), nextId: Number(rows.find((r) => r.scope === 'next')!.count) };
}

/** What a guess found (`guessApprovalCode`). */
export type GuessVerdict =
  /** The code was right: it is now closed, used by this guess (the caller records the approval). */
  | { kind: 'right' }
  /** A wrong guess, counted: `wrongTries` so far; the code closed with the one reaching the limit. */
  | { kind: 'wrong'; wrongTries: number }
  /** Nothing was compared: the code is closed (used, dead or replaced) or expired. */
  | { kind: 'closed' };

/**
 * Compares a guess with an open code and counts it, in one statement under the code's row
 * lock: the comparison, the count and the closing are one UPDATE, whose WHERE PostgreSQL checks
 * again on the newest row once a concurrent guess's lock is released (READ COMMITTED). So, for
 * any interleaving, at most `maxWrongTries` wrong guesses are ever compared with one code, and
 * no guess is compared (nor accepted) once the code is closed or expired. A right guess closes
 * the code in the same statement: it is used once. Comparing the stored HMAC in SQL tells
 * nothing through its timing: the digest of a guess is keyed by the store's secret.
 * @param guess.digest src/commerce/approval-code.ts `approvalCodeDigest` of the typed code
 * @param guess.now epoch ms (the code's `closed_at` when it closes)
 */
export async function guessApprovalCode(q: Queryable, guess: { codeId: number; digest: string; now: number; maxWrongTries: number }): Promise<GuessVerdict> {
  const { rows } = await q.query<{ right: boolean; failed_attempts: number }>(
    `UPDATE approval_codes
     SET failed_attempts = failed_attempts + CASE WHEN code_digest = $2 THEN 0 ELSE 1 END,
         closed_at = CASE WHEN code_digest = $2 OR failed_attempts + 1 >= $4 THEN $3::timestamptz END
     WHERE id = $1 AND closed_at IS NULL AND expires_at > $3::timestamptz AND failed_attempts < $4
     RETURNING code_digest = $2 AS right, failed_attempts`,
    [guess.codeId, guess.digest, at(guess.now), guess.maxWrongTries],
  );
  const row = rows[0];
  if (!row) return { kind: 'closed' };
  return row.right ? { kind: 'right' } : { kind: 'wrong', wrongTries: row.failed_attempts };
}

/**
 * SQL of a scalar subquery giving the open code of the checkout named by `checkoutId` (an SQL
 * expression) as JSON, or NULL: to read a checkout and its code in one statement (parse it
 * with `openCodeFromJson`).
 */
export const openCodeJson = (checkoutId: string) => `(SELECT json_build_object('id', a.id, 'checkout_id', a.checkout_id, 'terms_hash', a.terms_hash,
    'code_digest', a.code_digest, 'created_at', a.created_at, 'expires_at', a.expires_at, 'failed_attempts', a.failed_attempts,
    'mail_failed', (SELECT o.delivered_at IS NULL AND o.last_error IS NOT NULL FROM outbox o WHERE o.dedupe_key = 'mail:approval_code:' || a.checkout_id || ':' || a.id))
  FROM approval_codes a WHERE a.checkout_id = ${checkoutId} AND a.closed_at IS NULL)`;

/** The open code read by `openCodeJson`, or null. */
export function openCodeFromJson(json: unknown): ApprovalCodeRecord | null {
  if (!json || typeof json !== 'object') return null;
  const row = json as Omit<Row, 'created_at' | 'expires_at'> & { created_at: string; expires_at: string };
  return fromRow({ ...row, id: String(row.id), created_at: new Date(row.created_at), expires_at: new Date(row.expires_at) });
}

/**
 * The open code of a checkout, or null, with whether mailing it failed so far.
 * @param options.forUpdate lock the row until the end of the transaction `q` belongs to
 */
export async function openCodeOf(q: Queryable, checkoutId: string, options: { forUpdate?: boolean } = {}): Promise<ApprovalCodeRecord | null> {
  const { rows } = await q.query<Row>(
    // The code's message, by the dedupe key src/mail/messages.ts queueApprovalCode gives it.
    `SELECT id, checkout_id, terms_hash, code_digest, created_at, expires_at, failed_attempts,
            (SELECT o.delivered_at IS NULL AND o.last_error IS NOT NULL FROM outbox o
             WHERE o.dedupe_key = 'mail:approval_code:' || c.checkout_id || ':' || c.id) AS mail_failed
     FROM approval_codes c
     WHERE checkout_id = $1 AND closed_at IS NULL${options.forUpdate ? ' FOR UPDATE OF c' : ''}`,
    [checkoutId],
  );
  return rows[0] ? fromRow(rows[0]) : null;
}

/** Closes a code (used, or dead after too many wrong tries). @param now epoch ms */
export async function closeApprovalCode(q: Queryable, id: number, now: number): Promise<void> {
  await q.query('UPDATE approval_codes SET closed_at = $2 WHERE id = $1 AND closed_at IS NULL', [id, at(now)]);
}

/**
 * Deletes codes older than `before` (the send limits look back one hour).
 * @param before epoch ms
 * @returns rows deleted
 */
export async function pruneApprovalCodes(q: Queryable, before: number): Promise<number> {
  return (await q.query('DELETE FROM approval_codes WHERE created_at < $1', [at(before)])).rowCount ?? 0;
}
