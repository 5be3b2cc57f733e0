/**
 * What the UCP tests buy, found in the content by what a test needs of it (stock, weight, where it
 * ships, its price against the free-shipping threshold) instead of by id, and the amounts a buyer
 * should see, computed from the content: prices are the variants' decimal strings in cents, VAT
 * rates come from content/store.yaml, shipping prices from the weight bands of
 * content/shipping.yaml. A content edit changes what is picked, not whether the tests hold; when
 * nothing in the content fits a role any more, the error says which role.
 */
import { catalogSnapshot } from '../../src/catalog/snapshot';
import type { CatalogProduct } from '../../src/catalog/types';
import type { Variant } from '../../src/catalog/schema';
import { localize } from '../../src/catalog/localize';
import { toCents } from '../../src/commerce/money';
import { netOfVat, originVatRate } from '../../src/commerce/vat';

export const catalog = catalogSnapshot();
export const published = catalog.products.filter((p) => p.published) as CatalogProduct[];

/** A published variant and its product. */
export interface Item {
  product: CatalogProduct;
  variant: Variant;
}

/**
 * The first published variant matching `pred`, with its product.
 * @param what the role, for the error message
 * @throws Error naming the role when no variant of the content matches
 */
export function findVariant(pred: (p: CatalogProduct, v: Variant) => boolean, what = 'the variant a test needs'): Item {
  for (const product of published) for (const variant of product.variants) if (pred(product, variant)) return { product, variant };
  throw new Error(`no published variant in content/products/ is ${what}`);
}

/** The first published product matching `pred`. @throws Error naming the role when none matches. */
export function findProduct(pred: (p: CatalogProduct) => boolean, what: string): CatalogProduct {
  const product = published.find(pred);
  if (!product) throw new Error(`no published product in content/products/ is ${what}`);
  return product;
}

/** The free-shipping threshold of content/shipping.yaml, EUR cents VAT included. */
export const FREE_SHIPPING_FROM = toCents(catalog.shipping.free_shipping_threshold);

/** Unit price of a variant in EUR cents, VAT included (what EU buyers pay). */
export const priceOf = (variant: Pick<Variant, 'price'>): number => toCents(variant.price);

/** A gross amount as charged for an export outside the EU (CH, NO, GB): net of the origin VAT of content/store.yaml. */
export const exportPrice = (grossCents: number): number => netOfVat(grossCents, originVatRate(catalog.store));

/**
 * Price of shipping method `id` for `grams` in EUR cents, VAT included, before free shipping: the
 * first weight band of content/shipping.yaml that carries that weight.
 * @throws Error when the method is unknown or no band carries the weight
 */
export function bandPrice(id: string, grams: number): number {
  const band = catalog.shipping.methods.find((m) => m.id === id)?.bands.find((b) => grams <= b.max_grams);
  if (!band) throw new Error(`content/shipping.yaml: method ${id} has no band for ${grams} g`);
  return toCents(band.price);
}

/**
 * Ids of the parcel methods of content/shipping.yaml that serve `country` (by its zone), in file
 * order; `freeOnly`: only those the free-shipping threshold makes free.
 */
export function parcelMethodsTo(country: string, freeOnly = false): string[] {
  const zone = catalog.shipping.zones.find((z) => z.countries.includes(country))?.id;
  // Pick-up methods are not offered (docs/decisions.md "Pick-up is not offered until a point can be chosen").
  return catalog.shipping.methods.filter((m) => m.parcel && m.type !== 'pickup' && zone !== undefined && m.zones.includes(zone) && (!freeOnly || m.free_eligible)).map((m) => m.id);
}

/** Standard VAT rate of an EU country in percent (content/store.yaml `vat.standard_rates`). */
export const vatRateOf = (country: string): number => catalog.store.vat.standard_rates[country];

/** Title of a product in a locale (French fallback). */
export const titleOf = (product: CatalogProduct, locale: 'fr' | 'en' = 'fr') => localize(product.title, locale);

const everywhere = (p: CatalogProduct) => p.ships_to === null;
const inStock = (v: Variant, units: number) => v.inventory === null || (v.inventory.policy === 'deny' && v.inventory.quantity >= units);
const tracked = (v: Variant, units: number) => v.inventory?.policy === 'deny' && v.inventory.quantity >= units;
/** A parcel every parcel method carries: not freight, and within the smallest top band of content/shipping.yaml. */
const parcel = (p: CatalogProduct, v: Variant) => !p.freight && v.grams > 0 && v.grams <= Math.min(...catalog.shipping.methods.filter((m) => m.parcel).map((m) => m.bands.at(-1)!.max_grams));

