/**
 * `POST /api/ucp/mcp` (docs/agent-commerce.md "Transport"; UCP MCP binding, https://ucp.dev/2026-08-25/specification/overview): JSON-RPC 2.0 / MCP
 * Streamable HTTP, stateless, JSON responses, through the SDK's
 * `WebStandardStreamableHTTPServerTransport`. Before the transport sees a request this route:
 * - answers OPTIONS (CORS preflight) and refuses every method but POST with 405 JSON (a GET
 *   would open an event stream that never closes, docs/decisions.md "Platform constraints");
 * - accepts `Accept: application/json` or none (the transport insists on both JSON and SSE);
 * - parses the body itself: malformed JSON → -32700; a batch → -32600 (MCP 2025-06-18 removed
 *   JSON-RPC batching; one request per POST keeps HTTP statuses and idempotency per request);
 *   an invalid request object → -32600; invalid params of a known method → -32602 naming it;
 *   -32700 and -32600 are HTTP 400 (as the SDK's own transport answers them);
 * - serves every valid JSON-RPC 2.0 request: extra members are ignored and any string or number
 *   id is echoed, though the SDK's schema is stricter (`forSdk`).
 * After it, the HTTP status follows the JSON-RPC error (src/ucp/errors.ts `httpStatusOf`):
 * -32601 and -32602 in 200, UCP -32001/-32000 with their table status (400/409/422/424/503).
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { CallToolRequestSchema, InitializeRequestSchema, ListToolsRequestSchema, PingRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { UcpService } from '../ucp/service';
import { firstIssue } from '../validation/issues';
import { RPC, httpStatusOf } from '../ucp/errors';
import { type McpServers, mcpServers } from '../ucp/mcp-server';
import { CACHE, JSON_TYPE, UCP_MAX_BODY } from './responses';

/** Largest request body accepted, in bytes. */
export const MCP_MAX_BODY = UCP_MAX_BODY;

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'content-type, accept, mcp-protocol-version, mcp-session-id, idempotency-key, ucp-agent',
  'access-control-expose-headers': 'mcp-session-id',
  'access-control-max-age': '86400',
};

type Id = string | number | null;

/** A JSON-RPC body as plain JSON (no Shopify escaping: this is not a storefront endpoint), never cached. */
function rpcJson(status: number, body: unknown, extra: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': JSON_TYPE, 'cache-control': CACHE.none, ...CORS, ...extra } });
}

function rpcError(status: number, id: Id, code: number, message: string, data?: unknown, extra: Record<string, string> = {}): Response {
  return rpcJson(status, { jsonrpc: '2.0', id, error: { code, message, ...(data === undefined ? {} : { data }) } }, extra);
}

/** SDK schemas of the methods with params worth checking before dispatch. */
const PARAMS = {
  initialize: InitializeRequestSchema,
  ping: PingRequestSchema,
  'tools/list': ListToolsRequestSchema,
  'tools/call': CallToolRequestSchema,
} as const;

/**
 * Checks one JSON-RPC message.
 * @returns an error response, or null when the message can go to the transport
 */
function checkMessage(message: unknown): Response | null {
  if (Array.isArray(message)) {
    return rpcError(400, null, RPC.invalidRequest, 'Invalid Request: batch requests are not supported; send one JSON-RPC request per POST');
  }
  if (!message || typeof message !== 'object') return rpcError(400, null, RPC.invalidRequest, 'Invalid Request: the body must be a JSON-RPC 2.0 request object');
  const m = message as Record<string, unknown>;
  const idOk = m.id === undefined || typeof m.id === 'string' || (typeof m.id === 'number' && Number.isFinite(m.id));
  const id: Id = idOk && m.id !== undefined ? (m.id as string | number) : null;
  const invalid = (why: string) => rpcError(400, id, RPC.invalidRequest, `Invalid Request: ${why}`);
  if (m.jsonrpc !== '2.0') return invalid('"jsonrpc" must be "2.0"');
  if (typeof m.method !== 'string' || m.method === '') return invalid('"method" must be a non-empty string');
  if (!idOk) return invalid('"id" must be a string or a number');
  if (m.params !== undefined && (typeof m.params !== 'object' || m.params === null || Array.isArray(m.params))) return invalid('"params" must be an object');
  // Own keys only: a method named "constructor" or "toString" must not reach Object.prototype.
  const schema = Object.hasOwn(PARAMS, m.method) ? PARAMS[m.method as keyof typeof PARAMS] : undefined;
  if (schema && m.id !== undefined) {
    const parsed = schema.safeParse({ method: m.method, params: m.params });
    if (!parsed.success) {
      const { path, message } = firstIssue(parsed.error, 'arguments');
      return rpcError(200, id, RPC.invalidParams, `Invalid params: ${path}: ${message}`, { argument: path });
    }
  }
  return null;
}

