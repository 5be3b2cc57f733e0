// The header's search box in chromium (Debian's, driven by playwright-core): suggestions while
// typing in French, German and Czech with what the product page shows, the WAI-ARIA combobox
// keyboard and screen-reader contract, stale requests aborted, no layout shift, axe-core with the
// suggestions open, and the results page for Enter and for a browser without script.
// Static files come from dist/, suggestions and /search from the function's handler in-process.
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { load } from 'cheerio';
import { catalog } from '../helpers/site';
import { page as distPage } from '../helpers/storefront';
import { serveSite } from '../helpers/site-server';
import { ARTIFACTS, browserAndServer } from '../helpers/browser';
import { LOCALE_TAGS, localePrefix, type Locale } from '../../src/catalog/locales';
import { localize } from '../../src/catalog/localize';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const judged = (JSON.parse(readFileSync('tests/search-judged.json', 'utf8')) as { queries: Array<{ locale: Locale; q: string; expect: string[] }> }).queries;
const FIELD = '#search-q';
const LIST = '#search-q-list';
/** The search box's pause before it asks (src/scripts/predictive-search.ts). */
const DEBOUNCE_MS = 100;

const site = browserAndServer(serveSite);

async function openPage(path: string, options: BrowserContextOptions = {}): Promise<{ page: Page; problems: string[] }> {
  const context = await site.browser().newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`script error: ${e.message}`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
  });
  await page.goto(`${site.server().origin}${path}`);
  return { page, problems };
}

/** Types `q` into the header's field and waits until the suggestions for exactly `q` are shown. */
async function typeAndWait(page: Page, q: string): Promise<void> {
  const answered = page.waitForResponse((r) => r.url().includes('/search/suggest.json') && new URL(r.url()).searchParams.get('q') === q);
  await page.locator(FIELD).pressSequentially(q, { delay: 20 });
  await answered;
  await page.locator(`${LIST}:not([hidden]) [role="option"]`).last().filter({ hasText: q }).waitFor();
}

/** Text with white space collapsed (the popup and the page may break lines differently). */
const flat = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

