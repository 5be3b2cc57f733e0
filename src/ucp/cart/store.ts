/**
 * Carts as state (docs/design.md "state/"; docs/ucp.md §3 "Cart object"): what is stored is
 * the buyer's choice (variant ids, quantities, context, buyer), never prices, so every read
 * shows current prices and stock. Ids carry 192 random bits (docs/design.md "IDs of carts,
 * checkouts and orders are unguessable"); carts expire 7 days after their last change and then
 * read as absent, as do canceled carts.
 */
import { randomBytes } from 'node:crypto';
import type { StateStore, Stored } from '../../state/port';
import type { Context } from '../wire/common';
import type { CartCreateRequest } from '../wire/cart';

/** Lifetime of a cart after its last change, in seconds (7 days). */
export const CART_TTL_SECONDS = 7 * 24 * 3600;

export interface CartLine {
  variant_id: number;
  quantity: number;
}

export interface CartRecord {
  id: string;
  /** ISO 8601 timestamps. */
  created_at: string;
  updated_at: string;
  expires_at: string;
  lines: CartLine[];
  context?: Context;
  buyer?: CartCreateRequest['buyer'];
}

const ID = /^cart_[A-Za-z0-9_-]{32}$/;

/** A new unguessable cart id: `cart_` + 24 random bytes in base64url. */
export function newCartId(): string {
  return `cart_${randomBytes(24).toString('base64url')}`;
}

/** True for a string shaped like a cart id (anything else is not looked up). */
export function isCartId(id: string): boolean {
  return ID.test(id);
}

const key = (id: string) => `carts/${id}`;

/** The stored cart with its etag, or null when the id is malformed, unknown, expired or canceled. */
export async function loadCart(state: StateStore, id: string): Promise<Stored<CartRecord> | null> {
  return isCartId(id) ? state.get<CartRecord>(key(id)) : null;
}

/**
 * Stamps and stores a cart: `updated_at`/`expires_at` from `now`; with `etag` only if the cart
 * did not change since it was read, without `etag` only if the id is new.
 * @returns the stored record, or null when the condition failed
 */
export async function saveCart(state: StateStore, record: CartRecord, now: number, etag?: string): Promise<CartRecord | null> {
  const stamped: CartRecord = { ...record, updated_at: new Date(now).toISOString(), expires_at: new Date(now + CART_TTL_SECONDS * 1000).toISOString() };
  const options = etag === undefined ? { ifNew: true, ttlSeconds: CART_TTL_SECONDS } : { ifMatch: etag, ttlSeconds: CART_TTL_SECONDS };
  return (await state.set(key(record.id), stamped, options)) ? stamped : null;
}

/** Deletes a cart if it did not change since it was read. @returns false when it changed or is gone. */
export function deleteCart(state: StateStore, id: string, etag: string): Promise<boolean> {
  return state.delete(key(id), { ifMatch: etag });
}
