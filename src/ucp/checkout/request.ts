/**
 * A create_checkout / update_checkout payload in the store's terms (src/checkout/changes.ts).
 * Each part sent replaces the stored one; a part left out is kept (many agents send only what
 * changed). In `fulfillment.methods[0]`:
 * - `destinations`: an address without id (as on create), or with any id, replaces the shipping
 *   address; a destination that is only `{id}` (and its `type`) of the current one keeps it;
 *   `[]` removes it; with several, `selected_destination_id` picks one (else the first). Since
 *   2026-08-25 destinations carry `type: "shipping_address"`; requests may send it or not;
 * - `groups[0].selected_option_id`: a string selects that shipping option, null clears it
 *   (missing group ids are accepted: there is one group).
 * `payment.instruments` names the instrument the platform will pay with (`[]` names none); a
 * `payment` without `instruments` keeps the named one.
 */
import { hasAddressFields } from '../../commerce/address';
import type { CheckoutChanges } from '../../checkout/changes';
import type { CheckoutCreateRequest, CheckoutUpdateRequest, FulfillmentRequest } from '../wire/checkout';

/** The address and option part of a change, from `fulfillment`. */
function fulfillmentChanges(fulfillment: FulfillmentRequest | undefined): Pick<CheckoutChanges, 'address' | 'optionId' | 'severalMethods'> {
  if (!fulfillment || fulfillment.methods === undefined) return {};
  const [method, ...others] = fulfillment.methods;
  const severalMethods = others.length > 0 || undefined;
  if (!method) return { address: null, optionId: null };
  const changes: CheckoutChanges = severalMethods ? { severalMethods } : {};
  const destinations = method.destinations;
  if (destinations !== undefined) {
    if (!destinations.length) changes.address = null;
    else {
      const picked = destinations.find((d) => d.id !== undefined && d.id === method.selected_destination_id) ?? destinations[0];
      if (hasAddressFields(picked)) changes.address = picked;
    }
  }
  const group = method.groups?.[0];
  if (group && group.selected_option_id !== undefined) changes.optionId = group.selected_option_id;
  return changes;
}

/** The change a payload asks for. */
export function checkoutChanges(payload: CheckoutCreateRequest | CheckoutUpdateRequest): CheckoutChanges {
  return {
    ...(payload.line_items ? { lines: payload.line_items } : {}),
    ...(payload.buyer ? { buyer: payload.buyer } : {}),
    ...(payload.context ? { context: payload.context } : {}),
    ...fulfillmentChanges(payload.fulfillment),
    ...(payload.payment?.instruments ? { payment: { instruments: payload.payment.instruments } } : {}),
  };
}
