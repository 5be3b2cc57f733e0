/**
 * The name of the session cookie the authentication library sets (src/accounts/auth.ts: prefix
 * `pp`, secure cookies), apart from the library so that a page can tell whether a request may
 * have a session without loading it.
 */
export const SESSION_COOKIE = '__Secure-pp.session_token';
