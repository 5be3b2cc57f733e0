/**
 * The passkeys of an account as the account page lists and deletes them (table `auth_passkey`,
 * written by src/accounts/passkeys.ts): every statement is scoped by the account's user id, so one
 * account never reads or deletes another's passkey, whatever id it sends.
 */
import { iso, type Queryable } from './db';

export interface PasskeySummary {
  id: string;
  /** The name the person gave it, or null. */
  name: string | null;
  /** ISO 8601. */
  created_at: string;
  last_used_at: string | null;
}

/** The account's passkeys, newest first. */
export async function passkeysOf(q: Queryable, userId: string): Promise<PasskeySummary[]> {
  const { rows } = await q.query<{ id: string; name: string | null; createdAt: Date; lastUsedAt: Date | null }>(
    'SELECT id, name, "createdAt", "lastUsedAt" FROM "auth_passkey" WHERE "userId" = $1 ORDER BY "createdAt" DESC, id LIMIT 20',
    [userId],
  );
  return rows.map((r) => ({ id: r.id, name: r.name, created_at: iso(r.createdAt), last_used_at: r.lastUsedAt ? iso(r.lastUsedAt) : null }));
}

/** Deletes one of the account's passkeys; false when it has none of that id. */
export async function deletePasskey(q: Queryable, userId: string, id: string): Promise<boolean> {
  const { rowCount } = await q.query('DELETE FROM "auth_passkey" WHERE "userId" = $1 AND id = $2', [userId, id]);
  return (rowCount ?? 0) > 0;
}
