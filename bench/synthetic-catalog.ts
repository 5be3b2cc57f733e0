/**
 * A synthetic catalog for the search benchmarks: the real store, collections, pages and
 * articles, and `n` products made from the real ones. Each synthetic product takes a real
 * product's title plus an invented model name ("Kit aquaponie balcon Kaloma"), its description
 * plus the first sentence of another product's, and tags from both, so the vocabulary grows with
 * the catalog as a real one does instead of repeating 85 titles, while titles and descriptions
 * keep about their real length.
 * Written outside content/, to a temporary directory.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Catalog, CatalogProduct } from '../src/catalog/types';
import { LOCALES } from '../src/catalog/locales';
import { localize } from '../src/catalog/localize';

const SYLLABLES = ['ka', 'lo', 'mi', 'ra', 'te', 'zu', 'po', 'ne', 'vi', 'sa', 'do', 'fe', 'gu', 'ha', 'jo', 'ku'];

/** A pronounceable model name from a number: 0 → "Kaka", 1234 → "Lorate"... */
function modelName(i: number): string {
  let name = '';
  let n = i + SYLLABLES.length;
  while (n > 0) {
    name += SYLLABLES[n % SYLLABLES.length];
    n = Math.floor(n / SYLLABLES.length);
  }
  return name[0].toUpperCase() + name.slice(1);
}

/** The first sentence of a text. */
function firstSentence(text: string): string {
  return /^[^.!?。]*[.!?。]?/.exec(text.trim())![0];
}

/**
 * @param real the real catalog (its published products are the material)
 * @param n number of synthetic products (ids from 1,000,000, handles `<source>-<i>`)
 */
export function syntheticCatalog(real: Catalog, n: number): Catalog {
  const source = real.products.filter((p) => p.published);
  const products: CatalogProduct[] = [];
  for (let i = 0; i < n; i++) {
    const a = source[i % source.length];
    const b = source[(i * 7 + 3) % source.length];
    const model = modelName(i);
    const id = 1_000_000 + i;
    const text = (pick: (p: CatalogProduct, l: (typeof LOCALES)[number]) => string) =>
      Object.fromEntries(LOCALES.map((l) => [l, pick(a, l)])) as CatalogProduct['title'];
    products.push({
      ...a,
      id,
      handle: `${a.handle}-${i}`,
      title: text((p, l) => `${localize(p.title, l)} ${model}`),
      body: text((p, l) => `${localize(p.body, l)}\n\n${firstSentence(localize(b.body, l))}`),
      body_html: Object.fromEntries(LOCALES.map((l) => [l, `${a.body_html[l]}<p>${firstSentence(localize(b.body, l))}</p>`])) as CatalogProduct['body_html'],
      tags: [...new Set([...a.tags, ...b.tags.slice(0, 2)])],
      variants: a.variants.map((v, j) => ({ ...v, id: id * 100 + j + 1, sku: v.sku && `${v.sku}-${i}` })),
    });
  }
  return { ...real, products };
}

/** Writes a catalog snapshot to a new temporary directory; returns the directory and the snapshot path. */
export function writeSnapshot(catalog: Catalog, prefix = 'search-bench-'): { dir: string; snapshot: string } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  mkdirSync(dir, { recursive: true });
  const snapshot = join(dir, 'catalog.json');
  writeFileSync(snapshot, JSON.stringify(catalog));
  return { dir, snapshot };
}
