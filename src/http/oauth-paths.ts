/**
 * The paths of the OAuth authorization server and of its metadata (src/http/oauth-route.ts),
 * apart from their handler so the router can recognise them without loading the accounts code
 * (cold start).
 */

import { PROTECTED_RESOURCE_PATH } from '../accounts/oauth-scopes';

/** Where the library's routes live (src/accounts/auth.ts `basePath`): the issuer is the origin with it. */
export const AUTH_BASE = '/api/auth';
/** The protected resource: the MCP endpoint (the REST binding beside it takes the same tokens). */
export const RESOURCE_PATH = PROTECTED_RESOURCE_PATH;
/** RFC 8414 metadata: at the root, and in the path-suffixed form of §3.1 for an issuer with a path. */
export const METADATA_PATHS = ['/.well-known/oauth-authorization-server', `/.well-known/oauth-authorization-server${AUTH_BASE}`];
/** RFC 9728 metadata of the protected resource: at the root, and suffixed with the resource's path (§3.1). */
export const RESOURCE_METADATA_PATHS = ['/.well-known/oauth-protected-resource', `/.well-known/oauth-protected-resource${RESOURCE_PATH}`];

/** Whether the router sends `pathname` to the OAuth route. */
export function isOAuthPath(pathname: string): boolean {
  return METADATA_PATHS.includes(pathname) || RESOURCE_METADATA_PATHS.includes(pathname) || pathname.startsWith(`${AUTH_BASE}/oauth2/`);
}

/** The URL of the protected resource's metadata (RFC 9728 §3), for `WWW-Authenticate` challenges. */
export function resourceMetadataUrl(origin: string): string {
  return `${origin}${RESOURCE_METADATA_PATHS[1]}`;
}
