/**
 * Build step after build-data.ts: reads the catalog snapshot and writes the search indexes of
 * every locale to `.generated/search/<locale>.json` and `<locale>.descriptions.json`
 * (SEARCH_INDEX_DIR overrides the directory), which the function loads on demand
 * (src/search/index-store.ts). Prints documents, size and time per locale.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { catalogSnapshot } from '../src/catalog/snapshot';
import { LOCALES } from '../src/catalog/locales';
import { analyzedCorpus } from '../src/search/corpus';
import { buildIndexes } from '../src/search/engine';
import { indexFilePath, searchIndexDir } from '../src/search/index-store';

const started = performance.now();
const catalog = catalogSnapshot();
const dir = searchIndexDir();
mkdirSync(dir, { recursive: true });
let bytes = 0;
const lines: string[] = [];
for (const locale of LOCALES) {
  const t0 = performance.now();
  const files = buildIndexes(analyzedCorpus(catalog, locale), locale);
  let size = 0;
  for (const file of [files.main, files.descriptions]) {
    const text = JSON.stringify(file);
    writeFileSync(indexFilePath(locale, dir, file.part), text);
    size += Buffer.byteLength(text);
  }
  bytes += size;
  lines.push(`${locale} ${files.main.documents} docs ${(size / 1024).toFixed(0)} KiB ${Math.round(performance.now() - t0)} ms`);
}
console.log(`build-search: ${LOCALES.length} indexes → ${dir} (${(bytes / 1024).toFixed(0)} KiB) in ${Math.round(performance.now() - started)} ms: ${lines.join('; ')}`);
