// The cart and checkout pages on a phone (docs/storefront.md "Buying on the site"): in chromium,
// a buyer fills the cart, the checkout form (first with errors), pays, opens the invoice from the
// order page, and meets the 3-D Secure challenge; each state of each page is checked at 320, 360 and 390 px (no horizontal scroll),
// with axe-core at 360 and 1280 px, every field labelled and reachable, and screenshots in
// tests/artifacts/shop/ (fr, de, cs at 360 px; fr at 1280 px).
import { describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { createUcpService } from '../../src/ucp/service';
import { ARTIFACTS, browserAndServer, pressAndLoad } from '../helpers/browser';
import { runAxe } from '../helpers/axe';
import { catalog, ITEMS } from '../helpers/content';
import { testDb } from '../helpers/db';
import { testMailer } from '../helpers/mail';
import { serveSite } from '../helpers/site-server';
import { CARDS } from '../helpers/shopper';
import type { CatalogDiscount } from '../../src/catalog/discount-schema';

const SHOTS = join(ARTIFACTS, 'shop');
/** Test offers besides the content's: the goods at 100 % off and free shipping, everything free together. */
const FREE: CatalogDiscount[] = [
  { handle: 'cadeau', code: 'CADEAU', title: { fr: 'Cadeau : la commande offerte' }, value: { percentage: 100 }, applies_to: 'all', method: 'across', once_per_buyer: false, combines: true, priority: 1 },
  { handle: 'port-cadeau', code: 'PORT-CADEAU', title: { fr: 'Livraison offerte' }, value: { free_shipping: true }, applies_to: 'all', method: 'across', once_per_buyer: false, combines: true, priority: 2 },
];
const ucp = createUcpService({ catalog: { ...catalog, discounts: [...catalog.discounts, ...FREE] }, db: testDb(), useRequestOrigin: true, mailer: testMailer() });
const site = browserAndServer(() => serveSite(ucp));

/** No horizontal scrolling at each phone width; axe finds nothing; a screenshot at 360 px. */
async function checkPhone(page: Page, name: string) {
  for (const width of [320, 360, 390]) {
    await page.setViewportSize({ width, height: 800 });
    const { scroll, inner, wide } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth, inner: window.innerWidth,
      // What sticks out, to name it in the failure.
      wide: [...document.querySelectorAll('main *')].filter((e) => e.getBoundingClientRect().right > window.innerWidth).slice(0, 5).map((e) => `<${e.tagName.toLowerCase()} class="${e.className}"> ${(e.textContent ?? '').slice(0, 40)}`),
    }));
    expect(scroll, `${name} at ${width} px: ${wide.join(' | ')}`).toBeLessThanOrEqual(inner);
  }
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: join(SHOTS, `${name}-360.png`), fullPage: true });
  const axe = await runAxe(page);
  expect(axe.violations, `${name}: axe at 360 px`).toEqual([]);
}

/** A new browser context at 360 px with `variantId` in its cart, on the locale's cart page. */
async function withCart(locale: string, variantId: number) {
  const context = await site.browser().newContext({ viewport: { width: 360, height: 800 }, bypassCSP: true });
  const page = await context.newPage();
  const origin = site.server().origin;
  const added = await context.request.post(`${origin}${locale}/cart/add`, { form: { id: String(variantId), quantity: '2' }, maxRedirects: 0 });
  expect(added.status()).toBe(303);
  await page.goto(`${origin}${locale}/cart`);
  return { context, page, origin };
}

/** Fills the checkout form as a buyer in `country`. */
async function fillAddress(page: Page, country: string, postal: string, city: string) {
  await page.fill('#email', `web-${Date.now()}@example.org`);
  await page.fill('#first_name', 'Camille');
  await page.fill('#last_name', 'Martin');
  await page.fill('#street_address', '12 rue des Mariniers');
  await page.fill('#postal_code', postal);
  await page.fill('#address_locality', city);
  await page.selectOption('#address_country', country);
}

