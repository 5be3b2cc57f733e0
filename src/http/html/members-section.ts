/**
 * The people of a business account on the account page, without JavaScript: the invitations
 * addressed to the signed-in person (join or decline), the organisation's members and, for an
 * owner, the invitations sent, a "remove" button beside each other member and the form that
 * invites a colleague by e-mail (src/checkout/business-members.ts). Posts go to the account page.
 */
import type { Locale } from '../../catalog/locales';
import { localePrefix } from '../../catalog/locales';
import { MEMBER_ROLES, type MemberRole, memberRole } from '../../checkout/business-members';
import { businessUi } from '../../i18n/business-ui';
import type { MemberRow } from '../../state/business-accounts';
import type { OpenInvitation } from '../../state/invitations';
import { formatDate } from '../../views/format';
import { type Html, html } from '../../views/html';
import { labelledInput } from './fields';

/** What the members section shows to the signed-in person. */
export interface TeamView {
  members: readonly MemberRow[];
  /** The viewer's address and role in the organisation (null: not a member). */
  viewer: { email: string; role: MemberRole | null };
  /** Invitations sent by the organisation, still pending (shown to owners). */
  sent: readonly OpenInvitation[];
  /** The invitation form as posted, with its error beside the e-mail field. */
  form?: { email: string; role: string; error?: string };
}

const post = (locale: Locale, action: string, fields: Html, button: Html) =>
  html`<form method="post" action="${localePrefix(locale)}/account" class="inline-form"><input type="hidden" name="action" value="${action}">${fields}${button}</form>`;

const roleWord = (role: MemberRole, locale: Locale) => (role === 'owner' ? businessUi(locale).roleOwner : businessUi(locale).roleBuyer);

/** The invitations addressed to the signed-in person, each with "join" and "decline"; empty when none. */
export function invitationsSection(locale: Locale, invitations: readonly OpenInvitation[]): Html {
  if (!invitations.length) return html``;
  const ui = businessUi(locale);
  const id = (i: OpenInvitation) => html`<input type="hidden" name="invitation_id" value="${i.id}">`;
  return html`<section class="invitations"><h2>${ui.invitationsTitle}</h2><ul>${invitations.map((i) => html`<li><p>${ui.invitationFrom({ name: i.legal_name, role: roleWord(memberRole(i.role), locale), date: formatDate(i.expires_at, locale) })}</p>
${post(locale, 'accept_invitation', id(i), html`<button type="submit" class="primary-button">${ui.acceptInvitation}</button>`)}
${post(locale, 'decline_invitation', id(i), html`<button type="submit" class="secondary-button">${ui.declineInvitation}</button>`)}</li>`)}</ul></section>`;
}

/** The organisation's members and, for an owner, its pending invitations and the invitation form. */
export function membersSection(locale: Locale, team: TeamView): Html {
  const ui = businessUi(locale);
  const owner = team.viewer.role === 'owner';
  const members = team.members.map((m) => {
    const remove = owner && m.email.toLowerCase() !== team.viewer.email.toLowerCase()
      ? post(locale, 'remove_member', html`<input type="hidden" name="member_email" value="${m.email}">`, html`<button type="submit" class="link-button">${ui.removeMember}</button>`)
      : '';
    return html`<li>${ui.member({ email: m.email, role: roleWord(memberRole(m.role), locale) })}${remove}</li>`;
  });
  const sent = owner ? team.sent.map((i) => html`<li class="small">${ui.invitePending({ email: i.email, date: formatDate(i.expires_at, locale) })}</li>`) : [];
  const chosen = team.form?.role === 'owner' ? 'owner' : 'buyer';
  const roles = html`<fieldset class="options"><legend>${ui.inviteRoleLabel}</legend>${MEMBER_ROLES.map((r) => html`<label class="option"><input type="radio" name="invite_role" value="${r}"${r === chosen ? html` checked` : ''}><span>${r === 'owner' ? ui.inviteRoleOwner : ui.inviteRoleBuyer}</span></label>`)}</fieldset>`;
  const form = owner
    ? html`<h3>${ui.inviteTitle}</h3><p class="small">${ui.inviteIntro}</p>
<form method="post" action="${localePrefix(locale)}/account" novalidate><input type="hidden" name="action" value="invite">
${labelledInput('invite_email', ui.inviteEmailLabel, team.form?.email ?? '', team.form?.error, html`type="email" autocomplete="off" inputmode="email" maxlength="254" required`)}
${roles}
<button type="submit" class="secondary-button">${ui.inviteButton}</button></form>`
    : '';
  return html`<h3>${ui.membersTitle}</h3><ul class="members">${members}${sent}</ul>${form}`;
}
