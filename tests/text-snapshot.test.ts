// What people and agents read, kept byte for byte: every file of the build (its digest), and,
// in each of the 12 locales, the pages the function draws (the approval page in each of its
// states, the order page as the order moves, the site's cart and checkout with their errors),
// every e-mail (text and HTML) and the agents' messages. A change of wording shows here as a
// diff of tests/snapshots/ (update on purpose: `npx vitest run tests/text-snapshot.test.ts -u`).
// Ids, secrets, codes and hashes drawn at random are masked; the clock is fixed.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../src/catalog/locales';
import { ADDRESS, callTool, checkoutHandler, line, openApproval, payment, postApproval, readyCheckout, requestCode, testClock, updateWith, uuid } from './helpers/checkout';
import { ITEMS, catalog } from './helpers/content';
import { testDb } from './helpers/db';
import { mailbox } from './helpers/mail';
import { PAID_ORDER_LINES, ordersCli } from './helpers/orders';
import { CARDS, FRENCH_BUYER, Shopper, checkoutForm } from './helpers/shopper';

const DIST = join(import.meta.dirname, '..', 'dist');

/** Every file under `dir`, relative paths, sorted. */
function filesOf(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else out.push(relative(DIST, path));
    }
  };
  walk(dir);
  return out.sort();
}

