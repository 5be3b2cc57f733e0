/**
 * zod schemas of what the catalog endpoints send (docs/storefront.md "Product and variant fields",
 * "Product list format" to "Ajax product format"). One schema per response: tests validate real responses against
 * them, and the OpenAPI description is generated from them, so documentation and code agree.
 * Objects are open (`looseObject`): the spec allows undeclared extra fields.
 */
import { z } from 'zod';

const DecimalPrice = z.string().regex(/^\d+\.\d{2}$/).describe('Decimal string in EUR, VAT included, e.g. "149.90"');
const DateTime = z.string().describe('ISO 8601 date-time with offset');
const Cents = z.int().min(0).describe('Amount in EUR cents, VAT included');

export const WireImage = z.looseObject({
  id: z.int(),
  position: z.int().min(1),
  product_id: z.int(),
  variant_ids: z.array(z.int()),
  src: z.url().describe('Absolute URI built from the configured base URL'),
  width: z.int().positive(),
  height: z.int().positive(),
  alt: z.string().nullable(),
  created_at: DateTime,
  updated_at: DateTime,
});

export const WireVariant = z.looseObject({
  id: z.int(),
  title: z.string().min(1),
  sku: z.string().nullable(),
  price: DecimalPrice,
  compare_at_price: DecimalPrice.nullable(),
  available: z.boolean(),
  grams: z.int().min(0).describe('Weight in grams'),
  option1: z.string().nullable(),
  option2: z.string().nullable(),
  option3: z.string().nullable(),
  position: z.int().min(1),
  product_id: z.int(),
  requires_shipping: z.boolean(),
  taxable: z.boolean(),
});

export const WireOption = z.looseObject({ name: z.string().min(1), position: z.int().min(1), values: z.array(z.string().min(1)).min(1) });

const ProductCore = {
  id: z.int(),
  title: z.string().min(1),
  handle: z.string().regex(/^[a-z0-9-]+$/),
  body_html: z.string(),
  vendor: z.string(),
  product_type: z.string(),
  published_at: DateTime,
  created_at: DateTime,
  updated_at: DateTime,
  images: z.array(WireImage),
  options: z.array(WireOption).min(1),
};

/** Item of ProductList (`/products.json`, `/collections/{handle}/products.json`): tags as a sorted array. */
export const WireListProduct = z.looseObject({
  ...ProductCore,
  tags: z.array(z.string()),
  variants: z.array(WireVariant.extend({ featured_image: WireImage.nullable() })).min(1),
}).meta({ id: 'Product' });

/** ProductList: `{"products":[...]}`. */
export const WireProductList = z.looseObject({ products: z.array(WireListProduct) }).meta({ id: 'ProductList' });

/** `/products/{handle}.json`: REST-style product, tags as a ", "-joined string. */
export const WireProductDetail = z.looseObject({
  product: z.looseObject({
    ...ProductCore,
    tags: z.string(),
    variants: z.array(WireVariant.extend({ image_id: z.int().nullable(), price_currency: z.literal('EUR') })).min(1),
    options: z.array(WireOption.extend({ id: z.int(), product_id: z.int() })).min(1),
    image: WireImage.nullable(),
  }),
}).meta({ id: 'ProductResponse' });

/** `/products/{handle}.js`: Ajax product, money in cents, live availability per variant. */
export const WireAjaxProduct = z.looseObject({
  id: z.int(),
  title: z.string().min(1),
  handle: z.string(),
  description: z.string(),
  type: z.string(),
  vendor: z.string(),
  tags: z.array(z.string()),
  price: Cents,
  price_min: Cents,
  price_max: Cents,
  available: z.boolean(),
  compare_at_price: Cents.nullable(),
  compare_at_price_min: Cents,
  compare_at_price_max: Cents,
  variants: z.array(z.looseObject({
    id: z.int(), title: z.string(), available: z.boolean(), price: Cents, compare_at_price: Cents.nullable(),
    weight: z.int().min(0), options: z.array(z.string()), name: z.string(), public_title: z.string().nullable(),
  })).min(1),
  images: z.array(z.string().regex(/^\/\//).describe('Protocol-relative image URL')),
  featured_image: z.string().nullable(),
  options: z.array(WireOption).min(1),
  url: z.string().regex(/^(\/[a-z]{2})?\/products\/[a-z0-9-]+$/),
}).meta({ id: 'AjaxProduct' });

/** StorefrontError of docs/storefront.md "Errors": `status` is an integer. */
export const WireStorefrontError = z.strictObject({
  status: z.int(),
  message: z.string().min(1),
  description: z.string().optional(),
}).meta({ id: 'StorefrontError' });

const SuggestImage = z.looseObject({ url: z.string(), alt: z.string().nullable(), width: z.int(), height: z.int(), aspect_ratio: z.number() });

/** Product result of `/search/suggest.json` (docs/storefront.md "Predictive search"): prices as decimal strings. */
export const WireSuggestProduct = z.looseObject({
  id: z.int(), title: z.string(), handle: z.string(), url: z.string(),
  price: DecimalPrice, price_min: DecimalPrice, price_max: DecimalPrice,
  compare_at_price_min: DecimalPrice, compare_at_price_max: DecimalPrice,
  available: z.boolean(), vendor: z.string(), type: z.string(), tags: z.array(z.string()),
  image: z.string().nullable(), featured_image: SuggestImage.nullable(), variants: z.array(z.looseObject({})),
  // Not Shopify's: what the product page shows (src/search/results.ts productResult).
  stock_status: z.enum(['in_stock', 'backorder', 'out_of_stock']), price_compare_at: DecimalPrice.nullable(),
}).meta({ id: 'SuggestProduct' });

const SuggestText = z.looseObject({ id: z.int(), title: z.string(), handle: z.string(), url: z.string(), body: z.string() });

/** `/search/suggest.json` response: one key per requested resource type. */
export const WireSuggestResponse = z.looseObject({
  resources: z.looseObject({
    results: z.looseObject({
      products: z.array(WireSuggestProduct).optional(),
      collections: z.array(SuggestText).optional(),
      pages: z.array(SuggestText).optional(),
      articles: z.array(SuggestText).optional(),
      queries: z.array(z.looseObject({ text: z.string(), styled_text: z.string(), url: z.string() })).optional(),
    }),
  }),
}).meta({ id: 'SearchSuggestions' });

/** 404 body of `/products/{handle}.json`: the empty object `{}` (docs/storefront.md "Errors"). */
export const WireEmptyObject = z.strictObject({}).meta({ id: 'EmptyObject' });
