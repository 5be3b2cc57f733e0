/**
 * Orders, their lines and their charges in the database (tables `orders`, `order_lines`,
 * `charges`). An order is written once, by the transaction of complete_checkout that takes its
 * stock, as `pending_payment`; it becomes `processing` once its charge is recorded, or `voided`
 * when the charge did not happen (src/checkout/complete.ts). After payment the merchant
 * moves it on (src/merchant/orders.ts): `partially_shipped`, `shipped`, `delivered`, or
 * `canceled` before anything shipped. A charge holds the amount and the card's brand and last
 * digits, never a credential; the primary key on `order_id` makes one charge per order at most,
 * and its `refunded` column never exceeds the amount (CHECK).
 */
import { randomBytes } from 'node:crypto';
import { at, iso, type Queryable } from './db';
import { PAID_STATUSES, type PaidOrderStatus } from '../commerce/fulfillment';
import type { OrderRecord, OrderStatus } from '../commerce/records';
import { storedTotalLines, totalAmount } from '../commerce/totals';

export type { OrderAdjustment, OrderEvent, OrderItem, OrderRecord, OrderStatus } from '../commerce/records';

/** True for an order that was paid (not still being completed, not voided). */
export function isPaid(status: OrderStatus): status is PaidOrderStatus {
  return (PAID_STATUSES as readonly string[]).includes(status);
}

/** One line of an order, as the merchant reads it (amounts in cents, VAT included). */
export interface OrderLine {
  line_id: string;
  variant_id: number;
  title: string;
  quantity: number;
  unit_price: number;
  total: number;
  backordered: number;
  /** Units handed to a carrier so far. */
  shipped: number;
  /** Units delivered so far (never more than shipped). */
  delivered: number;
}

/** A line as complete_checkout writes it: nothing shipped or delivered yet. */
export type NewOrderLine = Omit<OrderLine, 'shipped' | 'delivered'>;

export interface ChargeRecord {
  order_id: string;
  /** Minor units (cents). */
  amount: number;
  currency: string;
  handler: string;
  display: { brand?: string; last_digits?: string };
  /** ISO 8601. */
  captured_at: string;
  /** Minor units given back so far (refunds), at most `amount`. */
  refunded: number;
}

const ID = /^ord_[A-Za-z0-9_-]{32}$/;
const LABEL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A new unguessable order id: `ord_` + 24 random bytes in base64url. */
export function newOrderId(): string {
  return `ord_${randomBytes(24).toString('base64url')}`;
}

/** True for a string shaped like an order id. */
export function isOrderId(id: string): boolean {
  return ID.test(id);
}

/** A human-readable order number for `now` (epoch ms): "PP-YYYYMMDD-" + 6 characters without look-alikes. */
export function newOrderLabel(now: number): string {
  const day = new Date(now).toISOString().slice(0, 10).replace(/-/g, '');
  const suffix = [...randomBytes(6)].map((b) => LABEL_ALPHABET[b % LABEL_ALPHABET.length]).join('');
  return `PP-${day}-${suffix}`;
}

type Data = Omit<OrderRecord, 'id' | 'label' | 'checkout_id' | 'platform' | 'status' | 'created_at' | 'locale'>;

interface Row {
  id: string;
  label: string;
  checkout_id: string;
  platform: string;
  status: OrderStatus;
  created_at: Date;
  locale: string;
  data: Data;
}

/**
 * An order as stored, in today's shape. Orders stored before their records held codes only
 * keep reading: the lines under a total become codes (src/commerce/totals.ts
 * `storedTotalLines`), and the sentence a `processing` event carried is dropped (its words are
 * chosen when it is shown, in the reader's language).
 */
const fromRow = (row: Row): OrderRecord => ({
  id: row.id, label: row.label, checkout_id: row.checkout_id, platform: row.platform, status: row.status,
  created_at: iso(row.created_at), locale: row.locale, ...row.data,
  totals: row.data.totals.map((t) => (t.lines ? { ...t, lines: storedTotalLines(t.lines) } : t)),
  events: row.data.events.map(({ description, ...event }) => (event.type === 'processing' || description === undefined ? event : { ...event, description })),
});

/** The `data` column of an order: its document less the columns of their own. */
export function orderDocument(order: OrderRecord): string {
  const { id: _i, label: _l, checkout_id: _c, platform: _p, status: _s, created_at: _t, locale: _o, ...rest } = order;
  return JSON.stringify(rest satisfies Data);
}

/**
 * Inserts a new order with its lines, in one statement.
 * @param now epoch ms (updated_at)
 * @throws StateError when the checkout already has a live order (unique index) or the database fails
 */
export async function insertOrder(q: Queryable, order: OrderRecord, lines: readonly NewOrderLine[], now: number): Promise<void> {
  const total = totalAmount(order.totals);
  await q.query(
    `WITH o AS (
       INSERT INTO orders (id, label, checkout_id, platform, status, locale, currency, total, buyer_email, created_at, updated_at, data)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id
     )
     INSERT INTO order_lines (order_id, line_id, variant_id, title, quantity, unit_price, total, backordered)
     SELECT o.id, l.* FROM o, unnest($13::text[], $14::bigint[], $15::text[], $16::int[], $17::int[], $18::int[], $19::int[]) AS l`,
    [order.id, order.label, order.checkout_id, order.platform, order.status, order.locale, order.currency, total,
      order.buyer.email ?? null, order.created_at, at(now), orderDocument(order),
      lines.map((l) => l.line_id), lines.map((l) => l.variant_id), lines.map((l) => l.title), lines.map((l) => l.quantity),
      lines.map((l) => l.unit_price), lines.map((l) => l.total), lines.map((l) => l.backordered)],
  );
}

