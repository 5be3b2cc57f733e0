// Phones first (docs/storefront.md "Pages on a phone"): every page type in chromium at 320, 360,
// 390 and 768 px wide has no horizontal scrolling (`scrollWidth ≤ innerWidth`), and at 360 px
// every link and button of the page is visible and receives a click where it is drawn
// (playwright's actionability checks: visible, stable, enabled, and the hit test that finds no
// other element over it); links inside a closed menu are checked with the menu open. The
// buyer's approval page is driven through its states with real clicks: before the code, code
// sent, wrong code, approved, then an expired checkout; the order page follows the payment.
// Every page type in fr, de and cs at every width; the product page and the collection (the
// longest words) in the nine other locales too. Screenshots at 360 and 1280 px go to
// tests/artifacts/phone/; axe-core finds no violation at either width. The header fits in 120 px on a phone,
// the cart link in its first row beside the menu button.
import { describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { config } from '../../netlify/functions/storefront';
import { createHandler } from '../../src/http/router';
import { localeCatalogs, readFunctionCatalog } from '../../src/catalog/locale-catalogs';
import { LOCALES, type Locale } from '../../src/catalog/locales';
import { localizedPath, paths } from '../../src/catalog/urls';
import { BLOG_HANDLE } from '../../src/catalog/urls';
import { createUcpService } from '../../src/ucp/service';
import { ARTIFACTS, browserAndServer } from '../helpers/browser';
import { ADDRESS, buyerEmail, callTool, line, payment, shipTo, stateOf, testClock, uuid } from '../helpers/checkout';
import { catalog, ITEMS } from '../helpers/content';
import { testDb } from '../helpers/db';
import { codeIn, mailbox, testMailer } from '../helpers/mail';
import { serveDist } from '../helpers/static-server';
import { runAxe } from '../helpers/axe';

const WIDTHS = [320, 360, 390, 768] as const;
const SHOTS = join(ARTIFACTS, 'phone');
/** The header's height on a phone, before any scrolling. */
const HEADER_MAX = 120;

const clock = testClock(Date.now());
const ucp = createUcpService({ catalog, db: testDb(), useRequestOrigin: true, mailer: testMailer(), now: clock.now });
const fnCatalog = readFunctionCatalog();
const handler = createHandler({ catalog: fnCatalog, catalogFor: localeCatalogs(fnCatalog).catalogFor, ucp });
const functionPaths = config.path === undefined ? [] : Array.isArray(config.path) ? config.path : [config.path];
const site = browserAndServer(() => serveDist({ handler: (request) => handler(request), paths: functionPaths }));
const mcp = (request: Request) => handler(request);

const published = catalog.products.filter((p) => p.published);
/** The product with the most variants (the variants table), the longest title breaking ties. */
const german = (p: (typeof published)[number]) => p.title.de ?? p.title.fr;
const manyVariants = [...published].sort((a, b) => b.variants.length - a.variants.length || german(b).length - german(a).length)[0];
/** The product whose title has the longest word in German (compounds). */
const longest = (p: (typeof published)[number]) => Math.max(...german(p).split(/\s/).map((w) => w.length));
const longestWord = [...published].sort((a, b) => longest(b) - longest(a))[0];
const all = catalog.collections.find((c) => c.all)!;
const article = catalog.articles[0];

/** Every static page type, as locale-less paths. */
const STATIC_PAGES: Record<string, string> = {
  home: paths.home(),
  collection: paths.collection(all.handle),
  'collection-page-2': paths.collection(all.handle, 2),
  product: paths.product(manyVariants.handle),
  'product-long-words': paths.product(longestWord.handle),
  page: paths.page(catalog.store.pages.contact),
  terms: paths.page(catalog.store.pages.terms ?? catalog.store.pages.contact),
  guides: paths.blog(),
  article: article ? paths.article(article.handle) : `/blogs/${BLOG_HANDLE}/`,
  '404': '/this-page-does-not-exist/',
  search: '/search?q=pompe',
};

interface Measure { width: number; scrollWidth: number }

/** Horizontal overflow at each width: the page's scrollWidth against the window's width. */
async function overflowAt(page: Page): Promise<Measure[]> {
  const out: Measure[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 780 });
    out.push({ width, scrollWidth: await page.evaluate(() => document.documentElement.scrollWidth) });
  }
  return out;
}

