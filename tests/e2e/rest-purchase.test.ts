// One purchase over UCP's REST binding against the running store (npm start), as a platform at
// the current release whose profile (served from 127.0.0.1) is named in the UCP-Agent header:
// search, cart, checkout, address and option, the buyer's approval on the store's page with the
// one-time code read from the mail the store sent (maildev), complete, the order. Every request
// and answer is checked against the unmodified rest.openapi.json (tests/helpers/ucp-rest.ts);
// the profile lists the rest service; errors on the served stack are JSON.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capabilitiesAt, UCP_VERSION } from '../../src/ucp/version';
import { restCall, REST_BASE } from '../helpers/ucp-rest';
import { BASE, MAIL_WEB } from './base';
import { approveOnPage, newBuyerEmail, waitForMail } from './shop-client';

let profileUrl = '';
let close: () => Promise<void>;

beforeAll(async () => {
  const capabilities = Object.fromEntries(Object.entries(capabilitiesAt(UCP_VERSION)).map(([name, { config: _business, ...declaration }]) => [name, [declaration]]));
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ucp: { version: UCP_VERSION, services: {}, capabilities, payment_handlers: {} } })));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  profileUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/agent.json`;
  close = () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); });
});
afterAll(async () => close?.());

/** The served store in place of the in-process handler the contract helper calls. */
async function served(request: Request): Promise<Response> {
  const path = request.url.slice(REST_BASE.length);
  return fetch(`${BASE}/api/ucp${path}`, { method: request.method, headers: request.headers, ...(request.method === 'GET' ? {} : { body: await request.text() }) });
}

const rest = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  restCall(served, UCP_VERSION, method, path, body, { 'ucp-agent': `profile="${profileUrl}"`, ...headers });

describe('a purchase over the REST binding against npm start', () => {
  it('/.well-known/ucp names the REST endpoint beside the MCP one', async () => {
    const profile = await (await fetch(`${BASE}/.well-known/ucp`)).json();
    expect(profile.ucp.services['dev.ucp.shopping'].map((s: { transport: string; endpoint: string }) => `${s.transport} ${new URL(s.endpoint).pathname}`)).toEqual(['mcp /api/ucp/mcp', 'rest /api/ucp']);
  });

  it('search → cart → checkout → address and option → approval by mailed code → complete → order', async () => {
    const context = { address_country: 'FR', currency: 'EUR', language: 'fr' };
    const found = await rest('POST', '/catalog/search', { query: 'pompe', context, pagination: { limit: 5 } });
    const variant = found.body.products.flatMap((p: any) => p.variants).find((v: any) => v.availability?.available);
    expect(variant, 'an available variant').toBeDefined();
    const cart = await rest('POST', '/carts', { line_items: [{ item: { id: variant.id }, quantity: 1 }], context }, { 'idempotency-key': crypto.randomUUID() });
    expect(cart.status).toBe(201);
    const created = await rest('POST', '/checkout-sessions', { cart_id: cart.body.id, line_items: [{ item: { id: variant.id }, quantity: 1 }], context }, { 'idempotency-key': crypto.randomUUID() });
    expect(created.status).toBe(201);
    const email = newBuyerEmail();
    const lines = created.body.line_items.map((l: any) => ({ id: l.id, item: { id: l.item.id }, quantity: l.quantity }));
    const destination = { type: 'shipping_address', first_name: 'Camille', last_name: 'Martin', street_address: '12 rue des Mariniers', postal_code: '69007', address_locality: 'Lyon', address_country: 'FR' };
    const addressed = await rest('PUT', `/checkout-sessions/${created.body.id}`, { line_items: lines, buyer: { email }, context, fulfillment: { methods: [{ type: 'shipping', destinations: [destination] }] } }, { 'idempotency-key': crypto.randomUUID() });
    const method = addressed.body.fulfillment.methods[0];
    const ready = await rest('PUT', `/checkout-sessions/${created.body.id}`, {
      line_items: lines, buyer: { email }, context,
      fulfillment: { methods: [{ id: method.id, type: 'shipping', line_item_ids: lines.map((l: any) => l.id), selected_destination_id: method.destinations[0].id, groups: [{ id: method.groups[0].id, selected_option_id: method.groups[0].options[0].id }] }] },
    }, { 'idempotency-key': crypto.randomUUID() });
    expect(ready.body.status, JSON.stringify(ready.body.messages)).toBe('requires_escalation');
    expect(ready.body.continue_url.startsWith(`${BASE}/`)).toBe(true);

    await approveOnPage({ mailWeb: MAIL_WEB }, ready.body.continue_url, email);
    expect((await rest('GET', `/checkout-sessions/${created.body.id}`)).body.status).toBe('ready_for_complete');

    const key = crypto.randomUUID();
    const payment = { instruments: [{ id: 'pi_e2e', handler_id: 'sandbox_card', type: 'card', selected: true, credential: { type: 'token', token: 'success_token' } }] };
    const done = await rest('POST', `/checkout-sessions/${created.body.id}/complete`, { payment }, { 'idempotency-key': key });
    expect(done.body.status, JSON.stringify(done.body.messages)).toBe('completed');
    const replay = await rest('POST', `/checkout-sessions/${created.body.id}/complete`, { payment }, { 'idempotency-key': key });
    expect(replay.body).toEqual(done.body);

    const order = await rest('GET', `/orders/${done.body.order.id}`);
    expect(order.body.id).toBe(done.body.order.id);
    const confirmation = await waitForMail(MAIL_WEB, email, new RegExp(done.body.order.label), 60_000);
    expect(confirmation.text).toContain(done.body.order.permalink_url);
  });

  it('the served stack answers JSON for the binding\'s errors: unknown path 404, other method 405, invalid body 400', async () => {
    for (const [method, path, status, body] of [['GET', '/api/ucp/no-such-thing', 404, undefined], ['DELETE', '/api/ucp/carts/abc', 405, undefined], ['POST', '/api/ucp/checkout-sessions', 400, '{"line_items":']] as const) {
      const res = await fetch(`${BASE}${path}`, { method, headers: { 'content-type': 'application/json' }, ...(body ? { body } : {}) });
      expect(res.status, `${method} ${path}`).toBe(status);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toMatchObject({ code: expect.any(String), content: expect.any(String) });
    }
  });
});
