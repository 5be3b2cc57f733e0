/**
 * The core's problems (src/checkout/problems.ts) as UCP messages: the UCP code (the standard
 * one where UCP has it: `missing`, `invalid_address`, `out_of_stock`, `payment_failed`…), a
 * sentence, and the JSONPath of the field concerned in the request or response shape (the same
 * in every version this store speaks). The sentence follows the request's `context.language`
 * (docs/agent-commerce.md "Context hints"): a tag that names one of the store's 12 locales gets
 * the store's own sentence in that locale (src/checkout/problem-text.ts, the words of the
 * buyer's pages); no tag, or a language the store lacks, gets the English sentence addressed to
 * the agent below. Code, type, severity and path never depend on the language. Message shapes:
 * UCP `types/message.json` (error, warning, info); errors carry their severity.
 */
import type { Locale } from '../catalog/locales';
import { toDecimal } from '../commerce/money';
import type { Place, Problem } from '../checkout/problems';
import { problemText } from '../checkout/problem-text';
import { storeLocaleOf } from '../checkout/shopper';
import { errorMessage, infoMessage, warningMessage } from './messages';
import type { Message } from './wire/common';

const DESTINATION = '$.fulfillment.methods[0].destinations[0]';

/** The JSONPath of a place. */
function pathOf(at: Place | undefined): string | undefined {
  if (!at) return undefined;
  if ('line' in at) return `$.line_items[${at.line}]${at.quantity ? '.quantity' : ''}`;
  if ('requested' in at) return undefined;
  if ('address' in at) return at.address === 'whole' ? DESTINATION : `${DESTINATION}.${at.address}`;
  if ('instrument' in at) return at.instrument === 'all' ? '$.payment.instruments' : `$.payment.instruments[${at.instrument}]${at.field ? `.${at.field}` : ''}`;
  switch (at.field) {
    case 'line_items': return '$.line_items';
    case 'buyer.email': return '$.buyer.email';
    case 'addresses': return '$.fulfillment.methods[0].destinations';
    case 'shipping_option': return '$.fulfillment.methods[0].groups[0].selected_option_id';
    case 'methods': return '$.fulfillment.methods';
    case 'payment': return '$.payment';
    // Not on this protocol's wire: orders on invoice are the store's own pages' (until payment terms).
    case 'purchase_order': return '$.payment';
    case 'discounts': return '$.discounts.codes';
    case 'payment_term': return '$.payment.selected_term_id';
  }
}

/** A destination for sentences: "FR", "FR 97400", "ES (Canarias)", or "the destination". */
function destinationLabel(d: Problem['data']): string {
  if (!d?.country) return 'the destination';
  const detail = d.postal_code ?? (d.region ? `(${d.region})` : '');
  return detail ? `${d.country} ${detail}` : String(d.country);
}

const list = (value: unknown) => (Array.isArray(value) ? value.join(', ') : String(value ?? ''));

