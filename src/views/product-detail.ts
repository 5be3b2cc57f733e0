/**
 * `GET /products/{handle}.json` → `{"product":{...}}`: the REST-style product of
 * docs/storefront.md "Product detail format" (tags as a ", "-joined string, options with ids, `image`), with
 * the spec's Variant fields on every variant (`available`, `compare_at_price` string or null).
 */
import type { CatalogProduct } from '../catalog/types';
import { decimalOrNull, toDecimal } from '../commerce/money';
import { productOffers } from '../commerce/market';
import { localize } from '../catalog/localize';
import { unitRequiresShipping } from '../commerce/shipping';
import { type ViewContext, imageId, imageRecord, optionFields, optionId, optionValues, variantTitle } from './context';

const detailImage = (product: CatalogProduct, position: number, ctx: ViewContext) => imageRecord(product, position, ctx);

/**
 * The `product` object of `/products/{handle}.json` in the context's locale. Prices are decimal EUR
 * strings, VAT included, and `available` the stock counted in content, both from the variants'
 * offers (src/commerce/market.ts `productOffers`).
 */
export function productDetail(product: CatalogProduct, ctx: ViewContext) {
  const values = optionValues(product, ctx);
  const images = product.images.map((_, i) => detailImage(product, i + 1, ctx));
  const offers = productOffers(ctx.catalog.store, product, undefined);
  return {
    id: product.id,
    title: localize(product.title, ctx.locale),
    body_html: product.body_html[ctx.locale],
    vendor: product.vendor,
    product_type: localize(product.product_type, ctx.locale),
    created_at: product.created_at,
    handle: product.handle,
    updated_at: product.updated_at,
    published_at: product.published_at,
    template_suffix: null,
    published_scope: 'global',
    tags: [...product.tags].sort().join(', '),
    variants: product.variants.map((variant, i) => {
      const { option1, option2, option3 } = optionFields(product, i, ctx);
      return {
        id: variant.id,
        product_id: product.id,
        title: variantTitle(product, i, ctx),
        price: toDecimal(offers[i].price),
        sku: variant.sku,
        position: i + 1,
        compare_at_price: decimalOrNull(offers[i].compareAtPrice),
        fulfillment_service: 'manual',
        inventory_management: variant.inventory ? 'shopify' : null,
        option1,
        option2,
        option3,
        created_at: product.created_at,
        updated_at: product.updated_at,
        taxable: true,
        barcode: variant.barcode,
        grams: variant.grams,
        image_id: variant.image ? imageId(product.id, variant.image) : null,
        weight: variant.grams / 1000,
        weight_unit: 'kg',
        requires_shipping: unitRequiresShipping(variant),
        quantity_rule: { min: 1, max: null, increment: 1 },
        price_currency: 'EUR',
        compare_at_price_currency: variant.compare_at_price ? 'EUR' : '',
        quantity_price_breaks: [],
        available: offers[i].available,
      };
    }),
    options: product.options.length
      ? product.options.map((o, i) => ({ id: optionId(product.id, i + 1), product_id: product.id, name: localize(o.name, ctx.locale), position: i + 1, values: values[i] }))
      : [{ id: optionId(product.id, 1), product_id: product.id, name: 'Title', position: 1, values: ['Default Title'] }],
    images,
    image: images[0] ?? null,
  };
}
