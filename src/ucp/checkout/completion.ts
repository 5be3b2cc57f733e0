/**
 * The steps of completing a checkout, written so that a crash at any point leaves a state the
 * next request can finish or undo (issue #6 points 5–7). The writes happen in this order:
 *
 * 1. claim: the checkout goes from `open` to `completing` with a new order id (compare-and-set:
 *    only one request completes a checkout, the others see `complete_in_progress`);
 * 2. stock: the units are held in the stock ledger under the checkout id (src/ucp/order/stock-ledger.ts);
 * 3. order: the order is written as `pending_payment` (so a charge can never exist without its order);
 * 4. charge: the payment is recorded once per order id (`payments/<order id>`, ifNew);
 * 5. the order becomes `processing`; 6. the stock holds are committed; 7. the checkout is `completed`.
 *
 * A failed step before the charge undoes 1–3 (holds released, order voided, checkout reopened:
 * nothing charged, still completable); when the charge cannot be read back (its write may have
 * landed though the store failed), nothing is undone and recovery decides. A request that finds a checkout `completing` for longer
 * than 60 s recovers it (`recoverStale`): if the charge exists it finishes 5–7, otherwise it
 * undoes 1–3. So no charge is left without an order, no order without its stock taken, and no
 * units held for an order that was never paid.
 */
import type { Stored } from '../../state/port';
import { serverError } from '../errors';
import { type OrderRecord, loadCharge, loadOrder, saveOrder } from '../order/store';
import type { ToolEnv } from '../tools/types';
import { type CheckoutRecord, loadCheckout, saveCheckout } from './store';

/** A completion older than this (ms) is considered crashed and is recovered by the next request. */
export const STALE_COMPLETION_MS = 60_000;

const ATTEMPTS = 5;

/** Variant ids of a checkout's lines (the stock ledger's keys). */
export const lineVariants = (record: Pick<CheckoutRecord, 'lines'>) => record.lines.map((l) => l.variant_id);

/** Changes a checkout with compare-and-set, re-reading on conflict; `change` returns null to leave it. */
async function mutate(env: ToolEnv, stored: Stored<CheckoutRecord>, change: (r: CheckoutRecord) => CheckoutRecord | null): Promise<Stored<CheckoutRecord>> {
  let current = stored;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const next = change(current.value);
    if (!next) return current;
    const saved = await saveCheckout(env.state, next, env.now(), current.etag);
    if (saved) return saved;
    const reread = await loadCheckout(env.state, current.value.id);
    if (!reread) throw serverError('conflict', `checkout "${current.value.id}" vanished while completing`);
    current = reread;
  }
  throw serverError('conflict', `checkout "${stored.value.id}" is being changed by another request; retry`);
}

/** Step 1: claims an open checkout for completion. @returns the claimed record, or null when it changed since read. */
export async function claim(env: ToolEnv, stored: Stored<CheckoutRecord>, orderId: string): Promise<Stored<CheckoutRecord> | null> {
  return saveCheckout(env.state, { ...stored.value, state: 'completing', completion: { order_id: orderId, started_at: env.now() } }, env.now(), stored.etag);
}

/** Undoes steps 1–3: releases the holds, voids a pending order, reopens the checkout (its approval stays). */
export async function rollBack(env: ToolEnv, stored: Stored<CheckoutRecord>): Promise<Stored<CheckoutRecord>> {
  const orderId = stored.value.completion?.order_id;
  if (orderId) {
    const order = await loadOrder(env.state, orderId);
    if (order && order.value.status === 'pending_payment') await saveOrder(env.state, { ...order.value, status: 'voided' }, order.etag);
  }
  await env.stock.release(stored.value.id, lineVariants(stored.value));
  return mutate(env, stored, (r) => {
    if (r.state !== 'completing') return null;
    const { completion: _dropped, ...open } = r;
    return { ...open, state: 'open' };
  });
}

/** Steps 5–7 once the charge is recorded: order `processing` with its first event, stock committed, checkout `completed`. */
export async function rollForward(env: ToolEnv, stored: Stored<CheckoutRecord>, order: Stored<OrderRecord>): Promise<Stored<CheckoutRecord>> {
  if (order.value.status === 'pending_payment') {
    const at = new Date(env.now()).toISOString();
    const processing: OrderRecord = {
      ...order.value,
      status: 'processing',
      events: [...order.value.events, { id: 'evt_1', occurred_at: at, type: 'processing', line_items: order.value.checkout.line_items.map((li) => ({ id: li.id, quantity: li.quantity })), description: 'Order received and paid; being prepared.' }],
    };
    if (!(await saveOrder(env.state, processing, order.etag))) {
      const reread = await loadOrder(env.state, order.value.id);
      if (reread?.value.status !== 'processing') throw serverError('conflict', `order "${order.value.id}" is being changed by another request; retry`);
    }
  }
  await env.stock.commit(stored.value.id, lineVariants(stored.value));
  return mutate(env, stored, (r) => {
    if (r.state === 'completed') return null;
    const { completion: _done, approval: _used, ...rest } = r;
    return { ...rest, state: 'completed', completed_at: new Date(env.now()).toISOString(), order: { id: order.value.id, label: order.value.label, secret: order.value.secret } };
  });
}

/**
 * Finishes or undoes a completion that has been running for more than 60 s (a crashed
 * request): finished when its charge exists, undone otherwise. Anything else is returned as is.
 */
export async function recoverStale(env: ToolEnv, stored: Stored<CheckoutRecord>): Promise<Stored<CheckoutRecord>> {
  const completion = stored.value.completion;
  if (stored.value.state !== 'completing' || !completion || env.now() - completion.started_at < STALE_COMPLETION_MS) return stored;
  const [order, charge] = await Promise.all([loadOrder(env.state, completion.order_id), loadCharge(env.state, completion.order_id)]);
  if (charge && order) return rollForward(env, stored, order);
  return rollBack(env, stored);
}

/** Loads a checkout (for `platform`, when given) and recovers a stale completion first. */
export async function loadCheckoutRecovered(env: ToolEnv, id: string, platform?: string): Promise<Stored<CheckoutRecord> | null> {
  const stored = await loadCheckout(env.state, id, platform);
  return stored ? recoverStale(env, stored) : null;
}
