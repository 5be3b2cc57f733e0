/**
 * The lines of a cart or checkout. Requested lines name an item by any identifier the catalog
 * publishes (src/catalog/ids.ts: GID, integer id, handle, SKU); each must resolve to a variant
 * of a published product (a product id is accepted when the product has a single variant), and
 * the same variant twice is merged, up to the core's bounds (src/commerce/order-lines.ts
 * `ORDER_LIMITS`: units per line, lines per cart or checkout). The verdict of src/commerce/order-lines.ts `checkLine`
 * decides the rest, for the shopper's destination and the live stock: what cannot be bought is
 * left out (not shippable, out of stock) and a quantity above the units left of a `deny`
 * variant is lowered to what is left. Stored lines are priced again at every read, so a cart
 * or open checkout always shows today's prices and stock.
 */
import { localize } from '../catalog/localize';
import type { Variant } from '../catalog/schema';
import type { CatalogProduct } from '../catalog/types';
import { type VariantOffer, variantOffer } from '../commerce/market';
import { priceUnder } from '../commerce/pricing-context';
import { ORDER_LIMITS, checkLine } from '../commerce/order-lines';
import type { CartLine } from '../commerce/records';
import { imageUrl } from '../views/context';
import { ucpVariantTitle } from '../views/ucp-product';
import { type Problem, error, warning } from './problems';
import type { ShopperView } from './shopper';

/** A line as a request names it: any published identifier of an item, and a quantity in units. */
export interface RequestedLine {
  item: { id: string };
  quantity: number;
  /**
   * The unit price the shopper was shown for this line on the store's own pages (cents), kept
   * so the cart can say when it changed: `now` records today's price. Agents never send it.
   */
  priceSeen?: number | 'now';
}

/** A stored line priced for a shopper. Amounts in cents, VAT included inside the EU. */
export interface PricedLine {
  /** `li_<variant id>`. */
  id: string;
  product: CatalogProduct;
  variant: Variant;
  offer: VariantOffer;
  /** Product title in the shopper's locale, with the variant's options. */
  title: string;
  quantity: number;
  /** Unit price for the destination. */
  unitPrice: number;
  /** unitPrice × quantity. */
  total: number;
  /** Absolute URL of the variant's image, if it has one. */
  imageUrl?: string;
}

const destinationOf = (view: ShopperView) => view.shopper.destination;

/**
 * Resolves requested lines for the shopper (destination from the hints).
 * @returns the lines to store (in request order) and the problems of left-out or adjusted items
 *          (`unknown_item`, `variant_required`, `lines_limit` at the requested line; `item_unavailable`,
 *          `out_of_stock`; `quantity_limit`, `quantity_adjusted` at the stored line's quantity)
 */
export async function resolveLines(requested: readonly RequestedLine[], view: ShopperView): Promise<{ lines: CartLine[]; problems: Problem[] }> {
  const problems: Problem[] = [];
  const store = view.ctx.catalog.store;
  const merged = new Map<number, { quantity: number; product: CatalogProduct; variant: Variant; priceSeen?: number | 'now' }>();
  for (const [i, line] of requested.entries()) {
    const hit = view.index.resolve(line.item.id);
    if (!hit) {
      problems.push(error('unknown_item', { ref: line.item.id }, { requested: i }));
      continue;
    }
    const variant = hit.kind === 'variant' ? hit.variant : hit.product.variants.length === 1 ? hit.product.variants[0] : undefined;
    if (!variant) {
      problems.push(error('variant_required', { ref: line.item.id, variants: hit.product.variants.length }, { requested: i }));
      continue;
    }
    const previous = merged.get(variant.id);
    if (!previous && merged.size >= ORDER_LIMITS.lines) {
      problems.push(error('lines_limit', { max: ORDER_LIMITS.lines }, { requested: i }));
      continue;
    }
    merged.set(variant.id, { quantity: (previous?.quantity ?? 0) + line.quantity, product: hit.product, variant, priceSeen: line.priceSeen ?? previous?.priceSeen });
  }
  const options = await view.view([...new Set([...merged.values()].map((m) => m.product))]);
  const lines: CartLine[] = [];
  for (const { quantity: asked, product, variant, priceSeen } of merged.values()) {
    const title = localize(product.title, view.ctx.locale);
    // However the units were merged (a cart's line and an add, two lines of one variant), one line holds at most the limit.
    const quantity = Math.min(asked, ORDER_LIMITS.lineQuantity);
    if (asked > quantity) problems.push(warning('quantity_limit', { title, max: quantity, requested: asked }, { line: lines.length, quantity: true }));
    const sold = options.sold?.get(variant.id) ?? 0;
    const offer = variantOffer(store, product, variant, destinationOf(view), sold, view.vatStatus);
    const verdict = checkLine(variant, offer, quantity);
    if (verdict.kind === 'unshippable') {
      problems.push(error('item_unavailable', { title, ...destinationData(view) }));
      continue;
    }
    if (verdict.kind === 'out_of_stock') {
      problems.push(error('out_of_stock', { title }));
      continue;
    }
    if (verdict.kind === 'short') problems.push(warning('quantity_adjusted', { title, left: verdict.left, requested: quantity }, { line: lines.length, quantity: true }));
    const seen = priceSeen === 'now' ? offer.price : priceSeen;
    lines.push({ variant_id: variant.id, quantity: verdict.kind === 'short' ? verdict.left : quantity, ...(seen !== undefined ? { price_seen: seen } : {}) });
  }
  return { lines, problems };
}

