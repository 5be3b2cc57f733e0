/**
 * The checkout tools (UCP 2026-04-08 checkout capability with fulfillment; docs/ucp.md §2–§4):
 * `create_checkout` (from line items or a `cart_id`; a live checkout of the same cart is
 * returned as is), `get_checkout`, `update_checkout` (each part sent replaces the stored one)
 * and `cancel_checkout` (idempotency key required). `complete_checkout` is in complete.ts.
 * Writes are compare-and-set on the checkout record; `completed` and `canceled` are terminal:
 * later calls return the checkout with an error message and change nothing. A checkout is
 * visible only to the platform that created it (others get `not_found`).
 */
import { z } from 'zod';
import { serverError } from '../errors';
import { errorMessage, errorResponse, notFound } from '../messages';
import { loadCart } from '../cart/store';
import { defineTool, type ToolEnv } from '../tools/types';
import { CAPABILITY } from '../version';
import { Checkout, CheckoutCreateRequest, CheckoutUpdateRequest } from '../wire/checkout';
import type { ErrorResponse, Message } from '../wire/common';
import { priceCheckout } from './pricing';
import { applyRequest } from './request';
import { loadCheckoutRecovered } from './completion';
import { CHECKOUT_TTL_SECONDS, type CheckoutRecord, checkoutOfCart, isExpired, linkCart, newCheckoutId, saveCheckout } from './store';
import { renderCheckout } from './view';

const ATTEMPTS = 5;

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

/** Creates and stores a new checkout from a payload; error_response when no item can be bought. */
async function createCheckout(payload: CheckoutCreateRequest, env: ToolEnv, cartId?: string): Promise<{ record: CheckoutRecord; result: Checkout } | ErrorResponse> {
  const now = env.now();
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
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
    const priced = await priceCheckout(next, env);
    const saved = await saveCheckout(env.state, next, now);
    if (saved) return { record: saved.value, result: await renderCheckout(saved.value, env, { priced, extra: messages }) };
  }
  throw serverError('conflict', 'could not allocate a checkout id; retry');
}

/** create_checkout with a cart_id: the live checkout of that cart, or a new one from the cart's contents. */
async function fromCart(payload: CheckoutCreateRequest, cartId: string, env: ToolEnv): Promise<Checkout | ErrorResponse> {
  const cart = await loadCart(env.state, cartId);
  if (!cart) return notFound(env.version, `No cart has the id "${cartId}" (checkout.cart_id); carts expire 7 days after their last change.`);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const index = await checkoutOfCart(env.state, cartId);
    if (index) {
      const live = await loadCheckoutRecovered(env, index.value.checkout_id, env.platform);
      if (live && !lockedMessage(live.value, env.now())) return renderCheckout(live.value, env);
    }
    const created = await createCheckout({
      ...payload,
      line_items: cart.value.lines.map((l) => ({ item: { id: String(l.variant_id) }, quantity: l.quantity })),
      context: payload.context ?? cart.value.context,
      buyer: payload.buyer ?? cart.value.buyer,
    }, env, cartId);
    if (!('record' in created)) return created;
    if (await linkCart(env.state, cartId, created.record.id, index?.etag)) return created.result;
    // Another request created a checkout for this cart at the same time: return that one (ours is never handed out and expires).
  }
  throw serverError('conflict', `cart "${cartId}" is being checked out by another request; retry`);
}

export const createCheckoutTool = defineTool<CheckoutCreateRequest>({
  ...checkoutCommon,
  name: 'create_checkout',
  title: 'Create a checkout',
  description:
    'Start a checkout from line items ({item: {id: variant id}, quantity}) or from a cart (cart_id: the cart\'s contents win; a live checkout of the same cart is returned). ' +
    'Then set buyer.email, the shipping address (fulfillment.methods[0].destinations[0]) and a shipping option with update_checkout. Prices are EUR cents; totals include VAT (disclosed under total.lines). ' +
    'Checkouts expire after 6 hours.',
  payloadKey: 'checkout',
  payload: CheckoutCreateRequest,
  takesId: false,
  idempotency: 'optional',
  readOnly: false,
  async run({ payload }, env): Promise<Checkout | ErrorResponse> {
    if (payload.cart_id) return fromCart(payload, payload.cart_id, env);
    const created = await createCheckout(payload, env);
    return 'record' in created ? created.result : created;
  },
});

export const getCheckoutTool = defineTool<undefined>({
  ...checkoutCommon,
  name: 'get_checkout',
  title: 'Get a checkout',
  description: 'Read a checkout by id: status, prices, shipping options, messages, continue_url when the buyer must approve, and the order once completed.',
  payloadKey: null,
  payload: z.undefined(),
  takesId: true,
  idempotency: 'ignored',
  readOnly: true,
  async run({ id }, env): Promise<Checkout | ErrorResponse> {
    const stored = await loadCheckoutRecovered(env, id, env.platform);
    return stored ? renderCheckout(stored.value, env) : missingCheckout(env, id);
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
  payloadKey: 'checkout',
  payload: CheckoutUpdateRequest,
  takesId: true,
  idempotency: 'optional',
  readOnly: false,
  async run({ id, payload }, env): Promise<Checkout | ErrorResponse> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const stored = await loadCheckoutRecovered(env, id, env.platform);
      if (!stored) return missingCheckout(env, id);
      const locked = lockedMessage(stored.value, env.now());
      if (locked) return renderCheckout(stored.value, env, { extra: [locked] });
      const { next, messages } = await applyRequest(stored.value, payload, env);
      const priced = await priceCheckout(next, env);
      // Any change of the terms voids the approval for good (changing them back does not revive it).
      if (next.approval && next.approval.terms_hash !== priced.termsHash) delete next.approval;
      const saved = await saveCheckout(env.state, next, env.now(), stored.etag);
      if (saved) return renderCheckout(saved.value, env, { priced, extra: messages });
    }
    throw serverError('conflict', `checkout "${id}" is being changed by another request; retry`);
  },
});

export const cancelCheckoutTool = defineTool<undefined>({
  ...checkoutCommon,
  name: 'cancel_checkout',
  title: 'Cancel a checkout',
  description: 'Cancel a checkout that is not completed (meta["idempotency-key"] required). Returns it with status canceled; canceled checkouts cannot change.',
  payloadKey: null,
  payload: z.undefined(),
  takesId: true,
  idempotency: 'required',
  readOnly: false,
  async run({ id }, env): Promise<Checkout | ErrorResponse> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const stored = await loadCheckoutRecovered(env, id, env.platform);
      if (!stored) return missingCheckout(env, id);
      const locked = lockedMessage(stored.value, env.now());
      if (locked) return renderCheckout(stored.value, env, { extra: [locked] });
      const { approval: _voided, ...rest } = stored.value;
      const saved = await saveCheckout(env.state, { ...rest, state: 'canceled', canceled_at: new Date(env.now()).toISOString() }, env.now(), stored.etag);
      if (saved) return renderCheckout(saved.value, env);
    }
    throw serverError('conflict', `checkout "${id}" is being changed by another request; retry`);
  },
});
