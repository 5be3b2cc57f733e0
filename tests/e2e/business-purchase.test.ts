// Business accounts end to end against `npm start`, in chromium on phones (issue 40, criterion 9):
// a school applies on the site, the merchant approves it with `npm run accounts`, the school's
// owner invites a teacher, who signs in on a phone, joins, and orders the school kit on invoice
// with a purchase order; the merchant records the bank transfer and ships with `npm run orders`,
// and the order page says so. A German company with a VIES-valid number (the run's VIES stand-in,
// tests/e2e/run.ts) pays no VAT on goods to Germany, the mention under its total; an Irish
// consumer pays Irish VAT as before. Sign-in codes are read from the mail catcher. Screenshots go
// to tests/artifacts/business-e2e/.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ARTIFACTS, launchChromium, pressAndLoad } from '../helpers/browser';
import { BASE, MAIL_WEB } from './base';
import { catalog, sql, waitForMail } from './shop-client';
import { GERMAN_COMPANY } from './vies-numbers';
import { DATABASE_URL, applyAndApprove, cli, signIn } from './account-steps';

const SHOTS = join(ARTIFACTS, 'business-e2e');
const kit = catalog.products.find((p) => p.handle === 'kit-pedagogique-aquaponie')!;
const stocked = catalog.products.find((p) => p.published && p.variants[0].grams > 0 && p.variants[0].grams < 2000 && p.variants[0].inventory === null && !p.ships_to)!;
const run = crypto.randomUUID().slice(0, 8);

let browser: Browser;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchChromium();
  // The local database outlives runs: the kit gets its full count back.
  const inv = kit.variants[0].inventory!;
  if (!DATABASE_URL) sql(`INSERT INTO stock_levels (variant_id, counted_at, counted, policy, sold) VALUES (${kit.variants[0].id}, '${inv.counted_at}', ${inv.quantity}, 'deny', 0) ON CONFLICT (variant_id, counted_at) DO UPDATE SET sold = 0`);
});
afterAll(() => browser?.close());

async function phone(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 360, height: 780 }, hasTouch: true });
  context.setDefaultTimeout(90_000);
  context.setDefaultNavigationTimeout(90_000);
  return context.newPage();
}

async function shot(page: Page, name: string): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} fits 360 px`).toBeLessThanOrEqual(360);
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** Adds one unit of `handle` on its product page and opens the checkout. */
async function toCheckout(page: Page, prefix: string, handle: string): Promise<void> {
  await page.goto(`${BASE}${prefix}/products/${handle}/`);
  await Promise.all([page.waitForResponse((r) => r.url().endsWith('/cart/add.js') && r.ok()), page.click('form.add-to-cart button[type=submit]')]);
  await page.goto(`${BASE}${prefix}/checkout`);
  await page.waitForSelector('#first_name');
}

async function address(page: Page, a: Record<string, string>): Promise<void> {
  for (const [id, value] of Object.entries(a)) {
    if (id === 'address_country') await page.selectOption(`#${id}`, value);
    else await page.fill(`#${id}`, value);
  }
  await pressAndLoad(page, () => page.click('button[value=save]'));
  await page.waitForSelector('input[name=shipping_option]:checked');
}

const totalsText = async (page: Page) => (await page.locator('table.summary tfoot').textContent())?.replace(/\s+/g, ' ') ?? '';