const COLUMNS = 'id, label, checkout_id, platform, status, created_at, locale, data';

/**
 * Reads an order.
 * @param forUpdate lock the row until the end of the transaction `q` belongs to
 * @returns the order, or null (malformed or unknown id)
 */
export async function loadOrder(q: Queryable, id: string, forUpdate = false): Promise<OrderRecord | null> {
  if (!isOrderId(id)) return null;
  const { rows } = await q.query<Row>(`SELECT ${COLUMNS} FROM orders WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0] ? fromRow(rows[0]) : null;
}

/**
 * Reads an order by id or by label (`PP-20261120-K7QD2M`, case-insensitive), as the merchant names it.
 * @param forUpdate lock the row until the end of the transaction `q` belongs to
 * @returns the order, or null when neither matches
 */
export async function findOrder(q: Queryable, ref: string, forUpdate = false): Promise<OrderRecord | null> {
  if (isOrderId(ref)) return loadOrder(q, ref, forUpdate);
  if (!/^PP-\d{8}-[A-Za-z0-9]{6}$/.test(ref)) return null;
  const { rows } = await q.query<Row>(`SELECT ${COLUMNS} FROM orders WHERE label = $1${forUpdate ? ' FOR UPDATE' : ''}`, [ref.toUpperCase()]);
  return rows[0] ? fromRow(rows[0]) : null;
}

/**
 * The paid orders placed with an e-mail address (the orders' buyer e-mail, compared without
 * case: the account's is verified and lower case), newest first.
 * @param email the account's verified e-mail
 * @param limit at most this many (newest)
 */
export async function paidOrdersOfEmail(q: Queryable, email: string, limit = 100): Promise<OrderRecord[]> {
  const { rows } = await q.query<Row>(
    `SELECT ${COLUMNS} FROM orders WHERE lower(buyer_email) = lower($1) AND status = ANY($2::text[]) ORDER BY created_at DESC LIMIT $3`,
    [email, [...PAID_STATUSES], limit],
  );
  return rows.map(fromRow);
}

/**
 * Locks and lists the orders on invoice whose due date passed before `now` and that were not
 * reminded yet (canceled ones aside), skipping those another transaction holds; whether each is
 * paid in full is the caller's to check (src/commerce/payment-terms.ts `reminderDue`).
 * @param now epoch ms
 * @returns order ids, oldest due first
 */
export async function lockOverdueInvoiceOrders(q: Queryable, now: number, limit: number): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    `SELECT id FROM orders
      WHERE status NOT IN ('pending_payment', 'voided', 'canceled') AND data ? 'invoice_payment'
        AND NOT (data->'invoice_payment' ? 'reminded_at') AND (data->'invoice_payment'->>'due_at')::timestamptz < $1
      ORDER BY (data->'invoice_payment'->>'due_at')::timestamptz LIMIT $2 FOR UPDATE SKIP LOCKED`,
    [at(now), limit],
  );
  return rows.map((r) => r.id);
}

/**
 * Records how many units of each line were shipped and delivered (the table's CHECKs refuse
 * more than ordered, or delivered before shipped).
 * @throws StateError when a constraint refuses a value or the database fails
 */
export async function saveLineProgress(q: Queryable, orderId: string, lines: ReadonlyArray<Pick<OrderLine, 'line_id' | 'shipped' | 'delivered'>>): Promise<void> {
  await q.query(
    `UPDATE order_lines l SET shipped = p.shipped, delivered = p.delivered
     FROM unnest($2::text[], $3::int[], $4::int[]) AS p(line_id, shipped, delivered)
     WHERE l.order_id = $1 AND l.line_id = p.line_id`,
    [orderId, lines.map((l) => l.line_id), lines.map((l) => l.shipped), lines.map((l) => l.delivered)],
  );
}

/** Replaces an order's status and document (call it on a row locked with `forUpdate`); `now` in epoch ms. */
export async function saveOrder(q: Queryable, order: OrderRecord, now: number): Promise<void> {
  await q.query('UPDATE orders SET status = $2, updated_at = $3, data = $4 WHERE id = $1', [order.id, order.status, at(now), orderDocument(order)]);
}

/** The lines of an order, in line id order. */
export async function orderLines(q: Queryable, orderId: string): Promise<OrderLine[]> {
  const { rows } = await q.query<OrderLine & { variant_id: string }>(
    'SELECT line_id, variant_id, title, quantity, unit_price, total, backordered, shipped, delivered FROM order_lines WHERE order_id = $1 ORDER BY line_id', [orderId]);
  return rows.map((r) => ({ ...r, variant_id: Number(r.variant_id) }));
}

/**
 * Records a charge, once per order.
 * @returns true when this call recorded it, false when the order was already charged
 */
export async function recordCharge(q: Queryable, charge: Omit<ChargeRecord, 'refunded'>): Promise<boolean> {
  const { rowCount } = await q.query(
    `INSERT INTO charges (order_id, amount, currency, handler, display, captured_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (order_id) DO NOTHING`,
    [charge.order_id, charge.amount, charge.currency, charge.handler, JSON.stringify(charge.display), charge.captured_at],
  );
  return (rowCount ?? 0) > 0;
}

/** The charge of an order, if it was charged. */
export async function loadCharge(q: Queryable, orderId: string): Promise<ChargeRecord | null> {
  const { rows } = await q.query<Omit<ChargeRecord, 'captured_at'> & { captured_at: Date }>(
    'SELECT order_id, amount, currency, handler, display, captured_at, refunded FROM charges WHERE order_id = $1', [orderId]);
  return rows[0] ? { ...rows[0], captured_at: iso(rows[0].captured_at) } : null;
}
