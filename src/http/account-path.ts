/**
 * The paths of the account pages (src/http/account-route.ts), apart from their handler so the
 * router can recognise them without loading the accounts code (cold start).
 */

/** The account pages: the account (with its sign-in) and the business account's application form. */
export type AccountPage = 'account' | 'business';

/** Which account page a path (without locale prefix) is, or undefined for another path. */
export function accountPageOf(path: string): AccountPage | undefined {
  const bare = path.endsWith('/') ? path.slice(0, -1) : path;
  return bare === '/account' ? 'account' : bare === '/account/business' ? 'business' : undefined;
}

/** A quote's page (`/account/quotes/<id>`) or PDF (`…/<id>.pdf`), or undefined for another path. */
export function quotePathOf(path: string): { id: string; pdf: boolean } | undefined {
  const match = /^\/account\/quotes\/(qt_[A-Za-z0-9_-]{1,64}?)(\.pdf)?\/?$/.exec(path);
  return match ? { id: match[1], pdf: !!match[2] } : undefined;
}

/** Whether a path (without locale prefix) is the OAuth consent page (src/http/oauth-consent-route.ts). */
export function isConsentPath(path: string): boolean {
  return path === '/account/authorize' || path === '/account/authorize/';
}
