/**
 * Signing in with an e-mailed one-time code, and the session that follows (rules:
 * src/accounts/sign-in-code.ts; library: src/accounts/auth.ts). The store checks what is its own
 * (the address is one mailbox, sends per address, the device), the library makes and checks the
 * code and the session:
 * - `sendSignInCode` counts the send under the address's lock, then has the library draw a code
 *   (a new code replaces the previous one) and hands it to `deliver` (the outbox, in the pages);
 * - `signInWithCode` has the library compare the code: its record is consumed atomically before
 *   the comparison and put back with one more wrong try, so concurrent guesses compare one at a
 *   time and at most 5 wrong ones are ever compared with a code (tests/sign-in-race.test.ts);
 * - `currentSession`, `signOut` and `signOutEverywhere` read and revoke the session of a request's
 *   cookie, checked against the database on every call.
 * No answer tells whether an address has an account.
 */
import { createHash, randomBytes } from 'node:crypto';
import { addressDigest } from '../commerce/approval-code';
import { parseMailbox } from '../commerce/email';
import type { Db } from '../state/db';
import { noteDevice, recordSignInSend } from '../state/sign-in';
import type { StoreAuth } from './auth';
import { SIGN_IN_CODE, maySendSignInCode } from './sign-in-code';

export interface SignInDeps {
  db: Db;
  auth: StoreAuth;
  /** Epoch ms. */
  now: () => number;
}

export type SendOutcome =
  | { kind: 'sent'; to: string }
  | { kind: 'too_many'; retryAfterSeconds: number }
  | { kind: 'invalid_email' };

/**
 * Sends a sign-in code to an address (any address: the first sign-in opens its account).
 * @param input what the person typed as their e-mail
 * @param deliver hands the code to the mail (e.g. queues it in the outbox); a failure is thrown
 * @returns `sent` with the normalised address, `too_many` with the seconds to wait, or `invalid_email`
 * @throws StateError when the database fails (nothing sent)
 */
export async function sendSignInCode(deps: SignInDeps, input: string, deliver: (to: string, code: string) => Promise<void>): Promise<SendOutcome> {
  const to = parseMailbox(input.trim());
  if (!to) return { kind: 'invalid_email' };
  const now = deps.now();
  const verdict = await recordSignInSend(deps.db, addressDigest(to), now - SIGN_IN_CODE.windowSeconds * 1000, now, (sent) => maySendSignInCode(sent, now));
  if (!verdict.ok) return { kind: 'too_many', retryAfterSeconds: verdict.retryAfterSeconds };
  const code = await deps.auth.api.createVerificationOTP({ body: { email: to, type: 'sign-in' } });
  await deliver(to, code);
  return { kind: 'sent', to };
}

export type SignInOutcome =
  /** Signed in: `setCookies` to send (the session cookie, and the device cookie when new); `device` says whether to tell the holder. */
  | { kind: 'signed_in'; userId: string; email: string; setCookies: string[]; device: 'new' | 'first' | 'known' }
  /** The code is not right (or was being checked by a concurrent guess): try again. */
  | { kind: 'wrong' }
  /** Too many wrong tries, or the code's 10 minutes are over: ask for a new code. */
  | { kind: 'dead' | 'expired' }
  | { kind: 'invalid_email' | 'malformed' };

/** Name of the device cookie: a random id kept a year, to tell a new device from a known one. */
export const DEVICE_COOKIE = '__Secure-pp.device';

/**
 * Signs a person in with the code they typed.
 * @param input.email, input.code what was typed (spaces and dashes in the code are ignored)
 * @param input.headers the request's headers (the library reads the user agent and IP for the session)
 * @param input.deviceCookie the request's device cookie, if any
 * @throws StateError when the database fails
 */
export async function signInWithCode(deps: SignInDeps, input: { email: string; code: string; headers: Headers; deviceCookie?: string }): Promise<SignInOutcome> {
  const email = parseMailbox(input.email.trim());
  if (!email) return { kind: 'invalid_email' };
  const otp = input.code.replace(/[\s.\-\u00a0]/g, '');
  if (!new RegExp(`^\\d{${SIGN_IN_CODE.digits}}$`).test(otp)) return { kind: 'malformed' };
  const response = await deps.auth.api.signInEmailOTP({ body: { email, otp }, headers: input.headers, asResponse: true });
  if (!response.ok) {
    const body = await response.json().catch(() => ({})) as { code?: string };
    if (body.code === 'TOO_MANY_ATTEMPTS') return { kind: 'dead' };
    if (body.code === 'OTP_EXPIRED') return { kind: 'expired' };
    if (response.status >= 500) throw new Error(`sign-in failed: ${response.status} ${body.code ?? ''}`);
    return { kind: 'wrong' };
  }
  return signedIn(deps, response, input.deviceCookie);
}

