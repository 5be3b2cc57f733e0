/**
 * Loading a serialised index (src/search/engine.ts `IndexFile`) into MiniSearch for querying,
 * at the cost a function's cold start can afford (docs/search.md "Benchmarks").
 *
 * MiniSearch's own loader builds every structure up front: a map entry per document for its id
 * and field lengths, and its radix tree of terms by inserting the terms one by one, each walk
 * starting at the root (at 5,000 products, ~14,000 terms and ~25,000 tree nodes before the first
 * answer). A query reads a few branches of that tree and a few hundred documents. So here:
 * - documents are read from arrays by short id ({@link ShortIdMap}), as written at build;
 * - the radix tree is built a node at a time, when a search first opens the node
 *   ({@link LazyNode}), from the terms in the file's depth-first order;
 * - a term's postings are decoded when a search first reads them ({@link LazyPostings}).
 * Searches run MiniSearch's own code over these structures and see the same tree, in the same
 * order, as its loader would build: results and scores are identical (tests/search-index.test.ts).
 * The loaded index is for queries only: adding or removing documents is not supported.
 */
import MiniSearch from 'minisearch';
import type { AnalyzedDocument } from './corpus';
import { FORMAT_VERSION, LIBRARY, indexOptions, type IndexFile } from './engine';

/** A node of MiniSearch's radix tree (minisearch/SearchableMap): edge label → child node, and {@link LEAF} → the value of the term ending here. */
export type RadixNode = Map<string, unknown>;
/** The label under which a node holds its term's value (MiniSearch's `LEAF`). */
export const LEAF = '';

/** What a {@link LazyNode} is built from: its terms, a slice of the file's list, and the length of the prefix they share. */
interface PendingNode<T> {
  entries: ReadonlyArray<readonly [string, T]>;
  from: number;
  to: number;
  depth: number;
  value: (data: T) => unknown;
}

/**
 * A radix tree node whose labels and children are made on first use, from its slice of terms in
 * depth-first order. In that order the terms under one child are contiguous and the node's own
 * term comes between its children's runs, so one pass over the slice gives the labels in the
 * order MiniSearch's insertions would leave them. Every Map method MiniSearch calls builds the
 * node first.
 */
class LazyNode<T> extends Map<string, unknown> {
  #pending?: PendingNode<T>;

  constructor(pending: PendingNode<T>) {
    super();
    this.#pending = pending;
  }

  #ready(): this {
    const pending = this.#pending;
    if (pending) {
      this.#pending = undefined;
      fill(this, pending);
    }
    return this;
  }

  override get(key: string): unknown {
    this.#ready();
    return super.get(key);
  }
  override has(key: string): boolean {
    this.#ready();
    return super.has(key);
  }
  override set(key: string, value: unknown): this {
    this.#ready();
    return super.set(key, value);
  }
  override delete(key: string): boolean {
    this.#ready();
    return super.delete(key);
  }
  override clear(): void {
    this.#pending = undefined;
    super.clear();
  }
  override get size(): number {
    this.#ready();
    return super.size;
  }
  override keys(): MapIterator<string> {
    this.#ready();
    return super.keys();
  }
  override values(): MapIterator<unknown> {
    this.#ready();
    return super.values();
  }
  override entries(): MapIterator<[string, unknown]> {
    this.#ready();
    return super.entries();
  }
  override forEach(callback: (value: unknown, key: string, map: Map<string, unknown>) => void, thisArg?: unknown): void {
    this.#ready();
    super.forEach(callback, thisArg);
  }
  override [Symbol.iterator](): MapIterator<[string, unknown]> {
    return this.entries();
  }
}

/**
 * Sets a node's labels: its own term's value, and a child per run of terms with the same next
 * character. A child's label runs to where the run's first and last terms part: below a radix
 * tree node the first term of a depth-first walk is in its first branch and the last in its last
 * branch, so they part exactly at the node (a run of one term is a leaf, labelled with the rest of it).
 */
function fill<T>(node: LazyNode<T>, { entries, from, to, depth, value }: PendingNode<T>): void {
  let i = from;
  while (i < to) {
    const [term, data] = entries[i];
    if (term.length === depth) {
      node.set(LEAF, value(data));
      i++;
      continue;
    }
    const next = term.charCodeAt(depth);
    let j = i + 1;
    while (j < to && entries[j][0].charCodeAt(depth) === next) j++;
    let shared = term.length;
    if (j - i > 1) {
      const last = entries[j - 1][0];
      shared = depth + 1;
      while (shared < term.length && term.charCodeAt(shared) === last.charCodeAt(shared)) shared++;
    }
    node.set(term.slice(depth, shared), new LazyNode({ entries, from: i, to: j, depth: shared, value }));
    i = j;
  }
}