/** The destination of a problem's data: country, postal code, region (absent without a destination). */
function destinationData(view: ShopperView) {
  const d = destinationOf(view);
  return d ? { country: d.country, postal_code: d.postalCode, region: d.region } : {};
}

/**
 * Prices stored lines for the shopper with live stock.
 * @param problems receives the problems of lines that cannot be bought as they are
 *        (`variant_gone`, `item_unavailable`, `out_of_stock`, `insufficient_stock` and
 *        `quantity_limit` at the quantity, `backorder`, `price_changed` since the shopper saw it), placed at the priced line
 * @param quoted unit prices a quote fixes (as content wrote them on its day, VAT included, cents, by
 *        variant id: src/commerce/quotes.ts), priced for the destination and buyer as today's are
 * @returns the lines still sold, in stored order
 */
export async function priceLines(lines: readonly CartLine[], view: ShopperView, problems: Problem[], quoted?: ReadonlyMap<number, number>): Promise<PricedLine[]> {
  const store = view.ctx.catalog.store;
  const resolved = lines.map((line) => ({ line, hit: view.index.resolve(String(line.variant_id)) }));
  const options = await view.view([...new Set(resolved.flatMap((r) => (r.hit ? [r.hit.product] : [])))]);
  const priced: PricedLine[] = [];
  for (const { line, hit } of resolved) {
    if (!hit || hit.kind !== 'variant') {
      problems.push(error('variant_gone', { variant_id: line.variant_id }));
      continue;
    }
    const { product, variant } = hit;
    const sold = options.sold?.get(variant.id) ?? 0;
    const listed = variantOffer(store, product, variant, destinationOf(view), sold, view.vatStatus);
    const quotedPrice = quoted?.get(variant.id);
    const offer = quotedPrice === undefined ? listed : { ...listed, grossPrice: quotedPrice, price: priceUnder(store, quotedPrice, listed.taxation), compareAtPrice: null };
    const productTitle = localize(product.title, view.ctx.locale);
    const title = product.options.length ? `${productTitle} — ${ucpVariantTitle(product, product.variants.indexOf(variant), view.ctx)}` : productTitle;
    const image = product.images[(variant.image ?? 1) - 1];
    const at = { line: priced.length };
    // A line stored before the bound held (resolveLines caps every new one) cannot be paid as it is.
    if (line.quantity > ORDER_LIMITS.lineQuantity) problems.push(error('quantity_limit', { title, max: ORDER_LIMITS.lineQuantity, requested: line.quantity }, { ...at, quantity: true }));
    const verdict = checkLine(variant, offer, line.quantity);
    if (verdict.kind === 'unshippable') problems.push(error('item_unavailable', { title, ...destinationData(view) }, at));
    else if (verdict.kind === 'out_of_stock') problems.push(error('out_of_stock', { title }, at));
    else if (verdict.kind === 'short') problems.push(error('insufficient_stock', { title, left: verdict.left }, { ...at, quantity: true }));
    else if (verdict.kind === 'backorder') problems.push(warning('backorder', { title, units: verdict.units }, at));
    if (line.price_seen !== undefined && line.price_seen !== offer.price) problems.push(warning('price_changed', { title, was: line.price_seen, now: offer.price }, at));
    priced.push({
      id: `li_${variant.id}`, product, variant, offer, title, quantity: line.quantity, unitPrice: offer.price, total: offer.price * line.quantity,
      ...(image ? { imageUrl: imageUrl(view.ctx, image) } : {}),
    });
  }
  return priced;
}

/** Sum of the lines, in cents. */
export const linesSubtotal = (lines: readonly Pick<PricedLine, 'total'>[]) => lines.reduce((sum, l) => sum + l.total, 0);
