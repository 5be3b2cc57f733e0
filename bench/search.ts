/**
 * `npm run bench:search` (docs/search.md "Benchmarks"): the predictive search on the real
 * catalog and on a synthetic catalog of BENCH_PRODUCTS products (default 5,000; generated in a
 * temporary directory, outside content/), 12 locales each:
 * - index size on disk (all locales, largest locale, gzip) and build time;
 * - in-process latency p50/p99 of the judged queries typed letter by letter, through the
 *   function's handler (request → JSON text) and through the index alone;
 * - cold start in a fresh process running the esbuild bundle of the search function's entry
 *   (netlify/functions/search.ts, reading the measured catalog's search files), and of the
 *   storefront function's (netlify/functions/storefront.ts) as the same run's baseline:
 *   script compile, function load (modules), index load and result records load of one locale, first answer;
 * - relevance on the judged set (real catalog): MRR@10 and top-1.
 * Targets at 5,000 products: p50 <= 1 ms, p99 <= 5 ms, cold start (modules, index and result records load, first answer) <= 150 ms.
 * Benchmarks print figures; they are not tests.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type PluginBuild } from 'esbuild';
import { catalogSnapshot, writeFunctionSnapshot } from '../src/catalog/snapshot';
import { LOCALES, localePrefix } from '../src/catalog/locales';
import type { Catalog } from '../src/catalog/types';
import { answerSearch } from '../src/http/search-function';
import { analyzeQuery } from '../src/search/analyze';
import { writeLocaleSearchFiles } from '../src/search/build-files';
import { clearLoadedIndexes, localeIndex } from '../src/search/index-store';
import { judgedQueries, relevance, JUDGED_TYPES } from './judged';
import { percentile, timeQueries, typingWorkload } from './search-workload';
import { syntheticCatalog, writeSnapshot } from './synthetic-catalog';

const count = Number(process.env.BENCH_PRODUCTS ?? 5000);
const coldRuns = Number(process.env.BENCH_COLD_RUNS ?? 5);
/** Locale of the cold search (BENCH_COLD_LOCALE, default fr); another locale also reads its product text file. */
const coldLocale = process.env.BENCH_COLD_LOCALE ?? 'fr';
const judged = judgedQueries();
const work = typingWorkload(judged);
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(2);

/** The functions whose cold start is measured: the one serving the suggestions, and the storefront function as the same run's baseline. */
const COLD_ENTRIES = { search: 'netlify/functions/search.ts', storefront: 'netlify/functions/storefront.ts' } as const;
type ColdEntry = keyof typeof COLD_ENTRIES;

/**
 * Bundles bench/search-cold.ts with a function's entry as its `cold-entry` into `dir`, as
 * Netlify's esbuild bundler (netlify.toml) bundles that function.
 * @returns the bundle's path and size in bytes
 */
async function bundleCold(dir: string, entry: ColdEntry): Promise<{ path: string; bytes: number }> {
  const outfile = join(dir, `search-cold-${entry}.mjs`);
  const coldEntry = { name: 'cold-entry', setup: (b: PluginBuild) => b.onResolve({ filter: /^cold-entry$/ }, () => ({ path: resolve(COLD_ENTRIES[entry]) })) };
  await build({ entryPoints: ['bench/search-cold.ts'], bundle: true, platform: 'node', format: 'esm', target: 'node22', outfile, logLevel: 'error', plugins: [coldEntry] });
  return { path: outfile, bytes: statSync(outfile).size };
}

/**
 * Node's own start-up (a process printing performance.now() and its CPU time, then exiting),
 * median of runs, in ms of wall and CPU time: subtracted from cold starts.
 */
function nodeBoot(): { wall: number; cpu: number } {
  const runs = Array.from({ length: coldRuns }, () => execFileSync(process.execPath, ['-e', 'const c = process.cpuUsage(); console.log(performance.now(), (c.user + c.system) / 1000)'], { encoding: 'utf8' }).trim().split(' ').map(Number));
  const median = (i: number) => percentile(runs.map((r) => r[i]).sort((a, b) => a - b), 50);
  return { wall: median(0), cpu: median(1) };
}
const { wall: boot, cpu: bootCpu } = nodeBoot();

