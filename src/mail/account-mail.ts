/**
 * The e-mails of accounts (src/accounts/sign-in.ts), queued in the outbox like every other:
 * - `sign_in_code`: the one-time code that signs a person in, sealed while it waits
 *   (src/mail/sealed.ts) and dropped from the stored payload once sent;
 * - `new_device`: tells the account holder that a device it never used signed in, with the
 *   account page's link, where "sign out on every device" ends every session;
 * - `business_decision`: tells the person who applied for a business account what the merchant
 *   (or VIES) decided, in the language they applied in;
 * - `member_invitation`: invites a colleague into a business account, in the inviter's language,
 *   with the account page's link (where they sign in with that address and accept).
 */
import type { Store } from '../catalog/schema';
import type { Locale } from '../catalog/locales';
import { absoluteUrl, localizedPath } from '../catalog/urls';
import { mailUi } from '../i18n/mail-ui';
import type { Queryable } from '../state/db';
import { enqueue } from '../state/outbox';
import { formatDate, formatTime } from '../views/format';
import type { Block, MailContent } from './layout';
import { seal } from './sealed';

export type AccountMailPayload =
  | { template: 'sign_in_code'; locale: string; to: string; sealed_code?: string }
  /** `at`: epoch ms of the sign-in. */
  | { template: 'new_device'; locale: string; to: string; at: number }
  /** `note`: the merchant's reason for a refusal, or `vies_invalid` when VIES refused the number. */
  | { template: 'business_decision'; locale: string; to: string; account_id: string; status: 'approved' | 'refused'; legal_name: string; pay_on_invoice: boolean; note: string | null }
  /** `expires_at`: epoch ms; `role`: `buyer` or `owner`. */
  | { template: 'member_invitation'; locale: string; to: string; invitation_id: string; legal_name: string; inviter: string; role: string; expires_at: number };

/**
 * Queues a sign-in code for `to`.
 * @param sealKey the key that seals the code while it waits (32 bytes)
 * @param sendId a unique id of this send (its dedupe key)
 * @param now epoch ms
 * @returns the outbox message id
 */
export async function queueSignInCode(q: Queryable, sealKey: Buffer, mail: { to: string; locale: Locale; code: string; sendId: string }, now: number): Promise<number | null> {
  const payload: AccountMailPayload = { template: 'sign_in_code', locale: mail.locale, to: mail.to, sealed_code: seal(sealKey, mail.code) };
  return enqueue(q, { kind: 'mail', dedupeKey: `mail:sign_in_code:${mail.sendId}`, payload }, now);
}

/**
 * Queues the notice of a sign-in from a new device.
 * @param signInId the new session's id (its dedupe key)
 * @param now epoch ms (also the sign-in's time)
 */
export async function queueNewDevice(q: Queryable, mail: { to: string; locale: Locale; signInId: string }, now: number): Promise<number | null> {
  const payload: AccountMailPayload = { template: 'new_device', locale: mail.locale, to: mail.to, at: now };
  return enqueue(q, { kind: 'mail', dedupeKey: `mail:new_device:${mail.signInId}`, payload }, now);
}

/**
 * Queues the e-mail that tells an applicant the decision on their business account.
 * @param account as decided (approved or refused)
 * @param to the applicant's verified e-mail
 * @param now epoch ms
 */
export async function queueBusinessDecision(q: Queryable, account: { id: string; locale: string; status: string; legal_name: string; terms: { pay_on_invoice: boolean } | null; decision_note: string | null }, to: string, now: number): Promise<number | null> {
  if (account.status !== 'approved' && account.status !== 'refused') throw new Error(`business account ${account.id} is ${account.status}: nothing to tell`);
  const payload: AccountMailPayload = {
    template: 'business_decision', locale: account.locale, to, account_id: account.id, status: account.status,
    legal_name: account.legal_name, pay_on_invoice: !!account.terms?.pay_on_invoice, note: account.decision_note,
  };
  return enqueue(q, { kind: 'mail', dedupeKey: `mail:business_decision:${account.id}:${account.status}`, payload }, now);
}

/**
 * Queues the invitation of `to` into a business account (one e-mail per invitation and renewal).
 * @param now epoch ms
 */
