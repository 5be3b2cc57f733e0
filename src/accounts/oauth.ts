/**
 * The store as an OAuth 2.0 authorization server for its accounts (issue 37, UCP identity
 * linking `dev.ucp.common.identity_linking`, docs/ucp.md §14): an agent's platform links a
 * buyer's account once and then calls with a bearer token. The protocol is the library's
 * (`@better-auth/oauth-provider`, a plugin of the accounts' better-auth): RFC 8414 metadata,
 * authorization code with PKCE (S256 only, required of every client), dynamic client
 * registration (RFC 7591) for MCP clients, refresh tokens rotated at each use, revocation
 * (RFC 7009). Access tokens are opaque and stored, so each call checks one against the database
 * and a revoked token is refused at once. The store only sets the policy here and hosts the two
 * pages the library sends people to: the sign-in (the account page) and the consent.
 */
import { oauthProvider } from '@better-auth/oauth-provider';
import { storedTokenDigest } from './bearer';
import { GRANTABLE_SCOPES, OAUTH_TTL, PROTECTED_RESOURCE_PATH } from './oauth-scopes';

export { GRANTABLE_SCOPES, type GrantableScope, OAUTH_SCOPES, OAUTH_TTL, OFFLINE_ACCESS } from './oauth-scopes';

/**
 * Where the library sends a person who must sign in, who must consent, and who meets an
 * authorization request it cannot send back to the client (RFC 6749 §4.1.2.1: a wrong
 * `redirect_uri` or client is told to the person, never redirected to): the account's pages.
 */
export const OAUTH_PAGES = { login: '/account', consent: '/account/authorize', error: '/account/authorize' } as const;

/** The library's endpoints the store serves, under its base path `/api/auth` (the others stay unmounted). */
export const OAUTH_ENDPOINTS = ['/oauth2/authorize', '/oauth2/token', '/oauth2/register', '/oauth2/revoke', '/oauth2/consent'] as const;

/** The library's tables, `auth_oauth_*` as the accounts' others (migration `20261210090000_oauth_provider`). */
const SCHEMA = {
  oauthClient: { modelName: 'auth_oauth_client' },
  oauthResource: { modelName: 'auth_oauth_resource' },
  oauthClientResource: { modelName: 'auth_oauth_client_resource' },
  oauthRefreshToken: { modelName: 'auth_oauth_refresh_token' },
  oauthAccessToken: { modelName: 'auth_oauth_access_token' },
  oauthConsent: { modelName: 'auth_oauth_consent' },
  oauthClientAssertion: { modelName: 'auth_oauth_client_assertion' },
};

/**
 * The authorization server's plugin with the store's policy.
 * @param origin the store's origin: its MCP endpoint is the one resource tokens are issued for
 *        (RFC 8707 `resource`, which MCP clients send; another is `invalid_target`)
 */
export function oauthServerPlugin(origin: string) {
  const resource = `${origin}${PROTECTED_RESOURCE_PATH}`;
  return oauthProvider({
    resources: [{ identifier: resource, name: 'UCP (MCP and REST)', allowedScopes: [...GRANTABLE_SCOPES] }],
    // Every client the store registers may ask tokens for it (the library checks the link per client).
    clientRegistrationDefaultResources: [resource],
    loginPage: OAUTH_PAGES.login,
    consentPage: OAUTH_PAGES.consent,
    scopes: [...GRANTABLE_SCOPES],
    clientRegistrationDefaultScopes: [...GRANTABLE_SCOPES],
    // Opaque tokens, stored: each call checks its token, and a revocation holds at once.
    disableJwtPlugin: true,
    storeTokens: { hash: async (token: string) => storedTokenDigest(token) },
    accessTokenExpiresIn: OAUTH_TTL.accessToken,
    refreshTokenExpiresIn: OAUTH_TTL.refreshToken,
    codeExpiresIn: OAUTH_TTL.code,
    // The authorization code flow for people, refreshed; no client acting for itself.
    grantTypes: ['authorization_code', 'refresh_token'],
    // MCP clients register themselves (MCP authorization, RFC 7591): public clients, PKCE required;
    // one with only loopback redirect URIs is a native app (RFC 8252 §7.3), others need https.
    allowDynamicClientRegistration: true,
    clientRegistrationDefaultApplicationType: 'infer',
    allowUnauthenticatedClientRegistration: true,
    clientRegistrationRequirePKCE: true,
    schema: SCHEMA,
  } as Parameters<typeof oauthProvider>[0]);
}
