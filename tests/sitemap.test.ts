// docs/storefront.md "Discovery documents": /sitemap.xml lists every page in every locale with hreflang alternates,
// absolute URLs from the configured base URL, nothing that answers 404; served as application/xml.
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { load } from 'cheerio';
import { parse as parseToml } from 'smol-toml';
import { catalog, distExists, distFile, published } from './helpers/site';
import { allHtmlPaths, fileOfPath } from './helpers/storefront';
import { DEFAULT_LOCALE, LOCALES, localePrefix } from '../src/catalog/locales';
import { collectionProducts } from '../src/catalog/query';
import { pageCount } from '../src/catalog/urls';

const base = catalog.store.base_url;
const xml = (path: string) => load(readFileSync(distFile(path), 'utf8'), { xml: true });

interface Entry {
  loc: string;
  lastmod?: string;
  links: Record<string, string>;
}

/** Every <url> of every sitemap the index at /sitemap.xml lists. */
function sitemapEntries(): Entry[] {
  const index = xml('/sitemap.xml');
  const chunks = index('sitemapindex > sitemap > loc').toArray().map((el) => index(el).text());
  expect(chunks.length).toBeGreaterThan(0);
  return chunks.flatMap((chunk) => {
    expect(chunk.startsWith(`${base}/`)).toBe(true);
    const $ = xml(new URL(chunk).pathname);
    return $('urlset > url').toArray().map((el) => ({
      loc: $(el).children('loc').text(),
      lastmod: $(el).children('lastmod').text() || undefined,
      links: Object.fromEntries($(el).children('xhtml\\:link').toArray().map((l) => [$(l).attr('hreflang')!, $(l).attr('href')!])),
    }));
  });
}

describe('/sitemap.xml', () => {
  const entries = sitemapEntries();
  const byLoc = new Map(entries.map((e) => [e.loc, e]));

  it('exists at /sitemap.xml as the index written by @astrojs/sitemap', () => {
    expect(distExists('/sitemap.xml')).toBe(true);
    expect(readFileSync(distFile('/sitemap.xml'), 'utf8')).toBe(readFileSync(distFile('/sitemap-index.xml'), 'utf8'));
    expect(xml('/sitemap.xml')('sitemapindex').attr('xmlns')).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  });

  it('lists absolute URLs under the configured base URL, each served by an HTML file in dist/ (nothing answers 404)', () => {
    for (const { loc } of entries) {
      expect(loc.startsWith(`${base}/`), loc).toBe(true);
      const { pathname } = new URL(loc);
      expect(pathname.endsWith('/'), loc).toBe(true);
      expect(pathname).not.toMatch(/\.json$|\/404\/$/);
      expect(fileOfPath(pathname), loc).toMatch(/index\.html$/);
    }
    expect(byLoc.size).toBe(entries.length);
  });

  it('lists every HTML page of dist/ except the 404 pages', () => {
    const pages = allHtmlPaths().filter((p) => !/^\/(?:[a-z]{2}\/)?404(\.html|\/)$/.test(p));
    expect(entries.map((e) => new URL(e.loc).pathname).sort()).toEqual(pages);
  });

  it('lists every product, collection page, content page, article and the guides index in every locale', () => {
    const paths = [
      '/',
      ...published.map((p) => `/products/${p.handle}/`),
      ...catalog.collections.flatMap((c) => {
        const n = pageCount(collectionProducts(catalog, c).length);
        return Array.from({ length: n }, (_, i) => (i ? `/collections/${c.handle}/page/${i + 1}/` : `/collections/${c.handle}/`));
      }),
      ...catalog.pages.map((p) => `/pages/${p.handle}/`),
      ...(catalog.articles.length ? ['/blogs/guides/'] : []),
      ...catalog.articles.map((a) => `/blogs/guides/${a.handle}/`),
    ];
    const missing = LOCALES.flatMap((l) => paths.map((p) => `${base}${localePrefix(l)}${p}`)).filter((url) => !byLoc.has(url));
    expect(missing).toEqual([]);
  });

  it('gives every URL its 12 hreflang alternates and x-default (the French URL), itself included', () => {
    for (const entry of entries) {
      const path = new URL(entry.loc).pathname.replace(new RegExp(`^/(${LOCALES.filter((l) => l !== DEFAULT_LOCALE).join('|')})/`), '/');
      const expected = Object.fromEntries(LOCALES.map((l) => [l, `${base}${localePrefix(l)}${path}`]));
      expect(entry.links, entry.loc).toEqual({ ...expected, 'x-default': `${base}${path}` });
      expect(Object.values(entry.links)).toContain(entry.loc);
    }
  });

  it('is announced by /robots.txt with its absolute URL', () => {
    expect(readFileSync(distFile('/robots.txt'), 'utf8')).toContain(`\nSitemap: ${base}/sitemap.xml\n`);
  });

  it("dates products and articles by their content's updated_at", () => {
    for (const product of published) {
      const entry = byLoc.get(`${base}/en/products/${product.handle}/`)!;
      expect(Date.parse(entry.lastmod!)).toBe(Date.parse(product.updated_at));
    }
    for (const article of catalog.articles) {
      const entry = byLoc.get(`${base}/blogs/guides/${article.handle}/`)!;
      expect(Date.parse(entry.lastmod!)).toBe(Date.parse(article.locales.fr!.meta.updated_at));
    }
  });
});

describe('netlify.toml for the storefront', () => {
  const config = parseToml(readFileSync('netlify.toml', 'utf8')) as {
    headers: Array<{ for: string; values: Record<string, string> }>;
    redirects: Array<{ from: string; to: string; status?: number; force?: boolean }>;
  };

  it('serves the sitemap files as application/xml', () => {
    for (const path of ['/sitemap.xml', '/sitemap-*.xml']) {
      const rule = config.headers.find((h) => h.for === path);
      expect(rule?.values['Content-Type'], path).toMatch(/^application\/xml(;|$)/);
    }
  });

  it('answers an unknown path under a locale prefix with that locale’s 404 page, any other with the French one, after every other rule', () => {
    const notFound = config.redirects.filter((r) => r.status === 404);
    expect(notFound.map((r) => r.from)).toEqual([...LOCALES.filter((l) => l !== 'fr').map((l) => `/${l}/*`), '/*']);
    expect(notFound.at(-1)!.to).toBe('/404.html');
    for (const rule of notFound) {
      expect(rule.force ?? false).toBe(false);
      expect(fileOfPath(rule.to), rule.to).not.toBeNull();
    }
    const firstNotFound = config.redirects.findIndex((r) => r.status === 404);
    expect(config.redirects.slice(firstNotFound).every((r) => r.status === 404)).toBe(true);
    expect(distExists('/404.html')).toBe(true);
  });
});