/**
 * MiniSearch's radix tree over terms listed in depth-first order (the order `MiniSearch#toJSON`
 * writes them), each node built when first used.
 * @param entries [term, data], each term once, in depth-first order
 * @param value turns a term's serialised data into the value stored in the tree
 * @returns the root node
 */
export function radixTree<T>(entries: ReadonlyArray<readonly [string, T]>, value: (data: T) => unknown): RadixNode {
  return new LazyNode({ entries, from: 0, to: entries.length, depth: 0, value });
}

/**
 * A read-only Map from short document id (0, 1, … as MiniSearch numbers documents added to a
 * fresh index) to a value, over the array of values written at build time.
 */
class ShortIdMap<V> {
  constructor(private readonly byShortId: readonly V[]) {}
  get size(): number {
    return this.byShortId.length;
  }
  has(shortId: number): boolean {
    return Number.isInteger(shortId) && shortId >= 0 && shortId < this.byShortId.length;
  }
  get(shortId: number): V | undefined {
    return this.has(shortId) ? this.byShortId[shortId] : undefined;
  }
  *keys(): IterableIterator<number> {
    for (let i = 0; i < this.byShortId.length; i++) yield i;
  }
  *values(): IterableIterator<V> {
    yield* this.byShortId;
  }
  *entries(): IterableIterator<[number, V]> {
    for (let i = 0; i < this.byShortId.length; i++) yield [i, this.byShortId[i]];
  }
  forEach(callback: (value: V, key: number) => void): void {
    this.byShortId.forEach((value, key) => callback(value, key));
  }
  [Symbol.iterator](): IterableIterator<[number, V]> {
    return this.entries();
  }
}

/** Document id → short id, for MiniSearch's `has` and `getStoredFields` (searches do not read it), built on first use. */
class ShortIdsOf {
  #byId?: Map<string, number>;
  constructor(private readonly documentIds: readonly string[]) {}
  #ready(): Map<string, number> {
    return (this.#byId ??= new Map(this.documentIds.map((id, shortId) => [id, shortId])));
  }
  get(id: string): number | undefined {
    return this.#ready().get(id);
  }
  has(id: string): boolean {
    return this.#ready().has(id);
  }
}

/**
 * A term's postings, turned into MiniSearch's maps (field id → document short id → term
 * frequency) field by field, when a query first reaches them: a search reads a term's data only
 * through `get(fieldId)`.
 */
class LazyPostings {
  private fields?: Map<number, Map<number, number> | string>;

  /** @param encoded the term's postings as src/search/engine.ts `encodePostings` writes them */
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

/** The postings of one field from `encodePostings`' form of that field (`<doc>[=<frequency>],…`). */
function decodeFieldPostings(encoded: string): Map<number, number> {
  const postings = new Map<number, number>();
  for (const entry of encoded.split(',')) {
    const eq = entry.indexOf('=');
    postings.set(Number(eq < 0 ? entry : entry.slice(0, eq)), eq < 0 ? 1 : Number(entry.slice(eq + 1)));
  }
  return postings;
}

/** The MiniSearch 7 fields a loaded index replaces (its searches read them; they are not part of its public API). */
interface MiniSearchInternals {
  _documentIds: unknown;
  _fieldLength: unknown;
  _idToShortId: unknown;
  _index: { _tree: RadixNode };
}

/**
 * Loads a serialised index for searching.
 * @param file a parsed index file
 * @param part which part the caller expects
 * @throws Error when the file is not an index of this format, library and part (rebuild with `npm run build`)
 */
export function loadIndex(file: IndexFile, part: IndexFile['part']): MiniSearch<AnalyzedDocument> {
  if (file?.format !== 'poissons-et-pousses/search-index' || file.version !== FORMAT_VERSION || file.library !== LIBRARY || file.part !== part) {
    throw new Error(`not a ${LIBRARY} search index (${part}) of format version ${FORMAT_VERSION} (run "npm run build")`);
  }
  const { documentIds, fieldLength, index, ...counts } = file.index;
  const ms = MiniSearch.loadJS({ ...counts, documentIds: {}, fieldLength: {}, index: [] }, indexOptions);
  const internals = ms as unknown as MiniSearchInternals;
  internals._documentIds = new ShortIdMap(documentIds);
  internals._fieldLength = new ShortIdMap(fieldLength);
  internals._idToShortId = new ShortIdsOf(documentIds);
  internals._index._tree = radixTree(index, (postings) => new LazyPostings(postings));
  return ms;
}
