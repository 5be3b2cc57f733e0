// The MCP server is built once per function instance and reused by every request, and it keeps
// nothing of a request: two platforms at different UCP versions (and MCP clients at different
// protocol versions) calling at the same time, interleaved, each get their own negotiated
// version and see only their own checkouts.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Server } from '@modelcontextprotocol/server';
import { CAPABILITIES, UCP_VERSIONS } from '../src/ucp/version';
import { callRaw, post, platformProfile, profileServer, ucpHandler } from './helpers/ucp';
import { line } from './helpers/checkout';
import { ITEMS } from './helpers/content';

const STOCKED = String(ITEMS.stocked.variant.id);
const json = (body: unknown) => (res: import('node:http').ServerResponse) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
const profileAt = (version: string) => platformProfile(version, Object.fromEntries(Object.keys(CAPABILITIES).map((c) => [c, [version]])));

let profiles: Awaited<ReturnType<typeof profileServer>>;
beforeAll(async () => {
  profiles = await profileServer(Object.fromEntries(UCP_VERSIONS.map((v) => [`/agent-${v}.json`, json(profileAt(v))])));
});
afterAll(() => profiles.close());

const metaAt = (version: string) => ({ 'ucp-agent': { profile: `${profiles.url}/agent-${version}.json` } });

describe('one MCP server per instance', () => {
  it('sequential requests (initialize, tools/list, tools/call) are all served by the same server object', async () => {
    const { handler } = ucpHandler();
    const connect = vi.spyOn(Server.prototype, 'connect');
    try {
      for (let i = 0; i < 5; i++) {
        expect((await post(handler, { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: `c${i}`, version: '1' } } })).status).toBe(200);
        expect((await post(handler, { jsonrpc: '2.0', id: 2, method: 'tools/list' })).body.result.tools.length).toBeGreaterThan(0);
        expect((await callRaw(handler, 'search_catalog', { catalog: { query: 'kit' } })).status).toBe(200);
      }
      expect(connect).toHaveBeenCalledTimes(15);
      expect(new Set(connect.mock.contexts).size).toBe(1);
    } finally {
      connect.mockRestore();
    }
  });

  it('MCP 2026-07-28 requests reuse a server too: one per protocol era, each kept across requests', async () => {
    const { handler } = ucpHandler();
    const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientInfo': { name: 'c', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} };
    const stateless = (id: number, method: string, params: Record<string, unknown> = {}) => post(handler, { jsonrpc: '2.0', id, method, params: { ...params, _meta: meta } }, {
      'content-type': 'application/json', 'mcp-protocol-version': '2026-07-28', 'mcp-method': method, ...(typeof params.name === 'string' ? { 'mcp-name': params.name } : {}),
    });
    const connect = vi.spyOn(Server.prototype, 'connect');
    try {
      for (let i = 0; i < 3; i++) {
        expect((await stateless(1, 'server/discover')).status).toBe(200);
        expect((await stateless(2, 'tools/list')).body.result.tools.length).toBeGreaterThan(0);
        expect((await stateless(3, 'tools/call', { name: 'search_catalog', arguments: { catalog: { query: 'kit' } } })).status).toBe(200);
        expect((await post(handler, { jsonrpc: '2.0', id: 4, method: 'tools/list' })).status).toBe(200);
      }
      expect(connect).toHaveBeenCalledTimes(12);
      expect(new Set(connect.mock.contexts).size).toBe(2);
    } finally {
      connect.mockRestore();
    }
  });

  it('two platforms at different versions, interleaved concurrently, each get their own version and their own checkouts', async () => {
    const { handler } = ucpHandler();
    const [older, newer] = [...UCP_VERSIONS].sort();
    const round = async (version: string, mcpVersion: string, i: number) => {
      const init = await post(handler, { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: mcpVersion, capabilities: {}, clientInfo: { name: `platform-${version}-${i}`, version: '1' } } });
      const created = await callRaw(handler, 'create_checkout', { meta: metaAt(version), checkout: { line_items: [line(STOCKED, 1 + (i % 3))] } });
      const checkout = created.body.result.structuredContent;
      const read = (await callRaw(handler, 'get_checkout', { meta: metaAt(version), id: checkout.id })).body.result.structuredContent;
      return { version, mcpVersion, init: init.body.result, checkout, read, i };
    };
    const calls = [];
    for (let i = 0; i < 12; i++) {
      calls.push(round(older, '2025-06-18', i));
      calls.push(round(newer, '2025-11-25', i));
    }
    const results = await Promise.all(calls);
    for (const r of results) {
      expect(r.init.protocolVersion, `MCP version of ${r.version} #${r.i}`).toBe(r.mcpVersion);
      expect(r.checkout.ucp.version, `UCP version of ${r.version} #${r.i}`).toBe(r.version);
      expect(r.read.ucp.version).toBe(r.version);
      expect(r.read.id).toBe(r.checkout.id);
      expect(r.read.line_items[0].quantity).toBe(1 + (r.i % 3));
    }
    // A platform never reads another's checkout, even from a server that just served that platform.
    const byVersion = (v: string) => results.filter((r) => r.version === v);
    const crossed = await Promise.all(byVersion(older).map(async (r, k) => {
      const theirs = byVersion(newer)[k].checkout.id;
      return (await callRaw(handler, 'get_checkout', { meta: metaAt(older), id: theirs })).body.result.structuredContent;
    }));
    for (const answer of crossed) {
      expect(answer.ucp.version).toBe(older);
      expect(answer.messages?.[0]?.code).toBe('not_found');
    }
  });
});
