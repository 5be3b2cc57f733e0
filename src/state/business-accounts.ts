/**
 * Business accounts as the database keeps them (migration `20261204090000_business_accounts`):
 * one row per application, its decision and the organisation it opened. The rules are
 * src/accounts/business.ts; this module only reads and writes, each change one statement that
 * checks the state it starts from, so two merchants (or a merchant and the sweep) never both
 * decide.
 */
import type { BusinessDetails, BusinessKind, BusinessStatus, BusinessTerms, VatCheck } from '../commerce/business';
import { at, iso, type Queryable } from './db';

export interface BusinessAccountRecord {
  /** `ba_` + random: the merchant's handle on the application. */
  id: string;
  user_id: string;
  /** The organisation opened on approval (auth_organization), null before. */
  organization_id: string | null;
  status: BusinessStatus;
  kind: BusinessKind;
  legal_name: string;
  country: string;
  /** The applicant's locale: the decision is mailed in it. */
  locale: string;
  details: BusinessDetails;
  vat_check: VatCheck | null;
  /** The terms granted on approval, null before. */
  terms: BusinessTerms | null;
  /** The merchant's words to the applicant (a refusal's reason), null without. */
  decision_note: string | null;
  /** ISO 8601. */
  created_at: string;
  decided_at: string | null;
}

interface Row extends Omit<BusinessAccountRecord, 'created_at' | 'decided_at'> {
  created_at: Date;
  decided_at: Date | null;
}

const COLUMNS = 'id, user_id, organization_id, status, kind, legal_name, country, locale, details, vat_check, terms, decision_note, created_at, decided_at';

function record(row: Row): BusinessAccountRecord {
  return { ...row, created_at: iso(row.created_at), decided_at: row.decided_at ? iso(row.decided_at) : null };
}

/**
 * Stores a new application, unless the person already has one under way or granted.
 * @returns the record, or null when the person has one (nothing stored)
 * @throws StateError when the database fails
 */
export async function insertApplication(q: Queryable, input: Pick<BusinessAccountRecord, 'id' | 'user_id' | 'status' | 'locale' | 'details' | 'vat_check'>, now: number): Promise<BusinessAccountRecord | null> {
  const { details } = input;
  const { rows: [row] } = await q.query<Row>(
    `INSERT INTO business_accounts (id, user_id, status, kind, legal_name, country, locale, details, vat_check, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`,
    [input.id, input.user_id, input.status, details.kind, details.legal_name, details.country, input.locale, details, input.vat_check, at(now)],
  );
  return row ? record(row) : null;
}

/** The person's application under way or granted, else their latest refused one, or null. */
export async function applicationOfUser(q: Queryable, userId: string): Promise<BusinessAccountRecord | null> {
  const { rows: [row] } = await q.query<Row>(
    `SELECT ${COLUMNS} FROM business_accounts WHERE user_id = $1 ORDER BY (status = 'refused'), created_at DESC LIMIT 1`,
    [userId],
  );
  return row ? record(row) : null;
}

/** One application by its id, or null. */
export async function applicationById(q: Queryable, id: string): Promise<BusinessAccountRecord | null> {
  const { rows: [row] } = await q.query<Row>(`SELECT ${COLUMNS} FROM business_accounts WHERE id = $1`, [id]);
  return row ? record(row) : null;
}

/** The approved account of an organisation, or null. */
export async function accountOfOrganization(q: Queryable, organizationId: string): Promise<BusinessAccountRecord | null> {
  const { rows: [row] } = await q.query<Row>(`SELECT ${COLUMNS} FROM business_accounts WHERE organization_id = $1 AND status = 'approved'`, [organizationId]);
  return row ? record(row) : null;
}

/** Applications, oldest first, optionally in one status. */
export async function listApplications(q: Queryable, status?: BusinessStatus): Promise<BusinessAccountRecord[]> {
  const { rows } = await q.query<Row>(
    `SELECT ${COLUMNS} FROM business_accounts ${status ? 'WHERE status = $1' : ''} ORDER BY created_at, id`,
    status ? [status] : [],
  );
  return rows.map(record);
}

/**
 * Records VIES's later answer on an application that waits for it: `pending` once VIES answered
 * valid, `refused` (with the note) when it says the number does not exist, still waiting (the new
 * attempt recorded) when it is still unavailable.
 * @returns the record after the change, or null when the application no longer waits
 */
