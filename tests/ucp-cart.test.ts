// Carts are state, and idempotency keys: the cart tools on a real PostgreSQL database, every
// result validated against UCP cart.json / error_response.json.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, StateError } from '../src/state/db';
import { CART_TTL_SECONDS } from '../src/state/carts';
import { callRaw, callTool, ucpHandler, type Handler } from './helpers/ucp';
import { UCP_VERSION } from '../src/ucp/version';
import { ITEMS, MULTI, SINGLE, exportPrice, gid as gidOf, priceOf } from './helpers/content';
import { testDb } from './helpers/db';

const { stocked, soldOut, backorder, scarce, restricted } = ITEMS;
const multi = MULTI;
const single = SINGLE;
/** The default item of a cart: its variant id. */
const S = stocked.variant.id;
const gid = (id: number) => gidOf('ProductVariant', id);
const line = (id: number | string, quantity = 1) => ({ item: { id: String(id) }, quantity });
const uuid = () => crypto.randomUUID();

describe('carts', () => {
  let now = Date.parse('2026-11-20T10:00:00Z');
  const clock = () => now;
  let handler: Handler;
  beforeAll(() => {
    handler = ucpHandler({ now: clock }).handler;
  });
  const create = (cart: Record<string, unknown>, meta?: Record<string, unknown>) => callTool(handler, 'create_cart', { cart, ...(meta ? { meta } : {}) });

  it('create_cart: unguessable id, EUR cent prices equal to the catalog, totals that add up, expiry', async () => {
    const cart = await create({ line_items: [line(S, 2), line(gid(backorder.variant.id), 1)], context: { address_country: 'FR' }, buyer: { email: 'a@b.example' } });
    const [unit, backorderUnit] = [priceOf(stocked.variant), priceOf(backorder.variant)];
    expect(cart.id).toMatch(/^cart_[A-Za-z0-9_-]{32}$/);
    expect(cart.currency).toBe('EUR');
    expect(cart.line_items.map((li: { item: { id: string; price: number }; quantity: number }) => [li.item.id, li.item.price, li.quantity])).toEqual([
      [gid(S), unit, 2],
      [gid(backorder.variant.id), backorderUnit, 1],
    ]);
    expect(cart.line_items[0].totals).toEqual([{ type: 'subtotal', amount: unit * 2 }, { type: 'total', amount: unit * 2 }]);
    expect(cart.totals).toEqual([{ type: 'subtotal', amount: unit * 2 + backorderUnit }, { type: 'total', amount: unit * 2 + backorderUnit }]);
    expect(cart.expires_at).toBe(new Date(now + CART_TTL_SECONDS * 1000).toISOString());
    expect(cart.buyer).toEqual({ email: 'a@b.example' });
    expect(cart.messages).toContainEqual(expect.objectContaining({ type: 'warning', code: 'delayed_fulfillment', path: '$.line_items[1]' }));
    expect(await callTool(handler, 'get_cart', { id: cart.id })).toEqual({ ...cart, messages: cart.messages });
  });

  it('merges duplicate variants; prices for CH are net of French VAT', async () => {
    const cart = await create({ line_items: [line(S), line(String(S), 2)], context: { address_country: 'CH' } });
    expect(cart.line_items).toHaveLength(1);
    expect(cart.line_items[0].quantity).toBe(3);
    expect(cart.line_items[0].item.price).toBe(exportPrice(priceOf(stocked.variant)));
    expect(cart.totals.at(-1)).toEqual({ type: 'total', amount: exportPrice(priceOf(stocked.variant)) * 3 });
  });

  it('leaves out what cannot be bought, with messages: unknown, several variants, out of stock, not shipped there', async () => {
    const cart = await create({
      line_items: [line('nope'), line(multi.id), line(soldOut.variant.id), line(restricted.variant.id), line(single.id, 1), line(S)],
      context: { address_country: 'CH' },
    });
    expect(cart.line_items.map((li: { item: { id: string } }) => li.item.id)).toEqual([gid(single.variants[0].id), gid(S)]);
    const codes = cart.messages.filter((m: { type: string }) => m.type === 'error').map((m: { code: string }) => m.code);
    expect(codes).toEqual(['not_found', 'variant_required', 'out_of_stock', 'item_unavailable']);
  });

  it('a destination the store does not deliver to (Réunion) gets nothing: error_response', async () => {
    const result = await create({ line_items: [line(S)], context: { address_country: 'FR', postal_code: '97400' } });
    expect(result.ucp.status).toBe('error');
    expect(result.messages.map((m: { code: string }) => m.code)).toEqual(['address_undeliverable', 'item_unavailable']);
  });

  it('every item unavailable → error_response and no cart', async () => {
    const result = await create({ line_items: [line('nope'), line(soldOut.variant.id)] });
    expect(result.ucp).toEqual({ version: UCP_VERSION, status: 'error' });
    expect(result.messages.map((m: { code: string }) => m.code)).toEqual(['not_found', 'out_of_stock']);
    expect(result.id).toBeUndefined();
  });

  it('a quantity above the stock of a deny variant is lowered (quantity_adjusted)', async () => {
    const left = scarce.variant.inventory!.quantity;
    const cart = await create({ line_items: [line(scarce.variant.id, left + 5)] });
    expect(cart.line_items[0].quantity).toBe(left);
    expect(cart.messages).toContainEqual(expect.objectContaining({ type: 'warning', code: 'quantity_adjusted', path: '$.line_items[0].quantity' }));
  });

  it('update_cart replaces everything; an empty line_items empties the cart; all-unavailable leaves it unchanged', async () => {
    const cart = await create({ line_items: [line(S, 2)] });
    const updated = await callTool(handler, 'update_cart', { id: cart.id, cart: { line_items: [line(single.variants[0].id, 4)], context: { language: 'en' } } });
    expect(updated.id).toBe(cart.id);
    expect(updated.line_items.map((li: { item: { id: string }; quantity: number }) => [li.item.id, li.quantity])).toEqual([[gid(single.variants[0].id), 4]]);
    expect(updated.totals[0].amount).toBe(priceOf(single.variants[0]) * 4);
    expect(updated.context).toEqual({ language: 'en' });
    const unchanged = await callTool(handler, 'update_cart', { id: cart.id, cart: { line_items: [line('nope')] } });
    expect(unchanged.line_items).toEqual(updated.line_items);
    expect(unchanged.messages).toContainEqual(expect.objectContaining({ code: 'not_found' }));
    const emptied = await callTool(handler, 'update_cart', { id: cart.id, cart: { line_items: [] } });
    expect(emptied.line_items).toEqual([]);
    expect(emptied.totals).toEqual([{ type: 'subtotal', amount: 0 }, { type: 'total', amount: 0 }]);
  });

  it('get_cart / update_cart on unknown or malformed ids → not_found error_response', async () => {
    for (const id of ['cart_' + 'A'.repeat(32), 'x', '../carts/evil']) {
      const got = await callTool(handler, 'get_cart', { id });
      expect(got.messages[0]).toMatchObject({ type: 'error', code: 'not_found', severity: 'unrecoverable' });
      const upd = await callTool(handler, 'update_cart', { id, cart: { line_items: [line(S)] } });
      expect(upd.ucp.status).toBe('error');
    }
  });

  it('cancel_cart needs an idempotency key, returns the cart as it was, then the cart is not_found', async () => {
    const cart = await create({ line_items: [line(S)] });
    const noKey = await callRaw(handler, 'cancel_cart', { id: cart.id });
    expect(noKey.body.error).toMatchObject({ code: -32602, data: { argument: 'meta.idempotency-key' } });
    const key = uuid();
    const canceled = await callTool(handler, 'cancel_cart', { id: cart.id, meta: { 'idempotency-key': key } });
    expect(canceled.id).toBe(cart.id);
    expect(canceled.line_items).toEqual(cart.line_items);
    expect((await callTool(handler, 'get_cart', { id: cart.id })).messages[0].code).toBe('not_found');
    expect(await callTool(handler, 'cancel_cart', { id: cart.id, meta: { 'idempotency-key': key } })).toEqual(canceled);
    expect((await callTool(handler, 'cancel_cart', { id: cart.id, meta: { 'idempotency-key': uuid() } })).messages[0].code).toBe('not_found');
    expect((await callTool(handler, 'update_cart', { id: cart.id, cart: { line_items: [line(S)] } })).messages[0].code).toBe('not_found');
  });

  it('a cart expires 7 days after its last change', async () => {
    const cart = await create({ line_items: [line(S)] });
    now += (CART_TTL_SECONDS - 60) * 1000;
    const touched = await callTool(handler, 'update_cart', { id: cart.id, cart: { line_items: [line(S, 2)] } });
    expect(touched.expires_at).toBe(new Date(now + CART_TTL_SECONDS * 1000).toISOString());
    now += (CART_TTL_SECONDS - 1) * 1000;
    expect((await callTool(handler, 'get_cart', { id: cart.id })).id).toBe(cart.id);
    now += 2000;
    expect((await callTool(handler, 'get_cart', { id: cart.id })).messages[0].code).toBe('not_found');
  });

  it('a racing update and cancel never resurrect a canceled cart', async () => {
    for (let round = 0; round < 5; round++) {
      const cart = await create({ line_items: [line(S)] });
      await Promise.all([
        callTool(handler, 'update_cart', { id: cart.id, cart: { line_items: [line(S, 3)] } }),
        callTool(handler, 'cancel_cart', { id: cart.id, meta: { 'idempotency-key': uuid() } }),
      ]);
      expect((await callTool(handler, 'get_cart', { id: cart.id })).messages?.[0]?.code).toBe('not_found');
    }
  });

  describe('idempotency keys', () => {
    it('a replay returns the same response and creates nothing new', async () => {
      const meta = { 'idempotency-key': uuid() };
      const first = await create({ line_items: [line(S)] }, meta);
      const again = await create({ line_items: [line(S)] }, meta);
      expect(again).toEqual(first);
    });

    it('the same key with different arguments → -32000 idempotency_conflict, HTTP 409', async () => {
      const meta = { 'idempotency-key': uuid() };
      await create({ line_items: [line(S)] }, meta);
      const res = await callRaw(handler, 'create_cart', { meta, cart: { line_items: [line(S, 2)] } });
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({ code: -32000, data: { code: 'idempotency_conflict' } });
    });

    it('a key is kept 24 h: after that the same key starts a new request', async () => {
      const meta = { 'idempotency-key': uuid() };
      const first = await create({ line_items: [line(S)] }, meta);
      now += 24 * 3600 * 1000 - 1000;
      expect((await callRaw(handler, 'create_cart', { meta, cart: { line_items: [line(S, 2)] } })).status).toBe(409);
      now += 2000;
      const later = await create({ line_items: [line(S, 2)] }, meta);
      expect(later.id).not.toBe(first.id);
    });

    it('keys are scoped per tool and per platform; JSON key order does not matter', async () => {
      const key = uuid();
      const cart = await create({ line_items: [line(S)], context: { language: 'en', address_country: 'FR' } }, { 'idempotency-key': key });
      const reordered = await callTool(handler, 'create_cart', { meta: { 'idempotency-key': key }, cart: { context: { address_country: 'FR', language: 'en' }, line_items: [{ quantity: 1, item: { id: String(S) } }] } });
      expect(reordered.id).toBe(cart.id);
      const update = await callTool(handler, 'update_cart', { id: cart.id, meta: { 'idempotency-key': key }, cart: { line_items: [line(S, 5)] } });
      expect(update.line_items[0].quantity).toBe(5);
    });

    it('concurrent requests with one key run the tool once and all answer the same cart', async () => {
      const { handler: counted, db } = ucpHandler({ now: clock });
      const meta = { 'idempotency-key': uuid() };
      const results = await Promise.all(Array.from({ length: 6 }, () => callRaw(counted, 'create_cart', { meta, cart: { line_items: [line(S)] } })));
      expect(results.map((r) => r.status)).toEqual(Array(6).fill(200));
      const ids = new Set(results.map((r) => r.body.result.structuredContent.id));
      expect(ids.size).toBe(1);
      const { rows } = await db.query<{ n: string }>('SELECT count(*) AS n FROM carts');
      expect(Number(rows[0].n)).toBe(1);
    });

    it('an Idempotency-Key header is honoured (also where the key is required); a header that differs from meta → -32602', async () => {
      const cart = await create({ line_items: [line(S)] });
      const viaHeader = await callRaw(handler, 'cancel_cart', { id: cart.id }, { 'idempotency-key': uuid() });
      expect(viaHeader.body.result.structuredContent.id).toBe(cart.id);
      const key = uuid();
      const a = await callRaw(handler, 'create_cart', { cart: { line_items: [line(S)] } }, { 'idempotency-key': key });
      const b = await callRaw(handler, 'create_cart', { cart: { line_items: [line(S)] } }, { 'idempotency-key': key });
      expect(b.body.result.structuredContent.id).toBe(a.body.result.structuredContent.id);
      const mismatch = await callRaw(handler, 'create_cart', { meta: { 'idempotency-key': uuid() }, cart: { line_items: [line(S)] } }, { 'idempotency-key': key });
      expect(mismatch.body.error).toMatchObject({ code: -32602, data: { argument: 'meta.idempotency-key' } });
    });
  });
});

