// Issue 38 "Agents", against the running store (npm start): a platform hands its agent the
// newsletter's code and buys with it, through the official MCP SDK client (as a platform at each
// UCP version) and through the REST binding. The code is typed in another case; the answer
// carries `discounts.applied` with allocations as JSONPaths, totals that add up, and validates
// against the version's schemas with the discount extension composed (tests/helpers/ucp-schemas.ts;
// over REST, against rest.openapi.json too: tests/helpers/ucp-rest.ts). The buyer approves on the
// store's page with the mailed code (maildev), the agent pays, the order carries the discount;
// the same buyer's next checkout is told the code is used (once per buyer, content/discounts/bienvenue.yaml).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPABILITIES, UCP_VERSION, UCP_VERSIONS, type UcpVersion } from '../../src/ucp/version';
import { platformProfile, profileServer } from '../helpers/ucp';
import { restCall, REST_BASE } from '../helpers/ucp-rest';
import { expectUcpValid, validatorForResult } from '../helpers/ucp-schemas';
import { BASE, MAIL_WEB } from './base';
import { type McpAgent, approveOnPage, catalog, mcpAgent, newBuyerEmail } from './shop-client';

const WELCOME = catalog.discounts.find((d) => d.code === 'BIENVENUE10')!;
const CODE = 'bienvenue10';
const DESTINATION = { first_name: 'Camille', last_name: 'Martin', street_address: '12 rue des Mariniers', postal_code: '69007', address_locality: 'Lyon', address_country: 'FR' };
const CONTEXT = { address_country: 'FR', currency: 'EUR', language: 'fr' };
/** A parcel without counted stock (every run of the suite may buy it), three units. */
const PARCEL = catalog.products.filter((p) => p.published && !p.freight && !p.ships_to).flatMap((p) => p.variants).find((v) => v.inventory === null && v.grams > 0 && v.grams < 8000)!;
const LINES = [{ item: { id: String(PARCEL.id) }, quantity: 3 }];
const PAYMENT = { instruments: [{ id: 'pi_e2e', handler_id: 'sandbox_card', type: 'card', selected: true, credential: { type: 'token', token: 'success_token' } }] };

let profiles: Awaited<ReturnType<typeof profileServer>>;
let agent: McpAgent;
const profileUrl = (version: UcpVersion) => `${profiles.url}/${version}.json`;
beforeAll(async () => {
  profiles = await profileServer(Object.fromEntries(UCP_VERSIONS.map((v) => [
    `/${v}.json`,
    (res: import('node:http').ServerResponse) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(platformProfile(v, Object.fromEntries(Object.keys(CAPABILITIES).map((c) => [c, [v]]))))),
  ])));
  agent = await mcpAgent(BASE, '2025-11-25');
});
afterAll(async () => {
  await agent?.close();
  await profiles?.close();
});

const amountOf = (payload: { totals: Array<{ type: string; amount: number }> }, type: string) => payload.totals.find((t) => t.type === type)?.amount;

/**
 * What a checkout with the code must say: the code applied as content writes it, 10 % of the
 * lines allocated to the one line, the discount total, the total the sum of the others.
 */
function expectDiscounted(checkout: any) {
  const subtotal = amountOf(checkout, 'subtotal')!;
  expect(checkout.discounts.codes.map((c: string) => c.toUpperCase())).toEqual([WELCOME.code]);
  expect(checkout.discounts.applied).toHaveLength(1);
  const [applied] = checkout.discounts.applied;
  expect(applied).toMatchObject({ code: WELCOME.code, title: WELCOME.title.fr, automatic: false, method: 'across', priority: 1 });
  expect(applied.amount).toBe(Math.floor((subtotal * 10 + 50) / 100));
  expect(applied.allocations).toEqual([{ path: '$.line_items[0]', amount: applied.amount }]);
  expect(amountOf(checkout, 'discount')).toBe(-applied.amount);
  expect(checkout.totals.filter((t: { type: string }) => t.type !== 'total').reduce((s: number, t: { amount: number }) => s + t.amount, 0)).toBe(amountOf(checkout, 'total'));
}

/** The welcome code refused to a buyer who used it: a warning on $.discounts.codes, nothing taken off. */
function expectUsed(checkout: any) {
  expect(checkout.discounts.applied).toEqual([]);
  expect(amountOf(checkout, 'discount')).toBeUndefined();
  expect(checkout.messages.filter((m: { code?: string }) => m.code?.startsWith('discount_code'))).toEqual([
    expect.objectContaining({ type: 'warning', code: 'discount_code_user_ineligible', path: '$.discounts.codes' }),
  ]);
}

/** One transport's calls: create, update (a full replacement), get, complete, get order. */
interface Agent {
  create(checkout: Record<string, unknown>): Promise<any>;
  update(id: string, checkout: Record<string, unknown>): Promise<any>;
  get(id: string): Promise<any>;
  complete(id: string): Promise<any>;
  order(id: string): Promise<any>;
}

