/**
 * Applying a create_checkout / update_checkout payload to a stored checkout (docs/ucp.md §3
 * "Fulfillment extension", §12 trap 9). Each part sent replaces the stored one; a part left out
 * is kept (many agents send only what changed). In `fulfillment.methods[0]`:
 * - `destinations`: an address without id (as on create), or with any id, replaces the shipping
 *   address; a destination that is only `{id}` of the current one keeps it; `[]` removes it;
 *   with several, `selected_destination_id` picks one (else the first);
 * - `groups[0].selected_option_id`: a string selects that shipping option, null clears it
 *   (missing group ids are accepted: there is one group).
 * Line items go through the cart's rules (src/ucp/cart/lines.ts): unknown or sold-out items are
 * left out with a message, quantities above the stock left are lowered.
 */
import { resolveLines } from '../cart/lines';
import { catalogCall } from '../catalog/shared';
import { warningMessage } from '../messages';
import type { ToolEnv } from '../tools/types';
import type { Message } from '../wire/common';
import type { CheckoutCreateRequest, CheckoutUpdateRequest, FulfillmentRequest } from '../wire/checkout';
import { hasAddressFields, normalizeAddress } from '../../commerce/address';
import type { CheckoutRecord } from '../../state/checkouts';

type Choice = Pick<CheckoutRecord, 'address' | 'option_id'>;

/**
 * The shipping address and option after a `fulfillment` request.
 * @param messages receives warnings about what was ignored
 */
export function applyFulfillment(current: Choice, fulfillment: FulfillmentRequest | undefined, messages: Message[]): Choice {
  if (!fulfillment || fulfillment.methods === undefined) return current;
  const [method, ...others] = fulfillment.methods;
  if (others.length) messages.push(warningMessage('multiple_methods_ignored', 'This store ships each order to one address with one method: only fulfillment.methods[0] was used.', '$.fulfillment.methods'));
  if (!method) return { address: undefined, option_id: null };
  let address = current.address;
  const destinations = method.destinations;
  if (destinations !== undefined) {
    if (!destinations.length) address = undefined;
    else {
      const picked = destinations.find((d) => d.id !== undefined && d.id === method.selected_destination_id) ?? destinations[0];
      if (hasAddressFields(picked)) address = normalizeAddress(picked);
    }
  }
  let option = current.option_id ?? null;
  const group = method.groups?.[0];
  if (group && group.selected_option_id !== undefined) option = group.selected_option_id ? group.selected_option_id.trim() : null;
  return { address, option_id: option };
}

/**
 * Applies a payload to a record (create: to an empty record).
 * @returns the next record (not saved), the request's messages, and whether line items were sent but none could be bought
 */
export async function applyRequest(record: CheckoutRecord, payload: CheckoutCreateRequest | CheckoutUpdateRequest, env: ToolEnv): Promise<{ next: CheckoutRecord; messages: Message[]; noneBuyable: boolean }> {
  const messages: Message[] = [];
  const choice = applyFulfillment(record, payload.fulfillment, messages);
  const next: CheckoutRecord = {
    ...record,
    ...(payload.context ? { context: payload.context } : {}),
    ...(payload.buyer ? { buyer: { ...payload.buyer, ...(payload.buyer.email !== undefined ? { email: payload.buyer.email.trim() } : {}) } } : {}),
    address: choice.address,
    option_id: choice.option_id,
  };
  if (!next.address) delete next.address;
  let noneBuyable = false;
  if (payload.line_items) {
    // Resolved without the destination: an item that does not ship there stays in the checkout
    // and is flagged by the pricing (item_unavailable, address_undeliverable) until the address changes.
    const { lines, messages: lineMessages } = await resolveLines(payload.line_items, catalogCall(env, next.context?.language ? { language: next.context.language } : undefined));
    messages.push(...lineMessages);
    noneBuyable = payload.line_items.length > 0 && lines.length === 0;
    if (!noneBuyable) next.lines = lines;
  }
  return { next, messages, noneBuyable };
}
