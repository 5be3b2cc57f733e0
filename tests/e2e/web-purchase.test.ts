// People buy on the site, end to end against `npm start` in chromium (docs/storefront.md "Add to
// cart"; the cart and checkout pages of src/http/shop-route.ts): in French on a 360 px phone
// (add to cart on the product page, the cart page, the checkout page with e-mail, name, address
// and shipping option, a declined card whose error stands beside the card field, then a card that
// pays, the order page), in German on a desktop by keyboard only, the 3-D Secure card through its
// challenge, a line that sold out between cart and payment (another buyer, an agent over MCP,
// took the last unit) reported with no order made, a double click on the order button making one
// order; then the merchant ships with `npm run orders` and the order page says so.
// Every purchase is of the same tracked variant, its stock set before each, so runs on the same
// local database do not run it out. Stock and orders are read and set in the store's database:
// the local one (`npm run orders`, shop-client.ts), or E2E_DATABASE_URL when another `npm start`
// of this directory has since taken `.netlify/state.json` (src/state/open-database.ts).
// Screenshots go to tests/artifacts/web-purchase/.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { ARTIFACTS, launchChromium, pressAndLoad } from '../helpers/browser';
import { localePrefix, type Locale } from '../../src/catalog/locales';
import { checkoutUi } from '../../src/i18n/checkout-ui';
import { shopUi } from '../../src/i18n/shop-ui';
import { ui } from '../../src/i18n/ui';
import { formatPrice } from '../../src/views/format';
import { BASE, MAIL_WEB } from './base';
import pg from 'pg';
import { approvedCheckout, catalog, completeCheckout, leaveUnits, newBuyerEmail, scarce } from './shop-client';

const SHOTS = join(ARTIFACTS, 'web-purchase');
const product = catalog.products.find((p) => p.variants.some((v) => v.id === scarce.id))!;
const CARD = { pays: '4242 4242 4242 4242', declined: '4000 0000 0000 0002', secure: '4000 0000 0000 3220' };
const PHONE: BrowserContextOptions = { viewport: { width: 360, height: 780 }, locale: 'fr-FR', hasTouch: true };
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 900 } };

let browser: Browser;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchChromium();
});
afterAll(() => browser?.close());

/** The store's database when it is not the one `.netlify/state.json` names (see the top of this file). */
const DATABASE_URL = process.env.E2E_DATABASE_URL;
/** `npm run orders -- …` on the store's database. */
const orders = (args: string[]) => spawnSync('npm', ['run', '--silent', 'orders', '--', ...args], { encoding: 'utf8', env: { ...process.env, ...(DATABASE_URL ? { DATABASE_URL } : {}) } });

/** Leaves `left` units of the purchased variant for sale. */
async function stockLeft(left: number): Promise<void> {
  if (!DATABASE_URL) return leaveUnits(left);
  // The statement of shop-client.ts `leaveUnits`, sent to the given database.
  const inv = scarce.inventory!;
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    await client.query(`INSERT INTO stock_levels (variant_id, counted_at, counted, policy, sold) VALUES ($1, $2, $3, 'deny', $4)
       ON CONFLICT (variant_id, counted_at) DO UPDATE SET sold = $4`, [scarce.id, inv.counted_at, inv.quantity, inv.quantity - left]);
  } finally {
    await client.end();
  }
}

/** The merchant's orders of a buyer (`npm run orders -- list --json`). */
function ordersOf(email: string): Array<{ id: string; label: string; status: string; total: number }> {
  const listed = orders(['list', '--json']);
  expect(listed.status, listed.stderr).toBe(0);
  return (JSON.parse(listed.stdout) as Array<{ id: string; label: string; status: string; total: number; buyer_email: string }>).filter((o) => o.buyer_email === email);
}

/** A new window on the store; script errors are collected in `problems`. */
async function newPage(options: BrowserContextOptions): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext(options);
  // `netlify dev` answers slowly on a loaded machine (and reloads the function when a source changes).
  context.setDefaultTimeout(90_000);
  context.setDefaultNavigationTimeout(90_000);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`script error: ${e.message}`));
  return { page, problems };
}

