/**
 * The platforms an account holder linked to their account (issue 37 point 5): the consents the
 * OAuth authorization server keeps (tables `auth_oauth_*` of the accounts' library, migration
 * 20261210090000_oauth_provider), read and ended for one account only. Ending a link deletes the
 * consent and revokes, in the same statement, every refresh and access token the platform holds
 * for that account: the next call with them is refused.
 */
import { at, iso, type Queryable } from './db';

/** A linked platform as the account page lists it. */
export interface LinkedPlatform {
  /** The consent's id (what the account page posts to end it). */
  id: string;
  /** The client's registered name, or null. */
  name: string | null;
  /** Scopes granted. */
  scopes: string[];
  /** ISO 8601: when it was linked. */
  linked_at: string;
  /** ISO 8601: when it last called with a token or got one (to the minute), or null. */
  last_used_at: string | null;
}

interface Row { id: string; name: string | null; scopes: string[] | null; linked_at: Date; last_used_at: Date | null }

/**
 * The platforms linked to `userId`, most recent first.
 * @throws StateError when the database fails
 */
export async function linkedPlatformsOf(q: Queryable, userId: string): Promise<LinkedPlatform[]> {
  const { rows } = await q.query<Row>(
    `SELECT c.id, cl.name, c.scopes, c."createdAt" AS linked_at,
            greatest(nullif(c."updatedAt", c."createdAt"), (SELECT max(t."createdAt") FROM "auth_oauth_access_token" t WHERE t."clientId" = c."clientId" AND t."userId" = c."userId")) AS last_used_at
       FROM "auth_oauth_consent" c JOIN "auth_oauth_client" cl ON cl."clientId" = c."clientId"
      WHERE c."userId" = $1
      ORDER BY c."createdAt" DESC, c.id`,
    [userId],
  );
  return rows.map((r) => ({ id: r.id, name: r.name, scopes: r.scopes ?? [], linked_at: iso(r.linked_at), last_used_at: r.last_used_at ? iso(r.last_used_at) : null }));
}

/**
 * Ends the link `consentId` of `userId`: the consent deleted, the platform's refresh and access
 * tokens for this account revoked at `now` (epoch ms), in one statement. Another account's id ends
 * nothing.
 * @returns whether a link was ended
 * @throws StateError when the database fails
 */
export async function unlinkPlatform(q: Queryable, userId: string, consentId: string, now: number): Promise<boolean> {
  const { rows: [row] } = await q.query<{ ended: boolean }>(
    `WITH gone AS (DELETE FROM "auth_oauth_consent" WHERE id = $1 AND "userId" = $2 RETURNING "clientId"),
     refresh AS (UPDATE "auth_oauth_refresh_token" t SET revoked = $3 FROM gone WHERE t."clientId" = gone."clientId" AND t."userId" = $2 AND t.revoked IS NULL RETURNING t.id),
     access AS (UPDATE "auth_oauth_access_token" t SET revoked = $3 FROM gone WHERE t."clientId" = gone."clientId" AND t."userId" = $2 AND t.revoked IS NULL RETURNING t.id)
     SELECT EXISTS (SELECT 1 FROM gone) AS ended, (SELECT count(*) FROM refresh) + (SELECT count(*) FROM access) AS revoked`,
    [consentId, userId, at(now)],
  );
  return row?.ended ?? false;
}
