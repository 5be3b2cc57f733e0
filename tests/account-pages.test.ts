// The account pages as a person uses them, without JavaScript (src/http/account-route.ts): the
// e-mail, the code read from a real SMTP mailbox, the account with its orders, sign-out; errors
// are sentences beside their field; posts are same-origin only and rate-limited; the words are
// the page's language; a session cookie of another account shows only that account.
import { frozenLimiter } from './helpers/rate-limit';
import { describe, expect, it } from 'vitest';
import { createHandler } from '../src/http/router';
import { catalog, checkoutHandler } from './helpers/checkout';
import { codeIn, mailbox } from './helpers/mail';
import { paidOrder } from './helpers/orders';

const { handler, ucp, db } = checkoutHandler();
const ORIGIN = 'http://localhost:8888';

const form = (fields: Record<string, string>, cookie = '', extra: Record<string, string> = {}) => new Request(`${ORIGIN}${extra.path ?? '/account'}`, {
  method: 'POST', redirect: 'manual',
  headers: { 'content-type': 'application/x-www-form-urlencoded', origin: extra.origin ?? ORIGIN, ...(cookie ? { cookie } : {}) },
  body: new URLSearchParams(fields).toString(),
});
const get = (path: string, cookie = '') => handler(new Request(`${ORIGIN}${path}`, { headers: cookie ? { cookie } : {} }));
const cookiesOf = (response: Response) => response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');

/** Signs in through the pages; returns the cookies the browser would keep. */
async function signIn(email: string, path = '/account'): Promise<string> {
  const box = await mailbox();
  const before = box.messages.length;
  const sent = await handler(form({ action: 'send', email }, '', { path }));
  expect(sent.status).toBe(200);
  const message = await box.next(email.toLowerCase(), before);
  const done = await handler(form({ action: 'verify', email, code: codeIn(message) }, '', { path }));
  expect(done.status).toBe(303);
  expect(done.headers.get('location')).toBe(path);
  return cookiesOf(done);
}

describe('the account pages', () => {
  it('sign in with the e-mailed code, see the orders of the address, sign out', async () => {
    const order = await paidOrder(handler, undefined, { email: 'parent@example.org' });
    const start = await get('/account');
    expect(start.status).toBe(200);
    expect(await start.text()).toContain('Recevoir un code');
    const cookie = await signIn('parent@example.org');
    const account = await get('/account', cookie);
    const page = await account.text();
    expect(page).toContain('parent@example.org');
    expect(page).toContain(order.label);
    expect(page).toMatch(/FA-\d{4}-\d{6}/);
    const out = await handler(form({ action: 'sign_out' }, cookie));
    expect(out.status).toBe(303);
    expect(await (await get('/account', cookie)).text()).toContain('Recevoir un code');
  });

  it('the page says the same for an address with and without an account, in the page\'s language', async () => {
    await signIn('has-account@example.org');
    // An hour later: the per-address send limit no longer counts that sign-in.
    await db.query(`UPDATE sign_in_sends SET created_at = created_at - interval '1 hour'`);
    const [a, b] = await Promise.all(['has-account@example.org', 'no-account@example.org'].map(async (email) => (await (await handler(form({ action: 'send', email }, '', { path: '/de/account' }))).text()).replaceAll(email, 'X')));
    expect(a).toBe(b);
    expect(a).toContain('lang="de');
  });

  it('bad input: a sentence beside its field, nothing signed in', async () => {
    const bad = await handler(form({ action: 'send', email: 'not an address' }));
    expect(bad.status).toBe(422);
    expect(await bad.text()).toMatch(/<p class="field-error" id="email-error">[^<]+<\/p>\s*<input id="email"[^>]*aria-invalid="true"/);
    const wrong = await handler(form({ action: 'verify', email: 'parent@example.org', code: '000000' }));
    expect(wrong.status).toBe(422);
    expect(wrong.headers.getSetCookie()).toEqual([]);
    expect(await wrong.text()).toContain('id="code-error"');
  });

  it('a cross-site post is refused (403) and sends nothing', async () => {
    const box = await mailbox();
    const before = box.messages.length;
    const refused = await handler(form({ action: 'send', email: 'victim@example.org' }, '', { origin: 'https://evil.example' }));
    expect(refused.status).toBe(403);
    await new Promise((r) => setTimeout(r, 300));
    expect(box.messages.slice(before).filter((m) => m.to.includes('victim@example.org'))).toEqual([]);
  });

  it('two accounts: each cookie shows its own orders only', async () => {
    const a = await paidOrder(handler, undefined, { email: 'school-a@example.org' });
    const b = await paidOrder(handler, undefined, { email: 'school-b@example.org' });
    const pageA = await (await get('/account', await signIn('school-a@example.org'))).text();
    expect(pageA).toContain(a.label);
    expect(pageA).not.toContain(b.label);
    expect(pageA).not.toContain('school-b@example.org');
  });

  it('posts count against the per-IP limit: 429 with Retry-After and a sentence', async () => {
    const limited = createHandler({ catalog, ucp, rateLimiter: frozenLimiter(db, 2) });
    const ip = '203.0.113.77';
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push(await limited(form({ action: 'send', email: `limited${i}@example.org` }), { ip, waitUntil: () => undefined }));
    expect(statuses.map((r) => r.status)).toEqual([200, 200, 429]);
    expect(Number(statuses[2].headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await statuses[2].text()).toContain('class="notice no"');
  });
});
