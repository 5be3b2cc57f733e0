/**
 * The product item of `GET /products.json` and `/collections/{handle}/products.json`
 * (docs/storefront.md "Product and variant fields"; key order of "Product list format").
 */
import type { CatalogProduct } from '../catalog/types';
import { decimalOrNull, toDecimal } from '../commerce/money';
import { productOffers } from '../commerce/market';
import { localize } from '../catalog/localize';
import { unitRequiresShipping } from '../commerce/shipping';
import { type ViewContext, imageRecord, optionFields, optionValues, pick, variantTitle } from './context';

/** Shopify image object of the list format (`images[]` and variant `featured_image`). */
export function listImage(product: CatalogProduct, position: number, ctx: ViewContext) {
  return pick(imageRecord(product, position, ctx), ['id', 'created_at', 'position', 'updated_at', 'product_id', 'variant_ids', 'src', 'width', 'height', 'alt']);
}

/**
 * A product as an item of a ProductList.
 * @param soldByVariant units sold since the stock count, by variant id (missing → 0): the live
 *        view of the function's lists; the static files pass none and show the stock counted in content
 * @returns prices as decimal EUR strings with VAT and `available` (in stock or on backorder, as
 *          `.js`) from the variants' offers (src/commerce/market.ts `productOffers`), `tags` as a sorted array, options `{name, position, values}`.
 */
export function productListItem(product: CatalogProduct, ctx: ViewContext, soldByVariant: ReadonlyMap<number, number> = new Map()) {
  const values = optionValues(product, ctx);
  const offers = productOffers(ctx.catalog.store, product, undefined, soldByVariant);
  return {
    id: product.id,
    title: localize(product.title, ctx.locale),
    handle: product.handle,
    body_html: product.body_html[ctx.locale],
    published_at: product.published_at,
    created_at: product.created_at,
    updated_at: product.updated_at,
    vendor: product.vendor,
    product_type: localize(product.product_type, ctx.locale),
    tags: [...product.tags].sort(),
    variants: product.variants.map((variant, i) => {
      return {
        id: variant.id,
        title: variantTitle(product, i, ctx),
        ...optionFields(product, i, ctx),
        sku: variant.sku,
        requires_shipping: unitRequiresShipping(variant),
        taxable: true,
        featured_image: variant.image ? listImage(product, variant.image, ctx) : null,
        available: offers[i].available,
        price: toDecimal(offers[i].price),
        grams: variant.grams,
        compare_at_price: decimalOrNull(offers[i].compareAtPrice),
        position: i + 1,
        product_id: product.id,
        created_at: product.created_at,
        updated_at: product.updated_at,
      };
    }),
    images: product.images.map((_, i) => listImage(product, i + 1, ctx)),
    options: product.options.length
      ? product.options.map((o, i) => ({ name: localize(o.name, ctx.locale), position: i + 1, values: values[i] }))
      : [{ name: 'Title', position: 1, values: ['Default Title'] }],
  };
}

/** `{"products":[...]}` for a page of products; `soldByVariant` as for `productListItem`. */
export function productList(products: readonly CatalogProduct[], ctx: ViewContext, soldByVariant?: ReadonlyMap<number, number>) {
  return { products: products.map((p) => productListItem(p, ctx, soldByVariant)) };
}
