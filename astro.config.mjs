// Astro renders every static file of the site from the catalog snapshot (src/catalog/snapshot.ts).
import { defineConfig } from 'astro/config';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { sitemapAlias, sortedSitemap } from './src/storefront/sitemap.ts';
import { searchShell } from './src/storefront/search-shell.ts';

const store = parse(readFileSync(new URL('./content/store.yaml', import.meta.url), 'utf8'));

export default defineConfig({
  // npm start builds for its local origin (STORE_BASE_URL, scripts/lib/content.ts `buildBaseUrl`).
  site: process.env.STORE_BASE_URL || store.base_url,
  output: 'static',
  trailingSlash: 'ignore',
  // concurrency: pages render while earlier ones are written (Astro renders one page at a time by
  // default, and a synthetic build spent about a third of its time waiting on writes: README
  // "Performance"; same output, page for page). 8 rather than 4: each page waits on four file
  // operations in turn (mkdir, open, write, close), and with 4 pages in flight the renderer still
  // sat idle; 2,000 products, pairs run alternately: 56.8/66.7, 50.7/73.4, 71.6/72.9, 55.4/63.1 s.
  build: { format: 'directory', concurrency: 8 },
  // The locales are written once, in content/store.yaml (the code reads them through src/catalog/locales.ts).
  i18n: {
    defaultLocale: store.default_locale,
    locales: store.locales,
    routing: { prefixDefaultLocale: false },
  },
  // /sitemap-index.xml + /sitemap-0.xml with hreflang alternates (@astrojs/sitemap, given the pages in
  // its own order: sortedSitemap); sitemapAlias() then copies the index to /sitemap.xml.
  // searchShell() moves the frames of the function's search page out of dist/ (src/storefront/search-shell.ts).
  integrations: [sortedSitemap(), sitemapAlias(), searchShell('.generated/search')],
});
