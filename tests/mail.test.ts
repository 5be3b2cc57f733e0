// The e-mails the store sends, received over real SMTP (smtp-server in-process): the order
// confirmation on a durable medium (lines, totals with VAT, address, shipping, order page and
// withdrawal links), text and HTML parts in the order's language with the store's identity and
// legal links; delivery through the outbox, so a mail server that is down delays the message,
// loses none and sends it once.
import { describe, expect, it } from 'vitest';
import { load } from 'cheerio';
import { LOCALES } from '../src/catalog/locales';
import { formatPrice } from '../src/views/format';
import { renderMail } from '../src/mail/layout';
import { mailUi } from '../src/i18n/mail-ui';
import { retryDelaySeconds } from '../src/outbox/deliver';
import { ADDRESS, approve, catalog, checkoutHandler, complete, line, readyCheckout, testClock } from './helpers/checkout';
import { mailbox } from './helpers/mail';
import { ITEMS } from './helpers/content';

/** A small parcel, cast by role over the content (tests/helpers/content.ts). */
const M = ITEMS.small.variant.id;


const clock = testClock();
const { handler, ucp, db } = checkoutHandler({ now: clock.now });

const LOCAL = { origin: 'http://localhost:8888' };

/**
 * Completes a purchase and returns the completed checkout, and `before`, the mailbox's count
 * before the payment (the confirmation leaves right after complete_checkout's response);
 * `beforePaying` runs between the approval and the payment.
 */
async function purchase(options: Parameters<typeof readyCheckout>[2] = {}, beforePaying: () => Promise<void> = async () => undefined) {
  const ready = await readyCheckout(handler, [line(M, 2)], options);
  await approve(handler, ready);
  await beforePaying();
  const before = (await mailbox()).messages.length;
  const done = await complete(handler, ready.id);
  expect(done.status).toBe('completed');
  return { ready, done, before };
}

describe('the order confirmation', () => {
  it('is queued with the paid order and sent after the response: lines, totals with VAT, address, shipping, order page and withdrawal links', async () => {
    const box = await mailbox();
    const { ready, done, before } = await purchase();
    const mail = await box.next(ready.buyer.email, before);
    expect(mail.subject).toContain(done.order.label);
    expect(mail.headers.get('content-language')).toBe('fr-FR');
    const total = done.totals.find((t: { type: string }) => t.type === 'total');
    for (const part of [mail.text, load(mail.html).text()]) {
      expect(part).toContain(done.line_items[0].item.title);
      expect(part).toContain(formatPrice(total.amount, 'fr'));
      expect(part).toContain('dont TVA 20');
      expect(part).toContain(ADDRESS.FR.street_address);
      expect(part).toContain(catalog.store.legal_name);
    }
    const $ = load(mail.html);
    const orderLink = $('a').filter((_i, a) => $(a).text() === mailUi('fr').orderLink).attr('href')!;
    expect(orderLink).toBe(done.order.permalink_url);
    const orderPage = await handler(new Request(orderLink));
    expect(orderPage.status).toBe(200);
    expect($(`a[href$="/pages/${catalog.store.pages.returns}/"]`).length).toBeGreaterThanOrEqual(2);
    expect($(`a[href$="/pages/${catalog.store.pages.terms}/"]`)).toHaveLength(1);
    expect($(`a[href$="/pages/${catalog.store.pages.privacy}/"]`)).toHaveLength(1);
    // Sent once: delivering again sends nothing.
    expect((await ucp.deliverOutbox(LOCAL)).delivered).toBe(0);
    expect(box.messages.filter((m) => m.subject.includes(done.order.label) && m.to.includes(ready.buyer.email))).toHaveLength(1);
  });

  it('is in the language of the checkout', async () => {
    const box = await mailbox();
    const { ready, done, before } = await purchase({ language: 'cs', address: ADDRESS.DE });
    const mail = await box.next(ready.buyer.email, before);
    expect(mail.headers.get('content-language')).toBe('cs-CZ');
    expect(mail.subject).toBe(`Objednávka ${done.order.label} potvrzena — ${catalog.store.name}`);
    expect(mail.text).toContain(`/cs/pages/${catalog.store.pages.returns}/`);
  });

  it('a mail server that is down: the purchase succeeds, the message waits with backoff, and arrives once when the server is back', async () => {
    const box = await mailbox();
    let purchased;
    try {
      // The attempt right after the response fails; the purchase is not affected.
      purchased = await purchase({}, () => box.stop());
      const { rows } = await db.query<{ attempts: number; last_error: string; next_attempt_at: Date; delivered_at: Date | null }>(
        `SELECT attempts, last_error, next_attempt_at, delivered_at FROM outbox WHERE dedupe_key = $1`, [`mail:order_confirmation:${purchased.done.order.id}`]);
      // The refused connection is kept for the merchant, and nothing says the message went out.
      expect(rows[0]).toMatchObject({ attempts: 1, delivered_at: null });
      expect(rows[0].last_error).toMatch(/ECONNREFUSED/);
      expect(rows[0].next_attempt_at.getTime()).toBe(clock.now() + retryDelaySeconds(1) * 1000);
      // Not due yet: nothing is tried before the backoff.
      expect(await ucp.deliverOutbox(LOCAL)).toEqual({ delivered: 0, failed: 0 });
    } finally {
      await box.start();
    }
    const before = box.messages.length;
    clock.advance(retryDelaySeconds(1));
    expect((await ucp.deliverOutbox(LOCAL)).delivered).toBeGreaterThanOrEqual(1);
    await box.next(purchased.ready.buyer.email, before);
    clock.advance(3600);
    await ucp.deliverOutbox(LOCAL);
    expect(box.messages.filter((m) => m.subject.includes(purchased.done.order.label) && m.to.includes(purchased.ready.buyer.email))).toHaveLength(1);
  });
});

