/**
 * The UCP REST binding's HTTP side (docs/agent-commerce.md "REST binding"): `/api/ucp/<path of
 * rest.openapi.json>`. It answers CORS preflights, reads and parses the body, and hands the
 * request to src/ucp/rest/binding.ts, which maps it to the MCP tool of its operation and back.
 * Every answer is JSON (`{code, content}` for errors, UCP overview "Error Handling"), never
 * cached, with the caller's `Request-Id` echoed:
 * - unknown path (the base path itself included) 404 `not_found`, known path with another method
 *   405 `method_not_allowed` (Allow); HEAD wherever GET is answered;
 * - a body that is not JSON 400 `invalid_json`, a Content-Type other than JSON 415, a body over
 *   UCP_MAX_BODY bytes 413 (the MCP endpoint's limits);
 * - a bearer token not in force 401 `identity_required`, one without the operation's scope 403
 *   `insufficient_scope`, each with its `WWW-Authenticate` challenge (src/http/bearer-gate.ts).
 */
import type { UcpService } from '../ucp/service';
import { callRest, matchRestOperation } from '../ucp/rest/binding';
import { bearerGate, ucpCodeOf } from './bearer-gate';
import { REST_CORS, restJson } from './rest-reply';
import { UCP_MAX_BODY } from './responses';

/**
 * Handles one request to the REST binding.
 * @param path the path after the endpoint (`/checkout-sessions/chk_1`)
 * @param service the process's UCP service (src/ucp/service.ts)
 * @returns a JSON response (204 without body for a preflight); never throws for anything a client sends
 */
export async function restRoute(request: Request, path: string, service: UcpService): Promise<Response> {
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: REST_CORS });
  const requestId = request.headers.get('request-id');
  const refuse = (status: number, code: string, content: string, extra: Record<string, string> = {}) => restJson(status, { code, content }, requestId, extra);
  // HEAD is answered where GET is, without the body (RFC 9110 §9.3.2).
  const head = request.method === 'HEAD';
  const match = matchRestOperation(head ? 'GET' : request.method, path);
  if (!match) return withoutBody(head, refuse(404, 'not_found', `no UCP REST operation at "${path || '/'}" (see rest.openapi.json of the profile's rest service)`));
  if ('allow' in match) {
    const allow = [...match.allow, ...(match.allow.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', ');
    return refuse(405, 'method_not_allowed', `"${path}" answers ${allow}, not ${request.method}`, { allow });
  }
  const text = await request.text();
  if (Buffer.byteLength(text) > UCP_MAX_BODY) return refuse(413, 'payload_too_large', `request body larger than ${UCP_MAX_BODY} bytes`);
  const type = request.headers.get('content-type');
  if (text && type && !/^application\/json\s*(;|$)/i.test(type)) return refuse(415, 'unsupported_media_type', `send Content-Type: application/json (got ${type})`);
  let body: unknown;
  if (text.trim()) {
    try {
      body = JSON.parse(text);
    } catch {
      return refuse(400, 'invalid_json', 'the body is not valid JSON');
    }
  }
  const gate = await bearerGate(service.commerce.db, request, match.operation.tool, service.commerce.now());
  if ('refused' in gate) {
    const refusal = gate.refused;
    return withoutBody(head, refuse(refusal.status, ucpCodeOf(refusal), refusal.description, refusal.status === 503 ? { 'retry-after': '5' } : { 'www-authenticate': refusal.challenge }));
  }
  const answer = await callRest(service, { operation: match.operation, id: match.id, body, headers: request.headers, origin: new URL(request.url).origin, account: gate.account });
  return withoutBody(head, restJson(answer.status, answer.body, requestId));
}

/** The response of a HEAD request: GET's status and headers, no body. */
function withoutBody(head: boolean, response: Response): Response {
  return head ? new Response(null, { status: response.status, headers: response.headers }) : response;
}
