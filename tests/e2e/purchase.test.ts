// The official MCP SDK clients complete the standard purchase flow of docs/agent-commerce.md "Endpoint and tools" against the
// running store (npm start): the SDK v1 client (MCP 2025-11-25) as two platforms, one whose UCP
// profile is at the current release (2026-08-25), one still at 2026-04-08; and the SDK v2 client
// pinned to MCP 2026-07-28 (stateless: server/discover, `_meta` and the routing headers on every
// request) as a platform at the current release. Each platform serves its profile from a small
// http server on 127.0.0.1 and names it in `meta["ucp-agent"].profile` on every call; every
// result is answered at the platform's version and validates against that version's schemas.
// The buyer approves each purchase in a real browser on the store's approval page: asks for the
// one-time code, reads it in the mail the store sent (caught by maildev), types it and orders;
// the order confirmation then arrives by mail.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { capabilitiesAt, type UcpVersion } from '../../src/ucp/version';
import { launchChromium, ARTIFACTS } from '../helpers/browser';
import { expectUcpValid, ucpSchemaSet, validatorForResult } from '../helpers/ucp-schemas';
import { BASE, MAIL_WEB } from './base';
import { type McpAgent, type McpRevision, codeOf, mcpAgent, newBuyerEmail, waitForMail } from './shop-client';

/** What a checkout says differently at each version (src/ucp/checkout/versions.ts, src/ucp/payment-handlers.ts). */
const WIRE: Record<UcpVersion, { destinationType: string | undefined; description: (d: unknown) => void; handler: string }> = {
  '2026-08-25': {
    destinationType: 'shipping_address',
    description: (d) => expect(d).toEqual({ plain: expect.any(String) }),
    handler: 'example.poissons-et-pousses.sandbox_card',
  },
  '2026-04-08': {
    destinationType: undefined,
    description: (d) => expect(typeof d, JSON.stringify(d)).toBe('string'),
    handler: 'example.poissonsetpousses.sandbox_card',
  },
};

/** Where each version's schemas define a platform profile document. */
const PLATFORM_PROFILE_REF: Record<UcpVersion, string> = {
  '2026-08-25': 'https://ucp.dev/schemas/profile.json#/$defs/platform_schema',
  '2026-04-08': 'https://ucp.dev/discovery/profile.json#/$defs/platform_profile',
};

/** A platform's UCP profile at `version`: every capability the store implements at that version (without the business's config). */
function platformProfile(version: UcpVersion) {
  const capabilities = Object.fromEntries(Object.entries(capabilitiesAt(version)).map(([name, { config: _businessConfig, ...declaration }]) => [name, [declaration]]));
  return { ucp: { version, services: {}, capabilities, payment_handlers: {} } };
}

const clients: Partial<Record<McpRevision, McpAgent>> = {};
let browser: Browser;
let platforms = '';
let closePlatforms: () => Promise<void>;

beforeAll(async () => {
  // Both platforms' profiles, at /<version>.json.
  const server = createServer((req, res) => {
    const version = /^\/(\d{4}-\d{2}-\d{2})\.json$/.exec(req.url ?? '')?.[1] as UcpVersion | undefined;
    if (!version || !(version in WIRE)) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(platformProfile(version)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  platforms = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  closePlatforms = () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); });
  for (const revision of ['2025-11-25', '2026-07-28'] as const) {
    const agent = await mcpAgent(BASE, revision);
    expect(agent.revision, `the client speaks MCP ${revision}`).toBe(revision);
    clients[revision] = agent;
  }
  browser = await launchChromium();
});
afterAll(async () => {
  await Promise.all(Object.values(clients).map((c) => c.close()));
  await browser?.close();
  await closePlatforms?.();
});

/**
 * The standard purchase flow as the platform at `version`: every call names its profile; every
 * result is at `version` and valid against that version's schemas.
 */
