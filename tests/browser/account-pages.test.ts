// The sign-in and account pages on a phone (src/http/account-route.ts), in chromium: a person
// types an e-mail (first a wrong one), reads the code in the mailbox, signs in and sees the
// account; each state in fr, de and cs has no horizontal scroll at 320, 360 and 390 px, axe finds
// nothing, and screenshots at 360 and 1280 px land in tests/artifacts/account/.
import { describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { createUcpService } from '../../src/ucp/service';
import { ARTIFACTS, browserAndServer } from '../helpers/browser';
import { runAxe } from '../helpers/axe';
import { catalog } from '../helpers/content';
import { testDb } from '../helpers/db';
import { codeIn, mailbox, testMailer } from '../helpers/mail';
import { serveSite } from '../helpers/site-server';

const SHOTS = join(ARTIFACTS, 'account');
const ucp = createUcpService({ catalog, db: testDb(), useRequestOrigin: true, mailer: testMailer() });
const site = browserAndServer(() => serveSite(ucp));

async function checkPhone(page: Page, name: string) {
  for (const width of [320, 360, 390]) {
    await page.setViewportSize({ width, height: 800 });
    const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    expect(scroll, `${name} at ${width} px`).toBeLessThanOrEqual(inner);
  }
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: join(SHOTS, `${name}-360.png`), fullPage: true });
  expect((await runAxe(page)).violations, `${name}: axe at 360 px`).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: join(SHOTS, `${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 360, height: 800 });
}

describe('the account pages in chromium, phones first', () => {
  it.each(['', '/de', '/cs'])('sign in at %s/account with the mailed code and see the account', { timeout: 60_000 }, async (locale) => {
    mkdirSync(SHOTS, { recursive: true });
    const tag = locale.slice(1) || 'fr';
    const context = await site.browser().newContext({ viewport: { width: 360, height: 800 }, bypassCSP: true });
    const page = await context.newPage();
    const email = `browser-${tag}@example.org`;
    await page.goto(`${site.server().origin}${locale}/account`);
    await checkPhone(page, `${tag}-sign-in`);
    await page.fill('#email', 'not an address');
    await page.click('button.primary-button');
    await expect.poll(() => page.locator('#email-error').count()).toBe(1);
    await checkPhone(page, `${tag}-sign-in-error`);
    const box = await mailbox();
    const before = box.messages.length;
    await page.fill('#email', email);
    await page.click('button.primary-button');
    await checkPhone(page, `${tag}-code`);
    const code = codeIn(await box.next(email, before));
    await page.fill('#code', code);
    await page.click('button.primary-button');
    await page.waitForSelector('input[name="action"][value="sign_out_everywhere"]', { state: 'attached' });
    expect(await page.content()).toContain(email);
    await checkPhone(page, `${tag}-account`);
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === '__Secure-pp.session_token')).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax' });
    await context.close();
  });
});
