/**
 * The OAuth scopes and lifetimes of the store's authorization server (src/accounts/oauth.ts),
 * apart from the library so that the UCP endpoint can name them without loading it (cold start).
 */

/**
 * The path of the protected resource the tokens are for: the MCP endpoint, whose RFC 8707
 * `resource` identifier MCP clients send (the REST binding beside it takes the same tokens).
 */
export const PROTECTED_RESOURCE_PATH = '/api/ucp/mcp';

/** The scopes an account holder grants a platform: `{capability}:{scope}` (UCP identity linking). */
export const OAUTH_SCOPES = {
  /** Create, change and complete checkouts for the account (its e-mail, addresses and business terms). */
  checkout: 'dev.ucp.shopping.checkout:manage',
  /** Read the account's orders. */
  orders: 'dev.ucp.shopping.order:read',
} as const;

/** The scope a platform asks for to receive a refresh token (OpenID Connect Core §11, as the library reads it). */
export const OFFLINE_ACCESS = 'offline_access';

/** Every scope the authorization server grants. */
export const GRANTABLE_SCOPES = [OAUTH_SCOPES.checkout, OAUTH_SCOPES.orders, OFFLINE_ACCESS] as const;
export type GrantableScope = (typeof GRANTABLE_SCOPES)[number];

/** Lifetimes, in seconds: access tokens short (10 minutes), refresh tokens 30 days and rotated at each use, codes 5 minutes. */
export const OAUTH_TTL = { accessToken: 600, refreshToken: 30 * 24 * 3600, code: 300 } as const;
