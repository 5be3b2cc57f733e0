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
