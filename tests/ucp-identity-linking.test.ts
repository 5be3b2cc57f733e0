// Issue 37 points 2–4: UCP identity linking on the store's MCP and REST endpoints. The 2026-08-25
// profile declares dev.ucp.common.identity_linking with its scopes (valid against
// identity_linking.json, unmodified); a call without a token is a guest's, as before; a call with
// a token not in force is refused 401 `identity_required` (invalid_token), one without the
// tool's scope 403 `insufficient_scope`, each with MCP's `WWW-Authenticate` challenge naming the
// protected-resource metadata (RFC 9728), and nothing is created; a linked call buys for the
// account: its checkout's buyer is the account's verified e-mail (an e-mail the agent sends is
// dropped, with a warning), the approval code reaches that mailbox only, the order is read with
// `order:read`, and neither a guest call nor another account sees it. Tokens are checked on
// every call: a platform unlinked on the account page is refused at its next call.
import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { OAUTH_SCOPES } from '../src/accounts/oauth-scopes';
import { grantOfToken } from '../src/accounts/bearer';
import { linkedPlatformsOf } from '../src/state/linked-platforms';
import { rememberAddress, savedAddressesOf } from '../src/checkout/saved-addresses';
import { businessProfile } from '../src/ucp/profile';
import { COMMON_CAPABILITY } from '../src/ucp/version';
import { ADDRESS, ORIGIN, checkoutHandler, line, payment, postApproval, requestCode, shipTo, stateOf, uuid } from './helpers/checkout';
import { ITEMS, catalog } from './helpers/content';
import { testDb } from './helpers/db';
import { mailbox } from './helpers/mail';
import { oauthParties } from './helpers/oauth';
import { SCHOOL_APPLICATION, approvedBusiness } from './helpers/business';
import { callRaw } from './helpers/ucp';
import { expectUcpValid, ucpSchemaSet, validatorForResult } from './helpers/ucp-schemas';

const db = testDb();
const app = checkoutHandler({ db });
const parties = oauthParties(app);
const RESOURCE_METADATA = `${ORIGIN}/.well-known/oauth-protected-resource/api/ucp/mcp`;
const email = (who: string) => `${who}+${randomBytes(4).toString('hex')}@example.org`;

/** A tools/call with a bearer token; the result checked against its schema when it is one. */
async function linkedCall(token: string | undefined, name: string, args: unknown) {
  const answer = await callRaw(app.handler, name, args, token ? { authorization: `Bearer ${token}` } : {});
  const result = answer.body?.result?.structuredContent;
  if (result) expectUcpValid(validatorForResult(name, result), result, `${name} result`);
  return { ...answer, result };
}

const count = async (table: string) => Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);

describe('discovery (point 2)', () => {
  it('the 2026-08-25 profile declares identity linking with its scopes, valid against identity_linking.json; the 2026-04-08 leaf cannot and does not', () => {
    const profile = businessProfile(catalog.store);
    const [declaration] = profile.ucp.capabilities[COMMON_CAPABILITY.identityLinking] as [any];
    expect(Object.keys(declaration.config.scopes)).toEqual([OAUTH_SCOPES.checkout, OAUTH_SCOPES.orders]);
    expect(declaration.config.providers, 'the store is its own authorization server: the schema forbids listing it').toBeUndefined();
    const { ajv } = ucpSchemaSet('2026-08-25');
    const validate = ajv.compile({ $ref: 'https://ucp.dev/schemas/common/identity_linking.json#/$defs/dev.ucp.common.identity_linking/business_schema' });
    expectUcpValid(validate, declaration, 'identity_linking declaration');
    expect(validate({ ...declaration, config: { scopes: { 'checkout manage': {} } } }), 'the check can fail').toBe(false);
    expect(businessProfile(catalog.store, [], '2026-04-08').ucp.capabilities[COMMON_CAPABILITY.identityLinking]).toBeUndefined();
  });
});

