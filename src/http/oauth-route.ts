/**
 * The OAuth 2.0 authorization server's HTTP side (src/accounts/oauth.ts; issue 37): the library's
 * endpoints under `/api/auth/oauth2/` (authorize, token, register, revoke, consent; the others are
 * not served), its RFC 8414 metadata at `/.well-known/oauth-authorization-server` (and at the
 * path-suffixed form RFC 8414 §3.1 gives for an issuer with a path, `/api/auth`), and the RFC 9728
 * metadata of the protected resource, the MCP endpoint, which MCP clients read first (MCP
 * "Authorization"). Every request to the library's endpoints counts against the client's per-IP
 * limit (429 with `Retry-After`, the OAuth error `temporarily_unavailable`). Errors are the
 * library's, in the RFCs' JSON (`error`, `error_description`), never HTML.
 */
import { oauthProviderAuthServerMetadata } from '@better-auth/oauth-provider';
import type { Commerce } from '../checkout/commerce';
import { accountsOf } from '../checkout/account-service';
import { GRANTABLE_SCOPES, OAUTH_ENDPOINTS } from '../accounts/oauth';
import type { Limit } from './rate-limit';
import { JSON_TYPE } from './responses';
import { AUTH_BASE, METADATA_PATHS, RESOURCE_METADATA_PATHS, RESOURCE_PATH } from './oauth-paths';

const json = (status: number, body: unknown, extra: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': JSON_TYPE, 'cache-control': 'no-store', ...extra } });

/**
 * Answers an OAuth request.
 * @param limit counts the request against the client's per-IP limit (null: not limited)
 */
export async function oauthRoute(request: Request, pathname: string, commerce: Commerce | undefined, limit: Limit): Promise<Response> {
  if (!commerce) return json(404, { error: 'not_found', error_description: 'accounts are not configured' });
  const url = new URL(request.url);
  if (RESOURCE_METADATA_PATHS.includes(pathname)) {
    if (request.method !== 'GET' && request.method !== 'HEAD') return json(405, { error: 'invalid_request', error_description: 'GET only' }, { allow: 'GET, HEAD' });
    // RFC 9728 §2: the resource, its authorization server, how tokens are sent, what may be asked.
    return json(200, {
      resource: `${url.origin}${RESOURCE_PATH}`,
      authorization_servers: [`${url.origin}${AUTH_BASE}`],
      scopes_supported: [...GRANTABLE_SCOPES],
      bearer_methods_supported: ['header'],
      resource_name: 'Poissons & Pousses — UCP (MCP and REST)',
    }, { 'cache-control': 'public, max-age=300', 'access-control-allow-origin': '*' });
  }
  const ctx = commerce.context(url.origin);
  const { auth } = await accountsOf(ctx);
  if (METADATA_PATHS.includes(pathname)) {
    if (request.method !== 'GET' && request.method !== 'HEAD') return json(405, { error: 'invalid_request', error_description: 'GET only' }, { allow: 'GET, HEAD' });
    const metadata = await oauthProviderAuthServerMetadata(auth)(request);
    metadata.headers.set('access-control-allow-origin', '*');
    return metadata;
  }
  const endpoint = pathname.slice(AUTH_BASE.length);
  if (!(OAUTH_ENDPOINTS as readonly string[]).includes(endpoint)) return json(404, { error: 'not_found', error_description: `no OAuth endpoint at "${pathname}"` });
  const decision = await limit();
  if (decision && !decision.allowed) {
    return json(429, { error: 'temporarily_unavailable', error_description: 'too many requests from this client; retry later' }, { 'retry-after': String(decision.retryAfter) });
  }
  const answer = await auth.handler(request);
  return endpoint === '/oauth2/revoke' ? revocationAnswer(answer) : answer;
}

/**
 * RFC 7009 §2.2: a token that is invalid, expired or revoked already is answered 200 as a
 * revoked one (the client cannot do anything about it, and nothing tells whether it existed);
 * the library answers it 400 `invalid_request`.
 */
async function revocationAnswer(answer: Response): Promise<Response> {
  if (answer.status !== 400) return answer;
  const body = (await answer.clone().json().catch(() => null)) as { error?: string; error_description?: string } | null;
  return body?.error === 'invalid_request' && body.error_description === 'token not found' ? new Response(null, { status: 200, headers: { 'cache-control': 'no-store' } }) : answer;
}
