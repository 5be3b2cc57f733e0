/**
 * The UCP product of the catalog tools (UCP 2026-04-08 `types/product.json` and
 * `types/variant.json`; docs/agent-commerce.md "Catalog tools"): prices are `{amount, currency}` objects in EUR cents,
 * equal to the `.js` endpoint for EU buyers and net of French VAT for non-EU destinations
 * (src/commerce/market.ts), availability is per destination country and live stock.
 * Identifiers are built by the caller (src/catalog/ids.ts), so this view knows nothing of UCP ids.
 */
import type { CatalogProduct } from '../catalog/types';
import type { Variant } from '../catalog/schema';
import { type Destination, type VariantOffer, productOffers as offersOf, summarizeOffers } from '../commerce/market';
import { localize } from '../catalog/localize';
import { type ViewContext, imageUrl, optionValues, productPath, variantOptionValues, variantTitle } from './context';

export interface UcpViewOptions {
  /** Destination (country, postal code, region) or undefined when unknown. */
  destination: Destination | undefined;
  /** Units sold since each variant's stock count, by variant id (missing → 0). */
  sold?: ReadonlyMap<number, number>;
  productGid(product: Pick<CatalogProduct, 'id'>): string;
  variantGid(variant: Pick<Variant, 'id'>): string;
}

const eur = (amount: number) => ({ amount, currency: 'EUR' });

/** The offer (price, availability) of every variant of a product for the view's destination, in variant order. */
export function productOffers(product: CatalogProduct, ctx: ViewContext, options: UcpViewOptions): VariantOffer[] {
  return offersOf(ctx.catalog.store, product, options.destination, options.sold);
}

function media(product: CatalogProduct, position: number, ctx: ViewContext) {
  const image = product.images[position - 1];
  return { type: 'image' as const, url: imageUrl(ctx, image), alt_text: localize(image.alt, ctx.locale), width: image.width, height: image.height };
}

/** Display title of a variant: its option values ("60 L"), or the product title for a product without options. */
export function ucpVariantTitle(product: CatalogProduct, index: number, ctx: ViewContext): string {
  return product.options.length ? variantTitle(product, index, ctx) : localize(product.title, ctx.locale);
}

/**
 * One UCP variant.
 * @param index position of the variant in `product.variants`
 * @param offer its offer from `productOffers`
 */
export function ucpVariant(product: CatalogProduct, index: number, offer: VariantOffer, ctx: ViewContext, options: UcpViewOptions) {
  const variant = product.variants[index];
  const title = ucpVariantTitle(product, index, ctx);
  const productTitle = localize(product.title, ctx.locale);
  const names = product.options.map((o) => localize(o.name, ctx.locale));
  return {
    id: options.variantGid(variant),
    ...(variant.sku ? { sku: variant.sku } : {}),
    ...(variant.barcode ? { barcodes: [{ type: 'GTIN', value: variant.barcode }] } : {}),
    title,
    description: { plain: product.options.length ? `${productTitle} — ${title}` : productTitle },
    url: `${ctx.baseUrl}${productPath(ctx, product.handle)}?variant=${variant.id}`,
    price: eur(offer.price),
    ...(offer.compareAtPrice !== null ? { list_price: eur(offer.compareAtPrice) } : {}),
    availability: { available: offer.available, status: offer.status },
    ...(names.length ? { options: variantOptionValues(product, index, ctx).map((label, j) => ({ name: names[j], label })) } : {}),
    ...(variant.image ? { media: [media(product, variant.image, ctx)] } : {}),
    metadata: { grams: variant.grams },
  };
}
export type UcpVariant = ReturnType<typeof ucpVariant>;

/**
 * The UCP product without its variants (the caller picks and orders them: search lists all,
 * lookup only the resolved ones, get_product puts the selected one first).
 * @param offers from `productOffers`, used for `price_range` over all variants
 */
export function ucpProductBase(product: CatalogProduct, offers: VariantOffer[], ctx: ViewContext, options: UcpViewOptions) {
  const { priceMin, priceMax } = summarizeOffers(offers);
  // UCP's list price of a variant without a compare-at price is its price (not Shopify's compare_at_price_min).
  const lists = offers.map((o) => o.compareAtPrice ?? o.price);
  const hasList = offers.some((o) => o.compareAtPrice !== null);
  const values = optionValues(product, ctx);
  return {
    id: options.productGid(product),
    handle: product.handle,
    title: localize(product.title, ctx.locale),
    description: { html: product.body_html[ctx.locale], markdown: localize(product.body, ctx.locale) },
    url: `${ctx.baseUrl}${productPath(ctx, product.handle)}`,
    categories: [{ value: product.category, taxonomy: 'merchant' }],
    price_range: { min: eur(priceMin), max: eur(priceMax) },
    ...(hasList ? { list_price_range: { min: eur(Math.min(...lists)), max: eur(Math.max(...lists)) } } : {}),
    media: product.images.map((_, i) => media(product, i + 1, ctx)),
    options: product.options.map((o, i) => ({ name: localize(o.name, ctx.locale), values: values[i].map((label) => ({ label })) })),
    tags: [...product.tags].sort(),
  };
}

/** The full UCP product with every variant in content order (search results). */
export function ucpProduct(product: CatalogProduct, ctx: ViewContext, options: UcpViewOptions) {
  const offers = productOffers(product, ctx, options);
  return { ...ucpProductBase(product, offers, ctx, options), variants: product.variants.map((_, i) => ucpVariant(product, i, offers[i], ctx, options)) };
}
