// /openapi.json is OpenAPI 3.1.0, lint-clean, and documents every status the service sends with its body.
import { frozenLimiter } from './helpers/rate-limit';
import { describe, it, expect } from 'vitest';
import { spawnSync } from 'node:child_process';
import { call, distJson, published, catalog } from './helpers/site';
import { contractProblems, openApi } from './helpers/openapi';
import { createHandler } from '../src/http/router';
import { createUcpService } from '../src/ucp/service';
import { testDb } from './helpers/db';

const doc = openApi as Record<string, any>;

describe('/openapi.json', () => {
  it('is OpenAPI 3.1.0, version 2026-10-08, with no security scheme', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('2026-10-08');
    expect(doc.components.securitySchemes).toBeUndefined();
    expect(doc.security).toEqual([]);
    expect(Object.keys(doc.paths).sort()).toEqual(['/.well-known/ucp', '/api/ucp/mcp', '/collections/{handle}/products.json', '/openapi.json', '/products.json', '/products/{handle}.js', '/products/{handle}.json', '/search/suggest.json']);
    expect(doc.servers.map((s: { url: string }) => s.url)).toContain(`${catalog.store.base_url}/de`);
  });

  it('documents every query parameter with its range and default', () => {
    const limit = doc.paths['/products.json'].get.parameters.find((p: { name: string }) => p.name === 'limit');
    expect(limit.schema).toEqual({ type: 'integer', minimum: 1, maximum: 250, default: 30 });
    const suggest = doc.paths['/search/suggest.json'].get.parameters.map((p: { name: string }) => p.name);
    expect(suggest).toEqual(expect.arrayContaining(['q', 'resources[type]', 'resources[limit]', 'resources[limit_scope]', 'resources[options][unavailable_products]', 'resources[options][fields]']));
  });

  it('passes the Redocly OpenAPI linter with its recommended rules, none disabled', () => {
    const run = spawnSync('npx', ['redocly', 'lint', 'dist/openapi.json', '--format=stylish'], { encoding: 'utf8' });
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout + run.stderr).toContain('Your API description is valid');
  }, 60_000);
});

