/**
 * A plain-HTTP agent for the served store: JSON-RPC tool calls with fetch, official MCP SDK clients
 * at each MCP revision the endpoint serves, a checkout made ready
 * and approved on the store's approval page as the buyer does (the one-time code read from the
 * mail catcher `npm start` runs), and SQL against the local Netlify Database through the Netlify
 * CLI (`netlify database connect`).
 */
import { execFileSync } from 'node:child_process';
import { expect } from 'vitest';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client';
import { catalogSnapshot } from '../../src/catalog/snapshot';
import { codeIn } from '../helpers/mail';

export const catalog = catalogSnapshot();

/** A published, shippable (light, no freight) variant tracked with policy `deny` and at least 3 counted units. */
export const scarce = (() => {
  for (const p of catalog.products) for (const v of p.variants) if (p.published && !p.freight && v.grams > 0 && v.grams < 8000 && v.inventory?.policy === 'deny' && v.inventory.quantity >= 3) return v;
  throw new Error('no scarce variant');
})();

/** Calls a tool; returns the HTTP status and the UCP result (or the JSON-RPC error). */
export async function call(base: string, name: string, args: Record<string, unknown>): Promise<{ status: number; result?: any; error?: any; headers: Headers }> {
  const res = await fetch(`${base}/api/ucp/mcp`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
  });
  const body = await res.json();
  return { status: res.status, result: body.result?.structuredContent, error: body.error, headers: res.headers };
}

/** What the purchase suites use of an MCP client: the same calls in the SDK v1 and v2 clients. */
export interface McpAgent {
  listTools(): Promise<{ tools: Array<{ name: string }> }>;
  callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<{ isError?: unknown; content?: unknown; structuredContent?: unknown }>;
  close(): Promise<void>;
}

/** The MCP revisions the e2e agents speak: 2025-11-25 with `initialize`, 2026-07-28 stateless. */
export type McpRevision = '2025-11-25' | '2026-07-28';

/**
 * An official MCP client connected to the store's endpoint: the SDK v1 client
 * (`@modelcontextprotocol/sdk`, `initialize` at 2025-11-25) or the SDK v2 client
 * (`@modelcontextprotocol/client`) pinned to 2026-07-28 (`server/discover`, `_meta` and the
 * routing headers on every request; connecting fails if the server does not offer it).
 */
export async function mcpAgent(base: string, revision: McpRevision): Promise<McpAgent & { revision: string | undefined }> {
  const url = new URL(`${base}/api/ucp/mcp`);
  const info = { name: `e2e-agent-${revision}`, version: '1.0.0' };
  if (revision === '2025-11-25') {
    const client = new ClientV1(info);
    await client.connect(new TransportV1(url));
    return Object.assign(client as unknown as McpAgent, { revision: (client.transport as TransportV1 | undefined)?.protocolVersion });
  }
  // Every request the v2 client sends is checked on the way out: the revision's routing headers
  // and `_meta` envelope, agreeing with the body.
  const checked = async (input: string | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const body = JSON.parse(await request.clone().text());
    expect(request.headers.get('mcp-protocol-version'), body.method).toBe(revision);
    expect(request.headers.get('mcp-method'), body.method).toBe(body.method);
    if (body.method === 'tools/call') expect(request.headers.get('mcp-name')).toBe(body.params.name);
    if (body.id !== undefined) expect(body.params?._meta?.['io.modelcontextprotocol/protocolVersion'], body.method).toBe(revision);
    return fetch(request);
  };
  const client = new ClientV2(info, { versionNegotiation: { mode: { pin: revision } } });
  await client.connect(new TransportV2(url, { fetch: checked }));
  return Object.assign(client as unknown as McpAgent, { revision: client.getDiscoverResult()?.supportedVersions.find((v) => v === revision) });
}

const ADDRESS = { first_name: 'Camille', last_name: 'Martin', street_address: '12 rue des Mariniers', postal_code: '69007', address_locality: 'Lyon', address_country: 'FR' };

/** A mail in the mail catcher of `npm start` (maildev's API). */
export interface CaughtMail {
  id: string;
  subject: string;
  text: string;
  html: string;
  to: Array<{ address: string }>;
  headers: Record<string, string>;
}

/** A buyer address of its own: the approval-code limits count sends per address, and the local database outlives runs. */
export const newBuyerEmail = () => `camille+${crypto.randomUUID().slice(0, 8)}@example.org`;

/** Every mail the catcher holds. */
export async function caughtMails(mailWeb: string): Promise<CaughtMail[]> {
  return (await (await fetch(`${mailWeb}/api/email`)).json()) as CaughtMail[];
}

