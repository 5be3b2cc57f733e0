/**
 * The search library binding: MiniSearch (chosen by measurement, docs/search.md). Builds the
 * serialised indexes of a locale at build time (scripts/build-search.ts), loads them in the
 * function, and turns one analysed query word into a MiniSearch query. Query planning (AND,
 * fallbacks, common words) is in src/search/locale-index.ts.
 *
 * A locale has two index files: `main` (every document, every field, except product
 * descriptions) and `descriptions` (product descriptions only). A function instance loads
 * `main` on its first search in the locale and `descriptions` only when a query needs them
 * (fewer than 10 matches without them), which keeps cold starts short on large catalogs.
 */
import MiniSearch, { type AsPlainObject, type Query } from 'minisearch';
import type { Locale } from '../catalog/locales';
import { transpositions, type QueryWord } from './analyze';
import type { ResourceType, SearchField } from './documents';
import { INDEX_FIELDS, LONG_FIELDS, splitTerms, stemFieldsOf, type AnalyzedDocument, type IndexField } from './corpus';

/** Field weights (docs/search.md: title over tags over description); a stem field weighs as its field. */
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
export const INDEX_BOOSTS: Record<string, number> = Object.fromEntries(INDEX_FIELDS.map((f) => [f, FIELD_BOOSTS[f.replace(/~$/, '') as SearchField]]));

/**
 * Shortest partial word matched as a prefix. Two letters ("po", "aq") expand to a large share of
 * the vocabulary: measured on 5,000 products, 3 instead of 2 halves p50 and p99 with the same
 * judged-set relevance (docs/search.md). Shorter words still match exactly ("ph", "uv", "led").
 */
export const MIN_PREFIX = 3;
/** Shortest word that tolerates a typo (docs/search.md: one typo from 5 letters). */
export const MIN_TYPO = 5;
/** Score weight of a typo match relative to an exact match (MiniSearch's default fuzzy weight). */
const TYPO_WEIGHT = 0.45;
/** A stem in the bodies of at least this share of the documents is a common word... */
export const COMMON_SHARE = 0.25;
/** ...in an index of at least this many documents. */
export const COMMON_MIN_DOCS = 40;

/** Library name and version recorded in index files (a mismatch means: rebuild). */
export const LIBRARY = 'minisearch@7';

/** Version of the index file format; another version means: rebuild. */
const FORMAT_VERSION = 3;

/**
 * A serialised index: `.generated/search/<locale>.json` (main) or `<locale>.descriptions.json`.
 * `index` is MiniSearch's own serialisation, except each term's postings, written as one
 * string ({@link encodePostings}): JSON.parse reads ~14,000 strings instead of ~180,000 nested
 * object entries at 5,000 products (3–10× faster, a third smaller; docs/search.md "Benchmarks").
 */
export interface IndexFile {
  format: 'poissons-et-pousses/search-index';
  version: typeof FORMAT_VERSION;
  part: 'main' | 'descriptions';
  locale: Locale;
  library: string;
  documents: number;
  /** Stems in the bodies of at least {@link COMMON_SHARE} of all documents (main part only). */
  common: string[];
  index: Omit<AsPlainObject, 'index'> & { index: Array<[term: string, postings: string]> };
}

const options = {
  fields: [...INDEX_FIELDS],
  extractField: (doc: AnalyzedDocument, field: string) => (field === 'id' ? doc.id : (doc.terms[field as IndexField] ?? '')),
  tokenize: splitTerms,
  processTerm: (term: string) => term,
  searchOptions: { tokenize: (q: string) => [q], processTerm: (t: string) => t },
};

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

/** A term's postings as MiniSearch serialises them: field id → document short id → term frequency. */
type SerialisedPostings = Record<string, Record<string, number>>;

/**
 * A term's postings as one string: `<field id>:<doc>[=<frequency>],<doc>…;<field id>:…`, the
 * frequency left out when it is 1 (`0:12,40=2;8:12` is field 0: documents 12 and 40 (twice), field 8: document 12).
 */
export function encodePostings(postings: SerialisedPostings): string {
  return Object.entries(postings)
    .map(([field, docs]) => `${field}:${Object.entries(docs).map(([doc, n]) => (n === 1 ? doc : `${doc}=${n}`)).join(',')}`)
    .join(';');
}

/** The postings of one field from {@link encodePostings}' form of that field (`<doc>[=<frequency>],…`). */
function decodeFieldPostings(encoded: string): Map<number, number> {
  const postings = new Map<number, number>();
  for (const entry of encoded.split(',')) {
    const eq = entry.indexOf('=');
    postings.set(Number(eq < 0 ? entry : entry.slice(0, eq)), eq < 0 ? 1 : Number(entry.slice(eq + 1)));
  }
  return postings;
}

