/**
 * Options of @astrojs/sitemap (docs/storefront.md "Discovery documents": /sitemap.xml) and the copy that makes `/sitemap.xml` exist.
 * The integration lists the HTML pages Astro built, with absolute URLs from astro.config.mjs
 * `site` (content/store.yaml `base_url`) and, through `i18n`, the 12 hreflang alternates of each
 * page; `serialize` adds x-default (the French page, as in the pages' <head>) and `lastmod`.
 * JSON endpoints and the 404 pages are left out, so every listed URL is a page that answers 200.
 */
import { copyFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import sitemap, { type SitemapItem, type SitemapOptions } from '@astrojs/sitemap';
import { DEFAULT_LOCALE, LOCALES, isLocale, type Locale } from '../catalog/locales';
import { catalogSnapshot } from '../catalog/snapshot';
import type { Catalog } from '../catalog/types';
import { findCollection, findProduct } from '../catalog/query';
import { BLOG_HANDLE } from '../catalog/urls';

/** True for URLs the sitemap lists: HTML pages (directory URLs ending in "/"), not a 404 page nor the search page frame. */
export function isSitemapPage(url: string): boolean {
  const { pathname } = new URL(url);
  return pathname.endsWith('/') && !/^\/(?:[a-z]{2}\/)?(?:404|search-shell)\/$/.test(pathname);
}

/** Splits a page URL into its locale and locale-less path ("/en/products/x/" → en, "/products/x/"). */
function splitPageUrl(url: string): { locale: Locale; path: string } {
  const { pathname } = new URL(url);
  const first = pathname.split('/')[1];
  return isLocale(first) && first !== DEFAULT_LOCALE ? { locale: first, path: pathname.slice(first.length + 1) } : { locale: DEFAULT_LOCALE, path: pathname };
}

/**
 * Last modification (ISO 8601) of the content behind a page: the product's, collection's, page's
 * or article's `updated_at` (of the locale's text for pages and articles); undefined for the home
 * and blog index pages, which summarise many things.
 */
export function lastmodOf(catalog: Catalog, url: string): string | undefined {
  const { locale, path } = splitPageUrl(url);
  const [, kind, handle, sub] = path.split('/');
  if (kind === 'products') return findProduct(catalog, handle)?.updated_at;
  if (kind === 'collections') return findCollection(catalog, handle)?.updated_at;
  if (kind === 'pages') {
    const page = catalog.pages.find((p) => p.handle === handle);
    return (page?.locales[locale] ?? page?.locales[DEFAULT_LOCALE])?.meta.updated_at;
  }
  if (kind === 'blogs' && handle === BLOG_HANDLE && sub) {
    const article = catalog.articles.find((a) => a.handle === sub);
    return (article?.locales[locale] ?? article?.locales[DEFAULT_LOCALE])?.meta.updated_at;
  }
  return undefined;
}

/** Adds the x-default alternate (the French URL) to an item's hreflang links, and its lastmod. */
export function serializeItem(item: SitemapItem, catalog: Catalog = catalogSnapshot()): SitemapItem {
  const french = item.links?.find((l) => l.lang === DEFAULT_LOCALE);
  const lastmod = lastmodOf(catalog, item.url);
  return {
    ...item,
    ...(item.links && french ? { links: [...item.links, { lang: 'x-default', url: french.url }] } : {}),
    ...(lastmod ? { lastmod: new Date(lastmod).toISOString() } : {}),
  };
}

/** Options for `sitemap()` in astro.config.mjs: hreflang = locale code, as in the pages' <head>. */
export function sitemapOptions(): SitemapOptions {
  return {
    i18n: { defaultLocale: DEFAULT_LOCALE, locales: Object.fromEntries(LOCALES.map((l) => [l, l])) },
    filter: isSitemapPage,
    serialize: (item) => serializeItem(item),
    namespaces: { news: false, image: false, video: false },
  };
}

/**
 * @astrojs/sitemap (`sitemap(options)`) with the build's pages handed to it in the order it sorts
 * its URLs into (`localeCompare` with locale "en" and numeric collation, which is what an
 * `Intl.Collator("en", { numeric: true })` compares): its sort then finds them in order. It
 * calls `localeCompare` with options, which builds a collator on every comparison, so sorting
 * tens of thousands of URLs from the build's order took seconds (README "Performance"). The
 * sitemap written is the same: the integration still sorts what it gets.
 */
export function sortedSitemap(options: SitemapOptions): AstroIntegration {
  const integration = sitemap(options);
  const done = integration.hooks['astro:build:done'];
  const compare = new Intl.Collator('en', { numeric: true }).compare;
  return {
    ...integration,
    hooks: {
      ...integration.hooks,
      // Every URL is the site's URL followed by the pathname, so ordering pathnames orders URLs.
      'astro:build:done': (params) => done?.({ ...params, pages: [...params.pages].sort((a, b) => compare(a.pathname, b.pathname)) }),
    },
  };
}

/**
 * `/sitemap.xml` (docs/storefront.md "Discovery documents") as a static file: @astrojs/sitemap writes
 * `sitemap-index.xml` (+ `sitemap-0.xml`, ...); this integration, placed after it, copies the
 * index to `sitemap.xml` so the spec's path answers without a redirect rule.
 * @throws Error at build time when the index is missing (the sitemap integration did not run first).
 */
export function sitemapAlias(): AstroIntegration {
  return {
    name: 'sitemap-alias',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const index = fileURLToPath(new URL('sitemap-index.xml', dir));
        if (!existsSync(index)) throw new Error(`${index} is missing: list @astrojs/sitemap before sitemapAlias() in astro.config.mjs`);
        copyFileSync(index, fileURLToPath(new URL('sitemap.xml', dir)));
        logger.info('sitemap.xml written (copy of sitemap-index.xml)');
      },
    },
  };
}