describe('the search box in the header', () => {
  it.each([
    ['fr', 'pompe immergée'],
    ['de', 'Trommelfilter'],
    ['cs', 'keramzit'],
  ] as const)('%s: typing "%s" shows the expected product first, with the image, price and availability of its product page', async (locale, q) => {
    const expected = judged.find((j) => j.locale === locale && j.q === q)!.expect[0];
    const product = catalog.products.find((p) => p.handle === expected)!;
    const prefix = localePrefix(locale);
    const { page, problems } = await openPage(`${prefix}/`);
    expect(await page.getAttribute('html', 'lang')).toBe(LOCALE_TAGS[locale]);
    await typeAndWait(page, q);
    const first = page.locator(`${LIST} [role="group"]`).first().locator('[role="option"]').first();
    expect(await first.getAttribute('data-url')).toMatch(new RegExp(`^${prefix}/products/${expected}/\\?_pos=1&`));
    expect(flat(await first.locator('.title').textContent())).toBe(localize(product.title, locale));
    // The product page in dist/: its first price line, availability badge and first image.
    const $ = distPage(`${prefix}/products/${expected}/`);
    expect(flat(await first.locator('.price').textContent())).toBe(flat($('.summary .price').first().text()));
    expect(flat(await first.locator('.stock').textContent())).toBe(flat($('.summary .stock').first().text()));
    expect(await first.locator('.stock').getAttribute('class')).toBe($('.summary .stock').first().attr('class'));
    expect(await first.locator('img').getAttribute('src')).toBe($('.gallery img').first().attr('src'));
    expect(await first.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('is a combobox: arrows move the active option, Escape closes then clears, counts are announced, Enter opens the product page', async () => {
    const { page, problems } = await openPage('/');
    // Keyboard only: Tab from the top of the page to the field.
    for (let i = 0; i < 5 && !(await page.evaluate(() => document.activeElement?.id === 'search-q')); i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search-q');
    const field = page.locator(FIELD);
    expect(await field.getAttribute('role')).toBe('combobox');
    expect(await field.getAttribute('aria-controls')).toBe('search-q-list');
    expect(await field.getAttribute('aria-expanded')).toBe('false');
    await typeAndWait(page, 'pompe');
    expect(await field.getAttribute('aria-expanded')).toBe('true');
    const options = page.locator(`${LIST} [role="option"]`);
    const count = await options.count();
    const products = await page.locator(`${LIST} [role="group"]`).first().locator('[role="option"]').count();
    expect(products).toBeGreaterThan(0);
    // The live region says how many suggestions there are (the "view all" option is not one).
    expect(flat(await page.locator('.search-box [role="status"]').textContent())).toContain(String(count - 1));
    expect(await field.getAttribute('aria-activedescendant')).toBeNull();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const second = options.nth(1);
    expect(await field.getAttribute('aria-activedescendant')).toBe(await second.getAttribute('id'));
    expect(await second.getAttribute('aria-selected')).toBe('true');
    expect(await options.nth(0).getAttribute('aria-selected')).toBe('false');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await field.getAttribute('aria-activedescendant')).toBe(await options.nth(count - 1).getAttribute('id')); // wraps to the last
    await page.keyboard.press('Escape');
    expect(await field.getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator(LIST).isHidden()).toBe(true);
    expect(await field.inputValue()).toBe('pompe');
    await page.keyboard.press('ArrowDown'); // reopens on the first option
    expect(await field.getAttribute('aria-expanded')).toBe('true');
    expect(await field.getAttribute('aria-activedescendant')).toBe(await options.nth(0).getAttribute('id'));
    const url = (await options.nth(0).getAttribute('data-url'))!;
    const title = flat(await options.nth(0).locator('.title').textContent());
    await Promise.all([page.waitForURL((u) => u.pathname === url.split('?')[0]), page.keyboard.press('Enter')]);
    expect(flat(await page.textContent('h1'))).toBe(title);
    await page.locator(FIELD).focus();
    await typeAndWait(page, 'kit');
    await page.keyboard.press('Escape');
    expect(await field.inputValue()).toBe('kit');
    await page.keyboard.press('Escape');
    expect(await field.inputValue()).toBe(''); // Escape on a closed popup clears the field
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('waits for a pause in typing and aborts a request made stale by more typing', async () => {
    const { page } = await openPage('/en/');
    // The page's clock is the test's: a keystroke takes no page time however busy the machine,
    // and the debounce fires only when the test lets time pass.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    const asked: string[] = [];
    const aborted: string[] = [];
    page.on('request', (r) => r.url().includes('suggest.json') && asked.push(new URL(r.url()).searchParams.get('q')!));
    page.on('requestfailed', (r) => r.url().includes('suggest.json') && aborted.push(new URL(r.url()).searchParams.get('q')!));
    // The first answer is held until the typing went on, so that it is still running then.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/search/suggest.json?*', async (route) => {
      if (new URL(route.request().url()).searchParams.get('q') === 'greenh') await held;
      await route.continue().catch(() => undefined);
    });
    const field = page.locator(FIELD);
    await field.pressSequentially('greenh');
    await page.clock.runFor(DEBOUNCE_MS - 20);
    expect(asked).toEqual([]); // still typing: no request yet
    const first = page.waitForRequest((r) => r.url().includes('suggest.json'));
    await page.clock.runFor(40);
    await first;
    expect(asked).toEqual(['greenh']); // one request for six keystrokes
    const stale = page.waitForEvent('requestfailed', (r) => r.url().includes('suggest.json'));
    await field.pressSequentially('ouse');
    await stale;
    await page.clock.runFor(DEBOUNCE_MS + 20);
    release();
    await page.locator(`${LIST}:not([hidden]) [role="option"]`).last().filter({ hasText: 'greenhouse' }).waitFor();
    expect(asked).toEqual(['greenh', 'greenhouse']);
    expect(aborted).toEqual(['greenh']);
    expect(await page.locator(`${LIST} [role="option"]`).last().textContent()).toContain('greenhouse');
    await page.context().close();
  });

  it('moves nothing on the page while typing and showing suggestions (no layout shift)', async () => {
    const { page } = await openPage('/de/collections/all/');
    // Only what moves from here on counts: the page has finished loading (its images) first, and
    // shifts before the observer (buffered) belong to the load, not to the search box.
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => {
      (window as unknown as { shift: number }).shift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>) (window as unknown as { shift: number }).shift += entry.value;
      }).observe({ type: 'layout-shift', buffered: false });
    });
    const box = await page.locator('.search-box').boundingBox();
    const main = await page.locator('main h1').boundingBox();
    await typeAndWait(page, 'Pumpe');
    await page.waitForTimeout(100);
    expect(await page.evaluate(() => (window as unknown as { shift: number }).shift)).toBe(0);
    expect(await page.locator('.search-box').boundingBox()).toEqual(box);
    expect(await page.locator('main h1').boundingBox()).toEqual(main);
    await page.context().close();
  });

  it('has no axe-core violation with the suggestions open, and keeps a screenshot of them', async () => {
    const { page } = await openPage('/');
    await typeAndWait(page, 'kit aqua');
    await page.keyboard.press('ArrowDown');
    await page.screenshot({ path: join(ARTIFACTS, 'search-suggestions.png') });
    await page.addScriptTag({ path: axePath });
    const result = await page.evaluate(async () => {
      type Rule = { id: string; impact?: string | null; nodes: Array<{ target: unknown }> };
      const axe = (window as unknown as { axe: { run: (ctx: Document) => Promise<{ passes: Rule[]; violations: Rule[] }> } }).axe;
      const r = await axe.run(document);
      return { passes: r.passes.map((p) => p.id), violations: r.violations.map((v) => `${v.id} (${v.impact}): ${JSON.stringify(v.nodes.map((n) => n.target))}`) };
    });
    expect(result.passes).toEqual(expect.arrayContaining(['aria-required-children', 'aria-required-parent', 'aria-valid-attr-value']));
    expect(result.violations).toEqual([]);
    await page.context().close();
  });
});

describe('the results page', () => {
  it('opens on Enter without an active option, with the query in the field and the products of the suggestions', async () => {
    const { page, problems } = await openPage('/de/');
    await typeAndWait(page, 'Pumpe');
    const suggested = await page.locator(`${LIST} [role="group"]`).first().locator('[role="option"] .title').allTextContents();
    await Promise.all([page.waitForURL((u) => u.pathname === '/de/search'), page.keyboard.press('Enter')]);
    expect(new URL(page.url()).searchParams.get('q')).toBe('Pumpe');
    expect(await page.getAttribute('html', 'lang')).toBe(LOCALE_TAGS.de);
    expect(await page.inputValue(FIELD)).toBe('Pumpe');
    const titles = await page.locator('#results-products ~ .grid .card h3').allTextContents();
    expect(titles.slice(0, suggested.length)).toEqual(suggested);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('works without JavaScript: the header box is a plain form', async () => {
    const { page, problems } = await openPage('/cs/', { javaScriptEnabled: false });
    await page.fill(FIELD, 'keramzit');
    await Promise.all([page.waitForURL((u) => u.pathname === '/cs/search'), page.press(FIELD, 'Enter')]);
    const $ = load(await page.content());
    expect($('h1').text()).toContain('keramzit');
    expect($('.grid .card').length).toBeGreaterThan(0);
    expect($('#search-q').attr('role')).toBeUndefined();
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