function serialise(docs: readonly AnalyzedDocument[], locale: Locale, part: IndexFile['part'], common: string[]): IndexFile {
  const ms = new MiniSearch<AnalyzedDocument>(options);
  ms.addAll(docs);
  const plain = ms.toJSON();
  const index = plain.index.map(([term, postings]): [string, string] => [term, encodePostings(postings as SerialisedPostings)]);
  return { format: 'poissons-et-pousses/search-index', version: FORMAT_VERSION, part, locale, library: LIBRARY, documents: ms.documentCount, common, index: { ...plain, index } };
}

/**
 * Builds the two index files of a locale.
 * @param docs the locale's analysed corpus (src/search/corpus.ts)
 */
export function buildIndexes(docs: readonly AnalyzedDocument[], locale: Locale): { main: IndexFile; descriptions: IndexFile } {
  const isProduct = (d: AnalyzedDocument) => d.type === 'product';
  const main = docs.map((d) => (isProduct(d) ? { ...d, terms: { ...d.terms, body: '' } } : d));
  const descriptions = docs.filter(isProduct).map((d) => ({ ...d, terms: { body: d.terms.body ?? '' } }));
  return { main: serialise(main, locale, 'main', commonStems(docs)), descriptions: serialise(descriptions, locale, 'descriptions', []) };
}

/**
 * A term's postings, turned into MiniSearch's maps (field id → document short id → term
 * frequency) field by field, when a query first reaches them. A search reads a term's data only
 * through `get(fieldId)`; a cold start with 5,000 products would otherwise build ~180,000
 * map entries for the ~14,000 terms of a locale before its first answer, for the few terms it
 * reads (docs/search.md "Benchmarks").
 */
class LazyPostings {
  private fields?: Map<number, Map<number, number> | string>;

  /** @param encoded the term's postings as {@link encodePostings} writes them */
  constructor(private readonly encoded: string) {}

  /** The documents and frequencies of the term in one field, or undefined when the field has none. */
  get(fieldId: number): Map<number, number> | undefined {
    if (!this.fields) {
      this.fields = new Map();
      for (const part of this.encoded.split(';')) {
        const colon = part.indexOf(':');
        this.fields.set(Number(part.slice(0, colon)), part.slice(colon + 1));
      }
    }
    const found = this.fields.get(fieldId);
    if (typeof found !== 'string') return found;
    const postings = decodeFieldPostings(found);
    this.fields.set(fieldId, postings);
    return postings;
  }
}

/**
 * Loads a serialised index for searching: MiniSearch's own loader for everything but the term
 * postings, which become {@link LazyPostings} (the same values, built on first use). The index is
 * for queries only: adding or removing documents is not supported.
 * @throws Error when the file is not an index of this format, library and part (rebuild with `npm run build`)
 */
export function loadIndex(file: IndexFile, part: IndexFile['part']): MiniSearch<AnalyzedDocument> {
  if (file?.format !== 'poissons-et-pousses/search-index' || file.version !== FORMAT_VERSION || file.library !== LIBRARY || file.part !== part) {
    throw new Error(`not a ${LIBRARY} search index (${part}) of format version ${FORMAT_VERSION} (run "npm run build")`);
  }
  const ms = MiniSearch.loadJS({ ...file.index, index: [] }, options);
  // MiniSearch 7 keeps terms in `_index` (a radix tree map); its searches call only `get(fieldId)` on a term's data.
  const terms = (ms as unknown as { _index: { set(term: string, data: unknown): void } })._index;
  for (const [term, postings] of file.index.index) terms.set(term, new LazyPostings(postings));
  return ms;
}

/** Type of a document id `<type>:<handle>`. */
export const typeOf = (id: string) => id.slice(0, id.indexOf(':')) as ResourceType;
/** Handle of a document id `<type>:<handle>`. */
export const handleOf = (id: string) => id.slice(id.indexOf(':') + 1);

/**
 * One query word as a MiniSearch query: its folded form in the given short fields (as a prefix
 * while typed, typo-tolerant from 5 letters), swaps of its adjacent letters there too, and its
 * stem in their stem fields and the given long fields.
 */
export function wordQuery(word: QueryWord, short: readonly SearchField[], long: readonly SearchField[]): Query {
  const typo = word.folded.length >= MIN_TYPO;
  const queries: Query[] = [];
  if (short.length) queries.push({ queries: [word.folded], fields: [...short], prefix: word.partial && word.folded.length >= MIN_PREFIX, fuzzy: typo ? 1 : false });
  const stems = stemFieldsOf(short, long);
  if (stems.length) queries.push({ queries: [word.stem], fields: stems, prefix: false, fuzzy: false });
  const swaps = typo && short.length ? transpositions(word.folded) : [];
  if (swaps.length) queries.push({ queries: swaps, fields: [...short], prefix: false, fuzzy: false, boostTerm: () => TYPO_WEIGHT });
  return { combineWith: 'OR', queries };
}