/** The order button of the checkout page, named "Commander avec obligation de paiement — 129,00 €" in `locale`. */
const orderButton = (page: Page, locale: Locale) => page.getByRole('button', { name: new RegExp(`^${checkoutUi(locale).orderButton} — `) });

/** The amount the checkout's summary shows as the total, in cents. */
async function shownTotal(page: Page): Promise<number> {
  return Number(await page.locator('tfoot tr.total [data-amount]').first().getAttribute('data-amount'));
}

/**
 * With the mouse: the product page's form adds one unit (no page load: the live region says so
 * and the header counts it), the header's cart link leads to the cart page, whose button leads to
 * the checkout page (`inCart` runs on the cart page before leaving it).
 */
async function addAndCheckOut(page: Page, locale: Locale, inCart?: () => Promise<void>): Promise<void> {
  const s = ui(locale);
  const shop = shopUi(locale);
  const prefix = localePrefix(locale);
  await page.goto(`${BASE}${prefix}/products/${product.handle}/`);
  await page.getByRole('button', { name: s.addToCart }).click();
  const added = s.addedToCart({ items: s.itemCount({ n: 1 }) });
  // Polled, so a failure shows what the live region said instead.
  await expect.poll(() => page.locator('form.add-to-cart [role="status"]').textContent(), { timeout: 90_000 }).toContain(added);
  await Promise.all([page.waitForURL(`${BASE}${prefix}/cart`), page.getByRole('link', { name: `${s.cart}, ${s.itemCount({ n: 1 })}`, exact: true }).click()]);
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(shop.cartTitle);
  expect(await page.locator(`li.cart-line[data-variant-id="${scarce.id}"]`).count()).toBe(1);
  const lineTitle = (await page.locator('.cart-line-title').first().textContent()) ?? '';
  expect(await page.getByRole('spinbutton', { name: shop.quantityOf({ title: lineTitle }) }).inputValue()).toBe('1');
  await inCart?.();
  await Promise.all([page.waitForURL(`${BASE}${prefix}/checkout`), page.getByRole('link', { name: shop.toCheckout }).click()]);
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(shop.checkoutTitle);
}

/** The buyers of these purchases, by the locale of their pages (the country is the one the page proposes). */
const BUYERS = {
  fr: { first: 'Camille', last: 'Martin', street: '12 rue des Mariniers', postal: '69007', city: 'Lyon', country: 'FR' },
  de: { first: 'Jonas', last: 'Becker', street: 'Hauptstraße 5', postal: '10115', city: 'Berlin', country: 'DE' },
} as const;

/** With the mouse: contact and address of the locale's buyer, then "Continue": the shipping options appear, the cheapest chosen. */
async function fillDetails(page: Page, email: string, locale: keyof typeof BUYERS = 'fr'): Promise<void> {
  const shop = shopUi(locale);
  const buyer = BUYERS[locale];
  await page.getByLabel(shop.email).fill(email);
  await page.getByLabel(shop.firstName, { exact: true }).fill(buyer.first);
  await page.getByLabel(shop.lastName, { exact: true }).fill(buyer.last);
  await page.getByLabel(shop.street, { exact: true }).fill(buyer.street);
  await page.getByLabel(shop.postalCode).fill(buyer.postal);
  await page.getByLabel(shop.city).fill(buyer.city);
  expect(await page.getByLabel(shop.country).inputValue()).toBe(buyer.country);
  await pressAndLoad(page, () => page.getByRole('button', { name: shop.saveButton }).click());
  await page.getByRole('radio').first().waitFor();
}

/** With the mouse: the card's number, expiry 12/34 and CVC 123. */
async function fillCard(page: Page, number: string, locale: Locale = 'fr'): Promise<void> {
  const shop = shopUi(locale);
  await page.getByLabel(shop.cardNumber).fill(number);
  await page.getByLabel(shop.cardExpiry).fill('12/34');
  await page.getByLabel(shop.cardCvc).fill('123');
}

