/**
 * Child process of bench/search.ts, bundled with esbuild like the Netlify function: a fresh
 * process that loads the router and the catalog snapshot (SNAPSHOT_PATH), then answers one
 * search in COLD_LOCALE with the index read from SEARCH_INDEX_DIR, then loads the product
 * descriptions (which a later query may need). Prints one JSON line of milliseconds: since
 * process start (`performance.now()` counts from it), per phase.
 */
import { readFileSync } from 'node:fs';
import { createHandler } from '../src/http/router';
import { localeIndex } from '../src/search/index-store';
import { localePrefix, type Locale } from '../src/catalog/locales';
import type { Catalog } from '../src/catalog/types';

const modulesLoaded = performance.now();
const catalog = JSON.parse(readFileSync(process.env.SNAPSHOT_PATH!, 'utf8')) as Catalog;
const catalogLoaded = performance.now();
const locale = (process.env.COLD_LOCALE ?? 'fr') as Locale;
localeIndex(locale);
const indexLoaded = performance.now();
const handler = createHandler({ catalog });
const response = await handler(new Request(`http://localhost${localePrefix(locale)}/search/suggest.json?q=${encodeURIComponent(process.env.COLD_QUERY ?? 'pompe')}`));
const body = await response.text();
const answered = performance.now();
if (response.status !== 200) throw new Error(`cold search answered ${response.status}: ${body}`);
const firstQueryNeededDescriptions = localeIndex(locale).descriptionsLoaded;
const before = performance.now();
localeIndex(locale).preload();
console.log(JSON.stringify({
  firstQueryNeededDescriptions,
  descriptionsLoad: performance.now() - before,
  bootAndModules: modulesLoaded,
  catalogParse: catalogLoaded - modulesLoaded,
  indexLoad: indexLoaded - catalogLoaded,
  firstQuery: answered - indexLoaded,
  total: answered,
}));
