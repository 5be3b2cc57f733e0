/**
 * The analysed corpus of a locale: every search document with each field turned into index
 * terms (src/search/analyze.ts), ready to hand to a search library. Libraries receive terms
 * joined by single spaces and split them back on spaces, so every library compared in
 * bench/search-compare.ts sees exactly the same terms.
 */
import type { Catalog } from '../catalog/types';
import type { Locale } from '../catalog/locales';
import { indexTerms, words } from './analyze';
import { SEARCH_FIELDS, searchDocuments, type ResourceType, type SearchDocument, type SearchField } from './documents';

export interface AnalyzedDocument {
  id: string;
  type: ResourceType;
  handle: string;
  /** Index terms per field, joined by single spaces ("" when the field is empty). */
  terms: Partial<Record<SearchField, string>>;
}

/**
 * Fields of running text: indexed by stems only, never prefix- or typo-matched, and skipped
 * for very common words (src/search/engine.ts). The other fields are short (titles, types,
 * tags, vendor, variant titles, SKUs, barcodes, author).
 */
export const LONG_FIELDS: ReadonlySet<SearchField> = new Set(['body']);
export const SHORT_FIELDS: readonly SearchField[] = SEARCH_FIELDS.filter((f) => !LONG_FIELDS.has(f));

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
      Object.entries(doc.fields).map(([field, text]) => [field, indexTerms(text ?? '', locale, LONG_FIELDS.has(field as SearchField) ? undefined : known, LONG_FIELDS.has(field as SearchField)).join(' ')]),
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
