// docs/agent-commerce.md "Versions" (UCP overview, https://ucp.dev/2026-08-25/specification/overview): one endpoint answers every call at
// the version of the platform profile it names (2026-08-25 or 2026-04-08), at the current version
// (2026-08-25) without a profile, and refuses any other version with -32001 version_unsupported
// (HTTP 422). The checkout wire of each version (destination `type`, option `description`, the
// payment handler's name and constraints), requests with and without `type`, and an update during
// complete_in_progress (the checkout as it is, with a recoverable error; nothing stored changes).
// Every tool result is validated against the schemas of the version it declares (callTool).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxHandlerName } from '../src/ucp/payment-handlers';
import { CAPABILITIES, UCP_VERSION, UCP_VERSIONS, type UcpVersion } from '../src/ucp/version';
import { TOOLS } from '../src/ucp/tools/registry';
import { SANDBOX_INSTRUMENTS } from '../src/checkout/payment/sandbox';
import { loadCheckout, saveCheckout } from '../src/state/checkouts';
import { newOrderId } from '../src/state/orders';
import { ADDRESS, approve, buyerEmail, callRaw, callTool, catalog, checkoutHandler, line, payment, readyCheckout, shipTo, stateOf, uuid } from './helpers/checkout';
import { platformProfile, profileServer } from './helpers/ucp';
import { ITEMS } from './helpers/content';
import { snapshot } from './helpers/orders';
import { testDb } from './helpers/db';
import { expectUcpValid, ucpValidatorsFor } from './helpers/ucp-schemas';

const OLD = '2026-04-08' as const;
const UNSUPPORTED = '2026-01-23';
const STOCKED = String(ITEMS.stocked.variant.id);
const BRANDS = [...SANDBOX_INSTRUMENTS.find((i) => i.type === 'card')!.brands];

const json = (body: unknown) => (res: import('node:http').ServerResponse) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
/** A platform profile at `version` declaring every capability at that version. */
const profileAt = (version: string) => platformProfile(version, Object.fromEntries(Object.keys(CAPABILITIES).map((c) => [c, [version]])));

let server: Awaited<ReturnType<typeof profileServer>>;
beforeAll(async () => {
  server = await profileServer(Object.fromEntries([...UCP_VERSIONS, UNSUPPORTED].map((v) => [`/agent-${v}.json`, json(profileAt(v))])));
});
afterAll(() => server.close());

/** `meta` naming the platform profile at `version`, or none. */
const metaAt = (version?: string): Record<string, unknown> => (version ? { 'ucp-agent': { profile: `${server.url}/agent-${version}.json` } } : {});

const db = testDb();
const { handler } = checkoutHandler({ db });

/**
 * Calls every tool once, as the platform of `meta`, through a whole purchase (the buyer's
 * approval included); every result is validated by callTool at the version it declares.
 * @returns each tool's results
 */
async function everyTool(meta: Record<string, unknown>): Promise<Map<string, any[]>> {
  const results = new Map<string, any[]>();
  const call = async (name: string, args: Record<string, unknown>) => {
    const result = await callTool(handler, name, { ...args, meta: { ...meta, ...(args.meta as object) } });
    results.set(name, [...(results.get(name) ?? []), result]);
    return result;
  };
  await call('search_catalog', { catalog: { query: 'kit' } });
  await call('lookup_catalog', { catalog: { ids: [STOCKED] } });
  await call('get_product', { catalog: { id: STOCKED } });
  const cart = await call('create_cart', { cart: { line_items: [line(STOCKED)] } });
  await call('get_cart', { id: cart.id });
  await call('update_cart', { id: cart.id, cart: { line_items: [line(STOCKED, 2)] } });
  await call('cancel_cart', { id: cart.id, meta: { 'idempotency-key': uuid() } });
  const dropped = await call('create_checkout', { checkout: { line_items: [line(STOCKED)] } });
  await call('cancel_checkout', { id: dropped.id, meta: { 'idempotency-key': uuid() } });
  const created = await call('create_checkout', { checkout: { line_items: [line(STOCKED)], context: { language: 'fr' } } });
  // Each update sends the whole checkout (a full replacement at every version).
  const addressed = await call('update_checkout', { id: created.id, checkout: { ...stateOf(created), buyer: { email: buyerEmail() }, fulfillment: shipTo(ADDRESS.FR) } });
  const ready = await call('update_checkout', { id: created.id, checkout: { ...stateOf(addressed), fulfillment: shipTo(ADDRESS.FR, addressed.fulfillment.methods[0].groups[0].options[0].id) } });
  expect(ready.status, JSON.stringify(ready.messages)).toBe('requires_escalation');
  await approve(handler, ready);
  const done = await call('complete_checkout', { id: created.id, meta: { 'idempotency-key': uuid() }, checkout: { payment: payment() } });
  expect(done.status, JSON.stringify(done.messages)).toBe('completed');
  await call('get_checkout', { id: created.id });
  await call('get_order', { id: done.order.id });
  return results;
}

