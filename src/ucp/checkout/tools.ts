/**
 * The checkout tools (UCP 2026-04-08 checkout capability with fulfillment; docs/ucp.md §2–§4):
 * `create_checkout` (from line items or a `cart_id`; a live checkout of the same cart is
 * returned as is), `get_checkout`, `update_checkout` (each part sent replaces the stored one)
 * and `cancel_checkout` (idempotency key required). `complete_checkout` is in complete.ts.
 * Changes lock the checkout's row for their transaction; `completed` and `canceled` are terminal:
 * later calls return the checkout with an error message and change nothing. A checkout is
 * visible only to the platform that created it (others get `not_found`).
 */
import { errorMessage, errorResponse, notFound } from '../messages';
import { loadCart } from '../../state/carts';
import { transaction } from '../../state/db';
import { CHECKOUT_TTL_SECONDS, type CheckoutRecord, checkoutOfCart, isExpired, loadCheckout, newCheckoutId, saveCheckout } from '../../state/checkouts';
import { OPERATION, defineTool, type ToolEnv } from '../tools/types';
import { CAPABILITY } from '../version';
import { Checkout, CheckoutCreateRequest, CheckoutUpdateRequest } from '../wire/checkout';
import type { ErrorResponse, Message } from '../wire/common';
import { priceCheckout } from './pricing';
import { applyRequest } from './request';
import { loadCheckoutRecovered, lockCheckoutRecovered } from './completion';
import { type RenderOptions, renderCheckout } from './view';

export const checkoutCommon = { capability: CAPABILITY.checkout, output: Checkout } as const;

/** `not_found` for an unknown, malformed or foreign checkout id. */
export const missingCheckout = (env: ToolEnv, id: string): ErrorResponse =>
  notFound(env.version, `No checkout has the id "${id}" (checkouts are visible to the platform that created them).`);

/** The error message for a change asked of a checkout that cannot change any more, or null when it is open. */
export function lockedMessage(record: CheckoutRecord, now: number): Message | null {
  if (record.state === 'completed') return errorMessage('checkout_completed', 'This checkout is completed and cannot be changed; read its order with get_order.', 'unrecoverable');
  if (record.state === 'canceled' || isExpired(record, now)) return errorMessage('checkout_canceled', 'This checkout is canceled (or expired) and cannot be changed; create a new checkout.', 'unrecoverable');
  if (record.state === 'completing') return errorMessage('complete_in_progress', 'The payment of this checkout is being processed; it cannot be changed now.', 'recoverable');
  return null;
}

/** A new checkout from a payload, not yet stored; error_response when no item can be bought. */
async function newCheckout(payload: CheckoutCreateRequest, env: ToolEnv, cartId?: string): Promise<{ record: CheckoutRecord; priced: Awaited<ReturnType<typeof priceCheckout>>; messages: Message[] } | ErrorResponse> {
  const now = env.now();
  const id = newCheckoutId();
  const empty: CheckoutRecord = {
    id, platform: env.platform, created_at: new Date(now).toISOString(), updated_at: new Date(now).toISOString(),
    expires_at: new Date(now + CHECKOUT_TTL_SECONDS * 1000).toISOString(), state: 'open', lines: [],
    approval_secret: await env.secrets.mint('approve', id), ...(cartId ? { cart_id: cartId } : {}),
  };
  const { next, messages } = await applyRequest(empty, payload, env);
  if (!next.lines.length) {
    const why = messages.length ? messages : [errorMessage('missing', 'A checkout needs at least one line item.', 'recoverable', '$.line_items')];
    return errorResponse(env.version, why as [Message, ...Message[]]);
  }
  return { record: next, priced: await priceCheckout(next, env), messages };
}

/**
 * create_checkout with a cart_id: the live checkout of that cart, or a new one from the cart's
 * contents. The cart's row is locked meanwhile, so one cart never gets two checkouts at once.
 */
async function fromCart(payload: CheckoutCreateRequest, cartId: string, env: ToolEnv): Promise<Checkout | ErrorResponse> {
  const created = await transaction(env.db, async (tx) => {
    const cart = await loadCart(tx, cartId, env.now(), true);
    if (!cart) return notFound(env.version, `No cart has the id "${cartId}" (checkout.cart_id); carts expire 7 days after their last change.`);
    const liveId = await checkoutOfCart(tx, cartId);
    const live = liveId ? await loadCheckout(tx, liveId, { platform: env.platform }) : null;
    if (live && !lockedMessage(live, env.now())) return { live };
    const fresh = await newCheckout({
      ...payload,
      line_items: cart.lines.map((l) => ({ item: { id: String(l.variant_id) }, quantity: l.quantity })),
      context: payload.context ?? cart.context,
      buyer: payload.buyer ?? cart.buyer,
    }, env, cartId);
    if ('record' in fresh) await saveCheckout(tx, fresh.record, env.now());
    return fresh;
  });
  if ('live' in created) return renderCheckout(created.live, env);
  return 'record' in created ? renderCheckout(created.record, env, { priced: created.priced, extra: created.messages }) : created;
}

