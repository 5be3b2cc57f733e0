/**
 * Pricing a stored checkout for UCP (docs/ucp.md §3–§4): line items for the shipping address
 * (which overrides the context hints, docs/ucp.md §8), the shipping quotes, the VAT rate and the
 * totals of src/commerce (shipping.ts, vat.ts, totals.ts), the address and e-mail checks of
 * src/commerce/address.ts mapped to the UCP messages that keep the checkout `incomplete`, and the
 * terms the buyer approves (src/commerce/approval.ts). Pure apart from reading live stock.
 */
import type { Locale } from '../../catalog/locales';
import { toDecimal } from '../../commerce/money';
import { type ShippingQuote, type Undeliverable, freeShippingThreshold, requiresShipping, shippingQuotes } from '../../commerce/shipping';
import { buildTotals, type Total } from '../../commerce/totals';
import { disclosedVatRate } from '../../commerce/vat';
import { type Terms, termsHash } from '../../commerce/approval';
import { ADDRESS_FIELDS, type AddressProblem, addressCountry, addressProblems, emailProblem } from '../../commerce/address';
import { type CatalogCall, catalogCall } from '../catalog/shared';
import { type PricedLine, priceLines } from '../cart/view';
import { errorMessage, infoMessage } from '../messages';
import type { ToolEnv } from '../tools/types';
import type { Context, Message } from '../wire/common';
import type { CheckoutRecord } from '../../state/checkouts';

export interface PricedCheckout {
  call: CatalogCall;
  locale: Locale;
  lines: PricedLine[];
  /** True when at least one line has something to ship. */
  needsShipping: boolean;
  /** Shipping quotes for the address (cheapest first), empty without a deliverable address. */
  quotes: ShippingQuote[];
  /** Price of each quote for the destination (net of French VAT outside the EU), cents, by option id. */
  optionPrices: Map<string, number>;
  /** The selected option when it is one of `quotes`. */
  option: ShippingQuote | undefined;
  /** Price of the selected option for the destination, cents; null before one is chosen. */
  shippingPrice: number | null;
  totals: Total[];
  /** Errors and warnings of the current state; any `error` keeps the checkout incomplete. */
  messages: Message[];
  /** True when nothing is missing or wrong: the checkout can be approved and completed. */
  complete: boolean;
  terms: Terms;
  termsHash: string;
}

const DESTINATION = '$.fulfillment.methods[0].destinations[0]';

/** An address problem as a recoverable `invalid_address` error pointing at the field. */
function addressMessage({ field, problem }: AddressProblem, address: { address_country?: string }): Message {
  const text = problem === 'country'
    ? `address_country must be an ISO 3166-1 alpha-2 code such as "FR" (got ${JSON.stringify(address.address_country ?? null)}).`
    : problem === 'required' ? `The shipping address needs ${field}.` : 'The shipping address needs the recipient\'s first_name and last_name.';
  return errorMessage('invalid_address', text, 'recoverable', `${DESTINATION}.${field}`);
}

function undeliverableMessage(why: Undeliverable, lines: readonly PricedLine[]): Message {
  switch (why.reason) {
    case 'territory': return errorMessage('address_undeliverable', `The store does not deliver to the ${why.territory} (${why.country}).`, 'recoverable', DESTINATION);
    case 'country_not_served': return errorMessage('address_undeliverable', `The store does not deliver to ${why.country}.`, 'recoverable', `${DESTINATION}.address_country`);
    case 'product_not_shipped': return errorMessage('address_undeliverable', `${why.lineIndexes.map((i) => lines[i].lineItem.item.title).join(', ')} cannot be delivered to ${why.country}.`, 'recoverable', `$.line_items[${why.lineIndexes[0]}]`);
    case 'no_method': return errorMessage('address_undeliverable', `No shipping method carries this order to ${why.country}: parcels are limited in weight and large items travel by freight to a few countries only; lower the quantities or split the order.`, 'recoverable', DESTINATION);
  }
}

/** The context the checkout is priced in: the shipping address overrides the context's country, region and postal code. */
export function effectiveContext(record: Pick<CheckoutRecord, 'context' | 'address'>, language?: string): Context | undefined {
  const { address, context } = record;
  const located = address?.address_country ? { address_country: address.address_country, postal_code: address.postal_code, address_region: address.address_region } : {};
  const merged = { ...context, ...located, ...(language ? { language } : {}) };
  return Object.keys(merged).length ? merged : undefined;
}

