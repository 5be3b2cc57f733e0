// What the served store answers (docs/storefront.md "Endpoints", "Predictive search", "Discovery documents",
// "Errors"), asked of the real stack that `npm start` runs (static files, netlify.toml rules,
// the functions): one line per request, in several locales; then every netlify.toml rule is
// covered by a line, every JSON answer has a status documented in /openapi.json, and the
// statuses agents.md states are the ones the endpoint sends.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse as parseToml } from 'smol-toml';
import { BASE } from './base';
import { catalogSnapshot } from '../../src/catalog/snapshot';
import { localize } from '../../src/catalog/localize';
import { publishedProducts } from '../../src/catalog/query';
import { LOCALES, localePrefix, type Locale } from '../../src/catalog/locales';
import { contractProblems } from '../helpers/openapi';

const catalog = catalogSnapshot();
const products = publishedProducts(catalog);
const h = products[0].handle;
const collection = catalog.collections.find((c) => c.handle !== 'all')!.handle;

type Kind = 'json' | 'html' | 'markdown' | 'xml' | 'text' | 'svg' | 'none';
const TYPES: Record<Kind, RegExp> = {
  json: /^application\/json; charset=utf-8$/, html: /^text\/html/, markdown: /^text\/markdown; charset=utf-8$/,
  xml: /^application\/xml/, text: /^text\/plain/, svg: /^image\/svg\+xml/, none: /^/,
};
interface Answer { status: number; type: string; text: string; headers: Headers; json?: any }
/** [method, path, status, kind, check of the answer, the documented path of /openapi.json when it is a JSON endpoint] */
type Case = [method: string, path: string, status: number, kind: Kind, check?: (a: Answer) => void, template?: string];

