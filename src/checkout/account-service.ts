/**
 * The accounts of a request's context (src/accounts/): the authentication library over the
 * store's database, keyed by a secret derived from the store's secret key (src/checkout/secrets.ts
 * `subkey('accounts')`), for the origin the request came to (the cookies' site), and the
 * sign-in with the store's mail: a code or a new-device notice is queued in the outbox, sent
 * after the response (src/http/router.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Locale } from '../catalog/locales';
import { type StoreAuth, createAuth } from '../accounts/auth';
import { type SendOutcome, type SignInDeps, type SignInOutcome, sendSignInCode, signInWithCode, signInWithPasskey } from '../accounts/sign-in';
import { queueNewDevice, queueSignInCode } from '../mail/account-mail';
import type { Store } from '../catalog/schema';
import type { CommerceContext } from './context';

/**
 * What the accounts need of a context: a request's, or the merchant's command line's (which has
 * no catalog, only the store's file).
 */
export type AccountsContext = Pick<CommerceContext, 'db' | 'now' | 'secrets' | 'baseUrl' | 'vies'> & { catalog: { store: Pick<Store, 'countries_served' | 'seller'> } };

/** Instances of the library per database and origin: configuration only, rebuilt by a fresh worker. */
const instances = new WeakMap<object, Map<string, Promise<StoreAuth>>>();

/**
 * The sign-in dependencies of a request's context.
 * @throws StateError when the store's secret key cannot be read
 */
export async function accountsOf(ctx: AccountsContext): Promise<SignInDeps> {
  let byOrigin = instances.get(ctx.db);
  if (!byOrigin) instances.set(ctx.db, (byOrigin = new Map()));
  let auth = byOrigin.get(ctx.baseUrl);
  if (!auth) {
    auth = ctx.secrets.subkey('accounts').then((key) => createAuth({ db: ctx.db, secret: key.toString('base64url'), baseUrl: ctx.baseUrl }));
    auth.catch(() => byOrigin.delete(ctx.baseUrl));
    byOrigin.set(ctx.baseUrl, auth);
  }
  return { db: ctx.db, auth: await auth, now: ctx.now };
}

/**
 * Sends a sign-in code to what the person typed, in their language, through the outbox.
 * @returns as src/accounts/sign-in.ts `sendSignInCode`
 */
export async function sendSignInMail(ctx: CommerceContext, email: string, locale: Locale): Promise<SendOutcome> {
  const deps = await accountsOf(ctx);
  const sealKey = await ctx.secrets.subkey('seal');
  return sendSignInCode(deps, email, async (to, code) => {
    await queueSignInCode(ctx.db, sealKey, { to, locale, code, sendId: randomUUID() }, ctx.now());
  });
}

/**
 * Signs in with a code and, when the device is new to an account that had others, queues the
 * notice to the account's address.
 * @returns as src/accounts/sign-in.ts `signInWithCode`
 */
export async function signInAndNotify(ctx: CommerceContext, input: { email: string; code: string; headers: Headers; deviceCookie?: string }, locale: Locale): Promise<SignInOutcome> {
  const result = await signInWithCode(await accountsOf(ctx), input);
  if (result.kind === 'signed_in' && result.device === 'new') await queueNewDevice(ctx.db, { to: result.email, locale, signInId: randomUUID() }, ctx.now());
  return result;
}

/**
 * Signs in with a passkey and, when the device is new to an account that had others, queues the
 * notice to the account's address.
 * @returns as src/accounts/sign-in.ts `signInWithPasskey`
 */
export async function signInWithPasskeyAndNotify(ctx: CommerceContext, input: { credential: string; headers: Headers; deviceCookie?: string }, locale: Locale) {
  const result = await signInWithPasskey(await accountsOf(ctx), input);
  if (result.kind === 'signed_in' && result.device === 'new') await queueNewDevice(ctx.db, { to: result.email, locale, signInId: randomUUID() }, ctx.now());
  return result;
}
