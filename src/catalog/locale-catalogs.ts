/**
 * The function's catalog per locale (kept small for the function's cold start): the function's snapshot
 * `function-catalog.json` holds products with their French text (src/catalog/locale-text.ts),
 * and each other locale's text is read from `function-text-<locale>.json` the first time a
 * request needs it, then kept for the process. The files are written by scripts/build-data.ts
 * next to the build's snapshot and shipped with the function through netlify.toml
 * `included_files`, like the search indexes (src/search/index-store.ts): read with JSON.parse,
 * which costs about half of what the same data bundled as a JavaScript object literal does.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Catalog } from './types';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './locales';
import { withLocaleText, type LocaleText } from './locale-text';

/** Directory of the snapshot files as the build writes them (relative to the working directory). */
export const GENERATED_DIR = '.generated';

/** Path of the function's snapshot in `dir`. */
export function functionCatalogPath(dir: string): string {
  return join(dir, 'function-catalog.json');
}

/** Path of one locale's product text file in `dir`. */
export function localeTextPath(locale: Locale, dir: string): string {
  return join(dir, `function-text-${locale}.json`);
}

/**
 * Directory of the function's files: FUNCTION_DATA_DIR when set (benchmarks), else the first of
 * `<cwd>/.generated` and `$LAMBDA_TASK_ROOT/.generated` holding `function-catalog.json`
 * (Netlify runs functions from the task root with `included_files` under it).
 */
export function functionDataDir(): string {
  if (process.env.FUNCTION_DATA_DIR) return resolve(process.env.FUNCTION_DATA_DIR);
  const candidates = [resolve(GENERATED_DIR), ...(process.env.LAMBDA_TASK_ROOT ? [join(process.env.LAMBDA_TASK_ROOT, GENERATED_DIR)] : [])];
  return candidates.find((dir) => existsSync(functionCatalogPath(dir))) ?? candidates[0];
}

/** Reads and parses one JSON file of the function, with a clear error when it is missing. */
function readJson<T>(path: string, what: string): T {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch (e) {
    throw new Error(`cannot read the ${what} ${path} (run "npm run build" first): ${(e as Error).message}`);
  }
}

/**
 * The function's snapshot (French product text), read once at the function's start.
 * @param dir directory of the function's files (default `functionDataDir()`)
 * @throws Error when the file cannot be read or parsed
 */
export function readFunctionCatalog(dir = functionDataDir()): Catalog {
  return readJson<Catalog>(functionCatalogPath(dir), 'function catalog snapshot');
}

/** Every key of a catalog, checked against the type: a catalog without one of them does not compile. */
const CATALOG_KEYS = Object.keys({ store: 0, shipping: 0, products: 0, collections: 0, discounts: 0, pages: 0, articles: 0 } satisfies Record<keyof Catalog, 0>) as Array<keyof Catalog>;

/**
 * A catalog read on first use: an object whose properties read (once) and return those of
 * `read()`, so the function's cold start and its search paths, which never touch them, do not
 * parse the snapshot (docs/search.md "Benchmarks"). Spreading it or reading any property loads it.
 * @param read returns the catalog (e.g. {@link readFunctionCatalog}); called at most once, on the first property read
 * @returns an object with every {@link Catalog} property as an enumerable getter; a read throws what `read` throws
 */
export function lazyCatalog(read: () => Catalog): Catalog {
  let loaded: Catalog | undefined;
  const catalog = {} as Catalog;
  for (const key of CATALOG_KEYS) Object.defineProperty(catalog, key, { enumerable: true, get: () => (loaded ??= read())[key] });
  return catalog;
}

/** The catalog of each locale, built on first use from the French base and that locale's text. */
export interface LocaleCatalogs {
  /**
   * @returns the catalog with `locale`'s product text filled in (French fallback where missing);
   *   the same object on every call for a locale
   * @throws Error when the locale's text file cannot be read (run `npm run build`)
   */
  catalogFor(locale: Locale): Catalog;
  /** The catalog with every locale's product text (the UCP service, whose tools pick a locale per call). */
  complete(): Catalog;
}

/**
 * @param base the function's snapshot (French product text)
 * @param dir directory of the `function-text-<locale>.json` files (default `functionDataDir()`)
 */
export function localeCatalogs(base: Catalog, dir?: string): LocaleCatalogs {
  const texts = new Map<Locale, LocaleText>();
  const catalogs = new Map<Locale, Catalog>([[DEFAULT_LOCALE, base]]);
  let all: Catalog | undefined;
  const text = (locale: Locale): LocaleText => {
    let loaded = texts.get(locale);
    if (!loaded) texts.set(locale, (loaded = readJson<LocaleText>(localeTextPath(locale, dir ?? functionDataDir()), 'product text')));
    return loaded;
  };
  return {
    catalogFor(locale) {
      let catalog = catalogs.get(locale);
      if (!catalog) catalogs.set(locale, (catalog = withLocaleText(base, [text(locale)])));
      return catalog;
    },
    complete() {
      all ??= withLocaleText(base, LOCALES.filter((l) => l !== DEFAULT_LOCALE).map(text));
      return all;
    },
  };
}
