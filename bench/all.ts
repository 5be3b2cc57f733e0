/**
 * `npm run bench`: every benchmark in one run on the same machine (build, search, MCP, checkout),
 * then one table of the headline figures read from bench/.out/*.json. Each figure compares
 * against a baseline measured in this same run where one exists (the trivial Astro build).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const scripts = ['bench:build', 'bench:search', 'bench:mcp', 'bench:checkout'];
for (const script of scripts) {
  console.log(`\n=== npm run ${script} ===`);
  execFileSync('npm', ['run', '--silent', script], { stdio: 'inherit' });
}

const read = (name: string) => JSON.parse(readFileSync(`bench/.out/${name}.json`, 'utf8'));
const build = read('build');
const search = read('search');
const mcp = read('mcp');
const checkout = read('checkout');
const f = (n: number, digits = 1) => n.toFixed(digits);
const pp = (s: { p50: number; p99: number }, digits = 2) => `${f(s.p50, digits)} / ${f(s.p99, digits)} ms`;
const [searchReal, searchSynth] = search.results;
// The search function's own cold start: without Node's start-up and the platform's Request/Response machinery (bench/search.ts).
const cold = (r: { cold: { total: number; platform: number } }) => `${f(r.cold.total - search.boot - r.cold.platform, 0)} ms`;

const rows: Array<[string, string]> = [
  [`build, real catalog (${build.real.files} files)`, `${f(build.real.ms / 1000)} s, peak ${build.real.maxRssMb} MB`],
  [`build, synthetic ${build.products} products × 12 locales (${build.synthetic.files} files)`, `${f(build.synthetic.ms / 1000)} s, ${f(build.synthetic.ms / build.synthetic.files, 2)} ms/file, peak ${build.synthetic.maxRssMb} MB`],
  ['baseline: trivial Astro build, same file count', `${f(build.trivial.ms / 1000)} s, ${f(build.trivial.ms / build.trivial.files, 2)} ms/file`],
  ['synthetic build / baseline (target <= 1.5x)', `${f(build.synthetic.ms / build.trivial.ms, 2)}x`],
  [`search p50 / p99, real catalog (${searchReal.products} products)`, pp(searchReal.viaHandler)],
  [`search p50 / p99, synthetic (${searchSynth.products} products)`, pp(searchSynth.viaHandler)],
  ['MCP tools/list p50 / p99', pp(mcp.tools_list)],
  ['MCP search_catalog p50 / p99', pp(mcp.search_catalog)],
  ['MCP create_cart p50 / p99 (PostgreSQL)', pp(mcp.create_cart_postgres)],
  [`MCP purchase flow p50 / p99 (${checkout.flows} flows, PostgreSQL)`, pp(checkout.postgres.flow, 1)],
  [`REST purchase flow p50 / p99 (${checkout.flows} flows, PostgreSQL)`, pp(checkout.postgres_rest.flow, 1)],
  ['the store\'s requests of a flow p50 / p99, MCP / REST (goal p50 <= 20 ms)', `${pp(checkout.postgres.requests, 1)} / ${pp(checkout.postgres_rest.requests, 1)}`],
  ['of which waiting on PostgreSQL p50, MCP / REST', `${f(checkout.postgres.database.p50)} / ${f(checkout.postgres_rest.database.p50)} ms`],
  ['oversell race (PostgreSQL)', `${checkout.oversell_race_postgres.racers} racers for ${checkout.oversell_race_postgres.units_left} units → ${checkout.oversell_race_postgres.completed} orders, ${checkout.oversell_race_postgres.out_of_stock} out_of_stock`],
  ['search function cold start incl. index and results load, real catalog', cold(searchReal)],
  [`search function cold start incl. index and results load, ${searchSynth.products} products`, cold(searchSynth)],
];
console.log('\n| measure | result |\n|---|---|');
for (const [name, value] of rows) console.log(`| ${name} | ${value} |`);
