/**
 * What an HTML page shows of a product: localized texts, images, and per variant the price in
 * integer cents and the stock status. Prices and statuses are the variants' offers
 * (src/commerce/market.ts `productOffers`), as in the JSON views, so a page and
 * `/products/{handle}.json` cannot disagree on a price or on availability.
 */
import type { CatalogProduct } from '../catalog/types';
import { LOCALE_COUNTRIES, type Locale } from '../catalog/locales';
import { localize } from '../catalog/localize';
import { excerpt } from '../views/format';
import { viewContext, variantOptionValues, variantTitle } from '../views/context';
import type { Catalog } from '../catalog/types';
import { productOffers, summarizeOffers, type OfferSummary, type VariantOffer } from '../commerce/market';
import type { StockStatus } from '../commerce/stock';
import { shippingQuotes, unitRequiresShipping } from '../commerce/shipping';
import { toCents } from '../commerce/money';

export interface VariantView {
  id: number;
  sku: string | null;
  /** Localized title ("60 L", or "Default Title" for a product without options). */
  title: string;
  /** Localized option values, one per product option. */
  options: string[];
  /** EUR cents, VAT included. */
  price: number;
  /** EUR cents, VAT included, or null. */
  compareAt: number | null;
  status: StockStatus;
}

export interface ImageView {
  /** Path under public/, e.g. "/images/products/kit.svg" (relative, so any host serves it). */
  src: string;
  width: number;
  height: number;
  alt: string;
}

export interface ProductView {
  id: number;
  handle: string;
  title: string;
  vendor: string;
  productType: string;
  bodyHtml: string;
  /** Plain-text summary of the description (≤ 160 characters) for meta descriptions and cards. */
  summary: string;
  optionNames: string[];
  variants: VariantView[];
  images: ImageView[];
  /** Lowest variant price in cents, and whether variants differ in price. */
  price: number;
  priceVaries: boolean;
  /** Compare-at price (cents) of the cheapest variant, when it has one. */
  compareAt: number | null;
  /** in_stock when any variant is; else backorder when any is; else out_of_stock. */
  status: StockStatus;
  shipsTo: string[] | null;
  freight: boolean;
  /**
   * The cheapest home delivery of one unit of the cheapest variant to the locale's country
   * (content/store.yaml `locale_countries`: Germany on the German page) when the store delivers
   * there, else to its own (`vat.origin_country`: France), VAT included, in EUR cents; null when
   * the product ships nothing (a training) or cannot go there.
   */
  delivery: { country: string; price: number } | null;
  updatedAt: string;
}


/**
 * The product as an HTML page shows it in `locale`. Stock status is the count in content at
 * build time, as in the static `.json` files (README "Availability").
 */
export function productView(catalog: Catalog, product: CatalogProduct, locale: Locale): ProductView {
  const ctx = viewContext(catalog, locale);
  const facts = productFacts(catalog, product);
  const { offers, summary, excerpts } = facts;
  const variants: VariantView[] = product.variants.map((v, i) => ({
    id: v.id,
    sku: v.sku,
    title: variantTitle(product, i, ctx),
    options: variantOptionValues(product, i, ctx),
    price: offers[i].price,
    compareAt: offers[i].compareAtPrice,
    status: offers[i].status,
  }));
  return {
    id: product.id,
    handle: product.handle,
    title: localize(product.title, locale),
    vendor: product.vendor,
    productType: localize(product.product_type, locale),
    bodyHtml: product.body_html[locale],
    summary: (excerpts[locale] ??= excerpt(product.body_html[locale])),
    optionNames: product.options.map((o) => localize(o.name, locale)),
    variants,
    images: product.images.map((img) => ({ src: img.src, width: img.width, height: img.height, alt: localize(img.alt, locale) })),
    price: summary.priceMin,
    priceVaries: summary.priceMin !== summary.priceMax,
    compareAt: summary.cheapest.compareAtPrice,
    status: summary.status,
    shipsTo: product.ships_to,
    freight: product.freight,
    // Computed when read: only the product page shows it, and collection grids and the home
    // page build a view of every card they list, in 12 locales, at build time. The same for
    // every locale of one country (a price and a country code), so once per product and country.
    get delivery() {
      const country = deliveryCountry(catalog, locale);
      const quote = (to: string) => (facts.delivery[to] !== undefined ? facts.delivery[to] : (facts.delivery[to] = cheapestDelivery(catalog, product, offers.indexOf(summary.cheapest), to, locale)));
      // A product that cannot go to the locale's country (freight to a few countries) quotes the store's own.
      return quote(country) ?? (country === catalog.store.vat.origin_country ? null : quote(catalog.store.vat.origin_country));
    },
    updatedAt: product.updated_at,
  };
}

/**
 * The stock status of a product as its view gives it (`ProductView.status`), without building the
 * view: for lists that pick products by availability before showing a few of them.
 */
export function productStatus(catalog: Catalog, product: CatalogProduct): StockStatus {
  return productFacts(catalog, product).summary.status;
}

/**
 * What every view of a product shares, computed once per product: its offers and their summary
 * (the same in every locale: build-time stock, no destination) and its description excerpt per
 * locale. A build shows a product on its page and on every collection page and home page listing
 * it, in 12 locales, so each would otherwise be computed several times per product and locale
 * (README "Performance"). Kept per product object, so a new catalog snapshot gets new facts.
 * Callers only read the shared offers (productView copies what it shows).
 */
function productFacts(catalog: Catalog, product: CatalogProduct): ProductFacts {
  let facts = factsOf.get(product);
  if (!facts) {
    const offers = productOffers(catalog.store, product, undefined);
    facts = { offers, summary: summarizeOffers(offers), excerpts: {}, delivery: {} };
    factsOf.set(product, facts);
  }
  return facts;
}
interface ProductFacts {
  offers: VariantOffer[];
  summary: OfferSummary;
  /** Plain-text description excerpt (`excerpt` of `body_html`) by locale, filled on first use. */
  excerpts: Partial<Record<Locale, string>>;
  /** `ProductView.delivery` by destination country, computed on first use. */
  delivery: Record<string, ProductView['delivery']>;
}
const factsOf = new WeakMap<CatalogProduct, ProductFacts>();

/** Where a locale's product page quotes delivery to: its buyers' country when the store delivers there, else the store's own. */
function deliveryCountry(catalog: Catalog, locale: Locale): string {
  const guess = LOCALE_COUNTRIES[locale];
  return catalog.store.countries_served.includes(guess) ? guess : catalog.store.vat.origin_country;
}

/**
 * The cheapest home delivery (`type: shipping`, a pickup is not a delivery) of one unit of the
 * variant at `index` to the locale's country when the store delivers there (the German page
 * quotes Germany), else to the store's own, priced by the checkout's shipping rules
 * (src/commerce/shipping.ts), so the product page states what the checkout will charge
 * (Directive 2011/83/EU art. 6(1)(e): delivery costs before the order).
 * @returns country code and EUR cents, VAT included, or null
 */
function cheapestDelivery(catalog: Catalog, product: CatalogProduct, index: number, country: string, locale: Locale): ProductView['delivery'] {
  const variant = product.variants[index];
  if (!unitRequiresShipping(variant)) return null;
  const line = { grams: variant.grams, quantity: 1, freight: product.freight, shipsTo: product.ships_to, grossPrice: toCents(variant.price) };
  const quotes = shippingQuotes(catalog.store, catalog.shipping, [line], { country }, locale);
  const delivery = Array.isArray(quotes) ? quotes.find((q) => q.type === 'shipping') : undefined;
  return delivery ? { country, price: delivery.price } : null;
}
