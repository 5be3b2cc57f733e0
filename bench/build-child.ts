/**
 * The catalog step of one measured build, as scripts/build-data.ts does it before `astro build`:
 *   tsx bench/build-child.ts <contentRoot>
 * Reads the content under <contentRoot> and writes the catalog snapshot to SNAPSHOT_PATH.
 * Prints one JSON line: {ms, maxRssMb}. The Astro step is bench/astro-build.mjs.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { loadContent } from '../src/catalog/load';

const started = performance.now();
const { catalog } = loadContent(process.argv[2]);
mkdirSync(dirname(process.env.SNAPSHOT_PATH!), { recursive: true });
writeFileSync(process.env.SNAPSHOT_PATH!, JSON.stringify(catalog));
console.log(JSON.stringify({ ms: Math.round(performance.now() - started), maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024) }));
