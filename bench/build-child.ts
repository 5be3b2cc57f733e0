/**
 * One measured build, in its own process so that peak memory is its own:
 *   tsx bench/build-child.ts <astro root> <outDir> [contentRoot]
 * With a content root it first writes the catalog snapshot (as scripts/build-data.ts does).
 * Prints one JSON line: {ms, maxRssMb, files}.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'astro';

const [root, outDir, contentRoot] = process.argv.slice(2);
const started = performance.now();
if (contentRoot) {
  const { loadContent } = await import('../src/catalog/load');
  const { writeFileSync, mkdirSync } = await import('node:fs');
  const { dirname } = await import('node:path');
  const { catalog } = loadContent(contentRoot);
  mkdirSync(dirname(process.env.SNAPSHOT_PATH!), { recursive: true });
  writeFileSync(process.env.SNAPSHOT_PATH!, JSON.stringify(catalog));
}
await build({ root, outDir, logLevel: 'error' });
const ms = performance.now() - started;

function countFiles(dir: string): number {
  return readdirSync(dir).reduce((n, name) => n + (statSync(join(dir, name)).isDirectory() ? countFiles(join(dir, name)) : 1), 0);
}
console.log(JSON.stringify({ ms: Math.round(ms), maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024), files: countFiles(outDir) }));
