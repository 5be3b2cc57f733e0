/**
 * Zod schemas of the cart capability (UCP 2026-04-08 `shopping/cart.json`,
 * `types/line_item.json`; docs/agent-commerce.md "Carts and checkouts"). Requests follow the `ucp_request` annotations:
 * create omits `id`, `totals`, `currency`; update is a full replacement. `discounts` is the
 * discount extension's (wire/discount.ts).
 */
import { z } from 'zod';
import { ORDER_LIMITS } from '../../commerce/order-lines';
import { Amount, BuyerRequest, Context, Link, Message, ResponseContext, Total, UcpResponseMeta, freeText } from './common';
import { DiscountsRequest, DiscountsResponse } from './discount';

/** At most this many line items and units per line in one request (the core's ORDER_LIMITS; bad input gets -32602, not a huge cart). */
export const CART_LIMITS = { lines: ORDER_LIMITS.lines, quantity: ORDER_LIMITS.lineQuantity } as const;

const LineItemRequest = z.looseObject({
  item: z.looseObject({ id: freeText(200).min(1).describe('Variant id from the catalog tools (gid or integer), or a SKU') }),
  quantity: z.int().min(1).max(CART_LIMITS.quantity),
});

const cartRequestCommon = {
  context: Context.optional(),
  buyer: BuyerRequest.optional(),
  discounts: DiscountsRequest.optional(),
  signals: z.looseObject({}).optional(),
  attribution: z.looseObject({}).optional(),
};

/** `create_cart` payload. */
export const CartCreateRequest = z.looseObject({
  line_items: z.array(LineItemRequest).min(1).max(CART_LIMITS.lines),
  ...cartRequestCommon,
});
export type CartCreateRequest = z.infer<typeof CartCreateRequest>;

/** `update_cart` payload: full replacement (an empty `line_items` empties the cart). */
export const CartUpdateRequest = z.looseObject({
  line_items: z.array(LineItemRequest.extend({ id: freeText(200).optional() })).max(CART_LIMITS.lines),
  ...cartRequestCommon,
});
export type CartUpdateRequest = z.infer<typeof CartUpdateRequest>;

/** A cart line item; `item.price` is a bare integer (cents), unlike catalog prices. */
export const LineItem = z.object({
  id: z.string(),
  item: z.object({ id: z.string(), title: z.string(), price: Amount, image_url: z.string().optional() }),
  quantity: z.int().min(1),
  totals: z.array(Total),
});
export type LineItem = z.infer<typeof LineItem>;

/** The cart as returned by every cart tool. */
export const Cart = z.object({
  ucp: UcpResponseMeta,
  id: z.string(),
  line_items: z.array(LineItem),
  currency: z.string(),
  totals: z.array(Total),
  context: ResponseContext.optional(),
  buyer: z.object({ first_name: z.string().optional(), last_name: z.string().optional(), email: z.string().optional(), phone_number: z.string().optional() }).optional(),
  messages: z.array(Message).optional(),
  links: z.array(Link).optional(),
  continue_url: z.string().optional(),
  discounts: DiscountsResponse.optional(),
  expires_at: z.string(),
});
export type Cart = z.infer<typeof Cart>;