describe('negotiation per call', () => {
  it.each([
    ['no platform profile', UCP_VERSION, undefined],
    [`a platform profile at ${OLD}`, OLD, OLD],
    [`a platform profile at ${UCP_VERSION}`, UCP_VERSION, UCP_VERSION],
  ] as const)('%s: every tool answers at %s', async (_label, expected, profileVersion) => {
    const results = await everyTool(metaAt(profileVersion));
    expect([...results.keys()].sort()).toEqual(TOOLS.map((t) => t.name).sort());
    for (const [name, outcomes] of results) {
      for (const result of outcomes) {
        expect(result.ucp.version, name).toBe(expected);
        expect(result.ucp.status, `${name}: ${JSON.stringify(result.messages)}`).toBe('success');
        for (const [capability, [{ version }]] of Object.entries(result.ucp.capabilities as Record<string, Array<{ version: string }>>)) expect(version, `${name} ${capability}`).toBe(expected);
      }
    }
  });

  it(`a platform profile at ${UNSUPPORTED}: -32001 version_unsupported with HTTP 422, for every kind of tool`, async () => {
    const meta = metaAt(UNSUPPORTED);
    for (const [name, args] of [
      ['search_catalog', { catalog: { query: 'kit' } }],
      ['create_cart', { cart: { line_items: [line(STOCKED)] } }],
      ['create_checkout', { checkout: { line_items: [line(STOCKED)] } }],
      ['get_order', { id: newOrderId() }],
    ] as const) {
      const res = await callRaw(handler, name, { ...args, meta });
      expect(res.status, name).toBe(422);
      expect(res.body.result, name).toBeUndefined();
      expect(res.body.error, name).toMatchObject({ code: -32001, data: { code: 'version_unsupported' } });
      expect(res.body.error.data.content, name).toContain(UNSUPPORTED);
    }
    // The same call at a supported version goes through (the refusal is the version's).
    expect((await callTool(handler, 'search_catalog', { catalog: { query: 'kit' }, meta: metaAt(OLD) })).ucp.version).toBe(OLD);
  });
});

describe('the checkout wire of each version', () => {
  /** One ready checkout per version (a checkout belongs to the platform that created it). */
  const ready = new Map<UcpVersion, any>();
  beforeAll(async () => {
    for (const version of UCP_VERSIONS) ready.set(version, await readyCheckout(handler, undefined, { meta: metaAt(version) }));
  });

  it('a checkout is another platform\'s for a profile at the other version: not_found', async () => {
    const other = await callTool(handler, 'get_checkout', { id: ready.get(OLD).id, meta: metaAt(UCP_VERSION) });
    expect(other.ucp).toMatchObject({ version: UCP_VERSION, status: 'error' });
    expect(other.messages[0]).toMatchObject({ type: 'error', code: 'not_found' });
    expect((await callTool(handler, 'get_checkout', { id: ready.get(OLD).id, meta: metaAt(OLD) })).id).toBe(ready.get(OLD).id);
  });

  it(`${UCP_VERSION}: destinations tagged shipping_address, descriptions {plain}, the handler named after the store's host with a constraint expression`, async () => {
    const checkout = ready.get(UCP_VERSION);
    expect(checkout.ucp.version).toBe(UCP_VERSION);
    const [method] = checkout.fulfillment.methods;
    expect(method.destinations).toHaveLength(1);
    for (const destination of method.destinations) expect(destination).toMatchObject({ type: 'shipping_address', id: expect.any(String), address_country: 'FR' });
    const options = method.groups[0].options;
    expect(options.length).toBeGreaterThan(0);
    for (const option of options) expect(option.description).toEqual({ plain: expect.stringMatching(/\S/) });
    expect(sandboxHandlerName(catalog.store, UCP_VERSION)).toBe('example.poissons-et-pousses.sandbox_card');
    expect(Object.keys(checkout.ucp.payment_handlers)).toEqual(['example.poissons-et-pousses.sandbox_card']);
    const [handlerEntry] = checkout.ucp.payment_handlers['example.poissons-et-pousses.sandbox_card'];
    expect(handlerEntry).toMatchObject({ id: 'sandbox_card', version: UCP_VERSION });
    expect(handlerEntry.available_instruments).toEqual([{ type: 'card', constraints: { properties: { brand: { enum: BRANDS } } } }]);
  });

  it(`${OLD}: untagged destinations, string descriptions, the hyphen-free handler name with {brands}`, async () => {
    const checkout = ready.get(OLD);
    expect(checkout.ucp.version).toBe(OLD);
    const [method] = checkout.fulfillment.methods;
    expect(method.destinations).toHaveLength(1);
    for (const destination of method.destinations) {
      expect(destination).not.toHaveProperty('type');
      expect(destination).toMatchObject({ id: expect.any(String), address_country: 'FR' });
    }
    const options = method.groups[0].options;
    expect(options.length).toBeGreaterThan(0);
    for (const option of options) expect(option.description).toEqual(expect.stringMatching(/\S/));
    expect(Object.keys(checkout.ucp.payment_handlers)).toEqual(['example.poissonsetpousses.sandbox_card']);
    const [handlerEntry] = checkout.ucp.payment_handlers['example.poissonsetpousses.sandbox_card'];
    expect(handlerEntry).toMatchObject({ id: 'sandbox_card', version: OLD });
    expect(handlerEntry.available_instruments).toEqual([{ type: 'card', constraints: { brands: BRANDS } }]);
  });

  it('the two checkouts say the same thing otherwise (same lines, totals, options and texts)', () => {
    const [now, old] = [ready.get(UCP_VERSION), ready.get(OLD)];
    expect(now.totals).toEqual(old.totals);
    expect(now.line_items.map((l: any) => [l.item, l.quantity])).toEqual(old.line_items.map((l: any) => [l.item, l.quantity]));
    const options = (c: any) => c.fulfillment.methods[0].groups[0].options;
    expect(options(now).map((o: any) => [o.id, o.title, o.description.plain, o.totals])).toEqual(options(old).map((o: any) => [o.id, o.title, o.description, o.totals]));
  });

  it('each version\'s checkout is refused by the other version\'s schema (the differences are real)', () => {
    expectUcpValid(ucpValidatorsFor(UCP_VERSION).checkout, ready.get(UCP_VERSION), `${UCP_VERSION} checkout`);
    expectUcpValid(ucpValidatorsFor(OLD).checkout, ready.get(OLD), `${OLD} checkout`);
    expect(ucpValidatorsFor(OLD).checkout(ready.get(UCP_VERSION))).toBe(false);
    expect(ucpValidatorsFor(UCP_VERSION).checkout(ready.get(OLD))).toBe(false);
  });
});

