/**
 * `[/<locale>]/account` (src/http/html/account-page.ts): without a session, the sign-in; with
 * one, the account and its business section. `[/<locale>]/account/business`
 * (src/http/html/business-page.ts): the business account's application form, for a signed-in
 * person without an application under way. Posts (`action`):
 * - `send` (email): a code to that address (any address: the first sign-in opens the account),
 *   then the code step; the same words whether or not the address has an account;
 * - `verify` (email, code): signs in, sets the session cookie and sends back to the account (303);
 * - `sign_out`, `sign_out_everywhere`: ends this session or every session of the account;
 * - `apply` (the form's fields, on the business path): the application, then back to the account
 *   (303), or the form again with a sentence beside each refused field (422), nothing stored;
 * - `passkey_options`, `passkey_sign_in_options`: a passkey ceremony's options as JSON, for the
 *   page's script; `passkey_register` (credential, passkey_name), `passkey_sign_in` (credential),
 *   `passkey_delete` (passkey_id): add, use or delete a passkey (src/accounts/passkeys.ts);
 * - `delete_address` (address_id): deletes one of the account's saved addresses;
 * - `unlink_platform` (platform_id): ends a platform's link (src/state/linked-platforms.ts), its tokens revoked;
 * - `invite` (invite_email, invite_role), `remove_member` (member_email): an owner's changes to the
 *   organisation's people; `accept_invitation`, `decline_invitation` (invitation_id): the
 *   addressee's answer (src/checkout/business-members.ts). Each ends back on the account with its
 *   notice (303), or the page again with the sentence beside the invitation's field (422).
 * Every post is same-origin only (403) and counts against the client's per-IP limit (429 with
 * `Retry-After`); the session is read against the database on every request. A failing store
 * answers 503, never a 500.
 */
import type { Catalog } from '../catalog/types';
import { type Locale, localePrefix } from '../catalog/locales';
import type { Commerce } from '../checkout/commerce';
import { accountOrders } from '../checkout/account-orders';
import { accountsOf, sendSignInMail, signInAndNotify, signInWithPasskeyAndNotify } from '../checkout/account-service';
import { applyForBusiness } from '../checkout/business-accounts';
import { APPLICATION_FIELDS, type ApplicationInput } from '../accounts/business';
import { businessAccountOfUser, organizationMembers, organizationOfUser } from '../state/business-accounts';
import { invitationsOf, invitationsTo } from '../state/invitations';
import { deleteSavedAddress, savedAddressesOf } from '../checkout/saved-addresses';
import { type InviteProblem, answerInvitation, inviteMember, memberRole, removeMember } from '../checkout/business-members';
import { type TeamView, invitationsSection } from './html/members-section';
import { quotesSection } from './html/quotes-section';
import { quotesOfMember } from '../checkout/quotes';
import type { AccountSession } from '../accounts/sign-in';
import type { CommerceContext } from '../checkout/context';
import { businessUi } from '../i18n/business-ui';
import { businessFormPage, businessSection } from './html/business-page';
import { defaultCountry } from './html/fields';
import type { AccountPage } from './account-path';
import { DEVICE_COOKIE, currentSession, passkeyRegistrationOptions, passkeySignInOptions, registerPasskey, signOut } from '../accounts/sign-in';
import { deletePasskey, passkeysOf } from '../state/passkeys';
import { linkedPlatformsOf, unlinkPlatform } from '../state/linked-platforms';
import { accountUi } from '../i18n/account-ui';
import { type SignInView, accountPage, signInPage } from './html/account-page';
import { html } from '../views/html';
import { invalidLinkPage } from './html/approval-page';
import { SCRIPTED_PAGE_HEADERS, formActionTo, pageResponse, scriptedPageResponse } from './html/shell';
import type { Limit } from './rate-limit';
import { crossSite } from './same-origin';
import { cookieOf } from './cart-cookies';

/** Largest form accepted, in bytes (the application's eleven fields of at most 200 characters, percent-encoded). */
const MAX_FORM = 16384;

/** A response with every Set-Cookie line kept apart. */
function withCookies(response: Response, setCookies: readonly string[]): Response {
  for (const line of setCookies) response.headers.append('set-cookie', line);
  return response;
}

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/**
 * Answers the account page.
 * @param limit counts one request of the client against its rate limit (null: not limited)
 */
