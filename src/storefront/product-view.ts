/**
 * What an HTML page shows of a product: localized texts, images, and per variant the price in
 * integer cents and the stock status. Prices and statuses are the variants' offers
 * (src/commerce/market.ts `productOffers`), as in the JSON views, so a page and
 * `/products/{handle}.json` cannot disagree on a price or on availability.
 */
import type { CatalogProduct } from '../catalog/types';
import type { Locale } from '../catalog/locales';
import { localize } from '../catalog/localize';
import { excerpt } from '../views/format';
import { viewContext, variantOptionValues, variantTitle } from '../views/context';
import type { Catalog } from '../catalog/types';
import { productOffers, summarizeOffers } from '../commerce/market';
import type { StockStatus } from '../commerce/stock';

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
  updatedAt: string;
}


/**
 * The product as an HTML page shows it in `locale`. Stock status is the count in content at
 * build time, as in the static `.json` files (README "Availability").
 */
export function productView(catalog: Catalog, product: CatalogProduct, locale: Locale): ProductView {
  const ctx = viewContext(catalog, locale);
  const offers = productOffers(catalog.store, product, undefined);
  const summary = summarizeOffers(offers);
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
    summary: excerpt(product.body_html[locale]),
    optionNames: product.options.map((o) => localize(o.name, locale)),
    variants,
    images: product.images.map((img) => ({ src: img.src, width: img.width, height: img.height, alt: localize(img.alt, locale) })),
    price: summary.priceMin,
    priceVaries: summary.priceMin !== summary.priceMax,
    compareAt: summary.cheapest.compareAtPrice,
    status: summary.status,
    shipsTo: product.ships_to,
    freight: product.freight,
    updatedAt: product.updated_at,
  };
}
