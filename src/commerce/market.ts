/**
 * What a buyer at a given destination can buy and at what price (docs/decisions.md "Availability
 * is per country and live"): a variant is available when it is in stock or sold on backorder
 * (src/commerce/stock.ts) and its product ships to the destination (the store's
 * `countries_served`, minus the territories of src/commerce/territories.ts, narrowed by the
 * product's `ships_to`). Prices follow the pricing context (src/commerce/pricing-context.ts):
 * the destination and the buyer's VAT status.
 */
import type { Product, Store, Variant } from '../catalog/schema';
import { toCents } from './money';
import { type StockStatus, bestStatus, stockStatus, unitsLeft } from './stock';
import { excludedTerritory } from './territories';
import { type BuyerVatStatus, CONSUMER, type Taxation, lineTaxation, priceUnder, supplyOf } from './pricing-context';
import { isEuCountry } from './vat';

/** Where the goods would go: at least the country; postal code and region refine it. */
export interface Destination {
  /** ISO 3166-1 alpha-2, uppercase. */
  country: string;
  postalCode?: string;
  region?: string;
}

/** True when the store delivers to `country` at all (content/store.yaml `countries_served`). */
export function servesCountry(store: Pick<Store, 'countries_served'>, country: string): boolean {
  return store.countries_served.includes(country);
}

/**
 * Where a destination stands for the store: `not_served` (a country outside content/store.yaml
 * `countries_served`), `territory` (a part of a served country the store does not deliver to,
 * src/commerce/territories.ts, named in English), or `served`, inside the EU VAT area (`eu`:
 * VAT-inclusive prices) or not (an export: prices net of French VAT, src/commerce/vat.ts).
 */
export type DeliveryArea = { kind: 'not_served' } | { kind: 'territory'; name: string } | { kind: 'served'; eu: boolean };

/** The delivery area of a destination (see `DeliveryArea`). */
export function deliveryArea(store: Pick<Store, 'countries_served' | 'vat'>, destination: Destination): DeliveryArea {
  if (!servesCountry(store, destination.country)) return { kind: 'not_served' };
  const territory = excludedTerritory(destination.country, destination.postalCode, destination.region);
  return territory ? { kind: 'territory', name: territory } : { kind: 'served', eu: isEuCountry(store, destination.country) };
}

/** True when the store delivers to the destination: a served country, outside its excluded territories. */
export function servesDestination(store: Pick<Store, 'countries_served' | 'vat'>, destination: Destination): boolean {
  return deliveryArea(store, destination).kind === 'served';
}

/**
 * True when the product can be delivered to the destination; with no destination (not known
 * yet) the product counts as shippable.
 */
export function shipsTo(store: Pick<Store, 'countries_served' | 'vat'>, product: Pick<Product, 'ships_to'>, destination: Destination | undefined): boolean {
  if (destination === undefined) return true;
  return servesDestination(store, destination) && (product.ships_to === null || product.ships_to.includes(destination.country));
}

export interface VariantOffer {
  /** Unit price in EUR cents for the destination and buyer (gross when VAT is charged, net of French VAT when none is). */
  price: number;
  /** How the line is taxed for this buyer at this destination. */
  taxation: Taxation;
  /** Unit price in EUR cents as written in content, VAT included: the same for every destination (what the free-shipping threshold counts). */
  grossPrice: number;
  /** Compare-at price in EUR cents for the destination, or null. */
  compareAtPrice: number | null;
  /** Stock status after `sold` units. */
  status: StockStatus;
  /** Units left after `sold` (src/commerce/stock.ts `unitsLeft`): null for an untracked variant, negative only on backorder. */
  unitsLeft: number | null;
  /** The product ships to the destination. */
  shippable: boolean;
  /** Can be bought now by this buyer: shippable and not out of stock (Shopify's `available`). */
  available: boolean;
}

