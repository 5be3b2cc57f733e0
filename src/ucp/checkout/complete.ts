/**
 * `complete_checkout` (docs/ucp.md §3–§6). It charges only when:
 * - the checkout is complete (items, buyer email, deliverable address, shipping option),
 * - the buyer approved exactly these terms on the store's page within the last 15 minutes and no
 *   3-D Secure authentication is pending (otherwise: `requires_escalation` with the continue_url),
 * - the selected instrument is the store's sandbox card handler with a token
 *   (`success_token` pays; `fail_token` → `payment_failed`, recoverable, nothing charged;
 *   `3ds_token` → `requires_escalation` with `requires_3ds`, kept until the buyer approves again).
 *
 * One transaction claims the checkout (`completing`, row locked so concurrent completions of one
 * checkout run one after the other), takes the stock (conditional UPDATEs), writes the
 * `pending_payment` order and reserves the idempotency key: all of it commits, or none. The
 * payment handler then records the charge (once per order), and a second transaction finishes or
 * undoes the completion (completion.ts, which also recovers a request that died in between).
 * Concurrent calls with one key wait for the first one's response (src/ucp/idempotency.ts).
 * The token is read by the sandbox and never stored or echoed.
 */
import { approvalValid } from '../../commerce/approval';
import { type Queryable, transaction } from '../../state/db';
import { type CheckoutRecord, loadCheckout, saveCheckout } from '../../state/checkouts';
import { insertOrder, loadCharge, newOrderId, recordCharge } from '../../state/orders';
import { finishKey, readKey, releaseKey, reserveKey } from '../../state/idempotency';
import { takeStock } from '../../state/stock';
import { serverError } from '../errors';
import { KeyTakenError } from '../idempotency';
import { errorMessage, infoMessage } from '../messages';
import { buildOrder, orderLinesOf } from '../order/build';
import { SANDBOX_HANDLER_ID, type Authorization, authorize, sandboxHandlerName, selectInstrument } from '../payment/sandbox';
import { OPERATION, defineTool, type ToolEnv } from '../tools/types';
import { type Checkout, CheckoutCompleteRequest } from '../wire/checkout';
import type { ErrorResponse } from '../wire/common';
import { finishCompletion, loadCheckoutRecovered, undoCompletion } from './completion';
import { type PricedCheckout, priceCheckout } from './pricing';
import { checkoutCommon, lockedMessage, missingCheckout } from './tools';
import { renderCheckout } from './view';

const ATTEMPTS = 5;

const paymentError = (code: string, content: string, path = '$.payment.instruments') => errorMessage(code, content, 'recoverable', path);

/**
 * A response; whether it may be replayed for the same key (a transient state may not); whether
 * this call reserved the key on the way (the claim's transaction does).
 */
interface Outcome {
  response: Checkout | ErrorResponse;
  keep: boolean;
  reserved?: boolean;
}

/** The checkout changed between the checks and the claim: start over on its new state. */
class ChangedError extends Error {}

/** Completes one checkout; see the module comment. */
async function complete(id: string, payload: CheckoutCompleteRequest, env: ToolEnv): Promise<Checkout | ErrorResponse> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    let outcome: Outcome;
    try {
      outcome = await attemptCompletion(id, payload, env);
    } catch (error) {
      if (error instanceof ChangedError) continue;
      throw error;
    }
    await settleKey(env, outcome);
    return outcome.response;
  }
  throw serverError('conflict', `checkout "${id}" is being changed by other requests; retry`);
}

/**
 * Stores the response under the call's idempotency key. An answer given without a write (the
 * checks refused) must still win the key, or a concurrent call with the same key that did pay
 * would answer differently: when another call holds the key, its response is awaited instead.
 * @throws KeyTakenError when another call with the same key got there first
 */
