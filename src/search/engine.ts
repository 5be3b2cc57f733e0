/**
 * The search index of one locale, on MiniSearch (chosen by measurement: docs/search.md).
 * Built at build time from the analysed corpus (scripts/build-search.ts), serialised to JSON,
 * and loaded by the function; nothing is re-analysed or re-indexed at request time.
 *
 * Matching (issue #3 "Language-aware matching"): every query word must match (AND) through its
 * folded form or its stem. In the short fields (title, type, tags, vendor, variants, author) the
 * last word, while typed, also matches as a prefix (2+ letters) and words of 5+ letters tolerate
 * one typo (Levenshtein 1, plus a swap of two adjacent letters); the body is matched by stem.
 * Words found in the bodies of at least a quarter of the documents ("de", "pour", often the
 * store's own subject) are matched in the short fields only and are optional when the query has
 * rarer words: they add to the score without filtering (a common-terms query).
 * When no document matches every word, documents matching some of them are returned instead
 * ("gift card" finds the gift voucher), so a missing word never leaves the shopper with nothing. Scores are BM25 with field boosts title > type/tags/vendor/variants > body.
 */
import MiniSearch, { type AsPlainObject, type Query, type SearchOptions } from 'minisearch';
import type { Locale } from '../catalog/locales';
import { transpositions, type QueryWord } from './analyze';
import { SEARCH_FIELDS, type ResourceType, type SearchField } from './documents';
import { LONG_FIELDS, SHORT_FIELDS, splitTerms, type AnalyzedDocument } from './corpus';

/** Field weights (issue #3: "title over tags over description"). */
export const FIELD_BOOSTS: Record<SearchField, number> = {
  title: 5,
  product_type: 2,
  tag: 1.5,
  vendor: 1.5,
  'variants.title': 1.5,
  'variants.sku': 1,
  'variants.barcode': 1,
  body: 1,
  author: 1,
};

/** Shortest partial word matched as a prefix: a single letter would expand to most of the vocabulary. */
export const MIN_PREFIX = 2;
/** Shortest word that tolerates a typo (issue #3: "one typo in words of 5+ letters"). */
export const MIN_TYPO = 5;
/** Score weight of a typo match relative to an exact match (MiniSearch's default fuzzy weight). */
const TYPO_WEIGHT = 0.45;
/** A stem in the bodies of at least this share of the documents is a common word... */
export const COMMON_SHARE = 0.25;
/** ...in an index of at least this many documents. */
export const COMMON_MIN_DOCS = 40;

/** Serialised index of one locale: the file `.generated/search/<locale>.json`. */
export interface IndexFile {
  format: 'poissons-et-pousses/search-index';
  version: 1;
  locale: Locale;
  library: string;
  documents: number;
  /** Stems frequent in bodies (see {@link COMMON_SHARE}). */
  common: string[];
  index: AsPlainObject;
}

export interface SearchHit {
  id: string;
  type: ResourceType;
  handle: string;
  score: number;
  /** True when the document matched every required query word. */
  complete: boolean;
}

const options = {
  fields: [...SEARCH_FIELDS],
  storeFields: ['type', 'handle'],
  extractField: (doc: AnalyzedDocument, field: string) =>
    field === 'id' || field === 'type' || field === 'handle' ? doc[field] : (doc.terms[field as SearchField] ?? ''),
  tokenize: splitTerms,
  processTerm: (term: string) => term,
  searchOptions: { tokenize: (q: string) => [q], processTerm: (t: string) => t },
};

/** Library name and version recorded in index files (a mismatch means: rebuild). */
export const LIBRARY = 'minisearch@7';

/** Stems in the long fields of at least {@link COMMON_SHARE} of the documents (none under {@link COMMON_MIN_DOCS} documents). */
export function commonStems(docs: readonly AnalyzedDocument[]): string[] {
  if (docs.length < COMMON_MIN_DOCS) return [];
  const df = new Map<string, number>();
  for (const doc of docs) {
    const seen = new Set<string>();
    for (const field of LONG_FIELDS) for (const term of splitTerms(doc.terms[field])) seen.add(term);
    for (const term of seen) df.set(term, (df.get(term) ?? 0) + 1);
  }
  return [...df].filter(([, n]) => n >= COMMON_SHARE * docs.length).map(([term]) => term).sort();
}

