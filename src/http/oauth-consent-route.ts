/**
 * `[/<locale>]/account/authorize`: where the OAuth authorization server (src/accounts/oauth.ts)
 * sends a signed-in person whose consent a platform asks for, with the request it signed.
 * GET shows the consent page (src/http/html/oauth-consent-page.ts) after checking the signature,
 * or sends a person not signed in to the sign-in with the request; POST (`accept` yes or no,
 * same origin, per-IP limit) gives the answer to the library, which redirects to the platform
 * with a code, or with `access_denied`. A request that expired, was tampered with, or that the
 * library refused before (`error` in the query: its `errorURL`) gets a page in words (400),
 * never a redirect to the platform.
 */
import { verifyOAuthQueryParams } from '@better-auth/oauth-provider';
import type { Catalog } from '../catalog/types';
import { type Locale, localePrefix } from '../catalog/locales';
import type { Commerce } from '../checkout/commerce';
import { accountsOf } from '../checkout/account-service';
import { currentSession } from '../accounts/sign-in';
import { approvedAccountOfUser } from '../state/business-accounts';
import { consentInvalidPage, consentPage, grantableScopes } from './html/oauth-consent-page';
import { invalidLinkPage } from './html/approval-page';
import { formActionTo, pageResponse } from './html/shell';
import type { Limit } from './rate-limit';
import { crossSite } from './same-origin';

/** Largest consent form accepted, in bytes (the signed request and the answer). */
const MAX_FORM = 8192;

const seeOther = (location: string, setCookies: readonly string[] = []) => {
  const response = new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' } });
  for (const line of setCookies) response.headers.append('set-cookie', line);
  return response;
};

/** The host (with its port) of a URI, or null when it is none. */
function hostOf(uri: string | null): string | null {
  try {
    return uri ? new URL(uri).host || null : null;
  } catch {
    return null;
  }
}

/**
 * Answers the consent page.
 * @param limit counts one request of the client against its rate limit (null: not limited)
 */
export async function consentRoute(request: Request, locale: Locale, catalog: Catalog, commerce: Commerce | undefined, limit: Limit): Promise<Response> {
  const url = new URL(request.url);
  const store = catalog.store;
  if (!commerce) return pageResponse(404, invalidLinkPage(store, locale));
  const invalid = (status = 400) => pageResponse(status, consentInvalidPage(locale, store.name));
  const ctx = commerce.context(url.origin);
  const deps = await accountsOf(ctx);
  const secret = (deps.auth.options as { secret: string }).secret;
  const signed = async (query: string) => query.length <= MAX_FORM && new URLSearchParams(query).has('sig') && (await verifyOAuthQueryParams(query, secret).catch(() => false));
  try {
    if (request.method === 'GET' || request.method === 'HEAD') {
      const query = url.search.slice(1);
      if (url.searchParams.has('error') || !(await signed(query))) return invalid();
      const { session, setCookies } = await currentSession(deps, request.headers);
      if (!session) return seeOther(`${localePrefix(locale)}/account?${query}`, setCookies);
      const client = await deps.auth.api.getOAuthClientPublic({ query: { client_id: url.searchParams.get('client_id') ?? '' }, headers: request.headers }).catch(() => null);
      if (!client) return invalid();
      const business = await approvedAccountOfUser(ctx.db, session.userId);
      const returnHost = hostOf(url.searchParams.get('redirect_uri'));
      if (!returnHost) return invalid();
      const view = { platform: (client as { client_name?: string }).client_name ?? null, scopes: grantableScopes(url.searchParams.get('scope')), organisation: business?.legal_name ?? null, email: session.email, returnHost, oauthQuery: query };
      // "Allow" and "Deny" end at the platform's redirect URI: the page's form may lead there.
      const response = pageResponse(200, consentPage(locale, store.name, view), formActionTo(url.searchParams.get('redirect_uri')!));
      for (const line of setCookies) response.headers.append('set-cookie', line);
      return response;
    }
    if (request.method !== 'POST') return pageResponse(405, invalidLinkPage(store, locale), { allow: 'GET, HEAD, POST' });
    if (crossSite(request, url, store.base_url)) return invalid(403);
    const decision = await limit();
    if (decision && !decision.allowed) return pageResponse(429, consentInvalidPage(locale, store.name), { 'retry-after': String(decision.retryAfter) });
    const text = await request.text();
    if (!/^application\/x-www-form-urlencoded\b/i.test(request.headers.get('content-type') ?? '') || Buffer.byteLength(text) > MAX_FORM) return invalid();
    const form = new URLSearchParams(text);
    const oauthQuery = form.get('oauth_query') ?? '';
    const accept = form.get('accept');
    if ((accept !== 'yes' && accept !== 'no') || !(await signed(oauthQuery))) return invalid();
    const { session } = await currentSession(deps, request.headers);
    if (!session) return seeOther(`${localePrefix(locale)}/account?${oauthQuery}`);
    const answered = await deps.auth.api.oauth2Consent({ body: { accept: accept === 'yes', oauth_query: oauthQuery }, headers: request.headers }).catch(() => null);
    return answered?.url ? seeOther(answered.url) : invalid();
  } catch (error) {
    if ((error as { name?: string }).name !== 'StateError') throw error;
    console.error('consent page: store unavailable', error);
    return new Response('Service temporarily unavailable; retry in a moment.', { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '5', 'cache-control': 'no-store' } });
  }
}
