/**
 * Carts in the database (table `carts`; records of src/commerce/records.ts). What is stored is the
 * buyer's choice (variant ids, quantities, context, buyer), never prices, so every read shows
 * current prices and stock. Ids carry 192 random bits (docs/decisions.md "IDs of carts, checkouts
 * and orders are unguessable"). A cart lives 7 days after its last change, then reads as absent.
 */
import { randomBytes } from 'node:crypto';
import type { CartRecord } from '../commerce/records';
import { at, iso, type Queryable } from './db';

export type { CartLine, CartRecord } from '../commerce/records';

/** Lifetime of a cart after its last change, in seconds (7 days). */
export const CART_TTL_SECONDS = 7 * 24 * 3600;

const ID = /^cart_[A-Za-z0-9_-]{32}$/;

/** A new unguessable cart id: `cart_` + 24 random bytes in base64url. */
export function newCartId(): string {
  return `cart_${randomBytes(24).toString('base64url')}`;
}

/** True for a string shaped like a cart id (anything else is not looked up). */
export function isCartId(id: string): boolean {
  return ID.test(id);
}

interface Row {
  id: string;
  created_at: Date;
  updated_at: Date;
  expires_at: Date;
  data: Pick<CartRecord, 'lines' | 'context' | 'buyer' | 'discount_codes'>;
}

const fromRow = (row: Row): CartRecord => ({
  id: row.id, created_at: iso(row.created_at), updated_at: iso(row.updated_at), expires_at: iso(row.expires_at), ...row.data,
});
const data = (record: CartRecord) => JSON.stringify({ lines: record.lines, context: record.context, buyer: record.buyer, discount_codes: record.discount_codes });

/**
 * A live cart.
 * @param now epoch ms: carts whose `expires_at` has passed read as absent
 * @param forUpdate lock the row until the end of the transaction `q` belongs to
 * @returns the cart, or null when the id is malformed, unknown, expired or canceled
 */
export async function loadCart(q: Queryable, id: string, now: number, forUpdate = false): Promise<CartRecord | null> {
  if (!isCartId(id)) return null;
  const { rows } = await q.query<Row>(`SELECT id, created_at, updated_at, expires_at, data FROM carts WHERE id = $1 AND expires_at > $2${forUpdate ? ' FOR UPDATE' : ''}`, [id, at(now)]);
  return rows[0] ? fromRow(rows[0]) : null;
}

/**
 * A live cart for making a checkout of it, in one statement: the cart, the version of its row
 * (src/state/checkouts.ts `insertCheckoutOfCart`) and the id of the newest checkout made from it.
 * @param now epoch ms: carts whose `expires_at` has passed read as absent
 * @returns null when the id is malformed, unknown, expired or canceled
 */
export async function loadCartForCheckout(q: Queryable, id: string, now: number): Promise<{ cart: CartRecord; version: string; checkoutId: string | null } | null> {
  if (!isCartId(id)) return null;
  const { rows } = await q.query<Row & { version: string; checkout_id: string | null }>(
    `SELECT id, created_at, updated_at, expires_at, data, xmin::text AS version,
       (SELECT k.id FROM checkouts k WHERE k.cart_id = carts.id ORDER BY k.created_at DESC LIMIT 1) AS checkout_id
     FROM carts WHERE id = $1 AND expires_at > $2`,
    [id, at(now)],
  );
  return rows[0] ? { cart: fromRow(rows[0]), version: rows[0].version, checkoutId: rows[0].checkout_id } : null;
}

/**
 * Empties a live cart in one statement (its lines and discount codes removed, its hints and
 * buyer kept): what the store's pages do once the cart's order is paid (a code used once per
 * buyer would only say "already used" in the next cart).
 * @param now epoch ms (stamps `updated_at`; the cart lives on for its 7 days)
 * @returns false when the cart is unknown or expired
 */
export async function emptyCart(q: Queryable, id: string, now: number): Promise<boolean> {
  if (!isCartId(id)) return false;
  const { rowCount } = await q.query(
    `UPDATE carts SET data = jsonb_set(data, '{lines}', '[]'::jsonb) - 'discount_codes', updated_at = $2, expires_at = $3 WHERE id = $1 AND expires_at > $2`,
    [id, at(now), at(now + CART_TTL_SECONDS * 1000)],
  );
  return (rowCount ?? 0) > 0;
}

/**
 * Stores a cart, stamping `updated_at` and `expires_at` (7 days) from `now` (epoch ms): inserted
 * when the id is new, replaced otherwise.
 * @returns the stored record
 */
export async function saveCart(q: Queryable, record: CartRecord, now: number): Promise<CartRecord> {
  const stamped: CartRecord = { ...record, updated_at: iso(at(now)), expires_at: iso(at(now + CART_TTL_SECONDS * 1000)) };
  await q.query(
    `INSERT INTO carts (id, created_at, updated_at, expires_at, data) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (id) DO UPDATE SET updated_at = EXCLUDED.updated_at, expires_at = EXCLUDED.expires_at, data = EXCLUDED.data`,
    [stamped.id, stamped.created_at, stamped.updated_at, stamped.expires_at, data(stamped)],
  );
  return stamped;
}

/** Deletes a cart. @returns false when it was already gone */
export async function deleteCart(q: Queryable, id: string): Promise<boolean> {
  return ((await q.query('DELETE FROM carts WHERE id = $1', [id])).rowCount ?? 0) > 0;
}
