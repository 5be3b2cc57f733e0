/**
 * Zod schemas of the catalog capability (UCP 2026-04-08 `shopping/catalog_search.json`,
 * `catalog_lookup.json`, `types/product.json`, `types/variant.json`; docs/agent-commerce.md "Catalog tools").
 */
import { z } from 'zod';
import { Context, Message, Price, UcpResponseMeta } from './common';

const Description = z.object({ plain: z.string().optional(), html: z.string().optional(), markdown: z.string().optional() });
const Media = z.object({
  type: z.literal('image'),
  url: z.string(),
  alt_text: z.string().optional(),
  width: z.int().min(1).optional(),
  height: z.int().min(1).optional(),
});
export const SelectedOption = z.object({ name: z.string(), label: z.string(), id: z.string().optional() });

/** A purchasable variant; `id` is what goes into `line_items[].item.id`. */
export const Variant = z.object({
  id: z.string(),
  sku: z.string().optional(),
  barcodes: z.array(z.object({ type: z.string(), value: z.string() })).optional(),
  title: z.string(),
  description: Description,
  url: z.string().optional(),
  price: Price,
  list_price: Price.optional(),
  availability: z.object({ available: z.boolean(), status: z.string() }),
  options: z.array(SelectedOption).optional(),
  media: z.array(Media).optional(),
  metadata: z.object({ grams: z.int().min(0) }).optional(),
});
export type Variant = z.infer<typeof Variant>;

const productShape = {
  id: z.string(),
  handle: z.string(),
  title: z.string(),
  description: Description,
  url: z.string(),
  categories: z.array(z.object({ value: z.string(), taxonomy: z.string().optional() })),
  price_range: z.object({ min: Price, max: Price }),
  list_price_range: z.object({ min: Price, max: Price }).optional(),
  media: z.array(Media),
  options: z.array(z.object({ name: z.string(), values: z.array(z.object({ label: z.string(), id: z.string().optional() })).min(1) })),
  tags: z.array(z.string()),
};

/** A product with its variants (first variant is the featured one). */
export const Product = z.object({ ...productShape, variants: z.array(Variant).min(1) });
export type Product = z.infer<typeof Product>;

/** A lookup variant: which request identifiers resolved to it (`match`: exact or featured). */
export const LookupVariant = Variant.extend({
  inputs: z.array(z.object({ id: z.string(), match: z.enum(['exact', 'featured']) })).min(1),
});
export const LookupProduct = z.object({ ...productShape, variants: z.array(LookupVariant).min(1) });

/** get_product: option values carry `available`/`exists` relative to the effective selection. */
export const DetailProduct = z.object({
  ...productShape,
  options: z.array(z.object({
    name: z.string(),
    values: z.array(z.object({ label: z.string(), id: z.string().optional(), available: z.boolean(), exists: z.boolean() })).min(1),
  })),
  variants: z.array(Variant).min(1),
  selected: z.array(SelectedOption),
});
export type DetailProduct = z.infer<typeof DetailProduct>;

/** Filters of search, lookup and get_product (types/search_filters.json); price in minor units of `context.currency`. */
export const Filters = z.looseObject({
  categories: z.array(z.string()).max(50).optional().describe('Category values as returned in products[].categories[].value (any of)'),
  price: z.object({ min: z.int().min(0).optional(), max: z.int().min(0).optional() }).optional().describe('Variant price bounds in cents'),
});
export type Filters = z.infer<typeof Filters>;

const requestCommon = { context: Context.optional(), signals: z.looseObject({}).optional(), attribution: z.looseObject({}).optional() };

export const SearchRequest = z.looseObject({
  query: z.string().max(500).optional().describe('Free-text query in any of the store languages'),
  filters: Filters.optional(),
  pagination: z.looseObject({ cursor: z.string().max(500).optional(), limit: z.int().min(1).optional().describe('Default 10; clamped to 50') }).optional(),
  ...requestCommon,
});
export type SearchRequest = z.infer<typeof SearchRequest>;

export const LookupRequest = z.looseObject({
  ids: z.array(z.string().min(1).max(200)).min(1).describe('Product or variant ids (gid or integer), handles or SKUs; at most 50'),
  filters: Filters.optional(),
  ...requestCommon,
});
export type LookupRequest = z.infer<typeof LookupRequest>;

export const GetProductRequest = z.looseObject({
  id: z.string().min(1).max(200).describe('Product or variant id (gid or integer) or handle; a variant id puts that variant first'),
  selected: z.array(z.looseObject({ name: z.string(), label: z.string(), id: z.string().optional() })).max(10).optional(),
  preferences: z.array(z.string()).max(10).optional(),
  filters: Filters.optional(),
  ...requestCommon,
});
export type GetProductRequest = z.infer<typeof GetProductRequest>;

export const SearchResponse = z.object({
  ucp: UcpResponseMeta,
  products: z.array(Product),
  pagination: z.object({ has_next_page: z.boolean(), cursor: z.string().optional(), total_count: z.int().min(0).optional() }),
  messages: z.array(Message).optional(),
});
export type SearchResponse = z.infer<typeof SearchResponse>;

export const LookupResponse = z.object({ ucp: UcpResponseMeta, products: z.array(LookupProduct), messages: z.array(Message).optional() });
export type LookupResponse = z.infer<typeof LookupResponse>;

export const GetProductResponse = z.object({ ucp: UcpResponseMeta, product: DetailProduct, messages: z.array(Message).optional() });
export type GetProductResponse = z.infer<typeof GetProductResponse>;
