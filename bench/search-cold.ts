/**
 * Child process of bench/search.ts: the Netlify function's entry (netlify/functions/storefront.ts)
 * bundled with esbuild as Netlify bundles it, reading the benchmark catalog's function files
 * (FUNCTION_DATA_DIR), so the figures are what production pays at cold start.
 * A fresh process loads the function (its modules; the catalog snapshot is read only by requests
 * that need it), loads the search index and the result records of COLD_LOCALE from
 * SEARCH_INDEX_DIR, answers one search through the
 * function's default export, then loads the product descriptions (which a later query may
 * need). Prints one JSON line of milliseconds: since process start (`performance.now()` counts
 * from it), per phase. Search reads no live stock and no database, so nothing else is waited for.
 */
import { localeIndex, localeResults } from '../src/search/index-store';
import { localePrefix, type Locale } from '../src/catalog/locales';

const started = performance.now();
// Dynamic import: esbuild defers the function's modules and its snapshot to this point.
const { default: storefront } = await import('../netlify/functions/storefront');
const functionLoaded = performance.now();
const locale = (process.env.COLD_LOCALE ?? 'fr') as Locale;
localeIndex(locale);
const indexLoaded = performance.now();
localeResults(locale);
const resultsLoaded = performance.now();
const response = await storefront(new Request(`http://localhost${localePrefix(locale)}/search/suggest.json?q=${encodeURIComponent(process.env.COLD_QUERY ?? 'pompe')}`));
const body = await response.text();
const answered = performance.now();
// CPU time of the process until the answer (user + system, all threads): less sensitive than wall time to other work on a shared machine.
const cpuAtAnswer = process.cpuUsage();
if (response.status !== 200) throw new Error(`cold search answered ${response.status}: ${body}`);
const firstQueryNeededDescriptions = localeIndex(locale).descriptionsLoaded;
const before = performance.now();
localeIndex(locale).preload();
console.log(JSON.stringify({
  firstQueryNeededDescriptions,
  descriptionsLoad: performance.now() - before,
  bootAndModules: started,
  functionLoad: functionLoaded - started,
  indexLoad: indexLoaded - functionLoaded,
  resultsLoad: resultsLoaded - indexLoaded,
  firstQuery: answered - resultsLoaded,
  total: answered,
  cpu: (cpuAtAnswer.user + cpuAtAnswer.system) / 1000,
}));
