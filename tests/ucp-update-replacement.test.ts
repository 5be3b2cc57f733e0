// update_checkout and update_cart are full replacements (UCP mcp.openrpc.json 2026-08-25: "Update
// Checkout is a full replacement operation"; `ucp_request` of checkout.json and cart.json at
// 2026-04-08 and 2026-08-25: `line_items` required on update; docs/agent-commerce.md "Carts and
// checkouts"), at both versions, over MCP and over REST:
// - what an update leaves out is cleared: the buyer, the context, the address and the shipping
//   option, the named payment instrument (checkouts); the buyer and the context (carts);
// - an update without `line_items` is refused as invalid arguments (-32602 naming it; REST 400
//   `invalid_request` at `$.line_items`) and changes nothing stored;
// - an update repeating the whole checkout changes nothing and keeps the buyer's approval (it
//   completes); one that changes a term voids it.
// Every MCP result is validated against the UCP schemas of its version (callTool); every REST
// request and answer against that version's rest.openapi.json and schemas (restCall).
import { describe, expect, it } from 'vitest';
import { UCP_VERSIONS, type UcpVersion } from '../src/ucp/version';
import { ADDRESS, approve, buyerEmail, callRaw, callTool, checkoutHandler, line, payment, shipTo, stateOf, uuid } from './helpers/checkout';
import { ITEMS } from './helpers/content';
import { testDb } from './helpers/db';
import { agentProfilesEachVersion } from './helpers/ucp';
import { restCall } from './helpers/ucp-rest';

const S = ITEMS.stocked.variant.id;
const M = ITEMS.small.variant.id;

const profileUrl = agentProfilesEachVersion();

const db = testDb();
const { handler } = checkoutHandler({ db });

/** A refused call: the transport's invalid-arguments answer. */
interface Refusal { argument: string }

/** One platform at one version, over one transport: each tool with its id, payload and idempotency key. */
interface Platform {
  version: UcpVersion;
  /** What a refusal names: the argument over MCP, the body's JSONPath over REST. */
  lineItems: string;
  cartLineItems: string;
  call(tool: string, args: { id?: string; payload?: unknown }): Promise<any>;
  /** A call the transport must refuse as invalid arguments; returns what it names. */
  refused(tool: string, args: { id?: string; payload?: unknown }): Promise<Refusal>;
}

const PAYLOAD_KEY: Record<string, string> = { create_cart: 'cart', update_cart: 'cart', create_checkout: 'checkout', update_checkout: 'checkout', complete_checkout: 'checkout' };
const REST: Record<string, { method: string; path: string; status: number }> = {
  create_cart: { method: 'POST', path: '/carts', status: 201 },
  get_cart: { method: 'GET', path: '/carts/{id}', status: 200 },
  update_cart: { method: 'PUT', path: '/carts/{id}', status: 200 },
  create_checkout: { method: 'POST', path: '/checkout-sessions', status: 201 },
  get_checkout: { method: 'GET', path: '/checkout-sessions/{id}', status: 200 },
  update_checkout: { method: 'PUT', path: '/checkout-sessions/{id}', status: 200 },
  complete_checkout: { method: 'POST', path: '/checkout-sessions/{id}/complete', status: 200 },
};
/** Tools whose calls carry an idempotency key here (required on complete; honoured on the writes). */
const KEYED = new Set(['create_cart', 'update_cart', 'create_checkout', 'update_checkout', 'complete_checkout']);

function overMcp(version: UcpVersion): Platform {
  const args = (tool: string, { id, payload }: { id?: string; payload?: unknown }) => ({
    meta: { 'ucp-agent': { profile: profileUrl(version) }, ...(KEYED.has(tool) ? { 'idempotency-key': uuid() } : {}) },
    ...(id ? { id } : {}),
    ...(payload ? { [PAYLOAD_KEY[tool]]: payload } : {}),
  });
  return {
    version, lineItems: 'checkout.line_items', cartLineItems: 'cart.line_items',
    async call(tool, input) {
      const result = await callTool(handler, tool, args(tool, input));
      expect(result.ucp.version).toBe(version);
      return result;
    },
    async refused(tool, input) {
      const { status, body } = await callRaw(handler, tool, args(tool, input));
      expect(status).toBe(200);
      expect(body.error).toMatchObject({ code: -32602 });
      return { argument: body.error.data.argument };
    },
  };
}