/** UCP code and English text of a problem. */
function worded(p: Problem): { code: string; content: string } {
  const d = p.data ?? {};
  const say = (code: string, content: string) => ({ code, content });
  switch (p.code) {
    case 'currency_unsupported': return say(p.code, `Prices are in ${d.store}: the store sells in ${d.store} only and does not convert to ${d.requested}.`);
    case 'prices_exclude_vat': return say(p.code, `Prices for ${d.country} exclude French VAT (export outside the EU); import duties and taxes may be charged on delivery.`);
    case 'destination_not_served': return say('address_undeliverable', `The store does not deliver to ${d.country}; nothing can be bought for that destination. Countries served: ${list(d.served)}.`);
    case 'territory_not_served': return say('address_undeliverable', `The store does not deliver to the ${d.territory} (${d.country}); nothing can be bought for that destination.`);
    case 'invalid_country': return say(p.code, `context.address_country "${d.value}" is not an ISO 3166-1 alpha-2 code such as "FR"; availability and prices are shown without a destination.`);
    case 'unknown_item': return say('not_found', `No variant has the id "${d.ref}" (line_items[${(p.at as { requested: number }).requested}].item.id); find variant ids with search_catalog.`);
    case 'variant_required': return say(p.code, `"${d.ref}" (line_items[${(p.at as { requested: number }).requested}].item.id) is a product with ${d.variants} variants; use the id of one of its variants.`);
    case 'item_unavailable': return say(p.code, p.at ? `${d.title} cannot be delivered to ${destinationLabel(d)}.` : `${d.title} cannot be delivered to ${destinationLabel(d)}; it was not added.`);
    case 'out_of_stock': return say(p.code, p.at ? `${d.title} is out of stock.` : `${d.title} is out of stock; it was not added.`);
    case 'insufficient_stock': return say('out_of_stock', `Only ${d.left} × ${d.title} left in stock; lower the quantity.`);
    case 'quantity_adjusted': return say(p.code, `Only ${d.left} × ${d.title} in stock: the quantity was lowered from ${d.requested} to ${d.left}.`);
    case 'quantity_limit': return p.level === 'error'
      ? say('invalid_quantity', `At most ${d.max} units of one item per checkout: ${d.requested} × ${d.title} cannot be paid; lower the quantity.`)
      : say('quantity_adjusted', `At most ${d.max} units of one item per cart or checkout: the quantity of ${d.title} was lowered from ${d.requested} to ${d.max}.`);
    case 'lines_limit': return say('invalid_quantity', `At most ${d.max} different items per cart or checkout: line_items[${(p.at as { requested: number }).requested}] was not added.`);
    case 'total_too_large': return say('total_too_large', `The total, ${toDecimal(Number(d.total))} EUR, is above the ${toDecimal(Number(d.max))} EUR the store takes in one order online; lower the quantities or split the order (larger orders are quoted through a business account).`);
    case 'variant_gone': return say('not_found', `Variant ${d.variant_id} is no longer sold and was removed.`);
    case 'price_changed': return say(p.code, `The price of ${d.title} changed since it was added: ${(Number(d.was) / 100).toFixed(2)} EUR, now ${(Number(d.now) / 100).toFixed(2)} EUR.`);
    case 'backorder': return say('delayed_fulfillment', `${d.units} × ${d.title} on backorder: shipped when restocked.`);
    case 'no_lines': return say('missing', d.creating ? 'A checkout needs at least one line item.' : 'The checkout has no line items; add some with update_checkout.');
    case 'email_missing': return say('missing', 'The buyer\'s email is required (buyer.email).');
    case 'email_invalid': return say('invalid_email', `"${d.email}" is not an email address.`);
    case 'address_missing': return say('missing', 'A shipping address is required: send fulfillment.methods[0].destinations[0] with street_address, postal_code, address_locality, address_country and the recipient\'s name.');
    case 'address_field_missing': return say('invalid_address', `The shipping address needs ${d.field}.`);
    case 'recipient_missing': return say('invalid_address', 'The shipping address needs the recipient\'s first_name and last_name.');
    case 'postal_code_invalid': return say('invalid_address', `The postal code ${JSON.stringify(d.value ?? null)} is not written as postal codes of ${d.country} are; check it (the shipping address's postal_code).`);
    case 'country_invalid': return say('invalid_address', `address_country must be an ISO 3166-1 alpha-2 code such as "FR" (got ${JSON.stringify(d.value ?? null)}).`);
    case 'territory_undeliverable': return say('address_undeliverable', `The store does not deliver to the ${d.territory} (${d.country}).`);
    case 'country_undeliverable': return say('address_undeliverable', `The store does not deliver to ${d.country}.`);
    case 'product_not_shipped': return say('address_undeliverable', `${list(d.titles)} cannot be delivered to ${d.country}.`);
    case 'no_shipping_method': return say('address_undeliverable', `No shipping method carries this order to ${d.country}: parcels are limited in weight and large items travel by freight to a few countries only; lower the quantities or split the order.`);
    case 'option_missing': return say('missing', `Choose a shipping option: set fulfillment.methods[0].groups[0].selected_option_id to one of ${list(d.offered)}.`);
    case 'option_not_offered': return say('missing', `The shipping option "${d.option}" is not offered for this order and address: set fulfillment.methods[0].groups[0].selected_option_id to one of ${list(d.offered)}.`);
    case 'free_shipping': return say(p.code, `Shipping is free from ${d.currency} ${toDecimal(Number(d.threshold))} with the options priced 0.`);
    case 'several_methods_ignored': return say('multiple_methods_ignored', 'This store ships each order to one address with one method: only fulfillment.methods[0] was used.');
    case 'approval_required': return say('buyer_approval_required', `${d.declined ? 'The last payment was declined, which voided the buyer\'s approval. ' : d.lapsed ? 'The buyer\'s earlier approval no longer applies (the order changed, or 15 minutes passed). ' : ''}The buyer must review and approve this order (items, totals with VAT, address, shipping, and the payment instrument named in payment.instruments, if any) on the store's page at continue_url before it can be paid. Give the buyer that link; the approval is valid for 15 minutes and only for these exact terms. Then call complete_checkout.`);
    case 'authentication_required': return say('requires_3ds', 'The payment needs the buyer to authenticate it (3-D Secure). Give the buyer the continue_url: once they have approved the order again there, call complete_checkout with a new idempotency key.');
    case 'checkout_completed': return say(p.code, 'This checkout is completed and cannot be changed; read its order with get_order.');
    case 'checkout_canceled': return p.level === 'info'
      ? say(p.code, `${d.expired ? 'The checkout expired 6 hours after its creation and was canceled.' : 'The checkout was canceled.'} Create a new checkout to buy these items.`)
      : say(p.code, 'This checkout is canceled (or expired) and cannot be changed; create a new checkout.');
    case 'refused_by_buyer': return say('checkout_canceled', 'The buyer refused this order on the store\'s approval page ("this is not right") and the checkout was canceled; nothing was charged. Ask the buyer what is wrong before creating a new checkout.');
    case 'payment_in_progress': return p.level === 'info'
      ? say('complete_in_progress', 'The payment of this checkout is being processed; read it again in a few seconds.')
      : say('complete_in_progress', 'The payment of this checkout is being processed; it cannot be changed now.');
    case 'cart_not_found': return say('not_found', `No cart has the id "${d.id}" (checkout.cart_id); carts expire 7 days after their last change.`);
    case 'instrument_ambiguous': return say('invalid_payment', Number(d.selected) ? 'several instruments are selected; select exactly one' : d.sent === 0 ? 'payment.instruments is empty: send the instrument to pay with (only a total of 0 needs none)' : 'several instruments are sent and none has selected: true');
    case 'handler_unknown': return say('invalid_payment', `unknown payment handler "${d.handler}"; this store accepts handler_id "${d.accepted}"`);
    case 'instrument_type_refused': return say('invalid_payment', `instrument type "${d.type}" is not accepted; use "card"`);
    case 'brand_refused': return say('invalid_payment', `card brand "${d.brand}" is not accepted; accepted brands: ${list(d.accepted)}`);
    case 'credential_missing': return say('invalid_payment', 'a token {type: "token", token} is required');
    case 'token_unknown': return say('invalid_payment', 'unknown sandbox token; use success_token, fail_token or 3ds_token');
    case 'payment_declined': return say('payment_failed', 'Payment declined: the card was declined by the issuer. Nothing was charged, and the buyer\'s approval is void: to try again (with another instrument: name it first with update_checkout payment.instruments), give the buyer the continue_url to approve again, then call complete_checkout with a new idempotency key.');
    case 'payment_needs_authentication': return say('payment_not_charged', 'the card issuer requires 3-D Secure authentication by the buyer. Nothing was charged.');
    case 'invoice_not_granted': return say('payment_not_charged', 'This buyer may not order on invoice: pay with an accepted instrument instead.');
    case 'purchase_order_missing': return say('missing', 'The buyer\'s organisation gives a purchase-order number with each order on invoice: ask the buyer for it.');
    case 'quote_applied': return say(p.code, `Prices of quote ${d.number}, valid until ${d.valid_until}.`);
    case 'quote_not_applied': return say(p.code, `Quote ${d.number ?? ''} does not price this checkout (${d.reason}): today's catalogue prices apply.`);
    case 'instrument_changed': return say('payment_not_charged', 'This instrument is not the one the checkout named (handler, type, brand or last digits differ), so it was not charged: it is now the checkout\'s payment instrument and the buyer must approve it. Give the buyer the continue_url, then call complete_checkout with this instrument and a new idempotency key.');
    case 'discount_rejected': return discountWords(d);
    case 'payment_term_needs_account': return say('identity_required', 'Bank transfer within 30 days is for business accounts granted it: call with the account holder\'s access token (identity linking, scope dev.ucp.shopping.checkout:manage), or select the card term.');
    case 'payment_term_unknown': return say('invalid_payment', `payment.selected_term_id "${d.id}" is not one of this checkout's terms (${list(d.offered)}).`);
    case 'account_email_kept': return say(p.code, `This checkout belongs to the linked account: its buyer is the account's verified e-mail ${d.email}; the buyer.email sent was ignored.`);
    case 'sold_out_at_payment': return say('out_of_stock', `${Number(d.left) > 0 ? `Only ${d.left} × ${d.title} left in stock; lower the quantity.` : `${d.title} has just sold out.`} Nothing was charged.`);
  }
}

