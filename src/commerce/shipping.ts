/**
 * Shipping quotes from content/shipping.yaml (docs/decisions.md "Content files": zones, methods, weight
 * bands, free-shipping threshold, what ships where): zones by country, methods with prices by
 * weight band (variant `grams` × quantity), a free-shipping threshold on eligible methods,
 * freight-only products (greenhouses, large tanks), products that ship only to some countries and
 * territories of served countries the store does not deliver to (src/commerce/market.ts
 * `deliveryArea`). Plain functions over plain data, no I/O.
 */
import type { Shipping, Store } from '../catalog/schema';
import type { Locale } from '../catalog/locales';
import { localize } from '../catalog/localize';
import { type Destination, deliveryArea } from './market';
import { toCents } from './money';
import { priceForCountry } from './vat';

/** What shipping needs to know about one line of a cart or checkout. */
export interface ShippableLine {
  /** Weight of one unit in grams (0: nothing to ship, e.g. a training offer). */
  grams: number;
  quantity: number;
  /** Product too large for parcel carriers (content `freight: true`). */
  freight: boolean;
  /** Countries the product ships to, or null for every country the store serves. */
  shipsTo: readonly string[] | null;
  /** Unit price in EUR cents as written in content, VAT included (src/commerce/market.ts `VariantOffer.grossPrice`). */
  grossPrice: number;
}

/** One way to deliver the whole order to the destination, priced. */
export interface ShippingQuote {
  /** Method id from content/shipping.yaml, e.g. "colissimo"; used as the UCP option id. */
  id: string;
  title: string;
  description: string;
  carrier: string;
  type: 'shipping' | 'pickup';
  /** Price in EUR cents, VAT included (0 when free shipping applies). */
  price: number;
  /** Price in EUR cents for the destination: `price` in the EU, net of French VAT for an export (src/commerce/vat.ts). */
  destinationPrice: number;
  /** True when the free-shipping threshold made this option free. */
  free: boolean;
  minDays: number;
  maxDays: number;
}

/** Why no quote exists for a destination. */
export type Undeliverable =
  | { reason: 'country_not_served'; country: string }
  | { reason: 'territory'; country: string; territory: string }
  | { reason: 'product_not_shipped'; country: string; lineIndexes: number[] }
  | { reason: 'no_method'; country: string };

/** Total shipping weight in grams of the lines. */
export function totalGrams(lines: readonly ShippableLine[]): number {
  return lines.reduce((sum, l) => sum + l.grams * l.quantity, 0);
}

/**
 * True when a unit of the variant is a good to ship: content `grams` > 0. Training offers and
 * vouchers weigh 0 and never ship (Shopify `requires_shipping`; an order line with nothing to
 * ship does not hold back the order's `shipped` status, src/commerce/fulfillment.ts).
 */
export function unitRequiresShipping(variant: { grams: number }): boolean {
  return variant.grams > 0;
}

/** True when at least one line has something to ship (training offers and vouchers do not). */
export function requiresShipping(lines: readonly ShippableLine[]): boolean {
  return lines.some((l) => unitRequiresShipping(l) && l.quantity > 0);
}

/** The free-shipping threshold of content/shipping.yaml in EUR cents, VAT included. */
export function freeShippingThreshold(shipping: Pick<Shipping, 'free_shipping_threshold'>): number {
  return toCents(shipping.free_shipping_threshold);
}

/**
 * True when the lines reach the free-shipping threshold: their content prices (VAT included,
 * whatever the destination) times quantities add up to at least the threshold.
 */
export function reachesFreeShipping(shipping: Pick<Shipping, 'free_shipping_threshold'>, lines: readonly Pick<ShippableLine, 'grossPrice' | 'quantity'>[]): boolean {
  return lines.reduce((sum, l) => sum + l.grossPrice * l.quantity, 0) >= freeShippingThreshold(shipping);
}

/**
 * The shipping options for delivering `lines` to `destination`, cheapest first (deliveries to
 * the address only: pick-up methods are not offered).
 * @returns quotes, or an Undeliverable reason when the store cannot deliver there
 *          (UCP `address_undeliverable`, docs/agent-commerce.md "Fulfillment").
 */
export function shippingQuotes(
  store: Pick<Store, 'countries_served' | 'vat'>,
  shipping: Shipping,
  lines: readonly ShippableLine[],
  destination: Destination,
  locale: Locale,
): ShippingQuote[] | Undeliverable {
  const { country } = destination;
  const area = deliveryArea(store, destination);
  if (area.kind === 'not_served') return { reason: 'country_not_served', country };
  if (area.kind === 'territory') return { reason: 'territory', country, territory: area.name };
  const blocked = lines.flatMap((l, i) => (l.shipsTo && !l.shipsTo.includes(country) ? [i] : []));
  if (blocked.length) return { reason: 'product_not_shipped', country, lineIndexes: blocked };
  const zone = shipping.zones.find((z) => z.countries.includes(country));
  if (!zone) return { reason: 'country_not_served', country };
  const needsFreight = lines.some((l) => l.freight && l.quantity > 0);
  const grams = totalGrams(lines);
  const freeReached = reachesFreeShipping(shipping, lines);
  const quotes: ShippingQuote[] = [];
  for (const method of shipping.methods) {
    // A pick-up needs the buyer to choose the point; until the checkout can ask for it, it is not
    // offered (docs/decisions.md "Pick-up is not offered until a point can be chosen").
    if (method.type === 'pickup') continue;
    if (!method.zones.includes(zone.id)) continue;
    if (needsFreight ? !method.freight : !method.parcel) continue;
    const band = method.bands.find((b) => grams <= b.max_grams);
    if (!band) continue;
    const free = method.free_eligible && freeReached;
    const price = free ? 0 : toCents(band.price);
    quotes.push({
      id: method.id,
      title: localize(method.title, locale),
      description: localize(method.description, locale),
      carrier: method.carrier,
      type: method.type,
      price,
      destinationPrice: priceForCountry(store, price, country),
      free,
      minDays: method.delivery_days.min,
      maxDays: method.delivery_days.max,
    });
  }
  if (!quotes.length) return { reason: 'no_method', country };
  return quotes.sort((a, b) => a.price - b.price || a.maxDays - b.maxDays);
}
