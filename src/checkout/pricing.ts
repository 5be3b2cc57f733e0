/**
 * The pricing pipeline of a checkout, run at every read of an open checkout: the pricing context
 * (the destination and the buyer's VAT status: a consumer, or the approved business the
 * signed-in buyer belongs to, src/commerce/pricing-context.ts), lines for the
 * shipping address (which overrides the hints' destination), the buyer's e-mail, the address
 * checks (src/commerce/address.ts), shipping quotes and free shipping (shipping.ts), the VAT
 * rate disclosed for the destination (vat.ts), the totals (totals.ts) and the terms the buyer
 * approves (approval.ts), with the payment instrument the platform named, if any. A total above
 * the core's bound (src/commerce/order-lines.ts `ORDER_LIMITS`) cannot be paid. Anything
 * missing or wrong is an error problem that keeps the checkout from being paid. Pure apart from
 * reading live stock, the buyer's business account and the uses of limited discounts (src/state/discount-uses.ts).
 */
import type { PaymentTermId } from '../commerce/payment-terms';
import type { Locale } from '../catalog/locales';
import { ADDRESS_FIELDS, type AddressProblem, addressCountry, addressProblems, emailProblem } from '../commerce/address';
import { type Terms, termsHash } from '../commerce/approval';
import type { CheckoutRecord, NamedInstrument, ShoppingContext } from '../commerce/records';
import { type ShippingQuote, type Undeliverable, freeShippingThreshold, requiresShipping, shippingQuotes } from '../commerce/shipping';
import { ORDER_LIMITS } from '../commerce/order-lines';
import { type BusinessTerms, type OrderingOrganisation, businessVatStatus, orderingOrganisation } from '../commerce/business';
import { type BuyerVatStatus, CONSUMER, type Taxation, priceUnder, shippingTaxation } from '../commerce/pricing-context';
import { type Total, buildTotals, totalAmount } from '../commerce/totals';
import { type DiscountOutcome, NO_USAGE, applyDiscounts, discountedParts } from '../commerce/discounts';
import { productCollections } from '../catalog/query';
import type { CatalogDiscount } from '../catalog/discount-schema';
import type { UsageRead } from '../state/checkouts';
import { buyerKey, discountUsage } from '../state/discount-uses';
import { approvedAccountOfUser } from '../state/business-accounts';
import { quoteOfAccount } from '../state/quotes';
import { quoteMismatch } from '../commerce/quotes';
import type { CommerceContext } from './context';
import { type PricedLine, linesSubtotal, priceLines } from './lines';
import { type Problem, blocks, error, info, warning } from './problems';
import { type ShopperView, shopperView } from './shopper';

export interface PricedCheckout {
  view: ShopperView;
  locale: Locale;
  lines: PricedLine[];
  /** True when at least one line has something to ship. */
  needsShipping: boolean;
  /** Shipping quotes for the address (cheapest first), empty without a deliverable address. */
  quotes: ShippingQuote[];
  /** Price of each quote for the destination and buyer (net of French VAT when no VAT is charged), cents, by option id. */
  optionPrices: Map<string, number>;
  /** How the shipping is taxed (as the goods it carries). */
  shippingTaxation: Taxation;
  /** The buyer's VAT status the checkout was priced with. */
  vatStatus: BuyerVatStatus;
  /** The organisation the signed-in buyer orders for (an approved business account), or null. */
  organisation: OrderingOrganisation | null;
  /** The quote whose prices price the checkout (src/commerce/quotes.ts), or null. */
  quote: { id: string; number: string; valid_until: string } | null;
  /** Some of it is an exempt intra-Community supply: the exemption's mention goes with it. */
  intraEu: boolean;
  /** The buyer's business may order on invoice (bank transfer within 30 days), and must then give a purchase order. */
  payOnInvoice: { granted: boolean; purchaseOrderRequired: boolean };
  /** The payment term selected (src/commerce/payment-terms.ts): the card unless a platform selected the bank transfer. */
  paymentTerm: PaymentTermId;
  /** The selected option when it is one of `quotes`. */
  option: ShippingQuote | undefined;
  /** Price of the selected option for the destination, cents; null before one is chosen. */
  shippingPrice: number | null;
  totals: Total[];
  /** The discounts applied (src/commerce/discounts.ts), with the cents they take off each line and the shipping. */
  discounts: DiscountOutcome;
  /** Problems of the current state: the hints', the lines', then the checkout's. */
  problems: Problem[];
  /** True when nothing is missing or wrong: the checkout can be approved and paid. */
  complete: boolean;
  /** The discounts cover the whole total: nothing is charged and no card is asked for (issue 38). */
  nothingDue: boolean;
  terms: Terms;
  termsHash: string;
}

