/**
 * `npm run check`: validates all content in seconds without a full build.
 * Reads content/ under CONTENT_ROOT (default: the working directory). Prints every error (file: field path: what is wrong) and every missing translation as a
 * warning; exits 1 on errors, 0 otherwise.
 */
import { ContentError } from '../src/catalog/load';
import { loadStoreContent } from './lib/content';

const started = performance.now();
try {
  const { catalog, warnings } = loadStoreContent(process.env.CONTENT_ROOT ?? process.cwd());
  for (const w of warnings) console.warn(`warning: ${w}`);
  const ms = Math.round(performance.now() - started);
  console.log(
    `content OK: ${catalog.products.length} products, ${catalog.collections.length} collections, ${catalog.discounts.length} discounts, ` +
      `${catalog.pages.length} pages, ${catalog.articles.length} articles; ${warnings.length} warning(s) in ${ms} ms`,
  );
} catch (e) {
  if (!(e instanceof ContentError)) throw e;
  for (const w of e.warnings) console.warn(`warning: ${w}`);
  for (const line of e.errors) console.error(`error: ${line}`);
  console.error(`${e.errors.length} content error(s)`);
  process.exit(1);
}
