/**
 * What the core reports about a cart, checkout or payment: a code, how serious it is, where it
 * is (a line, a field of the address, the chosen shipping option…) and the facts behind it.
 * No sentence and no wire path here: problem-text.ts words them in the store's 12 locales (the
 * buyer's pages, and UCP messages of a request with a `context.language`); src/ucp/ words them
 * for agents in English otherwise and adds the JSONPaths of its version's shapes.
 *
 * Levels: an `error` keeps a checkout from being paid (its severity says who can fix it:
 * the agent `recoverable`, the buyer `requires_buyer_input` / `requires_buyer_review`, nobody
 * `unrecoverable`); a `warning` must be shown to the buyer; an `info` explains.
 */
import type { AddressField } from '../commerce/address';

export type Severity = 'recoverable' | 'requires_buyer_input' | 'requires_buyer_review' | 'unrecoverable';

/** Where a problem is. */
export type Place =
  /** The n-th line of the cart or checkout as priced (its quantity, when `quantity`). */
  | { line: number; quantity?: true }
  /** The n-th line item of the request (its item reference). */
  | { requested: number }
  /** A field of the shipping address, or the address as a whole. */
  | { address: AddressField | 'whole' }
  /** The n-th payment instrument sent, or one of its fields. */
  | { instrument: number | 'all'; field?: 'handler_id' | 'type' | 'display.brand' | 'credential' | 'credential.token' }
  | { field: 'line_items' | 'buyer.email' | 'addresses' | 'shipping_option' | 'methods' | 'payment' | 'purchase_order' | 'discounts' | 'payment_term' };

/** Facts of a problem: names, quantities, ids, amounts in cents. */
export type ProblemData = Record<string, string | number | boolean | readonly string[] | undefined>;

/**
 * The codes the core reports, with the data each carries:
 * - `currency_unsupported` {store, requested}; `prices_exclude_vat` {country};
 *   `destination_not_served` {country, served[]}; `territory_not_served` {country, territory};
 *   `invalid_country` {value} — from the shopper's hints (shopper.ts);
 * - `unknown_item` {ref}; `variant_required` {ref, variants}; `item_unavailable` {title, destination};
 *   `out_of_stock` {title}; `insufficient_stock` {title, left}; `quantity_adjusted` {title, left, requested};
 *   `quantity_limit` {title, max, requested} (units of one line above ORDER_LIMITS: lowered to `max`
 *   when resolved, an error on a stored line); `lines_limit` {max} (a line beyond the most a
 *   cart holds, left out); `variant_gone` {variant_id}; `backorder` {title, units}; `price_changed` {title, was, now} (cents, since
 *   the shopper saw the line on the store's pages) — lines (lines.ts);
 * - `no_lines`; `email_missing`; `email_invalid` {email}; `address_missing`;
 *   `address_field_missing` {field}; `recipient_missing`; `country_invalid` {value};
 *   `postal_code_invalid` {value, country} (not written as the country writes its codes);
 *   `territory_undeliverable` {territory, country}; `country_undeliverable` {country};
 *   `product_not_shipped` {titles[], country}; `no_shipping_method` {country};
 *   `option_missing` {offered[]}; `option_not_offered` {option, offered[]}; `free_shipping` {threshold};
 *   `several_methods_ignored`; `total_too_large` {max, total} (cents, above ORDER_LIMITS) — a
 *   checkout's state (pricing.ts, changes.ts);
 * - `approval_required` {lapsed, declined}; `authentication_required` — the buyer must act (view.ts);
 * - `checkout_completed`; `checkout_canceled` {expired}; `refused_by_buyer` (canceled by the
 *   buyer on the approval page); `payment_in_progress`;
 *   `cart_not_found` {id} (a checkout asked from an unknown cart) — lifecycle;
 * - `instrument_ambiguous` {selected, sent}; `handler_unknown` {handler, accepted}; `instrument_type_refused` {type};
 *   `brand_refused` {brand, accepted[]}; `credential_missing`; `token_unknown`; `payment_declined`;
 *   `payment_needs_authentication`; `instrument_changed` (paying with another instrument than
 *   the one named: it is named now and needs the buyer's approval); `sold_out_at_payment`
 *   {title, left} — payment (changes.ts, complete.ts, payment/sandbox.ts);
 * - `invoice_not_granted` (ordering on invoice without terms that allow it);
 *   `purchase_order_missing` (terms that ask for a purchase order, none given) — payment on
 *   invoice (complete.ts, src/commerce/payment-terms.ts);
 * - `quote_applied` {number, valid_until}; `quote_not_applied` {number, reason: expired, ordered,
 *   account, lines, country} — the quote a business member's checkout names (pricing.ts,
 *   src/commerce/quotes.ts `quoteMismatch`);
 * - `account_email_kept` {email} (a linked platform's checkout keeps the account's verified e-mail
 *   over the one the agent sent) — identity linking (checkouts.ts);
 * - `payment_term_unknown` {id, offered[]} (changes.ts); `payment_term_needs_account` (the bank
 *   transfer term selected without an account granted it; with one that is not: `invoice_not_granted`)
 *   — payment terms (pricing.ts);
 * - `discount_rejected` {code, reason (src/commerce/discounts.ts `RejectionReason`), at (epoch ms
 *   of the start or end), minimum (cents)} — a code the buyer entered that does not apply (pricing.ts).
 */
