/**
 * Predictive search (docs/storefront.md "Predictive search"; docs/search.md): a validated request in, the
 * `{"resources":{"results":{...}}}` body out, one key per requested type. Knows nothing of HTTP:
 * parameter parsing and errors are in src/http/search-route.ts.
 */
import type { Locale } from '../catalog/locales';
import { analyzeQuery } from './analyze';
import type { ResourceType, SearchField } from './documents';
import type { LocaleIndex, SearchHit } from './locale-index';
import type { ResultRecords } from './result-records';
import { positioned, queryResult, type ResultPosition } from './results';

/** A validated request (docs/storefront.md "Predictive search"). */
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

/** Plural keys of `resources.results` (docs/storefront.md "Predictive search"). */
export const RESULT_KEYS: Record<ResourceType, string> = {
  product: 'products',
  collection: 'collections',
  page: 'pages',
  article: 'articles',
  query: 'queries',
};

/**
 * Chooses the results to show from hits in relevance order ({@link selectHits}). Availability is
 * the stock counted in content, as the product pages show it (written with the records at build
 * time): search reads no live stock, loads no database client and no catalog snapshot.
 * @param records the locale's result records (src/search/result-records.ts)
 * @returns the hits per requested type
 */
export function chooseHits(records: ResultRecords, hits: readonly SearchHit[], request: Pick<SuggestRequest, 'types' | 'limit' | 'limitScope' | 'unavailableProducts'>): Map<ResourceType, SearchHit[]> {
  // Availability of a hit's product; true for other types; undefined when the index names a resource without a record.
  return selectHits(hits, request, (hit) => {
    if (hit.type === 'query') return true;
    return records.has(hit.id) ? records.available(hit.id) : undefined;
  });
}

/**
 * The result object of a hit (src/search/results.ts), as `/search/suggest.json` returns it.
 * @param typed folded words of the query (query suggestions mark them)
 * @throws Error when a product, collection, page or article hit has no record ({@link chooseHits} skips those)
 */
export function resultOf(records: ResultRecords, hit: SearchHit, locale: Locale, at: ResultPosition, typed: readonly string[]) {
  if (hit.type === 'query') return queryResult(hit.handle, typed, { locale }, at);
  return positioned(records.record(hit.id), at);
}

/**
 * Answers a predictive-search request.
 * @param records the locale's result records (src/search/index-store.ts `localeResults`)
 * @param index the locale's loaded index (src/search/index-store.ts)
 * @returns `{resources: {results: {products?: [...], collections?: [...], ...}}}`; availability as {@link chooseHits}
 */
export function suggest(records: ResultRecords, index: LocaleIndex, locale: Locale, request: SuggestRequest) {
  const words = analyzeQuery(request.q, locale);
  const hits = index.search(words, { fields: request.fields, types: new Set(request.types) });
  const chosen = chooseHits(records, hits, request);
  const typed = words.map((w) => w.folded);
  const results: Record<string, unknown[]> = {};
  for (const [type, list] of chosen) {
    results[RESULT_KEYS[type]] = list.map((hit, i) => resultOf(records, hit, locale, { position: i + 1, q: request.q }, typed));
  }
  return { resources: { results } };
}

/**
 * Picks the results to show, per requested type in request order, from hits in relevance order:
 * `unavailable_products` `show` keeps relevance order, `hide` drops products that cannot be
 * bought, `last` puts them after every other result (relevance order within each group); then
 * `limit` applies to all types together (`limit_scope=all`, the best results whatever their
 * type) or to each type. Reads hits only until the answer is settled.
 * @param availability false for a product that cannot be bought, undefined for a hit to skip
 */
export function selectHits<T extends { type: ResourceType }>(
  hits: Iterable<T>,
  request: Pick<SuggestRequest, 'types' | 'limit' | 'limitScope' | 'unavailableProducts'>,
  availability: (hit: T) => boolean | undefined,
): Map<ResourceType, T[]> {
  const each = request.limitScope === 'each';
  const chosen = new Map<ResourceType, T[]>(request.types.map((t) => [t, []]));
  const buried: T[] = [];
  let count = 0;
  const wanted = (type: ResourceType) => (each ? chosen.get(type)!.length : count) < request.limit;
  const take = (hit: T) => {
    chosen.get(hit.type)!.push(hit);
    count++;
  };
  for (const hit of hits) {
    const available = availability(hit);
    if (available === undefined || !chosen.has(hit.type)) continue;
    if (hit.type === 'product' && !available && request.unavailableProducts !== 'show') {
      if (request.unavailableProducts === 'last' && buried.length < request.limit) buried.push(hit);
      continue;
    }
    if (wanted(hit.type)) take(hit);
    if (each ? request.types.every((t) => !wanted(t)) : !wanted(hit.type)) break;
  }
  for (const hit of buried) if (wanted(hit.type)) take(hit);
  return chosen;
}
