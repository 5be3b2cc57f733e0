/**
 * The store's own records of sign-in (the authentication library keeps users, sessions and codes
 * in its `auth_*` tables, src/accounts/auth.ts): the sends of sign-in codes per address and the
 * devices an account signed in from.
 */
import type { SendCount } from '../commerce/approval-code';
import { at, type Db, type Queryable, transaction } from './db';

/**
 * Counts the address's recent sends and, when `allowed` says so, records a new one, under the
 * address's advisory lock, so that concurrent sends from any process are counted one at a time.
 * @param emailDigest src/commerce/approval-code.ts `addressDigest`
 * @param since, now epoch ms
 * @param allowed the rule (src/accounts/sign-in-code.ts `maySendSignInCode`) applied to the count
 * @returns the rule's verdict; when `ok`, the send is recorded
 * @throws StateError when the database fails (nothing recorded)
 */
export async function recordSignInSend<V extends { ok: boolean }>(db: Db, emailDigest: string, since: number, now: number, allowed: (sent: SendCount) => V): Promise<V> {
  return transaction(db, async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`sign-in:${emailDigest}`]);
    const { rows: [row] } = await tx.query<{ count: string; oldest: Date | null; latest: Date | null }>(
      'SELECT count(*) AS count, min(created_at) AS oldest, max(created_at) AS latest FROM sign_in_sends WHERE email_digest = $1 AND created_at > $2',
      [emailDigest, at(since)],
    );
    const verdict = allowed({ count: Number(row.count), oldestAt: row.oldest?.getTime() ?? null, latestAt: row.latest?.getTime() ?? null });
    if (verdict.ok) await tx.query('INSERT INTO sign_in_sends (email_digest, created_at) VALUES ($1, $2)', [emailDigest, at(now)]);
    return verdict;
  });
}

/**
 * Records that an account signed in from a device.
 * @param deviceDigest SHA-256 of the device cookie
 * @returns `new` when the account had signed in before from other devices only (tell the holder),
 *          `first` for the account's first device, `known` for a device seen before
 */
export async function noteDevice(db: Db, userId: string, deviceDigest: string, now: number): Promise<'new' | 'first' | 'known'> {
  const { rows: [row] } = await db.query<{ inserted: boolean; others: boolean }>(
    `WITH added AS (
       INSERT INTO account_devices (user_id, device_digest, first_seen_at) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING RETURNING 1
     )
     SELECT EXISTS (SELECT 1 FROM added) AS inserted,
            EXISTS (SELECT 1 FROM account_devices WHERE user_id = $1 AND device_digest <> $2) AS others`,
    [userId, deviceDigest, at(now)],
  );
  return !row.inserted ? 'known' : row.others ? 'new' : 'first';
}

/** Deletes sends older than `before` (epoch ms; the limit looks back one hour). @returns rows deleted */
export async function pruneSignInSends(db: Queryable, before: number): Promise<number> {
  return (await db.query('DELETE FROM sign_in_sends WHERE created_at < $1', [at(before)])).rowCount ?? 0;
}