/**
 * Prices a checkout.
 * @param language BCP 47 tag overriding the checkout's `context.language` for titles (the approval page's locale); terms do not depend on it
 */
export async function priceCheckout(record: CheckoutRecord, env: ToolEnv, language?: string): Promise<PricedCheckout> {
  const { store, shipping } = env.catalog;
  const call = catalogCall(env, effectiveContext(record, language));
  const locale = call.ctx.locale;
  const messages: Message[] = [];
  const lines = await priceLines(record.lines, call, messages);
  if (!lines.length) messages.push(errorMessage('missing', 'The checkout has no line items; add some with update_checkout.', 'recoverable', '$.line_items'));
  const email = emailProblem(record.buyer?.email);
  if (email === 'missing') messages.push(errorMessage('missing', 'The buyer\'s email is required (buyer.email).', 'recoverable', '$.buyer.email'));
  else if (email === 'invalid') messages.push(errorMessage('invalid_email', `"${record.buyer!.email!.trim()}" is not an email address.`, 'recoverable', '$.buyer.email'));

  const shippable = lines.map((l) => ({ grams: l.variant.grams, quantity: l.lineItem.quantity, freight: l.product.freight, shipsTo: l.product.ships_to, grossPrice: l.offer.grossPrice }));
  const needsShipping = requiresShipping(shippable);
  const address = record.address;
  let quotes: ShippingQuote[] = [];
  let country: string | undefined;
  if (!address) {
    messages.push(errorMessage('missing', 'A shipping address is required: send fulfillment.methods[0].destinations[0] with street_address, postal_code, address_locality, address_country and the recipient\'s name.', 'recoverable', '$.fulfillment.methods[0].destinations'));
  } else {
    const problems = addressProblems(address);
    messages.push(...problems.map((p) => addressMessage(p, address)));
    country = addressCountry(address);
    if (country) {
      const found = shippingQuotes(store, shipping, shippable, { country, postalCode: address.postal_code, region: address.address_region }, locale);
      if (!Array.isArray(found)) messages.push(undeliverableMessage(found, lines));
      else if (!problems.length && needsShipping) quotes = found;
    }
  }
  const selected = quotes.find((q) => q.id === record.option_id);
  if (quotes.length && !selected) {
    const offered = quotes.map((q) => q.id).join(', ');
    const why = record.option_id ? `The shipping option "${record.option_id}" is not offered for this order and address` : 'Choose a shipping option';
    messages.push(errorMessage('missing', `${why}: set fulfillment.methods[0].groups[0].selected_option_id to one of ${offered}.`, 'recoverable', '$.fulfillment.methods[0].groups[0].selected_option_id'));
  }
  if (quotes.some((q) => q.free)) messages.push(infoMessage('free_shipping', `Shipping is free from ${store.currency} ${toDecimal(freeShippingThreshold(shipping))} with the options priced 0.`));

  const vatRate = disclosedVatRate(store, country ?? call.buyer.country);
  const subtotal = lines.reduce((sum, l) => sum + l.lineItem.item.price * l.lineItem.quantity, 0);
  const optionPrices = new Map(quotes.map((q) => [q.id, q.destinationPrice]));
  const shippingPrice = selected ? optionPrices.get(selected.id)! : null;
  const totals = buildTotals(subtotal, shippingPrice, 0, vatRate, locale);
  const terms: Terms = {
    checkoutId: record.id,
    currency: store.currency,
    lines: lines.map((l) => ({ variantId: l.lineItem.item.id, quantity: l.lineItem.quantity, unitPrice: l.lineItem.item.price })),
    totals: totals.map((t) => ({ type: t.type, amount: t.amount, ...(t.lines?.length ? { included: t.lines.map((l) => l.amount) } : {}) })),
    buyer: { first_name: record.buyer?.first_name?.trim(), last_name: record.buyer?.last_name?.trim(), email: record.buyer?.email?.trim() },
    destination: address ? Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, address[f]])) : null,
    shippingOptionId: selected?.id ?? null,
  };
  return {
    call, locale, lines, needsShipping, quotes, optionPrices, option: selected, shippingPrice, totals, messages,
    complete: !messages.some((m) => m.type === 'error'),
    terms, termsHash: termsHash(terms),
  };
}
