/**
 * zod schemas of what the catalog endpoints send (docs/spec.md "Resources and their fields",
 * docs/shopify-formats.md §1-§3). One schema per response: tests validate real responses against
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
  images: z.array(z.string().startsWith('//')),
  featured_image: z.string().nullable(),
  options: z.array(WireOption).min(1),
  url: z.string().regex(/^(\/[a-z]{2})?\/products\/[a-z0-9-]+$/),
}).meta({ id: 'AjaxProduct' });

/** StorefrontError of docs/spec.md: `status` is an integer. */
export const WireStorefrontError = z.strictObject({
  status: z.int(),
  message: z.string().min(1),
  description: z.string().optional(),
}).meta({ id: 'StorefrontError' });
