/**
 * The store's own records of a purchase: carts, checkouts and orders as the database keeps them
 * (jsonb documents beside indexed columns, src/state/) and as the application core
 * (src/checkout/) reads and writes them. They hold what the buyer chose and what was agreed,
 * in the store's terms (variant ids, integer cents, the store's address fields), never one
 * protocol release's wire shape: src/ucp/ renders them at the version a platform negotiated,
 * the buyer's pages and e-mails render them in the buyer's language.
 *
 * Field names follow the trade's usual words (schema.org postal address, the buyer's e-mail),
 * which is also what UCP and Shopify use on the wire; that the names agree is a convenience,
 * not a dependency.
 */
import type { AppliedDiscount, DiscountUsage } from './discounts';
import type { Address } from './address';
import type { OrderingOrganisation } from './business';
import type { InvoicePayment } from './payment-terms';
import type { Taxation } from './pricing-context';
import type { PaidOrderStatus } from './fulfillment';
import type { Total } from './totals';

/** The buyer of a cart or checkout: only the fields the store uses, trimmed when stored. */
export interface Buyer {
  first_name?: string;
  last_name?: string;
  email?: string;
  phone_number?: string;
}

/**
 * What a buyer told the store about where and how they shop, before an address exists:
 * destination hints (country, region, postal code), language (BCP 47), preferred currency and
 * the shopping intent. Hints never make a request fail (src/checkout/shopper.ts reads them).
 */
export interface ShoppingContext {
  address_country?: string;
  address_region?: string;
  postal_code?: string;
  language?: string;
  currency?: string;
  intent?: string;
}

/** One line of a cart or checkout: a variant of content/products and a quantity in units. */
export interface CartLine {
  variant_id: number;
  quantity: number;
  /** Unit price in cents the shopper was shown when adding the line on the store's pages (absent for agents' lines). */
  price_seen?: number;
}

/** What the URL of a buyer's page keeps of its secret (src/checkout/secrets.ts): a nonce and the secret's SHA-256. */
export interface SecretRef {
  nonce: string;
  digest: string;
}

export interface CartRecord {
  id: string;
  /** ISO 8601 timestamps. */
  created_at: string;
  updated_at: string;
  expires_at: string;
  lines: CartLine[];
  context?: ShoppingContext;
  buyer?: Buyer;
  /** Discount codes as typed, trimmed and deduplicated (UCP discount extension `discounts.codes`); a checkout made of the cart takes them. */
  discount_codes?: string[];
}

/**
 * A payment instrument a platform named on a checkout before paying: the facts the buyer sees on
 * the approval page and approves, never a credential or token.
 */
export interface NamedInstrument {
  /** The platform's id of the instrument. */
  id: string;
  /** The payment handler instance it belongs to (e.g. `sandbox_card`). */
  handler_id: string;
  /** Instrument type (e.g. `card`). */
  type: string;
  /** Card brand, lower-cased (e.g. `visa`), when the platform gave it. */
  brand?: string;
  /** Last 4 digits of the card number, when the platform gave them. */
  last_digits?: string;
}

/**
 * The stored lifecycle of a checkout: `open` (whether it is incomplete, awaits the buyer's
 * approval or is ready to pay is derived from the data at each read), `completing` (between
 * taking the stock and recording the payment), `completed`, `canceled`.
 */
export type CheckoutState = 'open' | 'completing' | 'completed' | 'canceled';

/** Uses of offers read with a record: which offers (handles) were read, for which buyer key. */
export interface LoadedDiscountUsage extends DiscountUsage {
  offers: readonly string[];
  buyer: string;
}

export interface CheckoutRecord {
  id: string;
  /**
   * Who created it: a platform's profile URL, "anonymous" for an agent without one. Others read
   * it as absent.
   */
  platform: string;
  /** ISO 8601 timestamps. */
  created_at: string;
  updated_at: string;
  expires_at: string;
  state: CheckoutState;
  cart_id?: string;
  lines: CartLine[];
  context?: ShoppingContext;
  buyer?: Buyer;
  /** Shipping address, normalised (src/commerce/address.ts). */
  address?: Address;
  /** Selected shipping option (method id of content/shipping.yaml), or null. */
  option_id?: string | null;
  /** Discount codes the buyer entered, as typed (matched without regard to case, src/commerce/discounts.ts). */
  discount_codes?: string[];
  /**
   * Not stored: the uses of the catalog's limited offers read with the checkout's row
   * (src/state/checkouts.ts `loadVersionedCheckout` `discounts`), for the buyer `buyer` (key of
   * src/state/discount-uses.ts `buyerKey`, '' without an e-mail), so that pricing it reads nothing more.
   */
  discount_usage?: LoadedDiscountUsage;
  /**
   * The payment instrument the platform named before paying: part of the terms the buyer
   * approves. Absent: the platform chooses among the accepted ones when it pays.
   */
  instrument?: NamedInstrument;
  /** Secret of the approval page URL (nonce and digest only). */
  approval_secret: SecretRef;
  /** The buyer's approval: hash of the approved terms, epoch seconds. */
  approval?: { terms_hash: string; approved_at: number };
  /**
   * Why the payment needs the buyer again: it asked them to authenticate (`requires_3ds`) or it
   * was declined (`payment_declined`, which also voids the approval). Kept until the buyer
   * approves again or the terms change.
   */
  escalation?: { reason: 'requires_3ds' | 'payment_declined'; at: number };
  /** Payment in progress: the order id it writes and when it started (epoch ms). */
  completion?: { order_id: string; started_at: number };
  /** The order, once completed, with the secret of its status page URL. */
  order?: { id: string; label: string; secret: SecretRef };
  completed_at?: string;
  canceled_at?: string;
  /** Why a canceled checkout was canceled, when it was not the platform: the buyer refused it on the approval page. */
  cancel_reason?: 'refused_by_buyer';
  /**
   * The signed-in person buying on the site (the authentication library's user id): when they
   * are a member of an approved business, its terms price the checkout.
   */
  account?: { user_id: string };
  /** The quote whose prices the checkout is ordered at (src/commerce/quotes.ts): a site checkout of a business member. */
  quote_id?: string;
  /**
   * The payment term a platform selected (UCP payment terms extension): `bank_transfer` on
   * invoice within 30 days; absent: the card, the default.
   */
  payment_term?: 'bank_transfer';
}