async function settleKey(env: ToolEnv, outcome: Outcome): Promise<void> {
  const key = env.idempotency;
  if (!key) return;
  const held = key.takenOver || outcome.reserved;
  if (!held) {
    if (!outcome.keep) {
      if (await readKey(env.db, key.scope, env.now())) throw new KeyTakenError();
      return;
    }
    if (!(await reserveKey(env.db, key.scope, env.now()))) throw new KeyTakenError();
  }
  const settle = outcome.keep ? finishKey(env.db, key.scope, outcome.response) : releaseKey(env.db, key.scope);
  // The completion itself is committed: a failure here only delays the key's replay until it is taken over as stale.
  await settle.catch((error) => console.error('complete_checkout: storing the idempotent response failed', error));
}

/** The checks before any write: a response when the checkout cannot be paid now, else what the claim needs. */
async function precheck(id: string, payload: CheckoutCompleteRequest, env: ToolEnv): Promise<Outcome | { record: CheckoutRecord; priced: PricedCheckout; authorization: Exclude<Authorization, { outcome: 'invalid' }>; index: number }> {
  const record = await loadCheckoutRecovered(env, id, env.platform);
  if (!record) return { response: missingCheckout(env, id), keep: true };
  const locked = lockedMessage(record, env.now());
  if (locked) return { response: await renderCheckout(record, env, { extra: [locked] }), keep: record.state !== 'completing' };
  const priced = await priceCheckout(record, env);
  // Incomplete, not approved, or 3-D Secure pending: the rendered checkout says what is missing.
  if (!priced.complete || record.escalation || !approvalValid(record.approval ?? null, priced.termsHash, Math.floor(env.now() / 1000))) {
    return { response: await renderCheckout(record, env, { priced }), keep: true };
  }
  const instruments = payload.payment.instruments;
  const index = selectInstrument(instruments);
  if (typeof index !== 'number') return { response: await renderCheckout(record, env, { priced, extra: [paymentError('invalid_payment', index.reason, index.path)] }), keep: true };
  const authorization = authorize(instruments[index], index);
  if (authorization.outcome === 'invalid') return { response: await renderCheckout(record, env, { priced, extra: [paymentError('invalid_payment', authorization.reason, authorization.path)] }), keep: true };
  return { record, priced, authorization, index };
}

async function attemptCompletion(id: string, payload: CheckoutCompleteRequest, env: ToolEnv): Promise<Outcome> {
  const checked = await precheck(id, payload, env);
  if ('response' in checked) return checked;
  const { record, priced, authorization, index } = checked;
  const now = env.now();
  const orderId = newOrderId();
  const checkout = await renderCheckout(record, env, { priced });

  // The claim: key, checkout, stock and order commit together or not at all.
  const claim = await transaction(env.db, async (tx) => {
    const key = env.idempotency;
    if (key && !key.takenOver && !(await reserveKey(tx, key.scope, now))) throw new KeyTakenError();
    const current = await loadCheckout(tx, id, { platform: env.platform, forUpdate: true });
    if (!current || current.state !== 'open' || current.updated_at !== record.updated_at) throw new ChangedError();
    await tx.query('SAVEPOINT take_stock');
    const taken = await takeStock(tx, orderId, env.stock.takes(record.lines));
    if (!taken.ok) {
      await tx.query('ROLLBACK TO SAVEPOINT take_stock');
      return { soldOut: taken };
    }
    const order = await buildOrder(env, orderId, record, priced, checkout, taken.backordered);
    await insertOrder(tx, order, orderLinesOf(priced, taken.backordered), now);
    return { claimed: await saveCheckout(tx, { ...current, state: 'completing', completion: { order_id: orderId, started_at: now } }, now) };
  });
  env.stock.forget(record.lines.map((l) => l.variant_id));

  if (claim.soldOut) {
    const { variantId, left } = claim.soldOut;
    const line = priced.lines.findIndex((l) => l.variant.id === variantId);
    const title = priced.lines[line]?.lineItem.item.title ?? `variant ${variantId}`;
    const why = left > 0 ? `Only ${left} × ${title} left in stock; lower the quantity.` : `${title} has just sold out.`;
    const message = errorMessage('out_of_stock', `${why} Nothing was charged.`, 'recoverable', `$.line_items[${Math.max(line, 0)}]`);
    return { response: await renderCheckout(record, env, { extra: [message] }), keep: true, reserved: true };
  }

  try {
    return { response: await pay(env, claim.claimed!, orderId, priced, authorization, index), keep: true, reserved: true };
  } catch (error) {
    // Before the charge is recorded, undo at once; after it (or when that cannot be known), the recovery finishes it.
    const charged = await loadCharge(env.db, orderId).then((charge) => charge !== null, () => true);
    if (!charged) await settleCompletion(env, id, orderId, (tx, locked) => undoCompletion(tx, locked, env.now())).catch(() => undefined);
    throw error;
  }
}

