/**
 * The path of the account pages (src/http/account-route.ts), apart from their handler so the
 * router can recognise it without loading the accounts code (cold start).
 */

/** True for the account page's path (without locale prefix). */
export const isAccountPath = (path: string): boolean => path === '/account' || path === '/account/';
