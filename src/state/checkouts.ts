/**
 * Checkouts in the database (table `checkouts`; records of src/commerce/records.ts). What is stored is what the
 * buyer chose (variant ids and quantities, buyer, context, shipping address and option) and the
 * lifecycle, never prices: every read prices the checkout again. Ids carry 192 random bits. A
 * checkout is open for 6 hours from its creation (UCP default TTL) and then reads as canceled.
 *
 * `state` is the stored lifecycle: `open` (the UCP status incomplete / requires_escalation /
 * ready_for_complete is derived from the data), `completing` (complete_checkout is between
 * taking the stock and recording the payment: UCP `complete_in_progress`), `completed`,
 * `canceled`. Changes happen in transactions that lock the row (`forUpdate`).
 */
import { randomBytes } from 'node:crypto';
import type { CheckoutRecord, CheckoutState } from '../commerce/records';
import { at, iso, type Queryable } from './db';

export type { CheckoutRecord, CheckoutState, SecretRef } from '../commerce/records';

/** Lifetime of an open checkout from its creation, in seconds (UCP default TTL: 6 h). */
export const CHECKOUT_TTL_SECONDS = 6 * 3600;

const ID = /^chk_[A-Za-z0-9_-]{32}$/;

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

type Data = Pick<CheckoutRecord, 'lines' | 'context' | 'buyer' | 'address' | 'option_id' | 'instrument' | 'approval_secret' | 'escalation' | 'cancel_reason'>;

interface Row {
  id: string;
  platform: string;
  state: CheckoutState;
  cart_id: string | null;
  created_at: Date;
  updated_at: Date;
  expires_at: Date;
  data: Data;
  approved_terms_hash: string | null;
  approved_at: Date | null;
  completing_order_id: string | null;
  completing_since: Date | null;
  order_id: string | null;
  order_label: string | null;
  order_secret: CheckoutRecord['approval_secret'] | null;
  completed_at: Date | null;
  canceled_at: Date | null;
}

function fromRow(row: Row): CheckoutRecord {
  const { data } = row;
  return {
    id: row.id, platform: row.platform, state: row.state,
    created_at: iso(row.created_at), updated_at: iso(row.updated_at), expires_at: iso(row.expires_at),
    ...(row.cart_id ? { cart_id: row.cart_id } : {}),
    ...data,
    ...(row.approved_terms_hash && row.approved_at ? { approval: { terms_hash: row.approved_terms_hash, approved_at: Math.floor(row.approved_at.getTime() / 1000) } } : {}),
    ...(row.completing_order_id && row.completing_since ? { completion: { order_id: row.completing_order_id, started_at: row.completing_since.getTime() } } : {}),
    ...(row.order_id && row.order_label && row.order_secret ? { order: { id: row.order_id, label: row.order_label, secret: row.order_secret } } : {}),
    ...(row.completed_at ? { completed_at: iso(row.completed_at) } : {}),
    ...(row.canceled_at ? { canceled_at: iso(row.canceled_at) } : {}),
  };
}

const SELECT = `SELECT c.id, c.platform, c.state, c.cart_id, c.created_at, c.updated_at, c.expires_at, c.data,
  c.approved_terms_hash, c.approved_at, c.completing_order_id, c.completing_since, c.order_id,
  o.label AS order_label, o.data -> 'secret' AS order_secret, c.completed_at, c.canceled_at
  FROM checkouts c LEFT JOIN orders o ON o.id = c.order_id`;

/**
 * Reads a checkout.
 * @param options.platform only a checkout of this platform (others read as absent)
 * @param options.forUpdate lock the row until the end of the transaction `q` belongs to
 * @returns the checkout, or null when the id is malformed or unknown (or of another platform)
 */
export async function loadCheckout(q: Queryable, id: string, options: { platform?: string; forUpdate?: boolean } = {}): Promise<CheckoutRecord | null> {
  if (!isCheckoutId(id)) return null;
  const { rows } = await q.query<Row>(`${SELECT} WHERE c.id = $1${options.forUpdate ? ' FOR UPDATE OF c' : ''}`, [id]);
  const record = rows[0] ? fromRow(rows[0]) : null;
  return record && (options.platform === undefined || record.platform === options.platform) ? record : null;
}

function columns(record: CheckoutRecord): unknown[] {
  const data: Data = {
    lines: record.lines, context: record.context, buyer: record.buyer, address: record.address,
    option_id: record.option_id, instrument: record.instrument, approval_secret: record.approval_secret, escalation: record.escalation,
    cancel_reason: record.cancel_reason,
  };
  return [
    record.id, record.platform, record.state, record.cart_id ?? null, record.created_at, record.updated_at, record.expires_at, JSON.stringify(data),
    record.approval?.terms_hash ?? null, record.approval ? at(record.approval.approved_at * 1000) : null,
    record.completion?.order_id ?? null, record.completion ? at(record.completion.started_at) : null,
    record.order?.id ?? null, record.completed_at ?? null, record.canceled_at ?? null,
  ];
}

/**
 * Stores a checkout, stamping `updated_at` from `now` (epoch ms): inserted when the id is new,
 * otherwise every mutable column is replaced (call it on a row locked with `forUpdate`).
 * @returns the stored record
 */
export async function saveCheckout(q: Queryable, record: CheckoutRecord, now: number): Promise<CheckoutRecord> {
  const stamped = { ...record, updated_at: iso(at(now)) };
  await q.query(
    `INSERT INTO checkouts (id, platform, state, cart_id, created_at, updated_at, expires_at, data, approved_terms_hash, approved_at,
       completing_order_id, completing_since, order_id, completed_at, canceled_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
     ON CONFLICT (id) DO UPDATE SET state = EXCLUDED.state, updated_at = EXCLUDED.updated_at, data = EXCLUDED.data,
       approved_terms_hash = EXCLUDED.approved_terms_hash, approved_at = EXCLUDED.approved_at,
       completing_order_id = EXCLUDED.completing_order_id, completing_since = EXCLUDED.completing_since,
       order_id = EXCLUDED.order_id, completed_at = EXCLUDED.completed_at, canceled_at = EXCLUDED.canceled_at`,
    columns(stamped),
  );
  return stamped;
}

/**
 * The id of the newest checkout created from a cart, if any (read it in the transaction that
 * locks the cart, so two checkouts of one cart are never created at once).
 */
export async function checkoutOfCart(q: Queryable, cartId: string): Promise<string | null> {
  const { rows } = await q.query<{ id: string }>('SELECT id FROM checkouts WHERE cart_id = $1 ORDER BY created_at DESC LIMIT 1', [cartId]);
  return rows[0]?.id ?? null;
}

/**
 * Locks and lists checkouts whose completion started before `before` and is still running
 * (a crashed request), skipping those another transaction holds.
 * @param before epoch ms
 * @returns checkout ids, oldest first, at most `limit`
 */
export async function lockStaleCompletions(q: Queryable, before: number, limit: number): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    `SELECT id FROM checkouts WHERE state = 'completing' AND completing_since < $1 ORDER BY completing_since LIMIT $2 FOR UPDATE SKIP LOCKED`,
    [at(before), limit],
  );
  return rows.map((r) => r.id);
}
