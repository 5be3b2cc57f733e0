/**
 * The MCP server object of the endpoint, on the official SDK's low-level `Server`
 * (@modelcontextprotocol/sdk 1.32): it answers `initialize` (protocol version negotiation),
 * `notifications/initialized`, `ping`, `tools/list` and `tools/call`, and -32601 for anything
 * else. Tool calls go to src/ucp/service.ts; the UCP payload is returned in
 * `structuredContent` and, as the same JSON, in a text content block (docs/agent-commerce.md "MCP envelope").
 * `isError` is never set: business outcomes are ordinary results with UCP messages.
 *
 * Servers are built once per function instance and reused (`McpServers`): an SDK `Server`
 * serves one transport at a time, so a request borrows an idle server, connects it to the
 * request's own stateless transport, and returns it closed. A server keeps nothing of a request:
 * `initialize` is answered without storing the client's capabilities or info (the SDK's own
 * handler would), and closing drops the transport and any pending handler.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, InitializeRequestSchema, LATEST_PROTOCOL_VERSION, ListToolsRequestSchema, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import type { UcpService } from './service';
import { toolList } from './tools/registry';
import { UCP_VERSION } from './version';

export const SERVER_INFO = { name: 'poissons-et-pousses-ucp', title: 'Poissons & Pousses — UCP shopping', version: UCP_VERSION } as const;

const INSTRUCTIONS =
  `Universal Commerce Protocol ${UCP_VERSION} shopping service of Poissons & Pousses (aquaponics and hydroponics equipment, prices in EUR cents). ` +
  'Flow: search_catalog → create_cart (line_items[].item.id = a variant id) → create_checkout (cart_id) → update_checkout (buyer email, shipping address, shipping option) → ' +
  'the buyer approves on the store\'s page at continue_url → complete_checkout (payment, idempotency key) → get_order. ' +
  'Send arguments.meta["ucp-agent"].profile with your UCP profile URL when you have one, context.address_country and context.language for prices, availability and language, ' +
  'and meta["idempotency-key"] (a UUID) on writes you may retry.';

/** What the server offers: tools, a list that never changes while the deploy runs. */
const CAPABILITIES = { tools: { listChanged: false } };

/** A new MCP server wired to the UCP service; connect it to one transport at a time. */
export function createMcpServer(service: UcpService): Server {
  const server = new Server(SERVER_INFO, { capabilities: CAPABILITIES, instructions: INSTRUCTIONS });
  // The SDK's answer (MCP lifecycle, version negotiation: the client's version when supported,
  // else the latest), without keeping the client's capabilities and info on a reused server.
  server.setRequestHandler(InitializeRequestSchema, async (request) => ({
    protocolVersion: SUPPORTED_PROTOCOL_VERSIONS.includes(request.params.protocolVersion) ? request.params.protocolVersion : LATEST_PROTOCOL_VERSION,
    capabilities: CAPABILITIES,
    serverInfo: SERVER_INFO,
    instructions: INSTRUCTIONS,
  }));
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: toolList() as never }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const headers = (extra.requestInfo?.headers ?? {}) as Record<string, string | undefined>;
    const payload = await service.callTool(request.params.name, request.params.arguments, headers, extra.requestInfo?.url?.origin);
    return { structuredContent: payload as Record<string, unknown>, content: [{ type: 'text' as const, text: JSON.stringify(payload) }] };
  });
  return server;
}

/** MCP servers of one UCP service, built once per function instance and lent to one request at a time. */
export interface McpServers {
  /**
   * Runs `work` with an idle server (built when none is idle: only while requests overlap),
   * then closes the server's connection and keeps it for the next request.
   * @returns what `work` returns; rethrows what it throws
   */
  use<T>(work: (server: Server) => Promise<T>): Promise<T>;
}

/** Idle servers kept per service: one serves a Netlify instance (one request at a time); more only for in-process concurrency. */
const MAX_IDLE = 8;

/**
 * The servers of `service`. Building a `Server` costs its handler table and a JSON Schema
 * validator; reused, each request pays only for its transport.
 * @param service the process's UCP service
 */
export function mcpServers(service: UcpService): McpServers {
  const idle: Server[] = [];
  return {
    async use(work) {
      const server = idle.pop() ?? createMcpServer(service);
      try {
        return await work(server);
      } finally {
        await server.close().catch(() => undefined);
        if (idle.length < MAX_IDLE) idle.push(server);
      }
    },
  };
}
