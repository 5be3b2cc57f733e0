/**
 * The resource server's reading of the authorization server's access tokens (issue 37 point 3):
 * the opaque tokens the accounts' library issues are stored as digests in
 * `auth_oauth_access_token` (src/accounts/oauth.ts `storedTokenDigest`), so a bearer call is
 * checked in one statement against the row, its client, its consenting session and its account:
 * a revoked, expired or unknown token, a disabled client, an ended browser session and an
 * unverified e-mail all read as no token. The library's own introspection (RFC 7662) answers
 * only authenticated clients; this is the same check made for the store's own endpoints.
 */
import { at, iso, type Queryable } from './db';

/** An access token in force, with the account and the platform it was issued for. */
export interface ActiveAccessToken {
  /** The account holder (the accounts' user id). */
  user_id: string;
  /** Their verified e-mail, lowercased as stored. */
  email: string;
  /** The platform's OAuth client id, and the name it registered (or null). */
  client_id: string;
  client_name: string | null;
  /** The scopes granted with this token. */
  scopes: string[];
  /** ISO 8601: when it stops being accepted. */
  expires_at: string;
}

interface Row { user_id: string; email: string; client_id: string; client_name: string | null; scopes: string[] | null; expires_at: Date }

/**
 * The access token whose digest is `digest`, when it is in force at `now` (epoch ms).
 * @returns the token's account and grant, or null (unknown, expired, revoked, client disabled,
 *          session ended, no verified e-mail)
 * @throws StateError when the database fails
 */
export async function activeAccessToken(q: Queryable, digest: string, now: number): Promise<ActiveAccessToken | null> {
  // The same statement records the link's last use on its consent (`updatedAt`, read by the
  // account page: src/state/linked-platforms.ts), at most once a minute.
  const { rows: [row] } = await q.query<Row>(
    `WITH t AS (
       SELECT t."userId" AS user_id, u.email, t."clientId" AS client_id, c.name AS client_name, t.scopes, t."expiresAt" AS expires_at
         FROM "auth_oauth_access_token" t
         JOIN "auth_user" u ON u.id = t."userId"
         JOIN "auth_oauth_client" c ON c."clientId" = t."clientId"
         LEFT JOIN "auth_session" s ON s.id = t."sessionId"
        WHERE t.token = $1 AND t.revoked IS NULL AND t."expiresAt" > $2
          AND c.disabled IS NOT TRUE AND u."emailVerified"
          AND (t."sessionId" IS NULL OR s."expiresAt" > $2)),
     used AS (
       UPDATE "auth_oauth_consent" k SET "updatedAt" = $2 FROM t
        WHERE k."clientId" = t.client_id AND k."userId" = t.user_id AND k."updatedAt" < $2 - interval '1 minute')
     SELECT * FROM t`,
    [digest, at(now)],
  );
  return row ? { user_id: row.user_id, email: row.email, client_id: row.client_id, client_name: row.client_name, scopes: row.scopes ?? [], expires_at: iso(row.expires_at) } : null;
}
