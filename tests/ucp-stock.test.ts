// Issue #6 point 6 (and the write order of point 7): stock is live and never oversold. Units
// sold per variant are kept in state with compare-and-set; 50 concurrent completions racing for
// the last 3 units make exactly 3 orders (on the in-memory store with true compare-and-set, and
// on the real Blobs client with its local server); two processes sharing a store (each with its
// own in-process lock) cannot oversell either; `.js` shows live availability; a completion that
// crashes is finished or undone by the next request, never leaving a charge without an order or
// an order without its stock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catalog } from '../src/catalog/types';
import { BlobsStateStore } from '../src/state/blobs';
import { MemoryStateStore } from '../src/state/memory';
import type { StateStore } from '../src/state/port';
import { createHandler } from '../src/http/router';
import { createUcpService } from '../src/ucp/service';
import { StockLedger } from '../src/ucp/order/stock-ledger';
import { claim, STALE_COMPLETION_MS } from '../src/ucp/checkout/completion';
import { loadCheckout } from '../src/ucp/checkout/store';
import { priceCheckout } from '../src/ucp/checkout/pricing';
import { renderCheckout } from '../src/ucp/checkout/view';
import { buildOrder } from '../src/ucp/order/build';
import { loadOrder, newOrderId, recordCharge, saveOrder } from '../src/ucp/order/store';
import { approve, callTool, catalog, complete, findVariant, line, readyCheckout, testClock } from './helpers/checkout';
import { startBlobsServer, type Handler } from './helpers/ucp';

const scarce = findVariant((_p, v) => v.id === 100101);
const quantity = scarce.variant.inventory!.quantity;
const backorder = findVariant((_p, v) => v.inventory?.policy === 'continue' && v.inventory.quantity === 0 && v.grams > 0 && v.grams < 30000 && !_p.freight);

function service(state: StateStore, now?: () => number) {
  const ucp = createUcpService({ catalog, state, allowInsecureProfiles: true, useRequestOrigin: true, now });
  return { ucp, handler: createHandler({ catalog, ucp }) as Handler };
}

/** Sells `units` of a variant outside any checkout (as earlier orders would have). */
async function presell(state: StateStore, variantId: number, units: number) {
  const ledger = new StockLedger(state, catalog);
  expect((await ledger.hold('seed', [{ variantId, quantity: units }])).ok).toBe(true);
  await ledger.commit('seed', [variantId]);
}

let blobs: { stop: () => Promise<void> };
beforeAll(async () => {
  blobs = await startBlobsServer();
});
afterAll(() => blobs.stop());

describe.each([
  ['in-memory store (true compare-and-set)', () => new MemoryStateStore()],
  ['Netlify Blobs (local server)', () => new BlobsStateStore({ name: `stock-race-${Date.now()}` })],
] as Array<[string, () => StateStore]>)('the oversell race on the %s', (_name, makeState) => {
  it('50 concurrent completions for the last 3 units: exactly 3 orders, 47 out_of_stock, nothing charged for them', async () => {
    const state = makeState();
    const { handler, ucp } = service(state);
    await presell(state, scarce.variant.id, quantity - 3);
    const checkouts = [];
    for (let i = 0; i < 50; i++) {
      const ready = await readyCheckout(handler, [line(scarce.variant.id)]);
      await approve(handler, ready);
      checkouts.push(ready);
    }
    const results = await Promise.all(checkouts.map((c) => complete(handler, c.id)));
    const completed = results.filter((r) => r.status === 'completed');
    const refused = results.filter((r) => r.status !== 'completed');
    expect(completed).toHaveLength(3);
    expect(refused).toHaveLength(47);
    for (const r of refused) {
      expect(r.order).toBeUndefined();
      expect(r.messages).toContainEqual(expect.objectContaining({ type: 'error', code: 'out_of_stock', severity: 'recoverable' }));
    }
    expect((await ucp.stock.sold([scarce.variant.id])).get(scarce.variant.id)).toBe(quantity);
    for (const r of completed) expect((await callTool(handler, 'get_order', { id: r.order.id })).line_items[0].status).toBe('processing');
    const charged = await Promise.all(checkouts.map(async (c) => (await state.get(`payments/${(await loadCheckout(state, c.id))!.value.order?.id ?? 'none'}`)) !== null));
    expect(charged.filter(Boolean)).toHaveLength(3);
    // The refused checkouts stay open: they read as out of stock now.
    expect((await callTool(handler, 'get_checkout', { id: refused[0].id })).status).toBe('incomplete');
  });
});

