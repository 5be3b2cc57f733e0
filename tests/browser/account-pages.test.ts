// The sign-in and account pages on a phone (src/http/account-route.ts), in chromium: a person
// types an e-mail (first a wrong one), reads the code in the mailbox, signs in and sees the
// account; each state in fr, de and cs has no horizontal scroll at 320, 360 and 390 px, axe finds
// nothing, and screenshots at 360 and 1280 px land in tests/artifacts/account/.
import { describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { createUcpService } from '../../src/ucp/service';
import { ARTIFACTS, browserAndServer, checkPhone as checkPhoneIn, signInWithMailedCode } from '../helpers/browser';
import { catalog } from '../helpers/content';
import { testDb } from '../helpers/db';
import { codeIn, mailbox, testMailer } from '../helpers/mail';
import { serveSite } from '../helpers/site-server';

const SHOTS = join(ARTIFACTS, 'account');
const ucp = createUcpService({ catalog, db: testDb(), useRequestOrigin: true, mailer: testMailer() });
const site = browserAndServer(() => serveSite(ucp));

const checkPhone = (page: Page, name: string) => checkPhoneIn(page, SHOTS, name);

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

  it('a platform asks to link the account (OAuth, issue 37): sign-in with the request carried, then the consent page, on a phone; "Allow" sends the code back', { timeout: 60_000 }, async () => {
    mkdirSync(SHOTS, { recursive: true });
    const origin = site.server().origin;
    // The page's own policy applies (no bypassCSP): its form must be allowed to lead to the platform's redirect URI.
    const context = await site.browser().newContext({ viewport: { width: 360, height: 800 } });
    const redirect = 'http://127.0.0.1:33418/callback';
    const registered = await context.request.post(`${origin}/api/auth/oauth2/register`, { data: { client_name: 'Assistant d’achat', redirect_uris: [redirect], token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'] } });
    const { client_id: clientId } = await registered.json();
    const query = new URLSearchParams({ response_type: 'code', client_id: clientId, redirect_uri: redirect, scope: 'dev.ucp.shopping.checkout:manage dev.ucp.shopping.order:read offline_access', state: 's1', code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256' });
    const page = await context.newPage();
    await page.goto(`${origin}/api/auth/oauth2/authorize?${query}`);
    await signInWithMailedCode(page, 'oauth-browser@example.org');
    await page.waitForSelector('.oauth-scopes');
    expect(await page.locator('h1').textContent()).toBe('Relier Assistant d’achat à votre compte');
    expect(await page.locator('.oauth-scopes li').count()).toBe(3);
    // Layout and axe in a context that lets axe's script in, on the same consent page and session.
    const audit = await site.browser().newContext({ viewport: { width: 360, height: 800 }, bypassCSP: true, storageState: await context.storageState() });
    const audited = await audit.newPage();
    await audited.goto(page.url());
    await checkPhone(audited, 'fr-oauth-consent');
    await audit.close();
    // The platform's loopback redirect (nothing listens there: the request to it is what the platform
    // would receive), reached under the page's own policy: its form-action names the redirect's origin.
    const back = page.waitForRequest((request) => request.url().startsWith(redirect));
    await page.click('button[name=accept][value=yes]');
    const url = new URL((await back).url());
    expect([url.searchParams.get('state'), url.searchParams.has('code')]).toEqual(['s1', true]);
    // The account page lists the linked platform with its button to end the link (in another tab:
    // this one is still failing to reach the platform's loopback redirect).
    const account = await context.newPage();
    await account.goto(`${origin}/account`);
    expect(await account.locator('.platform-list > li strong').textContent()).toBe('Assistant d’achat');
    const shots = await site.browser().newContext({ viewport: { width: 360, height: 800 }, bypassCSP: true, storageState: await context.storageState() });
    const shown = await shots.newPage();
    await shown.goto(`${origin}/account`);
    await checkPhone(shown, 'fr-account-platforms');
    await shots.close();
    await account.click('.platform-list button');
    await account.waitForSelector('.notice.ok');
    expect(await account.locator('.platform-list').count()).toBe(0);
    await context.close();
  });
});
