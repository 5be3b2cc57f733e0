// Astro renders every static file of the site from the catalog snapshot (src/catalog/snapshot.ts).
import { defineConfig } from 'astro/config';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { sitemapAlias, sitemapOptions, sortedSitemap } from './src/storefront/sitemap.ts';
import { searchShell } from './src/storefront/search-shell.ts';

const store = parse(readFileSync(new URL('./content/store.yaml', import.meta.url), 'utf8'));

export default defineConfig({
  site: store.base_url,
  output: 'static',
  trailingSlash: 'ignore',
  // concurrency: pages render while earlier ones are written (Astro renders one page at a time by
  // default, and a synthetic build spent about a third of its time waiting on writes: README
  // "Performance"; same output, page for page).
  build: { format: 'directory', concurrency: 4 },
  // The locales are written once, in content/store.yaml (the code reads them through src/catalog/locales.ts).
  i18n: {
    defaultLocale: store.default_locale,
    locales: store.locales,
    routing: { prefixDefaultLocale: false },
  },
  // /sitemap-index.xml + /sitemap-0.xml with hreflang alternates (@astrojs/sitemap, given the pages in
  // its own order: sortedSitemap); sitemapAlias() then copies the index to /sitemap.xml.
  // searchShell() moves the frames of the function's search page out of dist/ (src/storefront/search-shell.ts).
  integrations: [sortedSitemap(sitemapOptions()), sitemapAlias(), searchShell('.generated/search')],
});