function addressProblem({ field, problem }: AddressProblem, address: { address_country?: string; postal_code?: string }): Problem {
  if (problem === 'country') return error('country_invalid', { value: address.address_country }, { address: field });
  if (problem === 'format') return error('postal_code_invalid', { value: address.postal_code, country: address.address_country }, { address: field });
  return problem === 'required' ? error('address_field_missing', { field }, { address: field }) : error('recipient_missing', undefined, { address: field });
}

function undeliverable(why: Undeliverable, lines: readonly PricedLine[]): Problem {
  switch (why.reason) {
    case 'territory': return error('territory_undeliverable', { territory: why.territory, country: why.country }, { address: 'whole' });
    case 'country_not_served': return error('country_undeliverable', { country: why.country }, { address: 'address_country' });
    case 'product_not_shipped': return error('product_not_shipped', { titles: why.lineIndexes.map((i) => lines[i].title), country: why.country }, { line: why.lineIndexes[0] });
    case 'no_method': return error('no_shipping_method', { country: why.country }, { address: 'whole' });
  }
}

/** The facts of a named instrument the buyer approves (its platform id aside). */
function paymentTerms(instrument: NamedInstrument): NonNullable<Terms['payment']> {
  return { handlerId: instrument.handler_id, type: instrument.type, brand: instrument.brand, lastDigits: instrument.last_digits };
}

/** The hints a checkout is priced with: the shipping address overrides the hints' country, region and postal code. */
export function effectiveContext(record: Pick<CheckoutRecord, 'context' | 'address'>, language?: string): ShoppingContext | undefined {
  const { address, context } = record;
  const located = address?.address_country ? { address_country: address.address_country, postal_code: address.postal_code, address_region: address.address_region } : {};
  const merged = { ...context, ...located, ...(language ? { language } : {}) };
  return Object.keys(merged).length ? merged : undefined;
}

/**
 * Who a checkout's buyer is for the pricing: the VAT status and terms of the approved business
 * the signed-in buyer belongs to, else a consumer's (agents and people not signed in).
 * @throws StateError when the database fails
 */
export async function checkoutBuyer(ctx: Pick<CommerceContext, 'db'>, record: Pick<CheckoutRecord, 'account'>): Promise<{ vatStatus: BuyerVatStatus; terms: BusinessTerms | null; organisation: OrderingOrganisation | null; businessAccountId: string | null }> {
  const account = record.account ? await approvedAccountOfUser(ctx.db, record.account.user_id) : null;
  return account
    ? { vatStatus: businessVatStatus(account), terms: account.terms, organisation: orderingOrganisation(account), businessAccountId: account.id }
    : { vatStatus: CONSUMER, terms: null, organisation: null, businessAccountId: null };
}

/** The prices a quote fixes, when the checkout names one that holds for it; else the problem that says why not (src/commerce/quotes.ts). */
interface QuotedPrices {
  quote: NonNullable<PricedCheckout['quote']>;
  /** Unit price as content wrote it on the quote's day (VAT included), cents, by variant id. */
  lines: Map<number, number>;
  shipping: { option_id: string; price: number } | null;
}

async function quotedPrices(ctx: CommerceContext, record: CheckoutRecord, businessAccountId: string | null, problems: Problem[]): Promise<QuotedPrices | null> {
  if (!record.quote_id) return null;
  const quote = businessAccountId ? await quoteOfAccount(ctx.db, businessAccountId, record.quote_id) : null;
  const why = quote ? quoteMismatch(quote, { businessAccountId, lines: record.lines, country: record.address?.address_country }, ctx.now()) : 'account';
  if (!quote || why) {
    problems.push(warning('quote_not_applied', { number: quote?.number, reason: why ?? 'account' }));
    return null;
  }
  problems.push(info('quote_applied', { number: quote.number, valid_until: quote.valid_until }));
  return { quote: { id: quote.id, number: quote.number, valid_until: quote.valid_until }, lines: new Map(quote.terms.lines.map((l) => [l.variant_id, l.price])), shipping: quote.terms.shipping };
}

/** Whether an offer's uses are counted: a total limit, or one use per buyer. */
const isLimited = (o: CatalogDiscount) => o.once_per_buyer || o.usage_limit !== undefined;