describe('refused tokens (points 2, 3 and 6)', () => {
  it('a token not in force: 401 identity_required with the challenge, over MCP and REST, nothing created', async () => {
    const before = await count('checkouts');
    const mcp = await linkedCall('not-a-token', 'create_checkout', { checkout: { line_items: [line(ITEMS.stocked.variant.id)] } });
    expect(mcp.status).toBe(401);
    expect(mcp.body.error.data).toMatchObject({ code: 'identity_required' });
    const challenge = mcp.headers.get('www-authenticate')!;
    expect(challenge).toMatch(/^Bearer /);
    expect(challenge).toContain('error="invalid_token"');
    expect(challenge).toContain(`resource_metadata="${RESOURCE_METADATA}"`);
    const rest = await app.handler(new Request(`${ORIGIN}/api/ucp/checkout-sessions`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer not-a-token' }, body: JSON.stringify({ line_items: [line(ITEMS.stocked.variant.id)] }),
    }));
    expect(rest.status).toBe(401);
    expect(await rest.json()).toMatchObject({ code: 'identity_required' });
    expect(rest.headers.get('www-authenticate')).toContain(`resource_metadata="${RESOURCE_METADATA}"`);
    expect((await linkedCall(undefined, 'create_checkout', { checkout: { line_items: [line(ITEMS.stocked.variant.id)] } })).status, 'without a token: a guest, as before').toBe(200);
    expect(await count('checkouts')).toBe(before + 1);
  });

  it('a scope not granted: 403 insufficient_scope naming it; the granted scope works', async () => {
    const { access_token } = await parties.link(email('scoped'), { scope: OAUTH_SCOPES.checkout });
    const order = await linkedCall(access_token, 'get_order', { id: 'ord_missing' });
    expect(order.status).toBe(403);
    expect(order.body.error.data).toMatchObject({ code: 'insufficient_scope' });
    expect(order.headers.get('www-authenticate')).toContain('error="insufficient_scope"');
    expect(order.headers.get('www-authenticate')).toContain(`scope="${OAUTH_SCOPES.orders}"`);
    expect((await linkedCall(access_token, 'create_checkout', { checkout: { line_items: [line(ITEMS.stocked.variant.id)] } })).status).toBe(200);
  });
});

describe('the link\'s last use (point 5)', () => {
  it('a call with the token records it on the consent, at most once a minute, and the account page reads it', async () => {
    const holder = email('usage');
    const { access_token } = await parties.link(holder);
    const consent = async () => (await db.query<{ created: Date; updated: Date }>(`SELECT k."createdAt" AS created, k."updatedAt" AS updated FROM "auth_oauth_consent" k JOIN "auth_user" u ON u.id = k."userId" WHERE u.email = $1`, [holder])).rows[0];
    const linked = await consent();
    const later = linked.created.getTime() + 3 * 60_000;
    expect((await grantOfToken(db, access_token, later))?.account.email).toBe(holder);
    expect((await consent()).updated.getTime()).toBe(later);
    await grantOfToken(db, access_token, later + 30_000);
    expect((await consent()).updated.getTime(), 'not again within the minute').toBe(later);
    const [platform] = await linkedPlatformsOf(db, (await db.query<{ id: string }>('SELECT id FROM "auth_user" WHERE email = $1', [holder])).rows[0].id);
    expect(platform.last_used_at).toBe(new Date(later).toISOString());
  });
});