/**
 * A checkout of LINES with the code in capitals and lower case mixed as a person types it, its
 * address and cheapest option, approved by `email` on the store's page, paid.
 * @returns the ready checkout (before payment), the completed one and its order
 */
async function buyWithCode(agent: Agent, email: string) {
  const discounts = { codes: [` ${CODE} `] };
  const created = await agent.create({ line_items: LINES, buyer: { email }, context: CONTEXT, fulfillment: { methods: [{ type: 'shipping', destinations: [DESTINATION] }] }, discounts });
  const method = created.fulfillment.methods[0];
  const ready = await agent.update(created.id, {
    line_items: created.line_items.map((l: any) => ({ id: l.id, item: { id: l.item.id }, quantity: l.quantity })), buyer: { email }, context: CONTEXT, discounts,
    fulfillment: { methods: [{ id: method.id, type: 'shipping', line_item_ids: created.line_items.map((l: any) => l.id), selected_destination_id: method.destinations[0].id, groups: [{ id: method.groups[0].id, selected_option_id: method.groups[0].options[0].id }] }] },
  });
  expect(ready.status, JSON.stringify(ready.messages)).toBe('requires_escalation');
  return { created, ready };
}

/** The whole story over one transport: the purchase with the code, the order with it, the second checkout told it is used. */
async function story(agent: Agent) {
  const email = newBuyerEmail();
  const { created, ready } = await buyWithCode(agent, email);
  expectDiscounted(created);
  expectDiscounted(ready);

  await approveOnPage({ mailWeb: MAIL_WEB }, ready.continue_url, email);
  expect((await agent.get(ready.id)).status).toBe('ready_for_complete');
  const done = await agent.complete(ready.id);
  expect(done.status, JSON.stringify(done.messages)).toBe('completed');
  expectDiscounted(done);
  expect(amountOf(done, 'total')).toBe(amountOf(ready, 'total'));
  const order = await agent.order(done.order.id);
  expect(amountOf(order, 'total'), 'the order is charged the discounted total').toBe(amountOf(ready, 'total'));
  expect(amountOf(order, 'discount')).toBe(amountOf(ready, 'discount'));

  const second = await agent.create({ line_items: LINES, buyer: { email: email.toUpperCase() }, context: CONTEXT, fulfillment: { methods: [{ type: 'shipping', destinations: [DESTINATION] }] }, discounts: { codes: [CODE] } });
  expectUsed(second);
}

/** The MCP SDK client as a platform at `version`: every result at that version, valid against its schemas with the discount extension. */
function mcpAs(version: UcpVersion): Agent {
  const meta = { 'ucp-agent': { profile: profileUrl(version) } };
  const tool = async (name: string, args: Record<string, unknown>) => {
    const result = await agent.callTool({ name, arguments: { ...args, meta: { ...meta, 'idempotency-key': crypto.randomUUID() } } });
    expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).toBeFalsy();
    const payload = result.structuredContent as any;
    expect(payload.ucp.version).toBe(version);
    expectUcpValid(validatorForResult(name, payload), payload, `${name} result at ${version}`);
    return payload;
  };
  return {
    create: (checkout) => tool('create_checkout', { checkout }),
    update: (id, checkout) => tool('update_checkout', { id, checkout }),
    get: (id) => tool('get_checkout', { id }),
    complete: (id) => tool('complete_checkout', { id, checkout: { payment: PAYMENT } }),
    order: (id) => tool('get_order', { id }),
  };
}

/** The REST binding as a platform at the current release: requests and answers checked against rest.openapi.json and the schemas. */
function restAs(): Agent {
  const served = async (request: Request) => fetch(`${BASE}/api/ucp${request.url.slice(REST_BASE.length)}`, { method: request.method, headers: request.headers, ...(request.method === 'GET' ? {} : { body: await request.text() }) });
  const rest = async (method: string, path: string, body?: unknown) => {
    const reply = await restCall(served, UCP_VERSION, method, path, body, { 'ucp-agent': `profile="${profileUrl(UCP_VERSION)}"`, ...(method === 'GET' ? {} : { 'idempotency-key': crypto.randomUUID() }) });
    expect([200, 201], JSON.stringify(reply.body)).toContain(reply.status);
    return reply.body;
  };
  return {
    create: (checkout) => rest('POST', '/checkout-sessions', checkout),
    update: (id, checkout) => rest('PUT', `/checkout-sessions/${id}`, checkout),
    get: (id) => rest('GET', `/checkout-sessions/${id}`),
    complete: (id) => rest('POST', `/checkout-sessions/${id}/complete`, { payment: PAYMENT }),
    order: (id) => rest('GET', `/orders/${id}`),
  };
}

describe('an agent buys with the welcome code against npm start', () => {
  it.each(UCP_VERSIONS)('MCP SDK client as a platform at %s: discounts.applied with allocations, approval, payment, the order with the discount, then "already used"', async (version) => {
    await story(mcpAs(version));
  });

  it('REST binding: the same, every request and answer valid against rest.openapi.json', async () => {
    await story(restAs());
  });
});
