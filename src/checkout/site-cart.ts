/**
 * The cart of a person shopping on the store's own pages (design.md "People buy on the site
 * too"): the same stored carts as the agents' (carts.ts), reached through the browser's cookie
 * that holds the cart's unguessable id. Adding merges with a line of the same variant; every
 * change goes through the cart's rules (lines.ts: what cannot be bought is left out, a quantity
 * above the stock left is lowered), and each line keeps the unit price the shopper was shown,
 * so the cart says when it changed (`price_changed`).
 */
import { LOCALE_TAGS, type Locale } from '../catalog/locales';
import type { CartLine } from '../commerce/records';
import { emptyCart } from '../state/carts';
import { type PricedCart, createCart, getCart, updateCart } from './carts';
import { checkoutBuyer } from './pricing';
import type { CommerceContext } from './context';
import type { RequestedLine } from './lines';
import type { Problem } from './problems';

/** A cart change's outcome: the cart (null when none exists) and the problems of the change. */
export interface SiteCartChange {
  cart: PricedCart | null;
  problems: Problem[];
}

/** Units in a cart: the sum of its lines' quantities (the header's count). */
export function itemCount(lines: readonly Pick<CartLine, 'quantity'>[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** A stored line as a request line, keeping the price the shopper saw (or today's, when `reseen`). */
const requested = (line: CartLine, quantity: number, reseen: boolean): RequestedLine => ({
  item: { id: String(line.variant_id) }, quantity, priceSeen: reseen ? 'now' : line.price_seen ?? 'now',
});

/**
 * Adds units of a variant to the shopper's cart, creating the cart when there is none (or it
 * expired).
 * @param cartId the cookie's cart id, if any
 * @param variantId the variant (its integer id, as `/products/<handle>.js` gives it)
 * @param quantity units to add, ≥ 1
 * @returns the cart after the change (null when none could be created: nothing buyable) and the
 *          problems (`unknown_item`, `out_of_stock`, `item_unavailable`, `quantity_adjusted`…)
 * @throws StateError when the database fails
 */
export async function addToSiteCart(ctx: CommerceContext, cartId: string | undefined, variantId: number, quantity: number, locale: Locale): Promise<SiteCartChange> {
  const current = cartId ? await getCart(ctx, cartId) : null;
  const lines = (current?.record.lines ?? []).map((l) => requested(l, l.quantity, false));
  const same = lines.find((l) => l.item.id === String(variantId));
  if (same) {
    same.quantity += quantity;
    same.priceSeen = 'now';
  } else lines.push({ item: { id: String(variantId) }, quantity, priceSeen: 'now' });
  // Every write names the page's language: a cart's update replaces its context (UCP update_cart).
  const context = { language: LOCALE_TAGS[locale] };
  if (!current) {
    const created = await createCart(ctx, { lines, context });
    return 'cart' in created ? { cart: created.cart, problems: created.cart.problems } : { cart: null, problems: created.refused };
  }
  const cart = await updateCart(ctx, current.record.id, { lines, context, discountCodes: current.record.discount_codes });
  return { cart, problems: cart?.problems ?? [] };
}

/**
 * Sets the quantity of a variant's line (0 removes it). The prices shown on the page the
 * shopper changed the cart from count as seen.
 * @param locale the page's language, which the cart keeps (its titles and words)
 * @returns the cart after the change (null when the cookie names no live cart)
 * @throws StateError when the database fails
 */
export async function changeSiteCartLine(ctx: CommerceContext, cartId: string, variantId: number, quantity: number, locale: Locale): Promise<SiteCartChange> {
  const current = await getCart(ctx, cartId);
  if (!current) return { cart: null, problems: [] };
  const lines = current.record.lines.flatMap((l) => {
    const wanted = l.variant_id === variantId ? quantity : l.quantity;
    return wanted > 0 ? [requested(l, wanted, true)] : [];
  });
  // An empty list empties the cart (carts.ts keeps a cart whose lines are all removed on purpose).
  const cart = await updateCart(ctx, cartId, { lines, context: { language: LOCALE_TAGS[locale] }, discountCodes: current.record.discount_codes });
  return { cart, problems: cart?.problems ?? [] };
}

/**
 * Adds the code the shopper typed to their cart's discount codes, or takes one off. A code that
 * does not apply is kept and said why (`discount_rejected`): it may apply later (a minimum
 * reached), and the shopper takes it off.
 * @param change `add`: the code as typed; `remove`: a code of the cart (case ignored)
 * @returns the cart after the change (null when the cookie names no live cart, or it is empty)
 * @throws StateError when the database fails
 */
export async function changeSiteCartDiscounts(ctx: CommerceContext, cartId: string, change: { add?: string; remove?: string }, locale: Locale): Promise<SiteCartChange> {
  const current = await getCart(ctx, cartId);
  if (!current?.record.lines.length) return { cart: null, problems: [] };
  const removed = change.remove?.trim().toUpperCase();
  const codes = (current.record.discount_codes ?? []).filter((c) => c.toUpperCase() !== removed);
  const lines = current.record.lines.map((l) => requested(l, l.quantity, false));
  const cart = await updateCart(ctx, cartId, { lines, context: { language: LOCALE_TAGS[locale] }, discountCodes: change.add?.trim() ? [...codes, change.add] : codes });
  return { cart, problems: cart?.problems ?? [] };
}

/**
 * Empties the shopper's cart after its order was paid: the cart stays (the cookie keeps working)
 * with no lines.
 * @throws StateError when the database fails
 */
export async function emptySiteCart(ctx: CommerceContext, cartId: string): Promise<void> {
  await emptyCart(ctx.db, cartId, ctx.now());
}

/**
 * The shopper's cart, priced for the person signed in: a member of an approved business sees it
 * on the business's terms (src/checkout/pricing.ts `checkoutBuyer`), anyone else as a consumer.
 * @param account the person signed in, or null
 * @returns the cart (null when none) and whether prices are shown excluding VAT first (a member)
 * @throws StateError when the database fails
 */
export async function getSiteCart(ctx: CommerceContext, cartId: string, account: { user_id: string } | null = null): Promise<{ cart: PricedCart | null; member: boolean }> {
  const buyer = account ? await checkoutBuyer(ctx, { account }) : null;
  return { cart: await getCart(ctx, cartId, buyer?.vatStatus), member: !!buyer?.organisation };
}
