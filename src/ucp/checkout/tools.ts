/**
 * The checkout tools (UCP checkout capability with the fulfillment extension): thin bindings of
 * the store's checkout operations (src/checkout/checkouts.ts, complete.ts) to UCP arguments and
 * results at the negotiated version. `create_checkout` (from line items or a `cart_id`),
 * `get_checkout`, `update_checkout` (a full replacement: the payload is the whole checkout, what
 * it leaves out is cleared, the payment instrument to be approved included), `cancel_checkout`
 * and `complete_checkout` (idempotency keys required for the last two). An unknown checkout,
 * or another platform's, is `not_found`.
 */
import { cancelCheckout, createCheckout, getCheckout, replaceCheckoutState } from '../../checkout/checkouts';
import { payCheckout } from '../../checkout/complete';
import { accountAddresses } from '../../checkout/saved-addresses';
import { CheckoutBusyError } from '../../checkout/idempotent';
import { SANDBOX_HANDLER_ID } from '../../checkout/payment/sandbox';
import type { CheckoutView } from '../../checkout/view';
import { serverError } from '../errors';
import { errorResponse, notFound } from '../messages';
import { messagesOf } from '../problems';
import { OPERATION, defineTool, type ToolEnv } from '../tools/types';
import { CAPABILITY } from '../version';
import { Checkout, CheckoutCompleteRequest, CheckoutCreateRequest, CheckoutUpdateRequest } from '../wire/checkout';
import type { ErrorResponse, Message } from '../wire/common';
import { checkoutChanges, checkoutReplacement } from './request';
import { renderCheckout } from './view';

const common = { capability: CAPABILITY.checkout, output: Checkout } as const;

/** `not_found` for an unknown, malformed or foreign checkout id. */
const missing = (env: ToolEnv, id: string): ErrorResponse =>
  notFound(env.version, `No checkout has the id "${id}" (checkouts are visible to the platform that created them).`);

/** The result of an operation that may find no checkout. */
/** The result of an operation that may find no checkout; a linked account's saved addresses listed as destinations. */
const answer = async (env: ToolEnv, id: string, view: CheckoutView | null): Promise<Checkout | ErrorResponse> =>
  (view ? renderCheckout(view, env, view.order ? [] : await accountAddresses(env.db, env.owner)) : missing(env, id));

export const createCheckoutTool = defineTool<CheckoutCreateRequest>({
  ...common,
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
    const outcome = await createCheckout(env, env.owner, checkoutChanges(payload), payload.cart_id);
    if ('refused' in outcome) return errorResponse(env.version, messagesOf(outcome.refused, payload.context?.language) as [Message, ...Message[]]);
    return answer(env, outcome.view.record.id, outcome.view);
  },
});

export const getCheckoutTool = defineTool<undefined>({
  ...common,
  name: 'get_checkout',
  title: 'Get a checkout',
  description: 'Read a checkout by id: status, prices, shipping options, messages, continue_url when the buyer must approve, and the order once completed.',
  ...OPERATION.get,
  run: async ({ id }, env) => answer(env, id, await getCheckout(env, env.owner, id)),
});

export const updateCheckoutTool = defineTool<CheckoutUpdateRequest>({
  ...common,
  name: 'update_checkout',
  title: 'Update a checkout',
  description:
    'Full replacement: send the whole checkout every time (line_items required, buyer, context, fulfillment, payment); what you leave out is cleared (no buyer, no address, no shipping option, no named instrument). ' +
    'Shipping address: fulfillment.methods[0].destinations = [{first_name, last_name, street_address, postal_code, address_locality, address_country}] (or selected_destination_id of the current one); ' +
    'shipping option: fulfillment.methods[0].groups[0].selected_option_id = one of the group\'s options; ' +
    `payment instrument you will pay with, before the buyer approves (they see it and approve it): payment.instruments = [{id, handler_id: "${SANDBOX_HANDLER_ID}", type: "card", selected: true, display: {brand, last_digits}}] (no credential needed; [] names none). ` +
    'Any change of the terms (the named instrument included) voids the buyer\'s approval. ' +
    'While a payment is in progress (complete_in_progress) the checkout cannot change: it is returned as it is with a recoverable error.',
  ...OPERATION.update,
  payloadKey: 'checkout',
  payload: CheckoutUpdateRequest,
  run: async ({ id, payload }, env) => answer(env, id, await replaceCheckoutState(env, env.owner, id, checkoutReplacement(payload))),
});

export const cancelCheckoutTool = defineTool<undefined>({
  ...common,
  name: 'cancel_checkout',
  title: 'Cancel a checkout',
  description: 'Cancel a checkout that is not completed (meta["idempotency-key"] required). Returns it with status canceled; canceled checkouts cannot change.',
  ...OPERATION.cancel,
  run: async ({ id }, env) => answer(env, id, await cancelCheckout(env, env.owner, id)),
});

export const completeCheckoutTool = defineTool<CheckoutCompleteRequest>({
  ...common,
  name: 'complete_checkout',
  title: 'Complete a checkout (pay)',
  description:
    'Pay and place the order. Only after the buyer approved the exact terms on the store\'s page (continue_url of a requires_escalation checkout), within 15 minutes, at the moment of paying. ' +
    `meta["idempotency-key"] is required. Payment: checkout.payment.instruments = [{id, handler_id: "${SANDBOX_HANDLER_ID}", type: "card", selected: true, credential: {type: "token", token}}]; ` +
    'If the checkout names an instrument (update_checkout payment.instruments), pay with that one: another is named instead and needs the buyer\'s approval (requires_escalation, nothing charged). ' +
    'sandbox tokens: success_token pays, fail_token is declined (payment_failed, nothing charged, and the buyer must approve again before another try: requires_escalation), 3ds_token needs the buyer (requires_escalation). ' +
    'A checkout the buyer refused on the approval page is canceled (refused by the buyer). Returns the checkout with order {id, permalink_url} once completed.',
  ...OPERATION.complete,
  payloadKey: 'checkout',
  payload: CheckoutCompleteRequest,
  ownsIdempotencyRecord: true,
  async run({ id, payload }, env) {
    try {
      return await payCheckout(env, env.owner, id, { ...payload.payment, instruments: payload.payment.instruments ?? [] }, async (view) => answer(env, id, view), env.idempotency);
    } catch (caught) {
      if (caught instanceof CheckoutBusyError) throw serverError('conflict', caught.message);
      throw caught;
    }
  },
});