export async function recordVatCheck(q: Queryable, id: string, check: VatCheck | { result: 'invalid'; checked_at: string }, note: string | null, now: number): Promise<BusinessAccountRecord | null> {
  const status: BusinessStatus = check.result === 'valid' ? 'pending' : check.result === 'invalid' ? 'refused' : 'awaiting_vies';
  const { rows: [row] } = await q.query<Row>(
    `UPDATE business_accounts SET vat_check = $2, status = $3, decision_note = $4, decided_at = CASE WHEN $3 = 'refused' THEN $5::timestamptz END
     WHERE id = $1 AND status = 'awaiting_vies' RETURNING ${COLUMNS}`,
    [id, check, status, note, at(now)],
  );
  return row ? record(row) : null;
}

/**
 * Decides a pending application: `approved` with its terms and organisation, or `refused`.
 * @returns the record after the change, or null when it was not pending (someone decided first)
 */
export async function decideApplication(q: Queryable, id: string, decision: { status: 'approved'; terms: BusinessTerms; organization_id: string } | { status: 'refused' }, note: string | null, now: number): Promise<BusinessAccountRecord | null> {
  const { rows: [row] } = await q.query<Row>(
    `UPDATE business_accounts SET status = $2, terms = $3, organization_id = $4, decision_note = $5, decided_at = $6
     WHERE id = $1 AND status = 'pending' RETURNING ${COLUMNS}`,
    [id, decision.status, decision.status === 'approved' ? decision.terms : null, decision.status === 'approved' ? decision.organization_id : null, note, at(now)],
  );
  return row ? record(row) : null;
}

/** A member of an organisation as the account page lists them. */
export interface MemberRow {
  email: string;
  name: string;
  role: string;
}

/** The members of an organisation (the authentication library's tables, read only), owners first. */
export async function organizationMembers(q: Queryable, organizationId: string): Promise<MemberRow[]> {
  const { rows } = await q.query<MemberRow>(
    `SELECT u.email, u.name, m.role FROM "auth_member" m JOIN "auth_user" u ON u.id = m."userId"
     WHERE m."organizationId" = $1 ORDER BY (m.role <> 'owner'), m."createdAt", u.email`,
    [organizationId],
  );
  return rows;
}

/** The organisation a person belongs to (one at most, src/accounts/auth.ts), or null. */
export async function organizationOfUser(q: Queryable, userId: string): Promise<{ organization_id: string; role: string } | null> {
  const { rows: [row] } = await q.query<{ organization_id: string; role: string }>(
    `SELECT "organizationId" AS organization_id, role FROM "auth_member" WHERE "userId" = $1 ORDER BY "createdAt" LIMIT 1`,
    [userId],
  );
  return row ?? null;
}

/** The verified e-mail of an account (the authentication library's user), or null when it is gone. */
export async function userEmail(q: Queryable, userId: string): Promise<string | null> {
  const { rows: [row] } = await q.query<{ email: string }>('SELECT email FROM "auth_user" WHERE id = $1', [userId]);
  return row?.email ?? null;
}

/** The id of the organisation with this slug (the library's table; the store uses the application's id), or null. */
export async function organizationIdBySlug(q: Queryable, slug: string): Promise<string | null> {
  const { rows } = await q.query<{ id: string }>('SELECT id FROM "auth_organization" WHERE slug = $1', [slug]);
  return rows[0]?.id ?? null;
}

/** The approved business account of the organisation a person belongs to, or null (one query: the pricing reads it at every read of their checkout). */
export async function approvedAccountOfUser(q: Queryable, userId: string): Promise<BusinessAccountRecord | null> {
  const { rows: [row] } = await q.query<Row>(
    `SELECT ${COLUMNS.split(', ').map((c) => `b.${c}`).join(', ')} FROM "auth_member" m
     JOIN business_accounts b ON b.organization_id = m."organizationId" AND b.status = 'approved'
     WHERE m."userId" = $1 ORDER BY m."createdAt" LIMIT 1`,
    [userId],
  );
  return row ? record(row) : null;
}

/**
 * The business account a person's account page shows: that of the organisation they belong to
 * (an invited member's too), else their own application (under way or refused), or null.
 */
export async function businessAccountOfUser(q: Queryable, userId: string): Promise<BusinessAccountRecord | null> {
  return (await approvedAccountOfUser(q, userId)) ?? (await applicationOfUser(q, userId));
}
