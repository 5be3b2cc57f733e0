/**
 * Checkouts in the database (table `checkouts`; records of src/commerce/records.ts). What is stored is what the
 * buyer chose (variant ids and quantities, buyer, context, shipping address and option) and the
 * lifecycle, never prices: every read prices the checkout again. Ids carry 192 random bits. A
 * checkout is open for 6 hours from its creation (UCP default TTL) and then reads as canceled.
 *
 * `state` is the stored lifecycle: `open` (the UCP status incomplete / requires_escalation /
 * ready_for_complete is derived from the data), `completing` (complete_checkout is between
 * taking the stock and recording the payment: UCP `complete_in_progress`), `completed`,
 * `canceled`. Changes are compare-and-swap writes on the row's version (`replaceCheckout`:
 * read, then written only if unchanged), or happen in transactions that lock the row (`forUpdate`).
 */
import { type Owner, ownedBy } from '../commerce/owner';
import { type NewDocument, issueStatement } from './documents';
import { randomBytes } from 'node:crypto';
import type { CheckoutRecord, CheckoutState, LoadedDiscountUsage, OrderRecord } from '../commerce/records';
import { at, iso, type Queryable } from './db';
import type { IdempotencyScope } from './idempotency';
import { type NewMessage, enqueueWhen, noteQueued } from './outbox';
import { orderDocument } from './orders';
import { type ApprovalCodeRecord, openCodeFromJson, openCodeJson } from './approval-codes';

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

type Data = Pick<CheckoutRecord, 'lines' | 'context' | 'buyer' | 'address' | 'option_id' | 'instrument' | 'approval_secret' | 'escalation' | 'cancel_reason' | 'account' | 'quote_id' | 'discount_codes' | 'payment_term'>;

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

// `version` is the row version's xmin (the transaction that wrote it): any write of the row,
// even one that changes no value, gives it a new one, so comparing it is a compare-and-swap.
const SELECT = `SELECT c.id, c.platform, c.state, c.cart_id, c.created_at, c.updated_at, c.expires_at, c.data,
  c.approved_terms_hash, c.approved_at, c.completing_order_id, c.completing_since, c.order_id,
  o.label AS order_label, o.data -> 'secret' AS order_secret, c.completed_at, c.canceled_at, c.xmin::text AS version`;
const FROM = 'FROM checkouts c LEFT JOIN orders o ON o.id = c.order_id';

/** A checkout with the version of its row as read (see `replaceCheckout`). */
export interface VersionedCheckout {
  record: CheckoutRecord;
  /** Opaque; changes with every write of the row. */
  version: string;
  /** The checkout's open one-time code, when asked for (`withOpenCode`): null when none. */
  openCode?: ApprovalCodeRecord | null;
  /**
   * With `lockAddress`: the SHA-256 (hex) of the buyer's e-mail lower-cased, whose advisory lock
   * (`lockAddress` + digest) the read took for its transaction; null without an e-mail.
   */
  lockedAddress?: string | null;
}

/** What `loadVersionedCheckout` reads of the discount offers' uses with the row (see `discounts`). */
export interface UsageRead {
  /** Handles of the offers whose uses count (usage limit or one use per buyer). */
  offers: readonly string[];
  /**
   * The buyer key the once-per-buyer uses are read for (src/state/discount-uses.ts `buyerKey`);
   * absent: the stored buyer's e-mail. A change about to set another buyer names it here.
   */
  buyer?: string | null;
}

/**
 * Reads a checkout with the version of its row.
 * @param options.owner only a checkout of this owner (src/commerce/owner.ts `ownedBy`; others read as absent)
 * @param options.forUpdate lock the row until the end of the transaction `q` belongs to
 * @param options.withOpenCode read its open one-time code too
 * @param options.lockAddress take the transaction-level advisory lock of the buyer's address,
 *        named by this prefix and the address's digest (see `lockedAddress`)
 * @param options.discounts read the uses of these offers in the same statement, as
 *        `record.discount_usage` (the pricing then reads nothing: src/checkout/pricing.ts)
 * @returns the checkout, or null when the id is malformed or unknown (or of another owner)
 */