describe('business accounts against npm start', () => {
  it('a school applies, is approved, invites a teacher who orders the kit on invoice; the merchant records the transfer and ships', { timeout: 600_000 }, async () => {
    const owner = await phone();
    const ownerEmail = `intendance+${run}@lycee-e2e.example`;
    const teacherEmail = `prof+${run}@lycee-e2e.example`;
    await signIn(owner, ownerEmail);
    await applyAndApprove(owner, '', {
      kind: 'school', legal_name: `Lycée agricole ${run}`, country: 'FR', street_address: '1 route de Lyon', postal_code: '69290', address_locality: 'Craponne',
      siret: '38032143000023', uai: '0951099D', contact_name: 'Claire Durand',
    });
    await owner.goto(`${BASE}/account`);
    await owner.fill('#invite_email', teacherEmail);
    await Promise.all([owner.waitForSelector('.notice.ok'), owner.click('form:has(#invite_email) button[type=submit]')]);
    await shot(owner, 'school-owner-invited');

    const teacher = await phone();
    await waitForMail(MAIL_WEB, teacherEmail, /vous invite à acheter pour/, 60_000);
    await signIn(teacher, teacherEmail);
    await Promise.all([teacher.waitForSelector('.notice.ok'), teacher.click('.invitations button.primary-button')]);
    expect(await teacher.locator('.members').textContent()).toContain(teacherEmail);
    await toCheckout(teacher, '', kit.handle);
    await address(teacher, { first_name: 'Paul', last_name: 'Girard', street_address: '1 route de Lyon', postal_code: '69290', address_locality: 'Craponne', address_country: 'FR' });
    expect(await teacher.locator('[data-business]').textContent()).toContain(`Lycée agricole ${run}`);
    expect(await teacher.locator('tbody [data-excl-vat]').first().textContent()).toMatch(/ HT$/);
    await teacher.fill('#purchase_order', `BC-${run}`);
    await shot(teacher, 'school-teacher-checkout');
    await Promise.all([teacher.waitForURL(/\/orders\//), teacher.click('button[value=order_on_invoice]')]);
    expect(await teacher.locator('[data-payment]').first().textContent()).toContain('FR7630006000011234567890189');
    await shot(teacher, 'school-teacher-order');

    const listed = cli('orders', ['list', '--json']);
    expect(listed.status, listed.stderr).toBe(0);
    const order = (JSON.parse(listed.stdout) as Array<{ label: string; buyer_email: string }>).find((o) => o.buyer_email === teacherEmail)!;
    const paid = cli('orders', ['paid', order.label, '--reference', `VIR ${order.label}`]);
    expect(paid.status, paid.stderr).toBe(0);
    const shipped = cli('orders', ['ship', order.label, '--carrier', 'Colissimo', '--tracking-number', `6A${run}`]);
    expect(shipped.status, shipped.stderr + shipped.stdout).toBe(0);
    await teacher.reload();
    expect(await teacher.locator('main').textContent()).toContain(`6A${run}`);
    await shot(teacher, 'school-teacher-shipped');
  });

  it('a German company with a VIES-valid number pays no VAT on goods to Germany; an Irish consumer pays Irish VAT', { timeout: 300_000 }, async () => {
    const company = await phone();
    const email = `einkauf+${run}@weber-e2e.example`;
    await signIn(company, email, '/de');
    await applyAndApprove(company, '/de', {
      kind: 'company', legal_name: `${GERMAN_COMPANY.name} ${run}`, country: 'DE', street_address: 'Gewerbehof 12', postal_code: '10117', address_locality: 'Berlin',
      vat_number: GERMAN_COMPANY.vatNumber, contact_name: 'Jonas Weber',
    });
    await toCheckout(company, '/de', stocked.handle);
    await address(company, { first_name: 'Jonas', last_name: 'Weber', street_address: 'Hauptstraße 5', postal_code: '10115', address_locality: 'Berlin', address_country: 'DE' });
    expect(await totalsText(company)).toContain('Steuerfreie innergemeinschaftliche Lieferung');
    expect(await totalsText(company)).not.toMatch(/MwSt\. 19/);
    await shot(company, 'german-company-checkout');

    const consumer = await phone();
    await toCheckout(consumer, '/en', stocked.handle);
    await consumer.fill('#email', `aoife+${run}@example.ie`);
    await address(consumer, { first_name: 'Aoife', last_name: 'Byrne', street_address: '1 Grafton Street', postal_code: 'D02 X285', address_locality: 'Dublin', address_country: 'IE' });
    expect(await totalsText(consumer)).toMatch(/23\s?%/);
    await shot(consumer, 'irish-consumer-checkout');
  });
});
