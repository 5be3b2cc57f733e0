// Passkeys in chromium with a virtual authenticator (the DevTools protocol's WebAuthn domain, as
// a phone's platform authenticator answers): a person signed in with the mailed code adds a
// passkey on the account page, signs out, and signs in again with the passkey alone — the
// library's session cookie, the passkey's last use recorded; a forged answer signs no one in.
// The site must be reached as `localhost`: WebAuthn refuses an IP address as relying party. The
// ceremonies run under the pages' own Content-Security-Policy (the script is the site's file).
import { describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { createUcpService } from '../../src/ucp/service';
import { ARTIFACTS, browserAndServer, checkPhone as checkPhoneIn, signInWithMailedCode } from '../helpers/browser';
import { catalog } from '../helpers/content';
import { testDb } from '../helpers/db';
import { mailbox, testMailer } from '../helpers/mail';
import { serveSite } from '../helpers/site-server';

const SHOTS = join(ARTIFACTS, 'passkeys');
const db = testDb();
const ucp = createUcpService({ catalog, db, useRequestOrigin: true, mailer: testMailer() });
const site = browserAndServer(() => serveSite(ucp));

const checkPhone = (page: Page, name: string) => checkPhoneIn(page, SHOTS, name);

describe('passkeys in chromium', () => {
  it.each(['', '/de'])('at %s/account: add a passkey, sign out, sign in with it alone', { timeout: 90_000 }, async (locale) => {
    mkdirSync(SHOTS, { recursive: true });
    const tag = locale.slice(1) || 'fr';
    const origin = site.server().origin.replace('127.0.0.1', 'localhost');
    const context = await site.browser().newContext({ viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });
    const email = `passkey-${tag}-${Date.now()}@example.org`;
    await page.goto(`${origin}${locale}/account`);
    // The script found WebAuthn: the passkey button shows beside the code's form.
    await expect.poll(() => page.locator('form[data-passkey="sign-in"]').isVisible()).toBe(true);
    await signInWithMailedCode(page, email);
    await page.waitForSelector('form[data-passkey="register"]', { state: 'visible' });
    await page.fill('#passkey_name', 'Téléphone');
    await page.click('form[data-passkey="register"] button[type=submit]');
    await page.waitForSelector('.passkey-list li');
    expect(await page.locator('.passkey-list li').first().textContent()).toContain('Téléphone');
    expect(await page.locator('.notice.ok').textContent()).not.toBe('');
    // Signed out, then in again with the passkey alone: no e-mail typed, no code.
    await page.click('input[value="sign_out"] ~ button');
    await page.waitForSelector('form[data-passkey="sign-in"]', { state: 'visible' });
    const box = await mailbox();
    const mails = box.messages.length;
    await page.click('form[data-passkey="sign-in"] button[type=submit]');
    await page.waitForSelector('.passkey-list li');
    expect(await page.content()).toContain(email);
    expect(box.messages.length, 'no code was sent').toBe(mails);
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === '__Secure-pp.session_token')).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax' });
    const { rows } = await (await db.raw()).query(`SELECT p."lastUsedAt" FROM "auth_passkey" p JOIN "auth_user" u ON u.id = p."userId" WHERE u.email = $1`, [email]);
    expect(rows).toHaveLength(1);
    expect(rows[0].lastUsedAt).not.toBeNull();
    // On the phone (axe needs its script injected: a context that lets it in, with this session).
    const shots = await site.browser().newContext({ viewport: { width: 360, height: 800 }, bypassCSP: true, storageState: await context.storageState() });
    const shot = await shots.newPage();
    await shot.goto(`${origin}${locale}/account`);
    await checkPhone(shot, `${tag}-account-passkey`);
    await shots.clearCookies();
    await shot.goto(`${origin}${locale}/account`);
    await checkPhone(shot, `${tag}-sign-in-passkey`);
    await shots.close();
    await context.close();
  });
});
