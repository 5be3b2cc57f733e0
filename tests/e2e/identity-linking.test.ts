// Issue 37 point 7 against `npm start`: the official MCP SDK client (v2) links a school's account
// by itself (RFC 9728 → RFC 8414 discovery, RFC 7591 registration, PKCE S256, RFC 8707
// resource) while the account holder authorizes in chromium on a phone (signed in with the code
// the mail catcher received, the consent page, "Autoriser", back to the agent's loopback
// redirect: a real HTTP server on 127.0.0.1), then buys for the school on 30-day bank transfer
// terms over MCP, and again over REST with the same token. The agent sends another e-mail each
// time: the approval code reaches only the account's mailbox. Screenshots go to
// tests/artifacts/identity-linking-e2e/.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Client, StreamableHTTPClientTransport, auth } from '@modelcontextprotocol/client';
import { ARTIFACTS, launchChromium } from '../helpers/browser';
import { MemoryOAuthProvider } from '../helpers/oauth';
import { applyAndApprove, signIn } from './account-steps';
import { BASE, MAIL_WEB } from './base';
import { approveOnPage, catalog } from './shop-client';

const SHOTS = join(ARTIFACTS, 'identity-linking-e2e');
const SERVER = `${BASE}/api/ucp/mcp`;
const run = crypto.randomUUID().slice(0, 8);
const stocked = catalog.products.find((p) => p.published && p.variants[0].grams > 0 && p.variants[0].grams < 2000 && p.variants[0].inventory === null && !p.ships_to)!;
const ADDRESS = { first_name: 'Claire', last_name: 'Durand', street_address: '1 route de Lyon', postal_code: '69290', address_locality: 'Craponne', address_country: 'FR' };
const shipTo = (option?: string) => ({ methods: [{ type: 'shipping', destinations: [ADDRESS], ...(option ? { groups: [{ selected_option_id: option }] } : {}) }] });

let browser: Browser;
let callback: { url: string; code: Promise<URLSearchParams>; close: () => void };

