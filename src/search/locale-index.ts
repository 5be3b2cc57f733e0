/**
 * Querying the index of one locale (docs/search.md: language-aware matching and ranking).
 *
 * Every query word must match (AND) through its folded form or its stem: in the short fields
 * (title, type, tags, vendor, variants, author) the word being typed also matches as a prefix
 * and words of 5+ letters tolerate one typo; descriptions are matched by stem
 * (src/search/engine.ts `wordQuery`). Scores are BM25 with field boosts title > type/tags > body.
 *
 * Words found in the bodies of at least a quarter of the documents ("de", "pour", "water",
 * "aquaponie") are matched in the short fields only, and are optional when the query has rarer
 * words: then they only add to the score of documents with them in the title or type (a
 * common-terms query), so "kit pour balcon" finds the balcony kit.
 *
 * Product descriptions are consulted only when fewer than {@link ENOUGH} documents match
 * without them. When no document matches every word, the documents matching all but the word
 * still being typed are returned, else those matching any word ("gift card" finds the gift
 * voucher): a missing word never leaves the shopper with nothing.
 */
import type MiniSearch from 'minisearch';
import type { Query, SearchOptions } from 'minisearch';
import type { Locale } from '../catalog/locales';
import type { QueryWord } from './analyze';
import type { ResourceType, SearchField } from './documents';
import { LONG_FIELDS, SHORT_FIELDS, type AnalyzedDocument } from './corpus';
import { INDEX_BOOSTS, handleOf, typeOf, wordQuery, type IndexFile } from './engine';
import { loadIndex } from './index-load';

/** A response holds at most 10 results of a type (docs/storefront.md "Predictive search"): with 10 matches, descriptions can wait. */
export const ENOUGH = 10;
/** Fields where a common word adds to the score of documents matching the rarer words. */
const BONUS_FIELDS: ReadonlySet<SearchField> = new Set(['title', 'product_type']);

export interface SearchHit {
  id: string;
  type: ResourceType;
  handle: string;
  score: number;
  /** True when the document matched every required query word. */
  complete: boolean;
}

type Scores = Map<string, number>;

/** A loaded, queryable index of one locale. */
export class LocaleIndex {
  private readonly main: MiniSearch<AnalyzedDocument>;
  private descriptions?: MiniSearch<AnalyzedDocument>;
  private readonly common: ReadonlySet<string>;
  readonly locale: Locale;

  /**
   * @param main the parsed main index file
   * @param loadDescriptions reads the parsed descriptions file, called at most once, when first needed
   * @throws Error when a file is not a current index (rebuild with `npm run build`)
   */
  constructor(main: IndexFile, private readonly loadDescriptions: () => IndexFile) {
    this.main = loadIndex(main, 'main');
    this.locale = main.locale;
    this.common = new Set(main.common);
  }

  /** Number of documents (products, collections, pages, articles, query suggestions). */
  get documentCount(): number {
    return this.main.documentCount;
  }

  /** True once product descriptions have been loaded. */
  get descriptionsLoaded(): boolean {
    return this.descriptions !== undefined;
  }

  /** Loads the product descriptions now instead of on first need (benchmarks comparing full loads). */
  preload(): this {
    this.descriptionsIndex();
    return this;
  }

  /**
   * Documents matching the analysed query, best first: those matching every required word or,
   * when there are none, those matching some of them (`complete: false`).
   * @param fields searchable fields to use (Shopify `resources[options][fields]`); default all
   * @param types resource types to return; default all
   */
  search(query: readonly QueryWord[], { fields, types }: { fields?: readonly SearchField[]; types?: ReadonlySet<ResourceType> } = {}): SearchHit[] {
    if (!query.length) return [];
    const allowed = fields ? new Set(fields) : undefined;
    const only = (list: readonly SearchField[]) => (allowed ? list.filter((f) => allowed.has(f)) : [...list]);
    const short = only(SHORT_FIELDS);
    const long = only([...LONG_FIELDS]);
    const isCommon = (w: QueryWord) => this.common.has(w.stem);
    const rare = query.filter((w) => !isCommon(w));
    const required = rare.length ? rare : [...query];
    const optional = rare.length ? query.filter(isCommon) : [];
    const mainQuery = (w: QueryWord) => wordQuery(w, short, isCommon(w) ? [] : long);
    const opts: SearchOptions = { boost: INDEX_BOOSTS, filter: types ? (r) => types.has(typeOf(r.id)) : undefined };
    const withDescriptions = long.includes('body') && (!types || types.has('product'));

    // Fast path: one AND query on the main index.
    let hits: SearchHit[] = this.main
      .search({ combineWith: 'AND', queries: required.map(mainQuery) }, opts)
      .map((r) => ({ id: r.id, type: typeOf(r.id), handle: handleOf(r.id), score: r.score, complete: true }));
    if (hits.length < ENOUGH && (withDescriptions || !hits.length)) {
      const perWord = required.map((w) => {
        const scores = scoresOf(this.main, mainQuery(w), opts);
        if (withDescriptions && !isCommon(w)) addScores(scores, scoresOf(this.descriptionsIndex(), { queries: [w.stem], fields: ['body'] }, { boost: INDEX_BOOSTS }));
        return scores;
      });
      hits = toHits(intersect(perWord), true);
      // Nothing matches every word: without the word still being typed, then any of the words.
      const last = required[required.length - 1];
      if (!hits.length && required.length > 1 && last.partial) hits = toHits(intersect(perWord.slice(0, -1)), false);
      if (!hits.length && required.length > 1) hits = toHits(union(perWord), false);
    }
    if (optional.length && hits.length) {
      const bonusFields = short.filter((f) => BONUS_FIELDS.has(f));
      const byId = new Map(hits.map((h) => [h.id, h]));
      const bonus = scoresOf(this.main, { combineWith: 'OR', queries: optional.map((w) => wordQuery(w, bonusFields, [])) }, { boost: INDEX_BOOSTS, filter: (r) => byId.has(r.id) });
      for (const [id, score] of bonus) byId.get(id)!.score += score;
      hits.sort((a, b) => b.score - a.score);
    }
    return hits;
  }

  private descriptionsIndex(): MiniSearch<AnalyzedDocument> {
    this.descriptions ??= loadIndex(this.loadDescriptions(), 'descriptions');
    return this.descriptions;
  }
}

function scoresOf(ms: MiniSearch<AnalyzedDocument>, query: Query, options: SearchOptions): Scores {
  return new Map(ms.search(query, options).map((r) => [r.id as string, r.score]));
}

function addScores(into: Scores, from: Scores): void {
  for (const [id, score] of from) into.set(id, (into.get(id) ?? 0) + score);
}

/** Documents in every map, scores summed. */
function intersect(maps: readonly Scores[]): Scores {
  if (!maps.length) return new Map();
  const [smallest, ...rest] = [...maps].sort((a, b) => a.size - b.size);
  const out: Scores = new Map();
  for (const [id, score] of smallest) {
    let total = score;
    let everywhere = true;
    for (const m of rest) {
      const s = m.get(id);
      if (s === undefined) {
        everywhere = false;
        break;
      }
      total += s;
    }
    if (everywhere) out.set(id, total);
  }
  return out;
}

/** Documents in any map, scores summed. */
function union(maps: readonly Scores[]): Scores {
  const out: Scores = new Map();
  for (const m of maps) addScores(out, m);
  return out;
}

function toHits(scores: Scores, complete: boolean): SearchHit[] {
  return [...scores].map(([id, score]) => ({ id, type: typeOf(id), handle: handleOf(id), score, complete })).sort((a, b) => b.score - a.score);
}
