/**
 * The authentication library of the store's accounts (better-auth, docs/decisions.md "The store
 * knows people"): people sign in with a one-time code sent by e-mail (its `email-otp` plugin),
 * and organisations with their members are its `organization` plugin. Its tables live in the
 * store's PostgreSQL database (migration `20261203090000_accounts`, which tests/accounts.test.ts
 * checks against the library's own schema), reached through the store's pool, so its statements
 * fail closed and are serialised locally like every other (src/state/db.ts).
 *
 * Only the library's server API is used, and of its HTTP routes only the OAuth authorization
 * server's (src/accounts/oauth.ts, served by src/http/oauth-route.ts behind the per-IP limit). The
 * sign-in pages (src/http/account-route.ts) call it after the store's own checks (same origin,
 * per-IP limit, per-address sends), so no route of the library bypasses them.
 *
 * Sessions are the library's: an unguessable token in an `HttpOnly; Secure; SameSite=Lax`
 * cookie, stored (signed) and checked against the database on every request, 7 days sliding,
 * revocable one by one or all at once (src/accounts/sessions.ts).
 */
import { betterAuth } from 'better-auth';
import { emailOTP, organization } from 'better-auth/plugins';
import type { Db } from '../state/db';
import { SIGN_IN_CODE } from './sign-in-code';
import { passkeys } from './passkeys';
import { OAUTH_PAGES, oauthServerPlugin } from './oauth';

/** What the library needs from the store. */
export interface AuthDeps {
  /** The store's pool (the library runs its statements through it). */
  db: Db;
  /** The key that signs session cookies and hashes codes: 32 bytes, derived from the store's secret key. */
  secret: string;
  /** The origin the cookies are issued for (the request's, e.g. `https://poissons-et-pousses.example`). */
  baseUrl: string;
}

/** How long an invitation into a business account can be accepted, in seconds (7 days). */
export const INVITATION_TTL_SECONDS = 7 * 24 * 3600;

/** Session lifetime (seconds): 7 days, renewed at most once a day while the account is used. */
export const SESSION = { expiresInSeconds: 7 * 24 * 3600, updateAgeSeconds: 24 * 3600 } as const;

/**
 * The library's options. One function so that the migration test and the running store agree on
 * the schema: the table names are `auth_*`, columns the library's own.
 */
export function authOptions(deps: AuthDeps) {
  return {
    appName: 'Poissons & Pousses',
    baseURL: deps.baseUrl,
    basePath: '/api/auth',
    secret: deps.secret,
    database: deps.db as never,
    telemetry: { enabled: false },
    emailAndPassword: { enabled: false },
    // The store limits sign-in posts per IP and code sends per address itself (src/accounts/sign-in.ts).
    rateLimit: { enabled: false },
    // The authorization server's errors that cannot go back to the client are told on the consent page.
    onAPIError: { errorURL: OAUTH_PAGES.error },
    user: { modelName: 'auth_user' },
    account: { modelName: 'auth_account' },
    verification: { modelName: 'auth_verification' },
    session: { modelName: 'auth_session', expiresIn: SESSION.expiresInSeconds, updateAge: SESSION.updateAgeSeconds },
    advanced: {
      // `Secure` everywhere: browsers keep Secure cookies of http://localhost too.
      useSecureCookies: true,
      cookiePrefix: 'pp',
      defaultCookieAttributes: { httpOnly: true, secure: true, sameSite: 'lax' as const, path: '/' },
    },
    plugins: [
      emailOTP({
        otpLength: SIGN_IN_CODE.digits,
        expiresIn: SIGN_IN_CODE.ttlSeconds,
        allowedAttempts: SIGN_IN_CODE.maxWrongTries,
        storeOTP: 'hashed',
        // Codes are made with `createVerificationOTP` and mailed by the store (src/accounts/sign-in.ts); the
        // library's own send route is not mounted, so this is never called.
        sendVerificationOTP: async () => {
          throw new Error('sign-in codes are sent by the store, not by the library');
        },
      }),
      organization({
        // Organisations are opened by the store when the merchant approves an application (src/checkout/business-accounts.ts);
        // their owners invite colleagues (src/checkout/business-members.ts), the store mails the invitation itself.
        allowUserToCreateOrganization: false,
        organizationLimit: 1,
        invitationExpiresIn: INVITATION_TTL_SECONDS,
        cancelPendingInvitationsOnReInvite: true,
        schema: {
          organization: { modelName: 'auth_organization' },
          member: { modelName: 'auth_member' },
          invitation: { modelName: 'auth_invitation' },
        },
      }),
      passkeys({ name: 'Poissons & Pousses', origin: new URL(deps.baseUrl).origin }),
      oauthServerPlugin(new URL(deps.baseUrl).origin),
    ],
  };
}

/**
 * The library's instance over the store's database.
 * @returns better-auth's `Auth` (its `api` is used server-side only)
 */
export function createAuth(deps: AuthDeps) {
  return betterAuth(authOptions(deps));
}

export type StoreAuth = ReturnType<typeof createAuth>;
