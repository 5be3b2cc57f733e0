// What an attack run against `npm start` broke, each point with the answer a client must get:
// the approval page's posts counted against the per-IP limit; text PostgreSQL cannot store
// (NUL, a lone surrogate) refused where it comes in, naming the field, on MCP, REST and the
// site's form alike; one bound for quantities and totals, in the core, however lines were
// merged; the REST base path, HEAD, -32022 and the Ajax cart's 429 as their protocols say.
import { frozenLimiter } from './helpers/rate-limit';
import { describe, expect, it } from 'vitest';
import { createHandler } from '../src/http/router';
import { ORDER_LIMITS } from '../src/commerce/order-lines';
import { ADDRESS, buyerEmail, callRaw, callTool, catalog, checkoutHandler, line, readyCheckout, requestCode, shipTo, uuid } from './helpers/checkout';
import { ITEMS, priceOf, published } from './helpers/content';
import { testDb } from './helpers/db';
import { testMailer } from './helpers/mail';
import { FRENCH_BUYER, Shopper, checkoutForm } from './helpers/shopper';

const db = testDb();
const { handler, ucp } = checkoutHandler({ db });

/** The same service behind a handler that counts every request of `ip` against a limit of `limit` per minute. */
// One address per limiter: two tests sharing one would share its count (a random pick collided once in 250).
let lastIp = 0;
function limitedHandler(limit: number, ip = `198.51.100.${++lastIp}`) {
  const limited = createHandler({ catalog, ucp, rateLimiter: frozenLimiter(db, limit) });
  return (request: Request) => limited(request, { ip, waitUntil: () => undefined });
}

/**
 * Variants that can be bought in any quantity (untracked or on backorder), dearest first, as
 * many as it takes for 999 units of each to cost more than the order bound.
 */
const PRICEY = (() => {
  const unlimited = published.flatMap((p) => p.variants.filter((v) => v.inventory === null || v.inventory.policy === 'continue').map((v) => ({ v, cents: priceOf(v) })));
  unlimited.sort((a, b) => b.cents - a.cents);
  const picked: number[] = [];
  let total = 0;
  for (const { v, cents } of unlimited) {
    if (total > ORDER_LIMITS.totalCents) break;
    picked.push(v.id);
    total += cents * ORDER_LIMITS.lineQuantity;
  }
  if (total <= ORDER_LIMITS.totalCents) throw new Error('the content has too few unlimited variants to pass the order bound');
  return picked;
})();
const priceyLines = PRICEY.map((id) => line(id, ORDER_LIMITS.lineQuantity));

const form = (page: { secret?: string; terms?: string }, extra: Record<string, string>) => ({ s: page.secret!, terms: page.terms!, ...extra });
const approvalPost = (url: string, fields: Record<string, string>) => {
  const target = new URL(url);
  return new Request(`${target.origin}${target.pathname}`, {
    method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: target.origin }, body: new URLSearchParams(fields).toString(),
  });
};

describe('the approval page\'s posts are rate-limited per IP', () => {
  it('past the limit, send, confirm and refuse get 429 with Retry-After and a sentence, and nothing is counted against the code', async () => {
    const ready = await readyCheckout(handler);
    const page = await requestCode(handler, ready);
    const limited = limitedHandler(3);
    const wrong = String((Number(page.code) + 1) % 1_000_000).padStart(6, '0');
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await limited(approvalPost(ready.continue_url, form(page, { action: 'confirm', code: wrong })))).status);
    expect(statuses).toEqual([422, 422, 422]);
    for (const action of ['confirm', 'send', 'refuse']) {
      const refused = await limited(approvalPost(ready.continue_url, form(page, { action, code: page.code })));
      expect(refused.status, action).toBe(429);
      expect(Number(refused.headers.get('retry-after')), action).toBeGreaterThan(0);
      expect(refused.headers.get('content-type')).toContain('text/html');
      expect(await refused.text()).toContain('Trop de demandes');
    }
    const { rows: [code] } = await db.query<{ failed_attempts: number; closed_at: Date | null }>('SELECT failed_attempts, closed_at FROM approval_codes WHERE checkout_id = $1', [ready.id]);
    expect(code).toEqual({ failed_attempts: 3, closed_at: null });
    expect((await callTool(handler, 'get_checkout', { id: ready.id })).status).toBe('requires_escalation');
  });

  it('a burst of 30 guesses at once is answered, each with the page or 429, never a 500', async () => {
    const ready = await readyCheckout(handler);
    const page = await requestCode(handler, ready);
    const limited = limitedHandler(10);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => limited(approvalPost(ready.continue_url, form(page, { action: 'confirm', code: String(i).padStart(6, '9') })))));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    expect(statuses.filter((s) => s !== 429).every((s) => s === 422 || s === 409)).toBe(true);
    const { rows: [code] } = await db.query<{ failed_attempts: number }>('SELECT failed_attempts FROM approval_codes WHERE checkout_id = $1', [ready.id]);
    expect(code.failed_attempts).toBeLessThanOrEqual(5);
  });
});

