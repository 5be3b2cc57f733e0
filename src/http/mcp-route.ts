/**
 * `POST /api/ucp/mcp` (docs/agent-commerce.md "Transport"; UCP MCP binding, https://ucp.dev/2026-08-25/specification/overview):
 * JSON-RPC 2.0 / MCP Streamable HTTP, stateless, JSON responses, two MCP revisions on the SDK v2
 * (@modelcontextprotocol/server 2.4):
 * - 2026-07-28 (stateless: `_meta` on each request, `server/discover`, the `Mcp-Method`/`Mcp-Name`
 *   headers checked against the body, -32022 for an unknown revision) is served by the SDK's
 *   `createMcpHandler`, which owns the whole validation ladder;
 * - 2025-11-25 and earlier (`initialize`, no `_meta` envelope) by the SDK's
 *   `WebStandardStreamableHTTPServerTransport` in stateless JSON mode, one per request, as the SDK
 *   documents for hand-wired compositions (`isLegacyRequest`).
 * Both legs borrow their server from the instance's pool (src/ucp/mcp-server.ts).
 *
 * What this route still does itself, each for a rule the SDK does not serve:
 * - OPTIONS (CORS preflight) and 405 JSON for every method but POST: a GET would open an event
 *   stream that never closes (docs/decisions.md "Platform constraints");
 * - 415 for a non-JSON Content-Type before reading the body (the SDK asks hand-wired
 *   compositions to do it), 413 over MCP_MAX_BODY, -32700 for malformed JSON (JSON-RPC 2.0 §5.1);
 * - a batch → -32600: MCP 2025-06-18 removed JSON-RPC batching; one request per POST keeps
 *   HTTP statuses and idempotency per request;
 * - JSON-RPC 2.0 §4 lets a request carry members beyond the four it defines and any number as
 *   id; the SDK's schema refuses both (`forSdk`);
 * - an `Accept: application/json` client gets JSON: this store never streams, while the 2025
 *   transport insists on both JSON and SSE;
 * - the HTTP status of a tool's UCP error (src/ucp/errors.ts `httpStatusOf`: -32000/-32001 with
 *   their table status 400/409/422/424/429/503), which the SDK answers inside a 200.
 * Everything else (-32600 for an invalid request object, -32601, -32602 for invalid params of
 * MCP methods, the 2026-07-28 header and envelope checks) is the SDK's answer.
 */
import { type AuthInfo, SUPPORTED_PROTOCOL_VERSIONS, WebStandardStreamableHTTPServerTransport, createMcpHandler, isJsonContentType, isLegacyRequest, type McpHttpHandler } from '@modelcontextprotocol/server';
import { bearerGate, ucpCodeOf } from './bearer-gate';
import type { UcpService } from '../ucp/service';
import { RPC, httpStatusOf } from '../ucp/errors';
import { type McpServers, mcpServers } from '../ucp/mcp-server';
import { CACHE, JSON_TYPE, UCP_MAX_BODY } from './responses';

/** The stateless revision (MCP 2026-07-28), and its error for a revision not served. */
const MODERN_REVISION = '2026-07-28';
const UNSUPPORTED_REVISION = -32022;

/** Largest request body accepted, in bytes. */
export const MCP_MAX_BODY = UCP_MAX_BODY;

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'content-type, accept, authorization, mcp-protocol-version, mcp-method, mcp-name, idempotency-key, ucp-agent',
  'access-control-expose-headers': 'www-authenticate',
  'access-control-max-age': '86400',
};

/** A JSON-RPC body as plain JSON (no Shopify escaping: this is not a storefront endpoint), never cached. */
function rpcJson(status: number, text: string, extra: Record<string, string> = {}): Response {
  return new Response(text, { status, headers: { 'content-type': JSON_TYPE, 'cache-control': CACHE.none, ...CORS, ...extra } });
}

