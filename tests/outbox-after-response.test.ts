// A request that queues a message answers as soon as the message is stored: the approval page's
// "send" form and complete_checkout return before the mail server has even greeted, the message
// arrives after the response (delivered as Netlify runs `context.waitUntil` work, or detached
// in-process), and a mail server that is down delays the message without losing it: the page
// says the mail is late, and the outbox delivers it once the server is back.
import { describe, expect, it } from 'vitest';
import { load } from 'cheerio';
import { createHandler } from '../src/http/router';
import { createUcpService } from '../src/ucp/service';
import { smtpMailer } from '../src/mail/transport';
import { retryDelaySeconds } from '../src/outbox/deliver';
import { codeIn, startMailbox } from './helpers/mail';
import { testDb } from './helpers/db';
import { catalog, complete, line, openApproval, postApproval, readyCheckout, testClock } from './helpers/checkout';
import { ITEMS } from './helpers/content';

/** The mail server waits this long before its greeting: any response that includes SMTP takes longer. */
const GREETING_DELAY_MS = 1500;

/** A handler whose mail goes to `box`; `waitUntil` collects the work each request leaves for after its response. */
function setup(box: { url: string }) {
  const clock = testClock(Date.now());
  const db = testDb();
  const ucp = createUcpService({ catalog, db, allowInsecureProfiles: true, useRequestOrigin: true, now: clock.now, mailer: smtpMailer(box.url, 'shop@poissons-et-pousses.example') });
  const raw = createHandler({ catalog, ucp });
  const after: Promise<unknown>[] = [];
  /** One request: its response, the ms it took, and the work it left (settled by `settle`). */
  const timed = async (request: Request) => {
    const t0 = performance.now();
    const response = await raw(request, { waitUntil: (work) => after.push(work) });
    return { response, ms: performance.now() - t0 };
  };
  const handler = async (request: Request) => (await timed(request)).response;
  const settle = async () => {
    await Promise.all(after.splice(0));
  };
  return { clock, db, ucp, handler, timed, settle };
}

const outboxRow = async (db: ReturnType<typeof testDb>, prefix: string) => (await db.query<{ attempts: number; delivered_at: Date | null; last_error: string | null }>(
  'SELECT attempts, delivered_at, last_error FROM outbox WHERE dedupe_key LIKE $1', [`${prefix}%`])).rows;

