/**
 * Business accounts in the store's flow (rules: src/accounts/business.ts; records:
 * src/state/business-accounts.ts): a signed-in person applies, VIES is asked about the VAT number
 * (src/accounts/vies.ts, behind the context's adapter), the merchant decides
 * (`npm run accounts`, src/merchant/accounts-cli.ts), and the applicant is told by e-mail in the
 * language they applied in. An approval opens the organisation in the authentication library,
 * the applicant its owner.
 */
import { randomBytes } from 'node:crypto';
import type { Locale } from '../catalog/locales';
import { type ApplicationField, type ApplicationInput, type ApplicationProblem, checkApplication } from '../accounts/business';
import { type BusinessTerms, type VatCheck, decidable, defaultTerms, initialStatus } from '../commerce/business';
import type { AccountSession } from '../accounts/sign-in';
import type { ViesAdapter, ViesAnswer } from '../accounts/vies';
import { queueBusinessDecision } from '../mail/account-mail';
import { type BusinessAccountRecord, applicationById, applicationOfUser, decideApplication, insertApplication, organizationIdBySlug, recordVatCheck, userEmail } from '../state/business-accounts';
import { type Queryable, transaction } from '../state/db';
import { type AccountsContext, accountsOf } from './account-service';

/** What an application came to. */
export type ApplyOutcome =
  | { kind: 'applied'; account: BusinessAccountRecord }
  /** Refused fields, nothing stored. */
  | { kind: 'problems'; problems: Partial<Record<ApplicationField, ApplicationProblem>> }
  /** The person already has an application under way or granted (nothing stored). */
  | { kind: 'exists'; account: BusinessAccountRecord };

/** What VIES said, as the application keeps it; `invalid` is not kept (the number is refused instead). */
function vatCheckOf(answer: ViesAnswer, now: number): VatCheck | 'invalid' {
  switch (answer.kind) {
    case 'valid': return { result: 'valid', name: answer.name, address: answer.address, consultation: answer.consultation, checked_at: answer.checkedAt };
    case 'invalid': return 'invalid';
    case 'unavailable': return { result: 'unavailable', reason: answer.reason, checked_at: new Date(now).toISOString() };
  }
}

/**
 * A signed-in person's application: its fields checked, then its VAT number asked of VIES (with
 * the store's own number, for a consultation number); a number VIES says does not exist is
 * refused beside its field, one VIES could not check makes the application wait
 * (`awaiting_vies`).
 * @throws StateError when the database fails (nothing stored)
 */
export async function applyForBusiness(ctx: AccountsContext, session: AccountSession, input: ApplicationInput, locale: Locale): Promise<ApplyOutcome> {
  const existing = await applicationOfUser(ctx.db, session.userId);
  if (existing && existing.status !== 'refused') return { kind: 'exists', account: existing };
  const checked = checkApplication(input, ctx.catalog.store.countries_served);
  if (!checked.ok) return { kind: 'problems', problems: checked.problems };
  const { details } = checked;
  let vat_check: VatCheck | null = null;
  if (details.vat_number) {
    const check = vatCheckOf(await ctx.vies.check(details.vat_number, ctx.catalog.store.seller.vat_number), ctx.now());
    if (check === 'invalid') return { kind: 'problems', problems: { vat_number: 'vies_invalid' } };
    vat_check = check;
  }
  const stored = await insertApplication(ctx.db, {
    id: `ba_${randomBytes(9).toString('base64url')}`,
    user_id: session.userId, status: initialStatus(vat_check ?? undefined), locale, details, vat_check,
  }, ctx.now());
  if (!stored) return { kind: 'exists', account: (await applicationOfUser(ctx.db, session.userId))! };
  return { kind: 'applied', account: stored };
}

/**
 * Asks VIES again about an application that waits for it: `pending` once valid; refused, and the
 * applicant told, when VIES says the number does not exist; still waiting otherwise.
 * @returns the record after the attempt, or null when it does not wait for VIES
 * @throws StateError when the database fails
 */
