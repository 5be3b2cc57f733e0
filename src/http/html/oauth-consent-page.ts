/**
 * The consent page of the OAuth authorization server (src/accounts/oauth.ts; issue 37): which
 * platform asks, each scope in plain words, for whom it will buy (the signed-in person's
 * organisation, or the person), and two buttons. Phones first: one column, the buttons full width.
 */
import type { Locale } from '../../catalog/locales';
import { accountUi } from '../../i18n/account-ui';
import { type Html, html } from '../../views/html';
import { GRANTABLE_SCOPES, type GrantableScope, OAUTH_SCOPES, OFFLINE_ACCESS } from '../../accounts/oauth';
import { localePrefix } from '../../catalog/locales';
import { page } from './shell';

/** What the consent page shows. */
export interface ConsentView {
  /** The client's registered name, or null when it gave none. */
  platform: string | null;
  /** The scopes asked for that the store grants, in the request's order. */
  scopes: GrantableScope[];
  /** The organisation the platform will buy for (a business account's legal name), or null: the person. */
  organisation: string | null;
  /** The signed-in person's e-mail. */
  email: string;
  /** The host of the redirect URI: the name is the platform's own choice, where it sends back tells who it is. */
  returnHost: string;
  /** The signed request, posted back with the answer. */
  oauthQuery: string;
}

/** The scopes of a request's `scope` that the store grants (others are the library's to refuse). */
export function grantableScopes(scope: string | null): GrantableScope[] {
  const asked = (scope ?? '').split(' ').filter(Boolean);
  return GRANTABLE_SCOPES.filter((s) => asked.includes(s));
}

/** Each grantable scope in plain words, in `locale` (the consent page and the account's linked platforms). */
export function scopeWords(locale: Locale): Record<GrantableScope, string> {
  const ui = accountUi(locale);
  return { [OAUTH_SCOPES.checkout]: ui.oauthScopeCheckout, [OAUTH_SCOPES.orders]: ui.oauthScopeOrders, [OFFLINE_ACCESS]: ui.oauthScopeOffline };
}

/** The consent page's HTML. */
export function consentPage(locale: Locale, storeName: string, view: ConsentView): string {
  const ui = accountUi(locale);
  const platform = view.platform ?? ui.oauthUnnamed;
  const words = scopeWords(locale);
  const answer = (accept: boolean, label: string, style: string): Html => html`<button type="submit" name="accept" value="${accept ? 'yes' : 'no'}" class="${style} wide">${label}</button>`;
  const body = html`<h1>${ui.oauthTitle({ platform })}</h1>
<p>${ui.oauthIntro({ platform, store: storeName })}</p>
<h2>${ui.oauthScopesHeading}</h2>
<ul class="oauth-scopes">${view.scopes.map((s) => html`<li data-scope="${s}">${words[s]}</li>`)}</ul>
<p class="oauth-for">${view.organisation ? ui.oauthBuysFor({ organisation: view.organisation }) : ui.oauthBuysAsPerson({ email: view.email })}</p>
<p class="oauth-return">${ui.oauthReturnTo({ host: view.returnHost })}</p>
<form method="post" action="${localePrefix(locale)}/account/authorize" class="oauth-consent"><input type="hidden" name="oauth_query" value="${view.oauthQuery}">
${answer(true, ui.oauthAllow, 'primary-button')}
${answer(false, ui.oauthDeny, 'secondary-button')}
</form>`;
  return page(locale, ui.oauthTitle({ platform }), storeName, body);
}

/** The page for a request that cannot go on (expired, tampered with, or refused by the library). */
export function consentInvalidPage(locale: Locale, storeName: string): string {
  const ui = accountUi(locale);
  return page(locale, ui.oauthTitle({ platform: ui.oauthUnnamed }), storeName, html`<h1>${ui.oauthTitle({ platform: ui.oauthUnnamed })}</h1><p class="notice no" role="alert">${ui.oauthInvalid}</p>`);
}