/** One cold process (bench/search-cold.ts): ms since process start or per phase; `cpu`: CPU time (user + system) until the answer. */
interface Cold { bootAndModules: number; platform: number; platformCpu: number; functionLoad: number; indexLoad: number; resultsLoad: number; firstQuery: number; total: number; cpu: number; descriptionsLoad: number }

/** Medians of the cold processes of one function's bundle. */
type ColdFigures = Cold & { bundleBytes: number };

async function measure(label: string, catalog: Catalog) {
  // The storefront baseline reads the function's snapshot and per-locale text files when a request needs them.
  const { dir } = writeSnapshot({ ...catalog, products: [] });
  const snapshot = writeFunctionSnapshot(catalog, dir);
  const functionSnapshotMb = mb(statSync(snapshot).size);
  const bundles = { search: await bundleCold(dir, 'search'), storefront: await bundleCold(dir, 'storefront') };
  const indexDir = join(dir, 'search');
  mkdirSync(indexDir, { recursive: true });
  let bytes = 0;
  let gzip = 0;
  let largestMain = 0;
  let resultsBytes = 0;
  const t0 = performance.now();
  for (const locale of LOCALES) {
    const files = writeLocaleSearchFiles(catalog, locale, indexDir);
    for (const file of [files.main, files.descriptions]) {
      bytes += Buffer.byteLength(file.text);
      gzip += gzipSync(file.text).length;
    }
    largestMain = Math.max(largestMain, Buffer.byteLength(files.main.text));
    resultsBytes += Buffer.byteLength(files.results.text);
  }
  const buildMs = performance.now() - t0;

  process.env.SEARCH_INDEX_DIR = indexDir;
  clearLoadedIndexes();
  const viaHandler = await timeQueries(work, async (w) => (await answerSearch(new Request(`http://localhost${localePrefix(w.locale)}/search/suggest.json?q=${encodeURIComponent(w.q)}`))).text());
  const viaIndex = await timeQueries(work, (w) => localeIndex(w.locale).search(analyzeQuery(w.q, w.locale)));
  const judgedResult = await relevance(judged, (l, q) => localeIndex(l).search(analyzeQuery(q, l), { types: JUDGED_TYPES }).map((h) => h.id));

  // The two functions alternate, so a burst of other work on the machine falls on both.
  const colds: Record<ColdEntry, Cold[]> = { search: [], storefront: [] };
  for (let i = 0; i < coldRuns; i++) {
    for (const entry of ['search', 'storefront'] as const) {
      // stderr piped, not shown: without Netlify Database the storefront's live-stock read logs an outage (expected here).
      const out = execFileSync(process.execPath, ['--import', resolve('bench/search-platform.mjs'), bundles[entry].path], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, SNAPSHOT_PATH: snapshot, SEARCH_INDEX_DIR: indexDir, FUNCTION_DATA_DIR: dir, COLD_LOCALE: coldLocale } });
      colds[entry].push(JSON.parse(out.trim().split('\n').pop()!) as Cold);
    }
  }
  const medians = (entry: ColdEntry): ColdFigures => {
    const median = (key: keyof Cold) => percentile(colds[entry].map((c) => c[key]).sort((a, b) => a - b), 50);
    const keys = ['bootAndModules', 'platform', 'platformCpu', 'functionLoad', 'indexLoad', 'resultsLoad', 'firstQuery', 'total', 'cpu', 'descriptionsLoad'] as const;
    return { ...(Object.fromEntries(keys.map((k) => [k, median(k)])) as unknown as Cold), bundleBytes: bundles[entry].bytes };
  };
  rmSync(dir, { recursive: true, force: true });
  return {
    label, products: catalog.products.filter((p) => p.published).length, snapshotMb: mb(Buffer.byteLength(JSON.stringify(catalog))), functionSnapshotMb,
    bytes, largestMain, gzip, resultsBytes, buildMs, viaHandler, viaIndex, judgedResult,
    cold: medians('search'), baseline: medians('storefront'),
  };
}

