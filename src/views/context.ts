/** What every public view of a product needs: the catalog, the locale and the absolute base URL. */
import type { Catalog, CatalogProduct } from '../catalog/types';
import type { Locale } from '../catalog/locales';
import { localePrefix } from '../catalog/locales';
import { localize } from '../catalog/localize';
import type { Image } from '../catalog/schema';

export interface ViewContext {
  catalog: Catalog;
  locale: Locale;
  /** Absolute base URL without trailing slash, e.g. "https://poissons-et-pousses.example". */
  baseUrl: string;
}

/** Builds a view context; the base URL comes from content/store.yaml (`base_url`). */
export function viewContext(catalog: Catalog, locale: Locale): ViewContext {
  return { catalog, locale, baseUrl: catalog.store.base_url.replace(/\/$/, '') };
}

/** Storefront path of a product in the locale: "/en/products/<handle>". */
export function productPath(ctx: ViewContext, handle: string): string {
  return `${localePrefix(ctx.locale)}/products/${handle}`;
}

/** Stable integer id of the n-th image (1-based) of a product: product id × 1000 + position. */
export function imageId(productId: number, position: number): number {
  return productId * 1000 + position;
}

/** Stable integer id of the n-th option (1-based) of a product: product id × 1000 + 900 + position. */
export function optionId(productId: number, position: number): number {
  return productId * 1000 + 900 + position;
}

/** Localized option values of each product option, in order. */
export function optionValues(product: CatalogProduct, ctx: ViewContext): string[][] {
  return product.options.map((o) => o.values.map((v) => localize(v, ctx.locale)));
}

/**
 * Localized title of a variant: its option values joined by " / ", or Shopify's
 * "Default Title" for a product without options.
 */
export function variantTitle(product: CatalogProduct, variantIndex: number, ctx: ViewContext): string {
  const values = variantOptionValues(product, variantIndex, ctx);
  return values.length ? values.join(' / ') : 'Default Title';
}

/** Localized option values of one variant (its French values mapped to the locale). */
export function variantOptionValues(product: CatalogProduct, variantIndex: number, ctx: ViewContext): string[] {
  const variant = product.variants[variantIndex];
  if (!product.options.length) return [];
  return variant.options.map((fr, j) => {
    const value = product.options[j].values.find((v) => (typeof v === 'string' ? v : v.fr) === fr)!;
    return localize(value, ctx.locale);
  });
}

/** Absolute URL of an image path under public/. */
export function imageUrl(ctx: ViewContext, image: Image): string {
  return `${ctx.baseUrl}${image.src}`;
}

/** Indices of the variants that use the image at `position` (1-based). */
export function variantIdsOfImage(product: CatalogProduct, position: number): number[] {
  return product.variants.filter((v) => v.image === position).map((v) => v.id);
}

/** `option1..3` of a variant in the locale; a product without options has Shopify's "Default Title". */
export function optionFields(product: CatalogProduct, variantIndex: number, ctx: ViewContext) {
  const opts = variantOptionValues(product, variantIndex, ctx);
  return { option1: opts[0] ?? (product.options.length ? null : 'Default Title'), option2: opts[1] ?? null, option3: opts[2] ?? null };
}

/** Every field of Shopify's image object for the image at `position` (1-based); views pick their key order. */
export function imageRecord(product: CatalogProduct, position: number, ctx: ViewContext, src = imageUrl(ctx, product.images[position - 1])) {
  const image = product.images[position - 1];
  return {
    id: imageId(product.id, position), product_id: product.id, position, created_at: product.created_at, updated_at: product.updated_at,
    alt: localize(image.alt, ctx.locale), width: image.width, height: image.height, src, variant_ids: variantIdsOfImage(product, position),
  };
}

/** A copy of `record` with exactly `keys`, in that order (Shopify's key order differs per endpoint). */
export function pick<T extends object, K extends keyof T>(record: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, record[k]])) as Pick<T, K>;
}