const TARGETS = 'a[href], button, summary, input[type=submit]';

/**
 * Clicks, with the mouse, the centre of every visible link and button under `scope` (the window
 * is as tall as the page, so nothing needs scrolling) and checks that the click reached that
 * element (or what it holds) and nothing drawn over it. A capturing listener records each click's
 * target and cancels its default action, so no link navigates and no form is sent.
 */
async function clickProblems(page: Page, scope: string, problems: string[]): Promise<void> {
  await page.setViewportSize({ width: 360, height: 780 });
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: 360, height: Math.min(height, 16_000) });
  // Input events use the new size from the next frame on.
  await page.evaluate(() => new Promise((resolve) => { window.scrollTo(0, 0); requestAnimationFrame(() => requestAnimationFrame(resolve)); }));
  const targets = await page.evaluate(({ scope, selector }) => {
    const w = window as unknown as { clicked: string[]; recording: boolean; listening?: boolean };
    w.clicked = [];
    w.recording = true;
    if (!w.listening) {
      w.listening = true;
      document.addEventListener('click', (e) => {
        if (!w.recording) return;
        w.clicked.push((e.target as Element).closest('[data-click-id]')?.getAttribute('data-click-id') ?? (e.target as Element).outerHTML.slice(0, 80));
        e.preventDefault();
      }, { capture: true });
    }
    return [...document.querySelectorAll(scope)].flatMap((root) => [...root.querySelectorAll(selector)]).flatMap((el, i) => {
      el.removeAttribute('data-click-id');
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) || el.closest('.skip-link, .visually-hidden')) return [];
      // A link that wraps has one box per line: its first line is where a finger lands.
      const r = el.getClientRects()[0] ?? el.getBoundingClientRect();
      if (r.width < 1 || r.height < 1) return [{ id: `${i}`, x: -1, y: -1, html: el.outerHTML.slice(0, 120) }];
      el.setAttribute('data-click-id', `${scope}#${i}`);
      return [{ id: `${scope}#${i}`, x: r.left + r.width / 2, y: r.top + r.height / 2, html: el.outerHTML.slice(0, 120) }];
    });
  }, { scope, selector: TARGETS });
  for (const t of targets) {
    if (t.x < 0) { problems.push(`not drawn: ${t.html}`); continue; }
    if (t.x > 360) { problems.push(`outside the window: ${t.html}`); continue; }
    await page.mouse.click(t.x, t.y);
  }
  const clicked = await page.evaluate(() => {
    const w = window as unknown as { clicked: string[]; recording: boolean };
    w.recording = false;
    return w.clicked;
  });
  targets.filter((t) => t.x >= 0 && t.x <= 360).forEach((t, i) => {
    if (clicked[i] !== t.id) problems.push(`a click on ${t.html} at (${Math.round(t.x)}, ${Math.round(t.y)}) of ${height} reached ${clicked[i]}`);
  });
}

/**
 * At 360 px: every link and button is visible and receives a real click where it is drawn.
 * What a closed <details> holds (the menu, the language list) is hidden: each is opened with a
 * real click on its button, its links and buttons are clicked, and it is closed again. The skip
 * link is checked when focused (the first Tab of a keyboard user).
 * @returns what failed, as readable strings
 */
async function unclickable(page: Page): Promise<string[]> {
  const problems: string[] = [];
  await clickProblems(page, 'body', problems);
  const ids = await page.evaluate(() => [...document.querySelectorAll('details:not([open])')].map((d, i) => {
    d.setAttribute('data-details', String(i));
    return String(i);
  }));
  for (const id of ids) {
    const summary = page.locator(`details[data-details="${id}"] > summary`);
    if (!(await summary.isVisible())) continue;
    await summary.click();
    await clickProblems(page, `details[data-details="${id}"] > :not(summary)`, problems);
    await summary.click();
  }
  await page.setViewportSize({ width: 360, height: 780 });
  const skip = page.locator('.skip-link');
  if (await skip.count()) {
    await skip.focus();
    const box = await skip.boundingBox();
    if (!box || box.y < 0 || box.x + box.width > 360) problems.push('the skip link is not in the window when focused');
  }
  return problems;
}

