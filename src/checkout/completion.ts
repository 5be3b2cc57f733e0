/**
 * The two ends of a completion and its crash recovery (docs/decisions.md "Never oversell, never
 * charge twice"). The payment (complete.ts) commits, in one transaction, the claim of the
 * checkout (`completing`), the stock taken and the `pending_payment` order; then the payment
 * handler records the charge (at most one per order); then the completion is either finished
 * (order `processing`, checkout `completed`: one statement, src/state/checkouts.ts
 * `finishPaidCompletion`, or `finishCompletion` in a transaction) or undone (stock released,
 * order `voided`, checkout reopened). A request that dies in between leaves a checkout `completing`: after 60 s,
 * `sweepStaleCompletions` (run every minute by the scheduled function netlify/functions/sweep.ts)
 * or the next read of that checkout finishes it when its charge exists and undoes it otherwise.
 * So no charge is left without its order, no order without its stock, and no units stay held
 * by a completion that died.
 */
import { releaseQuote } from '../state/quotes';
import { releaseDiscountUses } from '../state/discount-uses';
import type { CheckoutRecord, OrderRecord } from '../commerce/records';
import { type Db, type Queryable, transaction } from '../state/db';
import { type UsageRead, type VersionedCheckout, loadCheckout, loadVersionedCheckout, lockStaleCompletions, saveCheckout } from '../state/checkouts';
import { loadCharge, loadOrder, saveOrder } from '../state/orders';
import { releaseStock } from '../state/stock';
import { queueOrderConfirmation } from '../mail/messages';
import type { CommerceContext, Owner } from './context';
import { announceOrderEvent } from './order-events';

/** A completion running longer than this (ms) is considered crashed and is recovered. */
export const STALE_COMPLETION_MS = 60_000;

/** True when a checkout's completion started more than 60 s before `now` (epoch ms). */
export const isStale = (record: CheckoutRecord, now: number) =>
  record.state === 'completing' && !!record.completion && now - record.completion.started_at >= STALE_COMPLETION_MS;

/**
 * Undoes a completion on its locked checkout: gives the stock back, voids the pending order and
 * reopens the checkout. `escalation` says why the payment needs the buyer again: 3-D Secure (the
 * approval stays, waiting for the buyer's answer) or a decline (the approval is void: another
 * try needs the buyer's approval again). Without it (a crashed request) the approval stays.
 * @param now epoch ms
 * @returns the reopened checkout
 */
export async function undoCompletion(tx: Queryable, record: CheckoutRecord, now: number, escalation?: CheckoutRecord['escalation']): Promise<CheckoutRecord> {
  const orderId = record.completion?.order_id;
  if (orderId) {
    await releaseStock(tx, orderId, now);
    if (record.quote_id) await releaseQuote(tx, orderId);
    if (record.discount_codes?.length) await releaseDiscountUses(tx, orderId);
    const order = await loadOrder(tx, orderId, true);
    if (order?.status === 'pending_payment') await saveOrder(tx, { ...order, status: 'voided' }, now);
  }
  const { completion: _dropped, ...open } = record;
  if (escalation?.reason === 'payment_declined') delete open.approval;
  return saveCheckout(tx, { ...open, state: 'open', ...(escalation ? { escalation } : {}) }, now);
}

/**
 * The paid form of a `pending_payment` order: `processing`, with its first fulfillment event
 * (every line, in the order's language).
 * @param occurredAt ISO 8601
 */
export function paidOrder(order: OrderRecord, occurredAt: string): OrderRecord {
  return {
    ...order,
    status: 'processing',
    events: [...order.events, { id: 'evt_1', occurred_at: occurredAt, type: 'processing', line_items: order.lines.map((li) => ({ id: li.id, quantity: li.quantity })) }],
  };
}

/**
 * Queues what a newly paid order sends: its confirmation e-mail, the merchant's e-mail and the
 * platform's `created` webhook. Call it in the transaction that makes the order paid, so each
 * message is queued once, even after a crash.
 * @param now epoch ms; `occurredAt` its ISO 8601 form
 */
export async function queuePaidOrder(tx: Queryable, paid: OrderRecord, now: number, occurredAt: string): Promise<void> {
  await queueOrderConfirmation(tx, paid, now);
  await announceOrderEvent(tx, paid, { kind: 'created', id: 'evt_1', occurred_at: occurredAt }, now);
}

/** A checkout completed by its paid order (its approval is spent). @param occurredAt ISO 8601 */
export function completedCheckout(record: CheckoutRecord, order: Pick<OrderRecord, 'id' | 'label' | 'secret'>, occurredAt: string): CheckoutRecord {
  const { completion: _done, approval: _spent, escalation: _passed, ...rest } = record;
  return { ...rest, state: 'completed', completed_at: occurredAt, order: { id: order.id, label: order.label, secret: order.secret } };
}

