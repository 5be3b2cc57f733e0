/**
 * Read-only queries over the catalog: published products, collection membership, paging.
 * Order of every product list: product `id` ascending (stable across pages and deploys);
 * a collection lists its hand-picked `products` first, in their order, then the rest by id.
 */
import type { Catalog, CatalogProduct } from './types';
import type { Collection } from './schema';

/**
 * Lookup tables of a catalog, built once per catalog object (a build renders tens of thousands of
 * pages from one snapshot: scanning the product list on every page would be quadratic). The
 * catalog is never mutated after loading; the cached arrays are frozen so no caller can change them.
 */
interface CatalogIndex {
  published: readonly CatalogProduct[];
  productsByHandle: Map<string, CatalogProduct>;
  collectionsByHandle: Map<string, Collection>;
  members: Map<Collection, readonly CatalogProduct[]>;
  /** Handles of the collections each product handle belongs to, built on first use. */
  collectionsOf?: Map<string, readonly string[]>;
}
const indexes = new WeakMap<Catalog, CatalogIndex>();

function indexOf(catalog: Catalog): CatalogIndex {
  let index = indexes.get(catalog);
  if (!index) {
    const published = Object.freeze(catalog.products.filter((p) => p.published));
    index = {
      published,
      productsByHandle: new Map(published.map((p) => [p.handle, p])),
      collectionsByHandle: new Map(catalog.collections.map((c) => [c.handle, c])),
      members: new Map(),
    };
    indexes.set(catalog, index);
  }
  return index;
}

/** Published products, sorted by id ascending (a frozen, shared array). */
export function publishedProducts(catalog: Catalog): readonly CatalogProduct[] {
  return indexOf(catalog).published;
}

/** The published product with this handle, or undefined. */
export function findProduct(catalog: Catalog, handle: string): CatalogProduct | undefined {
  return indexOf(catalog).productsByHandle.get(handle);
}

/** The collection with this handle, or undefined. */
export function findCollection(catalog: Catalog, handle: string): Collection | undefined {
  return indexOf(catalog).collectionsByHandle.get(handle);
}

/**
 * Published products of a collection (a frozen, shared array): `all: true` → every published
 * product; otherwise the hand-picked handles first, then every product of the listed categories,
 * without duplicates.
 */
export function collectionProducts(catalog: Catalog, collection: Collection): readonly CatalogProduct[] {
  const index = indexOf(catalog);
  let members = index.members.get(collection);
  if (!members) {
    members = Object.freeze(collection.all ? index.published : membersOf(index, collection));
    index.members.set(collection, members);
  }
  return members;
}

/** Handles of the collections that list the product `handle` (a discount's `applies_to.collections`), in collection order. */
export function productCollections(catalog: Catalog, handle: string): readonly string[] {
  const index = indexOf(catalog);
  if (!index.collectionsOf) {
    const of = new Map<string, string[]>();
    for (const collection of catalog.collections) for (const p of collectionProducts(catalog, collection)) of.set(p.handle, [...(of.get(p.handle) ?? []), collection.handle]);
    index.collectionsOf = of;
  }
  return index.collectionsOf.get(handle) ?? [];
}

function membersOf(index: CatalogIndex, collection: Collection): CatalogProduct[] {
  const picked = collection.products.map((h) => index.productsByHandle.get(h)).filter((p): p is CatalogProduct => !!p);
  const seen = new Set(picked.map((p) => p.id));
  const categories = new Set<string>(collection.categories);
  return [...picked, ...index.published.filter((p) => categories.has(p.category) && !seen.has(p.id))];
}

/** Paging of the list endpoints (docs/storefront.md "Limits"). */
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
