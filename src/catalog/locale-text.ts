/**
 * The function's catalog split by locale (kept small for the function's cold start): products' translated text
 * (title, body, body_html, product_type, option names and values, image alt) is most of the
 * snapshot, and a request reads one locale of it (`localize` falls back to French). So the
 * function's snapshot keeps every product with its French text only, and each other locale's
 * strings go to their own file, loaded the first time a request needs that locale.
 *
 * A product's translations are the locale maps `localeMaps` lists, always in the same order; a
 * locale's text holds, per product id, that locale's string of each map (`null` where the map has
 * none, so the French fallback still applies after merging).
 */
import type { Catalog, CatalogProduct } from './types';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './locales';

type LocaleMap = Partial<Record<Locale, string>>;

/** One locale's product strings: `products[id][i]` is the string of the product's `i`-th locale map, or null. */
export interface LocaleText {
  locale: Locale;
  products: Record<string, (string | null)[]>;
}

/** The translated maps of a product, in a fixed order (plain-string option values are the same in every locale and are skipped). */
function localeMaps(product: CatalogProduct): LocaleMap[] {
  const maps: LocaleMap[] = [product.title, product.body, product.body_html, product.product_type];
  for (const option of product.options) {
    maps.push(option.name);
    for (const value of option.values) if (typeof value !== 'string') maps.push(value);
  }
  for (const image of product.images) maps.push(image.alt);
  return maps;
}

/** A product whose locale maps are replaced by `pick(map, i)`, sharing every other value. */
function mapProduct(product: CatalogProduct, pick: (map: LocaleMap, i: number) => LocaleMap): CatalogProduct {
  let i = 0;
  const next = <M>(map: M) => pick(map as LocaleMap, i++) as unknown as M;
  return {
    ...product,
    title: next(product.title),
    body: next(product.body),
    body_html: next(product.body_html),
    product_type: next(product.product_type),
    options: product.options.map((option) => ({ name: next(option.name), values: option.values.map((value) => (typeof value === 'string' ? value : next(value))) })),
    images: product.images.map((image) => ({ ...image, alt: next(image.alt) })),
  };
}

/**
 * Splits products' translated text out of a catalog.
 * @param catalog a complete catalog (not modified)
 * @returns `base`: the catalog with French product text only (other values shared); `texts`: the
 *   strings of every other locale (src/catalog/locales.ts LOCALES order)
 */
export function splitLocaleText(catalog: Catalog): { base: Catalog; texts: LocaleText[] } {
  const others = LOCALES.filter((l) => l !== DEFAULT_LOCALE);
  const texts: LocaleText[] = others.map((locale) => ({ locale, products: {} }));
  for (const product of catalog.products) {
    const maps = localeMaps(product);
    others.forEach((locale, k) => { texts[k].products[product.id] = maps.map((map) => map[locale] ?? null); });
  }
  const base = { ...catalog, products: catalog.products.map((p) => mapProduct(p, (map) => ({ [DEFAULT_LOCALE]: map[DEFAULT_LOCALE] }))) };
  return { base, texts };
}

/**
 * The catalog with the given locales' product text filled back in (inverse of `splitLocaleText`).
 * @param base the catalog with French product text (`splitLocaleText().base`, not modified)
 * @param texts the locales to fill in
 * @returns a new catalog; products missing from a text keep their French text only
 */
export function withLocaleText(base: Catalog, texts: readonly LocaleText[]): Catalog {
  if (!texts.length) return base;
  const products = base.products.map((product) => mapProduct(product, (map, i) => {
    const out: LocaleMap = { ...map };
    for (const text of texts) {
      const value = text.products[product.id]?.[i];
      if (value != null) out[text.locale] = value;
    }
    return out;
  }));
  return { ...base, products };
}