export async function accountRoute(request: Request, locale: Locale, which: AccountPage, catalog: Catalog, commerce: Commerce | undefined, limit: Limit): Promise<Response> {
  const url = new URL(request.url);
  const store = catalog.store;
  const ui = accountUi(locale);
  const here = `${localePrefix(locale)}/account`;
  if (!commerce) return pageResponse(404, invalidLinkPage(store, locale));
  const ctx = commerce.context(url.origin);
  // A sign-in carrying a platform's request may end at its redirect URI (consent given before): the form may lead there.
  const signIn = (status: number, view: SignInView, headers: Record<string, string> = {}) => scriptedPageResponse(status, signInPage(locale, store.name, view), {
    ...(view.oauthQuery ? formActionTo(new URLSearchParams(view.oauthQuery).get('redirect_uri'), SCRIPTED_PAGE_HEADERS['content-security-policy']) : {}), ...headers,
  });
  const businessForm = (view: Parameters<typeof businessFormPage>[4]) => businessFormPage(locale, store.name, store.countries_served, defaultCountry(store, locale), view);
  const back = (setCookies: readonly string[] = [], query = '') => withCookies(new Response(null, { status: 303, headers: { location: `${here}${query}`, 'cache-control': 'no-store', 'referrer-policy': 'strict-origin' } }), setCookies);
  // A platform's authorization request waiting for the sign-in (src/accounts/oauth.ts): it goes on once signed in.
  const authorizing = (setCookies: readonly string[], oauthQuery: string) => withCookies(new Response(null, { status: 303, headers: { location: continueAuthorization(oauthQuery), 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' } }), setCookies);
  try {
    if (request.method === 'GET' || request.method === 'HEAD') {
      const deps = await accountsOf(ctx);
      const { session, setCookies } = await currentSession(deps, request.headers);
      const notice = url.searchParams.get('signed_out') === 'everywhere' ? ui.signedOutEverywhere : url.searchParams.has('signed_out') ? ui.signedOut : undefined;
      const oauthQuery = which === 'account' ? signedAuthorizationQuery(url.search.slice(1)) : null;
      if (oauthQuery && session) return authorizing(setCookies, oauthQuery);
      if (!session) {
        const first = which === 'business' ? { notice: { kind: 'wait' as const, text: businessUi(locale).signInFirst } } : notice ? { notice: { kind: 'ok' as const, text: notice } } : {};
        return withCookies(signIn(200, { step: 'email', ...first, ...(oauthQuery ? { oauthQuery } : {}) }), setCookies);
      }
      if (which === 'business') {
        // An application under way or granted is shown on the account page; a refused one may be followed by another.
        const business = await businessAccountOfUser(ctx.db, session.userId);
        if (business && business.status !== 'refused') return withCookies(back(), setCookies);
        return withCookies(pageResponse(200, businessForm({ input: {} })), setCookies);
      }
      return withCookies(await accountAnswer(ctx, 200, session, locale, store.name, { query: url.searchParams }), setCookies);
    }
    if (request.method !== 'POST') return pageResponse(405, invalidLinkPage(store, locale), { allow: 'GET, HEAD, POST' });
    if (crossSite(request, url, store.base_url)) return signIn(403, { step: 'email', notice: { kind: 'no', text: ui.crossSite } });
    const decision = await limit();
    if (decision && !decision.allowed) {
      return signIn(429, { step: 'email', notice: { kind: 'no', text: ui.tooManyRequests({ minutes: minutes(decision.retryAfter) }) } }, { 'retry-after': String(decision.retryAfter) });
    }
    const text = await request.text();
    if (!/^application\/x-www-form-urlencoded\b/i.test(request.headers.get('content-type') ?? '') || Buffer.byteLength(text) > MAX_FORM) return signIn(400, { step: 'email' });
    const form = new URLSearchParams(text);
    const email = (form.get('email') ?? '').slice(0, 254);
    const oauthQuery = signedAuthorizationQuery(form.get('oauth_query') ?? '');
    const carried = oauthQuery ? { oauthQuery } : {};
    switch (form.get('action')) {
      case 'send': {
        const sent = await sendSignInMail(ctx, email, locale);
        if (sent.kind === 'invalid_email') return signIn(422, { step: 'email', email, error: { field: 'email', text: ui.invalidEmail }, ...carried });
        if (sent.kind === 'too_many') {
          return signIn(429, { step: 'code', email, notice: { kind: 'no', text: ui.tooMany({ minutes: minutes(sent.retryAfterSeconds) }) }, ...carried }, { 'retry-after': String(sent.retryAfterSeconds) });
        }
        return signIn(200, { step: 'code', email: sent.to, notice: { kind: 'wait', text: ui.codeSent({ email: sent.to }) }, ...carried });
      }
      case 'verify': {
        const result = await signInAndNotify(ctx, { email, code: form.get('code') ?? '', headers: request.headers, deviceCookie: cookieOf(request, DEVICE_COOKIE) }, locale);
        if (result.kind === 'signed_in') return oauthQuery ? authorizing(result.setCookies, oauthQuery) : back(result.setCookies);
        if (result.kind === 'invalid_email') return signIn(422, { step: 'email', email, error: { field: 'email', text: ui.invalidEmail }, ...carried });
        const words = { wrong: ui.wrongCode, dead: ui.deadCode, expired: ui.expiredCode, malformed: ui.malformedCode } as const;
        return signIn(422, { step: 'code', email, error: { field: 'code', text: words[result.kind] }, ...carried });
      }
      case 'apply': {
        const deps = await accountsOf(ctx);
        const { session } = await currentSession(deps, request.headers);
        if (!session) return signIn(401, { step: 'email', notice: { kind: 'wait', text: businessUi(locale).signInFirst } });
        const input: ApplicationInput = Object.fromEntries(APPLICATION_FIELDS.map((f) => [f, (form.get(f) ?? '').slice(0, 1000)]));
        const outcome = await applyForBusiness(ctx, session, input, locale);
        if (outcome.kind === 'problems') return pageResponse(422, businessForm({ input, problems: outcome.problems }));
        return back([], outcome.kind === 'applied' ? '?applied' : '');
      }
      case 'passkey_options':
      case 'passkey_sign_in_options':
      case 'passkey_register':
      case 'passkey_sign_in':
      case 'passkey_delete':
        return await passkeyStep(ctx, request, form, locale, { signIn, back });
      case 'unlink_platform': {
        const { session } = await currentSession(await accountsOf(ctx), request.headers);
        if (!session) return signIn(401, { step: 'email' });
        // Another account's link ends nothing, and reads as done: nothing tells whether it exists.
        await unlinkPlatform(ctx.db, session.userId, (form.get('platform_id') ?? '').slice(0, 64), ctx.now());
        return back([], '?platform_unlinked');
      }
      case 'delete_address': {
        const { session } = await currentSession(await accountsOf(ctx), request.headers);
        if (!session) return signIn(401, { step: 'email' });
        // Another account's id deletes nothing, and reads as done: nothing tells whether it exists.
        await deleteSavedAddress(ctx.db, session.userId, (form.get('address_id') ?? '').slice(0, 64));
        return back([], '?address_deleted');
      }
      case 'invite':
      case 'remove_member':
      case 'accept_invitation':
      case 'decline_invitation': {
        const { session } = await currentSession(await accountsOf(ctx), request.headers);
        if (!session) return signIn(401, { step: 'email' });
        const changed = await teamChange(ctx, session, request.headers, form, locale);
        if ('query' in changed) return back([], changed.query);
        return accountAnswer(ctx, 422, session, locale, store.name, { form: changed.form });
      }
      case 'sign_out':
      case 'sign_out_everywhere': {
        const everywhere = form.get('action') === 'sign_out_everywhere';
        const cleared = await signOut(await accountsOf(ctx), request.headers, { everywhere });
        return back(cleared, everywhere ? '?signed_out=everywhere' : '?signed_out');
      }
      default:
        return signIn(400, { step: 'email' });
    }
  } catch (error) {
    if ((error as { name?: string }).name !== 'StateError') throw error;
    console.error('account page: store unavailable', error);
    return new Response('Service temporarily unavailable; retry in a moment.', { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '5', 'cache-control': 'no-store' } });
  }
}

/** Longest authorization request carried through the sign-in, in characters. */
const MAX_OAUTH_QUERY = 4096;

/**
 * The authorization request the library signed when it sent the person to sign in (its
 * parameters with `sig`), or null for anything else. Its signature is the library's to check
 * when it goes on (`continueAuthorization`): here it is only recognised and bounded.
 */
function signedAuthorizationQuery(query: string): string | null {
  if (!query || query.length > MAX_OAUTH_QUERY) return null;
  const params = new URLSearchParams(query);
  return params.has('sig') && params.has('client_id') && params.get('response_type') === 'code' ? params.toString() : null;
}

/** The authorization endpoint again with the signed request: signed in, the person goes on to the consent. */
const continueAuthorization = (oauthQuery: string) => `/api/auth/oauth2/authorize?${oauthQuery}`;

/** A JSON answer of a passkey ceremony's options (read by public/scripts/passkeys.js only). */
const optionsJson = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' } });

/**
 * A step of a passkey (src/accounts/passkeys.ts): the options of a ceremony (JSON, for the
 * script), adding or deleting the signed-in person's passkey, or signing in with one (a new
 * device is told by e-mail, as after a code).
 */
async function passkeyStep(ctx: CommerceContext, request: Request, form: URLSearchParams, locale: Locale, pages: { signIn: (status: number, view: SignInView) => Response; back: (setCookies?: readonly string[], query?: string) => Response }): Promise<Response> {
  const deps = await accountsOf(ctx);
  const credential = (form.get('credential') ?? '').slice(0, 16384);
  switch (form.get('action')) {
    case 'passkey_sign_in_options': return optionsJson(200, await passkeySignInOptions(deps, request.headers));
    case 'passkey_sign_in': {
      const result = await signInWithPasskeyAndNotify(ctx, { credential, headers: request.headers, deviceCookie: cookieOf(request, DEVICE_COOKIE) }, locale);
      if (result.kind === 'signed_in') return pages.back(result.setCookies);
      return pages.signIn(422, { step: 'email', notice: { kind: 'no', text: accountUi(locale).passkeyFailed } });
    }
    default: break;
  }
  const { session } = await currentSession(deps, request.headers);
  if (!session) return form.get('action') === 'passkey_options' ? optionsJson(401, { error: 'sign in first' }) : pages.signIn(401, { step: 'email' });
  switch (form.get('action')) {
    case 'passkey_options': {
      const options = await passkeyRegistrationOptions(deps, request.headers);
      return options ? optionsJson(200, options) : optionsJson(401, { error: 'sign in first' });
    }
    case 'passkey_register': return pages.back([], (await registerPasskey(deps, request.headers, credential, form.get('passkey_name') ?? '')) ? '?passkey_added' : '?passkey_refused');
    default:
      // Another account's id deletes nothing, and reads as done.
      await deletePasskey(ctx.db, session.userId, (form.get('passkey_id') ?? '').slice(0, 64));
      return pages.back([], '?passkey_deleted');
  }
}

/**
 * The notice a redirect back to the account asks for (`?applied`, `?invited=…`, `?joined`…), in
 * the page's language. Names in the query are shown only when the account's own records bear them
 * out (an invitation pending to that address, no such member any more), so a crafted link cannot
 * put words of its own on the page.
 */
function accountNotice(query: URLSearchParams, locale: Locale, facts: { organisation: string | null; team: TeamView }): SignInView['notice'] {
  const words = businessUi(locale);
  const same = (a: string) => (b: string) => a.toLowerCase() === b.toLowerCase();
  // Once decided, the application's "sent" notice of an old link says nothing true any more.
  if (query.has('applied') && !facts.organisation) return { kind: 'ok', text: words.applied };
  const invited = query.get('invited') ?? '';
  if (invited && facts.team.sent.some((i) => same(invited)(i.email))) return { kind: 'ok', text: words.invited({ email: invited }) };
  const removed = query.get('removed') ?? '';
  if (removed && facts.team.viewer.role === 'owner' && !facts.team.members.some((m) => same(removed)(m.email))) return { kind: 'ok', text: words.memberRemoved({ email: removed.slice(0, 254) }) };
  if (query.has('joined') && facts.organisation && facts.team.viewer.role) return { kind: 'ok', text: words.joined({ name: facts.organisation }) };
  if (query.has('address_deleted')) return { kind: 'ok', text: accountUi(locale).addressDeleted };
  if (query.has('passkey_added')) return { kind: 'ok', text: accountUi(locale).passkeyAdded };
  if (query.has('passkey_refused')) return { kind: 'no', text: accountUi(locale).passkeyRefused };
  if (query.has('passkey_deleted')) return { kind: 'ok', text: accountUi(locale).passkeyDeleted };
  if (query.has('platform_unlinked')) return { kind: 'ok', text: accountUi(locale).platformUnlinked };
  if (query.has('declined')) return { kind: 'ok', text: words.declined };
  if (query.has('invitation_gone')) return { kind: 'no', text: words.invitationGone };
  if (query.has('one_organisation')) return { kind: 'no', text: words.alreadyInOrganisation };
  if (query.has('not_owner')) return { kind: 'no', text: words.inviteNotOwner };
  return undefined;
}

/** The signed-in account page: orders, invitations, business account and its people, read for `session` only. */
async function accountAnswer(ctx: CommerceContext, status: number, session: AccountSession, locale: Locale, storeName: string, extra: { query?: URLSearchParams; form?: TeamView['form'] }): Promise<Response> {
  const now = ctx.now();
  const [orders, addresses, business, membership, invitations, passkeys, platforms] = await Promise.all([
    accountOrders(ctx, session, locale), savedAddressesOf(ctx.db, session.userId), businessAccountOfUser(ctx.db, session.userId),
    organizationOfUser(ctx.db, session.userId), invitationsTo(ctx.db, session.email, now), passkeysOf(ctx.db, session.userId), linkedPlatformsOf(ctx.db, session.userId),
  ]);
  const organizationId = membership?.organization_id ?? null;
  const team: TeamView = {
    members: organizationId ? await organizationMembers(ctx.db, organizationId) : [],
    viewer: { email: session.email, role: membership ? memberRole(membership.role) : null },
    sent: organizationId && membership?.role === 'owner' ? await invitationsOf(ctx.db, organizationId, now) : [],
    form: extra.form,
  };
  const quotes = business?.status === 'approved' && organizationId ? quotesSection(locale, await quotesOfMember(ctx, { user_id: session.userId }), now) : '';
  const sections = html`${invitationsSection(locale, invitations)}${businessSection(locale, business, team)}${quotes}`;
  const notice = extra.query ? accountNotice(extra.query, locale, { organisation: business?.status === 'approved' ? business.legal_name : null, team }) : undefined;
  return scriptedPageResponse(status, accountPage(locale, storeName, { email: session.email, orders, addresses, passkeys, platforms, business: sections, notice }));
}

/** The invitation form's error sentence of a refusal. */
function inviteProblemText(problem: InviteProblem, locale: Locale): string {
  const ui = businessUi(locale);
  switch (problem) {
    case 'email_invalid': return ui.inviteEmailInvalid;
    case 'already_member': return ui.inviteAlreadyMember;
    case 'too_many': return ui.inviteTooMany;
    case 'role_invalid': return ui.choice;
    case 'not_owner': return ui.inviteNotOwner;
  }
}

/**
 * An owner's or an invited person's change to the organisation's people.
 * @returns the query of the account page to go back to (its notice), or the invitation form with its error
 */
async function teamChange(ctx: CommerceContext, session: AccountSession, headers: Headers, form: URLSearchParams, locale: Locale): Promise<{ query: string } | { form: NonNullable<TeamView['form']> }> {
  const q = (key: string, value = '') => ({ query: `?${new URLSearchParams({ [key]: value })}` });
  switch (form.get('action')) {
    case 'invite': {
      const input = { email: (form.get('invite_email') ?? '').slice(0, 254), role: form.get('invite_role') ?? 'buyer' };
      const outcome = await inviteMember(ctx, session, headers, input, locale);
      if (outcome.kind === 'invited') return q('invited', outcome.email);
      // A buyer has no invitation form to write the sentence beside: the page's notice says it.
      return outcome.problem === 'not_owner' ? q('not_owner') : { form: { ...input, error: inviteProblemText(outcome.problem, locale) } };
    }
    case 'remove_member': {
      const email = (form.get('member_email') ?? '').slice(0, 254);
      return (await removeMember(ctx, session, headers, email)) ? q('removed', email) : q('not_owner');
    }
    default: {
      const accept = form.get('action') === 'accept_invitation';
      const answer = await answerInvitation(ctx, session, headers, (form.get('invitation_id') ?? '').slice(0, 100), accept);
      if (answer === 'joined') return q('joined');
      if (answer === 'declined') return q('declined');
      return q(answer === 'already_in_organisation' ? 'one_organisation' : 'invitation_gone');
    }
  }
}