describe.each(UCP_VERSIONS.map((v) => [v]))('requests at %s', (version) => {
  it.each([
    ['with type: "shipping_address"', { ...ADDRESS.DE, type: 'shipping_address' }],
    ['without type', { ...ADDRESS.DE }],
  ])('accept a destination %s, on create and on update', async (_label, destination) => {
    const meta = metaAt(version);
    const created = await callTool(handler, 'create_checkout', { meta, checkout: { line_items: [line(STOCKED)], fulfillment: shipTo(destination) } });
    const updated = await callTool(handler, 'update_checkout', { meta, id: created.id, checkout: { line_items: [line(STOCKED)], buyer: { email: buyerEmail() }, fulfillment: shipTo(destination) } });
    for (const checkout of [created, updated]) {
      expect(checkout.ucp.version).toBe(version);
      expect(checkout.messages?.filter((m: any) => m.type === 'error' && m.code !== 'missing') ?? [], JSON.stringify(checkout.messages)).toEqual([]);
      const [stored] = checkout.fulfillment.methods[0].destinations;
      expect(stored).toMatchObject({ street_address: ADDRESS.DE.street_address, postal_code: ADDRESS.DE.postal_code, address_country: 'DE' });
      if (version === OLD) expect(stored).not.toHaveProperty('type');
      else expect(stored.type).toBe('shipping_address');
      expect(checkout.fulfillment.methods[0].groups[0].options.length).toBeGreaterThan(0);
    }
  });
});

describe.each(UCP_VERSIONS.map((v) => [v]))('update_checkout during complete_in_progress, at %s', (version) => {
  it('answers the checkout as it is with a recoverable complete_in_progress error; nothing stored changes', async () => {
    const meta = metaAt(version);
    const ready = await readyCheckout(handler, undefined, { meta });
    // The payment is running: the checkout is claimed by a completion (as complete.ts leaves it between its transactions).
    const record = (await loadCheckout(db, ready.id))!;
    await saveCheckout(db, { ...record, state: 'completing', completion: { order_id: newOrderId(), started_at: Date.now() } }, Date.now());
    const pool = await db.raw();
    const row = async () => (await pool.query('SELECT * FROM checkouts WHERE id = $1', [ready.id])).rows[0];
    const before = { checkout: await row(), rest: await snapshot(pool) };
    expect(before.checkout.state).toBe('completing');

    const current = await callTool(handler, 'get_checkout', { meta, id: ready.id });
    expect(current.status).toBe('complete_in_progress');
    expect(current.ucp.version).toBe(version);
    const updated = await callTool(handler, 'update_checkout', {
      meta, id: ready.id,
      checkout: { buyer: { email: buyerEmail() }, line_items: [line(STOCKED, 2)], fulfillment: shipTo(ADDRESS.DE) },
    });
    const { messages: currentMessages, ...currentRest } = current;
    const { messages: updatedMessages, ...updatedRest } = updated;
    expect(updatedRest).toEqual(currentRest);
    expect(updated.status).toBe('complete_in_progress');
    expect(updated.buyer.email).toBe(ready.buyer.email);
    expect(updated.line_items).toEqual(ready.line_items);
    expect(updated.fulfillment.methods[0].destinations[0].address_country).toBe('FR');
    expect(updatedMessages.filter((m: any) => m.type === 'error')).toEqual([
      expect.objectContaining({ type: 'error', code: 'complete_in_progress', severity: 'recoverable' }),
    ]);
    expect(updatedMessages.filter((m: any) => m.type !== 'error')).toEqual(currentMessages);
    expect(await row()).toEqual(before.checkout);
    expect(await snapshot(pool)).toBe(before.rest);
  });
});
