/**
 * The results of the search results page (`[/<locale>]/search?q=…`, Shopify's `/search`): the
 * same query plan, relevance and availability rules as the suggestions (src/search/suggest.ts:
 * the locale index's hits, unavailable products after the others, the stock counted in content), without the
 * suggestions' limit of 10, paged. Each type is a list of its own, in the order
 * `/search/suggest.json?resources[type]=<type>` gives, paged with the same page number: page n
 * shows items (n-1)·size+1 … n·size of every type that has them.
 */
import type { Locale } from '../catalog/locales';
import { analyzeQuery } from './analyze';
import type { ResourceType } from './documents';
import type { LocaleIndex } from './locale-index';
import type { ResultRecords } from './result-records';
import type { articleResult, collectionResult, pageResult, productResult } from './results';
import { chooseHits, resultOf } from './suggest';

/** Results of each type per page (a multiple of 2, 3 and 4 columns, as collection pages). */
export const RESULTS_PER_PAGE = 24;
/** Types the results page lists, in its order. */
const PAGE_TYPES = ['product', 'collection', 'page', 'article'] as const satisfies readonly ResourceType[];

export interface ResultsPage {
  /** The query as searched. */
  q: string;
  /** 1-based page shown, at most `pageCount`. */
  page: number;
  /** Number of pages (at least 1). */
  pageCount: number;
  /** Matches of each type, over all pages. */
  counts: Record<(typeof PAGE_TYPES)[number], number>;
  /** The page's results of each type: the objects of `/search/suggest.json`. */
  products: ReturnType<typeof productResult>[];
  collections: ReturnType<typeof collectionResult>[];
  pages: ReturnType<typeof pageResult>[];
  articles: ReturnType<typeof articleResult>[];
}

/**
 * Searches for the results page.
 * @param records the locale's result records (src/search/index-store.ts `localeResults`)
 * @param q the query (not empty; the caller bounds its length)
 * @param page requested page, ≥ 1; a page past the last shows the last
 */
export function resultsPage(records: ResultRecords, index: LocaleIndex, locale: Locale, q: string, page: number): ResultsPage {
  const words = analyzeQuery(q, locale);
  // Each type is searched on its own, as `/search/suggest.json?resources[type]=<type>` does: the
  // index consults product descriptions when a type has few matches in titles, types and tags.
  const hits = new Map(PAGE_TYPES.map((type) => [type, index.search(words, { types: new Set([type]) }).filter((h) => h.type !== 'query' && records.has(h.id))]));
  const counts = { product: 0, collection: 0, page: 0, article: 0 };
  for (const type of PAGE_TYPES) counts[type] = hits.get(type)!.length;
  const pageCount = Math.max(1, Math.ceil(Math.max(...Object.values(counts)) / RESULTS_PER_PAGE));
  const shown = Math.min(page, pageCount);
  const typed = words.map((w) => w.folded);
  const first = (shown - 1) * RESULTS_PER_PAGE;
  const of = <T>(type: (typeof PAGE_TYPES)[number]) => {
    const request = { types: [type] as ResourceType[], limit: shown * RESULTS_PER_PAGE, limitScope: 'each' as const, unavailableProducts: 'last' as const };
    return (chooseHits(records, hits.get(type)!, request).get(type) ?? []).slice(first).map((hit, i) => resultOf(records, hit, locale, { position: first + i + 1, q }, typed) as T);
  };
  const products = of<ReturnType<typeof productResult>>('product');
  const collections = of<ReturnType<typeof collectionResult>>('collection');
  const pages = of<ReturnType<typeof pageResult>>('page');
  const articles = of<ReturnType<typeof articleResult>>('article');
  return {
    q, page: shown, pageCount, counts, products, collections, pages, articles,
  };
}