/** The header's cart link at 360 px: in the first row beside the menu button, inside the window, 44 px tall. */
async function expectCartInFirstRow(page: Page, label: string) {
  const cart = await page.locator('body > header a[data-cart-link]').boundingBox();
  const menu = await page.locator('body > header .menu > summary').boundingBox();
  expect(cart, `${label}: the header's cart link`).not.toBeNull();
  expect([cart!.x + cart!.width <= 360, Math.abs(cart!.y + cart!.height / 2 - (menu!.y + menu!.height / 2)) < 4, cart!.height >= 44], `${label}: the cart link in the first row at 360 px`).toEqual([true, true, true]);
}

/**
 * Everything a page type must satisfy; screenshots and axe at 360 and 1280 px when `desktop`
 * (screenshot at 360 px otherwise); `cartLink`: the site's header with its cart link (the
 * function's buyer pages have their own header).
 */
async function checkPage(page: Page, label: string, desktop: boolean, cartLink = false) {
  if (desktop) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: join(SHOTS, `${label}-1280.png`), fullPage: true });
    expect((await runAxe(page)).violations, `${label} at 1280 px`).toEqual([]);
  }
  await page.setViewportSize({ width: 360, height: 780 });
  await page.screenshot({ path: join(SHOTS, `${label}-360.png`), fullPage: true });
  if (desktop) expect((await runAxe(page)).violations, `${label} at 360 px`).toEqual([]);
  const headerHeight = (await page.locator('body > header').first().boundingBox())?.height ?? 0;
  expect(headerHeight, `${label}: header height at 360 px`).toBeLessThanOrEqual(HEADER_MAX);
  // The cart link sits in the header's first row, beside the menu button, a whole 44 px target.
  if (cartLink) await expectCartInFirstRow(page, label);
  const measures = await overflowAt(page);
  for (const m of measures) expect(m.scrollWidth, `${label} at ${m.width} px is ${m.scrollWidth} px wide`).toBeLessThanOrEqual(m.width);
  expect(await unclickable(page), label).toEqual([]);
}

async function newPage(): Promise<{ context: BrowserContext; page: Page }> {
  mkdirSync(SHOTS, { recursive: true });
  // The function's pages allow no script (CSP): axe needs the bypass.
  const context = await site.browser().newContext({ viewport: { width: 360, height: 780 }, bypassCSP: true });
  return { context, page: await context.newPage() };
}

/** The locales whose every page type is checked, and those checked on the pages with the longest words. */
const FULL: Locale[] = ['fr', 'de', 'cs'];
const OTHERS = LOCALES.filter((l) => !FULL.includes(l));

