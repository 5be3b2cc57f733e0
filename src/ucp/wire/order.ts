/**
 * Zod schema of the order capability (UCP 2026-04-08 `shopping/order.json`,
 * `types/order_line_item.json`, `types/expectation.json`, `types/fulfillment_event.json`,
 * `types/adjustment.json`;
 * docs/agent-commerce.md "Orders"). Response only: orders are created by `complete_checkout`.
 */
import { PaymentTerm } from './checkout';
import { z } from 'zod';
import { Amount, Message, Total, UcpResponseMeta } from './common';
import { ResponseAddress } from './checkout';

const Address = ResponseAddress;

const LineRef = z.object({ id: z.string(), quantity: z.int().min(1) });

export const OrderLineItem = z.object({
  id: z.string(),
  item: z.object({ id: z.string(), title: z.string(), price: Amount, image_url: z.string().optional() }),
  quantity: z.object({ original: z.int().min(0), total: z.int().min(0), fulfilled: z.int().min(0) }),
  totals: z.array(Total),
  status: z.enum(['processing', 'partial', 'fulfilled', 'removed']),
});
export type OrderLineItem = z.infer<typeof OrderLineItem>;

export const Expectation = z.object({
  id: z.string(),
  line_items: z.array(LineRef),
  method_type: z.enum(['shipping', 'pickup', 'digital']),
  destination: Address,
  description: z.string().optional(),
  fulfillable_on: z.string().optional(),
});
export type Expectation = z.infer<typeof Expectation>;

export const FulfillmentEvent = z.object({
  id: z.string(),
  occurred_at: z.string(),
  type: z.string(),
  line_items: z.array(LineRef),
  tracking_number: z.string().optional(),
  tracking_url: z.string().optional(),
  carrier: z.string().optional(),
  description: z.string().optional(),
});
export type FulfillmentEvent = z.infer<typeof FulfillmentEvent>;

/** A post-order adjustment (`types/adjustment.json`): quantities and amounts signed, negative for what goes back. */
export const Adjustment = z.object({
  id: z.string(),
  type: z.string(),
  occurred_at: z.string(),
  status: z.enum(['pending', 'completed', 'failed']),
  line_items: z.array(z.object({ id: z.string(), quantity: z.int() })).optional(),
  totals: z.array(Total).optional(),
  description: z.string().optional(),
});
export type Adjustment = z.infer<typeof Adjustment>;

/** The order as returned by `get_order`. */
export const Order = z.object({
  ucp: UcpResponseMeta,
  id: z.string(),
  label: z.string().optional(),
  checkout_id: z.string(),
  permalink_url: z.string(),
  line_items: z.array(OrderLineItem),
  fulfillment: z.object({ expectations: z.array(Expectation), events: z.array(FulfillmentEvent) }),
  adjustments: z.array(Adjustment).optional(),
  currency: z.string(),
  totals: z.array(Total),
  /** Payment terms extension (2026-08-25): the term the order was placed on. */
  payment: z.object({ accepted_term: PaymentTerm }).optional(),
  messages: z.array(Message).optional(),
});
export type Order = z.infer<typeof Order>;
