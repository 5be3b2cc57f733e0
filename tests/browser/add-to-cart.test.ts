// Add to cart on the product page and the header's count, in chromium (docs/storefront.md "Add
// to cart"). With script: the live availability of `/products/<handle>.js` disables a variant
// sold out since the build, the form posts `{"id", "quantity"}` as JSON to `/cart/add.js` without
// leaving the page, the polite live region says what happened (the count of the cart, or the
// store's error), and the header's badge and link name show the count of the `cart_count` cookie
// the response set. Without script: the form posts `id` and `quantity` to `/cart/add`. The cart
// endpoints are the function's; here `page.route` stands in for them, so what the page sends is
// seen exactly. Screenshots of a product page with its form at 360 px (fr, de, cs) and 1280 px
// go to tests/artifacts/add-to-cart/.
import { describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContextOptions, Locator, Page, Request } from 'playwright-core';
import { catalog, distJson, published } from '../helpers/site';
import { serveSite } from '../helpers/site-server';
import { ARTIFACTS, browserAndServer } from '../helpers/browser';
import { runAxe } from '../helpers/axe';
import { localePrefix, type Locale } from '../../src/catalog/locales';
import { ui } from '../../src/i18n/ui';
import { shopUi } from '../../src/i18n/shop-ui';
import { formatPrice } from '../../src/views/format';

const SHOTS = join(ARTIFACTS, 'add-to-cart');
const site = browserAndServer(serveSite);

type JsonProduct = { product: { handle: string; variants: Array<{ id: number; available: boolean; price: string }> } };
const built = (handle: string, prefix = '') => (distJson(`${prefix}/products/${handle}.json`) as JsonProduct).product;
/** A product with three or more variants, every one available at build. */
const everyAvailable = published.find((p) => p.variants.length >= 3 && built(p.handle).variants.every((v) => v.available))!;
/** A product with one variant, available at build. */
const single = published.find((p) => p.variants.length === 1 && built(p.handle).variants[0].available)!;
/** A product with a variant sold out at build and one available. */
const partlySoldOut = published.find((p) => { const v = built(p.handle).variants; return v.some((x) => !x.available) && v.some((x) => x.available); })!;

async function open(path: string, options: BrowserContextOptions = {}): Promise<{ page: Page; problems: string[] }> {
  const context = await site.browser().newContext({ viewport: { width: 360, height: 780 }, ...options });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`script error: ${e.message}`));
  await page.goto(`${site.server().origin}${path}`);
  return { page, problems };
}

/** Answers `/products/<handle>.js` with what the function answers, the variants of `soldOut` made unavailable. */
async function liveAvailability(page: Page, handle: string, soldOut: number[]): Promise<void> {
  await page.route(`**/products/${handle}.js`, async (route) => {
    const response = await route.fetch();
    const json = (await response.json()) as { available: boolean; variants: Array<{ id: number; available: boolean }> };
    for (const v of json.variants) if (soldOut.includes(v.id)) v.available = false;
    json.available = json.variants.some((v) => v.available);
    await route.fulfill({ response, json });
  });
}

/**
 * Answers `/cart/add.js` as the function does (Shopify's line item, the cookies) and records
 * each request. @param count the `cart_count` the response sets
 */
function fakeAdd(page: Page, count: number): Request[] {
  const seen: Request[] = [];
  void page.route('**/cart/add.js', async (route) => {
    seen.push(route.request());
    const { id, quantity } = route.request().postDataJSON() as { id: number; quantity: number };
    await route.fulfill({
      status: 200,
      json: { id, variant_id: id, quantity, title: 'x', price: 1000, line_price: 1000 * quantity },
      headers: { 'set-cookie': `cart_count=${count}; Path=/; SameSite=Lax` },
    });
  });
  return seen;
}

/** The number a badge draws (CSS generated content, so it is not part of the link's visible text). */
const shownCount = (badge: Locator) => badge.evaluate((e) => getComputedStyle(e, '::after').content.replace(/^"|"$/g, ''));
const status = (page: Page) => page.locator('form.add-to-cart [role="status"]');