/** Id the SDK sees in place of a valid JSON-RPC id its own schema refuses (a fraction, an unsafe integer). */
const SDK_ID = 0;

/**
 * The checked message as the SDK's strict JSON-RPC schema accepts it. JSON-RPC 2.0 lets a request
 * carry members the SDK refuses (extra members, which it answers -32700) and ids it refuses
 * (any number, e.g. `1.5`): extra members are dropped, and such an id is replaced for the SDK and
 * put back into the response, so every valid request is served and its id echoed.
 * @param message a message `checkMessage` accepted
 * @returns the message for the SDK, and a function restoring the original id in the response text
 */
function forSdk(message: Record<string, unknown>): { sdkMessage: Record<string, unknown>; restoreId: (text: string) => string } {
  const { jsonrpc, id, method, params } = message;
  const substitute = typeof id === 'number' && !Number.isSafeInteger(id);
  const sdkMessage = { jsonrpc, method, ...(id === undefined ? {} : { id: substitute ? SDK_ID : id }), ...(params === undefined ? {} : { params }) };
  const restoreId = (text: string) => (substitute ? JSON.stringify({ ...JSON.parse(text), id }) : text);
  return { sdkMessage, restoreId };
}

/**
 * The MCP servers of each UCP service (one service per function instance): a per-instance cache
 * of servers whose handlers never change and which keep no request state (src/ucp/mcp-server.ts),
 * so every request reuses them instead of building its own.
 */
const serversOf = new WeakMap<UcpService, McpServers>();

/**
 * Handles one request to the MCP endpoint.
 * @param service the process's UCP service (src/ucp/service.ts)
 * @returns a JSON response (or 202/204 without body); never throws
 */
export async function mcpRoute(request: Request, service: UcpService): Promise<Response> {
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS });
  if (request.method !== 'POST') {
    return rpcError(405, null, RPC.server, `Method Not Allowed: send JSON-RPC requests with POST (got ${request.method})`, undefined, { allow: 'POST, OPTIONS' });
  }
  const type = request.headers.get('content-type');
  if (type && !/^application\/json\s*(;|$)/i.test(type)) {
    return rpcError(415, null, RPC.invalidRequest, `Unsupported Media Type: send Content-Type: application/json (got ${type})`);
  }
  const text = await request.text();
  if (Buffer.byteLength(text) > MCP_MAX_BODY) return rpcError(413, null, RPC.invalidRequest, `Request body larger than ${MCP_MAX_BODY} bytes`);
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return rpcError(400, null, RPC.parseError, 'Parse error: the body is not valid JSON');
  }
  const refused = checkMessage(message);
  if (refused) return refused;
  const { sdkMessage, restoreId } = forSdk(message as Record<string, unknown>);

  const headers = new Headers(request.headers);
  headers.set('accept', 'application/json, text/event-stream');
  headers.set('content-type', 'application/json');
  const normalised = new Request(request.url, { method: 'POST', headers });
  let servers = serversOf.get(service);
  if (!servers) serversOf.set(service, (servers = mcpServers(service)));
  return servers.use(async (server) => {
    // A stateless transport serves one request (the SDK refuses to reuse it); the server is reused.
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    const response = await transport.handleRequest(normalised, { parsedBody: sdkMessage });
    if (response.status === 202 || !response.body) return new Response(null, { status: response.status, headers: CORS });
    const text = restoreId(await response.text());
    // Only an error changes the status: skip re-parsing results that cannot contain one.
    const status = response.status === 200 && text.includes('"error"') ? httpStatusOf(JSON.parse(text)) : response.status;
    // A 503 (database unavailable) tells the client when to retry (RFC 9110 §10.2.3).
    const retry: Record<string, string> = status === 503 ? { 'retry-after': '5' } : {};
    return new Response(text, { status, headers: { 'content-type': JSON_TYPE, 'cache-control': CACHE.none, ...CORS, ...retry } });
  });
}