/**
 * Builds and serialises the index of a locale.
 * @param docs the locale's analysed corpus (src/search/corpus.ts)
 */
export function buildIndex(docs: readonly AnalyzedDocument[], locale: Locale): IndexFile {
  const ms = new MiniSearch<AnalyzedDocument>(options);
  ms.addAll(docs);
  return { format: 'poissons-et-pousses/search-index', version: 1, locale, library: LIBRARY, documents: ms.documentCount, common: commonStems(docs), index: ms.toJSON() };
}

type Raw = { id: string; type: ResourceType; handle: string; score: number };

/** A loaded, queryable index of one locale. */
export class LocaleIndex {
  private readonly ms: MiniSearch<AnalyzedDocument>;
  private readonly common: ReadonlySet<string>;
  readonly locale: Locale;

  /**
   * @param file a parsed index file
   * @throws Error when the file is not an index of this format and library (rebuild with `npm run build`)
   */
  constructor(file: IndexFile) {
    if (file?.format !== 'poissons-et-pousses/search-index' || file.version !== 1 || file.library !== LIBRARY) {
      throw new Error(`not a ${LIBRARY} search index of format version 1 (run "npm run build")`);
    }
    this.locale = file.locale;
    this.common = new Set(file.common);
    this.ms = MiniSearch.loadJS(file.index, options);
  }

  get documentCount(): number {
    return this.ms.documentCount;
  }

  /**
   * Documents matching the analysed query, best first: the documents matching every required
   * word or, when there are none, the documents matching some of them (`complete: false`).
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
    const required = (rare.length ? rare : query).map((w) => wordQuery(w, short, isCommon(w) ? [] : long));
    const optional = rare.length ? query.filter(isCommon).map((w) => wordQuery(w, short, [])) : [];
    const opts: SearchOptions = { boost: FIELD_BOOSTS, filter: types ? (r) => types.has(r.type) : undefined };
    const run = (combineWith: 'AND' | 'OR', complete: boolean): SearchHit[] =>
      (this.ms.search({ combineWith, queries: required }, opts) as unknown as Raw[]).map((r) => ({ id: r.id, type: r.type, handle: r.handle, score: r.score, complete }));

    let hits = run('AND', true);
    if (!hits.length && required.length > 1) hits = run('OR', false);
    if (optional.length && hits.length) {
      const byId = new Map(hits.map((h) => [h.id, h]));
      for (const r of this.ms.search({ combineWith: 'OR', queries: optional }, { boost: FIELD_BOOSTS, filter: (r) => byId.has(r.id) })) byId.get(r.id)!.score += r.score;
      hits.sort((a, b) => b.score - a.score);
    }
    return hits;
  }
}

/**
 * One query word as a MiniSearch query over the given short and long fields: its folded form in
 * the short fields (as a prefix when partial, typo-tolerant from 5 letters), its stem in all of
 * them, and swaps of adjacent letters in the short fields.
 */
function wordQuery(word: QueryWord, short: readonly SearchField[], long: readonly SearchField[]): Query {
  const typo = word.folded.length >= MIN_TYPO;
  const queries: Query[] = [];
  if (short.length) queries.push({ queries: [word.folded], fields: [...short], prefix: word.partial && word.folded.length >= MIN_PREFIX, fuzzy: typo ? 1 : false });
  const stemFields = word.stem !== word.folded ? [...short, ...long] : [...long];
  if (stemFields.length) queries.push({ queries: [word.stem], fields: stemFields, prefix: false, fuzzy: false });
  const swaps = typo && short.length ? transpositions(word.folded) : [];
  if (swaps.length) queries.push({ queries: swaps, fields: [...short], prefix: false, fuzzy: false, boostTerm: () => TYPO_WEIGHT });
  return { combineWith: 'OR', queries };
}