export const createCheckoutTool = defineTool<CheckoutCreateRequest>({
  ...checkoutCommon,
  name: 'create_checkout',
  title: 'Create a checkout',
  description:
    'Start a checkout from line items ({item: {id: variant id}, quantity}) or from a cart (cart_id: the cart\'s contents win; a live checkout of the same cart is returned). ' +
    'Then set buyer.email, the shipping address (fulfillment.methods[0].destinations[0]) and a shipping option with update_checkout. Prices are EUR cents; totals include VAT (disclosed under total.lines). ' +
    'Checkouts expire after 6 hours.',
  ...OPERATION.create,
  payloadKey: 'checkout',
  payload: CheckoutCreateRequest,
  async run({ payload }, env): Promise<Checkout | ErrorResponse> {
    if (payload.cart_id) return fromCart(payload, payload.cart_id, env);
    const created = await newCheckout(payload, env);
    if (!('record' in created)) return created;
    const saved = await saveCheckout(env.db, created.record, env.now());
    return renderCheckout(saved, env, { priced: created.priced, extra: created.messages });
  },
});

export const getCheckoutTool = defineTool<undefined>({
  ...checkoutCommon,
  name: 'get_checkout',
  title: 'Get a checkout',
  description: 'Read a checkout by id: status, prices, shipping options, messages, continue_url when the buyer must approve, and the order once completed.',
  ...OPERATION.get,
  async run({ id }, env): Promise<Checkout | ErrorResponse> {
    const record = await loadCheckoutRecovered(env, id, env.platform);
    return record ? renderCheckout(record, env) : missingCheckout(env, id);
  },
});

export const updateCheckoutTool = defineTool<CheckoutUpdateRequest>({
  ...checkoutCommon,
  name: 'update_checkout',
  title: 'Update a checkout',
  description:
    'Replace parts of a checkout: line_items, buyer, context, fulfillment (each part sent replaces the stored one; parts left out are kept). ' +
    'Shipping address: fulfillment.methods[0].destinations = [{first_name, last_name, street_address, postal_code, address_locality, address_country}]; ' +
    'shipping option: fulfillment.methods[0].groups[0].selected_option_id = one of the group\'s options. Any change of the terms voids the buyer\'s approval.',
  ...OPERATION.update,
  payloadKey: 'checkout',
  payload: CheckoutUpdateRequest,
  async run({ id, payload }, env): Promise<Checkout | ErrorResponse> {
    return changeCheckout(env, id, async (record) => {
      const { next, messages } = await applyRequest(record, payload, env);
      const priced = await priceCheckout(next, env);
      // Any change of the terms voids the approval for good (changing them back does not revive it), and any pending 3-D Secure request with it.
      if (next.approval && next.approval.terms_hash !== priced.termsHash) {
        delete next.approval;
        delete next.escalation;
      }
      return { next, options: { priced, extra: messages } };
    });
  },
});

export const cancelCheckoutTool = defineTool<undefined>({
  ...checkoutCommon,
  name: 'cancel_checkout',
  title: 'Cancel a checkout',
  description: 'Cancel a checkout that is not completed (meta["idempotency-key"] required). Returns it with status canceled; canceled checkouts cannot change.',
  ...OPERATION.cancel,
  async run({ id }, env): Promise<Checkout | ErrorResponse> {
    return changeCheckout(env, id, async (record) => {
      const { approval: _voided, escalation: _dropped, ...rest } = record;
      return { next: { ...rest, state: 'canceled', canceled_at: new Date(env.now()).toISOString() } };
    });
  },
});

/**
 * Changes an open checkout in one transaction that locks its row; a closed one (completed,
 * canceled, expired, being completed) is returned with the reason and left as it is.
 * @param change the new record and how to render it
 */
async function changeCheckout(env: ToolEnv, id: string, change: (record: CheckoutRecord) => Promise<{ next: CheckoutRecord; options?: RenderOptions }>): Promise<Checkout | ErrorResponse> {
  const outcome = await transaction(env.db, async (tx) => {
    const record = await lockCheckoutRecovered(tx, id, env.now(), env.platform);
    if (!record) return null;
    const locked = lockedMessage(record, env.now());
    if (locked) return { record, options: { extra: [locked] } };
    const { next, options } = await change(record);
    return { record: await saveCheckout(tx, next, env.now()), options };
  });
  return outcome ? renderCheckout(outcome.record, env, outcome.options) : missingCheckout(env, id);
}
