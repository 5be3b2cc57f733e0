/**
 * Refunds of charges (tables `refunds`, `charges.refunded`). A refund raises the charge's
 * `refunded` with one conditional UPDATE, so two concurrent refunds can never together give
 * back more than was captured (the column's CHECK says the same), and writes one row per refund.
 */
import { randomBytes } from 'node:crypto';
import { at, iso, type Queryable } from './db';

export interface RefundRecord {
  /** `rf_` + 16 random bytes, base64url. */
  id: string;
  order_id: string;
  /** Cents given back, > 0. */
  amount: number;
  reason: string;
  /** ISO 8601. */
  created_at: string;
}

/** A new refund id. */
export function newRefundId(): string {
  return `rf_${randomBytes(16).toString('base64url')}`;
}

/**
 * Records a refund of an order's charge, in the caller's transaction.
 * @param refund amount in cents (> 0)
 * @param now epoch ms
 * @returns the refund, or null when the order has no charge or less than `amount` is left to refund
 * @throws StateError when the database fails
 */
export async function recordRefund(q: Queryable, refund: { orderId: string; amount: number; reason: string }, now: number): Promise<RefundRecord | null> {
  const { rows } = await q.query<{ order_id: string }>(
    'UPDATE charges SET refunded = refunded + $2 WHERE order_id = $1 AND $2 > 0 AND refunded + $2 <= amount RETURNING order_id',
    [refund.orderId, refund.amount],
  );
  if (!rows[0]) return null;
  const record: RefundRecord = { id: newRefundId(), order_id: refund.orderId, amount: refund.amount, reason: refund.reason, created_at: iso(at(now)) };
  await q.query('INSERT INTO refunds (id, order_id, amount, reason, created_at) VALUES ($1, $2, $3, $4, $5)',
    [record.id, record.order_id, record.amount, record.reason, at(now)]);
  return record;
}

/** The refunds of an order, oldest first. */
export async function refundsOf(q: Queryable, orderId: string): Promise<RefundRecord[]> {
  const { rows } = await q.query<Omit<RefundRecord, 'created_at'> & { created_at: Date }>(
    'SELECT id, order_id, amount, reason, created_at FROM refunds WHERE order_id = $1 ORDER BY created_at, id', [orderId]);
  return rows.map((r) => ({ ...r, created_at: iso(r.created_at) }));
}