/** What varies from run to run (ids, secrets, terms hashes, order labels, mail ids), and the pages' stylesheet, which holds no words. */
function mask(text: string): string {
  return text
    .replace(/<style>[\s\S]*?<\/style>/g, '<style>…</style>')
    .replace(/\b(chk|cart|ord)_[A-Za-z0-9_-]{32}(?![A-Za-z0-9_-])/g, '$1_<id>')
    .replace(/\bdoc_[A-Za-z0-9_-]{22}(?![A-Za-z0-9_-])/g, 'doc_<id>')
    .replace(/\bPP-\d{8}-[A-Z0-9]{6}\b/g, 'PP-<label>')
    .replace(/\b[0-9a-f]{64}\b/g, '<sha256>')
    .replace(/([?&]s=|name="s" value="|%3Fs%3D)[A-Za-z0-9_-]{20,}/g, '$1<secret>')
    .replace(/name="challenge" value="[A-Za-z0-9_-]+"/g, 'name="challenge" value="<token>"')
    .replace(/cid:[^"'>\s]+/g, 'cid:<cid>');
}

/**
 * A built file as the snapshot digests it. The UCP profiles publish the store's public signing
 * key, which a machine without `UCP_SIGNING_KEY` generates for itself (src/ucp/webhooks/keys.ts):
 * its values are masked, its members kept.
 */
function distContent(file: string): Buffer {
  const bytes = readFileSync(join(DIST, file));
  if (file !== '.well-known/ucp.json' && !file.startsWith('ucp/profiles/')) return bytes;
  return Buffer.from(bytes.toString('utf8').replace(/"(kid|x|y)":(\s*)"[A-Za-z0-9_-]+"/g, '"$1":$2"<key>"'));
}

describe('the build, file by file', () => {
  it('every file of dist/ has the digest it had', async () => {
    const lines = filesOf(DIST).map((file) => `${createHash('sha256').update(distContent(file)).digest('hex').slice(0, 16)} ${file}`);
    expect(lines.length).toBeGreaterThan(1000);
    await expect(`${lines.join('\n')}\n`).toMatchFileSnapshot('snapshots/dist-digests.txt');
  });
});

/** The texts one locale's story shows, by name, in order. */
type Story = Array<[string, string]>;

async function storyOf(locale: Locale): Promise<Story> {
  const clock = testClock(Date.parse('2026-11-20T10:00:00Z'));
  const db = testDb();
  const { handler, ucp } = checkoutHandler({ db, now: clock.now });
  const deliver = () => ucp.deliverOutbox({ origin: 'http://localhost:8888' });
  const story: Story = [];
  const page = async (name: string, response: Promise<{ text: string; status: number }> | { text: string; status: number }) => {
    const { text, status } = await response;
    story.push([name, `${status}\n${mask(text)}`]);
  };
  const box = await mailbox();
  const mails = async (name: string, to: string, after: number) => {
    await deliver();
    // The buyer's messages and the merchant's (each new order), in the order they were sent.
    for (const m of box.messages.filter((x) => x.seq > after && (x.to.includes(to.toLowerCase()) || x.to.includes(merchant)))) {
      // The approval code of the subject, looked for once order labels are masked (a label may end in six digits).
      const code = /\b\d{6}\b/.exec(mask(m.subject))?.[0];
      const hide = (s: string) => (code ? mask(s).replaceAll(code, '<code>') : mask(s));
      story.push([`${name} to ${m.to.join(', ')}: ${hide(m.subject)}`, `${hide(m.text)}\n----\n${hide(m.html)}`]);
    }
  };
  const get = async (url: string) => {
    const res = await handler(new Request(url));
    return { status: res.status, text: await res.text() };
  };
  const language = locale;
  const merchant = catalog.store.mail.merchant.toLowerCase();
  // Addresses of this story alone, the same in every run (they are shown on the pages).
  let buyers = 0;
  const buyerEmail = () => `reader.${locale}.${++buyers}@example.org`;
  const email = buyerEmail();

  // An agent's checkout, approved by its buyer, paid, then shipped, delivered and refunded.
  let seen = box.messages.length;
  const ready = await readyCheckout(handler, PAID_ORDER_LINES, { language, email });
  story.push(['agent: ready checkout', JSON.stringify(ready.messages)]);
  await page('approval: no code yet', get(ready.continue_url));
  const code = await requestCode(handler, ready);
  await mails('mail', email, seen);
  await page('approval: code sent', get(ready.continue_url));
  const wrong = String((Number(code.code) + 1) % 1_000_000).padStart(6, '0');
  await page('approval: wrong code', postApproval(handler, ready.continue_url, { s: code.secret!, terms: code.terms!, action: 'confirm', code: wrong }));
  await page('approval: malformed code', postApproval(handler, ready.continue_url, { s: code.secret!, terms: code.terms!, action: 'confirm', code: '12' }));
  await page('approval: approved', postApproval(handler, ready.continue_url, { s: code.secret!, terms: code.terms!, action: 'confirm', code: code.code }).then(() => get(ready.continue_url)));
  seen = box.messages.length;
  const done = await callTool(handler, 'complete_checkout', { meta: { 'idempotency-key': uuid() }, id: ready.id, checkout: { payment: payment() } });
  story.push(['agent: completed', mask(JSON.stringify({ status: done.status, messages: done.messages, totals: done.totals }))]);
  await mails('mail', email, seen);
  await page('order: paid', get(done.order.permalink_url));
  await page('approval: completed', get(ready.continue_url));
  const label = done.order.label as string;
  seen = box.messages.length;
  await ordersCli(db, ['ship', label, '--carrier', 'DHL', '--tracking-number', 'JJD0099', '--tracking-url', 'https://www.dhl.de/track?n=JJD0099', '--line', `li_${ITEMS.small.variant.id}:2`], clock.now);
  clock.advance(3600);
  await ordersCli(db, ['ship', label, '--carrier', 'Colissimo', '--tracking-number', '6A999'], clock.now);
  clock.advance(3600);
  await ordersCli(db, ['deliver', label], clock.now);
  await ordersCli(db, ['refund', label, '--cents', '500', '--reason', 'Karton'], clock.now);
  await mails('mail', email, seen);
  await page('order: delivered and refunded', get(done.order.permalink_url));
  story.push(['agent: get_order', mask(JSON.stringify(await callTool(handler, 'get_order', { id: done.order.id })))]);

  // A code left to expire, one killed by wrong tries, a refusal, a changed order, a cancellation.
  const late = await readyCheckout(handler, [line(ITEMS.stocked.variant.id)], { language });
  const lateCode = await requestCode(handler, late);
  clock.advance(11 * 60);
  await page('approval: expired code', postApproval(handler, late.continue_url, { s: lateCode.secret!, terms: lateCode.terms!, action: 'confirm', code: lateCode.code }));
  const dead = await readyCheckout(handler, [line(ITEMS.stocked.variant.id)], { language });
  const deadCode = await requestCode(handler, dead);
  let last = { text: '', status: 0 };
  for (let i = 0; i < 5; i++) last = await postApproval(handler, dead.continue_url, { s: deadCode.secret!, terms: deadCode.terms!, action: 'confirm', code: String((Number(deadCode.code) + 1 + i) % 1_000_000).padStart(6, '0') });
  await page('approval: dead code', last);
  await page('approval: changed', (async () => {
    await updateWith(handler, dead, { line_items: [line(ITEMS.stocked.variant.id, 2)] });
    return postApproval(handler, dead.continue_url, { s: deadCode.secret!, terms: deadCode.terms!, action: 'send' });
  })());
  const refused = await readyCheckout(handler, [line(ITEMS.stocked.variant.id)], { language });
  const refusedPage = await openApproval(handler, refused.continue_url);
  await postApproval(handler, refused.continue_url, { s: refusedPage.secret!, terms: refusedPage.terms!, action: 'refuse' });
  await page('approval: refused', get(refused.continue_url));
  story.push(['agent: refused', JSON.stringify((await callTool(handler, 'get_checkout', { id: refused.id })).messages)]);
  const canceledEmail = buyerEmail();
  const toCancel = await readyCheckout(handler, [line(ITEMS.small.variant.id)], { language, email: canceledEmail });
  await requestCode(handler, toCancel).then((c) => postApproval(handler, toCancel.continue_url, { s: c.secret!, terms: c.terms!, action: 'confirm', code: c.code }));
  const paid = await callTool(handler, 'complete_checkout', { meta: { 'idempotency-key': uuid() }, id: toCancel.id, checkout: { payment: payment() } });
  seen = box.messages.length;
  await ordersCli(db, ['cancel', paid.order.label, '--reason', 'Rupture'], clock.now);
  await mails('mail', canceledEmail, seen);
  await page('order: canceled', get(paid.order.permalink_url));

  // A person on the site: the cart, the checkout with its errors, a declined card, the order.
  const prefix = locale === 'fr' ? '' : `/${locale}`;
  const shopper = new Shopper(handler);
  await shopper.post(`${prefix}/cart/add`, { id: ITEMS.small.variant.id, quantity: 2 });
  await page('site: cart', shopper.get(`${prefix}/cart`).then((p) => ({ status: p.status, text: p.html })));
  const first = await shopper.get(`${prefix}/checkout`);
  await page('site: checkout', { status: first.status, text: first.html });
  await page('site: checkout errors', shopper.post(`${prefix}/checkout`, { ...checkoutForm(first), email: 'nope', action: 'save' }).then((p) => ({ status: p.status, text: p.html })));
  const siteEmail = buyerEmail();
  const saved = await shopper.follow(await shopper.post(`${prefix}/checkout`, { ...checkoutForm(first), ...FRENCH_BUYER, ...ADDRESS.DE, email: siteEmail, action: 'save' }));
  await page('site: checkout ready', { status: saved.status, text: saved.html });
  const card = { card_expiry: '12/34', card_cvc: '123' };
  await page('site: declined', shopper.post(`${prefix}/checkout`, { ...checkoutForm(saved), ...FRENCH_BUYER, ...ADDRESS.DE, email: siteEmail, ...card, card_number: CARDS.declined, action: 'pay' }).then((p) => ({ status: p.status, text: p.html })));
  const again = await shopper.get(`${prefix}/checkout`);
  seen = box.messages.length;
  const bought = await shopper.post(`${prefix}/checkout`, { ...checkoutForm(again), ...FRENCH_BUYER, ...ADDRESS.DE, email: siteEmail, ...card, card_number: CARDS.pays, action: 'pay' });
  await page('site: order', shopper.follow(bought).then((p) => ({ status: p.status, text: p.html })));
  await mails('mail', siteEmail, seen);
  return story;
}

describe.each(LOCALES)('what %s readers are shown', (locale) => {
  it('pages of the function, e-mails and agent messages, as they were', { timeout: 120_000 }, async () => {
    const story = await storyOf(locale);
    const text = story.map(([name, body]) => `==== ${name}\n${body}\n`).join('\n');
    await expect(text).toMatchFileSnapshot(`snapshots/story-${locale}.txt`);
  });
});