export async function queueMemberInvitation(q: Queryable, mail: { to: string; locale: Locale; invitationId: string; expiresAt: number; legalName: string; inviter: string; role: string }, now: number): Promise<number | null> {
  const payload: AccountMailPayload = {
    template: 'member_invitation', locale: mail.locale, to: mail.to, invitation_id: mail.invitationId, legal_name: mail.legalName, inviter: mail.inviter, role: mail.role, expires_at: mail.expiresAt,
  };
  return enqueue(q, { kind: 'mail', dedupeKey: `mail:member_invitation:${mail.invitationId}:${mail.expiresAt}`, payload }, now);
}

/** The invitation into a business account, with the account page's link. */
export function memberInvitationContent(payload: Extract<AccountMailPayload, { template: 'member_invitation' }>, store: Store, locale: Locale, baseUrl: string): MailContent {
  const ui = mailUi(locale);
  const account = absoluteUrl(baseUrl, localizedPath(locale, '/account'));
  const until = formatDate(new Date(payload.expires_at).toISOString(), locale);
  return {
    to: payload.to,
    subject: ui.invitationSubject({ inviter: payload.inviter, name: payload.legal_name, store: store.name }),
    blocks: [
      { kind: 'text', text: payload.role === 'owner' ? ui.invitationIntroOwner({ inviter: payload.inviter, name: payload.legal_name }) : ui.invitationIntroBuyer({ inviter: payload.inviter, name: payload.legal_name }) },
      { kind: 'text', text: ui.invitationHow({ email: payload.to, date: until }) },
      { kind: 'link', text: ui.invitationLink, label: account, href: account },
    ],
  };
}

/** The decision on a business account, with the account page's link. */
export function businessDecisionContent(payload: Extract<AccountMailPayload, { template: 'business_decision' }>, store: Store, locale: Locale, baseUrl: string): MailContent {
  const ui = mailUi(locale);
  const account = absoluteUrl(baseUrl, localizedPath(locale, '/account'));
  const blocks: Block[] = payload.status === 'approved'
    ? [
        { kind: 'text', text: ui.businessApprovedIntro({ name: payload.legal_name }) },
        { kind: 'text', text: payload.pay_on_invoice ? ui.businessApprovedInvoice : ui.businessApprovedCard },
      ]
    : [
        { kind: 'text', text: ui.businessRefusedIntro({ name: payload.legal_name }) },
        ...(payload.note ? [{ kind: 'text' as const, text: payload.note === 'vies_invalid' ? ui.businessRefusedVies : payload.note }] : []),
        { kind: 'text', text: ui.businessRefusedAgain },
      ];
  return {
    to: payload.to,
    subject: payload.status === 'approved' ? ui.businessApprovedSubject({ store: store.name }) : ui.businessRefusedSubject({ store: store.name }),
    blocks: [...blocks, { kind: 'link', text: ui.businessAccountLink, label: account, href: account }],
  };
}

/** The sign-in code e-mail. */
export function signInCodeContent(to: string, code: string, store: Store, locale: Locale): MailContent {
  const ui = mailUi(locale);
  const blocks: Block[] = [
    { kind: 'text', text: ui.signInIntro({ store: store.name }) },
    { kind: 'code', code },
    { kind: 'text', text: ui.signInValidity },
    { kind: 'text', text: ui.signInNotYou },
  ];
  return { to, subject: ui.signInSubject({ code, store: store.name }), blocks };
}

/** The new-device notice, with the account page's link. */
export function newDeviceContent(payload: Extract<AccountMailPayload, { template: 'new_device' }>, store: Store, locale: Locale, baseUrl: string): MailContent {
  const ui = mailUi(locale);
  const time = `${formatDate(new Date(payload.at).toISOString(), locale)}, ${formatTime(payload.at, locale)}`;
  const account = absoluteUrl(baseUrl, localizedPath(locale, '/account'));
  return {
    to: payload.to,
    subject: ui.newDeviceSubject({ store: store.name }),
    blocks: [
      { kind: 'text', text: ui.newDeviceIntro({ time }) },
      { kind: 'link', text: ui.newDeviceNotYou, label: account, href: account },
    ],
  };
}
