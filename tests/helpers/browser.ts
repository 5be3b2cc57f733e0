/** Debian's chromium driven by playwright-core (no browser download): the one way tests launch a browser. */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { runAxe } from './axe';
import { codeIn, mailbox } from './mail';

export const CHROMIUM = '/usr/bin/chromium';
/** Screenshots and reports kept by test runs (git-ignored). */
export const ARTIFACTS = join(process.cwd(), 'tests/artifacts');

/**
 * Launches headless chromium with the flags this closed network needs (no background
 * networking, no component updates).
 * @throws Error naming the fix when chromium is not installed
 */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium), as .ci/run does`);
  mkdirSync(ARTIFACTS, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/**
 * Registers, in the calling test file, a chromium and a server started before its tests and
 * closed after them.
 * @param start starts the server (e.g. serveDist, serveSite)
 * @returns getters of the browser and the server, valid inside tests
 */
export function browserAndServer<S extends { close: () => Promise<void> }>(start: () => Promise<S>): { browser: () => Browser; server: () => S } {
  let browser: Browser | undefined;
  let server: S | undefined;
  beforeAll(async () => {
    server = await start();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return { browser: () => browser!, server: () => server! };
}

/**
 * A page's state on phones: no horizontal scroll at 320, 360 and 390 px (the elements that stick
 * out named when one does), axe clean at 360 px, and full-page screenshots at 360 and 1280 px in
 * `shots` (`<name>-360.png`, `<name>-1280.png`). Leaves the page at 360 px.
 */
export async function checkPhone(page: Page, shots: string, name: string): Promise<void> {
  for (const width of [320, 360, 390]) {
    await page.setViewportSize({ width, height: 800 });
    const { scroll, inner, wide } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth, inner: window.innerWidth,
      wide: [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1).map((e) => `${e.tagName}.${e.className}`).slice(0, 5).join(' '),
    }));
    expect(scroll, `${name} at ${width} px (${wide})`).toBeLessThanOrEqual(inner);
  }
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: join(shots, `${name}-360.png`), fullPage: true });
  expect((await runAxe(page)).violations, `${name}: axe at 360 px`).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: join(shots, `${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 360, height: 800 });
}

/**
 * Presses a button of a form (`press`: a click, or Enter on the focused button) and resolves
 * once the page it leads to has loaded. The checkout's script sends the form only after the
 * saves under way (src/scripts/checkout.js), so its navigation may start after the click has
 * returned: `waitForLoadState` would resolve at once on the page still shown.
 */
export async function pressAndLoad(page: Page, press: () => Promise<unknown>): Promise<void> {
  await Promise.all([page.waitForEvent('load'), press()]);
}

/** On the sign-in page: types `email`, asks for the code, reads it in the test mailbox and types it. */
export async function signInWithMailedCode(page: Page, email: string): Promise<void> {
  const box = await mailbox();
  const before = box.messages.length;
  await page.fill('#email', email);
  await page.click('button.primary-button');
  await page.fill('#code', codeIn(await box.next(email, before)));
  await page.click('button.primary-button');
}