describe('cart and checkout pages on a phone', { timeout: 120_000 }, () => {
  mkdirSync(SHOTS, { recursive: true });

  for (const [locale, country, postal, city] of [['', 'FR', '69007', 'Lyon'], ['/de', 'DE', '10115', 'Berlin'], ['/cs', 'CZ', '11000', 'Praha']] as const) {
    const name = locale.slice(1) || 'fr';
    it(`${name}: cart, checkout with errors, filled, paid; every state fits 320–390 px and passes axe`, async () => {
      const { context, page } = await withCart(locale, ITEMS.small.variant.id);
      await checkPhone(page, `${name}-cart`);
      await page.locator('main a[href$="/checkout"]').click();
      await page.waitForURL(/\/checkout$/);
      await checkPhone(page, `${name}-checkout-empty`);
      await pressAndLoad(page, () => page.locator('button[value=save]').click());
      expect(await page.locator('[aria-invalid=true]').count(), 'errors beside the fields').toBeGreaterThan(0);
      await checkPhone(page, `${name}-checkout-errors`);
      await fillAddress(page, country, postal, city);
      await pressAndLoad(page, () => page.locator('button[value=save]').click());
      const order = page.locator('button[value=pay]');
      await expect.poll(() => order.count()).toBe(1);
      await checkPhone(page, `${name}-checkout-ready`);
      await page.fill('#card_number', CARDS.pays);
      await page.fill('#card_expiry', '12/34');
      await page.fill('#card_cvc', '123');
      await order.click();
      await page.waitForURL(/\/orders\//);
      await checkPhone(page, `${name}-order`);
      // The invoice, from the order page: its page fits the phone, its PDF opens.
      await page.locator('ul.documents a').first().click();
      await page.waitForURL(/\/documents\//);
      expect(await page.locator('h1').textContent()).toMatch(/ FA-\d{4}-\d{6}$/);
      await checkPhone(page, `${name}-invoice`);
      const pdf = await context.request.get(new URL((await page.locator('.doc-actions a').getAttribute('href'))!, page.url()).href);
      expect([pdf.status(), pdf.headers()['content-type']]).toEqual([200, 'application/pdf']);
      await context.close();
    });
  }

  it('de: discount codes in the cart and at checkout (a wrong one said beside the field, the welcome code applied), paid; every state fits 320–390 px and passes axe', async () => {
    const { context, page } = await withCart('/de', ITEMS.small.variant.id);
    await page.fill('#discount_code', 'SOMMER');
    await pressAndLoad(page, () => page.locator('.cart-discount-form button[value=discount]').click());
    expect(await page.locator('.discount-codes li[data-discount-code=SOMMER] .field-error').textContent()).toBe('Den Code SOMMER gibt es nicht.');
    await page.fill('#discount_code', 'bienvenue10');
    await pressAndLoad(page, () => page.locator('.cart-discount-form button[value=discount]').click());
    expect(await page.locator('.cart-discounts').textContent()).toContain('Willkommen: 10 % auf Ihre erste Bestellung');
    await checkPhone(page, 'de-cart-discount');
    await pressAndLoad(page, () => page.getByRole('button', { name: 'Code SOMMER entfernen' }).click());
    expect(await page.locator('.discount-codes li').count()).toBe(1);
    await page.locator('main a[href$="/checkout"]').click();
    await page.waitForURL(/\/checkout$/);
    await fillAddress(page, 'DE', '10115', 'Berlin');
    await pressAndLoad(page, () => page.locator('button[value=save]').click());
    const row = page.locator('tr.discount[data-discount-code=BIENVENUE10]');
    await expect.poll(() => row.count()).toBe(1);
    const off = -Number(await row.locator('data').getAttribute('value'));
    const amount = async (type: string) => Number(await page.locator(`tfoot tr.${type} data`).first().getAttribute('value') ?? 0);
    expect(await amount('total')).toBe(await amount('subtotal') + await amount('fulfillment') - off);
    await checkPhone(page, 'de-checkout-discount');
    await page.fill('#card_number', CARDS.pays);
    await page.fill('#card_expiry', '12/34');
    await page.fill('#card_cvc', '123');
    await page.locator('button[value=pay]').click();
    await page.waitForURL(/\/orders\//);
    expect(-Number(await page.locator('tr.discount[data-discount-code=BIENVENUE10] data').getAttribute('value'))).toBe(off);
    await checkPhone(page, 'de-order-discount');
    await context.close();
  });

  it('fr: discounts covering everything — no card asked for, ordered, the invoice says nothing was to pay and lists the rebates; every state fits 320–390 px and passes axe', async () => {
    const { context, page } = await withCart('', ITEMS.small.variant.id);
    for (const code of ['CADEAU', 'PORT-CADEAU']) {
      await page.fill('#discount_code', code);
      await pressAndLoad(page, () => page.locator('.cart-discount-form button[value=discount]').click());
    }
    await page.locator('main a[href$="/checkout"]').click();
    await page.waitForURL(/\/checkout$/);
    await fillAddress(page, 'FR', '69007', 'Lyon');
    await pressAndLoad(page, () => page.locator('button[value=save]').click());
    await expect.poll(() => page.locator('button[value=pay]').count()).toBe(1);
    expect(Number(await page.locator('tfoot tr.total data').first().getAttribute('value'))).toBe(0);
    expect(await page.locator('#card_number').count(), 'no card field').toBe(0);
    expect(await page.locator('.nothing-due').textContent()).toContain('aucune carte n’est nécessaire');
    await checkPhone(page, 'fr-checkout-nothing-due');
    await page.locator('button[value=pay]').click();
    await page.waitForURL(/\/orders\//);
    expect(await page.locator('[data-payment]').textContent()).toContain('Rien à payer');
    await checkPhone(page, 'fr-order-nothing-due');
    await page.locator('ul.documents a').first().click();
    await page.waitForURL(/\/documents\//);
    expect(await page.locator('.doc-rebates tr').count()).toBe(2);
    expect(await page.locator('.doc-note').allTextContents()).toContain('Rien à payer\u202f: les remises couvrent la totalité du montant.');
    await checkPhone(page, 'fr-invoice-nothing-due');
    await context.close();
  });

  it('fr: the 3-D Secure challenge and a declined card fit a phone', async () => {
    const { context, page, origin } = await withCart('', ITEMS.small.variant.id);
    await page.goto(`${origin}/checkout`);
    await fillAddress(page, 'FR', '69007', 'Lyon');
    await pressAndLoad(page, () => page.locator('button[value=save]').click());
    await page.fill('#card_number', CARDS.declined);
    await page.fill('#card_expiry', '12/34');
    await page.fill('#card_cvc', '123');
    await pressAndLoad(page, () => page.locator('button[value=pay]').click());
    await expect.poll(() => page.locator('#card_number-error').textContent()).toMatch(/refusé/);
    await checkPhone(page, 'fr-checkout-declined');
    await page.fill('#card_number', CARDS.threeDs);
    await page.fill('#card_expiry', '12/34');
    await page.fill('#card_cvc', '123');
    await pressAndLoad(page, () => page.locator('button[value=pay]').click());
    await expect.poll(() => page.locator('.challenge').count()).toBe(1);
    await checkPhone(page, 'fr-checkout-3ds');
    await page.locator('button[value=authenticate]').click();
    await page.waitForURL(/\/orders\//);
    await context.close();
  });

  it('fr at 1280 px: cart and checkout pass axe; screenshots', async () => {
    const { context, page, origin } = await withCart('', ITEMS.stocked.variant.id);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: join(SHOTS, 'fr-cart-1280.png'), fullPage: true });
    expect((await runAxe(page)).violations).toEqual([]);
    await page.goto(`${origin}/checkout`);
    await fillAddress(page, 'FR', '69007', 'Lyon');
    await pressAndLoad(page, () => page.locator('button[value=save]').click());
    await page.screenshot({ path: join(SHOTS, 'fr-checkout-1280.png'), fullPage: true });
    expect((await runAxe(page)).violations).toEqual([]);
    await context.close();
  });
});
