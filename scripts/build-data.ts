/**
 * First build step: validates `content/` (under CONTENT_ROOT, default the working directory) and writes the catalog snapshot that
 * the Astro build and the function both read (src/catalog/snapshot.ts). Fails the build, with
 * every error as `file: field path: problem`, when content is invalid.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { ContentError } from '../src/catalog/load';
import { loadStoreContent } from './lib/content';
import { functionSnapshotPath, snapshotPath, writeFunctionSnapshot } from '../src/catalog/snapshot';

const started = performance.now();
try {
  const { catalog, warnings } = loadStoreContent(process.env.CONTENT_ROOT ?? process.cwd());
  const out = snapshotPath();
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify(catalog));
  writeFunctionSnapshot(catalog);
  console.log(
    `build-data: ${catalog.products.length} products, ${catalog.collections.length} collections, ${catalog.pages.length} pages, ` +
      `${catalog.articles.length} articles → ${out} and ${functionSnapshotPath()} (+ per-locale product text) (${warnings.length} translation warning(s); see npm run check) in ${Math.round(performance.now() - started)} ms`,
  );
} catch (e) {
  if (!(e instanceof ContentError)) throw e;
  for (const line of e.errors) console.error(`error: ${line}`);
  console.error(`build failed: ${e.errors.length} content error(s)`);
  process.exit(1);
}
