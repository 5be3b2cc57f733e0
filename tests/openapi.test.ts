// Issue #5 point 4: /openapi.json is OpenAPI 3.1.0, lint-clean, and real responses obey it.
import { describe, it, expect } from 'vitest';
import { spawnSync } from 'node:child_process';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { call, distJson, published, catalog } from './helpers/site';

const doc = distJson('/openapi.json') as Record<string, any>;
const ajv = new Ajv2020({ strict: false, validateSchema: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema({ ...doc, $id: 'https://openapi.test/doc.json' });

function expectValid(component: string, body: unknown) {
  const validate = ajv.getSchema(`https://openapi.test/doc.json#/components/schemas/${component}`)!;
  expect(validate, component).toBeDefined();
  const ok = validate(body);
  expect(ok, `${component}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
}

function responseSchemaOf(path: string, method: string, status: number): string {
  const schema = doc.paths[path][method].responses[status].content['application/json'].schema;
  return schema.$ref.split('/').pop();
}

describe('/openapi.json', () => {
  it('is OpenAPI 3.1.0, version 2026-10-08, with no security scheme', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('2026-10-08');
    expect(doc.components.securitySchemes).toBeUndefined();
    expect(doc.security).toEqual([]);
    expect(Object.keys(doc.paths).sort()).toEqual(['/api/ucp/mcp', '/collections/{handle}/products.json', '/products.json', '/products/{handle}.js', '/products/{handle}.json', '/search/suggest.json']);
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

describe('contract: real responses match /openapi.json', () => {
  const handle = published[0].handle;

  it('list endpoints (static and function)', async () => {
    expectValid(responseSchemaOf('/products.json', 'get', 200), distJson('/en/products.json'));
    expectValid(responseSchemaOf('/collections/{handle}/products.json', 'get', 200), await (await call('/de/collections/all/products.json?limit=250')).json());
    expectValid(responseSchemaOf('/products.json', 'get', 404), await (await call('/xx/products.json?page=2')).json());
  });

  it('product endpoints and their 404s', async () => {
    expectValid(responseSchemaOf('/products/{handle}.json', 'get', 200), distJson(`/products/${handle}.json`));
    expectValid(responseSchemaOf('/products/{handle}.json', 'get', 404), await (await call('/products/nope.json')).json());
    expectValid(responseSchemaOf('/products/{handle}.js', 'get', 200), await (await call(`/it/products/${handle}.js`)).json());
    expectValid(responseSchemaOf('/products/{handle}.js', 'get', 404), await (await call('/products/nope.js')).json());
  });

  it('search suggestions and their 422', async () => {
    expectValid(responseSchemaOf('/search/suggest.json', 'get', 200), await (await call('/search/suggest.json?q=pompe')).json());
    expectValid(responseSchemaOf('/search/suggest.json', 'get', 422), await (await call('/search/suggest.json?q=')).json());
  });

  it('the MCP endpoint answers JSON-RPC objects', async () => {
    const post = (body: unknown) => call('/api/ucp/mcp', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expectValid('JsonRpcResult', await (await post({ jsonrpc: '2.0', id: 1, method: 'tools/list' })).json());
    const unknown = await post({ jsonrpc: '2.0', id: 2, method: 'no/such/method' });
    expect(unknown.status).toBe(200);
    expectValid('JsonRpcError', await unknown.json());
    expectValid('JsonRpcRequest', { jsonrpc: '2.0', id: 1, method: 'tools/list' });
  });
});