/** The agent's loopback redirect URI (RFC 8252 §7.3): answers the browser and hands over the code. */
async function loopback(): Promise<typeof callback> {
  let received!: (params: URLSearchParams) => void;
  const code = new Promise<URLSearchParams>((resolve) => { received = resolve; });
  const server = createServer((req, res) => {
    received(new URL(req.url!, 'http://127.0.0.1').searchParams);
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end('Linked: you can close this tab.');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`, code, close: () => server.close() };
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchChromium();
  callback = await loopback();
});
afterAll(async () => {
  callback?.close();
  await browser?.close();
});

async function phone(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 360, height: 780 }, hasTouch: true });
  context.setDefaultTimeout(90_000);
  context.setDefaultNavigationTimeout(90_000);
  return context.newPage();
}

const totalOf = (resource: any) => resource.totals.find((t: any) => t.type === 'total').amount;

describe('an agent linked to a school\'s account (MCP SDK client, chromium)', () => {
  it('links through the holder\'s consent, then buys on 30-day terms over MCP and over REST, the code reaching the account only', { timeout: 600_000 }, async () => {
    const holder = `intendance+${run}@lycee-oauth.example`;
    const agentMailbox = `agent+${run}@example.org`;
    const page = await phone();
    await signIn(page, holder);
    await applyAndApprove(page, '', {
      kind: 'school', legal_name: `Lycée relié ${run}`, country: 'FR', street_address: '1 route de Lyon', postal_code: '69290', address_locality: 'Craponne',
      siret: '38032143000023', uai: '0951099D', contact_name: 'Claire Durand',
    });

    const provider = new MemoryOAuthProvider(callback.url, undefined, 'Assistant scolaire');
    expect(await auth(provider, { serverUrl: SERVER })).toBe('REDIRECT');
    await page.goto(provider.authorizationUrl!.href);
    await page.waitForSelector('.oauth-scopes');
    expect(await page.locator('h1').textContent()).toBe('Relier Assistant scolaire à votre compte');
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'the consent page fits 360 px').toBeLessThanOrEqual(360);
    await page.screenshot({ path: join(SHOTS, 'consent.png'), fullPage: true });
    await page.click('button[name=accept][value=yes]');
    const back = await callback.code;
    expect(back.get('iss')).toBe(`${BASE}/api/auth`);
    expect(await auth(provider, { serverUrl: SERVER, authorizationCode: back.get('code')!, iss: back.get('iss')! })).toBe('AUTHORIZED');

    // Over MCP, the SDK attaching the token to every request.
    const client = new Client({ name: 'assistant-scolaire', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(SERVER), { authProvider: provider }));
    const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })).structuredContent as any;
    const created = await call('create_checkout', { checkout: { line_items: [{ item: { id: String(stocked.variants[0].id) }, quantity: 2 }], buyer: { email: agentMailbox }, context: { language: 'fr' }, fulfillment: shipTo() } });
    expect(created.buyer.email).toBe(holder);
    expect(created.payment.terms.map((t: any) => t.id)).toEqual(['card', 'bank_transfer']);
    const option = created.fulfillment.methods[0].groups[0].options[0].id;
    const ready = await call('update_checkout', { id: created.id, checkout: { line_items: created.line_items.map((l: any) => ({ item: { id: l.item.id }, quantity: l.quantity })), buyer: { email: agentMailbox }, context: { language: 'fr' }, fulfillment: shipTo(option), payment: { selected_term_id: 'bank_transfer' } } });
    expect(ready.status, JSON.stringify(ready.messages)).toBe('requires_escalation');
    expect(ready.payment.terms[1].schedules[0]).toMatchObject({ type: 'deferred', amount: totalOf(ready) });
    await page.goto(ready.continue_url);
    await page.waitForSelector('[data-payment-term="bank_transfer"]');
    await page.screenshot({ path: join(SHOTS, 'approval-transfer.png'), fullPage: true });
    await approveOnPage({ mailWeb: MAIL_WEB }, ready.continue_url, holder);
    const paid = await call('complete_checkout', { id: created.id, meta: { 'idempotency-key': crypto.randomUUID() }, checkout: { payment: {} } });
    expect(paid.status, JSON.stringify(paid.messages)).toBe('completed');
    expect((await call('get_order', { id: paid.order.id })).payment.accepted_term).toMatchObject({ id: 'bank_transfer' });
    await client.close();

    // Over REST with the same token.
    const rest = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${BASE}/api/ucp${path}`, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${provider.tokens()!.access_token}`, 'idempotency-key': crypto.randomUUID() }, ...(body ? { body: JSON.stringify(body) } : {}) });
      return { status: res.status, body: await res.json() as any };
    };
    const other = await rest('POST', '/checkout-sessions', { line_items: [{ item: { id: String(stocked.variants[0].id) }, quantity: 1 }], buyer: { email: agentMailbox }, context: { language: 'fr' }, fulfillment: shipTo() });
    expect(other.status).toBe(201);
    expect(other.body.buyer.email).toBe(holder);
    const restOption = other.body.fulfillment.methods[0].groups[0].options[0].id;
    const restReady = await rest('PUT', `/checkout-sessions/${other.body.id}`, { line_items: [{ item: { id: String(stocked.variants[0].id) }, quantity: 1 }], context: { language: 'fr' }, fulfillment: shipTo(restOption), payment: { selected_term_id: 'bank_transfer' } });
    expect(restReady.body.status, JSON.stringify(restReady.body.messages)).toBe('requires_escalation');
    await approveOnPage({ mailWeb: MAIL_WEB }, restReady.body.continue_url, holder);
    const restPaid = await rest('POST', `/checkout-sessions/${other.body.id}/complete`, { payment: {} });
    expect(restPaid.body.status, JSON.stringify(restPaid.body.messages)).toBe('completed');
    expect((await rest('GET', `/orders/${restPaid.body.order.id}`)).body.payment.accepted_term.id).toBe('bank_transfer');

    // No mail ever went to the agent's mailbox.
    const mails = (await (await fetch(`${MAIL_WEB}/api/email`)).json()) as Array<{ to: Array<{ address: string }> }>;
    expect(mails.filter((m) => m.to.some((t) => t.address.toLowerCase() === agentMailbox))).toEqual([]);
  });
});