const list = (n?: number) => (a: Answer) => {
  expect(Array.isArray(a.json.products)).toBe(true);
  if (n !== undefined) expect(a.json.products).toHaveLength(n);
};
const ids = (a: Answer) => a.json.products.map((p: { id: number }) => p.id).join(',');
const empty = (a: Answer) => expect(a.json).toEqual({ products: [] });
const storefrontError = (status: number) => (a: Answer) => expect(a.json).toMatchObject({ status, message: expect.any(String), description: expect.any(String) });
const titled = (locale: Locale) => (a: Answer) => expect(a.json.products[0].title).toBe(localize(products[0].title, locale));
const preflight = (a: Answer) => expect(a.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');

const LIST = '/products.json';
const COLLECTION = '/collections/{handle}/products.json';
const PRODUCT = '/products/{handle}.json';
const AJAX = '/products/{handle}.js';
const SUGGEST = '/search/suggest.json';

/** The cases of one locale (prefix '' for French). */
function localeCases(locale: Locale): Case[] {
  const p = localePrefix(locale);
  return [
    ['GET', `${p}/products.json`, 200, 'json', (a) => { list(30)(a); titled(locale)(a); }, LIST],
    ['GET', `${p}/products.json?limit=2`, 200, 'json', list(2), LIST],
    ['GET', `${p}/products.json?page=2`, 200, 'json', list(), LIST],
    ['GET', `${p}/products.json?limit=2&page=2`, 200, 'json', (a) => expect(ids(a)).toBe(products.slice(2, 4).map((x) => x.id).join(',')), LIST],
    ['GET', `${p}/products.json?page=999`, 200, 'json', empty, LIST],
    ['GET', `${p}/collections/${collection}/products.json`, 200, 'json', list(), COLLECTION],
    ['GET', `${p}/collections/all/products.json?limit=1`, 200, 'json', list(1), COLLECTION],
    ['GET', `${p}/collections/all/products.json?page=2`, 200, 'json', list(), COLLECTION],
    ['GET', `${p}/collections/all/products.json?limit=3&page=2`, 200, 'json', (a) => expect(ids(a)).toBe(products.slice(3, 6).map((x) => x.id).join(',')), COLLECTION],
    ['GET', `${p}/collections/no-such-collection/products.json`, 200, 'json', empty, COLLECTION],
    ['GET', `${p}/collections/no-such-collection/products.json?limit=5`, 200, 'json', empty, COLLECTION],
    ['GET', `${p}/collections/a%2fb/products.json`, 404, 'json', storefrontError(404), COLLECTION],
    ['GET', `${p}/products/${h}.json`, 200, 'json', (a) => expect(a.json.product.title).toBe(localize(products[0].title, locale)), PRODUCT],
    ['GET', `${p}/products/no-such-product.json`, 404, 'json', (a) => expect(a.json).toEqual({}), PRODUCT],
    ['GET', `${p}/products/..%2Fproducts.json`, 404, 'json', storefrontError(404), PRODUCT],
    // A trailing slash names the same resource: Netlify's static lookup, redirect rules and
    // function paths all ignore it (src/http/read-only.ts resourcePath), so a file is that file and
    // an unknown JSON path answers as without the slash.
    ['GET', `${p}/products/${h}.json/`, 200, 'json', (a) => expect(a.text).toBe(readFileSync(`dist${p}/products/${h}.json`, 'utf8'))],
    ['GET', `${p}/products.json/`, 200, 'json', list(30)],
    ['GET', `${p}/collections/${collection}/products.json/`, 200, 'json', (a) => expect(a.text).toBe(readFileSync(`dist${p}/collections/${collection}/products.json`, 'utf8'))],
    ['GET', `${p}/products/no-such-product.json/`, 404, 'json', (a) => expect(a.json).toEqual({})],
    ['GET', `${p}/products/${h}.js`, 200, 'json', (a) => expect(a.json).toMatchObject({ handle: h, price: expect.any(Number) }), AJAX],
    ['GET', `${p}/products/no-such-product.js`, 404, 'json', storefrontError(404), AJAX],
    ['GET', `${p}/search/suggest.json?q=pomp`, 200, 'json', (a) => expect(a.json.resources.results).toBeDefined(), SUGGEST],
    ['GET', `${p}/search/suggest.json?q=`, 422, 'json', storefrontError(422), SUGGEST],
    // The search function's paths (netlify/functions/search.ts): every method and the trailing slash answer JSON there too.
    ['GET', `${p}/search/suggest.json/?q=pomp`, 200, 'json', (a) => expect(a.json.resources.results).toBeDefined()],
    ['POST', `${p}/search/suggest.json?q=pomp`, 405, 'json', storefrontError(405), SUGGEST],
    ['OPTIONS', `${p}/search/suggest.json`, 204, 'none', preflight],
    ['POST', `${p}/products.json`, 405, 'json', storefrontError(405), LIST],
    ['POST', `${p}/products/${h}.json`, 405, 'json', storefrontError(405), PRODUCT],
    ['DELETE', `${p}/collections/all/products.json`, 405, 'json', storefrontError(405), COLLECTION],
    ['OPTIONS', `${p}/products.json`, 204, 'none', preflight],
    ['OPTIONS', `${p}/collections/all/products.json`, 204, 'none', preflight],
    ['OPTIONS', `${p}/products/${h}.json`, 204, 'none', preflight],
    ['GET', `${p}/no-such-page/`, 404, 'html', (a) => expect(a.text).toMatch(new RegExp(`<html lang="${locale}`))],
    ['GET', `${p}/products/no-such-product/`, 404, 'html'],
  ];
}

const FULL: readonly Locale[] = ['fr', 'en', 'de', 'ru'];
const cases: Case[] = [
  ...FULL.flatMap(localeCases),
  // The status-404 rule of every other locale: its own 404 page.
  ...LOCALES.filter((l) => !FULL.includes(l)).map((l): Case => ['GET', `/${l}/no-such-page/`, 404, 'html', (a) => expect(a.text).toMatch(new RegExp(`<html lang="${l}`))]),
  // Unknown locale prefixes are never served as French, and never as HTML on a JSON path.
  ['GET', '/xx/products.json', 404, 'json', storefrontError(404), LIST],
  ['GET', '/fr/products.json', 404, 'json', storefrontError(404), LIST],
  ['GET', '/xx/products.json?limit=2', 404, 'json', storefrontError(404), LIST],
  ['GET', '/xx/collections/all/products.json', 404, 'json', storefrontError(404), COLLECTION],
  ['GET', '/xx/products/no-such-product.json', 404, 'json', undefined, PRODUCT],
  ['GET', '/xx/search/suggest.json?q=pompe', 404, 'json', storefrontError(404), SUGGEST],
  ['GET', '/no-such-file.json', 404, 'json', storefrontError(404)],
  ['GET', '/xx/products.json/', 404, 'json', storefrontError(404)],
  ['GET', '/no-such-file.json/', 404, 'json', storefrontError(404)],
  // Discovery documents: the spec's content types.
  ['GET', '/.well-known/ucp', 200, 'json', (a) => expect(a.json.ucp.version).toBeDefined(), '/.well-known/ucp'],
  ['POST', '/.well-known/ucp', 405, 'json', storefrontError(405), '/.well-known/ucp'],
  ['GET', '/openapi.json', 200, 'json', (a) => expect(a.json.openapi).toBe('3.1.0'), '/openapi.json'],
  ['GET', '/llms.txt', 200, 'markdown', (a) => expect(a.text).toMatch(/^# /)],
  ['GET', '/agents.md', 200, 'markdown', (a) => expect(a.text).toMatch(/^# Agent instructions/)],
  ['GET', '/sitemap.xml', 200, 'xml', (a) => expect(a.text).toContain('<sitemapindex')],
  ['GET', '/robots.txt', 200, 'text', (a) => expect(a.text).toContain('Sitemap:')],
  ['GET', '/favicon.ico', 200, 'svg', (a) => expect(a.text).toBe(readFileSync('public/favicon.svg', 'utf8'))],
];

async function ask(method: string, path: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(`${BASE}${path}`, { method, redirect: 'manual', ...init });
  const text = await res.text();
  const type = res.headers.get('content-type') ?? '';
  return { status: res.status, type, text, headers: res.headers, json: /json/.test(type) && text ? JSON.parse(text) : undefined };
}

describe('the served stack (npm start)', () => {
  it.each(cases)('%s %s → %i %s', async (method, path, status, kind, check, template) => {
    const a = await ask(method, path);
    expect(a.status, a.text.slice(0, 200)).toBe(status);
    expect(a.type).toMatch(TYPES[kind]);
    check?.(a);
    if (template) expect(contractProblems(template, template === '/api/ucp/mcp' ? 'POST' : 'GET', a.status, a.json)).toEqual([]);
  });

  it('every netlify.toml redirect rule is exercised by a line above', () => {
    const toml = parseToml(readFileSync('netlify.toml', 'utf8')) as { redirects: Array<{ from: string; query?: Record<string, string> }> };
    const uncovered = toml.redirects.filter((rule) => {
      const pattern = new RegExp(`^${rule.from.replace(/[.]/g, '\\.').replace(/:[a-z]+/g, '[^/]+').replace(/\*/g, '.*')}/?$`);
      return !cases.some(([, path]) => {
        const url = new URL(path, BASE);
        return pattern.test(decodeURIComponent(url.pathname)) && Object.keys(rule.query ?? {}).every((k) => url.searchParams.has(k));
      });
    });
    expect(uncovered.map((r) => r.from + (r.query ? ` ?${Object.keys(r.query).join('&')}` : ''))).toEqual([]);
  });
});

describe('agents.md and llms.txt say what the endpoints answer', () => {
  const post = (body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) => ask('POST', '/api/ucp/mcp', { body, headers });
  // An MCP 2026-07-28 request: the `_meta` envelope in the body, the routing headers beside it.
  const STATELESS_HEADERS = { 'content-type': 'application/json', 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' };
  const stateless = (method: string, revision: string) => JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { _meta: {
    'io.modelcontextprotocol/protocolVersion': revision, 'io.modelcontextprotocol/clientInfo': { name: 'curl', version: '8' }, 'io.modelcontextprotocol/clientCapabilities': {},
  } } });
  // A request that makes the endpoint answer each JSON-RPC error code with each HTTP status agents.md lists.
  const provoke: Record<string, () => Promise<Answer>> = {
    '-32700 400': () => post('{"jsonrpc":'),
    '-32600 400': () => post('{"jsonrpc":"1.0","id":1,"method":"ping"}'),
    '-32600 413': () => post(`{"pad":"${'x'.repeat(1_000_001)}"}`),
    '-32600 415': () => post('{}', { 'content-type': 'text/plain' }),
    '-32601 200': () => post('{"jsonrpc":"2.0","id":1,"method":"no/such/method"}'),
    '-32602 200': () => post('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"no_such_tool","arguments":{}}}'),
    '-32000 405': () => ask('GET', '/api/ucp/mcp'),
    '-32020 400': () => post(stateless('tools/list', '2026-07-28'), { ...STATELESS_HEADERS, 'mcp-method': 'tools/call' }),
    '-32022 400': () => post(stateless('tools/list', '2030-01-01'), { ...STATELESS_HEADERS, 'mcp-protocol-version': '2030-01-01' }),
  };

  it('every MCP error code and status agents.md and llms.txt state is what the endpoint answers', async () => {
    const agents = (await ask('GET', '/agents.md')).text;
    const llms = (await ask('GET', '/llms.txt')).text;
    const stated = [...agents.matchAll(/^\| MCP \| (-32\d{3}) \| (\d{3}) \|/gm)].map((m) => `${m[1]} ${m[2]}`);
    const quoted = [...llms.matchAll(/(-32\d{3}) → HTTP (\d{3})/g)].map((m) => `${m[1]} ${m[2]}`);
    expect(stated).toEqual(expect.arrayContaining(Object.keys(provoke)));
    expect(quoted.length).toBeGreaterThanOrEqual(4);
    expect(Object.keys(provoke)).toEqual(expect.arrayContaining(quoted));
    for (const row of Object.keys(provoke)) {
      const [code, status] = row.split(' ').map(Number);
      const a = await provoke[row]();
      expect({ status: a.status, code: a.json?.error?.code }, `${row}: ${a.text.slice(0, 200)}`).toEqual({ status, code });
      expect(contractProblems('/api/ucp/mcp', 'POST', a.status, a.json)).toEqual([]);
    }
  });

  it('agents.md: a valid request with extra members and a fractional id is served, its id echoed', async () => {
    const a = await post('{"jsonrpc":"2.0","id":1.5,"method":"ping","extra":true}');
    expect(a.status).toBe(200);
    expect(a.json).toEqual({ jsonrpc: '2.0', id: 1.5, result: {} });
  });

  it('MCP 2026-07-28: the same edges hold (extra members, a fractional id echoed, JSON only)', async () => {
    const body = JSON.parse(stateless('tools/list', '2026-07-28'));
    const a = await post(JSON.stringify({ ...body, id: 2.5, extra: true }), { ...STATELESS_HEADERS, accept: 'application/json' });
    expect(a.status, a.text.slice(0, 200)).toBe(200);
    expect(a.type).toMatch(TYPES.json);
    expect(a.json.id).toBe(2.5);
    expect(a.json.result.tools.length).toBeGreaterThan(0);
    expect(a.json.result.ttlMs).toBeGreaterThan(0);
  });

  it('llms.txt: an unknown product is 404 {} and an unknown collection an empty list', async () => {
    const llms = (await ask('GET', '/llms.txt')).text;
    expect(llms).toMatch(/404 \{\} when unknown/);
    expect(llms).toMatch(/unknown → empty list/);
    expect((await ask('GET', '/products/no-such-product.json')).json).toEqual({});
    expect((await ask('GET', '/collections/no-such-collection/products.json')).json).toEqual({ products: [] });
  });
});
