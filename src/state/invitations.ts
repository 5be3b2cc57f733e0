/**
 * The invitations of business accounts' members as the authentication library keeps them
 * (`auth_invitation` of its organization plugin, src/accounts/auth.ts): read here for the
 * account page; made, accepted and declined only through the library (src/checkout/business-members.ts).
 */
import { at, iso, type Queryable } from './db';

/** An invitation still open: addressed to `email`, into the organisation `legal_name`. */
export interface OpenInvitation {
  id: string;
  email: string;
  /** The library's role: `owner` or `member` (a buyer). */
  role: string;
  organization_id: string;
  /** The organisation's legal name (its business account's). */
  legal_name: string;
  /** ISO 8601. */
  expires_at: string;
}

interface Row { id: string; email: string; role: string | null; organization_id: string; legal_name: string; expires_at: Date }

const SELECT = `SELECT i.id, i.email, i.role, i."organizationId" AS organization_id, o.name AS legal_name, i."expiresAt" AS expires_at
  FROM "auth_invitation" i JOIN "auth_organization" o ON o.id = i."organizationId"`;

const open = (r: Row): OpenInvitation => ({ ...r, role: r.role ?? 'member', expires_at: iso(r.expires_at) });

/**
 * The invitations addressed to `email` (a signed-in person's verified address) that are still
 * pending and unexpired at `now` (epoch ms), newest first.
 */
export async function invitationsTo(q: Queryable, email: string, now: number): Promise<OpenInvitation[]> {
  const { rows } = await q.query<Row>(`${SELECT} WHERE lower(i.email) = lower($1) AND i.status = 'pending' AND i."expiresAt" > $2 ORDER BY i."createdAt" DESC LIMIT 20`, [email, at(now)]);
  return rows.map(open);
}

/** The invitations an organisation sent that are still pending and unexpired at `now` (epoch ms), by address. */
export async function invitationsOf(q: Queryable, organizationId: string, now: number): Promise<OpenInvitation[]> {
  const { rows } = await q.query<Row>(`${SELECT} WHERE i."organizationId" = $1 AND i.status = 'pending' AND i."expiresAt" > $2 ORDER BY i.email LIMIT 100`, [organizationId, at(now)]);
  return rows.map(open);
}
