/**
 * The search libraries compared in bench/search-compare.ts, behind one small interface. Every
 * candidate indexes the same analysed corpus (src/search/corpus.ts: folded words + stems +
 * compound parts, terms joined by spaces) and receives the same analysed query, so the
 * comparison measures what the library adds: its index, matching (prefix, typo tolerance),
 * scoring, field boosts, and serialisation. Each uses the library's own features for prefix and
 * typos, configured as close to docs/search.md (prefixes, one typo from 5 letters) as the library allows.
 */
import { create, insertMultiple, load as oramaLoad, save as oramaSave, search as oramaSearch, type AnyOrama } from '@orama/orama';
import FlexSearch from 'flexsearch';
import type { Locale } from '../src/catalog/locales';
import { transpositions, type QueryWord } from '../src/search/analyze';
import { INDEX_FIELDS, LONG_FIELDS, SHORT_FIELDS, splitTerms, stemFieldsOf, type AnalyzedDocument, type IndexField } from '../src/search/corpus';
import { buildIndexes, FIELD_BOOSTS, MIN_TYPO, type IndexFile } from '../src/search/engine';
import { LocaleIndex } from '../src/search/locale-index';

/** A loaded index: analysed query in, document ids best first. */
export type Searcher = (query: readonly QueryWord[]) => string[] | Promise<string[]>;

export interface Candidate {
  name: string;
  /** Builds the index of a locale and serialises it to a string (what would be shipped). */
  build(docs: readonly AnalyzedDocument[], locale: Locale): Promise<string>;
  /** Loads a serialised index (what a cold function pays). */
  load(serialised: string): Promise<Searcher>;
}

/**
 * MiniSearch 7, exactly as the function uses it (src/search/engine.ts, locale-index.ts). Both
 * index files are serialised and loaded, so sizes and load times compare with the other libraries
 * (the function itself loads the descriptions only when a query needs them).
 */
export const minisearch: Candidate = {
  name: 'MiniSearch 7.2',
  async build(docs, locale) {
    return JSON.stringify(buildIndexes(docs, locale));
  },
  async load(serialised) {
    const files = JSON.parse(serialised) as { main: IndexFile; descriptions: IndexFile };
    const index = new LocaleIndex(files.main, () => files.descriptions).preload();
    return (query) => index.search(query).map((h) => h.id);
  },
};

/** Orama's property names cannot contain dots or tildes. */
const oramaField = (f: IndexField) => f.replace('.', '_').replace('~', '_stem');
const oramaSchema = Object.fromEntries([['type', 'string'], ...INDEX_FIELDS.map((f) => [oramaField(f), 'string'])]) as Record<string, 'string'>;
const boostOf = (f: IndexField) => FIELD_BOOSTS[f.replace('~', '') as keyof typeof FIELD_BOOSTS];
const oramaBoost = Object.fromEntries(INDEX_FIELDS.map((f) => [oramaField(f), boostOf(f)]));
const surfaceProps = SHORT_FIELDS.map(oramaField);
const stemProps = stemFieldsOf(SHORT_FIELDS, [...LONG_FIELDS]).map(oramaField);
const toProps = (d: AnalyzedDocument) => Object.fromEntries(INDEX_FIELDS.map((f) => [oramaField(f), d.terms[f] ?? '']));
const oramaTokenizer = () => ({ language: 'english', normalizationCache: new Map<string, string>(), tokenize: (raw: string) => splitTerms(raw.trim()) });

function oramaDb(): AnyOrama {
  return create({ schema: oramaSchema, components: { tokenizer: oramaTokenizer() } }) as AnyOrama;
}

/**
 * Orama 3: BM25 with the same boosts. Orama's own multi-word AND (`threshold: 0`) counts matched
 * index terms per property, not query words, so a prefix that matches two terms passes as two
 * words (measured: "pomp immergee" returned only a document without "immergee"). So each word is
 * searched alone: its folded form in the short fields (`exact: false` = prefix while typed,
 * `tolerance: 1` from 5 letters, plus swaps of adjacent letters as in the engine) and its stem in
 * the stem fields and the body; documents matching every word are kept, scores summed, and when
 * there are none, documents matching any word (the engine's fallback, without its other refinements).
 */
