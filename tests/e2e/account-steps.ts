/**
 * Steps of a person on the account pages of the store under test, in chromium, and the
 * merchant's command line beside them (tests/e2e/business-purchase.test.ts,
 * tests/e2e/identity-linking.test.ts): sign in with the code the mail catcher received, apply for
 * a business account and have the merchant approve it with `npm run accounts`.
 */
import { spawnSync } from 'node:child_process';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { BASE, MAIL_WEB } from './base';
import { codeOf, waitForMail } from './shop-client';

/** The database of the store under test, when not the local Netlify Database. */
export const DATABASE_URL = process.env.E2E_DATABASE_URL;

/** The merchant's `npm run orders|accounts -- …` on the store's database. */
export const cli = (script: 'orders' | 'accounts', args: string[]) => spawnSync('npm', ['run', '--silent', script, '--', ...args], { encoding: 'utf8', env: { ...process.env, ...(DATABASE_URL ? { DATABASE_URL } : {}) } });

/** Signs in on `prefix`/account with the code the catcher received. */
export async function signIn(page: Page, email: string, prefix = ''): Promise<void> {
  await page.goto(`${BASE}${prefix}/account`);
  await page.fill('#email', email);
  await Promise.all([page.waitForSelector('#code'), page.click('button.primary-button')]);
  await page.fill('#code', codeOf(await waitForMail(MAIL_WEB, email, /\d{6}/, 60_000)));
  await Promise.all([page.waitForSelector('.sign-out'), page.click('button.primary-button')]);
}

/** Applies for a business account with `fields`, then the merchant approves it with the CLI. */
export async function applyAndApprove(page: Page, prefix: string, fields: Record<string, string>): Promise<void> {
  await page.goto(`${BASE}${prefix}/account/business`);
  for (const [id, value] of Object.entries(fields)) {
    if (id === 'kind' || id === 'country') await page.selectOption(`#${id}`, value);
    else await page.fill(`#${id}`, value);
  }
  await Promise.all([page.waitForSelector('.notice.ok'), page.click('button.primary-button')]);
  const listed = cli('accounts', ['list', '--json', '--status', 'pending']);
  expect(listed.status, listed.stderr).toBe(0);
  const application = (JSON.parse(listed.stdout) as Array<{ id: string; legal_name: string }>).find((a) => a.legal_name === fields.legal_name)!;
  const approved = cli('accounts', ['approve', application.id]);
  expect(approved.status, approved.stderr).toBe(0);
}

