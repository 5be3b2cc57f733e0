/**
 * `GET /products/{handle}.js`: the Ajax API product (docs/storefront.md "Ajax product format"): not wrapped,
 * money in integer cents, protocol-relative image URLs, per-variant `available` computed from
 * live stock (units sold since the count are passed in by the caller). Prices and availability
 * are the variants' offers (src/commerce/market.ts `productOffers`).
 */
import type { CatalogProduct } from '../catalog/types';
import { productOffers, summarizeOffers } from '../commerce/market';
import { localize } from '../catalog/localize';
import { unitRequiresShipping } from '../commerce/shipping';
import { type ViewContext, imageId, imageRecord, imageUrl, optionFields, optionValues, productPath, variantOptionValues, variantTitle } from './context';

const protocolRelative = (url: string) => url.replace(/^https?:/, '');

/**
 * The Ajax-format product in the context's locale.
 * @param soldByVariant units sold since the stock count, by variant id (missing → 0)
 * @returns prices and compare-at prices in EUR cents (VAT included); compare_at_price_min/max
 *          are 0 and compare_at_price null when no variant has one, as Shopify does.
 */
export function productAjax(product: CatalogProduct, ctx: ViewContext, soldByVariant: ReadonlyMap<number, number> = new Map()) {
  const offers = productOffers(ctx.catalog.store, product, undefined, soldByVariant);
  const summary = summarizeOffers(offers);
  const values = optionValues(product, ctx);
  const title = localize(product.title, ctx.locale);
  const imageUrls = product.images.map((img) => protocolRelative(imageUrl(ctx, img)));
  const ajaxImage = (position: number) => imageRecord(product, position, ctx, imageUrls[position - 1]);
  return {
    id: product.id,
    title,
    handle: product.handle,
    description: product.body_html[ctx.locale],
    published_at: product.published_at,
    created_at: product.created_at,
    vendor: product.vendor,
    type: localize(product.product_type, ctx.locale),
    tags: [...product.tags].sort(),
    price: summary.priceMin,
    price_min: summary.priceMin,
    price_max: summary.priceMax,
    available: summary.available,
    price_varies: summary.priceMin !== summary.priceMax,
    compare_at_price: summary.compareAtMin,
    compare_at_price_min: summary.compareAtMin ?? 0,
    compare_at_price_max: summary.compareAtMax ?? 0,
    compare_at_price_varies: summary.compareAtMin !== summary.compareAtMax,
    variants: product.variants.map((variant, i) => {
      const opts = variantOptionValues(product, i, ctx);
      const vTitle = variantTitle(product, i, ctx);
      return {
        id: variant.id,
        title: vTitle,
        ...optionFields(product, i, ctx),
        sku: variant.sku,
        requires_shipping: unitRequiresShipping(variant),
        taxable: true,
        featured_image: variant.image ? ajaxImage(variant.image) : null,
        available: offers[i].available,
        name: opts.length ? `${title} - ${vTitle}` : title,
        public_title: opts.length ? vTitle : null,
        options: opts.length ? opts : ['Default Title'],
        price: offers[i].price,
        weight: variant.grams,
        compare_at_price: offers[i].compareAtPrice,
        inventory_management: variant.inventory ? 'shopify' : null,
        barcode: variant.barcode,
        requires_selling_plan: false,
        selling_plan_allocations: [],
        quantity_rule: { min: 1, max: null, increment: 1 },
      };
    }),
    images: imageUrls,
    featured_image: imageUrls[0] ?? null,
    options: product.options.length
      ? product.options.map((o, i) => ({ name: localize(o.name, ctx.locale), position: i + 1, values: values[i] }))
      : [{ name: 'Title', position: 1, values: ['Default Title'] }],
    url: productPath(ctx, product.handle),
    media: product.images.map((img, i) => {
      const preview = { aspect_ratio: Math.round((img.width / img.height) * 1000) / 1000, height: img.height, width: img.width, src: imageUrl(ctx, img) };
      return { alt: localize(img.alt, ctx.locale), id: imageId(product.id, i + 1), position: i + 1, preview_image: preview, aspect_ratio: preview.aspect_ratio, height: img.height, media_type: 'image', src: preview.src, width: img.width };
    }),
    requires_selling_plan: false,
    selling_plan_groups: [],
  };
}
