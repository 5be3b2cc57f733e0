/**
 * The resource server's gate in front of the UCP endpoints (MCP and REST; issue 37 point 3, MCP
 * authorization "Access Token Usage", RFC 6750 §3, RFC 9728 §5.1): a call without
 * `Authorization` passes as a guest; a call with one passes only with an access token in force
 * that carries the scope its tool needs (src/ucp/identity.ts). Otherwise nothing runs and the
 * caller is told, with the challenge the MCP SDK builds (`bearerAuthChallengeResponse`):
 * 401 `invalid_token` (unknown, expired, revoked, malformed) or 403 `insufficient_scope`, each
 * with `WWW-Authenticate: Bearer … resource_metadata="…"` naming the protected-resource metadata.
 */
import { type AuthInfo, OAuthError, OAuthErrorCode, bearerAuthChallengeResponse, verifyBearerToken } from '@modelcontextprotocol/server';
import { grantOfToken } from '../accounts/bearer';
import type { LinkedAccount } from '../commerce/owner';
import { type Queryable, isStateError } from '../state/db';
import { scopeOfTool } from '../ucp/identity';
import { resourceMetadataUrl } from './oauth-paths';

/**
 * A refused call: the status, the `WWW-Authenticate` challenge, the OAuth error and its
 * description; or 503 `unavailable` when the database could not check the token.
 */
export type BearerRefusal =
  | { status: 401 | 403; challenge: string; error: 'invalid_token' | 'insufficient_scope'; description: string }
  | { status: 503; error: 'unavailable'; description: string };

/** What the gate decided: a guest call, a linked one (with the SDK's AuthInfo for MCP handlers), or a refusal. */
export type GateOutcome = { account?: undefined; authInfo?: undefined } | { account: LinkedAccount; authInfo: AuthInfo } | { refused: BearerRefusal };

/**
 * Checks the `Authorization` of a call to `tool`.
 * @param tool the tool the call runs (a `tools/call`'s name, a REST operation's tool), or undefined for other MCP methods
 * @param now epoch ms
 * @returns never throws for a database failure: it is refused 503
 */
export async function bearerGate(db: Queryable, request: Request, tool: string | undefined, now: number): Promise<GateOutcome> {
  const header = request.headers.get('authorization');
  if (header === null) return {};
  const scope = scopeOfTool(tool);
  const options = { resourceMetadataUrl: resourceMetadataUrl(new URL(request.url).origin), requiredScopes: scope ? [scope] : [] };
  try {
    const authInfo = await verifyBearerToken(header, {
      ...options,
      verifier: {
        async verifyAccessToken(token) {
          const grant = await grantOfToken(db, token, now);
          if (!grant) throw new OAuthError(OAuthErrorCode.InvalidToken, 'The access token is expired, revoked or unknown');
          // `extra.account` reaches the MCP tool handler (src/ucp/mcp-server.ts) through the SDK.
          return { token, clientId: grant.account.client_id, scopes: [...grant.account.scopes], expiresAt: grant.expiresAt, extra: { account: grant.account } };
        },
      },
    });
    return { account: (authInfo.extra as { account: LinkedAccount }).account, authInfo };
  } catch (error) {
    if (isStateError(error)) return { refused: { status: 503, error: 'unavailable', description: 'the store is temporarily unavailable; retry later' } };
    if (!(error instanceof OAuthError)) throw error;
    const answer = bearerAuthChallengeResponse(error, options);
    const body = (await answer.json()) as { error: string; error_description?: string };
    const insufficient = answer.status === 403;
    return {
      refused: {
        status: insufficient ? 403 : 401,
        challenge: answer.headers.get('www-authenticate') ?? 'Bearer',
        error: insufficient ? 'insufficient_scope' : 'invalid_token',
        description: insufficient ? `this call needs the scope ${scope}, which the account holder did not grant` : body.error_description ?? error.message,
      },
    };
  }
}

/**
 * The UCP error code of a refusal (error_code.json): `identity_required` for a token not in
 * force (the platform must have the account holder link again), `insufficient_scope`, or
 * `unavailable`.
 */
export function ucpCodeOf(refusal: BearerRefusal): 'identity_required' | 'insufficient_scope' | 'unavailable' {
  if (refusal.error === 'unavailable') return 'unavailable';
  return refusal.error === 'insufficient_scope' ? 'insufficient_scope' : 'identity_required';
}
