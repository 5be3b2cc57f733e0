/**
 * Build step after build-data.ts: reads the catalog snapshot and writes one search index per
 * locale to `.generated/search/<locale>.json` (SEARCH_INDEX_DIR overrides the directory), which
 * the function loads on demand (src/search/index-store.ts). Prints documents, size and time per locale.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { catalogSnapshot } from '../src/catalog/snapshot';
import { LOCALES } from '../src/catalog/locales';
import { analyzedCorpus } from '../src/search/corpus';
import { buildIndex } from '../src/search/engine';
import { indexFilePath, searchIndexDir } from '../src/search/index-store';

const started = performance.now();
const catalog = catalogSnapshot();
const dir = searchIndexDir();
mkdirSync(dir, { recursive: true });
let bytes = 0;
const lines: string[] = [];
for (const locale of LOCALES) {
  const t0 = performance.now();
  const file = buildIndex(analyzedCorpus(catalog, locale), locale);
  const text = JSON.stringify(file);
  writeFileSync(indexFilePath(locale, dir), text);
  bytes += Buffer.byteLength(text);
  lines.push(`${locale} ${file.documents} docs ${(Buffer.byteLength(text) / 1024).toFixed(0)} KiB ${Math.round(performance.now() - t0)} ms`);
}
console.log(`build-search: ${LOCALES.length} indexes → ${dir} (${(bytes / 1024).toFixed(0)} KiB) in ${Math.round(performance.now() - started)} ms: ${lines.join('; ')}`);