/**
 * What a checkout's load reads of the offers' uses, so that pricing it reads nothing more
 * (src/state/checkouts.ts `UsageRead`); undefined when no offer of the catalog is limited.
 * @param email the buyer's e-mail a change is about to set (null: none); absent: the stored one's
 */
export function usageRead(ctx: Pick<CommerceContext, 'catalog'>, email?: string | null): UsageRead | undefined {
  const offers = (ctx.catalog.discounts ?? []).filter(isLimited).map((o) => o.handle);
  if (!offers.length) return undefined;
  return { offers, ...(email === undefined ? {} : { buyer: email ? buyerKey(email) : '' }) };
}

/**
 * The discounts of a checkout or cart (`shipping` null: none chosen yet): its codes and the automatic offers (src/commerce/discounts.ts).
 * The uses already taken matter only for an offer that could apply and has a limit (a once-per-buyer
 * one only once the e-mail is known); they are those read with the record (`discount_usage`,
 * for the same buyer) or, without them, read here in one statement.
 * @throws StateError when the database fails
 */
export async function checkoutDiscounts(ctx: CommerceContext, record: Pick<CheckoutRecord, 'discount_codes' | 'buyer' | 'discount_usage'>, lines: readonly PricedLine[], shipping: { amount: number; taxation: Taxation } | null): Promise<DiscountOutcome> {
  const offers = ctx.catalog.discounts ?? [];
  const codes = (record.discount_codes ?? []).map((c) => c.trim().toUpperCase());
  const email = record.buyer?.email?.trim();
  const buyer = email ? buyerKey(email) : '';
  const limited = offers
    .filter((o) => o.automatic || (o.code && codes.includes(o.code.toUpperCase())))
    .filter((o) => o.usage_limit !== undefined || (o.once_per_buyer && buyer))
    .map((o) => o.handle);
  const loaded = record.discount_usage;
  const usage = !limited.length ? NO_USAGE
    : loaded && loaded.buyer === buyer && limited.every((h) => loaded.offers.includes(h)) ? loaded
    : await discountUsage(ctx.db, limited, buyer || null);
  const discountLines = lines.map((l) => ({ variantId: l.variant.id, productHandle: l.product.handle, collections: productCollections(ctx.catalog, l.product.handle), quantity: l.quantity, total: l.total, taxation: l.offer.taxation }));
  return applyDiscounts({ offers, codes: record.discount_codes ?? [], lines: discountLines, shipping, now: ctx.now(), usage });
}

/** A `discount_rejected` warning at `discounts` for each code that does not apply, with what its sentence names. */
export function discountWarnings(outcome: Pick<DiscountOutcome, 'rejected'>): Problem[] {
  return outcome.rejected.map((r) => warning('discount_rejected', { code: r.code, reason: r.reason, at: r.detail?.at, minimum: r.detail?.minimum }, { field: 'discounts' }));
}

/**
 * Prices a checkout.
 * @param language BCP 47 tag overriding the checkout's language for titles (the approval page's
 *        locale); the terms do not depend on it
 */
