/**
 * Content schemas: one zod schema per kind of content file. They are the single source of
 * validation (scripts/check-content.ts and the build), TypeScript types (`z.infer`) and the
 * JSON Schemas under `schemas/` that editors get completion from (`npm run schemas`).
 * Rules come from docs/decisions.md (the decisions and "Conventions") and the README "Content model".
 */
import { z } from 'zod';
import { LOCALES, DEFAULT_LOCALE } from './locales';
import { luhn } from '../validation/luhn';

const show = (v: unknown) => JSON.stringify(v);

/** A decimal EUR amount written as a string with exactly two decimals: "12.50". Never a float. */
export const Price = z
  .string({ error: (iss) => `${show(iss.input)} is not a price like "12.50" (write it as a quoted string)` })
  .regex(/^(0|[1-9]\d{0,6})\.\d{2}$/, { error: (iss) => `${show(iss.input)} is not a price like "12.50"` })
  .describe('Price in EUR, VAT included, as a quoted decimal string with two decimals, e.g. "149.90"');

/** Text translated into the store's locales: `{fr: ..., en: ..., ...}`. French is required. */
const DefaultLocaleText = z
  .string({ error: `missing default-locale (${DEFAULT_LOCALE}) text` })
  .min(1, { error: `missing default-locale (${DEFAULT_LOCALE}) text` });
const localeShape = {
  [DEFAULT_LOCALE]: DefaultLocaleText,
  ...Object.fromEntries(LOCALES.filter((l) => l !== DEFAULT_LOCALE).map((l) => [l, z.string().min(1).optional()])),
} as { fr: typeof DefaultLocaleText } & Record<Exclude<(typeof LOCALES)[number], 'fr'>, z.ZodOptional<z.ZodString>>;

/** Text translated into the store's locales: `{fr: ..., en: ..., ...}`. French is required. */
export const LocalizedText = z
  .strictObject(localeShape, {
    error: (iss) => (iss.code === 'unrecognized_keys' ? `unknown locale ${iss.keys.map(show).join(', ')} (locales are ${LOCALES.join(', ')})` : 'expected a map of translations like {fr: "...", en: "..."}'),
  })
  .describe(`Translations keyed by locale (${LOCALES.join(', ')}); ${DEFAULT_LOCALE} is required, others fall back to ${DEFAULT_LOCALE}`);
export type LocalizedText = z.infer<typeof LocalizedText>;

/** A value that is the same in every language ("60 L") or translated like LocalizedText. */
export const LocalizedValue = z.union([z.string().min(1), LocalizedText]);

const Handle = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: (iss) => `${show(iss.input)} is not a handle (lowercase letters, digits and single hyphens)` });
const StableId = z.int().positive().max(Number.MAX_SAFE_INTEGER).describe('Stable integer id, never reused or changed once published');
const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: (iss) => `${show(iss.input)} is not a date like "2026-11-01"` });
const IsoDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}([+-]\d{2}:\d{2}|Z)$/, { error: (iss) => `${show(iss.input)} is not a date-time like "2026-03-02T09:00:00+01:00"` });
const Country = z.string().regex(/^[A-Z]{2}$/, { error: (iss) => `${show(iss.input)} is not an ISO 3166-1 alpha-2 country code like "FR"` });

/** Product categories of docs/storefront.md "What the store sells". */
export const CATEGORIES = [
  'kits', 'greenhouses', 'aquariums', 'pumps', 'air-pumps', 'filtration', 'growing-supports',
  'substrates', 'fertilisers', 'seeds', 'fish-feed', 'training',
] as const;
export const Category = z.enum(CATEGORIES, {
  error: (iss) => `${show(iss.input)} is not a category; the categories are ${CATEGORIES.join(', ')} (CATEGORIES in src/catalog/schema.ts)`,
});

export const Image = z.strictObject({
  src: z.string().regex(/^\/[^\s]+\.(svg|png|jpe?g|webp|avif)$/, { error: (iss) => `${show(iss.input)} is not a path under public/ like "/images/products/kit.svg"` }),
  width: z.int().positive(),
  height: z.int().positive(),
  alt: LocalizedText,
});

