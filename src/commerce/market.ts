/**
 * What a buyer at a given destination can buy and at what price (docs/design.md "Availability
 * is per country and live"): a variant is available when it is in stock or sold on backorder
 * (src/commerce/stock.ts) and its product ships to the destination (the store's
 * `countries_served`, minus the territories of src/commerce/territories.ts, narrowed by the
 * product's `ships_to`). Prices follow src/commerce/vat.ts.
 */
import type { Product, Store, Variant } from '../catalog/schema';
import { toCents } from './money';
import { type StockStatus, stockStatus } from './stock';
import { excludedTerritory } from './territories';
import { priceForCountry } from './vat';

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

/** True when the store delivers to the destination: a served country, outside its excluded territories. */
export function servesDestination(store: Pick<Store, 'countries_served'>, destination: Destination): boolean {
  return servesCountry(store, destination.country) && !excludedTerritory(destination.country, destination.postalCode, destination.region);
}

/**
 * True when the product can be delivered to the destination; with no destination (not known
 * yet) the product counts as shippable.
 */
export function shipsTo(store: Pick<Store, 'countries_served'>, product: Pick<Product, 'ships_to'>, destination: Destination | undefined): boolean {
  if (destination === undefined) return true;
  return servesDestination(store, destination) && (product.ships_to === null || product.ships_to.includes(destination.country));
}

export interface VariantOffer {
  /** Unit price in EUR cents for the destination (gross in the EU, net of French VAT outside). */
  price: number;
  /** Compare-at price in EUR cents for the destination, or null. */
  compareAtPrice: number | null;
  /** Stock status after `sold` units. */
  status: StockStatus;
  /** The product ships to the destination. */
  shippable: boolean;
  /** Can be bought now by this buyer: shippable and not out of stock. */
  available: boolean;
}

/**
 * The offer of one variant to a buyer at `destination` (undefined: unknown, EU prices).
 * @param sold units sold since the stock count (default 0)
 */
export function variantOffer(
  store: Pick<Store, 'countries_served' | 'vat'>,
  product: Pick<Product, 'ships_to'>,
  variant: Pick<Variant, 'price' | 'compare_at_price' | 'inventory'>,
  destination: Destination | undefined,
  sold = 0,
): VariantOffer {
  const status = stockStatus(variant, sold);
  const shippable = shipsTo(store, product, destination);
  const country = destination?.country;
  return {
    price: priceForCountry(store, toCents(variant.price), country),
    compareAtPrice: variant.compare_at_price ? priceForCountry(store, toCents(variant.compare_at_price), country) : null,
    status,
    shippable,
    available: shippable && status !== 'out_of_stock',
  };
}
