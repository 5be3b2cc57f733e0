/**
 * Child process of bench/search.ts: a Netlify function's entry bundled with esbuild as Netlify
 * bundles it, reading the benchmark catalog's search files, so the figures are what production
 * pays at cold start. `cold-entry` is resolved by bench/search.ts to the function measured: the
 * search function (netlify/functions/search.ts, which serves the suggestions) or, as the baseline
 * of the same run, the storefront function (netlify/functions/storefront.ts), whose router answers
 * the same path in-process.
 * A fresh process, after bench/search-platform.mjs has loaded the platform's Request/Response
 * machinery (paid before any function runs), loads the function (its modules), loads the search index and the result
 * records of COLD_LOCALE from SEARCH_INDEX_DIR, answers one search through the
 * function's default export, then loads the product descriptions (which a later query may
 * need). Prints one JSON line of milliseconds: since process start (`performance.now()` counts
 * from it), per phase. Search reads no live stock and no database, so nothing else is waited for.
 */
import { localeIndex, localeResults } from '../src/search/index-store';
import { localePrefix, type Locale } from '../src/catalog/locales';

const started = performance.now();
// The platform's request machinery, loaded before this script by bench/search-platform.mjs.
const { before: platformStart, after: platformReady, cpu: platformCpu } = (globalThis as { coldPlatform?: { before: number; after: number; cpu: number } }).coldPlatform!;
// Dynamic import: esbuild defers the function's modules to this point. `cold-entry` is a name
// bench/search.ts's esbuild plugin resolves (typed here as any function's entry).
const { default: search } = (await import('cold-entry' as string)) as { default: (request: Request) => Promise<Response> };
const functionLoaded = performance.now();
const locale = (process.env.COLD_LOCALE ?? 'fr') as Locale;
localeIndex(locale);
const indexLoaded = performance.now();
localeResults(locale);
const resultsLoaded = performance.now();
const response = await search(new Request(`http://localhost${localePrefix(locale)}/search/suggest.json?q=${encodeURIComponent(process.env.COLD_QUERY ?? 'pompe')}`));
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
  // Process start to this script's first line: Node's start-up, the platform's machinery, the bundle's compile.
  bootAndModules: started,
  platform: platformReady - platformStart,
  platformCpu,
  functionLoad: functionLoaded - started,
  indexLoad: indexLoaded - functionLoaded,
  resultsLoad: resultsLoaded - indexLoaded,
  firstQuery: answered - resultsLoaded,
  total: answered,
  cpu: (cpuAtAnswer.user + cpuAtAnswer.system) / 1000,
}));