/** The outcome of a sign-in the library accepted: its session cookie, and the device noted (a device cookie when new). */
async function signedIn(deps: SignInDeps, response: Response, deviceCookie: string | undefined): Promise<Extract<SignInOutcome, { kind: 'signed_in' }>> {
  const { user } = await response.json() as { user: { id: string; email: string } };
  const known = deviceCookie && /^[A-Za-z0-9_-]{43}$/.test(deviceCookie) ? deviceCookie : null;
  const deviceId = known ?? randomBytes(32).toString('base64url');
  const device = await noteDevice(deps.db, user.id, createHash('sha256').update(deviceId).digest('hex'), deps.now());
  const setCookies = response.headers.getSetCookie();
  if (!known) setCookies.push(`${DEVICE_COOKIE}=${deviceId}; Path=/; Max-Age=${365 * 24 * 3600}; HttpOnly; Secure; SameSite=Lax`);
  return { kind: 'signed_in', userId: user.id, email: user.email, setCookies, device };
}

/** WebAuthn options as JSON (`PublicKeyCredentialCreationOptionsJSON` or `…RequestOptionsJSON`), for the browser's script. */
export type PasskeyOptions = Record<string, unknown>;

/**
 * Options to create a passkey for the request's signed-in person (src/accounts/passkeys.ts).
 * @returns the options, or null without a valid session
 */
export async function passkeyRegistrationOptions(deps: SignInDeps, headers: Headers): Promise<PasskeyOptions | null> {
  const response = await deps.auth.api.passkeyRegistrationOptions({ headers, asResponse: true });
  return response.ok ? (await response.json() as PasskeyOptions) : null;
}

/**
 * Stores the passkey the browser created (its `RegistrationResponseJSON`, as text) for the request's signed-in person.
 * @returns false when the answer is not one the store asked for (unknown or expired challenge, bad attestation, no session)
 */
export async function registerPasskey(deps: SignInDeps, headers: Headers, credential: string, name: string): Promise<boolean> {
  const parsed = parseJson(credential);
  if (!parsed) return false;
  const response = await deps.auth.api.passkeyRegister({ body: { response: parsed as never, name: name.slice(0, 100) || undefined }, headers, asResponse: true });
  return response.ok;
}

/** Options to sign in with a passkey (any of this site's: the authenticator offers them). */
export async function passkeySignInOptions(deps: SignInDeps, headers: Headers): Promise<PasskeyOptions> {
  const response = await deps.auth.api.passkeySignInOptions({ headers, asResponse: true });
  if (!response.ok) throw new Error(`passkey options failed: ${response.status}`);
  return await response.json() as PasskeyOptions;
}

/**
 * Signs in with a passkey's assertion (its `AuthenticationResponseJSON`, as text).
 * @returns `signed_in` as for a code, or `refused` (unknown passkey, expired or reused challenge, bad signature)
 * @throws StateError when the database fails
 */
export async function signInWithPasskey(deps: SignInDeps, input: { credential: string; headers: Headers; deviceCookie?: string }): Promise<Extract<SignInOutcome, { kind: 'signed_in' }> | { kind: 'refused' }> {
  const parsed = parseJson(input.credential);
  if (!parsed) return { kind: 'refused' };
  const response = await deps.auth.api.passkeySignIn({ body: { response: parsed as never }, headers: input.headers, asResponse: true });
  if (!response.ok) {
    if (response.status >= 500) throw new Error(`passkey sign-in failed: ${response.status}`);
    return { kind: 'refused' };
  }
  return signedIn(deps, response, input.deviceCookie);
}

/** A JSON object from a form field, or null. */
function parseJson(text: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? value as Record<string, unknown> : null;
  } catch {
    return null;
  }
}

/** The signed-in person of a request. */
export interface AccountSession {
  userId: string;
  /** The verified e-mail (lower case). */
  email: string;
  sessionId: string;
  /** Epoch ms. */
  expiresAt: number;
}

/**
 * The session of a request's cookie, checked against the database (revoked or expired: null).
 * @returns the session, and the cookies to send back when the library renewed it
 */
export async function currentSession(deps: SignInDeps, headers: Headers): Promise<{ session: AccountSession | null; setCookies: string[] }> {
  if (!headers.get('cookie')) return { session: null, setCookies: [] };
  const { headers: out, response } = await deps.auth.api.getSession({ headers, returnHeaders: true, query: { disableCookieCache: true } });
  const setCookies = out.getSetCookie();
  if (!response) return { session: null, setCookies };
  return {
    session: { userId: response.user.id, email: response.user.email, sessionId: response.session.id, expiresAt: new Date(response.session.expiresAt).getTime() },
    setCookies,
  };
}

/**
 * Ends the request's session (or, with `everywhere`, every session of its account).
 * @returns the cookies that clear the session cookie in this browser
 */
export async function signOut(deps: SignInDeps, headers: Headers, options: { everywhere?: boolean } = {}): Promise<string[]> {
  if (options.everywhere) await deps.auth.api.revokeSessions({ headers, asResponse: true });
  const response = await deps.auth.api.signOut({ headers, asResponse: true });
  return response.headers.getSetCookie();
}
