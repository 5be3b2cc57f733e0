/**
 * Options of @astrojs/sitemap (docs/storefront.md "Discovery documents": /sitemap.xml) and the copy that makes `/sitemap.xml` exist.
 * The integration lists the HTML pages Astro built, with absolute URLs from astro.config.mjs
 * `site` (content/store.yaml `base_url`); `serialize` gives each page its 12 hreflang alternates,
 * x-default (the French page, as in the pages' <head>) and `lastmod`, worked out for all pages
 * at once before the integration runs ({@link sitemapEntries}).
 * JSON endpoints and the 404 pages are left out, so every listed URL is a page that answers 200.
 */
import { copyFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import sitemap, { type LinkItem, type SitemapItem, type SitemapOptions } from '@astrojs/sitemap';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../catalog/locales';
import { catalogSnapshot } from '../catalog/snapshot';
import type { Catalog } from '../catalog/types';
import { findCollection, findProduct } from '../catalog/query';
import { BLOG_HANDLE } from '../catalog/urls';

/** True for pathnames the sitemap lists ("/en/products/x/"): HTML pages (directory URLs ending in "/"), not a 404 page nor the search page frame. */
export function isSitemapPage(pathname: string): boolean {
  return pathname.endsWith('/') && !/^\/(?:[a-z]{2}\/)?(?:404|search-shell)\/$/.test(pathname);
}

/** Splits a page's pathname into its locale and locale-less path ("/en/products/x/" → en, "/products/x/"). */
function splitPagePath(pathname: string): { locale: Locale; path: string } {
  const first = pathname.split('/')[1];
  return isLocale(first) && first !== DEFAULT_LOCALE ? { locale: first, path: pathname.slice(first.length + 1) } : { locale: DEFAULT_LOCALE, path: pathname };
}

/**
 * Last modification (ISO 8601) of the content behind a page, by its locale and locale-less path:
 * the product's, collection's, page's or article's `updated_at` (of the locale's text for pages
 * and articles); undefined for the home and blog index pages, which summarise many things.
 */
export function lastmodOf(catalog: Catalog, locale: Locale, path: string): string | undefined {
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

/** What `serialize` adds to a sitemap URL: its hreflang links (x-default last) and its lastmod. */
export interface SitemapEntry {
  links?: LinkItem[];
  lastmod?: string;
}

/**
 * The sitemap entry of every listed page, by absolute URL. `pathnames` are in the sitemap's
 * order, each "/"-led; a URL is `siteUrl` (ending in "/") followed by the pathname without its
 * "/", as @astrojs/sitemap builds it. The pages of one locale-less path are each other's
 * alternates, in that order, `lang` being the locale code (what @astrojs/sitemap's `i18n`
 * option gives, grouped here in one pass over the pages instead of one per path), then
 * x-default, the French URL; a path built in one locale only has no links.
 * @returns Map of absolute URL → entry; pages sharing a path share one `links` array
 */
export function sitemapEntries(catalog: Catalog, siteUrl: string, pathnames: readonly string[]): Map<string, SitemapEntry> {
  const byPath = new Map<string, LinkItem[]>();
  const pages = pathnames.map((pathname) => {
    const { locale, path } = splitPagePath(pathname);
    const url = `${siteUrl}${pathname.slice(1)}`;
    let links = byPath.get(path);
    if (!links) byPath.set(path, (links = []));
    links.push({ url, lang: locale });
    const lastmod = lastmodOf(catalog, locale, path);
    return { url, links, lastmod: lastmod ? new Date(lastmod).toISOString() : undefined };
  });
  for (const links of byPath.values()) {
    const french = links.find((l) => l.lang === DEFAULT_LOCALE);
    if (french && links.length > 1) links.push({ lang: 'x-default', url: french.url });
  }
  return new Map(pages.map(({ url, links, lastmod }) => [url, { ...(links.length > 1 ? { links } : {}), ...(lastmod ? { lastmod } : {}) }]));
}

/**
 * What one sitemap file may hold under the sitemaps.org protocol (also Google's and Bing's
 * limits): 50,000 URLs and 50 MiB (52,428,800 bytes) uncompressed. With 13 alternates per page a
 * <url> is ~2 KB, so the byte limit is reached first, near 26,000 pages.
 */
export const SITEMAP_LIMITS = { urls: 50_000, bytes: 52_428_800 } as const;
/** Bytes of a sitemap file besides its <url> elements (XML declaration, <urlset> with its namespaces), with room to spare. */
const SITEMAP_FRAME_BYTES = 1_024;

// Not escapeHtml (src/views/html.ts): the `sitemap` package writes `'` as `&apos;`, a byte more than `&#39;`, and the bound must not fall short.
const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xmlEscaped = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);

/**
 * Upper bound of the UTF-8 bytes of one page's <url> element as the `sitemap` package writes it:
 * <loc>, <lastmod> and one <xhtml:link rel="alternate" hreflang href/> per link, every text XML-escaped.
 * @param url the page's absolute URL; `entry` its {@link sitemapEntries} entry
 */
export function sitemapEntryBytes(url: string, entry: SitemapEntry): number {
  const link = (l: LinkItem) => `<xhtml:link rel="alternate" hreflang="${xmlEscaped(l.lang)}" href="${xmlEscaped(l.url)}"/>`;
  const xml = `<url><loc>${xmlEscaped(url)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : ''}${(entry.links ?? []).map(link).join('')}</url>`;
  return Buffer.byteLength(xml, 'utf8');
}

/**
 * How many URLs each sitemap file gets (@astrojs/sitemap's `entryLimit`): as many as keep every
 * file within {@link SITEMAP_LIMITS} however the pages fall into files, i.e. the byte budget
 * divided by the largest entry, at most 50,000 and at least 1. Past that count the integration
 * starts a new file (`sitemap-1.xml`, ...), which the index lists.
 * @param entries {@link sitemapEntries}' result
 */
export function sitemapEntryLimit(entries: ReadonlyMap<string, SitemapEntry>): number {
  let largest = 1;
  for (const [url, entry] of entries) largest = Math.max(largest, sitemapEntryBytes(url, entry));
  return Math.max(1, Math.min(SITEMAP_LIMITS.urls, Math.floor((SITEMAP_LIMITS.bytes - SITEMAP_FRAME_BYTES) / largest)));
}

/**
 * @astrojs/sitemap, given the listed pages only ({@link isSitemapPage}), in the order it sorts
 * its URLs into (`localeCompare` with locale "en" and numeric collation, which is what an
 * `Intl.Collator("en", { numeric: true })` compares), with a `serialize` that looks each URL's
 * entry up in {@link sitemapEntries}. Done here rather than through the integration's `filter`
 * and `i18n` options: it validates every call of an option's function against its schema,
 * groups alternates by scanning every URL for each path, and its sort builds a collator per
 * comparison, which took seconds for tens of thousands of pages (README "Performance"). The
 * integration still sorts and writes the XML, in files of at most {@link sitemapEntryLimit} URLs.
 * @throws Error at build time when the integration lists a URL that is not one of the pages
 */
export function sortedSitemap(): AstroIntegration {
  let entries = new Map<string, SitemapEntry>();
  let siteUrl = '';
  // Read by the integration when the build is done, after `entryLimit` is set from the pages.
  const options: SitemapOptions = {
    serialize: (item: SitemapItem) => {
      const entry = entries.get(item.url);
      if (!entry) throw new Error(`${item.url} is not a page of the build: src/storefront/sitemap.ts lists built pages only`);
      return { ...item, ...entry };
    },
    namespaces: { news: false, image: false, video: false },
  };
  const integration = sitemap(options);
  const { 'astro:config:done': configDone, 'astro:build:done': done } = integration.hooks;
  const compare = new Intl.Collator('en', { numeric: true }).compare;
  return {
    ...integration,
    hooks: {
      ...integration.hooks,
      'astro:config:done': (params) => {
        siteUrl = new URL(params.config.base, params.config.site).href;
        return configDone?.(params);
      },
      // Every URL is the site's URL followed by the pathname, so ordering pathnames orders URLs.
      'astro:build:done': (params) => {
        const pages = params.pages
          .map((page) => ({ page, pathname: `/${page.pathname.replace(/^\//, '')}` }))
          .filter(({ pathname }) => isSitemapPage(pathname))
          .sort((a, b) => compare(a.pathname, b.pathname));
        entries = sitemapEntries(catalogSnapshot(), siteUrl, pages.map((p) => p.pathname));
        options.entryLimit = sitemapEntryLimit(entries);
        return done?.({ ...params, pages: pages.map((p) => p.page) });
      },
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
