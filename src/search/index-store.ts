/**
 * Where the serialised indexes live and how the function gets them: three files per locale,
 * `.generated/search/<locale>.json` (main index), `<locale>.descriptions.json` (product
 * descriptions) and `<locale>.results.json` (the result objects, src/search/result-records.ts),
 * written by scripts/build-search.ts and shipped with the function through `included_files`
 * (netlify.toml). A locale's main index and results are read on its first search, its
 * descriptions when a query first needs them; all are kept for the life of the process (a cold
 * start pays for one locale, not twelve, and never reads the catalog snapshot).
 */
import { readFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Locale } from '../catalog/locales';
import type { IndexFile } from './engine';
import { LocaleIndex } from './locale-index';
import { readResultRecords, type ResultRecords } from './result-records';

/** Relative location of the index files, from the project (and function bundle) root. */
export const INDEX_DIR = '.generated/search';

/** The directory `searchIndexDir` found, for the candidates it was found among (a disk lookup per search costs more than the search's first step). */
let found: { key: string; dir: string } | undefined;

/**
 * Directory holding the index files: SEARCH_INDEX_DIR when set (tests, benchmarks), else the
 * first of `<cwd>/.generated/search` and `$LAMBDA_TASK_ROOT/.generated/search` that exists
 * (Netlify puts `included_files` at their repository paths under the function's root).
 */
export function searchIndexDir(): string {
  if (process.env.SEARCH_INDEX_DIR) return resolve(process.env.SEARCH_INDEX_DIR);
  const candidates = [resolve(INDEX_DIR), ...(process.env.LAMBDA_TASK_ROOT ? [join(process.env.LAMBDA_TASK_ROOT, INDEX_DIR)] : [])];
  const key = candidates.join('\0');
  if (found?.key === key) return found.dir;
  const dir = candidates.find((candidate) => existsSync(candidate));
  // A directory found stays (the bundle's files do not go away); one not found yet is looked for again.
  if (dir) found = { key, dir };
  return dir ?? candidates[0];
}

/** Path of a locale's index file (`part`: main, or the product descriptions). */
export function indexFilePath(locale: Locale, dir = searchIndexDir(), part: IndexFile['part'] = 'main'): string {
  return join(dir, part === 'main' ? `${locale}.json` : `${locale}.descriptions.json`);
}

/** Path of a locale's results file (src/search/result-records.ts). */
export function resultsFilePath(locale: Locale, dir = searchIndexDir()): string {
  return join(dir, `${locale}.results.json`);
}

function readIndexFile(file: string): IndexFile {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as IndexFile;
  } catch (e) {
    throw new Error(`cannot read the search index ${file} (run "npm run build"): ${(e as Error).message}`);
  }
}

const loaded = new Map<string, LocaleIndex>();
const records = new Map<string, ResultRecords>();

/**
 * The loaded index of a locale (read from disk on first use, then cached per directory).
 * @throws Error when the main file is missing or not a current index (run `npm run build`);
 *         a missing descriptions file throws from the first search that needs it
 */
export function localeIndex(locale: Locale, dir = searchIndexDir()): LocaleIndex {
  const file = indexFilePath(locale, dir);
  let index = loaded.get(file);
  if (!index) {
    index = new LocaleIndex(readIndexFile(file), () => readIndexFile(indexFilePath(locale, dir, 'descriptions')));
    loaded.set(file, index);
  }
  return index;
}

/**
 * True when the main index of a locale is loaded or on disk (a loaded one needs no disk lookup).
 * @param dir the index directory (default `searchIndexDir()`)
 */
export function hasLocaleIndex(locale: Locale, dir = searchIndexDir()): boolean {
  const file = indexFilePath(locale, dir);
  return loaded.has(file) || existsSync(file);
}

/**
 * The result records of a locale (read from disk on first use, then cached per directory).
 * @throws Error when the file is missing or not a current results file (run `npm run build`)
 */
export function localeResults(locale: Locale, dir = searchIndexDir()): ResultRecords {
  const file = resultsFilePath(locale, dir);
  let found = records.get(file);
  if (!found) records.set(file, (found = readResultRecords(file)));
  return found;
}

/** Forgets loaded indexes and result records (benchmarks measuring cold loads). */
export function clearLoadedIndexes(): void {
  loaded.clear();
  for (const found of records.values()) found.close();
  records.clear();
}