describe('no horizontal scrolling, every control clickable, header ≤ 120 px', { timeout: 240_000 }, () => {
  it.each(FULL)('every static page type in %s', async (locale) => {
    const { context, page } = await newPage();
    for (const [type, path] of Object.entries(STATIC_PAGES)) {
      await page.goto(`${site.server().origin}${localizedPath(locale, path)}`);
      await checkPage(page, `${locale}-${type}`, true, true);
    }
    await context.close();
  });

  it('the product pages and the collection in the nine other locales', async () => {
    const { context, page } = await newPage();
    for (const locale of OTHERS) {
      for (const type of ['product', 'product-long-words', 'collection'] as const) {
        await page.goto(`${site.server().origin}${localizedPath(locale, STATIC_PAGES[type])}`);
        await checkPage(page, `${locale}-${type}`, false, true);
      }
    }
    await context.close();
  });

  it('the phone menu works by keyboard, without JavaScript, and names its state', async () => {
    const context = await site.browser().newContext({ viewport: { width: 360, height: 780 }, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.server().origin}/de/`);
    const summary = page.locator('.menu > summary');
    const nav = page.locator('.menu nav a').first();
    expect(await nav.isVisible()).toBe(false);
    // From the top of the page: skip link, home link, search field and button, then the menu button.
    for (let i = 0; i < 10 && !(await summary.evaluate((e) => e === document.activeElement)); i++) await page.keyboard.press('Tab');
    expect(await summary.evaluate((e) => e === document.activeElement), 'the menu button is reached by Tab').toBe(true);
    // What a screen reader is told of the button: its name and whether it is expanded (Chromium's accessibility tree).
    const cdp = await context.newCDPSession(page);
    const announced = async () => {
      const { nodes } = await cdp.send('Accessibility.getFullAXTree') as { nodes: Array<{ role?: { value: string }; name?: { value: string }; properties?: Array<{ name: string; value: { value: unknown } }> }> };
      const button = nodes.find((n) => n.role?.value === 'DisclosureTriangle' && n.name?.value === 'Menü');
      return { role: button?.role?.value, expanded: button?.properties?.find((p) => p.name === 'expanded')?.value.value };
    };
    expect(await announced()).toEqual({ role: 'DisclosureTriangle', expanded: false });
    await page.keyboard.press('Enter');
    expect(await page.locator('.menu').evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    expect(await announced()).toEqual({ role: 'DisclosureTriangle', expanded: true });
    expect(await nav.isVisible()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await nav.evaluate((e) => e === document.activeElement), 'Tab goes into the open menu').toBe(true);
    await summary.focus();
    await page.keyboard.press('Enter');
    expect(await nav.isVisible()).toBe(false);
    await context.close();
  });

  it.each(FULL)('the approval page in each of its states, then the order page, in %s', async (locale) => {
    const { context, page } = await newPage();
    const origin = site.server().origin;
    const local = (url: string) => { const u = new URL(url); return `${origin}${u.pathname}${u.search}`; };
    const ready = async () => {
      const created = await callTool(mcp, 'create_checkout', { checkout: { line_items: [line(ITEMS.stocked.variant.id), line(ITEMS.small.variant.id, 2)], context: { language: locale } } });
      // update_checkout is a full replacement: each update sends the whole checkout.
      const address = locale === 'fr' ? ADDRESS.FR : ADDRESS.DE;
      await callTool(mcp, 'update_checkout', { id: created.id, checkout: { ...stateOf(created), buyer: { email: buyerEmail() }, fulfillment: shipTo(address) } });
      const addressed = await callTool(mcp, 'get_checkout', { id: created.id });
      return callTool(mcp, 'update_checkout', { id: created.id, checkout: { ...stateOf(addressed), fulfillment: shipTo(address, addressed.fulfillment.methods[0].groups[0].options[0].id) } });
    };
    const checkout = await ready();
    expect(checkout.status).toBe('requires_escalation');
    await page.goto(local(checkout.continue_url));
    await checkPage(page, `${locale}-approval-before-code`, true);

    const box = await mailbox();
    const before = box.messages.length;
    await page.locator('form:has(input[name=action][value=send]) button.primary-button').click();
    await page.waitForLoadState();
    await page.waitForSelector('#code');
    await checkPage(page, `${locale}-approval-code-sent`, true);
    const code = codeIn(await box.next(checkout.buyer.email, before));

    await page.fill('#code', code === '000000' ? '111111' : '000000');
    await page.locator('button.order-button').click();
    await page.waitForLoadState();
    await checkPage(page, `${locale}-approval-wrong-code`, true);

    await page.fill('#code', code);
    await page.locator('button.order-button').click();
    await page.waitForLoadState();
    await checkPage(page, `${locale}-approval-approved`, true);

    const done = await callTool(mcp, 'complete_checkout', { meta: { 'idempotency-key': uuid() }, id: checkout.id, checkout: { payment: payment() } });
    expect(done.status).toBe('completed');
    await page.goto(local(done.order.permalink_url));
    await checkPage(page, `${locale}-order`, true);

    const stale = await ready();
    clock.advance(3 * 24 * 3600);
    await page.goto(local(stale.continue_url));
    await checkPage(page, `${locale}-approval-expired`, true);
    await context.close();
  });
});