function rpcError(status: number, code: number, message: string, extra: Record<string, string> = {}): Response {
  return rpcJson(status, JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } }), extra);
}

/** Id the SDK sees in place of a valid JSON-RPC id its own schema refuses (a fraction, an unsafe integer). */
const SDK_ID = 0;

/**
 * The message as the SDK's strict JSON-RPC schema accepts it, when JSON-RPC 2.0 accepts it
 * too: a request's members beyond `jsonrpc`, `id`, `method` and `params` are dropped, and an id
 * that is a number but not a safe integer (`1.5`, `2**60`) is replaced for the SDK and put back
 * into the response. Anything else goes to the SDK as it came, for the SDK to judge.
 * @param message the parsed body (not an array)
 * @returns the message for the SDK, and a function restoring the original id in the response text
 */
function forSdk(message: unknown): { sdkMessage: unknown; restoreId: (text: string) => string } {
  const same = { sdkMessage: message, restoreId: (text: string) => text };
  if (!message || typeof message !== 'object' || typeof (message as { method?: unknown }).method !== 'string') return same;
  const { jsonrpc, id, method, params } = message as Record<string, unknown>;
  const substitute = typeof id === 'number' && Number.isFinite(id) && !Number.isSafeInteger(id);
  const sdkMessage = { jsonrpc, method, ...(id === undefined ? {} : { id: substitute ? SDK_ID : id }), ...(params === undefined ? {} : { params }) };
  const restoreId = (text: string) => (substitute && text ? JSON.stringify({ ...JSON.parse(text), id }) : text);
  return { sdkMessage, restoreId };
}

/** The endpoint of one UCP service: its server pool and the SDK's 2026-07-28 handler over it. */
interface Endpoint { servers: McpServers; modern: McpHttpHandler }

/** Per function instance (one UCP service per instance): built on first use, reused by every request. */
const endpoints = new WeakMap<UcpService, Endpoint>();

function endpointOf(service: UcpService): Endpoint {
  let endpoint = endpoints.get(service);
  if (!endpoint) {
    const servers = mcpServers(service);
    // 'reject': 2025-era requests never reach it (the route sends them to `serveLegacy`).
    endpoint = { servers, modern: createMcpHandler(servers.factory, { legacy: 'reject' }) };
    endpoints.set(service, endpoint);
  }
  return endpoint;
}

/**
 * A 2025-era request (no `_meta` envelope): a pooled server on a stateless transport that
 * answers JSON (MCP 2025-11-25 Streamable HTTP: the server may answer a POST with a single
 * JSON object), closed after the response, which returns the server to the pool.
 */
async function serveLegacy(servers: McpServers, request: Request, message: unknown, authInfo: AuthInfo | undefined): Promise<Response> {
  const server = servers.lend('legacy');
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  const headers = new Headers(request.headers);
  headers.set('accept', 'application/json, text/event-stream');
  try {
    await server.connect(transport);
    return await transport.handleRequest(new Request(request.url, { method: 'POST', headers }), { parsedBody: message, ...(authInfo ? { authInfo } : {}) });
  } finally {
    await server.close().catch(() => undefined);
  }
}

/**
 * The bearer gate of a request (src/http/bearer-gate.ts): its AuthInfo for the SDK when linked,
 * or the answer refusing it — the SDK's challenge (401 or 403, `WWW-Authenticate`) with a
 * JSON-RPC error body naming the UCP code (`identity_required` for a token not in force,
 * `insufficient_scope`), or 503 when the database cannot check the token.
 */
