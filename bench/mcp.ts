/**
 * `npm run bench:mcp` (README "Agent commerce over MCP"): in-process latency of the MCP endpoint
 * on the real catalog snapshot: p50/p99 of `tools/list`, `search_catalog` and `create_cart`
 * (carts on PostgreSQL), `tools/list` and `search_catalog` also as MCP 2026-07-28 requests
 * (`_meta` envelope, routing headers),
 * and the per-request cost of the MCP server: a new SDK `Server` with its stateless transport
 * (connect + close), against what the route pays, a reused server (src/ucp/mcp-server.ts
 * `mcpServers`) with a new transport.
 * BENCH_N sets the iterations per measure (default 500). Results also go to bench/.out/mcp.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';
import { catalogSnapshot } from '../src/catalog/snapshot';
import { createHandler } from '../src/http/router';
import { createUcpService, type UcpService } from '../src/ucp/service';
import { createMcpServer, mcpServers } from '../src/ucp/mcp-server';
import type { Db } from '../src/state/db';
import { benchPostgres } from './lib/postgres';
import { defaultMatcher, searchIndexMatcher, tokenMatcher } from '../src/ucp/catalog/matcher';
import { existsSync } from 'node:fs';
import { indexFilePath } from '../src/search/index-store';

const N = Number(process.env.BENCH_N ?? 500);
const catalog = catalogSnapshot();

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { n: samples.length, p50: +at(0.5).toFixed(3), p99: +at(0.99).toFixed(3), mean: +(samples.reduce((s, x) => s + x, 0) / samples.length).toFixed(3) };
}

async function measure(work: (i: number) => Promise<unknown>, n = N): Promise<ReturnType<typeof stats>> {
  for (let i = 0; i < Math.min(50, n); i++) await work(i);
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await work(i);
    samples.push(performance.now() - t0);
  }
  return stats(samples);
}

function handlerOn(db: Db) {
  const service = createUcpService({ catalog, db });
  return { service, handler: createHandler({ catalog, ucp: service }) };
}

/** The `_meta` envelope and routing headers of an MCP 2026-07-28 request. */
const MODERN = '2026-07-28';
const envelope = { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} };

async function rpc(handler: (r: Request) => Promise<Response>, method: string, params?: Record<string, unknown>, revision: 'legacy' | 'modern' = 'legacy') {
  const modern = revision === 'modern';
  const routing: Record<string, string> = modern ? { 'mcp-protocol-version': MODERN, 'mcp-method': method, ...(typeof params?.name === 'string' ? { 'mcp-name': params.name } : {}) } : {};
  const res = await handler(new Request('http://localhost/api/ucp/mcp', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...routing },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: modern ? { ...params, _meta: envelope } : params }),
  }));
  const body = await res.json();
  if (res.status !== 200 || body.error) throw new Error(`${method}: HTTP ${res.status} ${JSON.stringify(body.error)}`);
  return body;
}

const queries = ['pompe', 'kit aquaponie', 'serre', 'aquarium', 'engrais', 'billes argile', 'filtre', 'semences bio'];
const variants = catalog.products.filter((p) => p.published).flatMap((p) => p.variants.filter((v) => !v.inventory || v.inventory.quantity > 20).map((v) => String(v.id)));
const searchArgs = (i: number) => ({ name: 'search_catalog', arguments: { catalog: { query: queries[i % queries.length], context: { address_country: 'DE', language: 'de' } } } });
const cartArgs = (i: number) => ({ name: 'create_cart', arguments: { cart: { line_items: [{ item: { id: variants[i % variants.length] }, quantity: 1 }, { item: { id: variants[(i * 7 + 3) % variants.length] }, quantity: 2 }] } } });

async function serverCost(service: UcpService) {
  return measure(async () => {
    const server = createMcpServer(service);
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    await server.close();
  }, N * 4);
}

/** The route's cost: a server of the instance's pool, a new transport, connect, close. */
async function reusedServerCost(service: UcpService) {
  const servers = mcpServers(service);
  return measure(async () => {
    const server = servers.lend('legacy');
    await server.connect(new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true }));
    await server.close();
  }, N * 4);
}

const postgres = await benchPostgres();
const served = handlerOn(await postgres.database('bench_mcp'));
const t0 = performance.now();
await rpc(served.handler, 'tools/list');
const firstList = +(performance.now() - t0).toFixed(3);

const matcher = existsSync(indexFilePath('fr')) ? 'src/search (MiniSearch index)' : 'token matcher (no search index built)';
const results = {
  catalog: { products: catalog.products.length, variants: catalog.products.reduce((s, p) => s + p.variants.length, 0) },
  matcher,
  first_tools_list_ms: firstList,
  tools_list: await measure(() => rpc(served.handler, 'tools/list')),
  tools_list_2026: await measure(() => rpc(served.handler, 'tools/list', {}, 'modern')),
  search_catalog: await measure((i) => rpc(served.handler, 'tools/call', searchArgs(i))),
  search_catalog_2026: await measure((i) => rpc(served.handler, 'tools/call', searchArgs(i), 'modern')),
  search_catalog_filter_only: await measure(() => rpc(served.handler, 'tools/call', { name: 'search_catalog', arguments: { catalog: { filters: { categories: ['pumps'] } } } })),
  create_cart_postgres: await measure((i) => rpc(served.handler, 'tools/call', cartArgs(i))),
  mcp_server_per_request: await serverCost(served.service),
  mcp_server_reused: await reusedServerCost(served.service),
  matcher_only: {
    token: await measure(async (i) => tokenMatcher(catalog, queries[i % queries.length], 'de')),
    ...(existsSync(indexFilePath('de')) ? { search_index: await measure(async (i) => searchIndexMatcher(catalog, queries[i % queries.length], 'de')) } : {}),
    default: await measure(async (i) => defaultMatcher(catalog, queries[i % queries.length], 'de')),
  },
};

await postgres.stop();
mkdirSync('bench/.out', { recursive: true });
writeFileSync('bench/.out/mcp.json', `${JSON.stringify(results, null, 2)}\n`);

const row = (label: string, s: { p50: number; p99: number; mean: number; n: number }) => console.log(`${label.padEnd(34)} p50 ${s.p50.toFixed(3).padStart(8)} ms   p99 ${s.p99.toFixed(3).padStart(8)} ms   mean ${s.mean.toFixed(3).padStart(8)} ms   n=${s.n}`);
console.log(`bench:mcp on ${results.catalog.products} products / ${results.catalog.variants} variants; search matcher: ${matcher}`);
console.log(`first tools/list (computes the JSON Schemas once): ${firstList} ms`);
row('tools/list', results.tools_list);
row('tools/list (MCP 2026-07-28)', results.tools_list_2026);
row('search_catalog (query, DE)', results.search_catalog);
row('search_catalog (2026-07-28)', results.search_catalog_2026);
row('search_catalog (filter only)', results.search_catalog_filter_only);
row('create_cart (PostgreSQL)', results.create_cart_postgres);
row('new MCP Server+transport', results.mcp_server_per_request);
row('reused MCP Server, new transport', results.mcp_server_reused);
for (const [name, s] of Object.entries(results.matcher_only)) row(`matcher only: ${name}`, s);
