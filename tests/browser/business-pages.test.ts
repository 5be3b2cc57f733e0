// The business account's pages on a phone, in chromium: a school fills in the application form
// (first with a wrong SIRET: the sentence beside the field), sees its application on the account
// page, is approved, invites a colleague, and orders on invoice from the checkout (its
// organisation, billing address and prices excluding VAT first), whose order button names the
// amount and the way of paying. Each state in fr, de and cs has no horizontal scroll at 320, 360 and
// 390 px, axe finds nothing, and screenshots at 360 and 1280 px land in tests/artifacts/business/.
import { describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { approveApplication } from '../../src/checkout/business-accounts';
import { createUcpService } from '../../src/ucp/service';
import { ARTIFACTS, browserAndServer, checkPhone as checkPhoneIn, pressAndLoad } from '../helpers/browser';
import { ITEMS, catalog } from '../helpers/content';
import { testDb } from '../helpers/db';
import { codeIn, mailbox, testMailer } from '../helpers/mail';
import { serveSite } from '../helpers/site-server';

const SHOTS = join(ARTIFACTS, 'business');
const db = testDb();
const ucp = createUcpService({ catalog, db, useRequestOrigin: true, mailer: testMailer() });
const site = browserAndServer(() => serveSite(ucp));

const checkPhone = (page: Page, name: string) => checkPhoneIn(page, SHOTS, name);

describe('the business account in chromium, phones first', () => {
  it.each(['', '/de', '/cs'])('a school applies at %s/account/business, is approved and orders on invoice', { timeout: 90_000 }, async (locale) => {
    mkdirSync(SHOTS, { recursive: true });
    const tag = locale.slice(1) || 'fr';
    const origin = site.server().origin;
    const context = await site.browser().newContext({ viewport: { width: 360, height: 800 }, bypassCSP: true });
    const page = await context.newPage();
    const email = `school-${tag}@example.org`;
    const box = await mailbox();
    const before = box.messages.length;
    await page.goto(`${origin}${locale}/account`);
    await page.fill('#email', email);
    await page.click('button.primary-button');
    await page.fill('#code', codeIn(await box.next(email, before)));
    await page.click('button.primary-button');
    await page.waitForSelector(`a[href="${locale}/account/business"]`);
    await page.click(`a[href="${locale}/account/business"]`);
    await page.waitForSelector('#legal_name');
    await checkPhone(page, `${tag}-application`);
    await page.selectOption('#kind', 'school');
    await page.fill('#legal_name', `École Jean Moulin ${tag}`);
    await page.selectOption('#country', 'FR');
    await page.fill('#street_address', '3 place de la Mairie');
    await page.fill('#postal_code', '69007');
    await page.fill('#address_locality', 'Lyon');
    await page.fill('#siret', '38032143000024');
    await page.fill('#uai', '0951099D');
    await page.fill('#contact_name', 'Claire Durand');
    await page.click('button.primary-button');
    await page.waitForSelector('#siret-error');
    await checkPhone(page, `${tag}-application-error`);
    await page.fill('#siret', '38032143000023');
    await page.click('button.primary-button');
    await page.waitForSelector('.notice.ok');
    await checkPhone(page, `${tag}-application-pending`);
    const { rows: [row] } = await db.query<{ id: string }>(`SELECT b.id FROM business_accounts b JOIN "auth_user" u ON u.id = b.user_id WHERE u.email = $1`, [email]);
    expect((await approveApplication(ucp.commerce.context(origin), row.id)).ok).toBe(true);
    await page.reload();
    await page.waitForSelector('.business-terms');
    await checkPhone(page, `${tag}-account-approved`);
    // The owner invites a colleague: the account page names the invitation sent.
    await page.fill('#invite_email', `prof-${tag}@example.org`);
    await page.click('form:has(#invite_email) button[type=submit]');
    await page.waitForSelector('.notice.ok');
    expect(await page.locator('.members').textContent()).toContain(`prof-${tag}@example.org`);
    await checkPhone(page, `${tag}-account-invited`);

    await page.goto(`${origin}${locale}/products/${ITEMS.stocked.product.handle}`);
    // The page's script adds over /cart/add.js and stays on the page: wait for its answer.
    await Promise.all([page.waitForResponse((r) => r.url().endsWith('/cart/add.js') && r.ok()), page.click('form[action$="/cart/add"] button[type=submit]')]);
    await page.goto(`${origin}${locale}/checkout`);
    await page.waitForSelector('#first_name');
    await page.fill('#first_name', 'Claire');
    await page.fill('#last_name', 'Durand');
    await page.fill('#street_address', '3 place de la Mairie');
    await page.fill('#postal_code', '69007');
    await page.fill('#address_locality', 'Lyon');
    await page.selectOption('#address_country', 'FR');
    await pressAndLoad(page, () => page.click('button[value=save]'));
    await page.waitForSelector('button[value=order_on_invoice]');
    expect(await page.locator('[data-business]').textContent()).toContain('École Jean Moulin');
    await checkPhone(page, `${tag}-checkout-on-invoice`);
    // A quote of this checkout, its page on the phone, then ordered at its prices.
    await page.click('button[value=quote]');
    await page.waitForSelector('article.document');
    expect(await page.locator('article.document h1').textContent()).toMatch(/DV-\d{4}-\d{6}/);
    await checkPhone(page, `${tag}-quote`);
    await page.click('button[value=order]');
    await page.waitForSelector('[data-quote-notice]');
    await checkPhone(page, `${tag}-checkout-quoted`);
    await page.click('button[value=order_on_invoice]');
    await page.waitForSelector('[data-payment]');
    expect(await page.locator('[data-payment]').first().textContent()).toContain('FR7630006000011234567890189');
    await checkPhone(page, `${tag}-order-on-invoice`);
    await context.close();
  });
});