describe('every message in the 12 locales', () => {
  const store = catalog.store;

  it('has a subject, text and HTML parts, the store identity and the legal links, with every placeholder filled', () => {
    const subjects = new Set<string>();
    for (const locale of LOCALES) {
      const ui = mailUi(locale);
      const message = renderMail({
        to: 'a@b.example', subject: ui.codeSubject({ code: '123456', store: store.name }),
        blocks: [{ kind: 'text', text: ui.codeIntro({ store: store.name, amount: formatPrice(1990, locale) }) }, { kind: 'code', code: '123456' }],
      }, store, locale, 'https://shop.example');
      subjects.add(message.subject);
      expect(message.text).toContain('123456');
      expect(message.html).toContain('123456');
      expect(message.text).toContain(store.contact.address);
      const $ = load(message.html);
      expect($('html').attr('lang')).toMatch(new RegExp(`^${locale}`));
      expect($(`a[href="https://shop.example${locale === 'fr' ? '' : `/${locale}`}/pages/${store.pages.returns}/"]`)).toHaveLength(1);
      expect(message.text + message.html).not.toMatch(/\{\w+\}/);
      // The footer lists its links one per line: each label starts with a capital letter.
      const footerLabels = message.text.split('\n').filter((l) => /: https:\/\/shop\.example\/.*pages\//.test(l)).map((l) => l.slice(0, l.indexOf(': https')));
      expect(footerLabels, locale).toHaveLength(4);
      for (const label of footerLabels) expect(label[0], `${locale}: ${label}`).toBe(label[0].toLocaleUpperCase());
    }
    expect(subjects.size).toBe(LOCALES.length);
  });

  it('escapes what comes from the buyer or the catalog in the HTML part', () => {
    const message = renderMail({ to: 'a@b.example', subject: 's', blocks: [{ kind: 'section', heading: 'h', lines: ['<script>alert(1)</script>'] }] }, store, 'fr', 'https://shop.example');
    expect(message.html).not.toContain('<script>');
    expect(message.text).toContain('<script>alert(1)</script>');
  });
});
