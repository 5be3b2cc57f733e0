/**
 * One racing OS process of the oversell proof (tests/ucp-stock.test.ts): it builds the real
 * handler on its own pool to the shared PostgreSQL database, fires `complete_checkout` for every
 * checkout id it is given at once, and prints one JSON line: the status and outcome of each.
 * Usage: node --import tsx tests/race/complete-racer.ts <database url> <checkout id>...
 */
import pg from 'pg';
import { catalogSnapshot } from '../../src/catalog/snapshot';
import { createHandler } from '../../src/http/router';
import { createUcpService } from '../../src/ucp/service';
import { type PgPool, failClosed, preparedStatements } from '../../src/state/db';

const [url, ...ids] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: url, max: ids.length + 2 });
const catalog = catalogSnapshot();
const ucp = createUcpService({ catalog, db: failClosed(preparedStatements(pool as unknown as PgPool)), useRequestOrigin: true });
const handler = createHandler({ catalog, ucp });

const payment = { instruments: [{ id: 'pi_1', handler_id: 'sandbox_card', type: 'card', selected: true, credential: { type: 'token', token: 'success_token' } }] };

async function completeOne(id: string) {
  const body = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'complete_checkout', arguments: { meta: { 'idempotency-key': crypto.randomUUID() }, id, checkout: { payment } } } };
  const response = await handler(new Request('http://localhost:8888/api/ucp/mcp', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));
  const json = await response.json() as { result?: { structuredContent?: { status?: string; messages?: Array<{ code?: string }> } } };
  const result = json.result?.structuredContent;
  return { id, http: response.status, status: result?.status ?? null, codes: (result?.messages ?? []).map((m) => m.code) };
}

const results = await Promise.all(ids.map(completeOne));
await pool.end();
process.stdout.write(`${JSON.stringify({ pid: process.pid, results })}\n`);
