// netlify/functions/search.ts: the predictive search as a function of its own. It answers every
// request on its paths exactly as the storefront's router does, Netlify sends those paths to it
// alone, and its bundle holds the search code only (the point of it: docs/search.md "Benchmarks").
import { describe, it, expect } from 'vitest';
import { build } from 'esbuild';
import { LOCALES, localePrefix } from '../src/catalog/locales';
import { answerSearch } from '../src/http/search-function';
import { createHandler } from '../src/http/router';
import search, { config as searchConfig } from '../netlify/functions/search';
import { config as storefrontConfig } from '../netlify/functions/storefront';
import { config as methodsConfig } from '../netlify/functions/storefront-methods';
import { config as encodedConfig } from '../netlify/functions/storefront-encoded';
import { catalog } from './helpers/site';

const router = createHandler({ catalog });
const HEADERS = ['content-type', 'cache-control', 'access-control-allow-origin', 'access-control-allow-methods', 'allow'];

async function answer(handler: (r: Request) => Promise<Response>, method: string, path: string) {
  const response = await handler(new Request(`http://localhost${path}`, { method }));
  return { status: response.status, headers: HEADERS.map((h) => response.headers.get(h)), body: await response.text() };
}

const REQUESTS: Array<[string, string]> = [
  ...LOCALES.map((l): [string, string] => ['GET', `${localePrefix(l)}/search/suggest.json?q=pompe`]),
  ['GET', '/search/suggest.json?q=kit&resources[type]=product,collection&resources[limit]=3&resources[limit_scope]=each'],
  ['GET', '/de/search/suggest.json?q=Pumpe&resources[options][unavailable_products]=hide&resources[options][fields]=title,tag'],
  ['GET', '/search/suggest.json/?q=led'],
  ['GET', '/search/suggest.json/index.html?q=led'],
  ['HEAD', '/search/suggest.json?q=led'],
  ['GET', '/search/suggest.json'],
  ['GET', '/search/suggest.json?q=pompe&resources[limit]=11'],
  ['GET', '/search/suggest.json?q=pompe&resources[type]=ship'],
  ['GET', `/search/suggest.json?q=${'a'.repeat(201)}`],
  ['GET', '/xx/search/suggest.json?q=pompe'],
  ['GET', '/fr/search/suggest.json?q=pompe'],
  ['POST', '/search/suggest.json?q=pompe'],
  ['DELETE', '/en/search/suggest.json?q=pompe'],
  ['OPTIONS', '/search/suggest.json'],
];

describe('the search function', () => {
  it.each(REQUESTS)('%s %s: the same status, headers and body as the storefront router', async (method, path) => {
    const own = await answer(answerSearch, method, path);
    expect(own).toEqual(await answer(router, method, path));
    expect(own.headers[0] ?? 'application/json; charset=utf-8').toMatch(/^application\/json/);
    expect(await answer(search, method, path)).toEqual(own);
  });

  it('answers any other path with a JSON 404 (only its own paths reach it)', async () => {
    const other = await answer(answerSearch, 'GET', '/products.json');
    expect(other.status).toBe(404);
    expect(JSON.parse(other.body)).toMatchObject({ status: 404, message: 'Not Found' });
  });

  it('is the one function Netlify sends the suggestion paths to, for every method', () => {
    const matches = (patterns: string | string[] | undefined, path: string) => [patterns ?? []].flat().some((p) => new URLPattern({ pathname: p }).test({ pathname: path }));
    const serves = (c: typeof searchConfig, path: string) => matches(c.path, path) && !matches(c.excludedPath, path);
    // Netlify matches a function path with or without a trailing slash (src/http/read-only.ts).
    for (const locale of LOCALES) {
      const path = `${localePrefix(locale)}/search/suggest.json`;
      expect(serves(searchConfig, path), path).toBe(true);
      for (const other of [storefrontConfig, methodsConfig, encodedConfig]) expect(serves(other, path), `${path} ${JSON.stringify(other.path)}`).toBe(false);
    }
    expect(searchConfig.method).toBeUndefined();
    // The rest of the JSON paths stay with the storefront function.
    expect(serves(storefrontConfig, '/search/other.json')).toBe(true);
    expect(serves(storefrontConfig, '/de/products.json')).toBe(true);
  });

  it('bundles the search code only: no UCP service, MCP SDK, database client or pages', async () => {
    const result = await build({ entryPoints: ['netlify/functions/search.ts'], bundle: true, platform: 'node', format: 'esm', target: 'node22', write: false, metafile: true, logLevel: 'error' });
    const inputs = Object.keys(result.metafile.inputs);
    const bytes = result.outputFiles[0].contents.byteLength;
    expect(inputs.filter((file) => /src\/(ucp|state|checkout|outbox|mail|views\/html)\/|@modelcontextprotocol|node_modules\/(postgres|pg|zod|nodemailer)\//.test(file))).toEqual([]);
    expect(inputs.some((file) => file.includes('src/search/index-load.ts'))).toBe(true);
    // The storefront function's bundle is ~3.5 MB; this one ~0.2 MB.
    expect(bytes).toBeLessThan(400_000);
  });
});
