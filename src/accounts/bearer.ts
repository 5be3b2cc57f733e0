/**
 * Bearer calls of a linked platform (issue 37 point 3; RFC 6750, UCP identity linking): the
 * access token of an MCP or REST call, read into the account it acts for. Checked on every call
 * against the stored token (src/state/oauth-tokens.ts), so a revoked link is refused at the
 * next call.
 */
import type { LinkedAccount } from '../commerce/owner';
import type { Queryable } from '../state/db';
import { activeAccessToken } from '../state/oauth-tokens';
import { createHash } from 'node:crypto';

/**
 * The digest a token is stored under: SHA-256, base64url without padding (the library's own
 * default, set explicitly in src/accounts/oauth.ts `storeTokens` so that this check finds the
 * token the library stored).
 * @param token the token as the client presents it
 */
export function storedTokenDigest(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('base64url');
}

/** An access token in force: the account it acts for, and when it stops being accepted (epoch seconds). */
export interface BearerGrant {
  account: LinkedAccount;
  expiresAt: number;
}

/**
 * The grant of an access token, as the client presents it.
 * @param now epoch ms
 * @returns the grant, or null when the token is unknown, expired, revoked, or its platform unlinked
 * @throws StateError when the database fails
 */
export async function grantOfToken(q: Queryable, token: string, now: number): Promise<BearerGrant | null> {
  const active = await activeAccessToken(q, storedTokenDigest(token), now);
  if (!active) return null;
  return {
    account: { user_id: active.user_id, email: active.email, client_id: active.client_id, platform_name: active.client_name, scopes: active.scopes },
    expiresAt: Math.floor(Date.parse(active.expires_at) / 1000),
  };
}
