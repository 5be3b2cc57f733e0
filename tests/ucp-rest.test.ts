// The UCP REST binding (docs/agent-commerce.md "REST binding"): every operation of
// rest.openapi.json at both versions, as a platform whose profile names its version in the
// UCP-Agent header; every request and response checked against the official contract of its
// version (tests/helpers/ucp-rest.ts: openapi-backend on the unmodified rest.openapi.json, each
// result against the version's JSON Schemas). The same purchase over MCP and over REST answers
// alike field by field; a key used over one transport replays over the other. Then the
// behaviours the official conformance suite checks over REST (ucp.md §11: checkout lifecycle,
// idempotency, validation, fulfillment, orders, webhooks) and the binding's refusals.
import { frozenLimiter } from './helpers/rate-limit';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../src/http/router';
import { REST_OPERATIONS } from '../src/ucp/rest/binding';
import { CAPABILITIES, UCP_VERSION, UCP_VERSIONS, type UcpVersion } from '../src/ucp/version';
import { generateSigningKey, parseSigningKey } from '../src/ucp/webhooks/keys';
import { ADDRESS, approve, buyerEmail, callRaw, callTool, catalog, checkoutHandler, line, payment, uuid } from './helpers/checkout';
import { ITEMS, gid } from './helpers/content';
import { testDb } from './helpers/db';
import { platformProfile, profileServer } from './helpers/ucp';
import { restCall, restContract, type Handler } from './helpers/ucp-rest';
import { expectUcpValid, ucpValidatorsFor } from './helpers/ucp-schemas';

const key = parseSigningKey(generateSigningKey());
/** Order events the platforms' webhook receiver got (one receiver for both versions). */
const received: { path: string; body: any }[] = [];
let hookUrl = '';
let closeHook: () => Promise<void>;
let profiles: Awaited<ReturnType<typeof profileServer>>;
const agentPath = (version: string) => `/agent-${version}.json`;
/** The UCP-Agent header of the platform at `version` (RFC 8941 Dictionary). */
const agent = (version: string) => ({ 'ucp-agent': `profile="${profiles.url}${agentPath(version)}"` });