export async function loadVersionedCheckout(q: Queryable, id: string, options: { owner?: Owner; forUpdate?: boolean; withOpenCode?: boolean; lockAddress?: string; discounts?: UsageRead } = {}): Promise<VersionedCheckout | null> {
  if (!isCheckoutId(id)) return null;
  const values: unknown[] = [id];
  const param = (value: unknown) => `$${values.push(value)}`;
  const code = options.withOpenCode ? `, ${openCodeJson('c.id')} AS open_code` : '';
  // The digest is src/commerce/approval-code.ts addressDigest of an e-mail stored normalised;
  // the caller compares it with its own and locks again when they differ.
  const lock = options.lockAddress === undefined ? '' : `, a.digest AS address_digest, pg_advisory_xact_lock(hashtextextended(${param(options.lockAddress)}::text || a.digest, 0)) IS NULL AS address_locked`;
  const address = options.lockAddress === undefined ? '' : ` CROSS JOIN LATERAL (SELECT encode(sha256(convert_to(lower(c.data -> 'buyer' ->> 'email'), 'UTF8')), 'hex') AS digest) a`;
  const usage = options.discounts ? `, ${usageJson(param(options.discounts.offers), param(options.discounts.buyer ?? null))} AS discount_usage` : '';
  const { rows } = await q.query<Row & { version: string; open_code?: unknown; address_digest?: string | null; discount_usage?: UsageRow }>(
    `${SELECT}${code}${lock}${usage} ${FROM}${address} WHERE c.id = $1${options.forUpdate ? ' FOR UPDATE OF c' : ''}`,
    values,
  );
  const row = rows[0];
  const record = row ? fromRow(row) : null;
  if (!record || (options.owner !== undefined && !ownedBy(options.owner, record))) return null;
  if (options.discounts && row.discount_usage) record.discount_usage = usageFromRow(options.discounts.offers, row.discount_usage);
  return {
    record, version: row.version,
    ...(options.withOpenCode ? { openCode: openCodeFromJson(row.open_code) } : {}),
    ...(options.lockAddress === undefined ? {} : { lockedAddress: row.address_digest ?? null }),
  };
}

interface UsageRow { buyer: string; used: Record<string, number>; mine: string[] }

/**
 * The uses of the offers `$offers` (text[]) and the once-per-buyer uses of the buyer `$buyer`
 * (or, when null, of the checkout's e-mail as src/state/discount-uses.ts `buyerKey` makes it), as JSON.
 */
function usageJson(offers: string, buyer: string): string {
  return `(SELECT json_build_object('buyer', b.key,
      'used', (SELECT coalesce(json_object_agg(dc.offer, dc.used), '{}') FROM discount_counts dc WHERE dc.offer = ANY(${offers}::text[])),
      'mine', (SELECT coalesce(json_agg(du.offer), '[]') FROM discount_uses du WHERE du.offer = ANY(${offers}::text[]) AND du.buyer = b.key AND du.once))
    FROM (SELECT coalesce(${buyer}::text, lower(btrim(c.data -> 'buyer' ->> 'email')), '') AS key) b)`;
}

function usageFromRow(offers: readonly string[], row: UsageRow): LoadedDiscountUsage {
  return { offers, buyer: row.buyer, totalUsed: new Map(Object.entries(row.used)), usedByBuyer: new Set(row.mine) };
}

/**
 * Reads a checkout.
 * @param options.owner only a checkout of this owner (others read as absent)
 * @param options.forUpdate lock the row until the end of the transaction `q` belongs to
 * @returns the checkout, or null when the id is malformed or unknown (or of another owner)
 */
export async function loadCheckout(q: Queryable, id: string, options: { owner?: Owner; forUpdate?: boolean } = {}): Promise<CheckoutRecord | null> {
  return (await loadVersionedCheckout(q, id, options))?.record ?? null;
}

