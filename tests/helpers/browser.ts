/** Debian's chromium driven by playwright-core (no browser download): the one way tests launch a browser. */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

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
