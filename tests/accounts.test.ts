// Signing in with an e-mailed code (src/accounts/): the library's tables are the migration's,
// a code signs one person in, the session cookie is HttpOnly, Secure and SameSite=Lax and read
// against the database on every request, sends are limited per address, 5 wrong tries kill a
// code, a new device is told, sign-out (everywhere) revokes, and no answer tells whether an
// address has an account. Real PostgreSQL (tests/helpers/db.ts).
import { describe, expect, it } from 'vitest';
import { getMigrations } from 'better-auth/db/migration';
import { authOptions, createAuth } from '../src/accounts/auth';
import { SIGN_IN_CODE } from '../src/accounts/sign-in-code';
import { DEVICE_COOKIE, currentSession, sendSignInCode, signInWithCode, signOut, type SignInDeps } from '../src/accounts/sign-in';
import { accountOrders } from '../src/checkout/account-orders';
import { checkoutHandler } from './helpers/checkout';
import { testDb } from './helpers/db';
import { paidOrder } from './helpers/orders';

const db = testDb();
const BASE = 'http://localhost:8888';
const SECRET = 'test-secret-of-the-accounts-32-bytes-long';
let clock = Date.parse('2026-12-02T10:00:00Z');
const deps: SignInDeps = { db, auth: createAuth({ db, secret: SECRET, baseUrl: BASE }), now: () => clock };

/** Sends a code to `email` and returns it as the mailbox would read it. */
async function codeFor(email: string): Promise<string> {
  let code = '';
  const sent = await sendSignInCode(deps, email, async (_to, c) => { code = c; });
  expect(sent.kind).toBe('sent');
  clock += SIGN_IN_CODE.resendAfterSeconds * 1000;
  return code;
}

/** The `name=value` pairs of Set-Cookie lines, as a Cookie header. */
const cookieHeader = (setCookies: string[]) => setCookies.map((c) => c.split(';')[0]).join('; ');
const headers = (cookie?: string) => new Headers({ 'user-agent': 'vitest', ...(cookie ? { cookie } : {}) });

async function signIn(email: string, deviceCookie?: string) {
  const code = await codeFor(email);
  const result = await signInWithCode(deps, { email, code, headers: headers(), deviceCookie });
  if (result.kind !== 'signed_in') throw new Error(`not signed in: ${result.kind}`);
  return result;
}

describe('accounts: the schema', () => {
  it('the migration holds every table and column the authentication library expects', async () => {
    const { toBeCreated, toBeAdded } = await getMigrations(authOptions({ db, secret: SECRET, baseUrl: BASE }) as never);
    expect(toBeCreated.map((t) => t.table)).toEqual([]);
    expect(toBeAdded.map((t) => `${t.table}: ${Object.keys(t.fields)}`)).toEqual([]);
  });
});

