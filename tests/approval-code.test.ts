// Only the buyer can approve a payment: the approval page mails a one-time code to the
// checkout's buyer e-mail, and only that code makes the checkout ready_for_complete. Each attack
// the agent (who holds the continue_url) could try is refused, with a clear page and nothing
// recorded; the code is stored only as an HMAC, dies after 10 minutes or 5 wrong tries, and
// sends are limited per checkout and per address.
import { describe, expect, it } from 'vitest';
import { load } from 'cheerio';
import { ADDRESS, approve, buyerEmail, callTool, checkoutHandler, complete, line, openApproval, postApproval, readyCheckout, requestCode, testClock, updateWith } from './helpers/checkout';
import { mailbox } from './helpers/mail';
import { APPROVAL_CODE } from '../src/commerce/approval-code';
import { ITEMS } from './helpers/content';
import { LOCALES } from '../src/catalog/locales';
import { formatTime } from '../src/http/html/summary';

/** Items cast by role over the content (tests/helpers/content.ts): a stocked parcel and a small one. */
const S = ITEMS.stocked.variant.id;
const M = ITEMS.small.variant.id;


const { handler, db } = checkoutHandler({ now: testClock().now });

const status = async (checkout: { id: string }) => (await callTool(handler, 'get_checkout', { id: checkout.id })).status;
const approvedRows = async (checkout: { id: string }) => (await db.query('SELECT approved_terms_hash FROM checkouts WHERE id = $1 AND approved_terms_hash IS NOT NULL', [checkout.id])).rows.length;
const confirm = (checkout: { continue_url: string }, page: { secret?: string; terms?: string }, code: string, headers?: Record<string, string>) =>
  postApproval(handler, checkout.continue_url, { s: page.secret!, terms: page.terms!, action: 'confirm', code }, headers);
const notice = (html: string) => load(html)('.notice[role="alert"]').text();
/** A 6-digit code other than `code`. */
const other = (code: string) => String((Number(code) + 1) % 10 ** APPROVAL_CODE.digits).padStart(APPROVAL_CODE.digits, '0');

describe('approving takes the code mailed to the buyer', () => {
  it('the code arrives at the buyer e-mail; typing it makes the checkout ready_for_complete, and the order completes', async () => {
    const ready = await readyCheckout(handler);
    const page = await requestCode(handler, ready);
    expect(page.mail.to).toEqual([ready.buyer.email]);
    expect(await status(ready)).toBe('requires_escalation');
    const posted = await confirm(ready, page, page.code.replace(/(\d{3})/, '$1 '));
    expect(posted.status).toBe(303);
    expect(await status(ready)).toBe('ready_for_complete');
    expect((await complete(handler, ready.id)).status).toBe('completed');
  });

  it('the agent never sees the code: not in any tool result, not on the page', async () => {
    const ready = await readyCheckout(handler);
    const page = await requestCode(handler, ready);
    const seen = [
      JSON.stringify(await callTool(handler, 'get_checkout', { id: ready.id })),
      JSON.stringify(await complete(handler, ready.id)),
      (await openApproval(handler, ready.continue_url)).text,
    ];
    for (const text of seen) expect(text).not.toContain(page.code);
  });

  it('the code is stored only as an HMAC, and the queued mail keeps no trace of it once sent', async () => {
    const ready = await readyCheckout(handler);
    const page = await requestCode(handler, ready);
    const raw = await db.query<{ row: string }>('SELECT row_to_json(a)::text AS row FROM approval_codes a JOIN checkouts c ON c.id = a.checkout_id WHERE c.id = $1', [ready.id]);
    expect(raw.rows).toHaveLength(1);
    expect(raw.rows[0].row).not.toContain(page.code);
    expect(raw.rows[0].row).not.toContain(ready.buyer.email);
    const queued = await db.query<{ payload: string; delivered_at: Date | null }>(`SELECT payload::text AS payload, delivered_at FROM outbox WHERE dedupe_key LIKE $1`, [`mail:approval_code:${ready.id}:%`]);
    expect(queued.rows).toHaveLength(1);
    expect(queued.rows[0].delivered_at).not.toBeNull();
    expect(queued.rows[0].payload).not.toContain(page.code);
    expect(queued.rows[0].payload).not.toContain('sealed_code');
  });
});

