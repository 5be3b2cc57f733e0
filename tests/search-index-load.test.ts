// src/search/index-load.ts: an index loaded from its file (short-id arrays, a radix tree built
// node by node on first use, postings decoded on first read) answers exactly as MiniSearch's own
// loader does from MiniSearch's own serialisation of the same documents: same documents, same
// order, same scores.
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import MiniSearch, { type SearchOptions } from 'minisearch';
import SearchableMap from 'minisearch/SearchableMap';
import { LOCALES } from '../src/catalog/locales';
import { analyzedCorpus } from '../src/search/corpus';
import { buildIndexes, indexOptions, INDEX_BOOSTS, wordQuery, type IndexFile } from '../src/search/engine';
import { loadIndex, radixTree, type RadixNode } from '../src/search/index-load';
import { analyzeQuery } from '../src/search/analyze';
import { SHORT_FIELDS, LONG_FIELDS } from '../src/search/corpus';
import { catalog } from './helpers/site';

/** A tree as nested [label, value] lists, in each node's label order. */
const shape = (node: RadixNode): unknown => [...node].map(([label, value]) => [label, value instanceof Map ? shape(value as RadixNode) : value]);

/** The tree SearchableMap#set builds from the same terms in the same order (what MiniSearch.loadJS does). */
function insertedOneByOne(entries: ReadonlyArray<readonly [string, unknown]>): RadixNode {
  const map = new SearchableMap<unknown>();
  for (const [term, value] of entries) map.set(term, value);
  return (map as unknown as { _tree: RadixNode })._tree;
}

/** [term, value] in MiniSearch's serialisation order: a depth-first walk of its tree. */
function depthFirst(terms: readonly string[]): Array<[string, number]> {
  const map = new SearchableMap<number>();
  terms.forEach((term, i) => map.set(term, i));
  return [...map];
}

const QUERIES = ['p', 'po', 'pom', 'pompe', 'pmope', 'pompes aquarium', 'kit', 'kit pour balcon', 'led', 'grow', 'substrat', 'billes argile', 'nft', 'ph', 'uv', 'pump', 'Pumpe', 'насос', 'čerpadlo', 'xyzzy', 'aquaponie 50'];

describe('the radix tree built node by node', () => {
  it('is the tree MiniSearch builds by inserting the terms one by one, label order included (random terms)', () => {
    const term = fc.string({ unit: fc.constantFrom(...'abcdeéz01-'), minLength: 0, maxLength: 7 });
    fc.assert(fc.property(fc.uniqueArray(term, { maxLength: 60 }), (terms) => {
      const entries = depthFirst(terms);
      expect(shape(radixTree(entries, (v) => v))).toEqual(shape(insertedOneByOne(entries)));
    }), { numRuns: 300 });
  });

  it('answers get, prefix and fuzzy look-ups as MiniSearch\'s SearchableMap (random terms and keys)', () => {
    const unit = fc.constantFrom(...'abcdez');
    const term = fc.string({ unit, minLength: 1, maxLength: 6 });
    fc.assert(fc.property(fc.uniqueArray(term, { minLength: 1, maxLength: 50 }), term, fc.integer({ min: 0, max: 2 }), (terms, key, distance) => {
      const entries = depthFirst(terms);
      const lazy = new SearchableMap<number>(radixTree(entries, (v) => v) as never);
      const eager = new SearchableMap<number>(insertedOneByOne(entries) as never);
      expect(lazy.get(key)).toBe(eager.get(key));
      expect([...lazy.atPrefix(key)]).toEqual([...eager.atPrefix(key)]);
      expect([...lazy.fuzzyGet(key, distance)]).toEqual([...eager.fuzzyGet(key, distance)]);
      expect(lazy.size).toBe(eager.size);
    }), { numRuns: 300 });
  });

  it('builds only the nodes a search opens', () => {
    const entries = depthFirst(['pompe', 'pompes', 'pomme', 'kit', 'kits', 'led']);
    let made = 0;
    const tree = radixTree(entries, (v) => (made++, v));
    expect(made).toBe(0);
    expect(new SearchableMap<number>(tree as never).get('kit')).toBeDefined();
    expect(made).toBe(1);
  });
});

describe('an index loaded from its file', () => {
  it.each(LOCALES)('%s: answers every query exactly as MiniSearch.loadJSON of the same documents (ids, order, scores, matches)', (locale) => {
    const docs = analyzedCorpus(catalog, locale);
    const files = buildIndexes(docs, locale);
    const roundTrip = (file: IndexFile) => loadIndex(JSON.parse(JSON.stringify(file)) as IndexFile, file.part);
    const loaded = roundTrip(files.main);
    const built = new MiniSearch(indexOptions);
    built.addAll(docs.map((d) => (d.type === 'product' ? { ...d, terms: { ...d.terms, body: '' } } : d)));
    const own = MiniSearch.loadJSON(JSON.stringify(built), indexOptions);
    const options: SearchOptions = { boost: INDEX_BOOSTS };
    for (const q of QUERIES) {
      for (const word of analyzeQuery(q, locale)) {
        const query = wordQuery(word, SHORT_FIELDS, [...LONG_FIELDS]);
        const strip = (results: ReturnType<MiniSearch['search']>) => results.map((r) => [r.id, r.score, r.terms, r.match]);
        expect(strip(loaded.search(query, options)), `${locale} "${q}"`).toEqual(strip(own.search(query, options)));
      }
    }
    expect(loaded.documentCount).toBe(own.documentCount);
    expect(loaded.termCount).toBe(own.termCount);
    const some = docs[docs.length >> 1].id;
    expect(loaded.has(some)).toBe(true);
  });

  it('refuses a file of another format version (rebuild)', () => {
    const { main } = buildIndexes(analyzedCorpus(catalog, 'fr'), 'fr');
    expect(() => loadIndex({ ...main, version: 3 } as unknown as IndexFile, 'main')).toThrow(/format version 4.*npm run build/);
    expect(() => loadIndex(main, 'descriptions')).toThrow(/descriptions/);
  });
});
