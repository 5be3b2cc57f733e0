/**
 * Quotes on the site (src/commerce/quotes.ts holds the rules): a member of an approved business
 * turns the checkout of their cart — lines, delivery address and shipping option, priced on the
 * business's terms — into a numbered quote valid 30 days; any member of that business then
 * orders it: the quote's lines fill their cart and its checkout is priced at the quote's
 * prices (pricing.ts) until the order is placed, which claims the quote once (complete.ts).
 */
import { LOCALE_TAGS, type Locale } from '../catalog/locales';
import { type QuoteRecord, quoteStatus, quoteValidUntil, sameLines } from '../commerce/quotes';
import { itemCount } from './site-cart';
import { quoteData } from '../documents/issue-data';
import { approvedAccountOfUser } from '../state/business-accounts';
import { insertQuote, newQuoteId, quoteOfAccount, quotesOfAccount } from '../state/quotes';
import { createCart, getCart, updateCart } from './carts';
import type { CommerceContext } from './context';
import { saleContent } from './order-build';
import { priceCheckout } from './pricing';
import { SITE, type SiteAccount, deliveryPrefill, siteCheckoutOfCart } from './site-checkout';
import { updateCheckout } from './checkouts';
import type { CheckoutView } from './view';

/** What became of a request for a quote. */
export type QuoteRequest =
  | { kind: 'made'; quote: QuoteRecord }
  /** The person is not a member of an approved business: quotes are for business accounts. */
  | { kind: 'not_member' }
  /** Something is missing or wrong (address, option, stock…), or the checkout is already at a quote's prices. */
  | { kind: 'not_ready' };

/**
 * Makes a quote of a site checkout, at its prices of now (the business's terms).
 * @param checkout the shopper's own checkout, as the site found it for their cart
 * @throws StateError when the database fails
 */
export async function quoteSiteCheckout(ctx: CommerceContext, checkout: CheckoutView, account: SiteAccount): Promise<QuoteRequest> {
  const business = await approvedAccountOfUser(ctx.db, account.user_id);
  if (!business) return { kind: 'not_member' };
  const record = { ...checkout.record, account: { user_id: account.user_id } };
  const priced = await priceCheckout(ctx, record);
  // A quote of a quoted checkout would fix the old quote's prices for 30 more days.
  if (!priced.complete || priced.quote || record.state !== 'open') return { kind: 'not_ready' };
  const now = ctx.now();
  const id = newQuoteId();
  const sale = { ...saleContent(record, priced, ctx.catalog.store.currency), id, label: '', created_at: new Date(now).toISOString() };
  const quote = await insertQuote(ctx.db, {
    id,
    business_account_id: business.id,
    created_by: account.user_id,
    terms: {
      lines: priced.lines.map((l) => ({ variant_id: l.variant.id, quantity: l.quantity, price: l.offer.grossPrice })),
      shipping: priced.option ? { option_id: priced.option.id, price: priced.option.price } : null,
      address: record.address ?? {},
      locale: priced.locale,
    },
    data: quoteData(ctx.catalog.store, sale),
  }, now, quoteValidUntil(now));
  return { kind: 'made', quote };
}

/**
 * A quote of the person's business, or null (not a member, or another business's id).
 * @throws StateError when the database fails
 */
export async function quoteOfMember(ctx: CommerceContext, account: Pick<SiteAccount, 'user_id'>, quoteId: string): Promise<QuoteRecord | null> {
  const business = await approvedAccountOfUser(ctx.db, account.user_id);
  return business ? quoteOfAccount(ctx.db, business.id, quoteId) : null;
}

/** The quotes of the person's business, newest first (none when not a member). */
export async function quotesOfMember(ctx: CommerceContext, account: Pick<SiteAccount, 'user_id'>): Promise<QuoteRecord[]> {
  const business = await approvedAccountOfUser(ctx.db, account.user_id);
  return business ? quotesOfAccount(ctx.db, business.id) : [];
}

/** What became of "order at these prices". */
export type QuoteOrder =
  /** The cart holds the quote's lines and its checkout the quote: the checkout page comes next. */
  | { kind: 'ready'; cartId: string; units: number }
  | { kind: 'expired' | 'ordered' | 'not_found' }
  /** A line of the quote can no longer be bought as quoted (withdrawn, out of stock): nothing changed. */
  | { kind: 'unavailable' };

/**
 * Puts an open quote of the person's business into their cart (its lines replace the cart's)
 * and names it on the cart's checkout with the quote's address and option.
 * @param cartId the browser's cart, if any (a cart is created otherwise)
 * @throws StateError when the database fails
 */
export async function orderQuote(ctx: CommerceContext, account: SiteAccount, quoteId: string, cartId: string | undefined, locale: Locale): Promise<QuoteOrder> {
  const quote = await quoteOfMember(ctx, account, quoteId);
  if (!quote) return { kind: 'not_found' };
  const status = quoteStatus(quote, ctx.now());
  if (status !== 'open') return { kind: status };
  const lines = quote.terms.lines.map((l) => ({ item: { id: String(l.variant_id) }, quantity: l.quantity, priceSeen: 'now' as const }));
  const context = { language: LOCALE_TAGS[locale] };
  const current = cartId ? await getCart(ctx, cartId) : null;
  const cart = current ? await updateCart(ctx, current.record.id, { lines, context }) : await createCart(ctx, { lines, context }).then((c) => ('cart' in c ? c.cart : null));
  if (!cart) return { kind: 'unavailable' };
  if (!sameLines(cart.record.lines, quote.terms.lines)) return { kind: 'unavailable' };
  const checkout = await siteCheckoutOfCart(ctx, cart.record.id, locale, account);
  if (!checkout) return { kind: 'unavailable' };
  await updateCheckout(ctx, SITE, checkout.record.id, { quoteId: quote.id, ...deliveryPrefill(checkout.record.buyer, quote.terms.address), optionId: quote.terms.shipping?.option_id ?? null });
  return { kind: 'ready', cartId: cart.record.id, units: itemCount(cart.record.lines) };
}
