// Stock is live and never oversold, nothing is charged twice, and a completion that dies half way
// is finished or undone without anyone reading its checkout (docs/decisions.md "Never oversell,
// never charge twice"). Everything runs on a real PostgreSQL server: the race is run by four OS
// processes, each with its own handler and connection pool, as separate function instances would.
import { describe, expect, it } from 'vitest';
import { createHandler } from '../src/http/router';
import { createUcpService } from '../src/ucp/service';
import { STALE_COMPLETION_MS, sweepStaleCompletions } from '../src/checkout/completion';
import { issueMissingInvoices } from '../src/documents/issue';
import { approve, callRaw, callTool, catalog, complete, findVariant, line, readyCheckout, testClock, uuid } from './helpers/checkout';
import { testDb } from './helpers/db';
import { FaultyDb } from './helpers/faulty-db';
import { expectConsistent, presell, tally } from './helpers/invariants';
import type { Handler } from './helpers/ucp';
import { testMailer } from './helpers/mail';
import { completeInProcess } from './helpers/race';

const shippable = (p: { freight?: unknown }, v: { grams: number }) => v.grams > 0 && v.grams < 8000 && !p.freight;
const scarce = findVariant((p, v) => v.inventory?.policy === 'deny' && v.inventory.quantity >= 3 && shippable(p, v));
const quantity = scarce.variant.inventory!.quantity;
const backorder = findVariant((p, v) => v.inventory?.policy === 'continue' && v.inventory.quantity === 0 && shippable(p, v));
const untracked = findVariant((p, v) => v.inventory === null && shippable(p, v));

function service(db = testDb(), now?: () => number) {
  const ucp = createUcpService({ catalog, db, allowInsecureProfiles: true, useRequestOrigin: true, now, mailer: testMailer() });
  return { ucp, db, handler: createHandler({ catalog, ucp }) as Handler };
}

/** A checkout of `lines`, ready and approved by the buyer. */
async function approvedCheckout(handler: Handler, lines = [line(scarce.variant.id)]) {
  const ready = await readyCheckout(handler, lines);
  await approve(handler, ready);
  return ready;
}

describe('the oversell race on a real PostgreSQL server', () => {
  it('50 buyers in 4 OS processes race for the last 3 units: exactly 3 orders and 3 charges, 47 clear out_of_stock, 3 more units sold', { timeout: 180_000 }, async () => {
    const { handler, db } = service();
    const pool = await db.raw();
    await presell(pool, scarce.variant, quantity - 3);
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) ids.push((await approvedCheckout(handler)).id);

    const shares = [0, 1, 2, 3].map((k) => ids.filter((_, i) => i % 4 === k));
    const results = (await Promise.all(shares.map((share) => completeInProcess(pool.options.connectionString!, share)))).flat();

    expect(results).toHaveLength(50);
    expect(results.every((r) => r.http === 200)).toBe(true);
    expect(results.filter((r) => r.status === 'completed')).toHaveLength(3);
    const refused = results.filter((r) => r.status !== 'completed');
    expect(refused).toHaveLength(47);
    for (const r of refused) expect(r.codes).toContain('out_of_stock');
    expect(await tally(pool)).toMatchObject({ charges: 3, paid_orders: 3, completing: 0, completed: 3 });
    const sold = await pool.query('SELECT sold, counted FROM stock_levels WHERE variant_id = $1', [scarce.variant.id]);
    expect(sold.rows[0]).toEqual({ sold: quantity, counted: quantity });
    await expectConsistent(pool, { presold: { [scarce.variant.id]: quantity - 3 } });
  });

  it('one approved checkout completed 10 times at once with 10 keys: 1 order, 1 charge', async () => {
    const { handler, db } = service();
    const ready = await approvedCheckout(handler, [line(untracked.variant.id)]);
    const results = await Promise.all(Array.from({ length: 10 }, () => callRaw(handler, 'complete_checkout', { meta: { 'idempotency-key': uuid() }, id: ready.id, checkout: { payment: payment() } })));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    const statuses = results.map((r) => r.body.result.structuredContent.status);
    expect(statuses.filter((s) => s === 'completed').length).toBeGreaterThanOrEqual(1);
    const pool = await db.raw();
    expect(await tally(pool)).toMatchObject({ charges: 1, paid_orders: 1, completed: 1 });
    // Whatever each caller saw, the checkout now reads completed with its one order.
    expect(await callTool(handler, 'get_checkout', { id: ready.id })).toMatchObject({ status: 'completed' });
    await expectConsistent(pool);
  });

  it('one approved checkout completed 10 times at once with one key: 1 order, 1 charge, 10 identical responses', async () => {
    const { handler, db } = service();
    const ready = await approvedCheckout(handler, [line(untracked.variant.id)]);
    const key = uuid();
    const results = await Promise.all(Array.from({ length: 10 }, () => callRaw(handler, 'complete_checkout', { meta: { 'idempotency-key': key }, id: ready.id, checkout: { payment: payment() } })));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    const bodies = results.map((r) => JSON.stringify(r.body.result.structuredContent));
    expect(new Set(bodies).size, [...new Set(bodies)].map((b) => b.slice(0, 300)).join('\n')).toBe(1);
    expect(results[0].body.result.structuredContent.status).toBe('completed');
    expect(await tally(await db.raw())).toMatchObject({ charges: 1, paid_orders: 1 });
  });
});

const payment = (token = 'success_token') => ({ instruments: [{ id: 'pi_1', handler_id: 'sandbox_card', type: 'card', selected: true, credential: { type: 'token', token } }] });