describe('the stock ledger', () => {
  it('two processes sharing one store (separate in-process locks) never sell a deny variant below zero', async () => {
    const state = new MemoryStateStore();
    const [a, b] = [new StockLedger(state, catalog), new StockLedger(state, catalog)];
    const outcomes = await Promise.all(Array.from({ length: 100 }, (_v, i) => (i % 2 ? a : b).hold(`chk_${i}`, [{ variantId: scarce.variant.id, quantity: 1 }])));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(quantity);
    expect((await a.sold([scarce.variant.id])).get(scarce.variant.id)).toBe(quantity);
  });

  it('holds are idempotent per checkout, released or committed; a multi-line hold that fails releases its other lines', async () => {
    const state = new MemoryStateStore();
    const ledger = new StockLedger(state, catalog);
    const other = findVariant((_p, v) => v.id === 150701);
    expect((await ledger.hold('chk_a', [{ variantId: scarce.variant.id, quantity: 2 }])).ok).toBe(true);
    expect((await ledger.hold('chk_a', [{ variantId: scarce.variant.id, quantity: 2 }])).ok).toBe(true);
    expect((await ledger.sold([scarce.variant.id])).get(scarce.variant.id)).toBe(2);
    await ledger.release('chk_a', [scarce.variant.id]);
    await ledger.release('chk_a', [scarce.variant.id]);
    expect((await ledger.sold([scarce.variant.id])).get(scarce.variant.id)).toBe(0);
    const failed = await ledger.hold('chk_b', [{ variantId: other.variant.id, quantity: 1 }, { variantId: scarce.variant.id, quantity: quantity + 1 }]);
    expect(failed).toEqual({ ok: false, variantId: scarce.variant.id, left: quantity });
    expect((await ledger.sold([other.variant.id])).get(other.variant.id)).toBe(0);
    expect((await ledger.hold('chk_c', [{ variantId: scarce.variant.id, quantity }])).ok).toBe(true);
    await ledger.commit('chk_c', [scarce.variant.id]);
    await ledger.release('chk_c', [scarce.variant.id]);
    expect((await ledger.sold([scarce.variant.id])).get(scarce.variant.id)).toBe(quantity);
  });

  it('policy continue sells beyond the count (backorder); a new count date starts a new counter', async () => {
    const state = new MemoryStateStore();
    const ledger = new StockLedger(state, catalog);
    const held = await ledger.hold('chk_x', [{ variantId: backorder.variant.id, quantity: 2 }]);
    expect(held).toEqual({ ok: true, backordered: new Map([[backorder.variant.id, 2]]) });
    await presell(state, scarce.variant.id, quantity);
    const recounted: Catalog = { ...catalog, products: catalog.products.map((p) => ({ ...p, variants: p.variants.map((v) => (v.id === scarce.variant.id ? { ...v, inventory: { ...v.inventory!, counted_at: '2099-01-01' } } : v)) })) };
    expect((await new StockLedger(state, recounted).sold([scarce.variant.id])).get(scarce.variant.id)).toBe(0);
    expect((await ledger.sold([scarce.variant.id])).get(scarce.variant.id)).toBe(quantity);
  });
});

