/**
 * Zod schemas of the checkout capability with the fulfillment extension (UCP 2026-04-08
 * `shopping/checkout.json`, `fulfillment.json`, `types/fulfillment_*.json`, `payment.json`;
 * docs/agent-commerce.md "Fulfillment", "Payment handlers"). Requests are loose: they accept what agents send (ids of methods and
 * groups may be missing, addresses may come with or without an id); responses are exact, as
 * UCP's schemas describe them (tests check results against those).
 */
import { z } from 'zod';
import { CART_LIMITS, LineItem } from './cart';
import { BuyerRequest, Context, Link, Message, ResponseContext, Total, UcpResponseMeta, freeText } from './common';
import { DiscountsRequest, DiscountsResponse } from './discount';

/** Every string of a request is free text (no control characters: common.ts `freeText`). */
const text = freeText;

/** A postal address (types/postal_address.json). */
export const PostalAddress = z.looseObject({
  street_address: text(300).optional(),
  extended_address: text(300).optional(),
  address_locality: text(200).optional(),
  address_region: text(200).optional(),
  postal_code: text(40).optional(),
  address_country: text(100).optional(),
  first_name: text(200).optional(),
  last_name: text(200).optional(),
  phone_number: text(50).optional(),
});
export type PostalAddress = z.infer<typeof PostalAddress>;

export const Buyer = BuyerRequest;
export type Buyer = z.infer<typeof Buyer>;

/** The buyer as responses carry it: the fields the store keeps. */
export const ResponseBuyer = z.object({
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  email: z.string().optional(),
  phone_number: z.string().optional(),
});

const LineItemRequest = z.looseObject({
  id: text(200).optional(),
  item: z.looseObject({ id: text(200).min(1).describe('Variant id from the catalog tools (gid or integer), or a SKU') }),
  quantity: z.int().min(1).max(CART_LIMITS.quantity),
});

/** `checkout.fulfillment` in requests: the shipping address and the chosen option. */
export const FulfillmentRequest = z.looseObject({
  methods: z.array(z.looseObject({
    id: text(100).optional(),
    type: text(40).optional(),
    line_item_ids: z.array(text(200)).max(CART_LIMITS.lines).optional(),
    destinations: z.array(PostalAddress.extend({ id: text(100).optional(), type: z.literal('shipping_address').optional().describe('UCP 2026-08-25 destination type; optional in requests; this store only ships') })).max(5).optional().describe('Shipping address (one); the store assigns its id'),
    selected_destination_id: text(100).nullable().optional(),
    groups: z.array(z.looseObject({
      id: text(100).optional(),
      selected_option_id: text(100).nullable().optional().describe('Id of one of the group\'s options'),
    })).max(5).optional(),
  })).max(5).optional(),
});
export type FulfillmentRequest = z.infer<typeof FulfillmentRequest>;

/** A payment instrument as a platform sends it (types/payment_instrument.json, selected; card display). */
const Instrument = z.looseObject({
  id: text(200).min(1),
  handler_id: text(200).min(1),
  type: text(50).min(1),
  selected: z.boolean().optional(),
  // UCP's card display members (common/types/card_payment_instrument.json), all shown to the buyer, none required.
  display: z.looseObject({
    brand: text(100).optional(),
    last_digits: text(4).optional().describe('Last 4 digits of the card number: the buyer approves them'),
    expiry_month: z.number().int().min(1).max(12).optional(),
    expiry_year: z.number().int().min(2000).max(2200).optional(),
    description: text(500).optional(),
    card_art: text(2000).optional(),
  }).optional(),
  billing_address: PostalAddress.optional(),
  credential: z.looseObject({ type: text(100), token: text(2000).optional() }).optional(),
});

/**
 * `checkout.payment` of create and update: the instrument the platform will pay with, named
 * before the buyer's approval (the approval covers it); `[]` leaves the choice to the platform.
 * A credential sent here is neither needed nor kept.
 */
const PaymentRequest = z.looseObject({
  instruments: z.array(Instrument).max(10).optional().describe('The instrument you will pay with (selected: true when several), without a credential: the buyer approves it; [] names none'),
  // Payment terms extension (2026-08-25): one of the checkout's payment.terms[].id; left out: the default (card).
  selected_term_id: text(64).optional(),
});

const requestCommon = {
  buyer: Buyer.optional(),
  context: Context.optional(),
  fulfillment: FulfillmentRequest.optional(),
  payment: PaymentRequest.optional(),
  discounts: DiscountsRequest.optional(),
  signals: z.looseObject({}).optional(),
  attribution: z.looseObject({}).optional(),
};

/** `create_checkout` payload: line items, or a `cart_id` whose contents win (checked here, so a call without either is refused before anything is stored). */
export const CheckoutCreateRequest = z.looseObject({
  line_items: z.array(LineItemRequest).max(CART_LIMITS.lines).optional().describe('Required unless cart_id is given'),
  cart_id: text(200).min(1).optional().describe('Create from this cart (its contents win); a live checkout of the same cart is returned as is'),
  ...requestCommon,
}).refine((payload) => payload.line_items !== undefined || payload.cart_id !== undefined, { path: ['line_items'], message: 'is required unless checkout.cart_id is given' });
export type CheckoutCreateRequest = z.infer<typeof CheckoutCreateRequest>;

/**
 * `update_checkout` payload: a full replacement, at every version (UCP checkout.json `ucp_request`:
 * `line_items` required on update): `buyer`, `context`, `fulfillment` and `payment` left out are
 * cleared (src/ucp/checkout/request.ts; docs/agent-commerce.md "Carts and checkouts").
 */
