/**
 * Read-only queries over the catalog: published products, collection membership, paging.
 * Order of every product list: product `id` ascending (stable across pages and deploys);
 * a collection lists its hand-picked `products` first, in their order, then the rest by id.
 */
import type { Catalog, CatalogProduct } from './types';
import type { Collection } from './schema';

/** Published products, sorted by id ascending. */
export function publishedProducts(catalog: Catalog): CatalogProduct[] {
  return catalog.products.filter((p) => p.published);
}

/** The published product with this handle, or undefined. */
export function findProduct(catalog: Catalog, handle: string): CatalogProduct | undefined {
  return catalog.products.find((p) => p.handle === handle && p.published);
}

/** The collection with this handle, or undefined. */
export function findCollection(catalog: Catalog, handle: string): Collection | undefined {
  return catalog.collections.find((c) => c.handle === handle);
}

/**
 * Published products of a collection: `all: true` → every published product; otherwise the
 * hand-picked handles first, then every product of the listed categories, without duplicates.
 */
export function collectionProducts(catalog: Catalog, collection: Collection): CatalogProduct[] {
  const published = publishedProducts(catalog);
  if (collection.all) return published;
  const byHandle = new Map(published.map((p) => [p.handle, p]));
  const picked = collection.products.map((h) => byHandle.get(h)).filter((p): p is CatalogProduct => !!p);
  const seen = new Set(picked.map((p) => p.id));
  const categories = new Set<string>(collection.categories);
  return [...picked, ...published.filter((p) => categories.has(p.category) && !seen.has(p.id))];
}

/** Paging of the list endpoints (docs/spec.md "Limits"). */
export const PAGING = { defaultLimit: 30, maxLimit: 250, defaultPage: 1 } as const;

function positiveInt(raw: string | null): number | null {
  if (raw === null || !/^\s*\d+\s*$/.test(raw)) return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n >= 1 ? n : null;
}

/**
 * Reads `limit` and `page` the way Shopify storefronts do: a limit above 250 is served as 250;
 * a missing, non-numeric or < 1 value takes its default (30 and 1). Never throws.
 */
export function parsePaging(params: URLSearchParams): { limit: number; page: number } {
  const limit = positiveInt(params.get('limit'));
  const page = positiveInt(params.get('page'));
  return {
    limit: limit === null ? PAGING.defaultLimit : Math.min(limit, PAGING.maxLimit),
    page: page ?? PAGING.defaultPage,
  };
}

/** The `page`-th slice of `limit` items (1-based); past the end → []. */
export function pageOf<T>(items: readonly T[], paging: { limit: number; page: number }): T[] {
  const start = (paging.page - 1) * paging.limit;
  return start >= items.length ? [] : items.slice(start, start + paging.limit);
}