/** Every row a cart or checkout call may write. */
const rows = async () => JSON.stringify(await Promise.all(['SELECT id, data, updated_at FROM carts ORDER BY id', 'SELECT id, state, data, updated_at FROM checkouts ORDER BY id'].map(async (q) => (await db.query(q)).rows)));

describe('text the database cannot store is refused where it comes in, naming the field', () => {
  const UNSTORABLE = ['Camille\ud800', '\udfffMartin', 'Camille\u0000'];

  it('over MCP: -32602 naming the argument for a lone surrogate or NUL in any string, a member name included, and nothing stored', async () => {
    const checkout = await callTool(handler, 'create_checkout', { checkout: { line_items: [line(ITEMS.stocked.variant.id)] } });
    for (const value of UNSTORABLE) {
      const cases: Array<[string, object, string]> = [
        ['update_checkout', { id: checkout.id, checkout: { line_items: [line(ITEMS.stocked.variant.id)], buyer: { first_name: value } } }, 'checkout.buyer.first_name'],
        ['update_checkout', { id: checkout.id, checkout: { line_items: [line(ITEMS.stocked.variant.id)], fulfillment: shipTo({ ...ADDRESS.FR, street_address: value }) } }, 'checkout.fulfillment.methods[0].destinations[0].street_address'],
        ['create_cart', { cart: { line_items: [line(ITEMS.stocked.variant.id)], context: { intent: value } } }, 'cart.context.intent'],
        ['create_cart', { cart: { line_items: [line(ITEMS.stocked.variant.id)], context: { [value]: 'x' } } }, 'cart.context'],
        ['create_checkout', { meta: { 'idempotency-key': value }, checkout: { line_items: [line(ITEMS.stocked.variant.id)] } }, 'meta.idempotency-key'],
        ['search_catalog', { catalog: { query: value } }, 'catalog.query'],
      ];
      for (const [tool, args, argument] of cases) {
        const before = await rows();
        const { status, body } = await callRaw(handler, tool, args);
        expect(status, `${tool} ${argument}`).toBe(200);
        expect(body.error, `${tool} ${JSON.stringify(value)}`).toMatchObject({ code: -32602, data: { argument } });
        expect(body.error.message).toContain('NUL');
        expect(await rows(), `${tool}: nothing stored`).toBe(before);
      }
    }
  });

  it('over REST: 400 naming the field, never 503', async () => {
    for (const value of UNSTORABLE) {
      const before = await rows();
      const response = await handler(new Request('http://localhost:8888/api/ucp/checkout-sessions', {
        method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': uuid() },
        body: JSON.stringify({ line_items: [line(ITEMS.stocked.variant.id)], buyer: { email: buyerEmail(), last_name: value } }),
      }));
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body).toMatchObject({ code: 'invalid_request' });
      expect(body.content).toContain('buyer.last_name');
      expect(await rows()).toBe(before);
    }
  });

  it('on the site\'s checkout form: a control character, NUL or lone surrogate gets 422 and a sentence beside its field, and nothing is stored', async () => {
    const shopper = new Shopper(handler);
    await shopper.post('/cart/add', { id: ITEMS.stocked.variant.id, quantity: 1 });
    const first = await shopper.get('/checkout');
    for (const [field, value] of [['first_name', 'Camille\u0000'], ['street_address', '12 rue\u001b[2J'], ['address_locality', 'Lyon\u0085'], ['email', 'a\u0000@example.org']] as const) {
      const before = await rows();
      const posted = await shopper.post('/checkout', { ...checkoutForm(first), ...FRENCH_BUYER, [field]: value, action: 'save' });
      expect(posted.status, field).toBe(422);
      const error = posted.$(`#${field}-error`).text();
      expect(error, field).toContain('caractère');
      expect(posted.$(`#${field}`).attr('aria-invalid')).toBe('true');
      expect(await rows(), `${field}: nothing stored`).toBe(before);
    }
    // The same form without the character is taken.
    expect((await shopper.post('/checkout', { ...checkoutForm(first), ...FRENCH_BUYER, action: 'save' })).status).toBe(303);
  });
});

