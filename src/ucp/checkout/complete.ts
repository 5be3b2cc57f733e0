/**
 * `complete_checkout` (docs/ucp.md §3–§6; issue #6 points 4–7). It charges only when:
 * - the checkout is complete (items, buyer email, deliverable address, shipping option),
 * - the buyer approved exactly these terms on the store's page within the last 15 minutes
 *   (otherwise: `requires_escalation` with `buyer_approval_required` and the continue_url),
 * - the selected instrument is the store's sandbox card handler with a token
 *   (`success_token` pays; `fail_token` → `payment_failed`, recoverable, nothing charged;
 *   `3ds_token` → `requires_escalation` with `requires_3ds`).
 * `meta["idempotency-key"]` is required: a retry with the same key returns the stored response
 * (src/ucp/idempotency.ts), a concurrent completion of the same checkout sees
 * `complete_in_progress`, and the charge is recorded once per order, so nothing is charged
 * twice. Stock is taken with compare-and-set; the order of the writes is in completion.ts.
 * The token is read by the sandbox and never stored or echoed.
 */
import { approvalValid } from '../../commerce/approval';
import { serverError } from '../errors';
import { errorMessage } from '../messages';
import { buildOrder } from '../order/build';
import { loadCharge, newOrderId, recordCharge, saveOrder } from '../order/store';
import { SANDBOX_HANDLER_ID, authorize, sandboxHandlerName, selectInstrument } from '../payment/sandbox';
import { defineTool, type ToolEnv } from '../tools/types';
import { type Checkout, CheckoutCompleteRequest } from '../wire/checkout';
import type { ErrorResponse } from '../wire/common';
import { claim, loadCheckoutRecovered, rollBack, rollForward } from './completion';
import { priceCheckout } from './pricing';
import type { CheckoutRecord } from './store';
import { checkoutCommon, lockedMessage, missingCheckout } from './tools';
import { renderCheckout } from './view';

const ATTEMPTS = 5;

const paymentError = (code: string, content: string, path = '$.payment.instruments') => errorMessage(code, content, 'recoverable', path);

/** Completes one checkout; see the module comment. */
async function complete(id: string, payload: CheckoutCompleteRequest, env: ToolEnv): Promise<Checkout | ErrorResponse> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const stored = await loadCheckoutRecovered(env, id, env.platform);
    if (!stored) return missingCheckout(env, id);
    const record: CheckoutRecord = stored.value;
    const locked = lockedMessage(record, env.now());
    if (locked) return renderCheckout(record, env, { extra: [locked] });
    const priced = await priceCheckout(record, env);
    // Incomplete, or not approved: the rendered checkout says what is missing (status incomplete / requires_escalation).
    if (!priced.complete || !approvalValid(record.approval ?? null, priced.termsHash, Math.floor(env.now() / 1000))) return renderCheckout(record, env, { priced });

    const instruments = payload.payment.instruments;
    const index = selectInstrument(instruments);
    if (typeof index !== 'number') return renderCheckout(record, env, { priced, extra: [paymentError('invalid_payment', index.reason, index.path)] });
    const authorization = authorize(instruments[index], index);
    if (authorization.outcome === 'invalid') return renderCheckout(record, env, { priced, extra: [paymentError('invalid_payment', authorization.reason, authorization.path)] });

    const checkout = await renderCheckout(record, env, { priced });
    const orderId = newOrderId();
    const claimed = await claim(env, stored, orderId);
    if (!claimed) continue; // changed since read (another request): start over on the new state
    try {
      const held = await env.stock.hold(record.id, record.lines.map((l) => ({ variantId: l.variant_id, quantity: l.quantity })));
      if (!held.ok) {
        const reopened = await rollBack(env, claimed);
        const line = priced.lines.findIndex((l) => l.variant.id === held.variantId);
        const title = priced.lines[line]?.lineItem.item.title ?? `variant ${held.variantId}`;
        const why = held.left > 0 ? `Only ${held.left} × ${title} left in stock; lower the quantity.` : `${title} has just sold out.`;
        return renderCheckout(reopened.value, env, { extra: [errorMessage('out_of_stock', `${why} Nothing was charged.`, 'recoverable', `$.line_items[${Math.max(line, 0)}]`)] });
      }
      const order = await buildOrder(env, orderId, record, priced, checkout, held.backordered);
      const orderEtag = await saveOrder(env.state, order);
      if (!orderEtag) throw serverError('conflict', `order id ${orderId} already exists; retry`);
      if (authorization.outcome !== 'paid') {
        const reopened = await rollBack(env, claimed);
        if (authorization.outcome === 'requires_3ds') {
          return renderCheckout(reopened.value, env, { escalate: true, extra: [errorMessage('requires_3ds', `${authorization.reason}. Nothing was charged. The buyer must authenticate the payment; in this sandbox, complete again with another token (new idempotency key).`, 'requires_buyer_input', `$.payment.instruments[${index}]`)] });
        }
        return renderCheckout(reopened.value, env, { extra: [paymentError('payment_failed', `Payment declined: ${authorization.reason}. Nothing was charged; the checkout can be completed with another payment instrument (new idempotency key).`, `$.payment.instruments[${index}]`)] });
      }
      await recordCharge(env.state, {
        order_id: orderId, amount: priced.totals.at(-1)!.amount, currency: env.catalog.store.currency,
        handler: `${sandboxHandlerName(env.catalog.store)}#${SANDBOX_HANDLER_ID}`, display: authorization.display, captured_at: new Date(env.now()).toISOString(),
      });
      const done = await rollForward(env, claimed, { value: order, etag: orderEtag, expiresAt: null });
      return renderCheckout(done.value, env);
    } catch (error) {
      // Before the charge is recorded, undo (stock, order, claim); after it, leave the completion to recoverStale, which finishes it.
      // A charge that cannot be read may exist (a write whose reply was lost): undoing would leave it without its order, so recoverStale decides.
      const charged = await loadCharge(env.state, orderId).then((charge) => charge !== null, () => true);
      if (!charged) await rollBack(env, claimed).catch(() => undefined);
      throw error;
    }
  }
  throw serverError('conflict', `checkout "${id}" is being changed by other requests; retry`);
}

export const completeCheckoutTool = defineTool<CheckoutCompleteRequest>({
  ...checkoutCommon,
  name: 'complete_checkout',
  title: 'Complete a checkout (pay)',
  description:
    'Pay and place the order. Only after the buyer approved the exact terms on the store\'s page (continue_url of a requires_escalation checkout), within 15 minutes, at the moment of paying. ' +
    `meta["idempotency-key"] is required. Payment: checkout.payment.instruments = [{id, handler_id: "${SANDBOX_HANDLER_ID}", type: "card", selected: true, credential: {type: "token", token}}]; ` +
    'sandbox tokens: success_token pays, fail_token is declined (payment_failed, nothing charged), 3ds_token needs the buyer (requires_escalation). Returns the checkout with order {id, permalink_url} once completed.',
  payloadKey: 'checkout',
  payload: CheckoutCompleteRequest,
  takesId: true,
  idempotency: 'required',
  readOnly: false,
  run: ({ id, payload }, env) => complete(id, payload, env),
});