export const CheckoutUpdateRequest = z.looseObject({
  line_items: z.array(LineItemRequest).max(CART_LIMITS.lines).describe('Required: every line of the checkout (full replacement)'),
  ...requestCommon,
});
export type CheckoutUpdateRequest = z.infer<typeof CheckoutUpdateRequest>;

/**
 * `complete_checkout` payload: the payment instrument (`line_items`, `buyer`, `fulfillment` are
 * omitted in this operation). `payment` is required (UCP checkout.json), its instruments not
 * (common/types/payment.json): a checkout whose discounts cover its total needs none.
 */
export const CheckoutCompleteRequest = z.looseObject({
  payment: z.looseObject({ instruments: z.array(Instrument).max(10).optional(), purchase_order: text(60).optional() }),
  signals: z.looseObject({}).optional(),
  attribution: z.looseObject({}).optional(),
});
export type CheckoutCompleteRequest = z.infer<typeof CheckoutCompleteRequest>;

/** A postal address as responses carry it (docs/agent-commerce.md "Fulfillment"). */
export const ResponseAddress = z.object({
  street_address: z.string().optional(),
  extended_address: z.string().optional(),
  address_locality: z.string().optional(),
  address_region: z.string().optional(),
  postal_code: z.string().optional(),
  address_country: z.string().optional(),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  phone_number: z.string().optional(),
});

/** A destination: tagged `shipping_address` at UCP 2026-08-25, untagged at 2026-04-08. */
const ShippingDestination = ResponseAddress.extend({ id: z.string(), type: z.literal('shipping_address').optional() });

/** Text for people: a plain string at UCP 2026-04-08, `{plain}` (or html, markdown) at 2026-08-25. */
const Description = z.union([z.string(), z.object({ plain: z.string().optional(), html: z.string().optional(), markdown: z.string().optional() })]);

export const FulfillmentOption = z.object({
  id: z.string(),
  title: z.string(),
  description: Description.optional(),
  carrier: z.string().optional(),
  totals: z.array(Total),
});

/** `checkout.fulfillment` in responses: one shipping method, one destination, one group. */
export const Fulfillment = z.object({
  methods: z.array(z.object({
    id: z.string(),
    type: z.enum(['shipping', 'pickup']),
    line_item_ids: z.array(z.string()),
    destinations: z.array(ShippingDestination).optional(),
    selected_destination_id: z.string().nullable().optional(),
    groups: z.array(z.object({
      id: z.string(),
      line_item_ids: z.array(z.string()),
      options: z.array(FulfillmentOption).optional(),
      selected_option_id: z.string().nullable().optional(),
    })).optional(),
  })),
  available_methods: z.array(z.object({ type: z.enum(['shipping', 'pickup']), line_item_ids: z.array(z.string()), fulfillable_on: z.string().nullable().optional(), description: z.string().optional() })).optional(),
});
export type Fulfillment = z.infer<typeof Fulfillment>;

/** `checkout.payment` in responses: the instrument the checkout names (its display facts, never a credential). */
const PaymentResponse = z.object({
  instruments: z.array(z.object({
    id: z.string(),
    handler_id: z.string(),
    type: z.string(),
    selected: z.boolean().optional(),
    display: z.object({ brand: z.string().optional(), last_digits: z.string().optional() }).optional(),
  })).optional(),
  /** Payment terms extension (common/payment_terms.json): the terms offered, and the one selected. */
  terms: z.array(z.lazy(() => PaymentTerm)).optional(),
  selected_term_id: z.string().optional(),
});

/** A payment term (common/types/payment_term.json) and its schedules (payment_schedule.json); amounts in cents. */
export const PaymentTerm = z.object({
  id: z.string(),
  title: z.string(),
  description: z.object({ plain: z.string() }).optional(),
  schedules: z.array(z.object({ id: z.string(), type: z.string(), description: z.object({ plain: z.string() }), due_at: z.string().optional(), amount: z.number().int() })),
});
export type PaymentTerm = z.infer<typeof PaymentTerm>;

/** A payment handler as listed in `ucp.payment_handlers` (payment_handler.json response schema). */
const PaymentHandler = z.object({
  id: z.string(),
  version: z.string(),
  spec: z.string().optional(),
  schema: z.string().optional(),
  available_instruments: z.array(z.object({ type: z.string(), constraints: z.record(z.string(), z.unknown()).optional() })).optional(),
  config: z.record(z.string(), z.unknown()).optional(),
});

export const CHECKOUT_STATUSES = ['incomplete', 'requires_escalation', 'ready_for_complete', 'complete_in_progress', 'completed', 'canceled'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

/** The checkout as returned by every checkout tool. */
export const Checkout = z.object({
  ucp: UcpResponseMeta.extend({ payment_handlers: z.record(z.string(), z.array(PaymentHandler)) }),
  id: z.string(),
  status: z.enum(CHECKOUT_STATUSES),
  currency: z.string(),
  line_items: z.array(LineItem),
  buyer: ResponseBuyer.optional(),
  context: ResponseContext.optional(),
  fulfillment: Fulfillment.optional(),
  totals: z.array(Total),
  links: z.array(Link),
  messages: z.array(Message).optional(),
  expires_at: z.string(),
  continue_url: z.string().optional(),
  payment: PaymentResponse.optional(),
  discounts: DiscountsResponse.optional(),
  order: z.object({ id: z.string(), label: z.string().optional(), permalink_url: z.string() }).optional(),
});
export type Checkout = z.infer<typeof Checkout>;
