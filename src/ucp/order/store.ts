/**
 * Orders and payment charges as state (issue #6 point 7: "Orders persist in Blobs and are never
 * lost"). An order is written once, when complete_checkout has taken the stock, as
 * `pending_payment`; it becomes `processing` once the charge is recorded, or `voided` when the
 * charge did not happen (src/ucp/checkout/complete.ts explains the order of the writes). Orders
 * and charges never expire. A charge record holds the amount and the card's brand and last
 * digits, never a credential; it is written with `ifNew` under the order id, so one order is
 * charged at most once.
 */
import { randomBytes } from 'node:crypto';
import type { StateStore, Stored } from '../../state/port';
import type { SecretRef } from '../checkout/secrets';
import type { Checkout, PostalAddress } from '../wire/checkout';

export type OrderStatus = 'pending_payment' | 'processing' | 'voided';

/** The checkout as it was approved and paid (no `ucp`, status, messages or continue_url). */
export type CheckoutSnapshot = Omit<Checkout, 'ucp' | 'status' | 'messages' | 'continue_url' | 'order'>;

export interface OrderRecord {
  id: string;
  /** Human-readable order number, e.g. "PP-20261120-K7QD". */
  label: string;
  checkout_id: string;
  /** Platform profile URL that completed the checkout, or "anonymous". */
  platform: string;
  status: OrderStatus;
  /** ISO 8601. */
  created_at: string;
  locale: string;
  checkout: CheckoutSnapshot;
  destination: PostalAddress;
  /** The shipping option, or null when nothing is shipped. */
  shipping: { id: string; title: string; description: string; carrier: string; min_days: number; max_days: number } | null;
  /** Line items with nothing to ship (weight 0: training, vouchers). */
  digital_line_ids: string[];
  /** Units sold beyond the counted stock (backorder), by line item id. */
  backordered: Record<string, number>;
  /** Fulfillment events, append-only. */
  events: Array<{ id: string; occurred_at: string; type: string; line_items: Array<{ id: string; quantity: number }>; description?: string }>;
  /** Secret of the order status page URL (nonce and digest only). */
  secret: SecretRef;
}

export interface ChargeRecord {
  order_id: string;
  /** EUR cents. */
  amount: number;
  currency: string;
  handler: string;
  display: { brand?: string; last_digits?: string };
  /** ISO 8601. */
  captured_at: string;
}

const ID = /^ord_[A-Za-z0-9_-]{32}$/;
const orderKey = (id: string) => `orders/${id}`;
const chargeKey = (orderId: string) => `payments/${orderId}`;
const LABEL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A new unguessable order id: `ord_` + 24 random bytes in base64url. */
export function newOrderId(): string {
  return `ord_${randomBytes(24).toString('base64url')}`;
}

/** True for a string shaped like an order id. */
export function isOrderId(id: string): boolean {
  return ID.test(id);
}

/** A human-readable order number for `now`: "PP-YYYYMMDD-" + 4 characters without look-alikes. */
export function newOrderLabel(now: number): string {
  const day = new Date(now).toISOString().slice(0, 10).replace(/-/g, '');
  const suffix = [...randomBytes(4)].map((b) => LABEL_ALPHABET[b % LABEL_ALPHABET.length]).join('');
  return `PP-${day}-${suffix}`;
}

/** The stored order with its etag, or null (malformed or unknown id). */
export async function loadOrder(state: StateStore, id: string): Promise<Stored<OrderRecord> | null> {
  return isOrderId(id) ? state.get<OrderRecord>(orderKey(id)) : null;
}

/**
 * Writes an order: without `etag` only if new, with `etag` only if unchanged since read.
 * @returns the new etag, or null when the condition failed
 */
export async function saveOrder(state: StateStore, order: OrderRecord, etag?: string): Promise<string | null> {
  const written = await state.set(orderKey(order.id), order, etag === undefined ? { ifNew: true } : { ifMatch: etag });
  return written?.etag ?? null;
}

/** The charge of an order, if it was charged. */
export async function loadCharge(state: StateStore, orderId: string): Promise<ChargeRecord | null> {
  return (await state.get<ChargeRecord>(chargeKey(orderId)))?.value ?? null;
}

/**
 * Records a charge, once per order.
 * @returns true when this call recorded it, false when the order was already charged
 */
export async function recordCharge(state: StateStore, charge: ChargeRecord): Promise<boolean> {
  return (await state.set(chargeKey(charge.order_id), charge, { ifNew: true })) !== null;
}