function overRest(version: UcpVersion): Platform {
  const headers = (tool: string) => ({ 'ucp-agent': `profile="${profileUrl(version)}"`, ...(KEYED.has(tool) ? { 'idempotency-key': uuid() } : {}) });
  const path = (tool: string, id?: string) => REST[tool].path.replace('{id}', encodeURIComponent(id ?? ''));
  return {
    version, lineItems: '$.line_items', cartLineItems: '$.line_items',
    async call(tool, { id, payload }) {
      const reply = await restCall(handler, version, REST[tool].method, path(tool, id), payload, headers(tool));
      expect(reply.status, JSON.stringify(reply.body)).toBe(REST[tool].status);
      return reply.body;
    },
    async refused(tool, { id, payload }) {
      const reply = await restCall(handler, version, REST[tool].method, path(tool, id), payload, headers(tool), { invalidRequest: true });
      expect(reply.status).toBe(400);
      expect(reply.body.code).toBe('invalid_request');
      return { argument: reply.body.path };
    },
  };
}

const PLATFORMS = UCP_VERSIONS.flatMap((version) => [[version, 'MCP', overMcp(version)], [version, 'REST', overRest(version)]] as const);

/** The stored row of a checkout or cart. */
const row = async (table: 'checkouts' | 'carts', id: string): Promise<any> => (await db.query(`SELECT * FROM ${table} WHERE id = $1`, [id])).rows[0];
/** A payload without some of its parts. */
const without = (payload: Record<string, unknown>, ...parts: string[]) => Object.fromEntries(Object.entries(payload).filter(([k]) => !parts.includes(k)));
const codes = (result: { messages?: Array<{ code?: string }> }) => (result.messages ?? []).map((m) => m.code);
/** The instrument the platform names before the approval (no credential). */
const NAMED = { id: 'pi_named', handler_id: 'sandbox_card', type: 'card', selected: true, display: { brand: 'visa', last_digits: '4242' } };

/**
 * A checkout waiting for the buyer's approval, made by full replacements only: the lines and the
 * context, then the buyer and the address, then the option and the named instrument.
 */
async function readyOver(p: Platform): Promise<any> {
  const created = await p.call('create_checkout', { payload: { line_items: [line(S)], context: { language: 'en', address_country: 'FR' } } });
  const destination = { ...ADDRESS.FR, ...(p.version === '2026-08-25' ? { type: 'shipping_address' } : {}) };
  const addressed = await p.call('update_checkout', { id: created.id, payload: { ...stateOf(created), buyer: { email: buyerEmail(), first_name: 'Camille' }, fulfillment: { methods: [{ type: 'shipping', destinations: [destination] }] } } });
  const state = stateOf(addressed);
  state.fulfillment.methods[0].groups[0].selected_option_id = addressed.fulfillment.methods[0].groups[0].options[0].id;
  const ready = await p.call('update_checkout', { id: created.id, payload: { ...state, payment: { instruments: [NAMED] } } });
  expect(ready.status, JSON.stringify(ready.messages)).toBe('requires_escalation');
  expect(ready).toMatchObject({ buyer: { first_name: 'Camille' }, context: { language: 'en', address_country: 'FR' }, payment: { instruments: [expect.objectContaining({ id: 'pi_named' })] } });
  expect(ready.fulfillment.methods[0].destinations).toHaveLength(1);
  expect(ready.fulfillment.methods[0].groups[0].selected_option_id).toEqual(expect.any(String));
  return ready;
}