/** Presses Tab until `target` has the focus (keyboard only). @throws after `max` presses */
async function tabTo(page: Page, target: Locator, max = 120): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((e) => e === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

/** The first order paid in this file: its page and label, for the merchant to ship. */
let shipLater: { url: string; label: string } | undefined;

/** The paid order page: its URL, and the one order the merchant has for `email`. */
async function expectOneOrder(page: Page, email: string, total: number) {
  await page.waitForURL(/\/orders\//);
  const orders = ordersOf(email);
  expect(orders, `the orders of ${email}`).toHaveLength(1);
  expect(orders[0].total).toBe(total);
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain(orders[0].label);
  expect(await page.locator('[data-status]').first().getAttribute('data-status')).toBe('processing');
  shipLater ??= { url: page.url(), label: orders[0].label };
  return orders[0];
}


describe('a person buys on the store\'s pages, against npm start', { timeout: 420_000 }, () => {
  it('fr on a 360 px phone: product page → cart → checkout; a declined card is refused beside the card field, a second card pays; the order page', async () => {
    await stockLeft(scarce.inventory!.quantity);
    const email = newBuyerEmail();
    const shop = shopUi('fr');
    const { page, problems } = await newPage(PHONE);
    await addAndCheckOut(page, 'fr');
    await page.screenshot({ path: join(SHOTS, 'fr-checkout-empty-360.png'), fullPage: true });
    await fillDetails(page, email);
    const options = page.getByRole('radio');
    expect(await options.first().isChecked(), 'the cheapest option is chosen').toBe(true);
    await options.last().check();
    await pressAndLoad(page, () => page.getByRole('button', { name: shop.saveButton }).click());
    expect(await page.getByRole('radio').last().isChecked()).toBe(true);
    const total = await shownTotal(page);
    expect(total).toBeGreaterThanOrEqual(Math.round(Number(scarce.price) * 100));
    // The order button names the amount the summary totals.
    expect(await orderButton(page, 'fr').textContent()).toBe(`Commander avec obligation de paiement — ${formatPrice(total, 'fr')}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await fillCard(page, CARD.declined);
    await pressAndLoad(page, () => orderButton(page, 'fr').click());
    const cardField = page.getByLabel(shop.cardNumber);
    expect(await cardField.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator(`#${await cardField.getAttribute('aria-describedby')}`).textContent()).toBe(shop.declined);
    // The error stands beside the field: just above it, in the same field block.
    expect(await page.locator('.field.has-error').filter({ has: cardField }).locator('.field-error').textContent()).toBe(shop.declined);
    expect(await cardField.inputValue(), 'the card number is never echoed').toBe('');
    expect(await page.getByLabel(shop.email).inputValue(), 'the entries are kept').toBe(email);
    expect(ordersOf(email)).toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'fr-declined-360.png'), fullPage: true });

    await fillCard(page, CARD.pays);
    await Promise.all([page.waitForURL(/\/orders\//), orderButton(page, 'fr').click()]);
    await expectOneOrder(page, email, total);
    await page.screenshot({ path: join(SHOTS, 'fr-order-360.png'), fullPage: true });
    // The cart is emptied: the header's count (a static page, the cookie) and the cart page say so.
    await page.goto(`${BASE}/`);
    expect(await page.locator('header [data-cart-count]').isHidden()).toBe(true);
    await page.goto(`${BASE}/cart`);
    expect(await page.getByText(shop.cartEmpty).isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('de on a 360 px phone: the newsletter code typed in the cart takes 10 % off; the checkout, the order button and the order page show it, the merchant\'s order has the discounted total', async () => {
    await stockLeft(scarce.inventory!.quantity);
    const email = newBuyerEmail();
    const shop = shopUi('de');
    const { page, problems } = await newPage({ ...PHONE, locale: 'de-DE' });
    const title = catalog.discounts.find((d) => d.code === 'BIENVENUE10')!.title.de!;
    await addAndCheckOut(page, 'de', async () => {
      await page.getByLabel(shop.discountCode).fill('bienvenue10');
      await pressAndLoad(page, () => page.getByRole('button', { name: shop.discountApply }).click());
      expect(await page.getByText(shop.discountApplied({ code: 'bienvenue10' })).isVisible()).toBe(true);
      expect(await page.locator('.cart-discounts').textContent()).toContain(title);
      await page.screenshot({ path: join(SHOTS, 'de-cart-code-360.png'), fullPage: true });
    });
    await fillDetails(page, email, 'de');
    const row = page.locator('tfoot tr.discount[data-discount-code="BIENVENUE10"]');
    expect(await row.textContent()).toContain(title);
    const off = -Number(await row.locator('[data-amount]').getAttribute('data-amount'));
    const subtotal = Number(await page.locator('tfoot tr.subtotal [data-amount]').getAttribute('data-amount'));
    expect(off).toBe(Math.round(subtotal / 10));
    const total = await shownTotal(page);
    expect(await orderButton(page, 'de').textContent()).toBe(`Zahlungspflichtig bestellen — ${formatPrice(total, 'de')}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: join(SHOTS, 'de-checkout-code-360.png'), fullPage: true });
    await fillCard(page, CARD.pays, 'de');
    await Promise.all([page.waitForURL(/\/de\/orders\//), orderButton(page, 'de').click()]);
    await expectOneOrder(page, email, total);
    expect(-Number(await page.locator('tfoot tr.discount[data-discount-code="BIENVENUE10"] [data-amount]').getAttribute('data-amount'))).toBe(off);
    await page.screenshot({ path: join(SHOTS, 'de-order-code-360.png'), fullPage: true });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('de on a desktop, by keyboard only: add to cart, the cart, the checkout, the order', async () => {
    await stockLeft(scarce.inventory!.quantity);
    const email = newBuyerEmail();
    const s = ui('de');
    const shop = shopUi('de');
    const { page, problems } = await newPage({ ...DESKTOP, locale: 'de-DE' });
    await page.goto(`${BASE}/de/products/${product.handle}/`);
    await tabTo(page, page.getByRole('button', { name: s.addToCart }));
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('form.add-to-cart [role="status"]').textContent(), { timeout: 90_000 }).toContain('In den Warenkorb gelegt — 1 Artikel');
    const viewCart = page.getByRole('link', { name: s.viewCart });
    await tabTo(page, viewCart);
    await Promise.all([page.waitForURL(`${BASE}/de/cart`), page.keyboard.press('Enter')]);
    await tabTo(page, page.getByRole('link', { name: shop.toCheckout }));
    await Promise.all([page.waitForURL(`${BASE}/de/checkout`), page.keyboard.press('Enter')]);
    const typeInto = async (label: string, text: string) => {
      await tabTo(page, page.getByLabel(label, { exact: true }));
      await page.keyboard.type(text);
    };
    await typeInto(shop.email, email);
    await typeInto(shop.firstName, 'Jonas');
    await typeInto(shop.lastName, 'Becker');
    await typeInto(shop.street, 'Hauptstraße 5');
    await typeInto(shop.postalCode, '10115');
    await typeInto(shop.city, 'Berlin');
    expect(await page.getByLabel(shop.country).inputValue()).toBe('DE');
    await tabTo(page, page.getByRole('button', { name: shop.saveButton }));
    await pressAndLoad(page, () => page.keyboard.press('Enter'));
    await page.getByRole('radio', { checked: true }).waitFor();
    await typeInto(shop.cardNumber, CARD.pays);
    await typeInto(shop.cardExpiry, '12/34');
    await typeInto(shop.cardCvc, '123');
    const total = await shownTotal(page);
    const button = orderButton(page, 'de');
    expect(await button.textContent()).toBe(`Zahlungspflichtig bestellen — ${formatPrice(total, 'de')}`);
    await page.screenshot({ path: join(SHOTS, 'de-checkout-1280.png'), fullPage: true });
    await tabTo(page, button);
    await Promise.all([page.waitForURL(/\/de\/orders\//), page.keyboard.press('Enter')]);
    await expectOneOrder(page, email, total);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('fr: the 3-D Secure card passes its challenge, then the order is made', async () => {
    await stockLeft(scarce.inventory!.quantity);
    const email = newBuyerEmail();
    const shop = shopUi('fr');
    const { page } = await newPage(PHONE);
    await addAndCheckOut(page, 'fr');
    await fillDetails(page, email);
    const total = await shownTotal(page);
    await fillCard(page, CARD.secure);
    await pressAndLoad(page, () => orderButton(page, 'fr').click());
    const challenge = page.getByRole('region', { name: shop.challengeTitle });
    expect(await challenge.textContent()).toContain(formatPrice(total, 'fr'));
    expect(await challenge.textContent()).toContain('3220');
    expect(ordersOf(email)).toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'fr-3ds-360.png'), fullPage: true });
    await Promise.all([page.waitForURL(/\/orders\//), page.getByRole('button', { name: shop.challengeConfirm }).click()]);
    await expectOneOrder(page, email, total);
    await page.context().close();
  });

  it('fr: a line sold out between the cart and the payment (an agent bought the last unit over MCP) is reported, nothing is charged, no order is made', async () => {
    await stockLeft(1);
    const email = newBuyerEmail();
    const { page } = await newPage(PHONE);
    await addAndCheckOut(page, 'fr');
    await fillDetails(page, email);
    await fillCard(page, CARD.pays);
    expect(await orderButton(page, 'fr').isVisible()).toBe(true);
    // Another buyer, through an agent: the last unit, approved with the mailed code, paid.
    const other = await approvedCheckout({ base: BASE, mailWeb: MAIL_WEB }, scarce.id);
    const done = await completeCheckout(BASE, other);
    expect(done.result.status, JSON.stringify(done.result.messages)).toBe('completed');
    await pressAndLoad(page, () => orderButton(page, 'fr').click());
    expect(page.url()).not.toMatch(/\/orders\//);
    const title = product.title.fr;
    const said = page.locator('[role="alert"], [role="status"]').filter({ hasText: title });
    expect(await said.count(), `a message naming ${title}`).toBeGreaterThan(0);
    await page.screenshot({ path: join(SHOTS, 'fr-sold-out-360.png'), fullPage: true });
    expect(ordersOf(email)).toEqual([]);
    await page.context().close();
  });

  it('fr: a double click on the order button makes one order', async () => {
    await stockLeft(scarce.inventory!.quantity);
    const email = newBuyerEmail();
    const { page } = await newPage(DESKTOP);
    await addAndCheckOut(page, 'fr');
    await fillDetails(page, email);
    const total = await shownTotal(page);
    await fillCard(page, CARD.pays);
    await Promise.all([page.waitForURL(/\/orders\//), orderButton(page, 'fr').dblclick()]);
    await page.waitForLoadState('load');
    await expectOneOrder(page, email, total);
    await page.context().close();
  });

  it('the merchant ships an order paid above with npm run orders; the order page shows the shipment', async () => {
    expect(shipLater, 'an order paid by a test above').toBeDefined();
    const { label, url } = shipLater!;
    const tracking = `6A${Date.now()}`;
    const shipped = orders(['ship', label, '--carrier', 'Colissimo', '--tracking-number', tracking, '--tracking-url', `https://www.laposte.fr/outils/suivre-vos-envois?code=${tracking}`]);
    expect(shipped.status, shipped.stderr).toBe(0);
    const { page } = await newPage(PHONE);
    await page.goto(url);
    expect(await page.locator('[data-status]').first().getAttribute('data-status')).toBe('shipped');
    expect(await page.locator('[data-tracking-number]').textContent()).toBe(tracking);
    expect(await page.locator('li[data-event-type="shipped"]').textContent()).toContain('Colissimo');
    await page.screenshot({ path: join(SHOTS, 'fr-order-shipped-360.png'), fullPage: true });
    await page.context().close();
  });
});