/**
 * A problem as a UCP message.
 * @param locale the store locale of its `content`; undefined: the English sentence for the agent
 */
export function messageOf(problem: Problem, locale?: Locale): Message {
  const { code, content: english } = worded(problem);
  const content = locale ? problemText(problem, locale) : english;
  const path = pathOf(problem.at);
  if (problem.level === 'error') return errorMessage(code, content, problem.severity ?? 'recoverable', path);
  return problem.level === 'warning' ? warningMessage(code, content, path) : infoMessage(code, content, path);
}

/**
 * Problems as UCP messages, in order.
 * @param language the request's (or the stored) `context.language`, a BCP 47 tag: the messages'
 *        `content` is in the store locale it names, English without one
 */
export function messagesOf(problems: readonly Problem[], language?: string): Message[] {
  const locale = storeLocaleOf(language);
  return problems.map((p) => messageOf(p, locale));
}

/**
 * A code that does not apply, as the UCP discount extension's warnings name it
 * (`discount_code_expired`, `discount_code_invalid`, `discount_code_combination_disallowed`,
 * `discount_code_user_ineligible`; docs ucp.md §14): a message, never an error.
 */
function discountWords(d: NonNullable<Problem['data']>): { code: string; content: string } {
  const day = (at: unknown) => new Date(Number(at)).toISOString().slice(0, 10);
  switch (d.reason) {
    case 'expired': return { code: 'discount_code_expired', content: `The code ${d.code} expired on ${day(d.at)}.` };
    case 'not_started': return { code: 'discount_code_invalid', content: `The code ${d.code} is valid from ${day(d.at)}.` };
    case 'minimum': return { code: 'discount_code_user_ineligible', content: `The code ${d.code} applies from ${toDecimal(Number(d.minimum))} EUR of eligible items.` };
    case 'not_applicable': return { code: 'discount_code_invalid', content: `The code ${d.code} applies to none of these items.` };
    case 'already_used': return { code: 'discount_code_user_ineligible', content: `The buyer already used the code ${d.code} (one use per buyer).` };
    case 'exhausted': return { code: 'discount_code_expired', content: `The code ${d.code} has no uses left.` };
    case 'not_combinable': return { code: 'discount_code_combination_disallowed', content: `The code ${d.code} does not combine with the other discounts; the better one is applied.` };
    default: return { code: 'discount_code_invalid', content: `The code ${d.code} does not exist.` };
  }
}
