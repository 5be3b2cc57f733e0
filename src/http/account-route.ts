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
 *   (303), or the form again with a sentence beside each refused field (422), nothing stored.
 * Every post is same-origin only (403) and counts against the client's per-IP limit (429 with
 * `Retry-After`); the session is read against the database on every request. A failing store
 * answers 503, never a 500.
 */
import type { Catalog } from '../catalog/types';
import { type Locale, localePrefix } from '../catalog/locales';
import type { Commerce } from '../checkout/commerce';
import { accountOrders } from '../checkout/account-orders';
import { accountsOf, sendSignInMail, signInAndNotify } from '../checkout/account-service';
import { applyForBusiness } from '../checkout/business-accounts';
import { APPLICATION_FIELDS, type ApplicationInput } from '../accounts/business';
import { applicationOfUser, organizationMembers } from '../state/business-accounts';
import { businessUi } from '../i18n/business-ui';
import { businessFormPage, businessSection } from './html/business-page';
import { defaultCountry } from './html/fields';
import type { AccountPage } from './account-path';
import { DEVICE_COOKIE, currentSession, signOut } from '../accounts/sign-in';
import { accountUi } from '../i18n/account-ui';
import { type SignInView, accountPage, signInPage } from './html/account-page';
import { invalidLinkPage } from './html/approval-page';
import { pageResponse } from './html/shell';
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
  const signIn = (status: number, view: SignInView, headers: Record<string, string> = {}) => pageResponse(status, signInPage(locale, store.name, view), headers);
  const businessForm = (view: Parameters<typeof businessFormPage>[4]) => businessFormPage(locale, store.name, store.countries_served, defaultCountry(store, locale), view);
  const back = (setCookies: readonly string[] = [], query = '') => withCookies(new Response(null, { status: 303, headers: { location: `${here}${query}`, 'cache-control': 'no-store', 'referrer-policy': 'strict-origin' } }), setCookies);
  try {
    if (request.method === 'GET' || request.method === 'HEAD') {
      const deps = await accountsOf(ctx);
      const { session, setCookies } = await currentSession(deps, request.headers);
      const notice = url.searchParams.get('signed_out') === 'everywhere' ? ui.signedOutEverywhere : url.searchParams.has('signed_out') ? ui.signedOut : undefined;
      if (!session) {
        const first = which === 'business' ? { notice: { kind: 'wait' as const, text: businessUi(locale).signInFirst } } : notice ? { notice: { kind: 'ok' as const, text: notice } } : {};
        return withCookies(signIn(200, { step: 'email', ...first }), setCookies);
      }
      const business = await applicationOfUser(ctx.db, session.userId);
      if (which === 'business') {
        // An application under way or granted is shown on the account page; a refused one may be followed by another.
        if (business && business.status !== 'refused') return withCookies(back(), setCookies);
        return withCookies(pageResponse(200, businessForm({ input: {} })), setCookies);
      }
      const orders = await accountOrders(ctx, session, locale);
      const members = business?.organization_id ? await organizationMembers(ctx.db, business.organization_id) : [];
      const applied = url.searchParams.has('applied') ? { notice: { kind: 'ok' as const, text: businessUi(locale).applied } } : {};
      return withCookies(pageResponse(200, accountPage(locale, store.name, { email: session.email, orders, business: businessSection(locale, business, members), ...applied })), setCookies);
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
    switch (form.get('action')) {
      case 'send': {
        const sent = await sendSignInMail(ctx, email, locale);
        if (sent.kind === 'invalid_email') return signIn(422, { step: 'email', email, error: { field: 'email', text: ui.invalidEmail } });
        if (sent.kind === 'too_many') {
          return signIn(429, { step: 'code', email, notice: { kind: 'no', text: ui.tooMany({ minutes: minutes(sent.retryAfterSeconds) }) } }, { 'retry-after': String(sent.retryAfterSeconds) });
        }
        return signIn(200, { step: 'code', email: sent.to, notice: { kind: 'wait', text: ui.codeSent({ email: sent.to }) } });
      }
      case 'verify': {
        const result = await signInAndNotify(ctx, { email, code: form.get('code') ?? '', headers: request.headers, deviceCookie: cookieOf(request, DEVICE_COOKIE) }, locale);
        if (result.kind === 'signed_in') return back(result.setCookies);
        if (result.kind === 'invalid_email') return signIn(422, { step: 'email', email, error: { field: 'email', text: ui.invalidEmail } });
        const words = { wrong: ui.wrongCode, dead: ui.deadCode, expired: ui.expiredCode, malformed: ui.malformedCode } as const;
        return signIn(422, { step: 'code', email, error: { field: 'code', text: words[result.kind] } });
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