/**
 * Finishes a paid completion on its locked checkout: the order becomes `processing` with its
 * first fulfillment event, its messages are queued (`queuePaidOrder`), the checkout `completed`.
 * @param now epoch ms
 * @returns the completed checkout
 * @throws Error when the order of the completion is missing (the schema makes it impossible)
 */
export async function finishCompletion(tx: Queryable, record: CheckoutRecord, now: number): Promise<CheckoutRecord> {
  const orderId = record.completion!.order_id;
  const order = await loadOrder(tx, orderId, true);
  if (!order) throw new Error(`order ${orderId} of checkout ${record.id} is missing`);
  const occurredAt = new Date(now).toISOString();
  if (order.status === 'pending_payment') {
    const paid = paidOrder(order, occurredAt);
    await saveOrder(tx, paid, now);
    await queuePaidOrder(tx, paid, now, occurredAt);
  }
  return saveCheckout(tx, completedCheckout(record, order, occurredAt), now);
}

/** Recovers a locked checkout whose completion crashed: finished when charged, undone otherwise. */
async function recoverLocked(tx: Queryable, record: CheckoutRecord, now: number): Promise<CheckoutRecord> {
  const charge = await loadCharge(tx, record.completion!.order_id);
  return charge ? finishCompletion(tx, record, now) : undoCompletion(tx, record, now);
}

/**
 * Recovers every completion that has run longer than 60 s (crashed requests), in one
 * transaction; rows another transaction holds are skipped (a live completion or another sweep).
 * @param now epoch ms
 * @param limit most checkouts recovered in one call
 * @returns how many were finished and how many undone
 */
export async function sweepStaleCompletions(db: Db, now: number, limit = 100): Promise<{ finished: number; undone: number }> {
  return transaction(db, async (tx) => {
    const counts = { finished: 0, undone: 0 };
    for (const id of await lockStaleCompletions(tx, now - STALE_COMPLETION_MS, limit)) {
      const record = await loadCheckout(tx, id);
      if (!record) continue;
      const recovered = await recoverLocked(tx, record, now);
      counts[recovered.state === 'completed' ? 'finished' : 'undone']++;
    }
    return counts;
  });
}

/**
 * Loads and locks a checkout (of `owner`, when given) in the caller's transaction, recovering
 * a crashed completion first (in that transaction).
 * @param now epoch ms
 * @returns the locked checkout, or null when unknown (or of another owner)
 */
export async function lockCheckoutRecovered(tx: Queryable, id: string, now: number, owner?: Owner): Promise<CheckoutRecord | null> {
  const locked = await loadCheckout(tx, id, { owner, forUpdate: true });
  return locked && isStale(locked, now) ? recoverLocked(tx, locked, now) : locked;
}

/**
 * Loads a checkout (of `owner`, when given) with the version of its row (and its open code
 * with `withOpenCode`, the uses of the offers `discounts` names), recovering a crashed completion
 * first (in a transaction that locks the row; then it is read again).
 * @returns the checkout and its row's version, or null when unknown (or of another owner)
 */
export async function loadVersionedRecovered(env: Pick<CommerceContext, 'db' | 'now'>, id: string, owner?: Owner, options: { withOpenCode?: boolean; discounts?: UsageRead } = {}): Promise<VersionedCheckout | null> {
  const loaded = await loadVersionedCheckout(env.db, id, { owner, ...options });
  if (!loaded || !isStale(loaded.record, env.now())) return loaded;
  await transaction(env.db, (tx) => lockCheckoutRecovered(tx, id, env.now(), owner));
  return loadVersionedCheckout(env.db, id, { owner, ...options });
}

/**
 * Loads a checkout (of `owner`, when given), recovering a crashed completion first.
 * @param discounts the offers whose uses are read with it (`loadVersionedRecovered`)
 * @returns the checkout, or null when unknown (or of another owner)
 */
export async function loadCheckoutRecovered(env: Pick<CommerceContext, 'db' | 'now'>, id: string, owner?: Owner, discounts?: UsageRead): Promise<CheckoutRecord | null> {
  return (await loadVersionedRecovered(env, id, owner, { discounts }))?.record ?? null;
}

/**
 * Waits (polling, up to `waitMs`) while another request is paying a checkout: a completion
 * takes tens of milliseconds, so a concurrent payment (another idempotency key, a double click,
 * a second tab) can answer with the order it made instead of "in progress".
 * @param waitMs the longest wait, in ms of the wall clock
 * @returns the checkout once no completion of it runs (still `completing` when the wait ran
 *          out), or null when unknown (or of another owner)
 * @throws StateError when the database fails
 */
export async function settledCompletion(env: Pick<CommerceContext, 'db' | 'now'>, id: string, owner?: Owner, waitMs = 5000): Promise<CheckoutRecord | null> {
  const deadline = Date.now() + waitMs;
  for (let pause = 20; ; pause = Math.min(pause * 2, 500)) {
    const record = await loadCheckoutRecovered(env, id, owner);
    if (!record || record.state !== 'completing' || Date.now() >= deadline) return record;
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}