export type ProblemCode =
  | 'currency_unsupported' | 'prices_exclude_vat' | 'destination_not_served' | 'territory_not_served' | 'invalid_country'
  | 'unknown_item' | 'variant_required' | 'item_unavailable' | 'out_of_stock' | 'insufficient_stock' | 'quantity_adjusted' | 'quantity_limit' | 'lines_limit'
  | 'variant_gone' | 'backorder' | 'price_changed'
  | 'no_lines' | 'email_missing' | 'email_invalid' | 'address_missing' | 'address_field_missing' | 'recipient_missing' | 'country_invalid' | 'postal_code_invalid'
  | 'territory_undeliverable' | 'country_undeliverable' | 'product_not_shipped' | 'no_shipping_method'
  | 'option_missing' | 'option_not_offered' | 'free_shipping' | 'several_methods_ignored' | 'total_too_large'
  | 'approval_required' | 'authentication_required'
  | 'checkout_completed' | 'checkout_canceled' | 'refused_by_buyer' | 'payment_in_progress' | 'cart_not_found'
  | 'instrument_ambiguous' | 'handler_unknown' | 'instrument_type_refused' | 'brand_refused' | 'credential_missing' | 'token_unknown'
  | 'payment_declined' | 'payment_needs_authentication' | 'instrument_changed' | 'sold_out_at_payment'
  | 'invoice_not_granted' | 'purchase_order_missing'
  | 'quote_applied' | 'quote_not_applied'
  | 'discount_rejected'
  | 'account_email_kept' | 'payment_term_unknown' | 'payment_term_needs_account';

export interface Problem {
  level: 'error' | 'warning' | 'info';
  code: ProblemCode;
  /** Errors only. */
  severity?: Severity;
  at?: Place;
  data?: ProblemData;
}

/** An error the agent or buyer can fix (`recoverable` unless said otherwise). */
export function error(code: ProblemCode, data?: ProblemData, at?: Place, severity: Severity = 'recoverable'): Problem {
  return { level: 'error', code, severity, ...(at ? { at } : {}), ...(data ? { data } : {}) };
}

/** A warning the buyer must see. */
export function warning(code: ProblemCode, data?: ProblemData, at?: Place): Problem {
  return { level: 'warning', code, ...(at ? { at } : {}), ...(data ? { data } : {}) };
}

/** An explanation. */
export function info(code: ProblemCode, data?: ProblemData, at?: Place): Problem {
  return { level: 'info', code, ...(at ? { at } : {}), ...(data ? { data } : {}) };
}

/** True when a problem keeps a checkout from being paid. */
export const blocks = (problem: Problem) => problem.level === 'error';
