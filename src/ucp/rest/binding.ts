/**
 * The UCP REST binding (docs/agent-commerce.md "REST binding"; `services/shopping/rest.openapi.json`
 * of 2026-08-25 and 2026-04-08, identical in paths, headers and statuses): a thin mapping of an
 * HTTP request to the same tool call the MCP endpoint makes (src/ucp/service.ts `callTool`), and
 * of its result or protocol error to the binding's status and body. The tables below are the
 * whole binding; no rule of the store lives here.
 * - operation → tool: `REST_OPERATIONS` (operationId = tool name in both documents);
 * - headers → `meta`: `UCP-Agent: profile="…"` is `meta["ucp-agent"].profile`, `Idempotency-Key`
 *   is `meta["idempotency-key"]`, the path's `{id}` is `arguments.id`, the body is the payload
 *   (`checkout`, `cart` or `catalog`). A REST call is therefore the very MCP call, with the same
 *   idempotency scope and fingerprint: a key used over one transport replays over the other;
 * - protocol error → status and body `{code, content}` (UCP overview "Error Handling", REST
 *   column; checkout rest.md "Status Codes"): `restError`.
 */
import { RPC, UCP_ERROR_STATUS, type UcpErrorCode, UcpProtocolError, discoveryError } from '../errors';
import type { UcpService } from '../service';
import { findTool } from '../tools/registry';

/** One operation of rest.openapi.json. */
export interface RestOperation {
  method: 'GET' | 'POST' | 'PUT';
  /** Path template relative to the endpoint, as in rest.openapi.json. */
  path: string;
  /** The operationId, which is the MCP tool's name. */
  tool: string;
  /** The operation's success status is 201 (create_checkout, create_cart), else 200. */
  creates?: boolean;
}

/** Every operation of rest.openapi.json (2026-08-25 and 2026-04-08 list the same ones). */
export const REST_OPERATIONS: readonly RestOperation[] = [
  { method: 'POST', path: '/checkout-sessions', tool: 'create_checkout', creates: true },
  { method: 'GET', path: '/checkout-sessions/{id}', tool: 'get_checkout' },
  { method: 'PUT', path: '/checkout-sessions/{id}', tool: 'update_checkout' },
  { method: 'POST', path: '/checkout-sessions/{id}/complete', tool: 'complete_checkout' },
  { method: 'POST', path: '/checkout-sessions/{id}/cancel', tool: 'cancel_checkout' },
  { method: 'POST', path: '/carts', tool: 'create_cart', creates: true },
  { method: 'GET', path: '/carts/{id}', tool: 'get_cart' },
  { method: 'PUT', path: '/carts/{id}', tool: 'update_cart' },
  { method: 'POST', path: '/carts/{id}/cancel', tool: 'cancel_cart' },
  { method: 'POST', path: '/catalog/search', tool: 'search_catalog' },
  { method: 'POST', path: '/catalog/lookup', tool: 'lookup_catalog' },
  { method: 'POST', path: '/catalog/product', tool: 'get_product' },
  { method: 'GET', path: '/orders/{id}', tool: 'get_order' },
];

/** What a request path names: an operation (with its `{id}`), a path whose methods differ, or nothing. */
export type RestMatch = { operation: RestOperation; id?: string } | { allow: string[] } | null;

const templates = REST_OPERATIONS.map((operation) => ({
  operation,
  pattern: new RegExp(`^${operation.path.replace('{id}', '([^/]+)')}/?$`),
}));

/**
 * Finds the operation of a request.
 * @param method the HTTP method
 * @param path the path after the endpoint (`/checkout-sessions/chk_1/complete`), still percent-encoded
 * @returns the operation and its decoded `{id}`; `{allow}` when the path exists for other methods; null when it does not exist
 */
export function matchRestOperation(method: string, path: string): RestMatch {
  const allow: string[] = [];
  for (const { operation, pattern } of templates) {
    const found = pattern.exec(path);
    if (!found) continue;
    if (operation.method !== method) {
      allow.push(operation.method);
      continue;
    }
    if (found[1] === undefined) return { operation };
    let id: string;
    try {
      id = decodeURIComponent(found[1]);
    } catch {
      // A malformed escape is an id no record has; the tool answers not_found as for any unknown id.
      id = found[1];
    }
    return { operation, id };
  }
  return allow.length ? { allow } : null;
}

/**
 * The platform profile URL of a `UCP-Agent` header, an RFC 8941 Dictionary whose `profile`
 * member is a String (`profile="https://…"`; checkout rest.md "Specific Header Requirements").
 * @param header the header's value, or null when absent
 * @returns the URL, or undefined when the header is absent (the call is then answered as an MCP call without `meta["ucp-agent"]`)
 * @throws UcpProtocolError `invalid_profile_url` (400) when the header has no `profile` String member
 */
