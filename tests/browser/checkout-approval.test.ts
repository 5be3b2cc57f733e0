// The approval page in a real browser (Debian chromium driven by
// playwright-core). The storefront function runs in-process behind a node:http server (buyer
// URLs on the request's origin, as under `netlify dev`); an agent prepares a checkout over MCP,
// the buyer opens the continue_url, sees the amounts, asks for the one-time code, reads it in the
// mail (received over SMTP by the test's mailbox), types it, clicks the order button, and the
// agent can then complete the payment. The page's inline stylesheet must pass its own CSP, and
// axe-core finds no violation on the code step.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { ARTIFACTS, launchChromium } from '../helpers/browser';
import { createHandler } from '../../src/http/router';
import { createUcpService } from '../../src/ucp/service';
import { formatPrice } from '../../src/views/format';
import { catalog } from '../helpers/ucp';
import { testDb } from '../helpers/db';
import { ITEMS, parcelMethodsTo } from '../helpers/content';
import { codeIn, mailbox, testMailer } from '../helpers/mail';
import { runAxe } from '../helpers/axe';

const handler = createHandler({ catalog, ucp: createUcpService({ catalog, db: testDb(), useRequestOrigin: true, mailer: testMailer() }) });

let server: Server;
let origin: string;
let browser: Browser;

/**
 * The function behind a node:http server: Node request → Web Request → handler → Node response.
 * The site's icon is a static file the CDN serves beside the function's pages.
 */
