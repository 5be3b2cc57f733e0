/**
 * The MCP server object of the endpoint, on the official SDK's low-level `Server`
 * (@modelcontextprotocol/sdk 1.32): it answers `initialize` (protocol version negotiation),
 * `notifications/initialized`, `ping`, `tools/list` and `tools/call`, and -32601 for anything
 * else. Tool calls go to src/ucp/service.ts; the UCP payload is returned in
 * `structuredContent` and, as the same JSON, in a text content block (docs/agent-commerce.md "MCP envelope").
 * `isError` is never set: business outcomes are ordinary results with UCP messages.
 *
 * The server is stateless and cheap to create (the tool list is computed once per process),
 * so the HTTP route creates one per request: an SDK `Server` can be connected to one
 * transport at a time, and sharing one across concurrent requests is not safe.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
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

/** A new MCP server wired to the UCP service; connect it to one transport. */
export function createMcpServer(service: UcpService): Server {
  const server = new Server(SERVER_INFO, { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: toolList() as never }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const headers = (extra.requestInfo?.headers ?? {}) as Record<string, string | undefined>;
    const payload = await service.callTool(request.params.name, request.params.arguments, headers, extra.requestInfo?.url?.origin);
    return { structuredContent: payload as Record<string, unknown>, content: [{ type: 'text' as const, text: JSON.stringify(payload) }] };
  });
  return server;
}