describe('one bound on quantities and totals, in the core', () => {
  const S = ITEMS.backorder.variant.id;

  it(`MCP: two lines of one variant merge to at most ${ORDER_LIMITS.lineQuantity} units, with a warning; ${ORDER_LIMITS.lineQuantity} in one line is taken as it is`, async () => {
    const at = await callTool(handler, 'create_cart', { cart: { line_items: [line(S, ORDER_LIMITS.lineQuantity)] } });
    expect(at.line_items[0].quantity).toBe(ORDER_LIMITS.lineQuantity);
    expect(at.messages?.some((m: { code: string }) => m.code === 'quantity_adjusted') ?? false).toBe(false);
    const merged = await callTool(handler, 'create_cart', { cart: { line_items: [line(S, 600), line(S, 600)] } });
    expect(merged.line_items).toHaveLength(1);
    expect(merged.line_items[0].quantity).toBe(ORDER_LIMITS.lineQuantity);
    expect(merged.messages).toContainEqual(expect.objectContaining({ type: 'warning', code: 'quantity_adjusted', path: '$.line_items[0].quantity' }));
    const checkout = await callTool(handler, 'create_checkout', { checkout: { line_items: [line(S, 999), line(S, 1)] } });
    expect(checkout.line_items[0].quantity).toBe(ORDER_LIMITS.lineQuantity);
  });

  it('the site\'s cart: adding to a full line keeps it at the bound and says so (page and Ajax)', async () => {
    const shopper = new Shopper(handler);
    expect((await shopper.post('/cart/add', { id: S, quantity: ORDER_LIMITS.lineQuantity })).status).toBe(303);
    const again = await shopper.post('/cart/add', { id: S, quantity: 5 });
    expect(again.location).toBe(`/cart?refused=${S}&why=quantity_limit&left=${ORDER_LIMITS.lineQuantity}`);
    const page = await shopper.follow(again);
    expect(page.$('.notice').text()).toContain(String(ORDER_LIMITS.lineQuantity));
    const ajax = await shopper.postJson('/en/cart/add.js', { id: S, quantity: 1 });
    expect(ajax.status).toBe(422);
    expect(JSON.parse(ajax.html).description).toContain('999, the most per order');
    const cart = JSON.parse((await shopper.get('/cart.js')).html);
    expect(cart.items[0].quantity).toBe(ORDER_LIMITS.lineQuantity);
  });

  it('a line stored above the bound (before it held) cannot be paid: an error at its quantity', async () => {
    const ready = await readyCheckout(handler, [line(ITEMS.stocked.variant.id, 2)]);
    await db.query(`UPDATE checkouts SET data = jsonb_set(data, '{lines,0,quantity}', '44955') WHERE id = $1`, [ready.id]);
    const read = await callTool(handler, 'get_checkout', { id: ready.id });
    expect(read.status).toBe('incomplete');
    expect(read.messages).toContainEqual(expect.objectContaining({ type: 'error', code: 'invalid_quantity', path: '$.line_items[0].quantity' }));
  });

  it(`a total above ${ORDER_LIMITS.totalCents / 100} EUR cannot be paid, on MCP, REST and the site, and nothing reaches the payment`, async () => {
    const created = await callTool(handler, 'create_checkout', { checkout: { line_items: priceyLines } });
    const priced = await callTool(handler, 'update_checkout', { id: created.id, checkout: { line_items: priceyLines, buyer: { email: buyerEmail() }, fulfillment: shipTo(ADDRESS.FR) } });
    expect(priced.status).toBe('incomplete');
    expect(priced.messages).toContainEqual(expect.objectContaining({ type: 'error', code: 'total_too_large', path: '$.line_items' }));
    const done = await callTool(handler, 'complete_checkout', { meta: { 'idempotency-key': uuid() }, id: created.id, checkout: { payment: { instruments: [{ id: 'pi', handler_id: 'sandbox_card', type: 'card', selected: true, credential: { type: 'token', token: 'success_token' } }] } } });
    expect(done.status).toBe('incomplete');
    expect((await db.query('SELECT count(*)::int AS n FROM orders WHERE checkout_id = $1', [created.id])).rows[0].n).toBe(0);

    const rest = await handler(new Request(`http://localhost:8888/api/ucp/checkout-sessions/${created.id}`));
    expect(rest.status).toBe(200);
    expect((await rest.json()).messages).toContainEqual(expect.objectContaining({ code: 'total_too_large' }));

    const shopper = new Shopper(handler);
    for (const id of PRICEY) await shopper.post('/cart/add', { id, quantity: ORDER_LIMITS.lineQuantity });
    const first = await shopper.get('/checkout');
    const saved = await shopper.post('/checkout', { ...checkoutForm(first), ...FRENCH_BUYER, email: buyerEmail(), action: 'save' });
    expect(saved.status).toBe(422);
    expect(saved.$('[role=alert], .notice, .problems').text()).toContain('1\u202f000\u202f000,00');
    expect(saved.$('button[value=pay]').length).toBe(0);
  });
});

