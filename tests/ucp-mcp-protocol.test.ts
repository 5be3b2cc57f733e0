// docs/agent-commerce.md "Transport" and "MCP envelope" (JSON-RPC 2.0, stateless): what curl, generic MCP clients and the official
// SDK client see at POST /api/ucp/mcp, and every protocol error path.
import { describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/server';
import storefront, { config } from '../netlify/functions/storefront';
import { ENDPOINT, callRaw, callTool, post, sdkClient, ucpHandler } from './helpers/ucp';
import { TOOLS, TOOLS_LIST_BUDGET } from '../src/ucp/tools/registry';
import { UCP_VERSION } from '../src/ucp/version';
import { ITEMS } from './helpers/content';

/** A variant in stock (tests/helpers/content.ts), as a tool argument. */
const STOCKED = String(ITEMS.stocked.variant.id);

const { handler } = ucpHandler();
const initialize = (protocolVersion: string) => ({
  jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion, capabilities: {}, clientInfo: { name: 'curl', version: '8' } },
});

describe('MCP lifecycle without a session', () => {
  it('initialize negotiates the protocol version and needs no Accept header', async () => {
    const res = await post(handler, initialize('2025-06-18'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('mcp-session-id')).toBeNull();
    expect(res.body.result.protocolVersion).toBe('2025-06-18');
    expect(res.body.result.capabilities.tools).toBeDefined();
    expect(res.body.result.serverInfo.name).toBe('poissons-et-pousses-ucp');
    const unknown = await post(handler, initialize('1999-01-01'));
    expect(unknown.body.result.protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
  });

  it('notifications/initialized → 202 without a body', async () => {
    const res = await post(handler, { jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(res.status).toBe(202);
    expect(res.text).toBe('');
  });

  it('ping, tools/list and tools/call work cold, with Accept: application/json only', async () => {
    const headers = { 'content-type': 'application/json', accept: 'application/json' };
    expect((await post(handler, { jsonrpc: '2.0', id: 'p', method: 'ping' }, headers)).body).toEqual({ jsonrpc: '2.0', id: 'p', result: {} });
    const list = await post(handler, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, headers);
    expect(list.status).toBe(200);
    expect(list.body.result.tools.map((t: { name: string }) => t.name)).toEqual([
      'search_catalog', 'lookup_catalog', 'get_product', 'create_cart', 'get_cart', 'update_cart', 'cancel_cart',
      'create_checkout', 'get_checkout', 'update_checkout', 'complete_checkout', 'cancel_checkout', 'get_order',
    ]);
    const result = await callTool(handler, 'search_catalog', { catalog: { query: 'kit' } });
    expect(result.products.length).toBeGreaterThan(0);
  });
});

describe('tools/list schemas', () => {
  it('every tool has object input and output schemas with no remote $ref', async () => {
    const { body } = await post(handler, { jsonrpc: '2.0', id: 3, method: 'tools/list' });
    for (const tool of body.result.tools) {
      expect(tool.inputSchema.type, tool.name).toBe('object');
      expect(tool.outputSchema.type, tool.name).toBe('object');
      const refs = JSON.stringify([tool.inputSchema, tool.outputSchema]).match(/"\$ref":"[^"]*"/g) ?? [];
      expect(refs.filter((r) => !r.startsWith('"$ref":"#')), tool.name).toEqual([]);
      expect(tool.description.length).toBeGreaterThan(20);
    }
    const create = body.result.tools.find((t: { name: string }) => t.name === 'create_cart');
    expect(create.inputSchema.properties.cart.required).toContain('line_items');
    const cancel = body.result.tools.find((t: { name: string }) => t.name === 'cancel_cart');
    expect(cancel.inputSchema.required).toEqual(expect.arrayContaining(['meta', 'id']));
    expect(cancel.inputSchema.properties.meta.required).toContain('idempotency-key');
  });

  it(`the whole tools/list response is at most ${TOOLS_LIST_BUDGET} bytes, and each tool still says what it takes and what it returns`, async () => {
    const res = await handler(new Request(ENDPOINT, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) }));
    const bytes = new Uint8Array(await res.clone().arrayBuffer()).byteLength;
    expect(bytes).toBeLessThanOrEqual(TOOLS_LIST_BUDGET);
    const { result } = await res.json();
    for (const tool of result.tools) {
      // What comes back: the UCP schema of the result, by URL, and its members.
      expect(tool.outputSchema.$comment, tool.name).toMatch(new RegExp(`^https://ucp\\.dev/${UCP_VERSION}/schemas/shopping/[a-z_]+\\.json$`));
      expect(tool.outputSchema.description, tool.name).toContain('error_response');
      expect(tool.outputSchema.required).toEqual(['ucp']);
      // What it takes: every argument typed, the payload's members listed.
      for (const [name, member] of Object.entries<any>(tool.inputSchema.properties)) expect(member.type ?? member.anyOf, `${tool.name}.${name}`).toBeDefined();
    }
    const checkout = result.tools.find((t: { name: string }) => t.name === 'update_checkout');
    expect(checkout.outputSchema.description).toMatch(/status, .*line_items, .*totals/);
    expect(Object.keys(checkout.inputSchema.properties.checkout.properties)).toEqual(expect.arrayContaining(['line_items', 'buyer', 'fulfillment', 'payment']));
    // A full replacement: every update states the lines (UCP checkout.json `ucp_request`: line_items required on update).
    expect(checkout.inputSchema.properties.checkout.required).toEqual(['line_items']);
    expect(checkout.inputSchema.properties.checkout.properties.fulfillment.properties.methods.items.properties.destinations.items.properties).toHaveProperty('postal_code');
    // The discount extension (issue 38): codes in, within the same budget, wherever a cart or checkout is written.
    for (const [name, payload] of [['create_checkout', 'checkout'], ['update_checkout', 'checkout'], ['create_cart', 'cart'], ['update_cart', 'cart']]) {
      const discounts = result.tools.find((t: { name: string }) => t.name === name).inputSchema.properties[payload].properties.discounts;
      expect(discounts?.properties?.codes, `${name}: ${payload}.discounts.codes`).toMatchObject({ type: 'array', items: { type: 'string' } });
    }
    console.log(`tools/list: ${bytes} bytes of ${TOOLS_LIST_BUDGET}`);
  });

  it('output schemas compile under draft 2020-12 and draft-07 (the SDK client\'s ajv) and accept real results', async () => {
    const { body } = await post(handler, { jsonrpc: '2.0', id: 4, method: 'tools/list' });
    const a2020 = new Ajv2020({ strict: false });
    const a07 = new Ajv({ strict: false });
    addFormats.default(a2020);
    addFormats.default(a07);
    const schema = (name: string) => body.result.tools.find((t: { name: string }) => t.name === name).outputSchema;
    const results = {
      search_catalog: await callTool(handler, 'search_catalog', { catalog: { query: 'pompe', context: { address_country: 'CH' } } }),
      get_product: await callTool(handler, 'get_product', { catalog: { id: 'no-such-product' } }),
      create_cart: await callTool(handler, 'create_cart', { cart: { line_items: [{ item: { id: STOCKED }, quantity: 1 }] } }),
    };
    for (const [name, result] of Object.entries(results)) {
      for (const ajv of [a2020, a07]) {
        const validate = ajv.compile(schema(name));
        expect(validate(result), `${name}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      }
    }
  });
});

describe('JSON-RPC errors', () => {
  it('unknown method → -32601 "Method not found" inside HTTP 200', async () => {
    const res = await post(handler, { jsonrpc: '2.0', id: 5, method: 'carts/list' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ jsonrpc: '2.0', id: 5, error: { code: -32601, message: 'Method not found' } });
  });

  it('malformed JSON → -32700', async () => {
    const res = await post(handler, '{"jsonrpc": "2.0", "id": 1,');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
  });

  // The SDK judges request objects (one generic message); its id is echoed when readable.
  it.each([
    ['no jsonrpc', { id: 1, method: 'ping' }, 1],
    ['wrong jsonrpc', { jsonrpc: '1.0', id: 1, method: 'ping' }, 1],
    ['no method', { jsonrpc: '2.0', id: 1 }, null],
    ['object id', { jsonrpc: '2.0', id: { a: 1 }, method: 'ping' }, null],
    ['array params', { jsonrpc: '2.0', id: 1, method: 'tools/list', params: [1] }, 1],
    ['a JSON string', '"ping"', null],
    ['null', 'null', null],
  ])('invalid request (%s) → HTTP 400, -32600', async (_label, body, id) => {
    const res = await post(handler, body);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.body).toMatchObject({ jsonrpc: '2.0', id, error: { code: -32600, message: expect.stringMatching(/JSON-RPC/) } });
  });

  it('a posted JSON-RPC response is accepted without a body (MCP 2025-11-25 Streamable HTTP: 202)', async () => {
    const res = await post(handler, { jsonrpc: '2.0', id: 1, result: {} });
    expect(res.status).toBe(202);
    expect(res.text).toBe('');
  });

  // JSON-RPC 2.0 §4: any string or number id; members beyond the four defined ones are not errors.
  it.each([
    ['extra member', { jsonrpc: '2.0', id: 7, method: 'ping', extra: true }, 7],
    ['fractional id', { jsonrpc: '2.0', id: 1.5, method: 'ping' }, 1.5],
    ['negative id', { jsonrpc: '2.0', id: -3, method: 'ping' }, -3],
    ['string id', { jsonrpc: '2.0', id: 'x', method: 'ping' }, 'x'],
    ['id beyond 2^53', { jsonrpc: '2.0', id: 2 ** 60, method: 'ping' }, 2 ** 60],
    ['zero id', { jsonrpc: '2.0', id: 0, method: 'ping' }, 0],
  ])('a valid request with %s is served and its id echoed', async (_label, body, id) => {
    const res = await post(handler, body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ jsonrpc: '2.0', id, result: {} });
  });

  it('an echoed fractional id also comes back on errors and tool results', async () => {
    const unknown = await post(handler, { jsonrpc: '2.0', id: 2.25, method: 'carts/list', extra: [1] });
    expect(unknown.body).toEqual({ jsonrpc: '2.0', id: 2.25, error: { code: -32601, message: 'Method not found' } });
    const list = await post(handler, { jsonrpc: '2.0', id: -0.5, method: 'tools/list', meta: {} });
    expect(list.body.id).toBe(-0.5);
    expect(list.body.result.tools.length).toBeGreaterThan(5);
  });

  it('batches are refused with a clear -32600 (by design: one request per POST)', async () => {
    const res = await post(handler, [{ jsonrpc: '2.0', id: 1, method: 'ping' }, { jsonrpc: '2.0', id: 2, method: 'ping' }]);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: -32600, message: expect.stringMatching(/batch/i) });
  });

  it('unknown tool → -32602 naming the tool', async () => {
    const res = await callRaw(handler, 'create_checkout_now', {});
    expect(res.status).toBe(200);
    expect(res.body.error).toMatchObject({ code: -32602, message: expect.stringContaining('create_checkout_now') });
  });

  it.each([
    ['search_catalog', { catalog: { query: 5 } }, 'catalog.query'],
    ['search_catalog', {}, 'catalog'],
    ['search_catalog', { catalog: {} }, 'catalog.query'],
    ['search_catalog', { catalog: { query: 'x', pagination: { limit: 0 } } }, 'catalog.pagination.limit'],
    ['lookup_catalog', { catalog: { ids: [] } }, 'catalog.ids'],
    ['get_product', { catalog: {} }, 'catalog.id'],
    ['create_cart', { cart: { line_items: [{ item: { id: STOCKED }, quantity: 0 }] } }, 'cart.line_items[0].quantity'],
    ['create_cart', { cart: { line_items: [{ item: {}, quantity: 1 }] } }, 'cart.line_items[0].item.id'],
    ['create_cart', { meta: { 'ucp-agent': {} }, cart: { line_items: [{ item: { id: STOCKED }, quantity: 1 }] } }, 'meta.ucp-agent.profile'],
    ['get_cart', {}, 'id'],
    ['update_cart', { id: 'cart_x' }, 'cart'],
    ['cancel_cart', { id: 'cart_x' }, 'meta.idempotency-key'],
    ['cancel_cart', { id: 'cart_x', meta: {} }, 'meta.idempotency-key'],
  ])('%s with invalid arguments → -32602 naming %j', async (tool, args, path) => {
    const res = await callRaw(handler, tool, args);
    expect(res.status).toBe(200);
    expect(res.body.error.code).toBe(-32602);
    expect(res.body.error.message).toContain(`${tool}: ${path}:`);
    expect(res.body.error.data.argument).toBe(path);
  });

  it('tools/call without a tool name or with non-object arguments → -32602 naming the member (the SDK\'s answer)', async () => {
    const noName = await post(handler, { jsonrpc: '2.0', id: 9, method: 'tools/call', params: { arguments: {} } });
    expect(noName.status).toBe(200);
    expect(noName.body.error.code).toBe(-32602);
    expect(noName.body.error.message).toMatch(/"params",\s*"name"/);
    const badArgs = await post(handler, { jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'get_cart', arguments: 'x' } });
    expect(badArgs.body.error.code).toBe(-32602);
    expect(badArgs.body.error.message).toMatch(/"params",\s*"arguments"/);
  });

  it('GET, PUT and DELETE → 405 with a JSON body; OPTIONS → CORS preflight', async () => {
    for (const method of ['GET', 'PUT', 'DELETE', 'HEAD']) {
      const res = await handler(new Request(ENDPOINT, { method }));
      expect(res.status, method).toBe(405);
      expect(res.headers.get('allow')).toBe('POST, OPTIONS');
      if (method !== 'HEAD') expect((await res.json()).error.message).toMatch(/POST/);
    }
    const pre = await handler(new Request(ENDPOINT, { method: 'OPTIONS' }));
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it('a body that is not JSON by Content-Type → 415 JSON; too large → 413', async () => {
    const form = await post(handler, 'a=b', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(415);
    expect(form.body.error.message).toMatch(/application\/json/);
    const huge = await post(handler, { jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(1_100_000) } });
    expect(huge.status).toBe(413);
  });
});

describe('official MCP SDK client (Streamable HTTP) in-process', () => {
  it('connects, lists tools and calls them; the client validates structuredContent against outputSchema', async () => {
    const client = await sdkClient(handler);
    expect(client.getServerVersion()?.name).toBe('poissons-et-pousses-ucp');
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(TOOLS.length);
    await client.ping();
    const search = await client.callTool({ name: 'search_catalog', arguments: { catalog: { query: 'serre', context: { language: 'de' } } } });
    expect((search.structuredContent as { products: unknown[] }).products.length).toBeGreaterThan(0);
    const cart = await client.callTool({ name: 'create_cart', arguments: { cart: { line_items: [{ item: { id: STOCKED }, quantity: 1 }] } } });
    const id = (cart.structuredContent as { id: string }).id;
    const read = await client.callTool({ name: 'get_cart', arguments: { id } });
    expect((read.structuredContent as { id: string }).id).toBe(id);
    await expect(client.callTool({ name: 'nope', arguments: {} })).rejects.toThrow(/-32602/);
    await client.close();
  });
});

describe('the Netlify function', () => {
  it('routes POST /api/ucp/mcp to the endpoint', async () => {
    expect(config.path).toContain('/api/ucp/mcp');
    const res = await storefront(new Request('http://localhost:8888/api/ucp/mcp', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) }));
    expect(res.status).toBe(200);
    expect((await res.json()).result.tools.length).toBe(TOOLS.length);
  });

  it('runs in production mode without NETLIFY_DEV: an http platform profile is refused', async () => {
    expect(process.env.NETLIFY_DEV).toBeUndefined();
    const body = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_catalog', arguments: { meta: { 'ucp-agent': { profile: 'http://127.0.0.1:9/profile' } }, catalog: { query: 'kit' } } } };
    const res = await storefront(new Request('http://localhost:8888/api/ucp/mcp', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));
    expect(res.status).toBe(400);
    expect((await res.json()).error.data.code).toBe('invalid_profile_url');
  });
});