describe('attacks, each refused with a clear page and nothing recorded', () => {
  it('the agent\'s GET of the continue_url and POST of the form without the code', async () => {
    const ready = await readyCheckout(handler);
    const page = await openApproval(handler, ready.continue_url);
    for (const form of [{ s: page.secret!, terms: page.terms! } as Record<string, string>, { s: page.secret!, terms: page.terms!, action: 'confirm' }, { s: page.secret!, terms: page.terms!, action: 'confirm', code: '' }]) {
      const posted = await postApproval(handler, ready.continue_url, form);
      expect(posted.status).toBe(422);
      expect(posted.headers.get('content-type')).toContain('text/html');
      expect(notice(posted.text)).toContain('code');
    }
    expect(await status(ready)).toBe('requires_escalation');
    expect((await complete(handler, ready.id)).status).toBe('requires_escalation');
    expect(await approvedRows(ready)).toBe(0);
  });

  it('a wrong code 5 times, then the right one: the code is dead', async () => {
    const ready = await readyCheckout(handler);
    const page = await requestCode(handler, ready);
    for (let i = 1; i <= APPROVAL_CODE.maxWrongTries; i++) {
      const wrong = await confirm(ready, page, other(page.code));
      expect(wrong.status).toBe(422);
      expect(notice(wrong.text)).toContain(i < APPROVAL_CODE.maxWrongTries ? String(APPROVAL_CODE.maxWrongTries - i) : 'nouveau code');
    }
    const right = await confirm(ready, page, page.code);
    expect(right.status).toBe(422);
    expect(await status(ready)).toBe('requires_escalation');
    expect(await approvedRows(ready)).toBe(0);
    // A new code works.
    await approve(handler, ready);
    expect(await status(ready)).toBe('ready_for_complete');
  });

  it('a code from another checkout', async () => {
    const mine = await readyCheckout(handler);
    const theirs = await readyCheckout(handler);
    const minePage = await requestCode(handler, mine);
    const theirPage = await requestCode(handler, theirs);
    expect((await confirm(mine, minePage, theirPage.code)).status).toBe(theirPage.code === minePage.code ? 303 : 422);
    if (theirPage.code !== minePage.code) expect(await approvedRows(mine)).toBe(0);
    // Nor the other checkout's secret with this one's terms.
    expect((await postApproval(handler, mine.continue_url, { s: theirPage.secret!, terms: minePage.terms!, action: 'confirm', code: minePage.code })).status).toBe(404);
  });

  it('a code after the terms changed', async () => {
    const ready = await readyCheckout(handler, [line(S, 1)]);
    const page = await requestCode(handler, ready);
    await updateWith(handler, ready, { line_items: [line(S, 2)] });
    const stale = await confirm(ready, page, page.code);
    expect(stale.status).toBe(409);
    // With the new terms' hash, the old code (sent for other terms) is refused too.
    const fresh = await openApproval(handler, ready.continue_url);
    expect((await confirm(ready, fresh, page.code)).status).toBe(409);
    expect(await approvedRows(ready)).toBe(0);
  });

  it('an e-mail changed after approval voids it; the order never goes to the new address', async () => {
    const ready = await readyCheckout(handler);
    await approve(handler, ready);
    expect(await status(ready)).toBe('ready_for_complete');
    const changed = await updateWith(handler, ready, { buyer: { email: 'agent@evil.example' } });
    expect(changed.status).toBe('requires_escalation');
    expect((await complete(handler, ready.id)).status).toBe('requires_escalation');
    // Approving again sends the code to the new address: the agent cannot approve for a buyer it does not reach.
    expect((await requestCode(handler, changed, 'agent@evil.example')).mail.to).toEqual(['agent@evil.example']);
    // A changed name voids it as well.
    const named = await readyCheckout(handler);
    await approve(handler, named);
    expect((await updateWith(handler, named, { buyer: { email: named.buyer.email, first_name: 'Someone', last_name: 'Else' } })).status).toBe('requires_escalation');
  });

  it('a cross-site POST, even with the right code', async () => {
    const ready = await readyCheckout(handler);
    const page = await requestCode(handler, ready);
    expect((await confirm(ready, page, page.code, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await confirm(ready, page, page.code, { origin: 'null', 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await postApproval(handler, ready.continue_url, { s: page.secret!, terms: page.terms!, action: 'send' }, { origin: 'https://evil.example' })).status).toBe(403);
    expect(await approvedRows(ready)).toBe(0);
  });

  it('the 3-D Secure sandbox token still asks for the buyer: a new code, not the spent one', async () => {
    const ready = await readyCheckout(handler);
    const page = await approve(handler, ready);
    const escalated = await complete(handler, ready.id, '3ds_token');
    expect(escalated.status).toBe('requires_escalation');
    expect(await status(ready)).toBe('requires_escalation');
    expect((await confirm(ready, page, page.code)).status).toBe(422);
    expect(await status(ready)).toBe('requires_escalation');
    await approve(handler, ready);
    expect((await complete(handler, ready.id)).status).toBe('completed');
  });
});

describe('the code\'s lifetime and the send limits', () => {
  const clock = testClock();
  const { handler: timed, ucp } = checkoutHandler({ now: clock.now });

  it('a code is valid 10 minutes; the approval it gives lasts 15', async () => {
    const ready = await readyCheckout(timed);
    const page = await requestCode(timed, ready);
    clock.advance(APPROVAL_CODE.ttlSeconds);
    const late = await postApproval(timed, ready.continue_url, { s: page.secret!, terms: page.terms!, action: 'confirm', code: page.code });
    expect(late.status).toBe(422);
    expect(notice(late.text)).toContain('expiré');
    const again = await requestCode(timed, ready);
    expect((await postApproval(timed, ready.continue_url, { s: again.secret!, terms: again.terms!, action: 'confirm', code: again.code })).status).toBe(303);
    clock.advance(15 * 60);
    expect((await callTool(timed, 'get_checkout', { id: ready.id })).status).toBe('ready_for_complete');
    clock.advance(1);
    expect((await callTool(timed, 'get_checkout', { id: ready.id })).status).toBe('requires_escalation');
  });

  it('per checkout: a new code 30 s after the open one at the earliest, 5 an hour; per address: 10 an hour', async () => {
    const ready = await readyCheckout(timed);
    const page = await requestCode(timed, ready);
    const send = (checkout: { continue_url: string }, p: { secret?: string; terms?: string }) => postApproval(timed, checkout.continue_url, { s: p.secret!, terms: p.terms!, action: 'send' });
    const soon = await send(ready, page);
    expect(soon.status).toBe(429);
    expect(Number(soon.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(notice(soon.text)).toContain('Trop de codes');
    for (let i = 2; i <= APPROVAL_CODE.perCheckout; i++) {
      clock.advance(APPROVAL_CODE.resendAfterSeconds);
      expect((await send(ready, page)).status).toBe(303);
    }
    clock.advance(APPROVAL_CODE.resendAfterSeconds);
    const sixth = await send(ready, page);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(30 * 60);

    const email = buyerEmail();
    const checkouts = [];
    for (let i = 0; i < APPROVAL_CODE.perAddress + 1; i++) checkouts.push(await readyCheckout(timed, undefined, { email }));
    for (const [i, c] of checkouts.entries()) {
      const p = await openApproval(timed, c.continue_url);
      expect((await send(c, p)).status, `send ${i + 1} to one address`).toBe(i < APPROVAL_CODE.perAddress ? 303 : 429);
    }
  });

  it('a mail server that is down delays the code and loses nothing; the page says so', async () => {
    const box = await mailbox();
    const ready = await readyCheckout(timed);
    const page = await openApproval(timed, ready.continue_url);
    await box.stop();
    try {
      const sent = await postApproval(timed, ready.continue_url, { s: page.secret!, terms: page.terms!, action: 'send' });
      expect(sent.status).toBe(303);
      // The failed attempt right after the response is recorded: the page says the mail is late.
      const shown = await timed(new Request(new URL(sent.location!, ready.continue_url)));
      expect(load(await shown.text())('.notice[role="alert"]').text()).toContain('e-mail');
    } finally {
      await box.start();
    }
    const before = box.messages.length;
    clock.advance(60);
    expect((await ucp.deliverOutbox()).delivered).toBeGreaterThanOrEqual(1);
    const mail = await box.next(ready.buyer.email, before);
    expect(mail.subject).toMatch(/\d{6}/);
  });
});

describe('the approval page in the checkout\'s language', () => {
  it('asks for the code in German, and the mail is German', async () => {
    const ready = await readyCheckout(handler, [line(M)], { language: 'de', address: ADDRESS.DE });
    const first = load((await openApproval(handler, ready.continue_url)).text);
    expect(first('button.primary-button').text()).toBe('Code per E-Mail erhalten');
    const page = await requestCode(handler, ready);
    expect(page.mail.subject).toContain('Bestätigungscode');
    expect(page.mail.headers.get('content-language')).toBe('de-DE');
  });
});

describe('times on the approval page', () => {
  it('name the zone as people say it, never as an offset ("UTC+1", "GMT+1"), in the 12 locales', () => {
    const at = Date.parse('2026-11-20T13:05:00Z');
    expect(formatTime(at, 'fr')).toBe('14:05 heure d’Europe centrale');
    expect(formatTime(at, 'de')).toBe('14:05 Mitteleuropäische Zeit');
    for (const locale of LOCALES) expect(formatTime(at, locale)).not.toMatch(/UTC|GMT|[+-]\d/);
  });
});
