/**
 * Pricing a stored checkout (issue #6 points 2–3; docs/ucp.md §3–§4): line items for the
 * shipping address (which overrides the context hints, docs/ucp.md §8), shipping quotes from
 * content/shipping.yaml (src/commerce/shipping.ts) with the price net of French VAT outside the
 * EU (src/commerce/vat.ts), totals that add up with the VAT disclosed per rate
 * (src/commerce/totals.ts), the messages that keep the checkout `incomplete`, and the terms the
 * buyer approves (src/commerce/approval.ts). Pure apart from reading live stock.
 */
import type { Locale } from '../../catalog/locales';
import { toCents } from '../../commerce/money';
import { type ShippingQuote, type Undeliverable, requiresShipping, shippingQuotes } from '../../commerce/shipping';
import { buildTotals, type Total } from '../../commerce/totals';
import { destinationVatRate, originVatRate, priceForCountry } from '../../commerce/vat';
import { type Terms, termsHash } from '../../commerce/approval';
import { excludedTerritory } from '../../commerce/territories';
import { type CatalogCall, catalogCall } from '../catalog/shared';
import { type PricedLine, priceLines } from '../cart/view';
import { errorMessage, infoMessage } from '../messages';
import type { ToolEnv } from '../tools/types';
import type { Context, Message } from '../wire/common';
import type { PostalAddress } from '../wire/checkout';
import type { CheckoutRecord } from '../../state/checkouts';

/** Address fields of the terms and of the UCP destination, in a fixed order. */
export const ADDRESS_FIELDS = ['first_name', 'last_name', 'street_address', 'extended_address', 'postal_code', 'address_locality', 'address_region', 'address_country', 'phone_number'] as const;

const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;

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

/** Trims the fields of an address and upper-cases an alpha-2 country; drops empty fields and unknown keys. */
export function normalizeAddress(address: PostalAddress): PostalAddress {
  const out: PostalAddress = {};
  for (const field of ADDRESS_FIELDS) {
    const value = address[field]?.trim();
    if (value) out[field] = field === 'address_country' && /^[A-Za-z]{2}$/.test(value) ? value.toUpperCase() : value;
  }
  return out;
}

/** Problems of an address as `invalid_address` errors (recoverable). */
function addressProblems(address: PostalAddress): Message[] {
  const at = '$.fulfillment.methods[0].destinations[0]';
  const out: Message[] = [];
  if (!address.address_country || !/^[A-Z]{2}$/.test(address.address_country)) {
    out.push(errorMessage('invalid_address', `address_country must be an ISO 3166-1 alpha-2 code such as "FR" (got ${JSON.stringify(address.address_country ?? null)}).`, 'recoverable', `${at}.address_country`));
  }
  for (const field of ['street_address', 'postal_code', 'address_locality'] as const) {
    if (!address[field]) out.push(errorMessage('invalid_address', `The shipping address needs ${field}.`, 'recoverable', `${at}.${field}`));
  }
  if (!address.first_name && !address.last_name) out.push(errorMessage('invalid_address', 'The shipping address needs the recipient\'s first_name and last_name.', 'recoverable', `${at}.last_name`));
  return out;
}