describe('add to cart with JavaScript', { timeout: 60_000 }, () => {
  it('fr: a variant the live .js reports sold out is disabled; the form posts JSON to /cart/add.js, stays on the page, announces the count and updates the badge', async () => {
    const variants = built(everyAvailable.handle).variants;
    const { page, problems } = await open(`/products/${everyAvailable.handle}/`, { javaScriptEnabled: true });
    const s = ui('fr');
    // The page was loaded before the routes: reload so the script's request meets them.
    await liveAvailability(page, everyAvailable.handle, [variants[0].id]);
    const requests = fakeAdd(page, 3);
    await page.reload();
    const select = page.locator('form.add-to-cart select[name="id"]');
    const gone = select.locator(`option[value="${variants[0].id}"]`);
    await expect.poll(() => gone.evaluate((o: HTMLOptionElement) => o.disabled), { timeout: 15_000 }).toBe(true);
    expect(await gone.textContent()).toMatch(new RegExp(` — ${s.soldOut}$`));
    // The selection moved off the sold-out variant to the next one.
    expect(await select.inputValue()).toBe(String(variants[1].id));
    expect(await page.locator('header [data-cart-count]').isHidden()).toBe(true);

    await page.evaluate(() => { (window as unknown as { marker: number }).marker = 42; });
    await select.selectOption(String(variants[2].id));
    // The price under the title follows the variant chosen (not the cheapest, which the page opened with as "from …"; .json prices are euros).
    expect(await page.locator('[data-product-price] [data-price]').textContent()).toBe(formatPrice(Math.round(Number(variants[2].price) * 100), 'fr'));
    await page.getByLabel(s.quantity).fill('2');
    await page.getByRole('button', { name: s.addToCart }).click();
    await expect.poll(() => status(page).textContent(), { timeout: 15_000 }).toContain(addedText('fr', 3));
    expect(requests).toHaveLength(1);
    expect(requests[0].method()).toBe('POST');
    expect(requests[0].url()).toBe(`${site.server().origin}/cart/add.js`);
    expect(requests[0].headers()['content-type']).toBe('application/json');
    expect(requests[0].postDataJSON()).toEqual({ id: variants[2].id, quantity: 2 });
    // No reload: the page's own state survived.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    expect(await status(page).getAttribute('aria-live')).toBe('polite');
    expect(await status(page).getByRole('link', { name: s.viewCart }).getAttribute('href')).toBe('/cart');
    // The shortest purchase: straight on to the checkout from the product page.
    expect(await status(page).getByRole('link', { name: shopUi('fr').toCheckout }).getAttribute('href')).toBe('/checkout');
    const badge = page.locator('header [data-cart-count]');
    expect(await badge.isVisible()).toBe(true);
    expect(await shownCount(badge)).toBe('3');
    expect(await page.getByRole('link', { name: `${s.cart}, ${s.itemCount({ n: 3 })}`, exact: true }).getAttribute('href')).toBe('/cart');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('de: the store\'s error is announced in the live region, the availability is asked again, and the count stays', async () => {
    const s = ui('de');
    const variant = built(single.handle, '/de').variants[0];
    const { page, problems } = await open(`/de/products/${single.handle}/`);
    let asked = 0;
    await page.route(`**/de/products/${single.handle}.js`, async (route) => {
      asked++;
      await route.continue();
    });
    const description = 'Von diesem Artikel sind nur noch 2 Stück verfügbar.';
    const seen: unknown[] = [];
    await page.route('**/de/cart/add.js', async (route) => {
      seen.push(route.request().postDataJSON());
      await route.fulfill({ status: 422, json: { status: 422, message: 'Cart Error', description } });
    });
    await page.reload();
    await expect.poll(() => asked, { timeout: 15_000 }).toBe(1);
    expect(await page.locator('form.add-to-cart input[type="hidden"][name="id"]').inputValue()).toBe(String(variant.id));
    await page.getByLabel(s.quantity).fill('5');
    await page.getByLabel(s.quantity).press('Enter');
    await expect.poll(() => status(page).textContent(), { timeout: 15_000 }).toContain(description);
    expect(seen).toEqual([{ id: variant.id, quantity: 5 }]);
    expect(await status(page).getByRole('link').isHidden()).toBe(true);
    await expect.poll(() => asked, { timeout: 15_000 }).toBe(2);
    expect(await page.locator('header [data-cart-count]').isHidden()).toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('cs: a product sold out since the build gets its button disabled with the reason beside it', async () => {
    const s = ui('cs');
    const ids = built(everyAvailable.handle, '/cs').variants.map((v) => v.id);
    const { page } = await open(`/cs/products/${everyAvailable.handle}/`);
    const button = page.getByRole('button', { name: s.addToCart });
    expect(await button.isEnabled()).toBe(true);
    expect(await page.getByText(s.cannotBuy).isHidden()).toBe(true);
    await liveAvailability(page, everyAvailable.handle, ids);
    await page.reload();
    await expect.poll(() => button.isDisabled(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByText(s.cannotBuy).isVisible()).toBe(true);
    expect(await button.getAttribute('aria-describedby')).toBe(await page.getByText(s.cannotBuy).getAttribute('id'));
    await page.context().close();
  });

  it.each([
    ['fr', 1, 'Panier, 1 article'],
    ['de', 5, 'Warenkorb, 5 Artikel'],
    ['cs', 3, 'Košík, 3 položky'],
    ['ru', 21, 'Корзина, 21 товар'],
  ] as const)('%s: every static page shows the count of the cart_count cookie (%i) and names it for screen readers', async (locale: Locale, count, name) => {
    const prefix = localePrefix(locale);
    const context = await site.browser().newContext({ viewport: { width: 320, height: 700 } });
    await context.addCookies([{ name: 'cart_count', value: String(count), url: site.server().origin }]);
    const page = await context.newPage();
    for (const path of ['/', `/collections/${catalog.collections[0].handle}/`, '/no-such-page/']) {
      await page.goto(`${site.server().origin}${prefix}${path}`);
      const link = page.getByRole('link', { name, exact: true });
      expect(await link.getAttribute('href'), path).toBe(`${prefix}/cart`);
      expect(await shownCount(link.locator('[data-cart-count]'))).toBe(String(count));
      // At 320 px the link is its icon: the label is for screen readers only.
      expect(await link.locator('.cart-label').evaluate((e) => e.getBoundingClientRect().width)).toBeLessThanOrEqual(1);
      const box = (await link.boundingBox())!;
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
      expect(box.x + box.width).toBeLessThanOrEqual(320);
    }
    await context.clearCookies();
    await page.reload();
    expect(await page.locator('header [data-cart-count]').isHidden()).toBe(true);
    expect(await page.locator('header a[data-cart-link]').getAttribute('aria-label')).toBeNull();
    await context.close();
  });
});

describe('add to cart without JavaScript', () => {
  it('en: the form posts id and quantity to /en/cart/add; a variant sold out at build cannot be chosen', async () => {
    const s = ui('en');
    const variants = built(partlySoldOut.handle, '/en').variants;
    const { page } = await open(`/en/products/${partlySoldOut.handle}/`, { javaScriptEnabled: false });
    const posts: Request[] = [];
    await page.route('**/en/cart/add', async (route) => {
      posts.push(route.request());
      await route.fulfill({ status: 303, headers: { location: '/en/' } });
    });
    const soldOut = variants.find((v) => !v.available)!;
    const available = variants.filter((v) => v.available).at(-1)!;
    const select = page.locator('form.add-to-cart select[name="id"]');
    expect(await select.locator(`option[value="${soldOut.id}"]`).isDisabled()).toBe(true);
    await select.selectOption(String(available.id));
    await page.getByLabel(s.quantity).fill('2');
    await Promise.all([page.waitForURL(`${site.server().origin}/en/`), page.getByRole('button', { name: s.addToCart }).click()]);
    expect(posts).toHaveLength(1);
    expect(posts[0].method()).toBe('POST');
    expect(posts[0].headers()['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(posts[0].postData() ?? ''))).toEqual({ id: String(available.id), quantity: '2' });
    await page.context().close();
  });
});

describe('the product page with its form', { timeout: 120_000 }, () => {
  it('has no axe violation and no horizontal scrolling in fr, de and cs at 320–1280 px; screenshots at 360 and 1280 px', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const { page } = await open('/');
    await page.context().addCookies([{ name: 'cart_count', value: '3', url: site.server().origin }]);
    for (const locale of ['fr', 'de', 'cs'] as const) {
      await page.goto(`${site.server().origin}${localePrefix(locale)}/products/${partlySoldOut.handle}/`);
      for (const width of [320, 360, 390, 768, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${locale} at ${width} px`).toBeLessThanOrEqual(width);
        if (width === 360 || width === 1280) {
          await page.screenshot({ path: join(SHOTS, `${locale}-product-${width}.png`), fullPage: width === 360 });
          expect((await runAxe(page)).violations, `${locale} at ${width} px`).toEqual([]);
        }
      }
    }
    await page.context().close();
  });
});

/** "Ajouté au panier — 3 articles" in `locale`. */
function addedText(locale: Locale, n: number): string {
  const s = ui(locale);
  return s.addedToCart({ items: s.itemCount({ n }) });
}