async function purchaseAs(version: UcpVersion, revision: McpRevision): Promise<void> {
  const client = clients[revision]!;
  const wire = WIRE[version];
  expectUcpValid(ucpSchemaSet(version).ajv.compile({ $ref: PLATFORM_PROFILE_REF[version] }), platformProfile(version), `the platform profile at ${version}`);
  const meta = { 'ucp-agent': { profile: `${platforms}/${version}.json` } };
  const tool = async (name: string, args: Record<string, unknown>): Promise<any> => {
    const result = await client.callTool({ name, arguments: { ...args, meta: { ...meta, ...(args.meta as object | undefined) } } });
    expect(result.isError, `${name} at ${version}: ${JSON.stringify(result.content)}`).toBeFalsy();
    const payload = result.structuredContent as any;
    expect(payload?.ucp?.version, `${name}: ucp.version`).toBe(version);
    expectUcpValid(validatorForResult(name, payload), payload, `${name} result at ${version}`);
    return payload;
  };

  const context = { address_country: 'DE', currency: 'EUR', language: 'de' };
  const found = await tool('search_catalog', { catalog: { query: 'Luftpumpe', context, pagination: { limit: 5 } } });
  const variant = found.products.flatMap((p: any) => p.variants).find((v: any) => v.availability?.available);
  expect(variant, 'an available variant').toBeDefined();

  const cart = await tool('create_cart', { cart: { line_items: [{ item: { id: variant.id }, quantity: 2 }], context } });
  expect(cart.line_items[0].item.price).toBe(variant.price.amount);

  const checkout = await tool('create_checkout', { checkout: { cart_id: cart.id, line_items: [], context } });
  const email = newBuyerEmail();
  expect(checkout.status).toBe('incomplete');
  expect(Object.keys(checkout.ucp.payment_handlers)).toEqual([wire.handler]);
  expect(checkout.ucp.payment_handlers[wire.handler][0]).toMatchObject({ id: 'sandbox_card', version });
  const destination = {
    first_name: 'Jonas', last_name: 'Becker', street_address: 'Hauptstraße 5', postal_code: '10115', address_locality: 'Berlin', address_country: 'DE',
    ...(wire.destinationType ? { type: wire.destinationType } : {}),
  };
  const withAddress = await tool('update_checkout', { id: checkout.id, checkout: { line_items: checkout.line_items, buyer: { email }, context, fulfillment: { methods: [{ type: 'shipping', destinations: [destination] }] } } });
  const method = withAddress.fulfillment.methods[0];
  expect(method.destinations).toHaveLength(1);
  expect(method.destinations[0].type).toBe(wire.destinationType);
  if (!wire.destinationType) expect(method.destinations[0]).not.toHaveProperty('type');
  const group = method.groups[0];
  const option = group.options[0];
  expect(group.options.length).toBeGreaterThan(0);
  for (const o of group.options) wire.description(o.description);
  const ready = await tool('update_checkout', {
    id: checkout.id,
    checkout: {
      line_items: withAddress.line_items, buyer: { email }, context,
      fulfillment: { methods: [{ id: method.id, type: 'shipping', line_item_ids: withAddress.line_items.map((l: any) => l.id), selected_destination_id: method.destinations[0].id, groups: [{ id: group.id, selected_option_id: option.id }] }] },
    },
  });
  expect(ready.fulfillment.methods[0].groups[0].selected_option_id).toBe(option.id);
  expect(ready.fulfillment.methods[0].destinations[0].type).toBe(wire.destinationType);
  const total = ready.totals.find((t: any) => t.type === 'total');
  expect(ready.totals.filter((t: any) => t.type !== 'total').reduce((s: number, t: any) => s + t.amount, 0)).toBe(total.amount);

  const payment = { instruments: [{ id: 'pi_e2e', handler_id: 'sandbox_card', type: 'card', selected: true, credential: { type: 'token', token: 'success_token' } }] };
  const refused = await tool('complete_checkout', { id: checkout.id, meta: { 'idempotency-key': crypto.randomUUID() }, checkout: { payment } });
  expect(refused.status).toBe('requires_escalation');
  expect(refused.messages.some((m: any) => m.severity === 'requires_buyer_review')).toBe(true);
  expect(refused.continue_url.startsWith(`${BASE}/`)).toBe(true);

  // The buyer's approval, in chromium.
  const page = await browser.newPage({ locale: 'de-DE' });
  try {
    const response = await page.goto(refused.continue_url);
    expect(response?.status()).toBe(200);
    const shownTotal = await page.locator('tfoot tr.total [data-amount]').first().getAttribute('data-amount');
    expect(Number(shownTotal)).toBe(total.amount);
    expect(await page.locator('button.order-button').count(), 'no order button before the code').toBe(0);
    await Promise.all([page.waitForURL(/checkout\/approve/), page.locator('button.primary-button').click()]);
    const codeMail = await waitForMail(MAIL_WEB, email, /\d{6}/);
    expect(codeMail.subject).toContain('Bestätigungscode');
    await page.locator('input#code').fill(codeOf(codeMail));
    const button = page.locator('button.order-button');
    expect((await button.textContent())!).toContain('Zahlungspflichtig bestellen');
    await page.screenshot({ path: `${ARTIFACTS}/e2e-approval-de-${version}-mcp-${revision}.png`, fullPage: true });
    await Promise.all([page.waitForLoadState('load'), button.click()]);
    await page.waitForSelector('[data-approved="true"]', { timeout: 15_000 });
  } finally {
    await page.close();
  }

  const key = crypto.randomUUID();
  const done = await tool('complete_checkout', { id: checkout.id, meta: { 'idempotency-key': key }, checkout: { payment } });
  expect(done.status, JSON.stringify(done.messages)).toBe('completed');
  expect(done.order.id).toEqual(expect.any(String));
  expect(done.fulfillment.methods[0].destinations[0].type).toBe(wire.destinationType);
  wire.description(done.fulfillment.methods[0].groups[0].options[0].description);
  const replay = await tool('complete_checkout', { id: checkout.id, meta: { 'idempotency-key': key }, checkout: { payment } });
  expect(replay.order.id).toBe(done.order.id);

  const order = await tool('get_order', { id: done.order.id });
  expect(order.id).toBe(done.order.id);
  expect(order.line_items[0].quantity.total).toBe(2);
  expect(order.totals.find((t: any) => t.type === 'total').amount).toBe(total.amount);
  const statusPage = await fetch(done.order.permalink_url);
  expect(statusPage.status).toBe(200);
  // The confirmation leaves through the outbox right after complete_checkout's response (the sweep npm start runs every 10 s retries it).
  const confirmation = await waitForMail(MAIL_WEB, email, new RegExp(done.order.label), 60_000);
  expect(confirmation.text).toContain(done.order.permalink_url);
}

/** [UCP version of the platform, MCP revision of its client]: the v1 client at each UCP version, the v2 client pinned to 2026-07-28 at the current one. */
const PURCHASES: Array<[UcpVersion, McpRevision]> = [...(Object.keys(WIRE) as UcpVersion[]).map((v): [UcpVersion, McpRevision] => [v, '2025-11-25']), ['2026-08-25', '2026-07-28']];

describe('standard purchase flow with the MCP SDK clients, as a platform at each UCP version and each MCP revision', () => {
  it.each(['2025-11-25', '2026-07-28'] as const)('tools/list at MCP %s names the purchase tools', async (revision) => {
    const { tools } = await clients[revision]!.listTools();
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['search_catalog', 'create_cart', 'create_checkout', 'update_checkout', 'complete_checkout', 'get_order']));
  });

  it.each(PURCHASES)('platform at %s over MCP %s: search_catalog → create_cart → create_checkout → update_checkout → approval in chromium → complete_checkout → get_order', async (version, revision) => {
    await purchaseAs(version, revision);
  });
});