export function profileOfUcpAgent(header: string | null): string | undefined {
  if (header === null) return undefined;
  const member = /(?:^|,)\s*profile\s*=\s*"((?:[^"\\]|\\["\\])*)"\s*(?:;[^,]*)?(?:,|$)/.exec(header);
  if (!member) throw discoveryError('invalid_profile_url', 'the UCP-Agent header must carry the platform profile as profile="https://…" (RFC 8941 Dictionary)');
  return member[1].replace(/\\(["\\])/g, '$1');
}

/** A request as the binding needs it: the HTTP layer has parsed the body. */
export interface RestRequest {
  operation: RestOperation;
  /** The path's `{id}`, for operations that have one. */
  id?: string;
  /** The parsed JSON body (undefined without one). */
  body: unknown;
  /** Request headers (case-insensitive lookup). */
  headers: Pick<Headers, 'get'>;
  /** The store's origin for buyer URLs, as the MCP route passes it. */
  origin?: string;
  /** The account of a linked call, its token checked (src/http/bearer-gate.ts); undefined for a guest. */
  account?: Parameters<UcpService['callTool']>[4];
}

/** A response of the binding: status and JSON body. */
export interface RestAnswer {
  status: number;
  body: object;
}

/**
 * The MCP `arguments` of a REST request: `{meta, id?, <payload key>: body}`.
 * @throws UcpProtocolError `invalid_profile_url` for a malformed UCP-Agent header
 */
export function toolArguments(request: RestRequest): Record<string, unknown> {
  const { payloadKey } = findTool(request.operation.tool)!.tool;
  const profile = profileOfUcpAgent(request.headers.get('ucp-agent'));
  const key = request.headers.get('idempotency-key');
  const meta = { ...(profile === undefined ? {} : { 'ucp-agent': { profile } }), ...(key === null ? {} : { 'idempotency-key': key }) };
  return {
    meta,
    ...(request.id === undefined ? {} : { id: request.id }),
    ...(payloadKey && request.body !== undefined ? { [payloadKey]: request.body } : {}),
  };
}

/**
 * Runs one REST request through the tool of its operation.
 * @returns the UCP payload with the operation's status in rest.openapi.json: 201 for create_checkout
 *          and create_cart, whose documented 201 body is `oneOf(resource, error_response)`, so also
 *          when nothing could be created (the checkout rest.md example shows 200 there; the
 *          contract documents no 200); 200 for every other operation, business errors included
 *          (not found, out of stock, … are results with `messages`); or the protocol error's
 *          status and body (restError)
 */
export async function callRest(service: UcpService, request: RestRequest): Promise<RestAnswer> {
  try {
    const payload = await service.callTool(request.operation.tool, toolArguments(request), {}, request.origin, request.account);
    return { status: request.operation.creates ? 201 : 200, body: payload };
  } catch (error) {
    if (error instanceof UcpProtocolError) return restError(error, request.operation.tool);
    throw error;
  }
}

/** Where a tool argument comes from in a REST request, for error messages. */
function restPlace(argument: string, payloadKey: string | null): { where: string; path?: string } {
  if (argument === 'id') return { where: 'the id in the URL path' };
  if (argument.startsWith('meta.idempotency-key')) return { where: 'the Idempotency-Key header' };
  if (argument.startsWith('meta')) return { where: 'the UCP-Agent header' };
  if (payloadKey && (argument === payloadKey || argument.startsWith(`${payloadKey}.`) || argument.startsWith(`${payloadKey}[`))) {
    const path = `$${argument.slice(payloadKey.length)}`;
    return { where: `the body at ${path}`, path };
  }
  return { where: argument };
}

/**
 * The REST status and body of a protocol error (UCP overview "Error Handling": discovery
 * failures 400/422/424, idempotency conflict 409, rate limit 429, unavailable 503, internal 500;
 * the body carries `code` and `content`).
 * - -32602 (invalid arguments, lookup batch too large): 400 `invalid_request`, `content` naming
 *   the header, path segment or body path (`path`, RFC 9535) at fault;
 * - -32001 / -32000 with a UCP `data.code`: that code's status (src/ucp/errors.ts UCP_ERROR_STATUS),
 *   `retry_after` kept;
 * - anything else: 500 `internal_error`, without internals.
 */
export function restError(error: UcpProtocolError, tool?: string): RestAnswer {
  const code = error.data?.code;
  if ((error.code === RPC.server || error.code === RPC.discovery) && typeof code === 'string' && code in UCP_ERROR_STATUS) {
    const { code: _code, content, ...rest } = error.data ?? {};
    return { status: UCP_ERROR_STATUS[code as UcpErrorCode], body: { code, content: content ?? error.message, ...rest } };
  }
  if (error.code === RPC.invalidParams || error.code === RPC.invalidRequest) {
    const argument = typeof error.data?.argument === 'string' ? error.data.argument : undefined;
    if (!argument) return { status: 400, body: { code: 'invalid_request', content: error.message } };
    const payloadKey = tool ? findTool(tool)?.tool.payloadKey ?? null : null;
    const { where, path } = restPlace(argument, payloadKey);
    const problem = error.message.includes(`${argument}: `) ? error.message.slice(error.message.indexOf(`${argument}: `) + argument.length + 2) : error.message;
    return { status: 400, body: { code: 'invalid_request', content: `${where}: ${problem}`, ...(path ? { path } : {}) } };
  }
  return { status: 500, body: { code: 'internal_error', content: 'Internal error' } };
}
