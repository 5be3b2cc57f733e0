// docs/agent-commerce.md "Transport": POST /api/ucp/mcp serves MCP 2026-07-28 (stateless: `_meta` on every
// request, server/discover, Mcp-Method/Mcp-Name headers that must match the body) beside
// 2025-11-25 (initialize). Proved with the official SDK v2 client (pinned to 2026-07-28, and in
// its default legacy mode) and the SDK v1 client, in-process, and with raw requests for the
// refusals the revision prescribes.
import { describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { ENDPOINT, post, sdkClient, ucpHandler, type Handler } from './helpers/ucp';
import { TOOLS, TOOLS_LIST_BUDGET } from '../src/ucp/tools/registry';
import { CACHE_HINTS } from '../src/ucp/mcp-server';
import { ITEMS } from './helpers/content';
import { MCP_REVISIONS, STATELESS_REQUEST } from '../src/discovery/agent-docs';

const STOCKED = String(ITEMS.stocked.variant.id);
const MODERN = '2026-07-28';
const { handler } = ucpHandler();

interface Sent { headers: Headers; body: any }

/** An SDK v2 client on the handler in-process; `sent` records every request it makes. */
async function v2Client(h: Handler, mode: 'legacy' | { pin: string }): Promise<{ client: Client; sent: Sent[] }> {
  const sent: Sent[] = [];
  const fetchInProcess = async (url: string | URL, init?: RequestInit) => {
    const request = new Request(url, init);
    sent.push({ headers: request.headers, body: JSON.parse(await request.clone().text()) });
    return h(request);
  };
  const client = new Client({ name: 'revisions-test', version: '1' }, { versionNegotiation: { mode } });
  await client.connect(new StreamableHTTPClientTransport(new URL(ENDPOINT), { fetch: fetchInProcess }));
  return { client, sent };
}

/** The `_meta` envelope of a 2026-07-28 request. */
const envelope = (version = MODERN) => ({
  'io.modelcontextprotocol/protocolVersion': version,
  'io.modelcontextprotocol/clientInfo': { name: 'curl', version: '8' },
  'io.modelcontextprotocol/clientCapabilities': {},
});

/** A raw 2026-07-28 request: the routing headers as given (default: matching the body). */
function modern(method: string, params: Record<string, unknown>, headers: Record<string, string> = {}, id: unknown = 1) {
  const name: Record<string, string> = typeof params.name === 'string' ? { 'mcp-name': params.name } : {};
  return post(handler, { jsonrpc: '2.0', id, method, params: { ...params, _meta: envelope() } }, {
    'content-type': 'application/json', accept: 'application/json', 'mcp-protocol-version': MODERN, 'mcp-method': method, ...name, ...headers,
  });
}

describe('MCP 2026-07-28 through the SDK v2 client pinned to it', () => {
  it('discovers with server/discover, then lists tools and buys with _meta and the routing headers on every request', async () => {
    const { client, sent } = await v2Client(handler, { pin: MODERN });
    expect(client.getDiscoverResult()?.supportedVersions).toContain(MODERN);
    expect(client.getServerVersion()?.name).toBe('poissons-et-pousses-ucp');
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(TOOLS.length);
    const cart = await client.callTool({ name: 'create_cart', arguments: { cart: { line_items: [{ item: { id: STOCKED }, quantity: 2 }] } } });
    const id = (cart.structuredContent as { id: string }).id;
    expect(id).toMatch(/\S/);
    const checkout = await client.callTool({ name: 'create_checkout', arguments: { checkout: { cart_id: id } } });
    expect((checkout.structuredContent as { line_items: Array<{ quantity: number }> }).line_items[0].quantity).toBe(2);
    await client.close();

    const methods = sent.map((s) => s.body.method);
    expect(methods[0]).toBe('server/discover');
    expect(methods).not.toContain('initialize');
    for (const { headers, body } of sent) {
      expect(headers.get('mcp-protocol-version'), body.method).toBe(MODERN);
      expect(headers.get('mcp-method'), body.method).toBe(body.method);
      if (body.method === 'tools/call') expect(headers.get('mcp-name')).toBe(body.params.name);
      if (body.id !== undefined) expect(body.params._meta['io.modelcontextprotocol/protocolVersion'], body.method).toBe(MODERN);
    }
  });

  it('invalid tool arguments are still -32602 naming the argument', async () => {
    const { client } = await v2Client(handler, { pin: MODERN });
    await expect(client.callTool({ name: 'create_cart', arguments: { cart: { line_items: [{ item: { id: STOCKED }, quantity: 0 }] } } }))
      .rejects.toMatchObject({ code: -32602, message: expect.stringContaining('create_cart: cart.line_items[0].quantity:') });
    await client.close();
    const raw = await modern('tools/call', { name: 'get_cart', arguments: {} });
    expect(raw.status).toBe(200);
    expect(raw.body.error).toMatchObject({ code: -32602, data: { argument: 'id' } });
  });
});

describe('MCP 2025-11-25 clients work as before', () => {
  it('the SDK v2 client in its default (legacy) mode initializes and buys', async () => {
    const { client, sent } = await v2Client(handler, 'legacy');
    expect(sent[0].body.method).toBe('initialize');
    expect(client.getDiscoverResult()).toBeUndefined();
    const cart = await client.callTool({ name: 'create_cart', arguments: { cart: { line_items: [{ item: { id: STOCKED }, quantity: 1 }] } } });
    expect((cart.structuredContent as { id: string }).id).toMatch(/\S/);
    expect(sent.every((s) => s.body.params?._meta?.['io.modelcontextprotocol/protocolVersion'] === undefined)).toBe(true);
    await client.close();
  });

  it('the SDK v1 client initializes at 2025-11-25 and calls tools', async () => {
    const client = await sdkClient(handler);
    const cart = await client.callTool({ name: 'create_cart', arguments: { cart: { line_items: [{ item: { id: STOCKED }, quantity: 1 }] } } });
    expect((cart.structuredContent as { id: string }).id).toMatch(/\S/);
    await client.close();
  });
});

describe('what the 2026-07-28 revision refuses', () => {
  it('Mcp-Method or Mcp-Name disagreeing with the body → HTTP 400, -32020 naming both', async () => {
    const method = await modern('tools/list', {}, { 'mcp-method': 'tools/call' });
    expect(method.status).toBe(400);
    expect(method.body.error).toMatchObject({ code: -32020, data: { mismatch: { header: 'tools/call' } } });
    const name = await modern('tools/call', { name: 'search_catalog', arguments: { catalog: { query: 'kit' } } }, { 'mcp-name': 'get_order' });
    expect(name.status).toBe(400);
    expect(name.body.error).toMatchObject({ code: -32020, data: { mismatch: { header: 'get_order' } } });
    expect(name.body.id).toBe(1);
    const missing = await modern('tools/list', {}, { 'mcp-protocol-version': '' });
    expect(missing.status).toBe(400);
  });

  it('an unknown revision in _meta → HTTP 400, -32022 with the supported revisions', async () => {
    const res = await post(handler, { jsonrpc: '2.0', id: 4, method: 'tools/list', params: { _meta: envelope('2030-01-01') } }, {
      'content-type': 'application/json', 'mcp-protocol-version': '2030-01-01', 'mcp-method': 'tools/list',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ id: 4, error: { code: -32022, data: { requested: '2030-01-01', supported: expect.arrayContaining([MODERN]) } } });
  });

  it('an unknown MCP-Protocol-Version on a 2025-era request → HTTP 400 naming the supported versions', async () => {
    const res = await post(handler, { jsonrpc: '2.0', id: 5, method: 'tools/list' }, { 'content-type': 'application/json', 'mcp-protocol-version': '1999-01-01' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/1999-01-01.*2025-11-25/);
  });
});

describe('cache hints and JSON-RPC edges at 2026-07-28', () => {
  it('server/discover and tools/list carry the cache hints; 2025-era answers do not', async () => {
    const discover = await modern('server/discover', {});
    expect(discover.status).toBe(200);
    expect(discover.body.result).toMatchObject({ supportedVersions: [MODERN], ...CACHE_HINTS['server/discover'] });
    const list = await modern('tools/list', {});
    expect(list.body.result).toMatchObject(CACHE_HINTS['tools/list']!);
    expect(list.body.result.ttlMs).toBeGreaterThan(0);
    expect(Buffer.byteLength(list.text), 'the 2026-07-28 tools/list stays within the budget').toBeLessThanOrEqual(TOOLS_LIST_BUDGET);
    const legacy = await post(handler, { jsonrpc: '2.0', id: 2, method: 'tools/list' });
    expect(legacy.body.result).not.toHaveProperty('ttlMs');
    expect(legacy.body.result.tools).toEqual(list.body.result.tools);
    console.log(`tools/list bytes: ${Buffer.byteLength(legacy.text)} (2025-11-25), ${Buffer.byteLength(list.text)} (2026-07-28); budget ${TOOLS_LIST_BUDGET}`);
  });

  it('extra members and any number as id are served, the id echoed; JSON only', async () => {
    const res = await post(handler, { jsonrpc: '2.0', id: 2.5, method: 'tools/list', extra: true, params: { _meta: envelope() } }, {
      'content-type': 'application/json', accept: 'application/json', 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/list',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.body.id).toBe(2.5);
    expect(res.body.result.tools).toHaveLength(TOOLS.length);
  });
});

describe('agents.md and llms.txt', () => {
  it('the documented 2026-07-28 request, headers and _meta as shown, is served', async () => {
    const res = await post(handler, STATELESS_REQUEST.body, STATELESS_REQUEST.headers);
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.body.result.structuredContent.products.length).toBeGreaterThan(0);
  });

  it('the revisions they state are the ones served', async () => {
    const discover = await modern('server/discover', {});
    expect(discover.body.result.supportedVersions).toContain(MCP_REVISIONS.stateless);
    const init = await post(handler, { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: MCP_REVISIONS.initialize, capabilities: {}, clientInfo: { name: 'curl', version: '8' } } });
    expect(init.body.result.protocolVersion).toBe(MCP_REVISIONS.initialize);
  });
});