/** Stock of a tracked variant: counted quantity at a date; sales since then are subtracted live. */
export const Inventory = z.strictObject({
  quantity: z.int().min(0).describe('Units counted on `counted_at`'),
  counted_at: IsoDate,
  policy: z.enum(['deny', 'continue']).default('deny').describe('deny: never sell below zero; continue: sell on backorder (Shopify inventory_policy)'),
});

export const Variant = z.strictObject({
  id: StableId,
  sku: z.string().min(1).nullable().default(null),
  options: z.array(z.string().min(1)).max(3).default([]).describe('French option values of this variant, one per product option, in order'),
  price: Price,
  compare_at_price: Price.nullable().default(null),
  grams: z.int().min(0).describe('Shipping weight in grams'),
  barcode: z.string().nullable().default(null),
  image: z.int().positive().nullable().default(null).describe('Position (1-based) of this variant\'s image in `images`'),
  inventory: Inventory.nullable().default(null).describe('Omit for untracked variants (always available)'),
});

export const ProductOption = z.strictObject({
  name: LocalizedText,
  values: z.array(LocalizedValue).min(1),
});

export const Product = z.strictObject({
  id: StableId,
  handle: Handle,
  published: z.boolean().default(true),
  published_at: IsoDateTime,
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
  category: Category,
  vendor: z.string().min(1),
  product_type: LocalizedText,
  tags: z.array(z.string().min(1)).default([]),
  title: LocalizedText,
  body: LocalizedText.describe('Description in Markdown, per locale'),
  options: z.array(ProductOption).max(3).default([]),
  variants: z.array(Variant).min(1),
  images: z.array(Image).default([]),
  ships_to: z.array(Country).nullable().default(null).describe('Only these countries; omit to ship wherever the store ships'),
  freight: z.boolean().default(false).describe('Too large for parcel carriers (greenhouses, large tanks)'),
});

export const Collection = z.strictObject({
  id: StableId,
  handle: Handle,
  title: LocalizedText,
  body: LocalizedText.optional(),
  published_at: IsoDateTime,
  updated_at: IsoDateTime,
  all: z.boolean().default(false).describe('true: every published product (the `all` collection)'),
  categories: z.array(Category).default([]).describe('Every published product of these categories'),
  products: z.array(Handle).default([]).describe('Handles listed by hand, shown first and in this order'),
  image: Image.optional(),
});

/**
 * The seller as its invoices name it (CGI annex II art. 242 nonies A; Code de commerce R123-237):
 * SIREN (9 digits, Luhn), the intra-EU VAT number it implies (`FR` + key + SIREN, key =
 * (12 + 3 × (SIREN mod 97)) mod 97), legal form with share capital, trade register, postal address.
 */
const Seller = z.strictObject({
  siren: z.string().regex(/^\d{9}$/).refine(luhn, 'not a SIREN: its Luhn check fails'),
  vat_number: z.string().regex(/^FR\d{11}$/),
  legal_form: z.string().min(1).describe('Legal form and share capital, e.g. "SAS au capital de 10 000 €"'),
  registration: z.string().min(1).describe('Trade register entry, e.g. "RCS Lyon 912 345 675"'),
  address: z.strictObject({
    street_address: z.string().min(1),
    postal_code: z.string().min(1),
    address_locality: z.string().min(1),
    address_country: z.string().regex(/^[A-Z]{2}$/),
  }),
  bank: z.strictObject({
    iban: z.string().regex(/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/, 'an IBAN without spaces, e.g. FR7630006000011234567890189'),
    bic: z.string().regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'a BIC of 8 or 11 characters'),
  }).describe('Where orders on invoice are paid by bank transfer (printed on their invoices and e-mails)'),
}).refine((s) => s.vat_number === `FR${String((12 + 3 * (Number(s.siren) % 97)) % 97).padStart(2, '0')}${s.siren}`, {
  path: ['vat_number'], message: 'does not match the SIREN: expected FR + (12 + 3 × (SIREN mod 97)) mod 97 + SIREN',
}).describe('The seller on invoices and credit notes');