describe('live stock in the catalog and orders', () => {
  it('GET /products/{handle}.js shows live availability per variant, with a short cache; unknown handles are 404 JSON', async () => {
    const { handler, db } = service();
    const js = async (path: string) => {
      const res = await handler(new Request(`http://localhost:8888${path}`));
      return { status: res.status, cache: res.headers.get('cache-control'), body: await res.json() };
    };
    const before = await js(`/products/${scarce.product.handle}.js`);
    expect(before.cache).toBe('public, max-age=10');
    expect(before.body.variants.find((v: { id: number }) => v.id === scarce.variant.id)).toMatchObject({ available: true });
    await presell(await db.raw(), scarce.variant, quantity);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const after = await js(`/de/products/${scarce.product.handle}.js`);
    expect(after.body.variants.find((v: { id: number }) => v.id === scarce.variant.id).available).toBe(false);
    expect((await js('/products/no-such-product.js')).status).toBe(404);
  });

  it('an order with backordered units says what ships now and what later', async () => {
    const { handler, db } = service();
    const ready = await approvedCheckout(handler, [line(backorder.variant.id, 1), line(untracked.variant.id)]);
    const done = await complete(handler, ready.id);
    const order = await callTool(handler, 'get_order', { id: done.order.id });
    expect(order.fulfillment.expectations.map((e: { id: string; line_items: unknown; fulfillable_on?: string }) => [e.id, e.line_items, e.fulfillable_on])).toEqual([
      ['exp_1', [{ id: `li_${untracked.variant.id}`, quantity: 1 }], 'now'],
      ['exp_2', [{ id: `li_${backorder.variant.id}`, quantity: 1 }], undefined],
    ]);
    const lines = await (await db.raw()).query('SELECT variant_id::int, quantity, backordered FROM order_lines WHERE order_id = $1 ORDER BY variant_id', [done.order.id]);
    expect(lines.rows).toEqual(expect.arrayContaining([{ variant_id: backorder.variant.id, quantity: 1, backordered: 1 }, { variant_id: untracked.variant.id, quantity: 1, backordered: 0 }]));
  });
});

describe('a completion whose process dies is finished or undone, with nobody reading its checkout', () => {
  /**
   * Completes an approved checkout while the database "dies" for this process right after the
   * statement matching `lastStatement` (every later statement fails, as in a killed process).
   */
  async function diedAfter(lastStatement: RegExp) {
    const clock = testClock();
    const db = testDb();
    const faulty = new FaultyDb(db);
    const healthy = service(db, clock.now);
    const ready = await approvedCheckout(healthy.handler, [line(scarce.variant.id, 2)]);
    let dead = false;
    faulty.failWhen = (s) => {
      if (dead) return true;
      if (lastStatement.test(s.sql)) dead = true;
      return false;
    };
    const dying = service(faulty as never, clock.now);
    const response = await callRaw(dying.handler, 'complete_checkout', { meta: { 'idempotency-key': uuid() }, id: ready.id, checkout: { payment: payment() } });
    expect(response.status, JSON.stringify(response.body)).toBe(503);
    expect(dead).toBe(true);
    return { clock, pool: await db.raw(), db, handler: healthy.handler, ready };
  }

  it('died after the claim, before the charge: the sweep undoes it after 60 s (stock back, order voided), and the buyer can still pay', async () => {
    const { clock, pool, db, handler, ready } = await diedAfter(/^COMMIT$/);
    expect(await tally(pool)).toMatchObject({ completing: 1, pending_orders: 1, charges: 0 });
    expect(await sweepStaleCompletions(db, clock.now())).toEqual({ finished: 0, undone: 0 });
    clock.advance(STALE_COMPLETION_MS / 1000 + 1);
    expect(await sweepStaleCompletions(db, clock.now())).toEqual({ finished: 0, undone: 1 });
    expect(await tally(pool)).toMatchObject({ completing: 0, pending_orders: 0, voided_orders: 1, charges: 0 });
    await expectConsistent(pool);
    expect((await callTool(handler, 'get_checkout', { id: ready.id })).status).toBe('ready_for_complete');
    expect((await complete(handler, ready.id)).status).toBe('completed');
    await expectConsistent(pool);
  });

  it('died after the charge: the sweep finishes the order, keeps its stock and issues its invoice, once', async () => {
    const { clock, pool, db, handler, ready } = await diedAfter(/^INSERT INTO charges/);
    expect(await tally(pool)).toMatchObject({ completing: 1, pending_orders: 1, charges: 1 });
    clock.advance(STALE_COMPLETION_MS / 1000 + 1);
    expect(await sweepStaleCompletions(db, clock.now())).toEqual({ finished: 1, undone: 0 });
    // The request died before the statement that issues the invoice: the sweep issues it, and two sweeps at once issue it once.
    expect((await pool.query('SELECT count(*)::int AS n FROM documents')).rows[0].n).toBe(0);
    expect((await Promise.all([issueMissingInvoices(db, catalog.store, clock.now()), issueMissingInvoices(db, catalog.store, clock.now())])).sort()).toEqual([0, 1]);
    expect(await issueMissingInvoices(db, catalog.store, clock.now())).toBe(0);
    const { rows: invoices } = await pool.query(`SELECT d.number, d.gross, c.amount FROM documents d JOIN charges c USING (order_id) WHERE d.kind = 'invoice'`);
    expect(invoices).toEqual([{ number: `FA-${new Date(clock.now()).getUTCFullYear()}-000001`, gross: invoices[0].amount, amount: invoices[0].amount }]);
    expect(await tally(pool)).toMatchObject({ completing: 0, paid_orders: 1, charges: 1 });
    await expectConsistent(pool);
    const checkout = await callTool(handler, 'get_checkout', { id: ready.id });
    expect(checkout.status).toBe('completed');
    expect((await callTool(handler, 'get_order', { id: checkout.order.id })).line_items[0].status).toBe('processing');
  });
});