async function gateOf(service: UcpService, request: Request, message: unknown): Promise<{ authInfo?: AuthInfo } | { refused: Response }> {
  const call = message as { method?: unknown; params?: { name?: unknown } } | null;
  const tool = call?.method === 'tools/call' && typeof call.params?.name === 'string' ? call.params.name : undefined;
  const gate = await bearerGate(service.commerce.db, request, tool, service.commerce.now());
  if (!('refused' in gate)) return gate.authInfo ? { authInfo: gate.authInfo } : {};
  const refusal = gate.refused;
  const body = { jsonrpc: '2.0', id: (call as { id?: unknown } | null)?.id ?? null, error: { code: RPC.server, message: `${refusal.error}: ${refusal.description}`, data: { code: ucpCodeOf(refusal), content: refusal.description } } };
  const headers: Record<string, string> = refusal.status === 503 ? { 'retry-after': '5' } : { 'www-authenticate': refusal.challenge };
  return { refused: rpcJson(refusal.status, JSON.stringify(body), headers) };
}

/** The MCP revisions this endpoint serves: 2026-07-28 (`createMcpHandler`) and the 2025-era ones of the legacy transport. */
export const SERVED_REVISIONS: readonly string[] = [MODERN_REVISION, ...SUPPORTED_PROTOCOL_VERSIONS];

/**
 * The response text with -32022's `data.supported` naming every revision served: the SDK's
 * 2026-07-28 handler knows only its own (the 2025-era ones are served beside it, `serveLegacy`).
 * Any other answer is returned as it is.
 */
function withEveryRevision(text: string): string {
  if (!text.includes('-32022')) return text;
  const body = JSON.parse(text) as { error?: { code?: number; data?: Record<string, unknown> } };
  if (body.error?.code !== UNSUPPORTED_REVISION) return text;
  return JSON.stringify({ ...body, error: { ...body.error, data: { ...body.error.data, supported: SERVED_REVISIONS } } });
}

/**
 * Handles one request to the MCP endpoint.
 * @param service the process's UCP service (src/ucp/service.ts)
 * @returns a JSON response (or 202/204 without body); never throws
 */
export async function mcpRoute(request: Request, service: UcpService): Promise<Response> {
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS });
  if (request.method !== 'POST') {
    return rpcError(405, RPC.server, `Method Not Allowed: send JSON-RPC requests with POST (got ${request.method})`, { allow: 'POST, OPTIONS' });
  }
  const type = request.headers.get('content-type');
  if (type && !isJsonContentType(type)) return rpcError(415, RPC.invalidRequest, `Unsupported Media Type: send Content-Type: application/json (got ${type})`);
  const text = await request.text();
  if (Buffer.byteLength(text) > MCP_MAX_BODY) return rpcError(413, RPC.invalidRequest, `Request body larger than ${MCP_MAX_BODY} bytes`);
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return rpcError(400, RPC.parseError, 'Parse error: the body is not valid JSON');
  }
  if (Array.isArray(message)) return rpcError(400, RPC.invalidRequest, 'Invalid Request: batch requests are not supported; send one JSON-RPC request per POST');
  const { sdkMessage, restoreId } = forSdk(message);

  const gate = await gateOf(service, request, sdkMessage);
  if ('refused' in gate) return gate.refused;
  const { servers, modern } = endpointOf(service);
  const legacy = await isLegacyRequest(request, sdkMessage);
  const response = legacy ? await serveLegacy(servers, request, sdkMessage, gate.authInfo) : await modern.fetch(request, { parsedBody: sdkMessage, ...(gate.authInfo ? { authInfo: gate.authInfo } : {}) });
  if (!response.body || response.status === 202) {
    await response.body?.cancel();
    return new Response(null, { status: response.status, headers: CORS });
  }
  const answer = withEveryRevision(restoreId(await response.text()));
  // Only a tool's handler throws UCP errors, which carry their own HTTP status; the SDK sets the
  // status of its own protocol errors, and other results are not re-parsed.
  const isCall = (sdkMessage as { method?: unknown } | null)?.method === 'tools/call';
  const status = response.status === 200 && isCall ? httpStatusOf(JSON.parse(answer)) : response.status;
  // A 503 (database unavailable) tells the client when to retry (RFC 9110 §10.2.3).
  return rpcJson(status, answer, status === 503 ? { 'retry-after': '5' } : {});
}