describe.each(PLATFORMS)('update_checkout at %s over %s is a full replacement', (_version, _transport, p) => {
  it('an update that leaves out the buyer clears it, and keeps what it repeats', async () => {
    const ready = await readyOver(p);
    const updated = await p.call('update_checkout', { id: ready.id, payload: without(stateOf(ready), 'buyer') });
    expect(updated.buyer).toBeUndefined();
    expect(updated.status).toBe('incomplete');
    expect(updated.messages).toContainEqual(expect.objectContaining({ type: 'error', code: 'missing', path: '$.buyer.email' }));
    expect(updated.line_items).toEqual(ready.line_items);
    expect(updated.fulfillment).toEqual(ready.fulfillment);
    expect(updated.payment).toEqual(ready.payment);
    expect(updated.context).toEqual(ready.context);
    expect((await row('checkouts', ready.id)).data.buyer).toBeUndefined();
    expect((await p.call('get_checkout', { id: ready.id })).buyer).toBeUndefined();
  });

  it('an update that leaves out fulfillment clears the address and the shipping option', async () => {
    const ready = await readyOver(p);
    const updated = await p.call('update_checkout', { id: ready.id, payload: without(stateOf(ready), 'fulfillment') });
    const [method] = updated.fulfillment.methods;
    expect(method.destinations).toEqual([]);
    expect(method.selected_destination_id).toBeNull();
    expect(method.groups[0].selected_option_id).toBeNull();
    expect(updated.status).toBe('incomplete');
    expect(codes(updated)).toContain('missing');
    expect(updated.buyer).toEqual(ready.buyer);
    const { data } = await row('checkouts', ready.id);
    expect(data.address).toBeUndefined();
    expect(data.option_id ?? null).toBeNull();
    // A method sent without its destination or option clears them too; naming the destination by its id keeps it.
    const again = await p.call('update_checkout', { id: ready.id, payload: stateOf(ready) });
    expect(again.fulfillment).toEqual(ready.fulfillment);
    const { id, type, line_item_ids, groups } = stateOf(ready).fulfillment.methods[0];
    const optionOnly = await p.call('update_checkout', { id: ready.id, payload: { ...stateOf(ready), fulfillment: { methods: [{ id, type, line_item_ids, groups }] } } });
    expect(optionOnly.fulfillment.methods[0].destinations).toEqual([]);
    const byReference = await p.call('update_checkout', { id: ready.id, payload: { ...stateOf(ready), fulfillment: { methods: [{ id, type, line_item_ids, selected_destination_id: ready.fulfillment.methods[0].selected_destination_id, groups }] } } });
    // The address was cleared by the update before: there is no current destination to name.
    expect(byReference.fulfillment.methods[0].destinations).toEqual([]);
    const readdressed = await p.call('update_checkout', { id: ready.id, payload: stateOf(ready) });
    const kept = await p.call('update_checkout', { id: ready.id, payload: { ...stateOf(ready), fulfillment: { methods: [{ id, type, line_item_ids, selected_destination_id: ready.fulfillment.methods[0].selected_destination_id, groups }] } } });
    expect(kept.fulfillment).toEqual(readdressed.fulfillment);
    expect(kept.fulfillment).toEqual(ready.fulfillment);
  });

  it('an update that leaves out context or payment clears the hints or the named instrument', async () => {
    const ready = await readyOver(p);
    const noContext = await p.call('update_checkout', { id: ready.id, payload: without(stateOf(ready), 'context') });
    expect(noContext.context).toBeUndefined();
    expect((await row('checkouts', ready.id)).data.context).toBeUndefined();
    const noPayment = await p.call('update_checkout', { id: ready.id, payload: without(stateOf(ready), 'payment') });
    expect(noPayment.payment?.instruments).toBeUndefined();
    expect(noPayment.context).toEqual(ready.context);
    expect((await row('checkouts', ready.id)).data.instrument).toBeUndefined();
  });

  it('the lines sent replace the stored ones', async () => {
    const ready = await readyOver(p);
    const updated = await p.call('update_checkout', { id: ready.id, payload: { ...stateOf(ready), line_items: [line(M, 2)] } });
    expect(updated.line_items.map((li: { id: string; quantity: number }) => [li.id, li.quantity])).toEqual([[`li_${M}`, 2]]);
    expect(updated.buyer).toEqual(ready.buyer);
  });

  it('an update without line_items is refused as invalid arguments and changes nothing stored', async () => {
    const ready = await readyOver(p);
    const before = await row('checkouts', ready.id);
    for (const payload of [without(stateOf(ready), 'line_items'), { buyer: { email: 'other@example.org' } }, {}]) {
      expect((await p.refused('update_checkout', { id: ready.id, payload })).argument, JSON.stringify(payload)).toBe(p.lineItems);
    }
    expect(await row('checkouts', ready.id)).toEqual(before);
    const read = await p.call('get_checkout', { id: ready.id });
    expect(read.buyer).toEqual(ready.buyer);
    expect(read.status).toBe('requires_escalation');
  });

  it('an update repeating the whole checkout changes nothing and keeps the approval, which then pays; one changing a term voids it', async () => {
    const ready = await readyOver(p);
    await approve(handler, ready);
    const approved = await p.call('get_checkout', { id: ready.id });
    expect(approved.status).toBe('ready_for_complete');
    const before = await row('checkouts', ready.id);
    const same = await p.call('update_checkout', { id: ready.id, payload: stateOf(approved) });
    expect(same).toEqual(approved);
    const after = await row('checkouts', ready.id);
    expect({ ...after.data, updated_at: undefined }).toEqual({ ...before.data, updated_at: undefined });
    expect(after.data.approval).toEqual(before.data.approval);
    const paid = await p.call('complete_checkout', { id: ready.id, payload: { payment: payment('success_token', { id: NAMED.id }) } });
    expect(paid.status, JSON.stringify(paid.messages)).toBe('completed');

    const other = await readyOver(p);
    await approve(handler, other);
    const renamed = await p.call('update_checkout', { id: other.id, payload: { ...stateOf(other), buyer: { ...other.buyer, first_name: 'Someone' } } });
    expect(renamed.status).toBe('requires_escalation');
    expect(codes(renamed)).toContain('buyer_approval_required');
    // Changing it back does not revive the approval.
    expect((await p.call('update_checkout', { id: other.id, payload: stateOf(other) })).status).toBe('requires_escalation');
    expect((await row('checkouts', other.id)).data.approval).toBeUndefined();
  });
});

