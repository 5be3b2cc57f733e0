/**
 * The analysed corpus of a locale: every search document with each field turned into index
 * terms (src/search/analyze.ts), ready to hand to a search library. The title and the product
 * type become two index fields each: `f` with the folded words, matched exactly, as a prefix or
 * with a typo, and `f~` with their stems, matched exactly; keeping them apart means a prefix like
 * "po" walks the words once, not words and stems. Tags, variant titles, vendor, SKUs, barcodes and
 * authors are keywords, sizes, names and codes: folded words only. Running text (`body`) is indexed by
 * stems only. Libraries receive terms joined by single spaces and split them back on spaces, so
 * every library compared in bench/search-compare.ts sees exactly the same terms.
 */
import type { Catalog } from '../catalog/types';
import type { Locale } from '../catalog/locales';
import { indexTerms, words } from './analyze';
import { SEARCH_FIELDS, searchDocuments, type ResourceType, type SearchDocument, type SearchField } from './documents';

export interface AnalyzedDocument {
  id: string;
  type: ResourceType;
  handle: string;
  /** Index terms per index field ({@link INDEX_FIELDS}), joined by single spaces. */
  terms: Partial<Record<IndexField, string>>;
}

/**
 * Fields of running text: indexed by stems only, never prefix- or typo-matched, and skipped
 * for very common words (src/search/engine.ts). The other fields are short (titles, types,
 * tags, vendor, variant titles, SKUs, barcodes, author).
 */
export const LONG_FIELDS: ReadonlySet<SearchField> = new Set(['body']);
export const SHORT_FIELDS: readonly SearchField[] = SEARCH_FIELDS.filter((f) => !LONG_FIELDS.has(f));

/** Short fields of inflected words that also get a stem field (tags are keywords, variants sizes, the rest names and codes). */
export const STEMMED_FIELDS: ReadonlySet<SearchField> = new Set(['title', 'product_type']);

/** Index field holding the stems of a short field. */
export type StemField = `${SearchField}~`;
export type IndexField = SearchField | StemField;
export const stemField = (field: SearchField): StemField => `${field}~`;
/** The index fields where a stem is looked up: stem fields of the given short fields, and the given long fields. */
export const stemFieldsOf = (short: readonly SearchField[], long: readonly SearchField[]): IndexField[] => [
  ...short.filter((f) => STEMMED_FIELDS.has(f)).map(stemField),
  ...long,
];
/** Every field of the index: the short fields, the stem fields, and the long fields. */
export const INDEX_FIELDS: readonly IndexField[] = [...SHORT_FIELDS, ...stemFieldsOf(SHORT_FIELDS, [...LONG_FIELDS])];

/** Folded words of at least 4 letters used anywhere in the documents: the parts compounds may be split into. */
export function knownWords(docs: readonly SearchDocument[], locale: Locale): Set<string> {
  const known = new Set<string>();
  for (const doc of docs) for (const text of Object.values(doc.fields)) for (const w of words(text ?? '', locale)) if (w.length >= 4) known.add(w);
  return known;
}

/** Analyses documents of a locale (compound parts are looked up among the documents' own words). */
export function analyzeDocuments(docs: readonly SearchDocument[], locale: Locale): AnalyzedDocument[] {
  const known = knownWords(docs, locale);
  return docs.map((doc) => ({
    id: doc.id,
    type: doc.type,
    handle: doc.handle,
    terms: Object.fromEntries(
      (Object.entries(doc.fields) as Array<[SearchField, string | undefined]>).flatMap(([field, text]) => {
        if (LONG_FIELDS.has(field)) return [[field, indexTerms(text ?? '', locale).stems.join(' ')]];
        const { surface, stems } = indexTerms(text ?? '', locale, known);
        return STEMMED_FIELDS.has(field) ? [[field, surface.join(' ')], [stemField(field), stems.join(' ')]] : [[field, surface.join(' ')]];
      }),
    ),
  }));
}

/** The analysed corpus of a locale, straight from the catalog snapshot. */
export function analyzedCorpus(catalog: Catalog, locale: Locale): AnalyzedDocument[] {
  return analyzeDocuments(searchDocuments(catalog, locale), locale);
}

/** Splits a field's joined terms back into terms. */
export function splitTerms(joined: string | undefined): string[] {
  return joined ? joined.split(' ') : [];
}