export async function priceCheckout(ctx: CommerceContext, record: CheckoutRecord, language?: string): Promise<PricedCheckout> {
  const { store, shipping } = ctx.catalog;
  const { vatStatus, terms: businessTerms, organisation, businessAccountId } = await checkoutBuyer(ctx, record);
  const view = shopperView(ctx, effectiveContext(record, language), vatStatus);
  const locale = view.ctx.locale;
  const problems: Problem[] = [];
  const quoted = await quotedPrices(ctx, record, businessAccountId, problems);
  const lines = await priceLines(record.lines, view, problems, quoted?.lines);
  if (!lines.length) problems.push(error('no_lines', undefined, { field: 'line_items' }));
  const email = emailProblem(record.buyer?.email);
  if (email === 'missing') problems.push(error('email_missing', undefined, { field: 'buyer.email' }));
  else if (email === 'invalid') problems.push(error('email_invalid', { email: record.buyer!.email!.trim() }, { field: 'buyer.email' }));

  const shippable = lines.map((l) => ({ grams: l.variant.grams, quantity: l.quantity, freight: l.product.freight, shipsTo: l.product.ships_to, grossPrice: l.offer.grossPrice }));
  const needsShipping = requiresShipping(shippable);
  const address = record.address;
  let quotes: ShippingQuote[] = [];
  let country: string | undefined;
  if (!address) {
    problems.push(error('address_missing', undefined, { field: 'addresses' }));
  } else {
    const found = addressProblems(address);
    problems.push(...found.map((p) => addressProblem(p, address)));
    country = addressCountry(address);
    if (country) {
      const offered = shippingQuotes(store, shipping, shippable, { country, postalCode: address.postal_code, region: address.address_region }, locale);
      if (!Array.isArray(offered)) problems.push(undeliverable(offered, lines));
      else if (!found.length && needsShipping) quotes = offered;
    }
  }
  const selected = quotes.find((q) => q.id === record.option_id);
  if (quotes.length && !selected) {
    const offered = quotes.map((q) => q.id);
    problems.push(record.option_id
      ? error('option_not_offered', { option: record.option_id, offered }, { field: 'shipping_option' })
      : error('option_missing', { offered }, { field: 'shipping_option' }));
  }
  if (quotes.some((q) => q.free)) problems.push(info('free_shipping', { threshold: freeShippingThreshold(shipping), currency: store.currency }));

  const shipTax = shippingTaxation(store, vatStatus, view.shopper.destination);
  // A quote fixes its option's price as content wrote it on its day; the buyer's VAT status still taxes it.
  const basePrice = (q: ShippingQuote) => (quoted?.shipping?.option_id === q.id ? quoted.shipping.price : q.price);
  const optionPrices = new Map(quotes.map((q) => [q.id, priceUnder(store, basePrice(q), shipTax)]));
  const shippingPrice = selected ? optionPrices.get(selected.id)! : null;
  const discounts = await checkoutDiscounts(ctx, record, lines, shippingPrice === null ? null : { amount: shippingPrice, taxation: shipTax });
  problems.push(...discountWarnings(discounts));
  const parts = discountedParts(lines.map((l) => ({ taxation: l.offer.taxation, total: l.total })), discounts.lineDiscounts, { amount: shippingPrice ?? 0, taxation: shipTax }, discounts.shippingDiscount);
  const totals = buildTotals(linesSubtotal(lines), shippingPrice, discounts.total, parts);
  // The bank transfer term holds only for a business granted it (src/commerce/payment-terms.ts).
  const onInvoice = record.payment_term === 'bank_transfer';
  if (onInvoice && !businessTerms?.pay_on_invoice) problems.push(error(record.account ? 'invoice_not_granted' : 'payment_term_needs_account', undefined, { field: 'payment_term' }));
  if (totalAmount(totals) > ORDER_LIMITS.totalCents) problems.push(error('total_too_large', { max: ORDER_LIMITS.totalCents, total: totalAmount(totals) }, { field: 'line_items' }));
  const terms: Terms = {
    checkoutId: record.id,
    currency: store.currency,
    lines: lines.map((l) => ({ variantId: view.index.variantGid(l.variant), quantity: l.quantity, unitPrice: l.unitPrice })),
    totals: totals.map((t) => ({ type: t.type, amount: t.amount, ...(t.lines?.length ? { included: t.lines.map((l) => l.amount) } : {}) })),
    buyer: { first_name: record.buyer?.first_name?.trim(), last_name: record.buyer?.last_name?.trim(), email: record.buyer?.email?.trim() },
    destination: address ? Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, address[f]])) : null,
    shippingOptionId: selected?.id ?? null,
    ...(record.instrument ? { payment: paymentTerms(record.instrument) } : {}),
    ...(quoted ? { quote: quoted.quote.number } : {}),
    ...(discounts.applied.length ? { discounts: discounts.applied.map((d) => ({ offer: d.handle, amount: d.amount })) } : {}),
    ...(onInvoice ? { paymentTerm: 'bank_transfer' as const } : {}),
    ...(vatStatus.kind === 'business' ? { business: { legalName: vatStatus.legalName, vatNumber: vatStatus.vatNumber, country: vatStatus.country, viesValid: vatStatus.viesValid } } : {}),
  };
  return {
    view, locale, lines, needsShipping, quotes, optionPrices, shippingTaxation: shipTax, vatStatus, organisation, quote: quoted?.quote ?? null,
    intraEu: parts.some((p) => p.taxation.kind === 'intra_eu' && p.amount > 0), option: selected,
    payOnInvoice: { granted: !!businessTerms?.pay_on_invoice, purchaseOrderRequired: !!businessTerms?.purchase_order_required },
    paymentTerm: onInvoice ? 'bank_transfer' : 'card', shippingPrice, totals, discounts, problems,
    complete: !problems.some(blocks),
    nothingDue: lines.length > 0 && totalAmount(totals) === 0,
    terms, termsHash: termsHash(terms),
  };
}