describe('protocol edges', () => {
  it('the REST base path and paths under it that name no operation answer the binding\'s JSON 404', async () => {
    for (const path of ['/api/ucp', '/api/ucp/', '/api/ucp/%2e', '/api/ucp/nothing-here']) {
      const response = await handler(new Request(`http://localhost:8888${path}`));
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toContain('application/json');
      expect(await response.json(), path).toMatchObject({ code: 'not_found' });
    }
  });

  it('HEAD is answered where GET is, without a body', async () => {
    const checkout = await callTool(handler, 'create_checkout', { checkout: { line_items: [line(ITEMS.stocked.variant.id)] } });
    const head = await handler(new Request(`http://localhost:8888/api/ucp/checkout-sessions/${checkout.id}`, { method: 'HEAD' }));
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toContain('application/json');
    expect(await head.text()).toBe('');
    // An unknown id is a UCP business error (200 with `not_found`) on GET: the same status on HEAD.
    const url = 'http://localhost:8888/api/ucp/checkout-sessions/chk_nope';
    const [get, unknown] = await Promise.all([handler(new Request(url)), handler(new Request(url, { method: 'HEAD' }))]);
    expect(unknown.status).toBe(get.status);
    expect(await unknown.text()).toBe('');
  });

  it('/cart/add.js answers 429 with Retry-After past the limit', async () => {
    const limited = limitedHandler(1);
    const post = () => limited(new Request('http://localhost:8888/cart/add.js', { method: 'POST', headers: { 'content-type': 'application/json', origin: 'http://localhost:8888', 'sec-fetch-site': 'same-origin' }, body: JSON.stringify({ id: ITEMS.stocked.variant.id, quantity: 1 }) }));
    expect((await post()).status).toBe(200);
    const refused = await post();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ status: 429, message: 'Cart Error' });
  });

  it('-32022 lists every MCP revision served', async () => {
    const response = await handler(new Request('http://localhost:8888/api/ucp/mcp', {
      method: 'POST', headers: { 'content-type': 'application/json', 'mcp-protocol-version': '2030-01-01', 'mcp-method': 'tools/list' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2030-01-01', 'io.modelcontextprotocol/clientInfo': { name: 't', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} } } }),
    }));
    const body = await response.json();
    expect(body.error.code).toBe(-32022);
    expect(body.error.data.supported).toEqual(expect.arrayContaining(['2026-07-28', '2025-11-25', '2025-06-18']));
  });
});

