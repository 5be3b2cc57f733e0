/**
 * Checkouts as state (docs/design.md "state/"; docs/ucp.md §3–§4). What is stored is what the
 * buyer chose (variant ids and quantities, buyer, context, shipping address and option) and the
 * lifecycle, never prices: every read prices the checkout again. Ids carry 192 random bits
 * (docs/design.md "IDs ... are unguessable"). A checkout is open for 6 hours from its creation
 * (UCP default TTL) and then reads as canceled; the record itself is kept 30 days so that it
 * does. Writes are compare-and-set on the record's etag.
 *
 * `state` is the stored lifecycle: `open` (the UCP status incomplete / requires_escalation /
 * ready_for_complete is derived from the data), `completing` (complete_checkout is running:
 * UCP `complete_in_progress`), `completed`, `canceled`.
 */
import { randomBytes } from 'node:crypto';
import type { StateStore, Stored } from '../../state/port';
import type { CartLine } from '../cart/store';
import type { Context } from '../wire/common';
import type { Buyer, PostalAddress } from '../wire/checkout';
import type { SecretRef } from './secrets';

/** Lifetime of an open checkout from its creation, in seconds (UCP default TTL: 6 h). */
export const CHECKOUT_TTL_SECONDS = 6 * 3600;
/** How long a checkout record is kept after its last change, in seconds (30 days). */
export const CHECKOUT_RETENTION_SECONDS = 30 * 24 * 3600;

export type CheckoutState = 'open' | 'completing' | 'completed' | 'canceled';

export interface CheckoutRecord {
  id: string;
  /** Platform profile URL that created it, or "anonymous": other platforms read it as not found. */
  platform: string;
  /** ISO 8601 timestamps. */
  created_at: string;
  updated_at: string;
  expires_at: string;
  state: CheckoutState;
  cart_id?: string;
  lines: CartLine[];
  context?: Context;
  buyer?: Buyer;
  /** Shipping address as sent (trimmed, country upper-cased). */
  address?: PostalAddress;
  /** Selected shipping option (method id of content/shipping.yaml), or null. */
  option_id?: string | null;
  /** Secret of the approval page URL (nonce and digest only). */
  approval_secret: SecretRef;
  /** The buyer's approval: hash of the approved terms, epoch seconds. */
  approval?: { terms_hash: string; approved_at: number };
  /** complete_checkout in progress: the order id it writes and when it started (epoch ms). */
  completion?: { order_id: string; started_at: number };
  /** The order, once completed, with the secret of its status page URL. */
  order?: { id: string; label: string; secret: SecretRef };
  completed_at?: string;
  canceled_at?: string;
}

const ID = /^chk_[A-Za-z0-9_-]{32}$/;
const key = (id: string) => `checkouts/${id}`;
const cartKey = (cartId: string) => `checkout-carts/${cartId}`;

/** A new unguessable checkout id: `chk_` + 24 random bytes in base64url. */
export function newCheckoutId(): string {
  return `chk_${randomBytes(24).toString('base64url')}`;
}

/** True for a string shaped like a checkout id (anything else is not looked up). */
export function isCheckoutId(id: string): boolean {
  return ID.test(id);
}

/** True when an open checkout has passed its `expires_at` (it then reads as canceled). */
export function isExpired(record: CheckoutRecord, now: number): boolean {
  return record.state === 'open' && Date.parse(record.expires_at) <= now;
}

/**
 * The stored checkout with its etag, or null when the id is malformed or unknown, or the
 * checkout belongs to another platform (`platform` given).
 */
export async function loadCheckout(state: StateStore, id: string, platform?: string): Promise<Stored<CheckoutRecord> | null> {
  if (!isCheckoutId(id)) return null;
  const stored = await state.get<CheckoutRecord>(key(id));
  if (!stored || (platform !== undefined && stored.value.platform !== platform)) return null;
  return stored;
}

/**
 * Stamps `updated_at` and stores a checkout: with `etag` only if it did not change since it
 * was read, without `etag` only if the id is new.
 * @returns the stored record and its new etag, or null when the condition failed
 */
export async function saveCheckout(state: StateStore, record: CheckoutRecord, now: number, etag?: string): Promise<Stored<CheckoutRecord> | null> {
  const stamped: CheckoutRecord = { ...record, updated_at: new Date(now).toISOString() };
  const options = etag === undefined ? { ifNew: true, ttlSeconds: CHECKOUT_RETENTION_SECONDS } : { ifMatch: etag, ttlSeconds: CHECKOUT_RETENTION_SECONDS };
  const written = await state.set(key(record.id), stamped, options);
  return written ? { value: stamped, etag: written.etag, expiresAt: null } : null;
}

/** The checkout id last created from a cart, with the index entry's etag. */
export async function checkoutOfCart(state: StateStore, cartId: string): Promise<Stored<{ checkout_id: string }> | null> {
  return state.get<{ checkout_id: string }>(cartKey(cartId));
}

/**
 * Points a cart at its checkout: only if the index entry is still `etag` (or absent without etag).
 * @returns false when another request changed it first
 */
export async function linkCart(state: StateStore, cartId: string, checkoutId: string, etag?: string): Promise<boolean> {
  const options = etag === undefined ? { ifNew: true, ttlSeconds: CHECKOUT_TTL_SECONDS } : { ifMatch: etag, ttlSeconds: CHECKOUT_TTL_SECONDS };
  return (await state.set(cartKey(cartId), { checkout_id: checkoutId }, options)) !== null;
}
