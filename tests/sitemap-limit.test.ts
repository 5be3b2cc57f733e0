// sitemaps.org protocol: a sitemap file holds at most 50,000 URLs and 50 MiB uncompressed. The
// build splits the sitemap into files of sitemapEntryLimit() URLs (src/storefront/sitemap.ts);
// this proves the bound it relies on against the XML the `sitemap` package (which
// @astrojs/sitemap writes with) produces.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SitemapStream, streamToPromise } from 'sitemap';
import { SITEMAP_LIMITS, sitemapEntryBytes, sitemapEntryLimit, type SitemapEntry } from '../src/storefront/sitemap';
import { LOCALES } from '../src/catalog/locales';

/** The bytes the `sitemap` package writes for `items`, with the namespaces @astrojs/sitemap is given. */
async function written(items: Array<{ url: string } & SitemapEntry>): Promise<number> {
  const stream = new SitemapStream({ xmlns: { news: false, xhtml: true, image: false, video: false } });
  for (const item of items) stream.write(item);
  stream.end();
  return (await streamToPromise(stream)).byteLength;
}

const handle = fc.stringMatching(/^[a-z0-9]{1,40}(-[a-z0-9]{1,40}){0,6}$/);
const site = fc.constantFrom('https://poissons-et-pousses.example/', 'https://shop.example/?a=1&b=2/', "https://o'shop.example/");
/** A page's URL and entry as sitemapEntries() makes them: alternates in some locales plus x-default, maybe a lastmod. */
const page = fc.record({
  site,
  kind: fc.constantFrom('products', 'collections', 'pages', 'blogs/guides'),
  handle,
  locales: fc.subarray([...LOCALES], { minLength: 1 }),
  lastmod: fc.option(fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }).map((d) => d.toISOString()), { nil: undefined }),
}).map(({ site: base, kind, handle: h, locales, lastmod }) => {
  const urls = locales.map((l) => ({ lang: l as string, url: `${base}${l === 'fr' ? '' : `${l}/`}${kind}/${h}/` }));
  const links = urls.length > 1 ? [...urls, { lang: 'x-default', url: urls[0].url }] : undefined;
  return { url: urls[0].url, entry: { ...(links ? { links } : {}), ...(lastmod ? { lastmod } : {}) } as SitemapEntry };
});

describe('sitemap files within the protocol limits', () => {
  // A page's own bytes are what a second copy of it adds to a file; the rest of a file is its frame.
  it('bounds from above the bytes the sitemap package writes for a page, and its frame fits in the room left', async () => {
    await fc.assert(fc.asyncProperty(page, async ({ url, entry }) => {
      const once = await written([{ url, ...entry }]);
      const own = (await written([{ url, ...entry }, { url, ...entry }])) - once;
      expect(sitemapEntryBytes(url, entry)).toBeGreaterThanOrEqual(own);
      expect(once - own).toBeLessThan(1_024);
    }), { numRuns: 200 });
  });

  it('gives each file as many URLs as the largest entry allows in 50 MiB, and at most 50,000', () => {
    fc.assert(fc.property(fc.array(page, { minLength: 1, maxLength: 30 }), (pages) => {
      const entries = new Map(pages.map((p) => [p.url, p.entry]));
      const largest = Math.max(...[...entries].map(([url, entry]) => sitemapEntryBytes(url, entry)));
      const limit = sitemapEntryLimit(entries);
      expect(limit).toBeGreaterThanOrEqual(1);
      expect(limit).toBeLessThanOrEqual(SITEMAP_LIMITS.urls);
      expect(limit * largest + 1_024).toBeLessThanOrEqual(SITEMAP_LIMITS.bytes);
      // The most the budget allows: one more URL of the largest size would not fit, unless the URL count is the limit.
      if (limit < SITEMAP_LIMITS.urls) expect((limit + 1) * largest + 1_024).toBeGreaterThan(SITEMAP_LIMITS.bytes);
    }));
  });

  it('starts a new file near 26,000 pages of the store (13 alternates, ~2 KB each), not at 50,000', () => {
    const links = LOCALES.map((l) => ({ lang: l as string, url: `https://poissons-et-pousses.example/${l}/products/kit-aquaponie-balcon-2000/` }));
    const entries = new Map([[links[0].url, { links: [...links, { lang: 'x-default', url: links[0].url }], lastmod: '2026-11-01T00:00:00.000Z' }]]);
    const limit = sitemapEntryLimit(entries);
    expect(limit).toBeGreaterThan(20_000);
    expect(limit).toBeLessThan(30_000);
  });
});
