/**
 * Predictive search (docs/spec.md "B. Search", issue #3): a validated request in, the
 * `{"resources":{"results":{...}}}` body out, one key per requested type. Knows nothing of HTTP:
 * parameter parsing and errors are in src/http/search-route.ts.
 */
import type { Catalog } from '../catalog/types';
import type { Locale } from '../catalog/locales';
import { viewContext } from '../catalog/views/context';
import { isAvailable } from '../commerce/stock';
import { analyzeQuery } from './analyze';
import type { ResourceType, SearchField } from './documents';
import type { LocaleIndex, SearchHit } from './engine';
import { articleResult, catalogLookup, collectionResult, pageResult, productResult, queryResult } from './results';

/** A validated request (docs/shopify-formats.md §4 "Query parameters"). */
export interface SuggestRequest {
  /** The terms as typed (`q`, or the legacy `s`); never empty. */
  q: string;
  /** Requested types, without duplicates, in the order given. */
  types: ResourceType[];
  /** 1 to 10. */
  limit: number;
  /** `all`: the limit applies to all types together (best results first); `each`: to each type. */
  limitScope: 'all' | 'each';
  /** Products that cannot be bought: listed in place (`show`), dropped (`hide`) or after the others (`last`). */
  unavailableProducts: 'show' | 'hide' | 'last';
  /** Fields to search (Shopify names); undefined: all fields. */
  fields?: SearchField[];
}

/** Plural keys of `resources.results` (docs/shopify-formats.md §4). */
export const RESULT_KEYS: Record<ResourceType, string> = {
  product: 'products',
  collection: 'collections',
  page: 'pages',
  article: 'articles',
  query: 'queries',
};

const lookups = new WeakMap<Catalog, ReturnType<typeof catalogLookup>>();

/** A hit with the availability of its product (true for other types). */
interface RankedHit extends SearchHit {
  available: boolean;
}

/**
 * Answers a predictive-search request.
 * @param index the locale's loaded index (src/search/index-store.ts)
 * @param soldByVariant units sold since the stock count, by variant id (live availability; default none)
 * @returns `{resources: {results: {products?: [...], collections?: [...], ...}}}`
 */
export function suggest(catalog: Catalog, index: LocaleIndex, locale: Locale, request: SuggestRequest, soldByVariant?: ReadonlyMap<number, number>) {
  let lookup = lookups.get(catalog);
  if (!lookup) lookups.set(catalog, (lookup = catalogLookup(catalog)));
  const ctx = viewContext(catalog, locale);
  const words = analyzeQuery(request.q, locale);
  const types = new Set(request.types);

  // Resolve hits against the catalog (a stale index entry without its resource is skipped) and rate availability.
  const hits: RankedHit[] = [];
  for (const hit of index.search(words, { fields: request.fields, types })) {
    if (hit.type === 'product') {
      const product = lookup.product.get(hit.handle);
      if (!product) continue;
      hits.push({ ...hit, available: product.variants.some((v) => isAvailable(v, soldByVariant?.get(v.id) ?? 0)) });
    } else if (hit.type === 'query' || lookup[hit.type].has(hit.handle)) {
      hits.push({ ...hit, available: true });
    }
  }
  const ranked = orderByAvailability(hits, request.unavailableProducts);

  const chosen = new Map<ResourceType, RankedHit[]>(request.types.map((t) => [t, []]));
  let total = 0;
  for (const hit of ranked) {
    const list = chosen.get(hit.type)!;
    if (request.limitScope === 'each' ? list.length < request.limit : total < request.limit) {
      list.push(hit);
      total++;
    }
  }

  const typed = words.map((w) => w.folded);
  const results: Record<string, unknown[]> = {};
  for (const [type, list] of chosen) {
    results[RESULT_KEYS[type]] = list.map((hit, i) => {
      const at = { position: i + 1, q: request.q };
      switch (hit.type) {
        case 'product': return productResult(lookup.product.get(hit.handle)!, ctx, at, soldByVariant);
        case 'collection': return collectionResult(lookup.collection.get(hit.handle)!, ctx, at);
        case 'page': return pageResult(lookup.page.get(hit.handle)!, ctx, at);
        case 'article': return articleResult(lookup.article.get(hit.handle)!, ctx, at);
        case 'query': return queryResult(hit.handle, typed, ctx, at);
      }
    });
  }
  return { resources: { results } };
}

/**
 * `unavailable_products`: `hide` drops products that cannot be bought, `last` moves them after
 * every other result (keeping relevance order within each group), `show` keeps relevance order.
 */
export function orderByAvailability<T extends { type: ResourceType; available: boolean }>(hits: readonly T[], mode: SuggestRequest['unavailableProducts']): T[] {
  const unavailable = (h: T) => h.type === 'product' && !h.available;
  if (mode === 'hide') return hits.filter((h) => !unavailable(h));
  if (mode === 'last') return [...hits.filter((h) => !unavailable(h)), ...hits.filter(unavailable)];
  return [...hits];
}
