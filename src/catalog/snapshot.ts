/**
 * The catalog snapshot: `content/` validated and rendered once by `scripts/build-data.ts` into
 * `.generated/catalog.json`. Astro pages read it here; the function reads the same data, slimmed
 * and split by locale (`writeFunctionSnapshot`), so static and dynamic answers come from identical
 * data and nothing parses YAML at request time.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Catalog, ContentPage } from './types';
import type { Locale } from './locales';
import { splitLocaleText } from './locale-text';
import { functionCatalogPath, localeTextPath } from './locale-catalogs';

/** Where the snapshot is written and read (override with SNAPSHOT_PATH, e.g. for benchmarks). */
export function snapshotPath(): string {
  return resolve(process.env.SNAPSHOT_PATH ?? '.generated/catalog.json');
}

/** The function's snapshot (`writeFunctionSnapshot`), written next to the build's by `scripts/build-data.ts` and read by the function (src/catalog/locale-catalogs.ts). */
export function functionSnapshotPath(): string {
  return resolve(dirname(snapshotPath()), 'function-catalog.json');
}

/**
 * The catalog as the function bundles it: the same data minus what no request reads, so the
 * function parses less at cold start (docs/search.md "Benchmarks"). Pages and articles lose their Markdown source
 * (`markdown`; requests use the rendered `html`). Products keep `body` (UCP
 * `description.markdown`) and `body_html`.
 * @param catalog the full snapshot (not modified)
 * @returns a new catalog sharing every other value with `catalog`
 */
export function functionSnapshot(catalog: Catalog): Catalog {
  const slim = <M>(page: ContentPage<M>): ContentPage<M> => {
    const locales: ContentPage<M>['locales'] = {};
    for (const locale of Object.keys(page.locales) as Locale[]) {
      const { meta, html } = page.locales[locale]!;
      locales[locale] = { meta, html };
    }
    return { ...page, locales };
  };
  return { ...catalog, pages: catalog.pages.map(slim), articles: catalog.articles.map(slim) };
}

/**
 * Writes the function's files into `dir`: `function-catalog.json` (`functionSnapshot` with French
 * product text only) and `function-text-<locale>.json` for every other locale
 * (src/catalog/locale-text.ts; read on demand by src/catalog/locale-catalogs.ts).
 * @param catalog the full snapshot (not modified)
 * @param dir target directory (default: next to the build's snapshot)
 * @returns the path of the function's snapshot
 */
export function writeFunctionSnapshot(catalog: Catalog, dir = dirname(functionSnapshotPath())): string {
  const { base, texts } = splitLocaleText(functionSnapshot(catalog));
  const path = functionCatalogPath(dir);
  writeFileSync(path, JSON.stringify(base));
  for (const text of texts) writeFileSync(localeTextPath(text.locale, dir), JSON.stringify(text));
  return path;
}

let cached: Catalog | undefined;

/**
 * Parsed snapshots by path, kept on `globalThis`: an Astro build runs this module twice in one
 * process (bundled into the pages, and as astro.config.mjs's import for the sitemap), and the
 * two must share one read of a file of tens of MB (31 MB for 2,000 products: README "Performance").
 */
const SHARED = Symbol.for('catalog-snapshot');
type Shared = typeof globalThis & { [SHARED]?: Map<string, Catalog> };

/**
 * The snapshot, read once per process.
 * @throws Error when the file is missing (run `npm run build`, which writes it first).
 */
export function catalogSnapshot(): Catalog {
  if (!cached) {
    const path = snapshotPath();
    const shared = ((globalThis as Shared)[SHARED] ??= new Map());
    cached = shared.get(path);
    if (!cached) {
      try {
        cached = JSON.parse(readFileSync(path, 'utf8')) as Catalog;
      } catch (e) {
        throw new Error(`cannot read the catalog snapshot ${path} (run "npm run build" first): ${(e as Error).message}`);
      }
      shared.set(path, cached);
    }
  }
  return cached;
}