export async function recheckVatNumber(ctx: AccountsContext, id: string): Promise<BusinessAccountRecord | null> {
  const account = await applicationById(ctx.db, id);
  if (!account || account.status !== 'awaiting_vies' || !account.details.vat_number) return null;
  const check = vatCheckOf(await ctx.vies.check(account.details.vat_number, ctx.catalog.store.seller.vat_number), ctx.now());
  if (check !== 'invalid') return recordVatCheck(ctx.db, id, check, null, ctx.now());
  return transaction(ctx.db, async (tx) => {
    const refused = await recordVatCheck(tx, id, { result: 'invalid', checked_at: new Date(ctx.now()).toISOString() }, 'vies_invalid', ctx.now());
    if (refused) await tellApplicant(tx, refused, ctx.now());
    return refused;
  });
}

/** Queues the decision's e-mail to the applicant's verified address (none when the account is gone). */
async function tellApplicant(q: Queryable, account: BusinessAccountRecord, now: number): Promise<void> {
  const to = await userEmail(q, account.user_id);
  if (to) await queueBusinessDecision(q, account, to, now);
}

/** Why a decision was not made. */
export type DecisionRefusal = 'not_found' | 'not_pending' | 'already_member';

/**
 * Approves a pending application: opens the organisation (the applicant its owner; the
 * application's id its slug, so a repeated or concurrent approval finds it instead of opening a
 * second), records the terms and tells the applicant.
 * @param grant terms beyond the kind's defaults (`pay_on_invoice` for a company or association)
 * @throws StateError when the database fails
 */
export async function approveApplication(ctx: AccountsContext, id: string, grant: Partial<BusinessTerms> = {}, note: string | null = null): Promise<{ ok: true; account: BusinessAccountRecord } | { ok: false; reason: DecisionRefusal }> {
  const account = await applicationById(ctx.db, id);
  if (!account) return { ok: false, reason: 'not_found' };
  if (!decidable(account.status)) return { ok: false, reason: 'not_pending' };
  const { auth } = await accountsOf(ctx);
  const api = auth.api as unknown as {
    createOrganization(input: { body: { name: string; slug: string; userId: string; keepCurrentActiveOrganization: boolean } }): Promise<{ id: string } | null>;
  };
  let organizationId = await organizationIdBySlug(ctx.db, id);
  if (!organizationId) {
    try {
      organizationId = (await api.createOrganization({ body: { name: account.legal_name, slug: id, userId: account.user_id, keepCurrentActiveOrganization: true } }))?.id ?? null;
    } catch (error) {
      if ((error as { name?: string }).name === 'StateError') throw error;
      // Opened meanwhile by a concurrent approval, or refused by the library (the applicant already belongs to one).
      organizationId = await organizationIdBySlug(ctx.db, id);
      if (!organizationId) return { ok: false, reason: 'already_member' };
    }
    if (!organizationId) return { ok: false, reason: 'already_member' };
  }
  const terms = { ...defaultTerms(account.kind), ...grant };
  const organization_id = organizationId;
  const decided = await transaction(ctx.db, async (tx) => {
    const row = await decideApplication(tx, id, { status: 'approved', terms, organization_id }, note, ctx.now());
    if (row) await tellApplicant(tx, row, ctx.now());
    return row;
  });
  return decided ? { ok: true, account: decided } : { ok: false, reason: 'not_pending' };
}

/**
 * Refuses a pending application and tells the applicant, with the merchant's reason.
 * @throws StateError when the database fails
 */
export async function refuseApplication(ctx: AccountsContext, id: string, reason: string): Promise<{ ok: true; account: BusinessAccountRecord } | { ok: false; reason: DecisionRefusal }> {
  const account = await applicationById(ctx.db, id);
  if (!account) return { ok: false, reason: 'not_found' };
  if (!decidable(account.status)) return { ok: false, reason: 'not_pending' };
  const decided = await transaction(ctx.db, async (tx) => {
    const row = await decideApplication(tx, id, { status: 'refused' }, reason, ctx.now());
    if (row) await tellApplicant(tx, row, ctx.now());
    return row;
  });
  return decided ? { ok: true, account: decided } : { ok: false, reason: 'not_pending' };
}