/** The roles the UCP tests cast variants in. */
export const ITEMS = {
  /**
   * The default purchase: tracked stock of at least 10 units (policy deny), a parcel shipped to
   * every country the store serves, priced from the free-shipping threshold.
   */
  stocked: findVariant((p, v) => everywhere(p) && parcel(p, v) && tracked(v, 10) && priceOf(v) >= FREE_SHIPPING_FROM, 'a tracked parcel with ≥ 10 units priced from the free-shipping threshold, shipped everywhere'),
  /**
   * A small, cheap parcel shipped everywhere (three of them stay under the free-shipping threshold),
   * ≥ 20 units: the order tests sharing one database (tests/merchant-orders.test.ts) buy about a dozen.
   */
  small: findVariant((p, v) => everywhere(p) && parcel(p, v) && v.grams <= 1000 && tracked(v, 20) && priceOf(v) * 3 < FREE_SHIPPING_FROM, 'a parcel of at most 1 kg, ≥ 20 units, priced under a third of the free-shipping threshold, shipped everywhere'),
  /** Nothing to ship (training, vouchers), can be bought. */
  digital: findVariant((_p, v) => v.grams === 0 && inStock(v, 1), 'a variant with nothing to ship (grams 0) that can be bought'),
  /**
   * Nothing to ship and no stock counted (inventory null), sold everywhere (video course, voucher):
   * every order of a test file can hold one without it running out.
   */
  untrackedDigital: findVariant((p, v) => everywhere(p) && v.grams === 0 && v.inventory === null, 'a variant with nothing to ship (grams 0) and no stock counted (inventory null), sold everywhere'),
  /** Sold on backorder: policy continue, nothing left, shipped everywhere. */
  backorder: findVariant((p, v) => everywhere(p) && v.inventory?.policy === 'continue' && v.inventory.quantity <= 0, 'a backorder variant (policy continue, nothing left) shipped everywhere'),
  /** Out of stock: policy deny, nothing left. */
  soldOut: findVariant((_p, v) => v.inventory?.policy === 'deny' && v.inventory.quantity === 0, 'an out-of-stock variant (policy deny, quantity 0)'),
  /** Fewer than 10 units left (policy deny), at least one. */
  scarce: findVariant((_p, v) => v.inventory?.policy === 'deny' && v.inventory.quantity > 0 && v.inventory.quantity < 10, 'a variant with 1 to 9 units left (policy deny)'),
  /** Ships to some countries only, not to Switzerland; a parcel in stock. */
  restricted: findVariant((p, v) => !!p.ships_to && !p.ships_to.includes('CH') && parcel(p, v) && inStock(v, 1), 'an in-stock parcel whose product does not ship to CH'),
  /** Freight only, shipped to Germany and France but not to Sweden, in stock. */
  freight: findVariant((p, v) => p.freight && !!p.ships_to?.includes('DE') && p.ships_to.includes('FR') && !p.ships_to.includes('SE') && inStock(v, 1), 'an in-stock freight product shipped to DE and FR, not to SE'),
} satisfies Record<string, Item>;

/**
 * A product with one option and several variants, every variant in stock and with a SKU (lookups
 * by product id, variant id, handle and SKU; selection by option value).
 */
export const OPTIONED = findProduct(
  (p) => p.options.length === 1 && p.variants.length >= 2 && p.variants.every((v) => !!v.sku && inStock(v, 1)),
  'a product with one option and several in-stock variants with SKUs',
);

/** A product with several variants, and one with a single variant that has more than 5 units (or is untracked). */
export const MULTI = findProduct((p) => p.variants.length > 1, 'a product with several variants');
export const SINGLE = findProduct((p) => p.variants.length === 1 && (p.variants[0].inventory?.quantity ?? 6) > 5, 'a product with one variant and more than 5 units');

/** UCP gid of a product or variant, as the catalog tools write it (host of content/store.yaml `base_url`). */
export function gid(kind: 'Product' | 'ProductVariant', id: number | string): string {
  return `gid://${new URL(catalog.store.base_url).host}/${kind}/${id}`;
}