async function serveFunction(): Promise<void> {
  server = createServer(async (req, res) => {
    if (req.url === '/favicon.svg') {
      res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(readFileSync('public/favicon.svg'));
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
    const method = req.method ?? 'GET';
    const response = await handler(new Request(`${origin}${req.url}`, { method, headers, body: method === 'GET' || method === 'HEAD' ? undefined : Buffer.concat(chunks) }));
    res.writeHead(response.status, Object.fromEntries(response.headers.entries()));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let rpcId = 1;
async function tool(name: string, args: unknown): Promise<any> {
  const res = await fetch(`${origin}/api/ucp/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: rpcId++, method: 'tools/call', params: { name, arguments: args } }) });
  const body = await res.json();
  if (body.error) throw new Error(JSON.stringify(body.error));
  return body.result.structuredContent;
}

beforeAll(async () => {
  await serveFunction();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

describe('the approval page in chromium', () => {
  it('shows the amounts of the checkout, approves with the code mailed to the buyer and the order button, and the agent can then pay', async () => {
    const created = await tool('create_checkout', { checkout: { line_items: [{ item: { id: String(ITEMS.stocked.variant.id) }, quantity: 1 }, { item: { id: String(ITEMS.small.variant.id) }, quantity: 2 }], context: { language: 'fr' } } });
    // update_checkout is a full replacement: each update sends the lines, context, buyer and address again.
    const state = { line_items: created.line_items.map((li: { id: string; item: { id: string }; quantity: number }) => ({ id: li.id, item: { id: li.item.id }, quantity: li.quantity })), context: { language: 'fr' }, buyer: { email: 'camille@example.org' } };
    const destination = { first_name: 'Camille', last_name: 'Martin', street_address: '12 rue des Mariniers', postal_code: '69007', address_locality: 'Lyon', address_country: 'FR' };
    await tool('update_checkout', { id: created.id, checkout: { ...state, fulfillment: { methods: [{ type: 'shipping', destinations: [destination] }] } } });
    const ready = await tool('update_checkout', { id: created.id, checkout: { ...state, fulfillment: { methods: [{ type: 'shipping', destinations: [destination], groups: [{ selected_option_id: parcelMethodsTo('FR')[1] }] }] } } });
    expect(ready.status).toBe('requires_escalation');
    expect(ready.continue_url.startsWith(`${origin}/checkout/approve/`)).toBe(true);
    const total = ready.totals.find((t: { type: string }) => t.type === 'total').amount;

    const context = await browser.newContext({ viewport: { width: 900, height: 1000 }, locale: 'fr-FR' });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`script error: ${e.message}`));
    // CSP violations and failed requests (the browser's own favicon probe aside) are problems.
    page.on('console', (m) => {
      if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) problems.push(`console: ${m.text()}`);
    });
    page.on('response', (r) => {
      if (r.status() >= 400 && !r.url().endsWith('/favicon.ico')) problems.push(`${r.status()} ${r.url()}`);
    });
    const response = await page.goto(ready.continue_url);
    expect(response?.status()).toBe(200);
    expect(await page.textContent('h1')).toBe('Vérifiez et confirmez votre commande');
    const box = await mailbox();
    const before = box.messages.length;
    await Promise.all([page.waitForURL((url) => url.searchParams.has('s')), page.locator('button.primary-button').click()]);
    const code = codeIn(await box.next('camille@example.org', before));
    // axe needs a script the page's CSP forbids: the same page, in a context that ignores CSP.
    const audit = await browser.newContext({ bypassCSP: true, locale: 'fr-FR' });
    const auditPage = await audit.newPage();
    await auditPage.goto(page.url());
    expect(await auditPage.locator('input#code').count()).toBe(1);
    expect((await runAxe(auditPage)).violations).toEqual([]);
    await audit.close();
    await page.locator('input#code').fill(code);
    const button = page.locator('button.order-button');
    const label = (await button.textContent())!.replace(/\s+/g, ' ').trim();
    expect(label).toBe(`Commander avec obligation de paiement — ${formatPrice(total, 'fr')}`.replace(/\s+/g, ' '));
    const shown = await page.locator('tfoot [data-amount]').evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-amount'))));
    expect(shown).toEqual(ready.totals.flatMap((t: { amount: number; lines?: Array<{ amount: number }> }) => [t.amount, ...(t.lines ?? []).map((l) => l.amount)]));
    expect((await page.locator('tfoot tr.total td').textContent())!.replace(/\s+/g, ' ')).toBe(formatPrice(total, 'fr').replace(/\s+/g, ' '));
    expect(await page.locator('tbody tr').count()).toBe(2);
    // The inline stylesheet is allowed by the page's CSP (hash): the button has the brand colour.
    expect(await button.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(29, 90, 58)');
    await page.screenshot({ path: join(ARTIFACTS, 'checkout-approval.png'), fullPage: true });

    await Promise.all([page.waitForURL((url) => url.searchParams.has('s')), button.click()]);
    await page.waitForSelector('.notice.ok[data-approved="true"]', { timeout: 10_000 });
    expect(await page.locator('button.order-button').count()).toBe(0);
    expect(problems).toEqual([]);

    const done = await tool('complete_checkout', { id: ready.id, meta: { 'idempotency-key': crypto.randomUUID() }, checkout: { payment: { instruments: [{ id: 'pi_1', handler_id: 'sandbox_card', type: 'card', selected: true, credential: { type: 'token', token: 'success_token' } }] } } });
    expect(done.status).toBe('completed');
    const orderPage = await page.goto(done.order.permalink_url);
    expect(orderPage?.status()).toBe(200);
    expect(await page.textContent('h1')).toBe(`Commande ${done.order.label}`);
    // The order page and the completed approval page on a phone: kept for review in tests/artifacts/.
    await page.setViewportSize({ width: 360, height: 780 });
    await page.screenshot({ path: join(ARTIFACTS, 'order-page-360.png'), fullPage: true });
    await page.goto(ready.continue_url);
    await page.screenshot({ path: join(ARTIFACTS, 'checkout-approval-completed-360.png'), fullPage: true });
    expect(await page.locator('.notice.ok a').getAttribute('href')).toBe(new URL(done.order.permalink_url).pathname + new URL(done.order.permalink_url).search);
    expect(problems).toEqual([]);
    await context.close();
  });
});
