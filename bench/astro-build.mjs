/**
 * The Astro step of one measured build, run by plain Node as `astro build` runs in `npm run
 * build` (no TypeScript loader hooked into module resolution: under tsx every `import()` of the
 * build's chunks goes through its resolver, seconds for 50,000 pages):
 *   node bench/astro-build.mjs <astro root> <outDir>
 * Prints one JSON line: {ms, maxRssMb, files}.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'astro';

const [root, outDir] = process.argv.slice(2);
const started = performance.now();
await build({ root, outDir, logLevel: 'error' });
const ms = performance.now() - started;

/** Files under `dir`, recursively (not timed). */
function countFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).reduce((n, entry) => n + (entry.isDirectory() ? countFiles(join(dir, entry.name)) : 1), 0);
}
console.log(JSON.stringify({ ms: Math.round(ms), maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024), files: countFiles(outDir) }));