beforeAll(async () => {
  const hook = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/ucp/orders`;
  closeHook = () => new Promise((resolve) => { hook.closeAllConnections(); hook.close(() => resolve()); });
  const routes: Parameters<typeof profileServer>[0] = {};
  for (const version of [...UCP_VERSIONS, '2026-01-11']) {
    const profile = platformProfile(version, Object.fromEntries(Object.keys(CAPABILITIES).map((c) => [c, [version]])));
    (profile.ucp.capabilities['dev.ucp.shopping.order'][0] as Record<string, unknown>).config = { webhook_url: `${hookUrl}?v=${version}` };
    routes[agentPath(version)] = (res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(profile));
  }
  routes['/broken.json'] = (res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ucp":');
  profiles = await profileServer(routes);
});
afterAll(async () => {
  await closeHook?.();
  await profiles?.close();
});

const db = testDb();
const { handler, ucp } = checkoutHandler({ db, signingKey: key });

/** REST calls as the platform at `version`: its UCP-Agent on every request, the contract checked both ways. */
function restAs(version: UcpVersion, on: Handler = handler) {
  return (method: string, path: string, body?: unknown, headers: Record<string, string> = {}, options?: { invalidRequest?: boolean }) =>
    restCall(on, version, method, path, body, { ...agent(version), ...headers }, options);
}

/** What each transport is asked in the purchase: one function per step, so both run the same payloads. */
interface Transport {
  call(tool: string, args: { id?: string; key?: string; payload?: unknown }): Promise<any>;
}

/** The REST route of each tool, from the binding's own table (the test asks the contract, not the table, whether it is right). */
const ROUTE = Object.fromEntries(REST_OPERATIONS.map((o) => [o.tool, o]));

function restTransport(version: UcpVersion): Transport {
  const rest = restAs(version);
  return {
    async call(tool, { id, key: idem, payload }) {
      const { method, path } = ROUTE[tool];
      const reply = await rest(method, path.replace('{id}', encodeURIComponent(id ?? '')), payload, idem ? { 'idempotency-key': idem } : {});
      expect(reply.status, JSON.stringify(reply.body)).toBe(ROUTE[tool].creates ? 201 : 200);
      return reply.body;
    },
  };
}

const PAYLOAD_KEY: Record<string, string> = { search_catalog: 'catalog', lookup_catalog: 'catalog', get_product: 'catalog', create_cart: 'cart', update_cart: 'cart', create_checkout: 'checkout', update_checkout: 'checkout', complete_checkout: 'checkout' };

function mcpTransport(version: UcpVersion): Transport {
  const meta = { 'ucp-agent': { profile: `${profiles.url}${agentPath(version)}` } };
  return {
    async call(tool, { id, key: idem, payload }) {
      const result = await callTool(handler, tool, { meta: { ...meta, ...(idem ? { 'idempotency-key': idem } : {}) }, ...(id ? { id } : {}), ...(payload ? { [PAYLOAD_KEY[tool]]: payload } : {}) });
      expect(result.ucp.version).toBe(version);
      return result;
    },
  };
}

const variant = ITEMS.small.variant;
const product = ITEMS.small.product;

/**
 * The purchase of the conformance suite's happy path through every operation of the binding:
 * search, lookup, product, cart (create, get, update), checkout (create from the cart, get,
 * update with address, update with the option), the buyer's approval by the mailed code,
 * complete, get the order; then a second cart and checkout canceled.
 * @returns every result, by step
 */
async function purchase(t: Transport, email: string): Promise<Record<string, any>> {
  const r: Record<string, any> = {};
  const context = { address_country: 'DE', currency: 'EUR', language: 'de' };
  r.search = await t.call('search_catalog', { payload: { query: product.title.fr, context, pagination: { limit: 3 } } });
  r.lookup = await t.call('lookup_catalog', { payload: { ids: [gid('ProductVariant', variant.id)], context } });
  r.product = await t.call('get_product', { payload: { id: gid('Product', product.id), context } });
  r.cart = await t.call('create_cart', { key: uuid(), payload: { line_items: [line(variant.id, 2)], context } });
  r.cartRead = await t.call('get_cart', { id: r.cart.id });
  // 2026-04-08's update request names the cart in the body too (its cart.json has no `ucp_request: omit` on `id`).
  const cartId = r.cart.ucp.version === '2026-04-08' ? { id: r.cart.id } : {};
  r.cartUpdated = await t.call('update_cart', { id: r.cart.id, key: uuid(), payload: { ...cartId, line_items: [line(variant.id, 3)], context } });
  r.checkout = await t.call('create_checkout', { key: uuid(), payload: { cart_id: r.cart.id, line_items: [line(variant.id, 3)], context } });
  r.checkoutRead = await t.call('get_checkout', { id: r.checkout.id });
  const destination = { ...ADDRESS.DE, ...(r.checkout.ucp.version === '2026-08-25' ? { type: 'shipping_address' } : {}) };
  const lineItems = r.checkout.line_items.map((l: any) => ({ id: l.id, item: { id: l.item.id }, quantity: l.quantity }));
  r.addressed = await t.call('update_checkout', { id: r.checkout.id, key: uuid(), payload: { line_items: lineItems, buyer: { email }, context, fulfillment: { methods: [{ type: 'shipping', destinations: [destination] }] } } });
  const method = r.addressed.fulfillment.methods[0];
  r.ready = await t.call('update_checkout', {
    id: r.checkout.id, key: uuid(),
    payload: {
      line_items: lineItems, buyer: { email }, context,
      fulfillment: { methods: [{ id: method.id, type: 'shipping', line_item_ids: lineItems.map((l: any) => l.id), selected_destination_id: method.destinations[0].id, groups: [{ id: method.groups[0].id, selected_option_id: method.groups[0].options[0].id }] }] },
    },
  });
  expect(r.ready.status, JSON.stringify(r.ready.messages)).toBe('requires_escalation');
  await approve(handler, r.ready);
  r.completed = await t.call('complete_checkout', { id: r.checkout.id, key: uuid(), payload: { payment: payment() } });
  expect(r.completed.status, JSON.stringify(r.completed.messages)).toBe('completed');
  r.order = await t.call('get_order', { id: r.completed.order.id });
  r.checkoutDone = await t.call('get_checkout', { id: r.checkout.id });
  const other = await t.call('create_cart', { key: uuid(), payload: { line_items: [line(variant.id, 1)], context } });
  r.cartCanceled = await t.call('cancel_cart', { id: other.id, key: uuid() });
  const abandoned = await t.call('create_checkout', { key: uuid(), payload: { line_items: [line(variant.id, 1)], context } });
  r.checkoutCanceled = await t.call('cancel_checkout', { id: abandoned.id, key: uuid() });
  return r;
}

/** A result with what differs between two purchases by nature (ids, secrets, timestamps, the buyer's address) replaced by its kind. */
function comparable(value: unknown, ids: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => comparable(v, ids));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, /(_at|_time)$/.test(k) && typeof v === 'string' ? '<time>' : comparable(v, ids)]));
  }
  if (typeof value !== 'string') return value;
  let text = value;
  for (const [id, name] of ids) text = text.split(id).join(name);
  return text.replace(/([?&](s|sig|t)=)[^&#]+/g, '$1<secret>');
}

/** The ids one purchase created (carts, checkouts, orders, their labels), named by role. */
function idsOf(r: Record<string, any>, email: string): Map<string, string> {
  return new Map([
    [r.cart.id, '<cart>'], [r.checkout.id, '<checkout>'], [r.completed.order.id, '<order>'], [r.completed.order.label, '<label>'],
    [r.cartCanceled.id, '<other cart>'], [r.checkoutCanceled.id, '<other checkout>'], [email, '<email>'],
  ].filter(([id]) => typeof id === 'string') as [string, string][]);
}

describe('every UCP operation over REST, at each version, checked against its rest.openapi.json', () => {
  it('the binding offers exactly the operations of both documents, at their methods and paths', async () => {
    for (const version of UCP_VERSIONS) {
      const api = await restContract(version);
      const documented = api.router.getOperations().map((o) => `${o.method.toUpperCase()} ${o.path} ${o.operationId}`).sort();
      expect(REST_OPERATIONS.map((o) => `${o.method} ${o.path} ${o.tool}`).sort(), version).toEqual(documented);
    }
  });

  it.each(UCP_VERSIONS)('platform at %s: search → lookup → product → cart → checkout → approval by mailed code → complete → order, and cancels', async (version) => {
    const r = await purchase(restTransport(version), buyerEmail());
    expect(r.order.id).toBe(r.completed.order.id);
    expect(r.order.line_items[0].quantity.total).toBe(3);
    expect(r.checkoutDone.status).toBe('completed');
    expect(r.checkoutCanceled.status).toBe('canceled');
  });
});

describe('one code path: the same purchase over MCP and over REST', () => {
  it.each(UCP_VERSIONS)('at %s every result is the same, field by field, ids and timestamps aside', async (version) => {
    const email = buyerEmail();
    const overMcp = await purchase(mcpTransport(version), email);
    const overRest = await purchase(restTransport(version), email);
    const mcpIds = idsOf(overMcp, email);
    const restIds = idsOf(overRest, email);
    for (const step of Object.keys(overMcp)) {
      expect(comparable(overRest[step], restIds), step).toEqual(comparable(overMcp[step], mcpIds));
    }
  });

  it('an idempotency key used over MCP is the same key over REST: the REST retry replays the MCP answer; other arguments are 409', async () => {
    const idem = uuid();
    const meta = { 'ucp-agent': { profile: `${profiles.url}${agentPath(UCP_VERSION)}` }, 'idempotency-key': idem };
    const checkout = { line_items: [line(variant.id, 1)] };
    const first = await callTool(handler, 'create_checkout', { meta, checkout });
    const rest = restAs(UCP_VERSION);
    const replay = await rest('POST', '/checkout-sessions', checkout, { 'idempotency-key': idem });
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(first);
    const conflict = await rest('POST', '/checkout-sessions', { line_items: [line(variant.id, 2)] }, { 'idempotency-key': idem });
    expect(conflict.status).toBe(409);
    expect(conflict.body.code).toBe('idempotency_conflict');
    // And the other way: a REST key replayed over MCP.
    const restKey = uuid();
    const made = await rest('POST', '/carts', { line_items: [line(variant.id, 1)] }, { 'idempotency-key': restKey });
    expect(await callTool(handler, 'create_cart', { meta: { ...meta, 'idempotency-key': restKey }, cart: { line_items: [line(variant.id, 1)] } })).toEqual(made.body);
  });
});

describe('the conformance suite\'s behaviours over REST (ucp.md §11)', () => {
  const rest = restAs(UCP_VERSION);
  const create = async (lines = [line(variant.id, 1)], extra: Record<string, unknown> = {}) => (await rest('POST', '/checkout-sessions', { line_items: lines, ...extra }, { 'idempotency-key': uuid() })).body;

  it('checkout lifecycle: a canceled checkout cannot be updated, completed or canceled again; a completed one neither', async () => {
    const checkout = await create();
    const canceled = await rest('POST', `/checkout-sessions/${checkout.id}/cancel`, undefined, { 'idempotency-key': uuid() });
    expect(canceled.body.status).toBe('canceled');
    const update = await rest('PUT', `/checkout-sessions/${checkout.id}`, { line_items: [{ id: checkout.line_items[0].id, item: { id: String(variant.id) }, quantity: 2 }] }, { 'idempotency-key': uuid() });
    const complete = await rest('POST', `/checkout-sessions/${checkout.id}/complete`, { payment: payment() }, { 'idempotency-key': uuid() });
    const again = await rest('POST', `/checkout-sessions/${checkout.id}/cancel`, undefined, { 'idempotency-key': uuid() });
    for (const [what, reply] of [['update', update], ['complete', complete], ['second cancel', again]] as const) {
      expect(reply.status, what).toBe(200);
      expect(reply.body.status ?? reply.body.ucp.status, what).toMatch(/^(canceled|error)$/);
      expect(reply.body.messages.some((m: any) => m.type === 'error'), `${what}: ${JSON.stringify(reply.body.messages)}`).toBe(true);
    }
    expect((await rest('GET', `/checkout-sessions/${checkout.id}`)).body.status).toBe('canceled');

    const { done } = await paidOverRest();
    const late = await rest('POST', `/checkout-sessions/${done.id}/cancel`, undefined, { 'idempotency-key': uuid() });
    expect(late.body.status ?? late.body.ucp.status).toMatch(/^(completed|error)$/);
    expect(late.body.messages.some((m: any) => m.type === 'error')).toBe(true);
  });

  it('idempotency: create, update, complete and cancel replayed with their key answer the same bytes; the key with another body is 409', async () => {
    const createKey = uuid();
    const body = { line_items: [line(variant.id, 1)] };
    const a = await rest('POST', '/checkout-sessions', body, { 'idempotency-key': createKey });
    const b = await rest('POST', '/checkout-sessions', body, { 'idempotency-key': createKey });
    expect([b.status, b.body]).toEqual([a.status, a.body]);
    const updateKey = uuid();
    const update = { line_items: [{ id: a.body.line_items[0].id, item: { id: String(variant.id) }, quantity: 2 }] };
    const u1 = await rest('PUT', `/checkout-sessions/${a.body.id}`, update, { 'idempotency-key': updateKey });
    const u2 = await rest('PUT', `/checkout-sessions/${a.body.id}`, update, { 'idempotency-key': updateKey });
    expect(u2.body).toEqual(u1.body);
    expect((await rest('PUT', `/checkout-sessions/${a.body.id}`, { line_items: [{ ...update.line_items[0], quantity: 3 }] }, { 'idempotency-key': updateKey })).status).toBe(409);
    const cancelKey = uuid();
    const c1 = await rest('POST', `/checkout-sessions/${a.body.id}/cancel`, undefined, { 'idempotency-key': cancelKey });
    const c2 = await rest('POST', `/checkout-sessions/${a.body.id}/cancel`, undefined, { 'idempotency-key': cancelKey });
    expect(c2.body).toEqual(c1.body);
    expect(c1.body.status).toBe('canceled');
    const { ready } = await paidOverRest({ pay: false });
    const completeKey = uuid();
    const d1 = await rest('POST', `/checkout-sessions/${ready.id}/complete`, { payment: payment() }, { 'idempotency-key': completeKey });
    const d2 = await rest('POST', `/checkout-sessions/${ready.id}/complete`, { payment: payment() }, { 'idempotency-key': completeKey });
    expect(d1.body.status).toBe('completed');
    expect(d2.body).toEqual(d1.body);
    const conflict = await rest('POST', `/checkout-sessions/${ready.id}/complete`, { payment: payment('fail_token') }, { 'idempotency-key': completeKey });
    expect([conflict.status, conflict.body.code]).toEqual([409, 'idempotency_conflict']);
  });

  it('validation: out of stock, an unknown product, stock checked again on update, a declined payment, completing without fulfillment; a malformed body is 400 and changes nothing', async () => {
    const soldOut = await rest('POST', '/checkout-sessions', { line_items: [line(ITEMS.soldOut.variant.id, 1)] }, { 'idempotency-key': uuid() });
    expect(JSON.stringify(soldOut.body.messages)).toMatch(/out_of_stock|item_unavailable/);
    const unknown = await rest('POST', '/checkout-sessions', { line_items: [line('999999999', 1)] }, { 'idempotency-key': uuid() });
    // rest.openapi.json documents create_checkout's answer as 201 with oneOf(checkout, error_response).
    expect(unknown.status).toBe(201);
    expect(unknown.body.messages.some((m: any) => m.type === 'error')).toBe(true);
    const checkout = await create([line(ITEMS.scarce.variant.id, 1)]);
    const tooMany = await rest('PUT', `/checkout-sessions/${checkout.id}`, { line_items: [{ id: checkout.line_items[0].id, item: { id: String(ITEMS.scarce.variant.id) }, quantity: 999 }] }, { 'idempotency-key': uuid() });
    expect(JSON.stringify(tooMany.body.messages)).toMatch(/out_of_stock|quantity/);
    const noFulfillment = await rest('POST', `/checkout-sessions/${checkout.id}/complete`, { payment: payment() }, { 'idempotency-key': uuid() });
    expect(noFulfillment.body.status).not.toBe('completed');
    expect(noFulfillment.body.messages.some((m: any) => m.type === 'error')).toBe(true);
    const { ready } = await paidOverRest({ pay: false });
    const declined = await rest('POST', `/checkout-sessions/${ready.id}/complete`, { payment: payment('fail_token') }, { 'idempotency-key': uuid() });
    expect(declined.body.status).not.toBe('completed');
    expect(declined.body.messages.map((m: any) => m.code)).toContain('payment_failed');

    const before = await db.query('SELECT count(*)::int AS n FROM checkouts');
    const bad = await rest('POST', '/checkout-sessions', { line_items: [{ item: { id: String(variant.id) }, quantity: 0 }] }, { 'idempotency-key': uuid() }, { invalidRequest: true });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'invalid_request', path: '$.line_items[0].quantity' });
    expect(bad.body.content).toContain('$.line_items[0].quantity');
    expect((await db.query('SELECT count(*)::int AS n FROM checkouts')).rows).toEqual(before.rows);
  });

  it('fulfillment: an address gives options for its country, choosing one adds its price to the total', async () => {
    const checkout = await create([line(ITEMS.small.variant.id, 1)]);
    const optionsFor = async (address: Record<string, string>) => {
      const r = await rest('PUT', `/checkout-sessions/${checkout.id}`, { line_items: [{ id: checkout.line_items[0].id, item: { id: String(variant.id) }, quantity: 1 }], fulfillment: { methods: [{ type: 'shipping', destinations: [{ ...address, type: 'shipping_address' }] }] } }, { 'idempotency-key': uuid() });
      return r.body;
    };
    const fr = await optionsFor(ADDRESS.FR);
    const ch = await optionsFor(ADDRESS.CH);
    const prices = (c: any) => c.fulfillment.methods[0].groups[0].options.map((o: any) => `${o.id} ${o.totals.find((t: any) => t.type === 'total').amount}`);
    expect(prices(fr)).not.toEqual(prices(ch));
    const method = ch.fulfillment.methods[0];
    const option = method.groups[0].options[0];
    const chosen = (await rest('PUT', `/checkout-sessions/${checkout.id}`, {
      line_items: [{ id: checkout.line_items[0].id, item: { id: String(variant.id) }, quantity: 1 }],
      fulfillment: { methods: [{ id: method.id, type: 'shipping', line_item_ids: [checkout.line_items[0].id], selected_destination_id: method.destinations[0].id, groups: [{ id: method.groups[0].id, selected_option_id: option.id }] }] },
    }, { 'idempotency-key': uuid() })).body;
    const amount = (type: string) => chosen.totals.find((t: any) => t.type === type)?.amount ?? 0;
    expect(amount('fulfillment')).toBe(option.totals.find((t: any) => t.type === 'total').amount);
    expect(amount('total')).toBe(amount('subtotal') + amount('fulfillment') + amount('discount'));
  });

  it('orders: the order of a REST purchase is read with GET /orders/{id}; an unknown id is a not_found result', async () => {
    const { done } = await paidOverRest();
    const order = await rest('GET', `/orders/${done.order.id}`);
    expect(order.body).toMatchObject({ id: done.order.id, checkout_id: done.id, permalink_url: done.order.permalink_url });
    const unknown = await rest('GET', '/orders/ord_no_such_order');
    expect(unknown.status).toBe(200);
    expect(unknown.body.ucp.status).toBe('error');
    expect(unknown.body.messages[0].code).toBe('not_found');
  });

  it.each(UCP_VERSIONS)('webhooks: an order placed over REST by the platform at %s is pushed to the webhook_url of its profile, at its version', async (version) => {
    const { done } = await paidOverRest({ version });
    // Earlier purchases of this file queued their own events: deliver until this order's arrives.
    for (let i = 0; i < 10 && !received.some((e) => e.body.id === done.order.id); i++) await ucp.deliverOutbox({ origin: 'http://localhost:8888' });
    const event = received.find((e) => e.body.id === done.order.id);
    expect(event?.path).toBe(`/ucp/orders?v=${version}`);
    expect(event!.body.ucp.version).toBe(version);
    const { event_id: _id, created_time: _time, ...order } = event!.body;
    expectUcpValid(ucpValidatorsFor(version).order, order, `webhook order at ${version}`);
  });
});

/** A checkout made ready and approved over REST (the approval by the mailed code), and completed unless `pay: false`. */
async function paidOverRest(opts: { version?: UcpVersion; pay?: boolean } = {}): Promise<{ ready: any; done: any }> {
  const version = opts.version ?? UCP_VERSION;
  const rest = restAs(version);
  const put = async (id: string, body: unknown) => (await rest('PUT', `/checkout-sessions/${id}`, body, { 'idempotency-key': uuid() })).body;
  const created = (await rest('POST', '/checkout-sessions', { line_items: [line(variant.id, 1)] }, { 'idempotency-key': uuid() })).body;
  const lines = created.line_items.map((l: any) => ({ id: l.id, item: { id: l.item.id }, quantity: l.quantity }));
  const destination = { ...ADDRESS.FR, ...(version === '2026-08-25' ? { type: 'shipping_address' } : {}) };
  const addressed = await put(created.id, { line_items: lines, buyer: { email: buyerEmail() }, fulfillment: { methods: [{ type: 'shipping', destinations: [destination] }] } });
  const method = addressed.fulfillment.methods[0];
  // A full replacement: the buyer again, the address named by its destination id, the option chosen.
  const ready = await put(created.id, { line_items: lines, buyer: addressed.buyer, fulfillment: { methods: [{ id: method.id, type: 'shipping', line_item_ids: lines.map((l: any) => l.id), selected_destination_id: method.destinations[0].id, groups: [{ id: method.groups[0].id, selected_option_id: method.groups[0].options[0].id }] }] } });
  expect(ready.status, JSON.stringify(ready.messages)).toBe('requires_escalation');
  await approve(handler, ready);
  if (opts.pay === false) return { ready, done: undefined };
  const done = (await rest('POST', `/checkout-sessions/${created.id}/complete`, { payment: payment() }, { 'idempotency-key': uuid() })).body;
  expect(done.status, JSON.stringify(done.messages)).toBe('completed');
  return { ready, done };
}

describe('the binding\'s refusals: JSON {code, content} with the statuses of UCP\'s REST error table', () => {
  const rest = restAs(UCP_VERSION);
  const raw = async (method: string, path: string, init: RequestInit = {}) => {
    const res = await handler(new Request(`http://localhost:8888/api/ucp${path}`, { method, ...init }));
    return { status: res.status, headers: res.headers, body: await res.json() };
  };

  it('discovery: a malformed UCP-Agent is 400 invalid_profile_url, an unfetchable profile 424, a broken one 422, a version not served 422 version_unsupported', async () => {
    const search = (ucpAgent: string) => restCall(handler, UCP_VERSION, 'POST', '/catalog/search', { query: 'pompe' }, { 'ucp-agent': ucpAgent });
    expect(await search('https://agent.example/profile.json').then((r) => [r.status, r.body.code])).toEqual([400, 'invalid_profile_url']);
    expect(await search(`profile="${profiles.url}/missing.json"`).then((r) => [r.status, r.body.code])).toEqual([424, 'profile_unreachable']);
    expect(await search(`profile="${profiles.url}/broken.json"`).then((r) => [r.status, r.body.code])).toEqual([422, 'profile_malformed']);
    expect(await search(`profile="${profiles.url}${agentPath('2026-01-11')}"`).then((r) => [r.status, r.body.code])).toEqual([422, 'version_unsupported']);
  });

  it('Idempotency-Key is required where the contract requires it for complete and cancel: 400 naming the header', async () => {
    const checkout = (await rest('POST', '/checkout-sessions', { line_items: [line(variant.id, 1)] }, { 'idempotency-key': uuid() })).body;
    const refused = await rest('POST', `/checkout-sessions/${checkout.id}/cancel`, undefined, {}, { invalidRequest: true });
    expect([refused.status, refused.body.code]).toEqual([400, 'invalid_request']);
    expect(refused.body.content).toContain('Idempotency-Key');
    expect((await rest('GET', `/checkout-sessions/${checkout.id}`)).body.status).toBe('incomplete');
  });

  it('an unknown path is 404, another method 405 with Allow, a body that is not JSON 400, another Content-Type 415; never HTML', async () => {
    expect(await raw('GET', '/no-such-thing')).toMatchObject({ status: 404, body: { code: 'not_found' } });
    const wrong = await raw('DELETE', '/checkout-sessions/abc');
    expect(wrong).toMatchObject({ status: 405, body: { code: 'method_not_allowed' } });
    expect(wrong.headers.get('allow')).toBe('GET, PUT, HEAD, OPTIONS');
    expect(await raw('POST', '/checkout-sessions', { headers: { 'content-type': 'application/json' }, body: '{"line_items":' })).toMatchObject({ status: 400, body: { code: 'invalid_json' } });
    expect(await raw('POST', '/checkout-sessions', { headers: { 'content-type': 'text/plain' }, body: 'x' })).toMatchObject({ status: 415, body: { code: 'unsupported_media_type' } });
    const preflight = await handler(new Request('http://localhost:8888/api/ucp/checkout-sessions', { method: 'OPTIONS' }));
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('idempotency-key');
  });

  it('an unknown checkout is a not_found result (HTTP 200), as over MCP', async () => {
    const r = await rest('GET', '/checkout-sessions/chk_no_such_checkout');
    expect(r.status).toBe(200);
    expect(r.body.messages[0].code).toBe('not_found');
    const mcp = await callRaw(handler, 'get_checkout', { meta: { 'ucp-agent': { profile: `${profiles.url}${agentPath(UCP_VERSION)}` } }, id: 'chk_no_such_checkout' });
    expect(mcp.body.result.structuredContent).toEqual(r.body);
  });

  it('rate limit: REST and MCP count together per client IP; over it, 429 with Retry-After and rate_limited', async () => {
    const limited = createHandler({ catalog, ucp, rateLimiter: frozenLimiter(db, 2) });
    const ip = `198.51.100.${Math.floor(Math.random() * 200)}`;
    const ask = (path: string) => limited(new Request(`http://localhost:8888${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: path.endsWith('mcp') ? JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }) : '{"query":"pompe"}' }), { ip });
    expect((await ask('/api/ucp/catalog/search')).status).toBe(200);
    expect((await ask('/api/ucp/mcp')).status).toBe(200);
    const over = await ask('/api/ucp/catalog/search');
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await over.json()).toMatchObject({ code: 'rate_limited', content: expect.any(String) });
  });

  it('a foreign Host is 403, as for MCP (DNS rebinding)', async () => {
    const res = await handler(new Request('http://evil.example/api/ucp/catalog/search', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"pompe"}' }));
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'forbidden' });
  });
});

