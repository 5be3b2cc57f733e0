/**
 * `npx tsx bench/search-compare.ts`: the measurement behind the choice of search library
 * (docs/search.md). MiniSearch, Orama and FlexSearch index the same analysed corpus
 * (bench/search-engines.ts) of the real catalog (12 locales) and of a synthetic 5,000-product
 * catalog (COMPARE_LOCALES, default fr,de,ru, to keep the run short), and are measured on:
 * relevance on the judged set (MRR@10, top-1; real catalog), in-process latency p50/p99 of the
 * judged queries typed letter by letter, serialised index size, and load time (read + parse +
 * load of one locale's file in the running process, median of 5; fresh-process cold starts of
 * the chosen library are measured by bench/search.ts). Prints a Markdown table.
 */
import { gzipSync } from 'node:zlib';
import { readFileSync, writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { catalogSnapshot } from '../src/catalog/snapshot';
import { LOCALES, type Locale } from '../src/catalog/locales';
import type { Catalog } from '../src/catalog/types';
import { analyzedCorpus } from '../src/search/corpus';
import { analyzeQuery } from '../src/search/analyze';
import { CANDIDATES, type Searcher } from './search-engines';
import { judgedQueries, relevance } from './judged';
import { medianMs, timeQueries, typingWorkload } from './search-workload';
import { syntheticCatalog, writeSnapshot } from './synthetic-catalog';

const SYNTHETIC = Number(process.env.BENCH_PRODUCTS ?? 5000);
const syntheticLocales = (process.env.COMPARE_LOCALES ?? 'fr,de,ru').split(',') as Locale[];
const judged = judgedQueries();
const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)}`;

interface Row {
  library: string;
  catalog: string;
  mrr?: number;
  top1?: number;
  p50: number;
  p99: number;
  bytes: number;
  gzip: number;
  loadMs: number;
  buildMs: number;
}

async function measure(catalog: Catalog, label: string, locales: readonly Locale[], withRelevance: boolean): Promise<Row[]> {
  const rows: Row[] = [];
  const tmp = writeSnapshot({ ...catalog, products: [] }, 'search-compare-').dir;
  const corpora = new Map(locales.map((l) => [l, analyzedCorpus(catalog, l)]));
  for (const candidate of CANDIDATES) {
    const searchers = new Map<Locale, Searcher>();
    let bytes = 0;
    let gzip = 0;
    let buildMs = 0;
    let loadMs = 0;
    for (const locale of locales) {
      const t0 = performance.now();
      const serialised = await candidate.build(corpora.get(locale)!, locale);
      buildMs += performance.now() - t0;
      bytes += Buffer.byteLength(serialised);
      gzip += gzipSync(serialised).length;
      const file = join(tmp, `${locale}.idx`);
      writeFileSync(file, serialised);
      if (locale === locales[0]) loadMs = await medianMs(() => candidate.load(readFileSync(file, 'utf8')));
      searchers.set(locale, await candidate.load(readFileSync(file, 'utf8')));
    }
    const queries = judged.filter((q) => locales.includes(q.locale));
    const work = typingWorkload(queries).map((w) => ({ ...w, words: analyzeQuery(w.q, w.locale) }));
    const latency = await timeQueries(work, (w) => searchers.get(w.locale)!(w.words));
    const row: Row = { library: candidate.name, catalog: label, p50: latency.p50, p99: latency.p99, bytes: bytes / locales.length, gzip: gzip / locales.length, loadMs, buildMs: buildMs / locales.length };
    if (withRelevance) {
      const r = await relevance(queries, (l, q) => searchers.get(l)!(analyzeQuery(q, l)));
      row.mrr = r.mrr;
      row.top1 = r.top1;
    }
    rows.push(row);
    console.error(`${label} ${candidate.name}: done`);
  }
  rmSync(tmp, { recursive: true, force: true });
  return rows;
}

const real = catalogSnapshot();
const rows = [
  ...(await measure(real, `real (${real.products.filter((p) => p.published).length} products, ${LOCALES.length} locales)`, LOCALES, true)),
  ...(await measure(syntheticCatalog(real, SYNTHETIC), `synthetic ${SYNTHETIC} products (${syntheticLocales.join(', ')})`, syntheticLocales, false)),
];

console.log(`\nJudged set: ${judged.length} queries in ${new Set(judged.map((q) => q.locale)).size} locales; latency over ${typingWorkload(judged).length} typed prefixes (real), 3 rounds.\n`);
console.log('| library | catalog | MRR@10 | top-1 | p50 (ms) | p99 (ms) | index per locale (KiB) | gzip (KiB) | load 1 locale, in-process (ms) | build per locale (ms) |');
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(
    `| ${r.library} | ${r.catalog} | ${r.mrr?.toFixed(3) ?? '–'} | ${r.top1 !== undefined ? `${(r.top1 * 100).toFixed(1)} %` : '–'} | ${r.p50.toFixed(3)} | ${r.p99.toFixed(3)} | ${kib(r.bytes)} | ${kib(r.gzip)} | ${r.loadMs.toFixed(1)} | ${r.buildMs.toFixed(0)} |`,
  );
}
