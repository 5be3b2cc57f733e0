/**
 * Build step after build-data.ts: reads the catalog snapshot and writes the search files of
 * every locale to `.generated/search/`: `<locale>.json`, `<locale>.descriptions.json` (indexes)
 * and `<locale>.results.json` (result records) (SEARCH_INDEX_DIR overrides the directory), which
 * the function loads on demand (src/search/index-store.ts). Prints documents, size and time per locale.
 */
import { mkdirSync } from 'node:fs';
import { catalogSnapshot } from '../src/catalog/snapshot';
import { LOCALES } from '../src/catalog/locales';
import { writeLocaleSearchFiles } from '../src/search/build-files';
import { searchIndexDir } from '../src/search/index-store';

const started = performance.now();
const catalog = catalogSnapshot();
const dir = searchIndexDir();
mkdirSync(dir, { recursive: true });
let bytes = 0;
const lines: string[] = [];
for (const locale of LOCALES) {
  const t0 = performance.now();
  const files = writeLocaleSearchFiles(catalog, locale, dir);
  const size = [files.main, files.descriptions, files.results].reduce((n, f) => n + Buffer.byteLength(f.text), 0);
  bytes += size;
  lines.push(`${locale} ${files.documents} docs ${(size / 1024).toFixed(0)} KiB ${Math.round(performance.now() - t0)} ms`);
}
console.log(`build-search: ${LOCALES.length} locales → ${dir} (${(bytes / 1024).toFixed(0)} KiB) in ${Math.round(performance.now() - started)} ms: ${lines.join('; ')}`);