describe('a linked call buys for the account (points 3 and 4)', () => {
  it('the school\'s checkout: the account\'s e-mail kept over the agent\'s, the code mailed there only, the order read with order:read; hidden from guests and other accounts; unlinking refuses the next call', async () => {
    const holder = email('ecole');
    const shopper = await approvedBusiness(app, holder, SCHOOL_APPLICATION);
    const { access_token } = await parties.link(holder, { shopper });
    const intruder = email('agent');
    const created = await linkedCall(access_token, 'create_checkout', { checkout: { line_items: [line(ITEMS.stocked.variant.id)], buyer: { email: intruder, first_name: 'Claire' }, context: { language: 'fr' } } });
    expect(created.status).toBe(200);
    const checkout = created.result;
    expect(checkout.buyer).toEqual({ email: holder, first_name: 'Claire' });
    expect(checkout.messages.find((m: any) => m.code === 'account_email_kept')).toMatchObject({ type: 'warning', path: '$.buyer.email' });

    // The agent tries to route the approval elsewhere: the update's e-mail is dropped again.
    const addressed = await linkedCall(access_token, 'update_checkout', { id: checkout.id, checkout: { ...stateOf(checkout), buyer: { email: intruder }, fulfillment: shipTo(ADDRESS.FR) } });
    const option = addressed.result.fulfillment.methods[0].groups[0].options[0].id;
    const ready = (await linkedCall(access_token, 'update_checkout', { id: checkout.id, checkout: { ...stateOf(addressed.result), buyer: { email: intruder }, fulfillment: shipTo(ADDRESS.FR, option) } })).result;
    expect(ready.status, JSON.stringify(ready.messages)).toBe('requires_escalation');
    expect(ready.buyer.email).toBe(holder);

    // Guests and other accounts do not see it.
    expect((await linkedCall(undefined, 'get_checkout', { id: checkout.id })).result.messages[0].code).toBe('not_found');
    const other = await parties.link(email('autre'));
    expect((await linkedCall(other.access_token, 'get_checkout', { id: checkout.id })).result.messages[0].code).toBe('not_found');

    // The approval code goes to the account's mailbox, never to the agent's.
    const box = await mailbox();
    const before = box.messages.length;
    const page = await requestCode(app.handler, ready, holder);
    expect(box.messages.slice(before).filter((m) => m.to.includes(intruder))).toEqual([]);
    expect((await postApproval(app.handler, ready.continue_url, { s: page.secret!, terms: page.terms!, action: 'confirm', code: page.code })).status).toBe(303);
    const paid = await linkedCall(access_token, 'complete_checkout', { meta: { 'idempotency-key': uuid() }, id: checkout.id, checkout: { payment: payment() } });
    expect(paid.result.status, JSON.stringify(paid.result.messages)).toBe('completed');
    const orderId = paid.result.order.id;

    const order = await linkedCall(access_token, 'get_order', { id: orderId });
    expect(order.result.id).toBe(orderId);
    expect((await linkedCall(undefined, 'get_order', { id: orderId })).result.messages[0].code, 'a guest call does not read it').toBe('not_found');
    expect((await linkedCall(other.access_token, 'get_order', { id: orderId })).result.messages[0].code, 'nor another account').toBe('not_found');

    // Unlinked on the account page: the very next call is refused.
    const platformId = String((await shopper.get('/account')).$('.platform-list > li').attr('data-platform-id'));
    expect((await shopper.post('/account', { action: 'unlink_platform', platform_id: platformId })).status).toBe(303);
    expect((await linkedCall(access_token, 'get_checkout', { id: checkout.id })).status).toBe(401);
  });

  it('the account\'s saved addresses are listed as destinations and usable by id; another account\'s id, or a guest\'s, names none', async () => {
    const holder = email('adresses');
    const { access_token } = await parties.link(holder);
    const { rows: [user] } = await db.query<{ id: string }>('SELECT id FROM "auth_user" WHERE email = $1', [holder]);
    await rememberAddress(db, user.id, ADDRESS.FR, Date.now());
    const [saved] = await savedAddressesOf(db, user.id);
    const byId = { methods: [{ type: 'shipping', selected_destination_id: saved.id }] };
    const created = (await linkedCall(access_token, 'create_checkout', { checkout: { line_items: [line(ITEMS.stocked.variant.id)], fulfillment: byId } })).result;
    const method = created.fulfillment.methods[0];
    expect(method.destinations.map((d: any) => d.id)).toEqual(['destination_1', saved.id]);
    expect(method.destinations[0]).toMatchObject({ street_address: ADDRESS.FR.street_address, postal_code: ADDRESS.FR.postal_code });
    expect(method.groups[0].options.length, 'priced for the saved address').toBeGreaterThan(0);
    const other = await parties.link(email('autre-adresse'));
    const foreign = (await linkedCall(other.access_token, 'create_checkout', { checkout: { line_items: [line(ITEMS.stocked.variant.id)], fulfillment: byId } })).result;
    expect(foreign.fulfillment.methods[0].destinations, 'another account\'s address is not theirs').toEqual([]);
    const guest = (await linkedCall(undefined, 'create_checkout', { checkout: { line_items: [line(ITEMS.stocked.variant.id)], fulfillment: byId } })).result;
    expect(guest.fulfillment.methods[0].destinations).toEqual([]);
  });

  it('an idempotency key is the account\'s: the same key from another account of the same platform replays nothing of the first', async () => {
    const first = await parties.link(email('cle'));
    const second = await parties.link(email('cle'));
    const key = uuid();
    const made = await linkedCall(first.access_token, 'create_checkout', { meta: { 'idempotency-key': key }, checkout: { line_items: [line(ITEMS.stocked.variant.id)] } });
    const again = await linkedCall(second.access_token, 'create_checkout', { meta: { 'idempotency-key': key }, checkout: { line_items: [line(ITEMS.stocked.variant.id)] } });
    expect(again.result.id).not.toBe(made.result.id);
    expect(again.result.buyer.email).not.toBe(made.result.buyer.email);
  });
});


/** A REST call of the binding with a bearer token; the body checked against its tool's schema. */
async function rest(token: string | undefined, method: string, path: string, tool: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await app.handler(new Request(`${ORIGIN}/api/ucp${path}`, {
    method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers }, ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  }));
  const json = await res.json();
  if (res.status < 300) expectUcpValid(validatorForResult(tool, json), json, `${tool} over REST`);
  return { status: res.status, body: json };
}

