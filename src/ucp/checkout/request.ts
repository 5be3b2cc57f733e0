/**
 * A create_checkout / update_checkout payload in the store's terms (src/checkout/changes.ts).
 * - create: the parts sent fill the new checkout;
 * - update: a full replacement at every version (UCP `mcp.openrpc.json` 2026-08-25 "Update
 *   Checkout is a full replacement operation"; `ucp_request` of checkout.json at 2026-04-08 and
 *   2026-08-25: `line_items` required on update, the rest optional): the payload is the whole of
 *   what the platform sets, and what it leaves out is cleared (`buyer`, `context`, the address and
 *   the shipping option of `fulfillment`, the instrument of `payment`).
 * In `fulfillment.methods[0]`:
 * - `destinations`: an address (with or without an id) is the shipping address; a destination
 *   that is only the id of the current one (`destination_1`, and its `type`), or no
 *   `destinations` with `selected_destination_id` naming it, keeps the stored address; `[]`, or
 *   no destination, means none; with several, `selected_destination_id` picks one (else the
 *   first). Since 2026-08-25 destinations carry `type: "shipping_address"`; requests may send it or not;
 * - `groups[0].selected_option_id`: the shipping option; null or absent means none (missing group
 *   ids are accepted: there is one group).
 * `payment.instruments` names the instrument the platform will pay with; `[]` or no `payment`
 * names none. `discounts.codes` (discount extension) replaces the stored codes; `[]`, or no
 * `discounts` on an update, clears them.
 */
import { hasAddressFields } from '../../commerce/address';
import type { CheckoutChanges, CheckoutReplacement } from '../../checkout/changes';
import type { CheckoutCreateRequest, CheckoutUpdateRequest, FulfillmentRequest } from '../wire/checkout';
import { FULFILLMENT_IDS } from './view';

/** The address and option `fulfillment` states, the stored address named by reference as `current`. */
function fulfillmentOf(fulfillment: FulfillmentRequest | undefined): Pick<CheckoutReplacement, 'address' | 'optionId' | 'severalMethods' | 'savedAddressId'> {
  const [method, ...others] = fulfillment?.methods ?? [];
  if (!method) return {};
  const stated: Pick<CheckoutReplacement, 'address' | 'optionId' | 'severalMethods' | 'savedAddressId'> = others.length > 0 ? { severalMethods: true } : {};
  const destinations = method.destinations;
  const picked = destinations && (destinations.find((d) => d.id !== undefined && d.id === method.selected_destination_id) ?? destinations[0]);
  if (picked && hasAddressFields(picked)) stated.address = picked;
  else {
    const named = destinations === undefined ? method.selected_destination_id : picked?.id;
    // The current destination by reference, or one of the linked account's saved addresses by its id.
    if (named === FULFILLMENT_IDS.destination) stated.address = 'current';
    else if (typeof named === 'string' && named) stated.savedAddressId = named;
  }
  const option = method.groups?.[0]?.selected_option_id;
  if (typeof option === 'string') stated.optionId = option;
  return stated;
}

/** The new checkout a create_checkout payload asks for. */
export function checkoutChanges(payload: CheckoutCreateRequest): CheckoutChanges {
  const { address, ...fulfillment } = fulfillmentOf(payload.fulfillment);
  return {
    ...(payload.line_items ? { lines: payload.line_items } : {}),
    ...(payload.buyer ? { buyer: payload.buyer } : {}),
    ...(payload.context ? { context: payload.context } : {}),
    ...(address && address !== 'current' ? { address } : {}),
    ...fulfillment,
    ...(payload.payment?.instruments ? { payment: { instruments: payload.payment.instruments } } : {}),
    ...(payload.discounts?.codes ? { discountCodes: payload.discounts.codes } : {}),
  };
}

/** The checkout an update_checkout payload states in full (parts left out are cleared). */
export function checkoutReplacement(payload: CheckoutUpdateRequest): CheckoutReplacement {
  return {
    lines: payload.line_items,
    ...(payload.buyer ? { buyer: payload.buyer } : {}),
    ...(payload.context ? { context: payload.context } : {}),
    ...fulfillmentOf(payload.fulfillment),
    ...(payload.payment?.instruments ? { instruments: payload.payment.instruments } : {}),
    ...(payload.payment?.selected_term_id ? { paymentTerm: payload.payment.selected_term_id } : {}),
    ...(payload.discounts?.codes ? { discountCodes: payload.discounts.codes } : {}),
  };
}