describe('accounts: signing in with an e-mailed code', () => {
  it('the right code signs in; the session cookie is HttpOnly, Secure, SameSite=Lax and reads the account', async () => {
    const result = await signIn('Ada.Lovelace@Example.ORG');
    expect(result.email).toBe('ada.lovelace@example.org');
    const session = result.setCookies.find((c) => c.includes('session_token'))!;
    expect(session).toMatch(/^__Secure-pp\.session_token=/);
    expect(session).toMatch(/; HttpOnly/i);
    expect(session).toMatch(/; Secure/i);
    expect(session).toMatch(/; SameSite=Lax/i);
    const read = await currentSession(deps, headers(cookieHeader(result.setCookies)));
    expect(read.session).toMatchObject({ userId: result.userId, email: 'ada.lovelace@example.org' });
  });

  it('a forged or missing cookie reads no one', async () => {
    expect((await currentSession(deps, headers())).session).toBeNull();
    expect((await currentSession(deps, headers('__Secure-pp.session_token=abc.def'))).session).toBeNull();
  });

  it('two accounts: each cookie reads its own account only', async () => {
    const a = await signIn('first@example.org');
    const b = await signIn('second@example.org');
    expect((await currentSession(deps, headers(cookieHeader(a.setCookies)))).session?.email).toBe('first@example.org');
    expect((await currentSession(deps, headers(cookieHeader(b.setCookies)))).session?.email).toBe('second@example.org');
    expect(a.userId).not.toBe(b.userId);
  });

  it('no answer tells whether an address has an account: a known and an unknown address are both sent a code', async () => {
    await signIn('known@example.org');
    const sends = await Promise.all(['known@example.org', 'nobody-yet@example.org'].map((e) => sendSignInCode(deps, e, async () => undefined)));
    expect(sends).toEqual([{ kind: 'sent', to: 'known@example.org' }, { kind: 'sent', to: 'nobody-yet@example.org' }]);
  });

  it('an address that is not one mailbox is refused; a code that is not 6 digits is not a try', async () => {
    expect(await sendSignInCode(deps, 'a@b@c', async () => undefined)).toEqual({ kind: 'invalid_email' });
    expect(await signInWithCode(deps, { email: 'x@example.org', code: '12ab', headers: headers() })).toEqual({ kind: 'malformed' });
  });

  it(`sends are limited per address: ${SIGN_IN_CODE.resendAfterSeconds} s apart, ${SIGN_IN_CODE.perAddress} per hour, every spelling of the address counted as one`, async () => {
    const deliver = async () => undefined;
    expect((await sendSignInCode(deps, 'limited@example.org', deliver)).kind).toBe('sent');
    expect(await sendSignInCode(deps, 'LIMITED@example.org', deliver)).toEqual({ kind: 'too_many', retryAfterSeconds: SIGN_IN_CODE.resendAfterSeconds });
    for (let i = 1; i < SIGN_IN_CODE.perAddress; i++) {
      clock += SIGN_IN_CODE.resendAfterSeconds * 1000;
      expect((await sendSignInCode(deps, 'limited@example.org', deliver)).kind).toBe('sent');
    }
    clock += SIGN_IN_CODE.resendAfterSeconds * 1000;
    const refused = await sendSignInCode(deps, 'limited@example.org', deliver);
    expect(refused.kind).toBe('too_many');
    clock += SIGN_IN_CODE.windowSeconds * 1000;
    expect((await sendSignInCode(deps, 'limited@example.org', deliver)).kind).toBe('sent');
  });

  it(`${SIGN_IN_CODE.maxWrongTries} wrong codes kill the code: the right one no longer signs in`, async () => {
    const email = 'guessed@example.org';
    const code = await codeFor(email);
    const wrong = String((Number(code) + 1) % 10 ** SIGN_IN_CODE.digits).padStart(SIGN_IN_CODE.digits, '0');
    for (let i = 0; i < SIGN_IN_CODE.maxWrongTries; i++) expect(await signInWithCode(deps, { email, code: wrong, headers: headers() })).toEqual({ kind: 'wrong' });
    expect(await signInWithCode(deps, { email, code, headers: headers() })).toEqual({ kind: 'dead' });
  });

  it('a code is used once, and past its 10 minutes it has expired', async () => {
    const email = 'once@example.org';
    const code = await codeFor(email);
    expect((await signInWithCode(deps, { email, code, headers: headers() })).kind).toBe('signed_in');
    expect((await signInWithCode(deps, { email, code, headers: headers() })).kind).toBe('wrong');
    const late = await codeFor(email);
    await db.query(`UPDATE auth_verification SET "expiresAt" = now() - interval '1 second' WHERE identifier LIKE '%once@example.org'`);
    expect((await signInWithCode(deps, { email, code: late, headers: headers() })).kind).toBe('expired');
  });

  it('devices: the first is noted, a known one is not news, a new one is (to tell the holder by e-mail)', async () => {
    const first = await signIn('devices@example.org');
    expect(first.device).toBe('first');
    const cookie = first.setCookies.find((c) => c.startsWith(`${DEVICE_COOKIE}=`))!;
    expect(cookie).toMatch(/HttpOnly; Secure; SameSite=Lax/);
    const deviceId = cookie.split(';')[0].split('=')[1];
    expect((await signIn('devices@example.org', deviceId)).device).toBe('known');
    expect((await signIn('devices@example.org')).device).toBe('new');
    // A made-up device value is not trusted as known.
    expect((await signIn('devices@example.org', 'x')).device).toBe('new');
  });

  it('sign-out ends this session; sign-out everywhere ends the account\'s other sessions too, at once', async () => {
    const phone = await signIn('leaving@example.org');
    const laptop = await signIn('leaving@example.org');
    const other = await signIn('staying@example.org');
    await signOut(deps, headers(cookieHeader(phone.setCookies)));
    expect((await currentSession(deps, headers(cookieHeader(phone.setCookies)))).session).toBeNull();
    expect((await currentSession(deps, headers(cookieHeader(laptop.setCookies)))).session?.email).toBe('leaving@example.org');
    const again = await signIn('leaving@example.org');
    await signOut(deps, headers(cookieHeader(again.setCookies)), { everywhere: true });
    expect((await currentSession(deps, headers(cookieHeader(laptop.setCookies)))).session).toBeNull();
    expect((await currentSession(deps, headers(cookieHeader(again.setCookies)))).session).toBeNull();
    expect((await currentSession(deps, headers(cookieHeader(other.setCookies)))).session?.email).toBe('staying@example.org');
  });
});

describe('accounts: the orders of an account', () => {
  const shop = checkoutHandler();
  const accountDeps: SignInDeps = { db: shop.db, auth: createAuth({ db: shop.db, secret: SECRET, baseUrl: BASE }), now: () => Date.now() };

  it('lists the paid orders placed with the account\'s verified e-mail (placed before it existed too), with their page and documents; never another address\'s', async () => {
    const mine = await paidOrder(shop.handler, undefined, { email: 'Teacher@Example.org' });
    const theirs = await paidOrder(shop.handler, undefined, { email: 'someone-else@example.org' });
    let code = '';
    await sendSignInCode(accountDeps, 'teacher@example.org', async (_to, c) => { code = c; });
    const signedIn = await signInWithCode(accountDeps, { email: 'teacher@example.org', code, headers: headers() });
    if (signedIn.kind !== 'signed_in') throw new Error(signedIn.kind);
    const { session } = await currentSession(accountDeps, headers(cookieHeader(signedIn.setCookies)));
    const listed = await accountOrders(shop.ucp.commerce.context('http://localhost:8888'), session!, 'de');
    expect(listed.map((o) => o.order.id)).toEqual([mine.orderId]);
    expect(listed.map((o) => o.order.id)).not.toContain(theirs.orderId);
    const [entry] = listed;
    expect(entry.url).toMatch(new RegExp(`/de/orders/${mine.orderId}\\?s=[A-Za-z0-9_-]{43}$`));
    expect(entry.documents.map((d) => d.document.number)).toEqual([expect.stringMatching(/^FA-\d{4}-\d{6}$/)]);
    // The links open as the order page's own: the order page and the invoice answer 200.
    for (const url of [entry.url, entry.documents[0].url, entry.documents[0].pdfUrl]) {
      const target = new URL(url);
      const response = await shop.handler(new Request(`http://localhost:8888${target.pathname}${target.search}`));
      expect(response.status, url).toBe(200);
    }
    // Another account sees none of them.
    expect(await accountOrders(shop.ucp.commerce.context('http://localhost:8888'), { email: 'nobody@example.org' }, 'fr')).toEqual([]);
  });
});