describe('payment terms (point 3, 2026-08-25)', () => {
  it('a guest is offered the card only; selecting the transfer is identity_required, an unknown term invalid_payment, each at $.payment.selected_term_id', async () => {
    const created = (await linkedCall(undefined, 'create_checkout', { checkout: { line_items: [line(ITEMS.stocked.variant.id)], context: { language: 'fr' } } })).result;
    expect(created.payment.terms.map((t: any) => t.id)).toEqual(['card']);
    expect(created.payment.selected_term_id).toBe('card');
    expect(created.payment.terms[0]).toMatchObject({ title: 'Payer maintenant par carte', schedules: [{ type: 'immediate', amount: created.totals.find((t: any) => t.type === 'total').amount }] });
    const transfer = (await linkedCall(undefined, 'update_checkout', { id: created.id, checkout: { ...stateOf(created), payment: { selected_term_id: 'bank_transfer' } } })).result;
    expect(transfer.messages.find((m: any) => m.path === '$.payment.selected_term_id')).toMatchObject({ type: 'error', code: 'identity_required' });
    expect(transfer.payment.selected_term_id, 'the card stays the term shown selected').toBe('card');
    const unknown = (await linkedCall(undefined, 'update_checkout', { id: created.id, checkout: { ...stateOf(created), payment: { selected_term_id: 'cheque' } } })).result;
    expect(unknown.messages.filter((m: any) => m.path === '$.payment.selected_term_id').map((m: any) => m.code), 'the unknown term changes nothing: the transfer still asks for an account').toEqual(['identity_required', 'invalid_payment']);
  });

  it('the school over REST: the transfer within 30 days offered and selected, shown on the approval page, approved from the account\'s mailbox, placed on invoice without a card; the order states the accepted term', async () => {
    const holder = email('lycee');
    const shopper = await approvedBusiness(app, holder, SCHOOL_APPLICATION);
    const { access_token } = await parties.link(holder, { shopper });
    const created = await rest(access_token, 'POST', '/checkout-sessions', 'create_checkout', { line_items: [line(ITEMS.stocked.variant.id)], context: { language: 'fr' }, fulfillment: shipTo(ADDRESS.FR) });
    expect(created.status).toBe(201);
    const offered = created.body.payment.terms;
    expect(offered.map((t: any) => t.id)).toEqual(['card', 'bank_transfer']);
    const due = offered[1].schedules[0];
    expect(due.type).toBe('deferred');
    expect(Date.parse(due.due_at) - Date.now()).toBeGreaterThan(29 * 86_400_000);
    expect(due.description.plain).toMatch(/^À régler par virement au plus tard le /);
    const option = created.body.fulfillment.methods[0].groups[0].options[0].id;
    const selected = await rest(access_token, 'PUT', `/checkout-sessions/${created.body.id}`, 'update_checkout', { ...stateOf(created.body), fulfillment: shipTo(ADDRESS.FR, option), payment: { selected_term_id: 'bank_transfer' } });
    expect(selected.body.status, JSON.stringify(selected.body.messages)).toBe('requires_escalation');
    expect(selected.body.payment.selected_term_id).toBe('bank_transfer');
    expect(selected.body.payment.terms[1].schedules[0].amount).toBe(selected.body.totals.find((t: any) => t.type === 'total').amount);

    const page = await requestCode(app.handler, selected.body, holder);
    expect(page.text).toContain('data-payment-term="bank_transfer"');
    expect((await postApproval(app.handler, selected.body.continue_url, { s: page.secret!, terms: page.terms!, action: 'confirm', code: page.code })).status).toBe(303);
    const paid = await rest(access_token, 'POST', `/checkout-sessions/${created.body.id}/complete`, 'complete_checkout', { payment: {} }, { 'idempotency-key': uuid() });
    expect(paid.body.status, JSON.stringify(paid.body.messages)).toBe('completed');
    expect(paid.body.payment.terms.map((t: any) => t.id)).toEqual(['bank_transfer']);
    const order = await rest(access_token, 'GET', `/orders/${paid.body.order.id}`, 'get_order');
    expect(order.body.payment.accepted_term).toMatchObject({ id: 'bank_transfer', schedules: [{ type: 'deferred', amount: order.body.totals.find((t: any) => t.type === 'total').amount }] });
    const { rows: [stored] } = await db.query<{ data: any }>('SELECT data FROM orders WHERE id = $1', [paid.body.order.id]);
    expect(stored.data.invoice_payment).toMatchObject({ method: 'bank_transfer' });
    expect(stored.data.charge, 'no card charged').toBeUndefined();
  });
});