/** Runs the payment of a claimed checkout and finishes or undoes the completion. */
async function pay(env: ToolEnv, claimed: CheckoutRecord, orderId: string, priced: PricedCheckout, authorization: Exclude<Authorization, { outcome: 'invalid' }>, index: number): Promise<Checkout> {
  if (authorization.outcome === 'paid') {
    await recordCharge(env.db, {
      order_id: orderId, amount: priced.totals.at(-1)!.amount, currency: env.catalog.store.currency,
      handler: `${sandboxHandlerName(env.catalog.store)}#${SANDBOX_HANDLER_ID}`, display: authorization.display, captured_at: new Date(env.now()).toISOString(),
    });
    return renderCheckout(await settleCompletion(env, claimed.id, orderId, (tx, locked) => finishCompletion(tx, locked, env.now())), env);
  }
  const at = `$.payment.instruments[${index}]`;
  if (authorization.outcome === 'requires_3ds') {
    // The escalation is kept on the checkout: it reads requires_escalation (requires_3ds) until the buyer approves again.
    const reopened = await settleCompletion(env, claimed.id, orderId, (tx, locked) => undoCompletion(tx, locked, env.now(), { reason: 'requires_3ds', at: env.now() }));
    return renderCheckout(reopened, env, { extra: [infoMessage('payment_not_charged', `${authorization.reason}. Nothing was charged.`)] });
  }
  const reopened = await settleCompletion(env, claimed.id, orderId, (tx, locked) => undoCompletion(tx, locked, env.now()));
  return renderCheckout(reopened, env, { extra: [paymentError('payment_failed', `Payment declined: ${authorization.reason}. Nothing was charged; the checkout can be completed with another payment instrument (new idempotency key).`, at)] });
}

/**
 * Applies `step` to the checkout if it is still completing `orderId` (the recovery may have
 * settled it already when this request was slow), in one transaction.
 * @returns the checkout after the step, or as the recovery left it
 */
async function settleCompletion(env: ToolEnv, id: string, orderId: string, step: (tx: Queryable, locked: CheckoutRecord) => Promise<CheckoutRecord>): Promise<CheckoutRecord> {
  return transaction(env.db, async (tx) => {
    const locked = await loadCheckout(tx, id, { forUpdate: true });
    if (!locked) throw serverError('conflict', `checkout "${id}" vanished while completing`);
    return locked.state === 'completing' && locked.completion?.order_id === orderId ? step(tx, locked) : locked;
  });
}

export const completeCheckoutTool = defineTool<CheckoutCompleteRequest>({
  ...checkoutCommon,
  name: 'complete_checkout',
  title: 'Complete a checkout (pay)',
  description:
    'Pay and place the order. Only after the buyer approved the exact terms on the store\'s page (continue_url of a requires_escalation checkout), within 15 minutes, at the moment of paying. ' +
    `meta["idempotency-key"] is required. Payment: checkout.payment.instruments = [{id, handler_id: "${SANDBOX_HANDLER_ID}", type: "card", selected: true, credential: {type: "token", token}}]; ` +
    'sandbox tokens: success_token pays, fail_token is declined (payment_failed, nothing charged), 3ds_token needs the buyer (requires_escalation). Returns the checkout with order {id, permalink_url} once completed.',
  ...OPERATION.complete,
  payloadKey: 'checkout',
  payload: CheckoutCompleteRequest,
  ownsIdempotencyRecord: true,
  run: ({ id, payload }, env) => complete(id, payload, env),
});