function columns(record: CheckoutRecord): unknown[] {
  const data: Data = {
    lines: record.lines, context: record.context, buyer: record.buyer, address: record.address,
    option_id: record.option_id, instrument: record.instrument, approval_secret: record.approval_secret, escalation: record.escalation,
    cancel_reason: record.cancel_reason, account: record.account, quote_id: record.quote_id, discount_codes: record.discount_codes, payment_term: record.payment_term,
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

/** The id and the mutable columns of `columns`, in that order (`$1` … `$11` of `SET_MUTABLE`). */
const mutable = (values: unknown[]): unknown[] => [0, 2, 5, 7, 8, 9, 10, 11, 12, 13, 14].map((i) => values[i]);
const SET_MUTABLE = `state = $2, updated_at = $3, data = $4, approved_terms_hash = $5, approved_at = $6,
  completing_order_id = $7, completing_since = $8, order_id = $9, completed_at = $10, canceled_at = $11`;

/**
 * The compare-and-swap UPDATE of `replaceCheckout` (without RETURNING), to run inside a larger
 * statement; `$3` is `updated_at`, stamped from `now` (epoch ms).
 */
export function checkoutUpdate(record: CheckoutRecord, now: number, version: string): { sql: string; values: unknown[]; stamped: CheckoutRecord } {
  const stamped = { ...record, updated_at: iso(at(now)) };
  return { sql: `UPDATE checkouts SET ${SET_MUTABLE} WHERE id = $1 AND xmin::text = $12`, values: [...mutable(columns(stamped)), version], stamped };
}

/**
 * Replaces every mutable column of a checkout, stamping `updated_at` from `now` (epoch ms), if
 * its row is still at `version` (compare-and-swap, without a transaction: a write that ran
 * since, even one waited for, makes this one change nothing).
 * @returns the stored record, or null when the row changed since it was read (or is gone)
 */
export async function replaceCheckout(q: Queryable, record: CheckoutRecord, now: number, version: string): Promise<CheckoutRecord | null> {
  const update = checkoutUpdate(record, now, version);
  const { rowCount } = await q.query(update.sql, update.values);
  return (rowCount ?? 0) > 0 ? update.stamped : null;
}

/**
 * Inserts a new checkout made from a cart, if the cart's row is still at `cartVersion` (a
 * compare-and-swap on the cart, whose row it rewrites unchanged: two checkouts made at once from
 * one cart, or one made from a cart being changed or canceled, cannot both be stored).
 * @param now epoch ms (`updated_at`)
 * @returns the stored record, or null when the cart changed since it was read (or is gone)
 */
export async function insertCheckoutOfCart(q: Queryable, record: CheckoutRecord & { cart_id: string }, now: number, cartVersion: string): Promise<CheckoutRecord | null> {
  const stamped = { ...record, updated_at: iso(at(now)) };
  const { rowCount } = await q.query(
    `WITH cart AS (UPDATE carts SET updated_at = updated_at WHERE id = $4 AND xmin::text = $16 RETURNING id)
     INSERT INTO checkouts (id, platform, state, cart_id, created_at, updated_at, expires_at, data, approved_terms_hash, approved_at,
       completing_order_id, completing_since, order_id, completed_at, canceled_at)
     SELECT $1, $2, $3, cart.id, $5::timestamptz, $6::timestamptz, $7::timestamptz, $8::jsonb, $9, $10::timestamptz,
       $11, $12::timestamptz, $13, $14::timestamptz, $15::timestamptz FROM cart`,
    [...columns(stamped), cartVersion],
  );
  return (rowCount ?? 0) > 0 ? stamped : null;
}

/**
 * Finishes a paid completion in one statement: the checkout, if it is still completing
 * `order.id`, becomes `checkout` (completed); then the order, if still `pending_payment`, becomes
 * `order` (paid), its `invoice` is issued (the next number of the year: src/state/documents.ts)
 * and `messages` are queued; and the caller's idempotency key, when given, gets its response. All of it happens, or none (the recovery finished or undid it first). The
 * queued messages are listed for delivery after the response (`noteQueued`).
 * @param now epoch ms (`updated_at` of both rows, `created_at` of the messages)
 * @returns the completed checkout, or null when it was no longer completing that order
 */
export async function finishPaidCompletion(q: Queryable, paid: { checkout: CheckoutRecord; order: OrderRecord; invoice: NewDocument; messages: readonly NewMessage[]; key?: { scope: IdempotencyScope; response: unknown } }, now: number): Promise<CheckoutRecord | null> {
  const stamped = { ...paid.checkout, updated_at: iso(at(now)) };
  const values = [...mutable(columns(stamped)), paid.order.id, paid.order.status, orderDocument(paid.order)];
  const queue = enqueueWhen('ord', paid.messages, values.length + 1, now);
  values.push(...queue.values);
  const key = paid.key ? [paid.key.scope.platform, paid.key.scope.tool, paid.key.scope.key, JSON.stringify(paid.key.response)] : null;
  const first = values.length + 1;
  if (key) values.push(...key);
  const invoice = issueStatement(paid.invoice, now, values.length + 1, 'EXISTS (SELECT 1 FROM ord)');
  values.push(...invoice.values);
  const { rows } = await q.query<{ finished: boolean; queued: Array<{ id: number; dedupe_key: string }> | null }>(
    `WITH chk AS (
       UPDATE checkouts SET ${SET_MUTABLE} WHERE id = $1 AND state = 'completing' AND completing_order_id = $12 RETURNING id
     ), ord AS (
       UPDATE orders SET status = $13, updated_at = $3, data = $14 WHERE id = $12 AND status = 'pending_payment' AND EXISTS (SELECT 1 FROM chk) RETURNING id
     ), msg AS (${queue.sql})${key ? `, idem AS (
       UPDATE idempotency_records SET state = 'done', response = $${first + 3} WHERE platform = $${first} AND tool = $${first + 1} AND key = $${first + 2} AND state = 'pending' AND EXISTS (SELECT 1 FROM chk)
     )` : ''}, ${invoice.ctes}
     SELECT EXISTS (SELECT 1 FROM chk) AS finished, (SELECT json_agg(msg) FROM msg) AS queued`,
    values,
  );
  noteQueued(rows[0]?.queued ?? [], paid.messages, now);
  return rows[0]?.finished ? stamped : null;
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