/**
 * Waits for a mail to `to` in the mail catcher whose subject matches `subject`.
 * @param mailWeb the catcher's base URL (LocalStore.mailWeb, or E2E_MAIL_URL)
 * @param skip ids of mails already there (an address that receives several codes)
 * @throws Error after `timeoutMs`
 */
export async function waitForMail(mailWeb: string, to: string, subject: RegExp, timeoutMs = 30_000, skip: ReadonlySet<string> = new Set()): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await caughtMails(mailWeb);
    const found = mails.find((m) => !skip.has(m.id) && m.to.some((r) => r.address.toLowerCase() === to.toLowerCase()) && subject.test(m.subject));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The one-time code in an approval-code mail's subject. */
export const codeOf = codeIn;

/**
 * A checkout of `quantity` units of `variantId` (default 1), ready, and approved on the store's
 * page as the buyer does: the page mails a one-time code (caught by maildev), the code is typed
 * into the form.
 * @param options.meta the calls' `meta` (e.g. a platform profile); options.email the buyer (default: a new address)
 * @returns its id
 */
export async function approvedCheckout(store: { base: string; mailWeb: string }, variantId: number, options: { quantity?: number; meta?: Record<string, unknown>; email?: string } = {}): Promise<string> {
  const { quantity = 1, meta = {}, email = newBuyerEmail() } = options;
  const created = await call(store.base, 'create_checkout', { meta, checkout: { line_items: [{ item: { id: String(variantId) }, quantity }], buyer: { email }, fulfillment: { methods: [{ type: 'shipping', destinations: [ADDRESS] }] } } });
  const option = created.result.fulfillment.methods[0].groups[0].options[0].id;
  // update_checkout is a full replacement: the lines, the buyer and the address again, with the option.
  const ready = await call(store.base, 'update_checkout', { meta, id: created.result.id, checkout: { line_items: [{ item: { id: String(variantId) }, quantity }], buyer: { email }, fulfillment: { methods: [{ type: 'shipping', destinations: [ADDRESS], groups: [{ selected_option_id: option }] }] } } });
  expect(ready.result.status, JSON.stringify(ready.result.messages)).toBe('requires_escalation');
  await approveOnPage(store, ready.result.continue_url, email);
  return created.result.id;
}

/**
 * The buyer's approval on the store's page at `continueUrl`, as the buyer does it: the page mails
 * a one-time code to `email` (caught by maildev), the code is typed into the form.
 */
export async function approveOnPage(store: { mailWeb: string }, continueUrl: string, email: string): Promise<void> {
  const page = await (await fetch(continueUrl)).text();
  const form = { s: /name="s" value="([^"]+)"/.exec(page)![1], terms: /name="terms" value="([^"]+)"/.exec(page)![1] };
  const url = new URL(continueUrl);
  const post = (fields: Record<string, string>) => fetch(`${url.origin}${url.pathname}`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: url.origin }, body: new URLSearchParams({ ...form, ...fields }).toString() });
  // The code of this request: an address may have received others before (a linked account's).
  const before = new Set((await caughtMails(store.mailWeb)).map((m) => m.id));
  expect((await post({ action: 'send' })).status).toBe(303);
  const code = codeOf(await waitForMail(store.mailWeb, email, /\d{6}/, 30_000, before));
  expect((await post({ action: 'confirm', code })).status).toBe(303);
}

/** complete_checkout with the sandbox's paying token and a fresh idempotency key. */
export function completeCheckout(base: string, id: string) {
  return call(base, 'complete_checkout', { meta: { 'idempotency-key': crypto.randomUUID() }, id, checkout: { payment: { instruments: [{ id: 'pi_1', handler_id: 'sandbox_card', type: 'card', selected: true, credential: { type: 'token', token: 'success_token' } }] } } });
}

/** Runs SQL on the local Netlify Database with the Netlify CLI; returns the rows. */
export function sql<T = Record<string, unknown>>(query: string): T[] {
  const out = execFileSync('npx', ['netlify', 'database', 'connect', '--json', '--query', query], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const parsed = JSON.parse(out.slice(out.search(/[[{]/)));
  return (Array.isArray(parsed) ? parsed : parsed.rows ?? []) as T[];
}

/** Leaves exactly `left` units of the scarce variant for sale (its current count). */
export function leaveUnits(left: number): void {
  const inv = scarce.inventory!;
  sql(`INSERT INTO stock_levels (variant_id, counted_at, counted, policy, sold) VALUES (${scarce.id}, '${inv.counted_at}', ${inv.quantity}, 'deny', ${inv.quantity - left})
       ON CONFLICT (variant_id, counted_at) DO UPDATE SET sold = ${inv.quantity - left}`);
}