function undeliverableMessage(why: Undeliverable | { reason: 'territory'; country: string; territory: string }, lines: readonly PricedLine[]): Message {
  const at = '$.fulfillment.methods[0].destinations[0]';
  switch (why.reason) {
    case 'territory': return errorMessage('address_undeliverable', `The store does not deliver to the ${why.territory} (${why.country}).`, 'recoverable', at);
    case 'country_not_served': return errorMessage('address_undeliverable', `The store does not deliver to ${why.country}.`, 'recoverable', `${at}.address_country`);
    case 'product_not_shipped': return errorMessage('address_undeliverable', `${why.lineIndexes.map((i) => lines[i].lineItem.item.title).join(', ')} cannot be delivered to ${why.country}.`, 'recoverable', `$.line_items[${why.lineIndexes[0]}]`);
    case 'no_method': return errorMessage('address_undeliverable', `No shipping method carries this order to ${why.country}: parcels are limited in weight and large items travel by freight to a few countries only; lower the quantities or split the order.`, 'recoverable', at);
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
  const store = env.catalog.store;
  const call = catalogCall(env, effectiveContext(record, language));
  const locale = call.ctx.locale;
  const messages: Message[] = [];
  const lines = await priceLines(record.lines, call, messages);
  if (!lines.length) messages.push(errorMessage('missing', 'The checkout has no line items; add some with update_checkout.', 'recoverable', '$.line_items'));
  const email = record.buyer?.email?.trim();
  if (!email) messages.push(errorMessage('missing', 'The buyer\'s email is required (buyer.email).', 'recoverable', '$.buyer.email'));
  else if (!EMAIL.test(email)) messages.push(errorMessage('invalid_email', `"${email}" is not an email address.`, 'recoverable', '$.buyer.email'));

  const shippable = lines.map((l) => ({ grams: l.variant.grams, quantity: l.lineItem.quantity, freight: l.product.freight, shipsTo: l.product.ships_to }));
  const needsShipping = requiresShipping(shippable);
  const address = record.address;
  let quotes: ShippingQuote[] = [];
  let country: string | undefined;
  if (!address) {
    messages.push(errorMessage('missing', 'A shipping address is required: send fulfillment.methods[0].destinations[0] with street_address, postal_code, address_locality, address_country and the recipient\'s name.', 'recoverable', '$.fulfillment.methods[0].destinations'));
  } else {
    const problems = addressProblems(address);
    messages.push(...problems);
    country = address.address_country && /^[A-Z]{2}$/.test(address.address_country) ? address.address_country : undefined;
    if (country) {
      const territory = excludedTerritory(country, address.postal_code, address.address_region);
      const grossSubtotal = lines.reduce((sum, l) => sum + toCents(l.variant.price) * l.lineItem.quantity, 0);
      const found = territory ? null : shippingQuotes(store, env.catalog.shipping, shippable, country, grossSubtotal, locale);
      if (territory) messages.push(undeliverableMessage({ reason: 'territory', country, territory }, lines));
      else if (!Array.isArray(found)) messages.push(undeliverableMessage(found!, lines));
      else if (!problems.length && needsShipping) quotes = found;
    }
  }
  const selected = quotes.find((q) => q.id === record.option_id);
  if (quotes.length && !selected) {
    const offered = quotes.map((q) => q.id).join(', ');
    const why = record.option_id ? `The shipping option "${record.option_id}" is not offered for this order and address` : 'Choose a shipping option';
    messages.push(errorMessage('missing', `${why}: set fulfillment.methods[0].groups[0].selected_option_id to one of ${offered}.`, 'recoverable', '$.fulfillment.methods[0].groups[0].selected_option_id'));
  }
  if (quotes.some((q) => q.free)) messages.push(infoMessage('free_shipping', `Shipping is free from ${store.currency} ${(toCents(env.catalog.shipping.free_shipping_threshold) / 100).toFixed(2)} with the options priced 0.`));

  const rateCountry = country ?? call.buyer.country;
  const vatRate = rateCountry && store.countries_served.includes(rateCountry) ? destinationVatRate(store, rateCountry) : originVatRate(store);
  const subtotal = lines.reduce((sum, l) => sum + l.lineItem.item.price * l.lineItem.quantity, 0);
  const optionPrices = new Map(quotes.map((q) => [q.id, priceForCountry(store, q.price, country)]));
  const shippingPrice = selected ? optionPrices.get(selected.id)! : null;
  const totals = buildTotals(subtotal, shippingPrice, 0, vatRate, locale);
  const terms: Terms = {
    checkoutId: record.id,
    currency: store.currency,
    lines: lines.map((l) => ({ variantId: l.lineItem.item.id, quantity: l.lineItem.quantity, unitPrice: l.lineItem.item.price })),
    totals: totals.map((t) => ({ type: t.type, amount: t.amount, ...(t.lines?.length ? { included: t.lines.map((l) => l.amount) } : {}) })),
    buyer: { first_name: record.buyer?.first_name?.trim(), last_name: record.buyer?.last_name?.trim(), email },
    destination: address ? Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, address[f]])) : null,
    shippingOptionId: selected?.id ?? null,
  };
  return {
    call, locale, lines, needsShipping, quotes, optionPrices, option: selected, shippingPrice, totals, messages,
    complete: !messages.some((m) => m.type === 'error'),
    terms, termsHash: termsHash(terms),
  };
}
