/**
 * The members of a business account: its owners invite colleagues by e-mail, the invited person
 * signs in with that address and accepts (or declines) on their account page; an owner may remove
 * a buyer. One organisation per person (src/accounts/auth.ts), two roles: `owner` (invites,
 * removes) and `buyer` (orders on the organisation's terms), the library's `owner` and `member`.
 *
 * Every change goes through the authentication library's organization plugin with the request's
 * session (its own permission checks: only owners invite or remove, only the addressee accepts);
 * the store adds the one-organisation rule and the e-mail, in the inviter's language.
 */
import type { Locale } from '../catalog/locales';
import { emailProblem } from '../commerce/address';
import type { AccountSession } from '../accounts/sign-in';
import { queueMemberInvitation } from '../mail/account-mail';
import { businessAccountOfUser, organizationOfUser } from '../state/business-accounts';
import { isStateError } from '../state/db';
import { type AccountsContext, accountsOf } from './account-service';

export const MEMBER_ROLES = ['buyer', 'owner'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** The library's role of each of the store's (its `member` has no right to invite or remove). */
const LIBRARY_ROLE: Record<MemberRole, string> = { buyer: 'member', owner: 'owner' };

/** The store's name of a library role. */
export const memberRole = (libraryRole: string): MemberRole => (libraryRole === 'owner' ? 'owner' : 'buyer');

/** The organization plugin's calls the store makes, as the library types them loosely. */
interface OrganizationApi {
  createInvitation(input: { body: { email: string; role: string; organizationId: string; resend?: boolean }; headers: Headers }): Promise<{ id: string; expiresAt: Date | string }>;
  acceptInvitation(input: { body: { invitationId: string }; headers: Headers }): Promise<unknown>;
  rejectInvitation(input: { body: { invitationId: string }; headers: Headers }): Promise<unknown>;
  removeMember(input: { body: { memberIdOrEmail: string; organizationId: string }; headers: Headers }): Promise<unknown>;
}

async function organizationApi(ctx: AccountsContext): Promise<OrganizationApi> {
  return (await accountsOf(ctx)).auth.api as unknown as OrganizationApi;
}

/** The library's error code of a refusal (`INVITATION_NOT_FOUND`…), or rethrows what is not one (the database failing). */
function refusal(error: unknown): string {
  const code = (error as { body?: { code?: unknown } }).body?.code;
  if (typeof code !== 'string' || (error as { name?: string }).name === 'StateError') throw error;
  return code;
}

export type InviteProblem = 'email_invalid' | 'role_invalid' | 'already_member' | 'not_owner' | 'too_many';
export type InviteOutcome = { kind: 'invited'; email: string } | { kind: 'problem'; problem: InviteProblem };

/**
 * An owner invites `email` into their organisation as `role`, and the invitation is e-mailed
 * (in `locale`, the owner's page language) with the account page's link; inviting an address
 * again renews its invitation.
 * @param headers the request's (its session cookie: the library checks the owner's right)
 * @throws StateError when the database fails
 */
export async function inviteMember(ctx: AccountsContext, session: AccountSession, headers: Headers, input: { email: string; role: string }, locale: Locale): Promise<InviteOutcome> {
  const email = input.email.trim().toLowerCase();
  if (emailProblem(email)) return { kind: 'problem', problem: 'email_invalid' };
  if (!(MEMBER_ROLES as readonly string[]).includes(input.role)) return { kind: 'problem', problem: 'role_invalid' };
  const membership = await organizationOfUser(ctx.db, session.userId);
  if (!membership || membership.role !== 'owner') return { kind: 'problem', problem: 'not_owner' };
  const api = await organizationApi(ctx);
  let invitation: { id: string; expiresAt: Date | string };
  try {
    invitation = await api.createInvitation({ body: { email, role: LIBRARY_ROLE[input.role as MemberRole], organizationId: membership.organization_id }, headers });
  } catch (error) {
    const code = refusal(error);
    if (code === 'USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION') return { kind: 'problem', problem: 'already_member' };
    if (code === 'INVITATION_LIMIT_REACHED') return { kind: 'problem', problem: 'too_many' };
    if (code === 'INVALID_EMAIL') return { kind: 'problem', problem: 'email_invalid' };
    return { kind: 'problem', problem: 'not_owner' };
  }
  const account = await businessAccountOfUser(ctx.db, session.userId);
  await queueMemberInvitation(ctx.db, {
    to: email, locale, invitationId: invitation.id, expiresAt: new Date(invitation.expiresAt).getTime(),
    legalName: account?.legal_name ?? '', inviter: session.email, role: input.role as MemberRole,
  }, ctx.now());
  return { kind: 'invited', email };
}

export type InvitationAnswer = 'joined' | 'declined' | 'not_found' | 'already_in_organisation';

/**
 * The addressee of an invitation accepts or declines it. Another person's invitation, an expired
 * or answered one, reads as not found (nothing tells whose it is).
 * @param headers the request's (its session: the library checks that the invitation is addressed to its verified e-mail)
 * @throws StateError when the database fails
 */
export async function answerInvitation(ctx: AccountsContext, session: AccountSession, headers: Headers, invitationId: string, accept: boolean): Promise<InvitationAnswer> {
  if (accept && (await organizationOfUser(ctx.db, session.userId))) return 'already_in_organisation';
  const api = await organizationApi(ctx);
  try {
    if (accept) await api.acceptInvitation({ body: { invitationId }, headers });
    else await api.rejectInvitation({ body: { invitationId }, headers });
  } catch (error) {
    // Another invitation accepted at the same moment made the person a member first: the database's one membership per person refused this one.
    if (accept && isStateError(error) && error.sqlState === '23505') return 'already_in_organisation';
    refusal(error);
    return 'not_found';
  }
  return accept ? 'joined' : 'declined';
}

/**
 * An owner removes a member (by e-mail) from their organisation; the member keeps their account
 * and orders, and buys as a consumer from then on.
 * @returns false when the person is not a member, or the caller may not remove them (not an owner, or the last owner)
 * @throws StateError when the database fails
 */
export async function removeMember(ctx: AccountsContext, session: AccountSession, headers: Headers, email: string): Promise<boolean> {
  const membership = await organizationOfUser(ctx.db, session.userId);
  if (!membership || membership.role !== 'owner' || email.trim().toLowerCase() === session.email.toLowerCase()) return false;
  const api = await organizationApi(ctx);
  try {
    await api.removeMember({ body: { memberIdOrEmail: email.trim().toLowerCase(), organizationId: membership.organization_id }, headers });
    return true;
  } catch (error) {
    refusal(error);
    return false;
  }
}