/** Before payment `pending_payment` (being completed) or `voided` (never paid); then a paid status (src/commerce/fulfillment.ts). */
export type OrderStatus = 'pending_payment' | PaidOrderStatus | 'voided';

/** A line of an order as approved and paid. Amounts in cents, VAT included. */
export interface OrderItem {
  /** `li_<variant id>`: the line's id in every view of the order. */
  id: string;
  variant_id: number;
  /** Title in the order's locale, with the variant's options. */
  title: string;
  unit_price: number;
  quantity: number;
  /** unit_price × quantity. */
  total: number;
  image_url?: string;
  /** How the line was taxed (src/commerce/pricing-context.ts); absent on orders before business terms: the total's VAT rate. */
  taxation?: Taxation;
}

/** A fulfillment event: `processing` when paid, then `shipped` (carrier, tracking) and `delivered`. */
export interface OrderEvent {
  id: string;
  /** ISO 8601. */
  occurred_at: string;
  type: string;
  line_items: Array<{ id: string; quantity: number }>;
  carrier?: string;
  tracking_number?: string;
  tracking_url?: string;
  description?: string;
}

/**
 * An adjustment after payment: `cancellation` (line quantities negative) or `refund`; `totals`
 * holds the money given back as a negative `total`, in cents.
 */
export interface OrderAdjustment {
  id: string;
  type: 'cancellation' | 'refund';
  occurred_at: string;
  status: 'completed';
  line_items?: Array<{ id: string; quantity: number }>;
  totals?: Array<{ type: 'total'; amount: number }>;
  description?: string;
}

/** The shipping option an order travels with. */
export interface OrderShipping {
  id: string;
  title: string;
  description: string;
  carrier: string;
  min_days: number;
  max_days: number;
}

export interface OrderRecord {
  id: string;
  /** Human-readable order number, e.g. "PP-20261120-K7QD2M". */
  label: string;
  checkout_id: string;
  /** Who completed the checkout: a platform's profile URL, or "anonymous". */
  platform: string;
  status: OrderStatus;
  /** ISO 8601. */
  created_at: string;
  /** Locale of the buyer's pages and e-mails. */
  locale: string;
  currency: string;
  buyer: Buyer;
  /** The lines as approved and paid: never re-priced. */
  lines: OrderItem[];
  /** subtotal, fulfillment, total with the VAT disclosed under it (src/commerce/totals.ts), as paid. */
  totals: Total[];
  /** The discounts applied, as approved and paid (src/commerce/discounts.ts); absent without any. */
  discounts?: AppliedDiscount[];
  destination: Address;
  /** The shipping option, or null when nothing is shipped. */
  shipping: OrderShipping | null;
  /** How the shipping was taxed; absent as for `OrderItem.taxation`. */
  shipping_taxation?: Taxation;
  /**
   * An order placed on invoice (src/commerce/payment-terms.ts): its due date, reference, purchase
   * order and the transfers received. Absent for an order paid by card.
   */
  invoice_payment?: InvoicePayment;
  /** The organisation the order was placed for (a member of an approved business), as on its invoice. */
  business?: OrderingOrganisation;
  /** The account it was placed for: the site's signed-in buyer, or the account a linked platform acted for (src/commerce/owner.ts). */
  account?: { user_id: string };
  /** Lines with nothing to ship (weight 0: training, vouchers). */
  digital_line_ids: string[];
  /** Units sold beyond the counted stock (backorder), by line id. */
  backordered: Record<string, number>;
  /** Fulfillment events, append-only. */
  events: OrderEvent[];
  /** Adjustments (cancellation, refunds), append-only; absent on orders nothing happened to. */
  adjustments?: OrderAdjustment[];
  /**
   * Where the platform that placed the order wants its events (the order webhook it declared),
   * and the protocol version to render them at; absent when it declared none.
   */
  webhook_url?: string;
  webhook_version?: string;
  /** Secret of the order status page URL (nonce and digest only). */
  secret: SecretRef;
}