describe('live stock in the catalog and orders', () => {
  it('GET /products/{handle}.js shows live availability per variant, with a short cache; unknown handles are 404 JSON', async () => {
    const state = new MemoryStateStore();
    const { handler } = service(state);
    const js = async (path: string) => {
      const res = await handler(new Request(`http://localhost:8888${path}`));
      return { status: res.status, cache: res.headers.get('cache-control'), body: await res.json() };
    };
    const before = await js(`/products/${scarce.product.handle}.js`);
    expect(before.cache).toBe('public, max-age=10');
    expect(before.body.variants.find((v: { id: number }) => v.id === scarce.variant.id)).toMatchObject({ available: true, price: 24900 });
    await presell(state, scarce.variant.id, quantity);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const after = await js(`/de/products/${scarce.product.handle}.js`);
    expect(after.body.variants.find((v: { id: number }) => v.id === scarce.variant.id).available).toBe(false);
    expect((await js('/products/no-such-product.js')).status).toBe(404);
  });

  it('an order with backordered units says what ships now and what later', async () => {
    const { handler } = service(new MemoryStateStore());
    const ready = await readyCheckout(handler, [line(backorder.variant.id, 1), line(150701)]);
    await approve(handler, ready);
    const done = await complete(handler, ready.id);
    const order = await callTool(handler, 'get_order', { id: done.order.id });
    expect(order.fulfillment.expectations.map((e: { id: string; line_items: unknown; fulfillable_on?: string }) => [e.id, e.line_items, e.fulfillable_on])).toEqual([
      ['exp_1', [{ id: 'li_150701', quantity: 1 }], 'now'],
      ['exp_2', [{ id: `li_${backorder.variant.id}`, quantity: 1 }], undefined],
    ]);
  });
});

describe('a completion that crashes is finished or undone by the next request', () => {
  async function crashedAt(step: 'order' | 'charge') {
    const clock = testClock();
    const state = new MemoryStateStore({ now: clock.now });
    const { handler, ucp } = service(state, clock.now);
    const ready = await readyCheckout(handler, [line(scarce.variant.id, 2)]);
    await approve(handler, ready);
    const env = ucp.pageEnv('http://localhost:8888');
    const stored = (await loadCheckout(state, ready.id))!;
    const priced = await priceCheckout(stored.value, env);
    const checkout = await renderCheckout(stored.value, env, { priced });
    const orderId = newOrderId();
    await claim(env, stored, orderId);
    await ucp.stock.hold(ready.id, [{ variantId: scarce.variant.id, quantity: 2 }]);
    await saveOrder(state, await buildOrder(env, orderId, stored.value, priced, checkout, new Map()));
    if (step === 'charge') await recordCharge(state, { order_id: orderId, amount: priced.totals.at(-1)!.amount, currency: 'EUR', handler: 'sandbox_card', display: {}, captured_at: new Date(clock.now()).toISOString() });
    return { clock, state, handler, ucp, ready, orderId };
  }

  it('before the charge: the checkout reads complete_in_progress, then after 60 s is reopened, its stock released and the order voided', async () => {
    const { clock, state, handler, ucp, ready, orderId } = await crashedAt('order');
    expect((await callTool(handler, 'get_checkout', { id: ready.id })).status).toBe('complete_in_progress');
    expect((await ucp.stock.sold([scarce.variant.id])).get(scarce.variant.id)).toBe(2);
    clock.advance(STALE_COMPLETION_MS / 1000 + 1);
    expect((await callTool(handler, 'get_checkout', { id: ready.id })).status).toBe('ready_for_complete');
    expect((await ucp.stock.sold([scarce.variant.id])).get(scarce.variant.id)).toBe(0);
    expect((await loadOrder(state, orderId))!.value.status).toBe('voided');
    expect(await callTool(handler, 'get_order', { id: orderId })).toMatchObject({ messages: [{ code: 'not_found' }] });
    expect((await complete(handler, ready.id)).status).toBe('completed');
  });

  it('after the charge: the next request finishes the order and keeps the stock taken', async () => {
    const { clock, handler, ucp, ready, orderId } = await crashedAt('charge');
    clock.advance(STALE_COMPLETION_MS / 1000 + 1);
    const order = await callTool(handler, 'get_order', { id: orderId });
    expect(order.line_items[0].status).toBe('processing');
    const checkout = await callTool(handler, 'get_checkout', { id: ready.id });
    expect(checkout).toMatchObject({ status: 'completed', order: { id: orderId } });
    expect((await ucp.stock.sold([scarce.variant.id])).get(scarce.variant.id)).toBe(2);
  });
});