describe('contract: every status the service sends is documented, with its body', () => {
  const handle = published[0].handle;
  const db = testDb();
  const ucp = createUcpService({ catalog, db, allowInsecureProfiles: true });
  const failingStock = createHandler({ catalog, ucp, stock: { soldCached: async () => { throw new Error('state store down'); } } });
  const limited = createHandler({ catalog, ucp, rateLimiter: frozenLimiter(db, 1) });
  const rpc = (body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
    ({ method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };
  type Case = [label: string, template: string, path: string, init?: RequestInit, handler?: (r: Request, info?: { ip?: string }) => Promise<Response>, info?: { ip?: string }];
  const cases: Case[] = [
    ['list with a query', '/products.json', '/products.json?limit=2&page=2'],
    ['unknown locale prefix', '/products.json', '/xx/products.json?page=2'],
    ['POST on a list', '/products.json', '/products.json', { method: 'POST' }],
    ['collection with a query', '/collections/{handle}/products.json', '/de/collections/all/products.json?limit=250'],
    ['unknown collection', '/collections/{handle}/products.json', '/collections/nope/products.json'],
    ['encoded slash in a collection', '/collections/{handle}/products.json', '/collections/a%2fb/products.json'],
    ['unknown product', '/products/{handle}.json', '/products/nope.json'],
    ['encoded slash in a product', '/products/{handle}.json', '/products/..%2Fproducts.json'],
    ['DELETE on a product', '/products/{handle}.json', `/products/${handle}.json`, { method: 'DELETE' }],
    ['live product', '/products/{handle}.js', `/it/products/${handle}.js`],
    ['unknown live product', '/products/{handle}.js', '/products/nope.js'],
    ['PUT on a live product', '/products/{handle}.js', `/products/${handle}.js`, { method: 'PUT' }],
    ['live stock down', '/products/{handle}.js', `/products/${handle}.js`, {}, failingStock],
    ['suggestions', '/search/suggest.json', '/search/suggest.json?q=pompe'],
    ['suggestions without q', '/search/suggest.json', '/search/suggest.json?q='],
    ['suggestions, unknown prefix', '/search/suggest.json', '/xx/search/suggest.json?q=pompe'],
    ['POST on suggestions', '/search/suggest.json', '/search/suggest.json?q=pompe', { method: 'POST' }],
    ['POST on the UCP profile', '/.well-known/ucp', '/.well-known/ucp', { method: 'POST' }],
    ['POST on this document', '/openapi.json', '/openapi.json', { method: 'POST' }],
    ['MCP result', '/api/ucp/mcp', '/api/ucp/mcp', rpc({ jsonrpc: '2.0', id: 1, method: 'tools/list' })],
    ['MCP unknown method', '/api/ucp/mcp', '/api/ucp/mcp', rpc({ jsonrpc: '2.0', id: 2, method: 'no/such/method' })],
    ['MCP fractional id and extra member', '/api/ucp/mcp', '/api/ucp/mcp', rpc({ ...ping, id: 1.5, extra: true })],
    ['MCP notification', '/api/ucp/mcp', '/api/ucp/mcp', rpc({ jsonrpc: '2.0', method: 'notifications/initialized' })],
    ['MCP parse error', '/api/ucp/mcp', '/api/ucp/mcp', rpc('{"jsonrpc":')],
    ['MCP invalid request', '/api/ucp/mcp', '/api/ucp/mcp', rpc({ jsonrpc: '1.0', id: 1, method: 'ping' })],
    ['MCP batch', '/api/ucp/mcp', '/api/ucp/mcp', rpc([ping, ping])],
    ['MCP invalid profile URL', '/api/ucp/mcp', '/api/ucp/mcp', rpc({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'search_catalog', arguments: { meta: { 'ucp-agent': { profile: 'not a url' } }, catalog: { query: 'pompe' } } } })],
    ['MCP GET', '/api/ucp/mcp', '/api/ucp/mcp', { method: 'GET' }],
    ['MCP other content type', '/api/ucp/mcp', '/api/ucp/mcp', rpc(ping, { 'content-type': 'text/plain' })],
    ['MCP body too large', '/api/ucp/mcp', '/api/ucp/mcp', rpc(`{"pad":"${'x'.repeat(1_000_001)}"}`)],
  ];

  it.each(cases)('%s: %s', async (_label, template, path, init = {}, handler, info) => {
    const res = handler ? await handler(new Request(`http://localhost:8888${path}`, init), info) : await call(path, init);
    const text = await res.text();
    // Other methods are answered (405) under the path's one documented operation.
    const operation = template === '/api/ucp/mcp' ? 'POST' : 'GET';
    expect(contractProblems(template, operation, res.status, text ? JSON.parse(text) : undefined)).toEqual([]);
    if ((init.method ?? 'GET') !== operation) expect(res.status).toBe(405);
  });

  it('MCP statuses outside a single call: a foreign Host (403) and the rate limit (429)', async () => {
    const foreign = await createHandler({ catalog, ucp })(new Request('http://evil.example/api/ucp/mcp', rpc(ping)));
    expect(contractProblems('/api/ucp/mcp', 'POST', foreign.status, await foreign.json())).toEqual([]);
    expect(foreign.status).toBe(403);
    const ip = { ip: '203.0.113.9' };
    await limited(new Request('http://localhost:8888/api/ucp/mcp', rpc(ping)), ip);
    const over = await limited(new Request('http://localhost:8888/api/ucp/mcp', rpc(ping)), ip);
    expect(over.status).toBe(429);
    expect(contractProblems('/api/ucp/mcp', 'POST', over.status, await over.json())).toEqual([]);
  });

  it('static files match their documented 200 schema', () => {
    expect(contractProblems('/products.json', 'GET', 200, distJson('/en/products.json'))).toEqual([]);
    expect(contractProblems('/products/{handle}.json', 'GET', 200, distJson(`/products/${handle}.json`))).toEqual([]);
    expect(contractProblems('/.well-known/ucp', 'GET', 200, distJson('/.well-known/ucp.json'))).toEqual([]);
    expect(contractProblems('/openapi.json', 'GET', 200, distJson('/openapi.json'))).toEqual([]);
  });

  it('the check itself fails on an undocumented status or a wrong body', () => {
    expect(contractProblems('/products.json', 'GET', 418, {})).toHaveLength(1);
    expect(contractProblems('/products.json', 'GET', 200, { products: 'none' })).toHaveLength(1);
    expect(contractProblems('/products/{handle}.js', 'GET', 404, {})).toHaveLength(1);
    expect(contractProblems('/nowhere.json', 'GET', 200, {})).toHaveLength(1);
  });
});