const real = catalogSnapshot();
const results = [await measure('real catalog', real), await measure(`synthetic ${count} products`, syntheticCatalog(real, count))];

mkdirSync('bench/.out', { recursive: true });
writeFileSync('bench/.out/search.json', `${JSON.stringify({ boot, bootCpu, results }, null, 2)}\n`);

const ms = (n: number) => n.toFixed(n < 10 ? 2 : 0);
/** The function's own cold start, wall ms: from process start to the answer, without Node's start-up and the platform's Request/Response machinery. */
const own = (c: Cold) => c.total - boot - c.platform;
/** The function's own CPU ms: after the platform's machinery (bench/search-platform.mjs), the bundle's compile and everything to the answer. */
const ownCpu = (c: Cold) => c.cpu - c.platformCpu;
const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
console.log(`\nWorkload: ${judged.length} judged queries typed letter by letter = ${work.length} requests in 12 locales, 3 rounds after a warm-up, through the search function's handler; cold start: median of ${coldRuns} fresh processes per function (esbuild bundle), the two functions alternating.\n`);
console.log(`Cold start = the function's bundle (script compile + function load: its modules) + main index load (one locale: ${coldLocale}) + result records load (that locale's results file, records parsed when shown) + first answer, after Node's own start-up (${ms(boot)} ms here) and without the platform's Request/Response machinery (Node's fetch classes, which Netlify's runtime loads for every function before it runs; measured in the same process and shown apart). CPU: the same span's CPU time: less sensitive than wall time to other work on a shared machine. Baseline: the same search answered by the storefront function's bundle (its router serves the path too), in the same run.\n`);
console.log('| catalog | indexes, 12 locales (MB) | largest main index (MB) | gzip (MB) | result records, 12 locales (MB) | build (s) | handler p50 / p99 (ms) | index p50 / p99 (ms) | cold: script compile / (platform Request/Response) / function load / main index load / results load / first answer (ms) | cold start (ms) | cold start CPU (ms) | baseline: storefront function cold start / CPU (ms) | descriptions load, later (ms) | judged MRR@10 / top-1 |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of results) {
  const c = r.cold;
  const b = r.baseline;
  console.log(
    `| ${r.label} (${r.products} products, snapshot ${r.snapshotMb} MB, function's ${r.functionSnapshotMb} MB) | ${mb(r.bytes)} | ${mb(r.largestMain)} | ${mb(r.gzip)} | ${mb(r.resultsBytes)} | ${(r.buildMs / 1000).toFixed(1)} | ${ms(r.viaHandler.p50)} / ${ms(r.viaHandler.p99)} | ${ms(r.viaIndex.p50)} / ${ms(r.viaIndex.p99)} | ` +
      `${ms(c.bootAndModules - boot - c.platform)} / (${ms(c.platform)}) / ${ms(c.functionLoad)} / ${ms(c.indexLoad)} / ${ms(c.resultsLoad)} / ${ms(c.firstQuery)} (bundle ${kb(c.bundleBytes)}) | ${ms(own(c))} | ${ms(ownCpu(c))} | ${ms(own(b))} / ${ms(ownCpu(b))} (bundle ${kb(b.bundleBytes)}) | ${ms(c.descriptionsLoad)} | ${r.judgedResult.mrr.toFixed(3)} / ${(r.judgedResult.top1 * 100).toFixed(1)} % |`,
  );
}
const synth = results[1];
const checks = [
  ['p50 <= 1 ms (handler, synthetic)', synth.viaHandler.p50 <= 1],
  ['p99 <= 5 ms (handler, synthetic)', synth.viaHandler.p99 <= 5],
  ['cold start incl. index and result records load <= 150 ms (synthetic)', own(synth.cold) <= 150],
] as const;
console.log(`\n${checks.map(([name, met]) => `${met ? 'met' : 'NOT met'}: ${name}`).join('\n')}`);
console.log('(judged MRR on the synthetic catalog is informative only: its extra products are not judged.)');