export const orama: Candidate = {
  name: 'Orama 3.1',
  async build(docs) {
    const db = oramaDb();
    await insertMultiple(db, docs.map((d) => ({ id: d.id, type: d.type, ...toProps(d) })));
    return JSON.stringify(oramaSave(db));
  },
  async load(serialised) {
    const db = oramaDb();
    oramaLoad(db, JSON.parse(serialised));
    return async (query) => {
      const perWord: Array<Map<string, number>> = [];
      for (const w of query) {
        const surface = await oramaSearch(db, {
          term: w.folded, properties: surfaceProps, boost: oramaBoost, exact: !w.partial,
          tolerance: w.folded.length >= MIN_TYPO ? 1 : 0, threshold: 1, limit: 1000,
        });
        const scores = new Map(surface.hits.map((h) => [h.id, h.score]));
        const stems = await oramaSearch(db, { term: w.stem, properties: stemProps, boost: oramaBoost, exact: true, threshold: 1, limit: 1000 });
        for (const h of stems.hits) scores.set(h.id, (scores.get(h.id) ?? 0) + h.score);
        for (const swap of transpositions(w.folded)) {
          const swapped = await oramaSearch(db, { term: swap, properties: surfaceProps, boost: oramaBoost, exact: true, threshold: 1, limit: 1000 });
          for (const h of swapped.hits) scores.set(h.id, (scores.get(h.id) ?? 0) + 0.45 * h.score);
        }
        perWord.push(scores);
      }
      const total = (id: string) => perWord.reduce((s, m) => s + (m.get(id) ?? 0), 0);
      const ids = [...new Set(perWord.flatMap((m) => [...m.keys()]))];
      const all = ids.filter((id) => perWord.every((m) => m.has(id))).sort((a, b) => total(b) - total(a));
      return all.length || query.length < 2 ? all : ids.sort((a, b) => total(b) - total(a));
    };
  },
};

/**
 * FlexSearch 0.8 Document index: `tokenize: "forward"` (prefix on every term), an identity
 * encoder (terms are already analysed), `suggest: true` (documents matching some terms too).
 * FlexSearch has no typo tolerance besides phonetic encoders and returns ranks, not scores, so
 * field results are merged by `boost / (rank + 1)`.
 */
export const flexsearch: Candidate = {
  name: 'FlexSearch 0.8',
  async build(docs) {
    const index = flexDocument();
    for (const d of docs) index.add({ id: d.id, ...toProps(d) });
    const parts: Record<string, string> = {};
    await index.export((key: string, data: string) => {
      parts[key] = data;
    });
    return JSON.stringify(parts);
  },
  async load(serialised) {
    const index = flexDocument();
    for (const [key, data] of Object.entries(JSON.parse(serialised) as Record<string, string>)) index.import(key, data);
    return (query) => {
      const text = query.map((w) => (w.partial ? w.folded : `${w.folded} ${w.stem}`)).join(' ');
      const scores = new Map<string, number>();
      for (const { field, result } of index.search(text, { limit: 50, suggest: true }) as Array<{ field: string; result: string[] }>) {
        const boost = oramaBoost[field] ?? 1;
        result.forEach((id, rank) => scores.set(id, (scores.get(id) ?? 0) + boost / (rank + 1)));
      }
      return [...scores.entries()].sort((a, b) => b[1] - a[1]).map(([id]) => id);
    };
  },
};

function flexDocument() {
  const encoder = new FlexSearch.Encoder({ split: ' ', normalize: false, dedupe: false, numeric: false });
  return new FlexSearch.Document({
    document: { id: 'id', index: INDEX_FIELDS.map((f) => ({ field: oramaField(f), tokenize: 'forward' as const, encoder })) },
  });
}

export const CANDIDATES: Candidate[] = [minisearch, orama, flexsearch];
