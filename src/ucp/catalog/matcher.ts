/**
 * Free-text matching for `search_catalog`, behind one function type so the implementation can
 * be swapped.
 *
 * - `searchIndexMatcher`: the store's search engine (src/search, docs/search.md: MiniSearch indexes
 *   built at build time, stemming, typo tolerance). Used when the locale's index file exists.
 * - `tokenMatcher`: the fallback when no index was built: every query word (folded and
 *   stemmed with src/search/analyze.ts) must match a word of the product's title, type, tags,
 *   handle, category or description by stem or prefix; title matches weigh most.
 *
 * Both search the buyer's locale first; when nothing matches there (an English query without
 * `context.language`, served in French), every other locale is searched too.
 */
import type { Catalog, CatalogProduct } from '../../catalog/types';
import { LOCALES, type Locale } from '../../catalog/locales';
import { localize } from '../../catalog/localize';
import { publishedProducts } from '../../catalog/query';
import { analyzeQuery, stem, words } from '../../search/analyze';
import { hasLocaleIndex, localeIndex } from '../../search/index-store';

/** Products matching `query`, best first (ties by catalog order). */
export type ProductMatcher = (catalog: Catalog, query: string, locale: Locale) => CatalogProduct[];

function acrossLocales(matchIn: (locale: Locale) => Map<string, number>, catalog: Catalog, locale: Locale): CatalogProduct[] {
  let scores = matchIn(locale);
  if (scores.size === 0) {
    scores = new Map();
    for (const other of LOCALES.filter((l) => l !== locale)) {
      for (const [handle, score] of matchIn(other)) scores.set(handle, Math.max(scores.get(handle) ?? 0, score));
    }
  }
  const order = new Map(publishedProducts(catalog).map((p, i) => [p.handle, i]));
  return publishedProducts(catalog)
    .filter((p) => scores.has(p.handle))
    .sort((a, b) => scores.get(b.handle)! - scores.get(a.handle)! || order.get(a.handle)! - order.get(b.handle)!) as CatalogProduct[];
}

/** Matching with the search engine of src/search (product documents only). */
export const searchIndexMatcher: ProductMatcher = (catalog, query, locale) =>
  acrossLocales((l) => {
    const hits = localeIndex(l).search(analyzeQuery(`${query} `, l), { types: new Set(['product']) });
    return new Map(hits.map((h) => [h.handle, h.score]));
  }, catalog, locale);

type Field = { words: string[]; stems: Set<string>; weight: number };
const fieldCache = new WeakMap<Catalog, Map<Locale, Map<string, Field[]>>>();

function productFields(catalog: Catalog, locale: Locale): Map<string, Field[]> {
  let perLocale = fieldCache.get(catalog);
  if (!perLocale) fieldCache.set(catalog, (perLocale = new Map()));
  let fields = perLocale.get(locale);
  if (!fields) {
    const field = (text: string, weight: number): Field => {
      const list = words(text, locale);
      return { words: list, stems: new Set(list.map((w) => stem(w, locale))), weight };
    };
    fields = new Map(publishedProducts(catalog).map((p) => [p.handle, [
      field(localize(p.title, locale), 5),
      field(`${localize(p.product_type, locale)} ${p.tags.join(' ')} ${p.handle.replace(/-/g, ' ')} ${p.category}`, 2),
      field(localize(p.body, locale), 1),
    ]]));
    perLocale.set(locale, fields);
  }
  return fields;
}

/** The fallback token matcher (see the file comment). */
export const tokenMatcher: ProductMatcher = (catalog, query, locale) =>
  acrossLocales((l) => {
    const terms = words(query, l).map((w) => ({ word: w, stem: stem(w, l) }));
    const scores = new Map<string, number>();
    if (!terms.length) return scores;
    for (const [handle, fields] of productFields(catalog, l)) {
      let score = 0;
      for (const term of terms) {
        const best = Math.max(0, ...fields.filter((f) => f.stems.has(term.stem) || f.words.some((w) => term.word.length >= 3 && w.startsWith(term.word))).map((f) => f.weight));
        if (best === 0) {
          score = 0;
          break;
        }
        score += best;
      }
      if (score > 0) scores.set(handle, score);
    }
    return scores;
  }, catalog, locale);

/** src/search when its index for `locale` was built, otherwise the token matcher. */
export const defaultMatcher: ProductMatcher = (catalog, query, locale) =>
  (hasLocaleIndex(locale) ? searchIndexMatcher : tokenMatcher)(catalog, query, locale);