describe.each(PLATFORMS)('update_cart at %s over %s is a full replacement', (_version, _transport, p) => {
  /** 2026-04-08's cart update names the cart in the body too (its cart.json marks `id` required on update). */
  const cartId = (cart: { id: string }) => (p.version === '2026-04-08' ? { id: cart.id } : {});
  const cartState = (cart: any) => ({
    ...cartId(cart),
    line_items: cart.line_items.map((li: any) => ({ id: li.id, item: { id: li.item.id }, quantity: li.quantity })),
    ...(cart.context ? { context: cart.context } : {}),
    ...(cart.buyer ? { buyer: cart.buyer } : {}),
  });
  const made = () => p.call('create_cart', { payload: { line_items: [line(S, 2)], context: { language: 'en', address_country: 'FR' }, buyer: { email: buyerEmail() } } });
  const withoutTimes = ({ expires_at: _e, ...rest }: any) => rest;

  it('repeating the cart keeps it; leaving out the buyer or the context clears it; the lines sent replace the stored ones', async () => {
    const cart = await made();
    const same = await p.call('update_cart', { id: cart.id, payload: cartState(cart) });
    expect(withoutTimes(same)).toEqual(withoutTimes(cart));
    const noBuyer = await p.call('update_cart', { id: cart.id, payload: without(cartState(cart), 'buyer') });
    expect(noBuyer.buyer).toBeUndefined();
    expect(noBuyer.context).toEqual(cart.context);
    expect((await row('carts', cart.id)).data.buyer).toBeUndefined();
    const noContext = await p.call('update_cart', { id: cart.id, payload: without(cartState(cart), 'context') });
    expect(noContext.context).toBeUndefined();
    expect(noContext.buyer).toEqual(cart.buyer);
    expect((await row('carts', cart.id)).data.context).toBeUndefined();
    const other = await p.call('update_cart', { id: cart.id, payload: { ...cartState(cart), line_items: [line(M, 1)] } });
    expect(other.line_items.map((li: { id: string; quantity: number }) => [li.id, li.quantity])).toEqual([[`li_${M}`, 1]]);
    expect(withoutTimes(await p.call('get_cart', { id: cart.id }))).toEqual(withoutTimes(other));
  });

  it('an update without line_items is refused as invalid arguments and changes nothing stored', async () => {
    const cart = await made();
    const before = await row('carts', cart.id);
    expect((await p.refused('update_cart', { id: cart.id, payload: without(cartState(cart), 'line_items') })).argument).toBe(p.cartLineItems);
    expect(await row('carts', cart.id)).toEqual(before);
  });
});
