// README "HTML storefront and sitemap", browser tests: the storefront in a real browser (Debian chromium driven by playwright-core,
// installed by .ci/run): product pages in three locales, the language switcher, a collection to a
// product, a screenshot kept in tests/artifacts/, and axe-core on a sample of pages.
import { describe, it, expect } from 'vitest';
import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { catalog, distJson, published } from '../helpers/site';
import { serveSite } from '../helpers/site-server';
import { LOCALE_TAGS } from '../../src/catalog/locales';
import { ARTIFACTS, browserAndServer } from '../helpers/browser';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

// The function answers beside the static files, as on Netlify: the product page's script asks `/products/<handle>.js`.
const site = browserAndServer(serveSite);

/** A new page that records script errors and failed requests (any response ≥ 400 other than the page itself when expected). */
async function openPage(): Promise<{ page: Page; problems: string[] }> {
  const context = await site.browser().newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`script error: ${e.message}`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
  });
  return { page, problems };
}

const productWithOptions = published.find((p) => p.options.length > 0 && p.images.length > 0) ?? published[0];
type JsonProduct = { product: { title: string; variants: Array<{ id: number; price: string }> } };

describe('the storefront in chromium', () => {
  it.each([
    ['fr', ''],
    ['en', '/en'],
    ['de', '/de'],
  ])('opens a product page in %s: translated title, prices of the JSON endpoint, image loaded, only the search box\'s script', async (locale, prefix) => {
    const { page, problems } = await openPage();
    const response = await page.goto(`${site.server().origin}${prefix}/products/${productWithOptions.handle}/`);
    expect(response?.status()).toBe(200);
    const json = distJson(`${prefix}/products/${productWithOptions.handle}.json`) as JsonProduct;
    expect(await page.getAttribute('html', 'lang')).toMatch(new RegExp(`^${locale}`));
    expect((await page.textContent('h1'))?.trim()).toBe(json.product.title);
    for (const variant of json.product.variants) {
      const cell = page.locator(`tr[data-variant-id="${variant.id}"] data[data-price]`);
      await expect(cell.isVisible()).resolves.toBe(true);
      expect(await cell.getAttribute('value')).toBe(variant.price);
    }
    const image = page.locator('main .gallery img').first();
    await image.scrollIntoViewIfNeeded();
    expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // The one script is the search box's suggestions (tests/browser/search-box.test.ts).
    const scripts = await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => (e as PerformanceResourceTiming).initiatorType === 'script').map((e) => new URL(e.name).pathname));
    expect(scripts).toEqual([expect.stringMatching(/^\/_astro\/SearchBox\.[^/]+\.js$/)]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('switches language with the switcher, without JavaScript, and stays on the same product', async () => {
    const { page, problems } = await openPage();
    await page.goto(`${site.server().origin}/products/${productWithOptions.handle}/`);
    for (const [locale, prefix] of [['en', '/en'], ['de', '/de'], ['fr', '']] as const) {
      await page.click('.lang summary');
      await Promise.all([page.waitForURL(`${site.server().origin}${prefix}/products/${productWithOptions.handle}/`), page.click(`.lang a[hreflang="${locale}"]`)]);
      const json = distJson(`${prefix}/products/${productWithOptions.handle}.json`) as JsonProduct;
      expect(await page.getAttribute('html', 'lang')).toMatch(new RegExp(`^${locale}`));
      expect((await page.textContent('h1'))?.trim()).toBe(json.product.title);
    }
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('follows a collection to a product and keeps a screenshot', async () => {
    const { page, problems } = await openPage();
    const collection = catalog.collections.find((c) => !c.all) ?? catalog.collections[0];
    await page.goto(`${site.server().origin}/en/collections/${collection.handle}/`);
    const card = page.locator('.grid .card').first();
    const title = (await card.locator('h2').textContent())?.trim();
    const handle = await card.getAttribute('data-handle');
    await Promise.all([page.waitForURL(`${site.server().origin}/en/products/${handle}/`), card.locator('a').click()]);
    expect((await page.textContent('h1'))?.trim()).toBe(title);
    const crumbs = await page.locator('.breadcrumbs a').allTextContents();
    expect(crumbs[0]).toBe('Home');
    await page.screenshot({ path: join(ARTIFACTS, 'product-en.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(ARTIFACTS, 'product-en-mobile.png'), fullPage: false });
    // On a phone the language switch is in the menu.
    await page.click('.menu > summary');
    await page.click('.lang summary');
    expect(await page.locator('.lang a[hreflang="da"]').isVisible()).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, 'language-menu-mobile.png'), fullPage: false });
    expect(existsSync(join(ARTIFACTS, 'product-en.png'))).toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('answers an unknown path under /en/ with the English 404 page', async () => {
    const { page } = await openPage();
    const response = await page.goto(`${site.server().origin}/en/products/no-such-product/`);
    expect(response?.status()).toBe(404);
    expect(await page.getAttribute('html', 'lang')).toBe(LOCALE_TAGS.en);
    expect(await page.textContent('h1')).toBe('Page not found');
    await page.context().close();
  });

  it('has no axe-core violation of serious or critical impact on a sample of pages', async () => {
    const article = catalog.articles[0]?.handle;
    const sample = [
      '/',
      '/en/collections/all/',
      '/de/collections/all/page/2/',
      `/products/${productWithOptions.handle}/`,
      `/ru/products/${published.at(-1)!.handle}/`,
      `/es/pages/${catalog.store.pages.shipping}/`,
      ...(article ? [`/pl/blogs/guides/${article}/`, '/sv/blogs/guides/'] : []),
      '/da/404/',
    ];
    const summary: Record<string, { passes: number; incomplete: number; violations: Record<string, number> }> = {};
    const blocking: string[] = [];
    for (const path of sample) {
      const { page } = await openPage();
      await page.goto(`${site.server().origin}${path}`);
      await page.addScriptTag({ path: axePath });
      const result = await page.evaluate(async () => {
        type Rule = { id: string; impact?: string | null; nodes: unknown[] };
        const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ passes: Rule[]; incomplete: Rule[]; violations: Rule[] }> } }).axe;
        const r = await axe.run(document, { resultTypes: ['violations'] });
        return { passes: r.passes.length, incomplete: r.incomplete.length, violations: r.violations.map((v) => ({ id: v.id, impact: v.impact ?? 'unknown', nodes: v.nodes.length })) };
      });
      summary[path] = { passes: result.passes, incomplete: result.incomplete, violations: {} };
      for (const v of result.violations) {
        summary[path].violations[v.impact] = (summary[path].violations[v.impact] ?? 0) + v.nodes;
        if (v.impact === 'serious' || v.impact === 'critical') blocking.push(`${path}: ${v.id} (${v.impact}, ${v.nodes} node(s))`);
      }
      expect(result.passes, `${path}: axe ran its rules`).toBeGreaterThan(10);
      await page.context().close();
    }
    writeFileSync(join(ARTIFACTS, 'axe-summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
    expect(blocking).toEqual([]);
  }, 120_000);
});