export const Store = z.strictObject({
  name: z.string().min(1),
  legal_name: z.string().min(1),
  base_url: z.url({ protocol: /^https?$/ }).describe('Absolute base URL of the site, no trailing slash'),
  default_locale: z.literal(DEFAULT_LOCALE),
  locales: z.array(z.enum(LOCALES)),
  locale_tags: z.record(z.enum(LOCALES), z.string().regex(/^[a-z]{2,3}(-[A-Z]{2})?$/)).describe('BCP 47 tag of each locale (hreflang, formatting): {fr: fr-FR, …}'),
  locale_countries: z.record(z.enum(LOCALES), z.string().regex(/^[A-Z]{2}$/)).describe('The country each locale\'s buyers most likely live in: the checkout\'s first choice'),
  currency: z.literal('EUR'),
  timezone_offset: z.string().regex(/^[+-]\d{2}:\d{2}$/),
  tagline: LocalizedText,
  description: LocalizedText,
  contact: z.strictObject({ email: z.email(), phone: z.string(), address: z.string() }),
  seller: Seller,
  mail: z.strictObject({
    from: z.email().describe('Sender of the e-mails the store sends (approval codes, order confirmations); MAIL_FROM overrides it'),
    merchant: z.email().describe('Where the merchant receives a copy of each new order'),
  }),
  countries_served: z.array(Country).min(1),
  vat: z.strictObject({
    origin_country: Country,
    eu_countries: z.array(Country),
    standard_rates: z.record(Country, z.number().min(0).max(30)).describe('Standard VAT rate in percent by EU country (OSS: destination rate)'),
  }),
  pages: z.strictObject({
    contact: Handle, business: Handle, shipping: Handle, returns: Handle, terms: Handle, privacy: Handle, not_sold: Handle,
  }).describe('Handles of the policy pages the service links to'),
});

const WeightBand = z.strictObject({ max_grams: z.int().positive(), price: Price });

export const Shipping = z.strictObject({
  free_shipping_threshold: Price.describe('Orders of at least this amount (VAT included) ship free with methods marked free_eligible'),
  zones: z.array(z.strictObject({ id: Handle, name: LocalizedText, countries: z.array(Country).min(1) })).min(1),
  methods: z.array(z.strictObject({
    id: z.string().regex(/^[a-z][a-z0-9_]*$/),
    title: LocalizedText,
    description: LocalizedText,
    carrier: z.string(),
    type: z.enum(['shipping', 'pickup']),
    zones: z.array(Handle).min(1),
    freight: z.boolean().default(false).describe('Offered for orders with freight products (it carries the whole order)'),
    parcel: z.boolean().default(true).describe('Offered for orders without freight products'),
    free_eligible: z.boolean().default(false),
    delivery_days: z.strictObject({ min: z.int().min(0), max: z.int().min(0) }),
    bands: z.array(WeightBand).min(1).describe('Price by total weight, ascending max_grams'),
  })).min(1),
});

const PageFrontMatter = {
  id: StableId,
  title: z.string().min(1),
  description: z.string().min(1).describe('One-sentence summary for search engines and excerpts'),
  published_at: IsoDateTime,
  updated_at: IsoDateTime,
};

export const PageMeta = z.strictObject({ ...PageFrontMatter, author: z.string().default('') });
export const ArticleMeta = z.strictObject({
  ...PageFrontMatter,
  author: z.string().min(1),
  tags: z.array(z.string().min(1)).default([]),
  image: Image.omit({ alt: true }).extend({ alt: z.string().min(1) }).optional(),
});

export type ProductInput = z.input<typeof Product>;
export type Product = z.infer<typeof Product>;
export type Variant = z.infer<typeof Variant>;
export type Inventory = z.infer<typeof Inventory>;
export type Collection = z.infer<typeof Collection>;
export type Store = z.infer<typeof Store>;
export type Shipping = z.infer<typeof Shipping>;
export type PageMeta = z.infer<typeof PageMeta>;
export type ArticleMeta = z.infer<typeof ArticleMeta>;
export type Image = z.infer<typeof Image>;