describe('the Netlify function on its database (NETLIFY_DB_URL, read by @netlify/database)', () => {
  const saved = process.env.NETLIFY_DB_URL;
  afterAll(() => {
    if (saved === undefined) delete process.env.NETLIFY_DB_URL;
    else process.env.NETLIFY_DB_URL = saved;
  });

  it('creates, reads and cancels a cart through netlify/functions/storefront.ts', async () => {
    process.env.NETLIFY_DB_URL = await testDb().url();
    const { default: storefront } = await import('../netlify/functions/storefront');
    const handler: Handler = (request) => storefront(request);
    const cart = await callTool(handler, 'create_cart', { cart: { line_items: [line(S, 2)] } });
    expect((await callTool(handler, 'get_cart', { id: cart.id })).line_items[0].quantity).toBe(2);
    await callTool(handler, 'cancel_cart', { id: cart.id, meta: { 'idempotency-key': uuid() } });
    expect((await callTool(handler, 'get_cart', { id: cart.id })).messages[0].code).toBe('not_found');
  });
});

describe('a failing database', () => {
  const down = async (): Promise<never> => { throw new StateError('database: connection refused'); };
  const failing: Db = { query: down, connect: down };
  const { handler } = ucpHandler({ db: failing });

  it('fails closed: -32000 unavailable with HTTP 503, for carts and for idempotency keys', async () => {
    const plain = await callRaw(handler, 'create_cart', { cart: { line_items: [line(S)] } });
    expect(plain.status).toBe(503);
    expect(plain.body.error).toMatchObject({ code: -32000, data: { code: 'unavailable' } });
    const keyed = await callRaw(handler, 'create_cart', { meta: { 'idempotency-key': uuid() }, cart: { line_items: [line(S)] } });
    expect(keyed.status).toBe(503);
    expect((await callRaw(handler, 'search_catalog', { catalog: { query: 'kit' } })).status).toBe(200);
  });
});
