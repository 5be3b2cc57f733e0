/**
 * Writes the search files of one locale (src/search/index-store.ts): the main and descriptions
 * indexes and the result records. Used by the build (scripts/build-search.ts) and by the search
 * benchmark for its synthetic catalog, so both ship the same files.
 */
import { writeFileSync } from 'node:fs';
import type { Catalog } from '../catalog/types';
import type { Locale } from '../catalog/locales';
import { analyzedCorpus } from './corpus';
import { buildIndexes } from './engine';
import { indexFilePath, resultsFilePath } from './index-store';
import { resultRecordsFile } from './result-records';

/** What was written: the locale's number of documents, and the path and text of each file. */
export interface WrittenSearchFiles {
  documents: number;
  main: { path: string; text: string };
  descriptions: { path: string; text: string };
  results: { path: string; text: string };
}

/**
 * Builds and writes `<locale>.json`, `<locale>.descriptions.json` and `<locale>.results.json` in `dir`.
 * @param catalog the build's snapshot (every locale's text)
 * @returns the paths and texts written (callers measure sizes)
 */
export function writeLocaleSearchFiles(catalog: Catalog, locale: Locale, dir: string): WrittenSearchFiles {
  const files = buildIndexes(analyzedCorpus(catalog, locale), locale);
  const written = {
    documents: files.main.documents,
    main: { path: indexFilePath(locale, dir, 'main'), text: JSON.stringify(files.main) },
    descriptions: { path: indexFilePath(locale, dir, 'descriptions'), text: JSON.stringify(files.descriptions) },
    results: { path: resultsFilePath(locale, dir), text: resultRecordsFile(catalog, locale) },
  };
  for (const file of [written.main, written.descriptions, written.results]) writeFileSync(file.path, file.text);
  return written;
}
