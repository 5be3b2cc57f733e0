// The money path through the served stack (`npm start`: netlify dev, the local Netlify Database,
// a fresh function worker per request): racing buyers cannot oversell, the rate limit counts in
// the database, and a kill -9 in the middle of purchases leaves, after a restart and without any
// reader, no order without its charge, no charge without its order and no stock held by a dead
// completion. Each test starts its own store: these run after the main e2e suite has stopped its
// store, since two CLIs must not share the local database directory.
import { afterEach, describe, expect, it } from 'vitest';
import { type LocalStore, freePort, startLocalStore } from '../../../scripts/lib/local-store';
import { approvedCheckout, call, completeCheckout, leaveUnits, scarce, sql } from '../shop-client';

let store: LocalStore | undefined;
afterEach(async () => {
  await store?.stop();
  store = undefined;
});

// A paid order is any status after payment (processing, shipped, delivered, canceled…): the local database keeps earlier runs' orders.
const UNPAID = `('pending_payment', 'voided')`;
const INVARIANTS = {
  charge_without_paid_order: `SELECT count(*)::int AS n FROM charges c JOIN orders o ON o.id = c.order_id WHERE o.status IN ${UNPAID}`,
  // An order placed on invoice (a business account's bank transfer within 30 days) is placed without a charge.
  paid_order_without_charge: `SELECT count(*)::int AS n FROM orders o LEFT JOIN charges c ON c.order_id = o.id WHERE o.status NOT IN ${UNPAID} AND c.order_id IS NULL AND NOT (o.data ? 'invoice_payment')`,
  completion_in_flight: `SELECT count(*)::int AS n FROM checkouts WHERE state = 'completing'`,
  order_pending: `SELECT count(*)::int AS n FROM orders WHERE status = 'pending_payment'`,
  stock_held_by_voided_order: `SELECT count(*)::int AS n FROM stock_movements m JOIN orders o ON o.id = m.order_id WHERE o.status = 'voided' AND m.released_at IS NULL`,
};
const count = (query: string) => sql<{ n: number }>(query)[0].n;

describe('the served stack', () => {
  it('8 buyers racing for the last 3 units: exactly 3 orders', { timeout: 300_000 }, async () => {
    store = await startLocalStore();
    leaveUnits(3);
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) ids.push(await approvedCheckout(store, scarce.id));
    const results = await Promise.all(ids.map((id) => completeCheckout(store!.base, id)));
    const statuses = results.map((r) => r.result?.status);
    expect(statuses.filter((s) => s === 'completed'), JSON.stringify(statuses)).toHaveLength(3);
    for (const r of results.filter((x) => x.result?.status !== 'completed')) expect(r.result.messages.map((m: { code: string }) => m.code)).toContain('out_of_stock');
    const paid = sql<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE status = 'processing' AND checkout_id IN (${ids.map((id) => `'${id}'`).join(',')})`)[0].n;
    expect(paid).toBe(3);
    expect(sql<{ sold: number; counted: number }>(`SELECT sold, counted FROM stock_levels WHERE variant_id = ${scarce.id} AND counted_at = '${scarce.inventory!.counted_at}'`)[0]).toEqual({ sold: scarce.inventory!.quantity, counted: scarce.inventory!.quantity });
  });

  it('RATE_LIMIT_REQUESTS=3 RATE_LIMIT_WINDOW_SECONDS=600: the 4th MCP request in the window gets 429 with Retry-After', { timeout: 300_000 }, async () => {
    sql(`DELETE FROM rate_limit_windows WHERE client LIKE '%/600'`);
    store = await startLocalStore({ env: { RATE_LIMIT_REQUESTS: '3', RATE_LIMIT_WINDOW_SECONDS: '600' } });
    const ping = () => fetch(`${store!.base}/api/ucp/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }) });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await ping()).status);
    expect(statuses).toEqual([200, 200, 200]);
    const fourth = await ping();
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await fourth.json()).error).toMatchObject({ code: -32000, data: { retry_after: expect.any(Number) } });
  });

  it('kill -9 during purchases, restart, nobody reads those checkouts: within 2 minutes every completion is finished or undone', { timeout: 400_000 }, async () => {
    const port = await freePort();
    store = await startLocalStore({ port });
    leaveUnits(2);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push(await approvedCheckout(store, scarce.id));
    const inFlight = ids.map((id) => completeCheckout(store!.base, id).catch(() => null));
    await new Promise((resolve) => setTimeout(resolve, 700));
    await store.kill();
    await Promise.all(inFlight);
    store = await startLocalStore({ port });
    const restarted = Date.now();
    let last: Record<string, number> = {};
    while (Date.now() - restarted < 120_000) {
      last = Object.fromEntries(Object.entries(INVARIANTS).map(([name, query]) => [name, count(query)]));
      if (Object.values(last).every((n) => n === 0)) break;
      await new Promise((resolve) => setTimeout(resolve, 5000));
    }
    expect(last).toEqual(Object.fromEntries(Object.keys(INVARIANTS).map((k) => [k, 0])));
    // Every checkout that completed has its order readable by the platform that placed it.
    const completed = sql<{ id: string; order_id: string }>(`SELECT id, order_id FROM checkouts WHERE state = 'completed' AND id IN (${ids.map((id) => `'${id}'`).join(',')})`);
    for (const row of completed) expect((await call(store.base, 'get_order', { id: row.order_id })).result.id).toBe(row.order_id);
    const sold = sql<{ sold: number }>(`SELECT sold FROM stock_levels WHERE variant_id = ${scarce.id} AND counted_at = '${scarce.inventory!.counted_at}'`)[0].sold;
    expect(sold).toBe(scarce.inventory!.quantity - 2 + completed.length);
  });
});