/**
 * The offer of one variant to a buyer at `destination`: the one place where every surface (the
 * `.json` and `.js` endpoints, the HTML pages, search suggestions, UCP) takes a variant's price and
 * availability from.
 * @param destination undefined when unknown: EU prices, every product counts as shippable
 * @param sold units sold since the stock count (default 0: the stock counted in content)
 * @param buyer the buyer's VAT status (default: a consumer)
 */
export function variantOffer(
  store: Pick<Store, 'countries_served' | 'vat'>,
  product: Pick<Product, 'ships_to'>,
  variant: Pick<Variant, 'price' | 'compare_at_price' | 'inventory' | 'grams'>,
  destination: Destination | undefined,
  sold = 0,
  buyer: BuyerVatStatus = CONSUMER,
): VariantOffer {
  const status = stockStatus(variant, sold);
  const shippable = shipsTo(store, product, destination);
  const taxation = lineTaxation(store, buyer, destination, supplyOf(variant));
  const grossPrice = toCents(variant.price);
  return {
    price: priceUnder(store, grossPrice, taxation),
    taxation,
    grossPrice,
    compareAtPrice: variant.compare_at_price ? priceUnder(store, toCents(variant.compare_at_price), taxation) : null,
    status,
    unitsLeft: unitsLeft(variant, sold),
    shippable,
    available: shippable && status !== 'out_of_stock',
  };
}

/**
 * The offers of every variant of a product, in variant order (see `variantOffer`).
 * @param sold units sold since the stock count, by variant id (missing: 0)
 */
export function productOffers(
  store: Pick<Store, 'countries_served' | 'vat'>,
  product: Pick<Product, 'ships_to' | 'variants'>,
  destination: Destination | undefined,
  sold: ReadonlyMap<number, number> = new Map(),
): VariantOffer[] {
  return product.variants.map((v) => variantOffer(store, product, v, destination, sold.get(v.id) ?? 0));
}

/** What a product shows as a whole from its variants' offers. Amounts in EUR cents. */
export interface OfferSummary {
  priceMin: number;
  priceMax: number;
  /** The first variant offer with the lowest price (what a product card and page show). */
  cheapest: VariantOffer;
  /** Lowest and highest compare-at price among the variants that have one; null when none has. */
  compareAtMin: number | null;
  compareAtMax: number | null;
  /** The best status a buyer can get (`bestStatus`). */
  status: StockStatus;
  /** At least one variant can be bought. */
  available: boolean;
}

/**
 * Summary of a product's offers.
 * @param offers at least one (a product has at least one variant)
 */
export function summarizeOffers(offers: readonly VariantOffer[]): OfferSummary {
  const prices = offers.map((o) => o.price);
  const compares = offers.flatMap((o) => (o.compareAtPrice === null ? [] : [o.compareAtPrice]));
  return {
    priceMin: Math.min(...prices),
    priceMax: Math.max(...prices),
    cheapest: offers.reduce((a, b) => (b.price < a.price ? b : a)),
    compareAtMin: compares.length ? Math.min(...compares) : null,
    compareAtMax: compares.length ? Math.max(...compares) : null,
    status: bestStatus(offers.map((o) => o.status)),
    available: offers.some((o) => o.available),
  };
}

/**
 * Pricing rules of a product's content, checked at build (a content error each): a compare-at
 * price must be higher than the price, since it is shown struck through as the price before a
 * reduction (Directive 98/6/EC art. 6a: a reduction announced against a price that is not higher
 * is misleading).
 * @returns problems as `field path: message`, for src/catalog/load.ts `ProductCheck`
 */
export function pricingProblems(product: Pick<Product, 'variants'>): string[] {
  return product.variants.flatMap((variant, i) =>
    variant.compare_at_price !== null && toCents(variant.compare_at_price) <= toCents(variant.price)
      ? [`variants[${i}].compare_at_price: "${variant.compare_at_price}" must be higher than price "${variant.price}"`]
      : [],
  );
}
