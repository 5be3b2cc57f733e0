/**
 * Saved delivery addresses as the database keeps them (migration `20261205090000_saved_addresses`):
 * every statement is scoped by the account's user id, so one account never reads or deletes
 * another's address, whatever id it sends.
 */
import type { Address } from '../commerce/address';
import { at, iso, type Queryable } from './db';

export interface SavedAddress {
  /** `adr_` + random. */
  id: string;
  address: Address;
  /** ISO 8601 of its latest order. */
  used_at: string;
}

/** How many addresses an account keeps: the most recently used. */
export const MAX_SAVED_ADDRESSES = 10;

/**
 * Saves `address` for `userId`, or marks the same address (same `fingerprint`) used at `now`
 * (epoch ms); keeps the account's `MAX_SAVED_ADDRESSES` most recent.
 */
export async function upsertSavedAddress(q: Queryable, userId: string, entry: { id: string; address: Address; fingerprint: string }, now: number): Promise<void> {
  await q.query(
    `INSERT INTO saved_addresses (id, user_id, address, fingerprint, used_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id, fingerprint) DO UPDATE SET used_at = EXCLUDED.used_at, address = EXCLUDED.address`,
    [entry.id, userId, JSON.stringify(entry.address), entry.fingerprint, at(now)],
  );
  await q.query(
    'DELETE FROM saved_addresses WHERE id IN (SELECT id FROM saved_addresses WHERE user_id = $1 ORDER BY used_at DESC, id OFFSET $2)',
    [userId, MAX_SAVED_ADDRESSES],
  );
}

/** The account's saved addresses, most recently used first. */
export async function savedAddressesOf(q: Queryable, userId: string): Promise<SavedAddress[]> {
  const { rows } = await q.query<{ id: string; address: Address; used_at: Date }>(
    'SELECT id, address, used_at FROM saved_addresses WHERE user_id = $1 ORDER BY used_at DESC, id LIMIT $2',
    [userId, MAX_SAVED_ADDRESSES],
  );
  return rows.map((r) => ({ ...r, used_at: iso(r.used_at) }));
}

/** One of the account's saved addresses, or null (another account's id reads as none). */
export async function savedAddressOf(q: Queryable, userId: string, id: string): Promise<Address | null> {
  const { rows: [row] } = await q.query<{ address: Address }>('SELECT address FROM saved_addresses WHERE user_id = $1 AND id = $2', [userId, id]);
  return row?.address ?? null;
}

/** Deletes one of the account's saved addresses; false when it has none of that id. */
export async function deleteSavedAddress(q: Queryable, userId: string, id: string): Promise<boolean> {
  const { rowCount } = await q.query('DELETE FROM saved_addresses WHERE user_id = $1 AND id = $2', [userId, id]);
  return (rowCount ?? 0) > 0;
}
