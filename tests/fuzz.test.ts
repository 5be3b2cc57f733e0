// Generated bad input never hurts. Every endpoint answers the documented
// error in JSON, never a 5xx or HTML, and a rejected MCP request changes nothing in storage.
import { describe, it, expect, afterAll } from 'vitest';
import fc from 'fast-check';
import { createHandler } from '../src/http/router';
import { createUcpService } from '../src/ucp/service';
import type { Db, Queryable } from '../src/state/db';
import { catalogSnapshot } from '../src/catalog/snapshot';
import { MCP_MAX_BODY } from '../src/http/mcp-route';
import { TOOL_NAMES } from '../src/discovery/agent-docs';
import { testDb } from './helpers/db';
import { ITEMS, gid } from './helpers/content';

const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const catalog = catalogSnapshot();
const JSON_TYPE = 'application/json; charset=utf-8';

const WRITE = /^\s*(INSERT|UPDATE|DELETE)\b|\)\s*(INSERT|UPDATE|DELETE)\b|\bAS\s*\(\s*(INSERT|UPDATE|DELETE)\b/i;

/**
 * A database that counts the write statements committed through it: outside a transaction at
 * once, inside one when it commits (a rolled-back transaction changed nothing). Writes to
 * `idempotency_records` are left out: a key reserved for a call that then fails is deleted
 * again, so those are checked by counting the records instead.
 */
function countingDb(db: Db): { db: Db; writes: () => number } {
  let writes = 0;
  const counted = (q: Queryable, onWrite: () => void): Queryable['query'] => (text, values) => {
    if (WRITE.test(text) && !/\bidempotency_records\b/.test(text)) onWrite();
    return q.query(text, values);
  };
  return {
    writes: () => writes,
    db: {
      query: counted(db, () => writes++),
      async connect() {
        const client = await db.connect();
        let pending = 0;
        const query = counted(client, () => pending++);
        const settled = async <R,>(text: string, values?: readonly unknown[]) => {
          const result = await query<R>(text, values);
          if (/^\s*COMMIT\b/i.test(text)) writes += pending;
          if (/^\s*(COMMIT|ROLLBACK)\b/i.test(text)) pending = 0;
          return result;
        };
        return { query: settled, release: (error) => client.release(error) };
      },
    },
  };
}

const json_endpoint = (payload: unknown) => (typeof payload === 'string' && payload.includes('"tools/call"') ? 'mcp-tools/call' : 'mcp-other');
const database = testDb();
const counting = countingDb(database);
const handler = createHandler({ catalog, ucp: createUcpService({ catalog, db: counting.db }) });
const idempotencyRecords = async () => Number((await database.query<{ n: string }>('SELECT count(*) AS n FROM idempotency_records')).rows[0].n);

/** Status counts per endpoint, printed at the end so the report shows what the generators reached. */
const tally: Record<string, Record<number, number>> = {};
const count = (endpoint: string, status: number) => {
  tally[endpoint] ??= {};
  tally[endpoint][status] = (tally[endpoint][status] ?? 0) + 1;
};
afterAll(() => console.log(`fuzz status counts: ${JSON.stringify(tally)}`));

async function expectJsonAnswer(res: Response, allowed: number[], endpoint: string) {
  count(endpoint, res.status);
  expect(allowed, `status ${res.status}`).toContain(res.status);
  if (res.status === 202 || res.status === 204) return undefined;
  expect(res.headers.get('content-type')).toBe(JSON_TYPE);
  const text = await res.text();
  expect(text.trimStart().startsWith('<')).toBe(false);
  return JSON.parse(text);
}

const nasty = fc.oneof(
  fc.string(), fc.string({ unit: 'grapheme', maxLength: 50 }), fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', ' ', '%', '%ZZ', '%E0%A4%A', '0', '-1', '11', '250', '251', '1e3', 'NaN', 'product,nope', 'show', 'bury', '<script>', '../../etc/passwd', 'x'.repeat(5000)),
  fc.integer().map(String),
);
const paramName = fc.oneof(
  fc.constantFrom('q', 's', 'limit', 'page', 'resources[type]', 'resources[types]', 'resources[limit]', 'resources[limit_scope]', 'resources[options][unavailable_products]', 'resources[options][fields]', 'section_id'),
  fc.string({ maxLength: 12 }),
);
const query = fc.array(fc.tuple(paramName, nasty), { maxLength: 6 }).map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${Math.random() < 0.2 ? v : encodeURIComponent(v)}`).join('&'));
const prefix = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('', '/en', '/de', '/ru', '/cs', '/pl', '/sv', '/da') },
  { weight: 1, arbitrary: fc.constantFrom('/xx', '/zz', '/fr', '/EN') },
);

describe(`fuzz (${RUNS} generated requests per endpoint)`, () => {
  it('/search/suggest.json: 200 or 422 StorefrontError (404 for an unknown prefix)', async () => {
    await fc.assert(
      fc.asyncProperty(prefix, query, async (pre, q) => {
        let res: Response;
        try {
          res = await handler(new Request(`http://localhost${pre}/search/suggest.json?${q}`));
        } catch {
          return; // the URL itself was unparseable: no request would reach the server
        }
        const body = await expectJsonAnswer(res, [200, 404, 422], 'suggest');
        if (res.status === 422) expect(body).toMatchObject({ status: 422, message: 'Invalid parameter error', description: expect.any(String) });
        if (res.status === 200) expect(Object.keys(body.resources.results).length).toBeGreaterThan(0);
      }),
      { numRuns: RUNS },
    );
  }, 300_000);

  it('product lists and products: 200 lists, 404 JSON for unknown products and prefixes', async () => {
    const path = fc.oneof(
      fc.constant('/products.json'),
      fc.oneof(fc.constantFrom('all', 'pompes', 'nope'), fc.string({ maxLength: 20 })).map((h) => `/collections/${encodeURIComponent(h)}/products.json`),
      fc.oneof(fc.constantFrom(catalog.products[0].handle, 'nope'), fc.string({ maxLength: 30 })).map((h) => `/products/${encodeURIComponent(h)}.json`),
      fc.string({ maxLength: 30 }).map((h) => `/products/${encodeURIComponent(h)}.js`),
    );
    await fc.assert(
      fc.asyncProperty(prefix, path, query, fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'DELETE'), async (pre, p, q, method) => {
        const res = await handler(new Request(`http://localhost${pre}${p}?${q}`, { method, body: method === 'POST' || method === 'PUT' ? 'x' : undefined }));
        const body = await expectJsonAnswer(res, method === 'GET' || method === 'HEAD' ? [200, 404] : [405, 404], 'catalog');
        if (method === 'GET' && res.status === 200 && p.endsWith('products.json')) expect(Array.isArray(body.products)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  }, 300_000);

  it('/api/ucp/mcp: JSON-RPC errors with their statuses, never a 5xx, and rejected requests store nothing', async () => {
    const deep = fc.integer({ min: 50, max: 5000 }).map((n) => '['.repeat(n) + ']'.repeat(n));
    const jsonish = fc.oneof(fc.json({ maxDepth: 4 }), fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)));
    const rpc = fc.record(
      {
        jsonrpc: fc.oneof(fc.constant('2.0'), fc.constant('1.0'), fc.anything()),
        id: fc.oneof(fc.integer(), fc.string(), fc.constant(null), fc.anything()),
        method: fc.oneof(fc.constantFrom('tools/call', 'tools/list', 'initialize', 'ping', 'notifications/initialized', 'resources/list', 'constructor', 'toString', '__proto__', 'hasOwnProperty'), fc.string()),
        params: fc.oneof(
          fc.anything(),
          fc.record({
            name: fc.oneof(fc.constantFrom(...TOOL_NAMES), fc.string()),
            arguments: fc.oneof(fc.anything(), fc.record({ meta: fc.anything(), id: fc.anything(), catalog: fc.anything(), cart: fc.anything(), checkout: fc.anything() }, { requiredKeys: [] })),
          }, { requiredKeys: [] }),
        ),
      },
      { requiredKeys: [] },
    ).map((o) => JSON.stringify(o));
    const invalidUtf8 = fc.uint8Array({ minLength: 1, maxLength: 200 }).map((bytes) => new Uint8Array([0xff, 0xfe, ...bytes]));
    const { product, variant } = ITEMS.stocked;
    const id = fc.oneof(fc.constantFrom(gid('ProductVariant', variant.id), String(variant.id), product.handle, 'nope'), fc.string(), fc.integer(), fc.anything());
    const lineItems = fc.array(fc.record({ item: fc.oneof(fc.record({ id }), fc.anything()), quantity: fc.oneof(fc.integer({ min: -3, max: 100_000 }), fc.double(), fc.string(), fc.anything()) }, { requiredKeys: [] }), { maxLength: 4 });
    const context = fc.record({ address_country: fc.oneof(fc.constantFrom('FR', 'CH', 'US', 'fr', ''), fc.string()), currency: fc.oneof(fc.constantFrom('EUR', 'USD'), fc.anything()), language: fc.oneof(fc.constantFrom('de', 'pt-BR', 'xx'), fc.anything()) }, { requiredKeys: [] });
    const toolCall = fc.record({
      name: fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...TOOL_NAMES) }, { weight: 1, arbitrary: fc.string() }),
      arguments: fc.record({
        meta: fc.oneof(fc.record({ 'ucp-agent': fc.oneof(fc.record({ profile: fc.oneof(fc.constantFrom('http://127.0.0.1/p', 'https://10.0.0.1/p', 'ftp://x', 'not a url'), fc.string()) }), fc.anything()), 'idempotency-key': fc.oneof(fc.uuid(), fc.string(), fc.anything()) }, { requiredKeys: [] }), fc.anything()),
        id: fc.oneof(fc.string(), fc.anything()),
        catalog: fc.oneof(fc.record({ query: nasty, ids: fc.array(id, { maxLength: 60 }), id, filters: fc.anything(), pagination: fc.record({ limit: fc.anything(), cursor: nasty }, { requiredKeys: [] }), context }, { requiredKeys: [] }), fc.anything()),
        cart: fc.oneof(fc.record({ line_items: lineItems, context, buyer: fc.anything() }, { requiredKeys: [] }), fc.anything()),
        checkout: fc.oneof(fc.record({ line_items: lineItems, context, buyer: fc.anything(), fulfillment: fc.anything(), payment: fc.anything() }, { requiredKeys: [] }), fc.anything()),
      }, { requiredKeys: [] }),
    }, { requiredKeys: [] }).map((params) => JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params }));
    const body = fc.oneof(
      { weight: 6, arbitrary: toolCall },
      { weight: 2, arbitrary: rpc },
      { weight: 1, arbitrary: fc.oneof(jsonish, deep, fc.string({ maxLength: 300 })) },
      { weight: 1, arbitrary: invalidUtf8 },
    );
    const type = fc.oneof({ weight: 8, arbitrary: fc.constant('application/json') }, { weight: 1, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.constant('text/plain') });
    // The counters see what an accepted call writes (so the checks below can fail).
    const writesBefore = counting.writes();
    const keysBefore = await idempotencyRecords();
    const accepted = await handler(new Request('http://localhost/api/ucp/mcp', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'create_cart', arguments: { meta: { 'idempotency-key': crypto.randomUUID() }, cart: { line_items: [{ item: { id: String(catalog.products.find((p) => p.published)!.variants[0].id) }, quantity: 1 }] } } } }) }));
    expect((await accepted.json()).result.structuredContent.id).toMatch(/^cart_/);
    expect(counting.writes()).toBeGreaterThan(writesBefore);
    expect(await idempotencyRecords()).toBe(keysBefore + 1);
    await fc.assert(
      fc.asyncProperty(body, type, async (payload, contentType) => {
        const before = counting.writes();
        const keysBefore = await idempotencyRecords();
        const headers: Record<string, string> = contentType ? { 'content-type': contentType } : {};
        const bytes = typeof payload === 'string' ? new TextEncoder().encode(payload) : payload;
        const res = await handler(new Request('http://localhost/api/ucp/mcp', { method: 'POST', headers, body: bytes }));
        const json = await expectJsonAnswer(res, [200, 202, 400, 409, 413, 415, 422, 424], json_endpoint(payload));
        if (json?.error) {
          expect(json.jsonrpc).toBe('2.0');
          expect(Number.isInteger(json.error.code)).toBe(true);
          expect(typeof json.error.message).toBe('string');
          const why = `a rejected request wrote to the database: ${JSON.stringify(json.error).slice(0, 200)}`;
          expect(counting.writes(), why).toBe(before);
          expect(await idempotencyRecords(), why).toBe(keysBefore);
        }
      }),
      { numRuns: RUNS },
    );
  }, 600_000);

  // Found by this fuzzer: a method named like an Object.prototype member reached a lookup table
  // and became a 500. Pinned here with every such name, for methods and tool names.
  it('names of Object.prototype members are unknown methods and unknown tools, not crashes', async () => {
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf', '__defineGetter__']) {
      const method = await handler(new Request('http://localhost/api/ucp/mcp', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: name, params: {} }) }));
      expect(method.status, name).toBe(200);
      expect((await method.json()).error.code, name).toBe(-32601);
      const tool = await handler(new Request('http://localhost/api/ucp/mcp', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name, arguments: {} } }) }));
      expect(tool.status, name).toBe(200);
      expect((await tool.json()).error.code, name).toBe(-32602);
    }
  });

  it('bodies over the documented limit get 413 JSON', async () => {
    const huge = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { pad: 'x'.repeat(MCP_MAX_BODY) } });
    const res = await handler(new Request('http://localhost/api/ucp/mcp', { method: 'POST', headers: { 'content-type': 'application/json' }, body: huge }));
    const json = await expectJsonAnswer(res, [413], 'mcp-oversized');
    expect(json.error.code).toBe(-32600);
  });
});