describe('completions racing with different keys', () => {
  it('10 at once on one approved checkout: one order, and every call answers with it', async () => {
    const own = checkoutHandler({ db: testDb(), mailer: testMailer() });
    const ready = await readyCheckout(own.handler, [line(ITEMS.stocked.variant.id)]);
    const page = await requestCode(own.handler, ready);
    await own.handler(approvalPost(ready.continue_url, form(page, { action: 'confirm', code: page.code })));
    const payment = { instruments: [{ id: 'pi_1', handler_id: 'sandbox_card', type: 'card', selected: true, credential: { type: 'token', token: 'success_token' } }] };
    const results = await Promise.all(Array.from({ length: 10 }, () => callTool(own.handler, 'complete_checkout', { meta: { 'idempotency-key': uuid() }, id: ready.id, checkout: { payment } })));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill('completed'));
    expect(new Set(results.map((r) => r.order?.id)).size).toBe(1);
  });
});


describe('postal codes are checked per country (postcode-validator)', () => {
  it('MCP, REST and the site refuse "4400" for France and take "44000", with the words beside the postal code', async () => {
    const created = await callTool(handler, 'create_checkout', { checkout: { line_items: [line(ITEMS.stocked.variant.id)] } });
    const wrong = await callTool(handler, 'update_checkout', { id: created.id, checkout: { line_items: [line(ITEMS.stocked.variant.id)], buyer: { email: buyerEmail() }, fulfillment: shipTo({ ...ADDRESS.FR, postal_code: '4400' }) } });
    expect(wrong.status).toBe('incomplete');
    expect(wrong.messages).toContainEqual(expect.objectContaining({ type: 'error', code: 'invalid_address', path: '$.fulfillment.methods[0].destinations[0].postal_code' }));
    const right = await callTool(handler, 'update_checkout', { id: created.id, checkout: { line_items: [line(ITEMS.stocked.variant.id)], buyer: wrong.buyer, fulfillment: shipTo({ ...ADDRESS.FR, postal_code: '44000' }) } });
    expect(right.messages?.some((m: { code: string }) => m.code === 'invalid_address') ?? false).toBe(false);

    const rest = await handler(new Request('http://localhost:8888/api/ucp/checkout-sessions', {
      method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': uuid() },
      body: JSON.stringify({ line_items: [line(ITEMS.stocked.variant.id)], fulfillment: shipTo({ ...ADDRESS.DE, postal_code: '3500' }) }),
    }));
    expect((await rest.json()).messages).toContainEqual(expect.objectContaining({ code: 'invalid_address', path: '$.fulfillment.methods[0].destinations[0].postal_code' }));

    const shopper = new Shopper(handler);
    await shopper.post('/cart/add', { id: ITEMS.stocked.variant.id, quantity: 1 });
    const first = await shopper.get('/checkout');
    const saved = await shopper.post('/checkout', { ...checkoutForm(first), ...FRENCH_BUYER, postal_code: '4400', action: 'save' });
    expect(saved.status).toBe(422);
    expect(saved.$('#postal_code-error').text()).toContain('code postal');
  });
});

describe('the line bound over REST', () => {
  it('two lines of one variant merge to 999 units in a REST checkout, with the warning at the line', async () => {
    const response = await handler(new Request('http://localhost:8888/api/ucp/checkout-sessions', {
      method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': uuid() },
      body: JSON.stringify({ line_items: [line(ITEMS.backorder.variant.id, 600), line(ITEMS.backorder.variant.id, 600)] }),
    }));
    const body = await response.json();
    expect(body.line_items.map((l: { quantity: number }) => l.quantity)).toEqual([ORDER_LIMITS.lineQuantity]);
    expect(body.messages).toContainEqual(expect.objectContaining({ type: 'warning', code: 'quantity_adjusted', path: '$.line_items[0].quantity' }));
  });
});
