/**
 * One racing OS process of the oversell proof (tests/ucp-stock.test.ts): it builds the real
 * handler on its own pool to the shared PostgreSQL database, fires `complete_checkout` for every
 * checkout id it is given at once, and prints one JSON line: the status and outcome of each (its
 * messages, the codes of the discounts applied, the total it was answered with, in cents).
 * Usage: node --import tsx tests/race/complete-racer.ts <database url> <checkout id>...
 * RACER_DISCOUNTS: a JSON file of offers as loaded (`CatalogDiscount[]`, amounts in cents) added
 * to the catalog's, so a race can be run on a test offer (tests/discount-race.test.ts) without
 * touching content/; the test's own handler must price with the same offers.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import type { CatalogDiscount } from '../../src/catalog/discount-schema';
import { catalogSnapshot } from '../../src/catalog/snapshot';
import { createHandler } from '../../src/http/router';
import { createUcpService } from '../../src/ucp/service';
import { type PgPool, failClosed, preparedStatements } from '../../src/state/db';

const [url, ...ids] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: url, max: ids.length + 2 });
const snapshot = catalogSnapshot();
const extraOffers: CatalogDiscount[] = process.env.RACER_DISCOUNTS ? JSON.parse(readFileSync(process.env.RACER_DISCOUNTS, 'utf8')) : [];
const catalog = { ...snapshot, discounts: [...snapshot.discounts, ...extraOffers] };
const ucp = createUcpService({ catalog, db: failClosed(preparedStatements(pool as unknown as PgPool)), useRequestOrigin: true });
const handler = createHandler({ catalog, ucp });

const payment = { instruments: [{ id: 'pi_1', handler_id: 'sandbox_card', type: 'card', selected: true, credential: { type: 'token', token: 'success_token' } }] };

async function completeOne(id: string) {
  const body = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'complete_checkout', arguments: { meta: { 'idempotency-key': crypto.randomUUID() }, id, checkout: { payment } } } };
  const response = await handler(new Request('http://localhost:8888/api/ucp/mcp', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));
  const json = await response.json() as { result?: { structuredContent?: { status?: string; messages?: Array<{ code?: string; content?: string }>; discounts?: { applied?: Array<{ code?: string }> }; totals?: Array<{ type: string; amount: number }> } } };
  const result = json.result?.structuredContent;
  return {
    id, http: response.status, status: result?.status ?? null, codes: (result?.messages ?? []).map((m) => m.code), contents: (result?.messages ?? []).map((m) => m.content),
    applied: (result?.discounts?.applied ?? []).map((d) => d.code), total: result?.totals?.find((t) => t.type === 'total')?.amount ?? null,
  };
}

const results = await Promise.all(ids.map(completeOne));
await pool.end();
process.stdout.write(`${JSON.stringify({ pid: process.pid, results })}\n`);