describe('messages leave the request', () => {
  it('the approval code: the send answers before the mail server greets, the code arrives after, and it approves', async () => {
    const box = await startMailbox(0, { greetingDelayMs: GREETING_DELAY_MS });
    const { db, handler, timed, settle } = setup(box);
    const ready = await readyCheckout(handler, [line(ITEMS.small.variant.id)]);
    const page = await openApproval(handler, ready.continue_url);
    const url = new URL(ready.continue_url);
    const form = { s: page.secret!, terms: page.terms!, action: 'send' };
    const sentAt = performance.now();
    const sent = await timed(new Request(`${url.origin}${url.pathname}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: url.origin }, body: new URLSearchParams(form).toString(), redirect: 'manual' }));
    expect(sent.response.status).toBe(303);
    expect(sent.response.headers.get('location')).not.toContain('mail=');
    expect(sent.ms, 'the response does not wait for SMTP').toBeLessThan(GREETING_DELAY_MS / 3);
    // Stored and queued when the response leaves; not delivered yet.
    expect(box.messages).toHaveLength(0);
    expect(await outboxRow(db, `mail:approval_code:${ready.id}:`)).toEqual([expect.objectContaining({ delivered_at: null })]);

    await settle();
    const mail = await box.next(ready.buyer.email, 0);
    expect(performance.now() - sentAt).toBeGreaterThanOrEqual(GREETING_DELAY_MS);
    expect(await outboxRow(db, `mail:approval_code:${ready.id}:`)).toEqual([expect.objectContaining({ attempts: 1, delivered_at: expect.any(Date), last_error: null })]);
    const confirmed = await postApproval(handler, ready.continue_url, { s: page.secret!, terms: page.terms!, action: 'confirm', code: codeIn(mail) });
    expect(confirmed.status).toBe(303);
    await box.close();
  });

  it('the order confirmation: complete_checkout answers before the mail server greets, the mail arrives after', async () => {
    const box = await startMailbox(0, { greetingDelayMs: GREETING_DELAY_MS });
    const { handler, timed, settle } = setup(box);
    const ready = await readyCheckout(handler, [line(ITEMS.small.variant.id)]);
    const page = await openApproval(handler, ready.continue_url);
    await postApproval(handler, ready.continue_url, { s: page.secret!, terms: page.terms!, action: 'send' });
    await settle();
    const code = codeIn(await box.next(ready.buyer.email, 0));
    expect((await postApproval(handler, ready.continue_url, { s: page.secret!, terms: page.terms!, action: 'confirm', code })).status).toBe(303);
    const seen = box.messages.length;

    let ms = 0;
    const done = await complete(async (request) => {
      const answered = await timed(request);
      ms = answered.ms;
      return answered.response;
    }, ready.id);
    expect(done.status).toBe('completed');
    expect(ms, 'the response does not wait for SMTP').toBeLessThan(GREETING_DELAY_MS / 3);
    expect(box.messages).toHaveLength(seen);
    await settle();
    const mail = await box.next(ready.buyer.email, seen);
    expect(mail.subject).toContain(done.order.label);
    await box.close();
  });

  it('without a platform waitUntil (in-process), the work runs detached and the code arrives within 2 s', async () => {
    const box = await startMailbox();
    const clock = testClock(Date.now());
    const ucp = createUcpService({ catalog, db: testDb(), allowInsecureProfiles: true, useRequestOrigin: true, now: clock.now, mailer: smtpMailer(box.url, 'shop@poissons-et-pousses.example') });
    const handler = createHandler({ catalog, ucp });
    const ready = await readyCheckout(handler, [line(ITEMS.small.variant.id)]);
    const page = await openApproval(handler, ready.continue_url);
    expect((await postApproval(handler, ready.continue_url, { s: page.secret!, terms: page.terms!, action: 'send' })).status).toBe(303);
    expect(codeIn(await box.next(ready.buyer.email, 0, 2000))).toMatch(/^\d{6}$/);
    await box.close();
  });

  it('a mail server that is down: the send still answers at once, the page says the mail is late, and the code arrives once the server is back', async () => {
    const box = await startMailbox();
    const { clock, db, ucp, handler, timed, settle } = setup(box);
    const ready = await readyCheckout(handler, [line(ITEMS.small.variant.id)]);
    const page = await openApproval(handler, ready.continue_url);
    await box.stop();
    try {
      const url = new URL(ready.continue_url);
      const sent = await timed(new Request(`${url.origin}${url.pathname}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: url.origin }, body: new URLSearchParams({ s: page.secret!, terms: page.terms!, action: 'send' }).toString(), redirect: 'manual' }));
      expect(sent.response.status).toBe(303);
      await settle();
      const [row] = await outboxRow(db, `mail:approval_code:${ready.id}:`);
      expect(row).toMatchObject({ attempts: 1, delivered_at: null });
      expect(row.last_error).toMatch(/ECONNREFUSED/);
      const shown = await handler(new Request(new URL(sent.response.headers.get('location')!, ready.continue_url)));
      expect(load(await shown.text())('.notice[role="alert"]').text()).toContain('e-mail');
    } finally {
      await box.start();
    }
    // Not due before its backoff; then delivered once, and the page no longer says it is late.
    expect(await ucp.deliverOutbox()).toEqual({ delivered: 0, failed: 0 });
    clock.advance(retryDelaySeconds(1));
    expect((await ucp.deliverOutbox()).delivered).toBe(1);
    expect(codeIn(await box.next(ready.buyer.email, 0))).toMatch(/^\d{6}$/);
    expect(load((await openApproval(handler, ready.continue_url)).text)('.notice[role="alert"]').text()).toBe('');
    await box.close();
  });
});
