/**
 * Answers of the UCP REST binding (docs/agent-commerce.md "REST binding"): JSON, never cached,
 * CORS open, the caller's `Request-Id` echoed. Loads no UCP code, so the router can refuse a
 * request (host, rate limit) without loading the binding.
 */
import { CACHE, JSON_TYPE } from './responses';

/** CORS headers of every REST answer and preflight (the binding's request headers allowed). */
export const REST_CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PUT, OPTIONS',
  'access-control-allow-headers': 'content-type, accept, accept-language, ucp-agent, idempotency-key, request-id, authorization, x-api-key, signature, signature-input, content-digest',
  'access-control-expose-headers': 'request-id, retry-after, www-authenticate',
  'access-control-max-age': '86400',
};

/** Longest `Request-Id` echoed, in characters (the binding asks for a UUID; longer values are not echoed). */
const MAX_REQUEST_ID = 200;

/**
 * A JSON answer of the binding.
 * @param status HTTP status
 * @param body the UCP payload, or a protocol error `{code, content}` (UCP overview "Error Handling", REST)
 * @param requestId the caller's `Request-Id`, echoed (checkout rest.md "HTTP Headers": tracing across layers)
 * @param extra more headers (Allow, Retry-After)
 */
export function restJson(status: number, body: object, requestId: string | null, extra: Record<string, string> = {}): Response {
  const echo: Record<string, string> = requestId && requestId.length <= MAX_REQUEST_ID ? { 'request-id': requestId } : {};
  // A 503 (database unavailable) tells the client when to retry (RFC 9110 §10.2.3), as the MCP route does.
  const retry: Record<string, string> = status === 503 ? { 'retry-after': '5' } : {};
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': JSON_TYPE, 'cache-control': CACHE.none, ...REST_CORS, ...echo, ...retry, ...extra } });
}
