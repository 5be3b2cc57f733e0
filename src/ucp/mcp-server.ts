/**
 * The MCP server object of the endpoint, on the official SDK v2's low-level `Server`
 * (@modelcontextprotocol/server 2.4). The SDK answers the protocol itself: `server/discover`
 * (MCP 2026-07-28), `initialize` and `notifications/initialized` (2025-11-25 and earlier),
 * `ping`, and -32601 for anything else; this module registers `tools/list` and `tools/call`.
 * Tool calls go to src/ucp/service.ts; the UCP payload is returned in `structuredContent` and,
 * as the same JSON, in a text content block (docs/agent-commerce.md "MCP envelope").
 * `isError` is never set: business outcomes are ordinary results with UCP messages.
 *
 * Servers are built once per function instance and reused (`McpServers`): the SDK's handler
 * (`createMcpHandler`, src/http/mcp-route.ts) asks a factory for a server per request, connects it
 * to that request's own transport and closes it after the response; the factory lends an idle
 * server of the request's protocol era and takes it back when it closes. Era is instance state
 * in the SDK (a 2026-07-28 exchange binds the instance to that revision), so each era has its
 * own idle servers. A request leaves nothing a later request reads: tool handlers take
 * everything from the request itself.
 */
import type { LinkedAccount } from '../commerce/owner';
import { Server, type CacheHint, type McpServerFactory } from '@modelcontextprotocol/server';
import type { UcpService } from './service';
import { toolList } from './tools/registry';
import { UCP_VERSION } from './version';

export const SERVER_INFO = { name: 'poissons-et-pousses-ucp', title: 'Poissons & Pousses — UCP shopping', version: UCP_VERSION } as const;

const INSTRUCTIONS =
  `Universal Commerce Protocol ${UCP_VERSION} shopping service of Poissons & Pousses (aquaponics and hydroponics equipment, prices in EUR cents). ` +
  'Flow: search_catalog → create_cart (line_items[].item.id = a variant id) → create_checkout (cart_id) → update_checkout (a full replacement: send the whole checkout each time, with buyer email, shipping address, shipping option) → ' +
  'the buyer approves on the store\'s page at continue_url → complete_checkout (payment, idempotency key) → get_order. ' +
  'Send arguments.meta["ucp-agent"].profile with your UCP profile URL when you have one, context.address_country and context.language for prices, availability and language, ' +
  'and meta["idempotency-key"] (a UUID) on writes you may retry.';

/** What the server offers: tools, a list that never changes while the deploy runs. */
const CAPABILITIES = { tools: { listChanged: false } };

/**
 * Cache hints of the cacheable results (MCP 2026-07-28, SEP-2549 `ttlMs`/`cacheScope`; the SDK
 * adds them to 2026-07-28 answers only). The tool list and the server's description change only
 * with a deploy (a new catalog or new code), and are the same for every client, so shared
 * caches may keep them for an hour.
 */
export const CACHE_HINTS: Partial<Record<'tools/list' | 'server/discover', CacheHint>> = {
  'tools/list': { ttlMs: 3_600_000, cacheScope: 'public' },
  'server/discover': { ttlMs: 3_600_000, cacheScope: 'public' },
};

/** A new MCP server wired to the UCP service; connect it to one transport at a time. */
export function createMcpServer(service: UcpService): Server {
  const server = new Server(SERVER_INFO, { capabilities: CAPABILITIES, instructions: INSTRUCTIONS, cacheHints: CACHE_HINTS });
  server.setRequestHandler('tools/list', async () => ({ tools: toolList() as never }));
  server.setRequestHandler('tools/call', async (request, ctx) => {
    const http = ctx.http?.req;
    const headers = http ? Object.fromEntries(http.headers) : {};
    const origin = http ? new URL(http.url).origin : undefined;
    // The account of a linked call, its token checked by the route (src/http/bearer-gate.ts).
    const account = (ctx.http?.authInfo?.extra as { account?: LinkedAccount } | undefined)?.account;
    const payload = await service.callTool(request.params.name, request.params.arguments, headers, origin, account);
    return { structuredContent: payload as Record<string, unknown>, content: [{ type: 'text' as const, text: JSON.stringify(payload) }] };
  });
  return server;
}

/** MCP servers of one UCP service, built once per function instance and lent to one request at a time. */
export interface McpServers {
  /**
   * An idle server of this protocol era (built when none is idle: only while requests overlap);
   * it returns to the idle list when it is closed after its exchange.
   */
  lend(era: Era): Server;
  /** `lend` as the server factory of the SDK's `createMcpHandler`. */
  factory: McpServerFactory;
  /** How many servers are idle, per era (tests, bench). */
  idle(): { legacy: number; modern: number };
}

/** The SDK's protocol eras: 2026-07-28 and later (`modern`), 2025-11-25 and earlier (`legacy`). */
export type Era = 'legacy' | 'modern';

/** Idle servers kept per era: one serves a Netlify instance (one request at a time); more only for in-process concurrency. */
const MAX_IDLE = 8;

/**
 * The servers of `service`. Building a `Server` costs its handler table and a JSON Schema
 * validator; reused, each request pays only for its transport.
 * @param service the process's UCP service
 */
export function mcpServers(service: UcpService): McpServers {
  const idle: Record<Era, Server[]> = { legacy: [], modern: [] };
  const lend = (era: Era): Server => {
    const server = idle[era].pop() ?? createMcpServer(service);
    // The SDK restores its own onclose after a 2026-07-28 exchange and calls this one; a
    // 2025-era exchange closes the server directly. Either way it comes back once, idle.
    server.onclose = () => {
      if (idle[era].length < MAX_IDLE && !idle[era].includes(server)) idle[era].push(server);
    };
    return server;
  };
  return {
    lend,
    factory: ({ era }) => lend(era),
    idle: () => ({ legacy: idle.legacy.length, modern: idle.modern.length }),
  };
}
