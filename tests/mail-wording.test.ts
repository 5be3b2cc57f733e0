// The e-mails read as the pages do (issue 23, criterion 5): for one order in French and one in
// German, the text parts of the confirmation and of the shipment e-mail state the carrier, the
// tracking number, the subtotal, shipping and total, and the destination country with the same
// words and typography as the order page (src/http/html/order-page.ts) of the same order: the
// page's label–value separator (French puts a no-break space before `:`), the country's name in
// the message's language, and no label said twice.
import { describe, expect, it } from 'vitest';
import { load } from 'cheerio';
import type { Locale } from '../src/catalog/locales';
import { checkoutUi } from '../src/i18n/checkout-ui';
import { mailUi } from '../src/i18n/mail-ui';

import { orderPage } from '../src/http/html/order-page';
import { loadOrder } from '../src/state/orders';
import { ADDRESS, catalog, checkoutHandler } from './helpers/checkout';
import { mailbox, type Received } from './helpers/mail';
import { ordersCli, paidOrder } from './helpers/orders';

const { handler, db, ucp } = checkoutHandler();
const send = () => ucp.deliverOutbox({ origin: 'http://localhost:8888' });

/** The non-blank lines of a text part, without their indentation. */
const linesOf = (text: string) => text.split('\n').map((l) => l.trim()).filter(Boolean);

/** The lines of an HTML fragment split at its `<br>`, as text. */
function brLines(fragment: string): string[] {
  return fragment.split(/<br\s*\/?>/i).map((part) => load(part, null, false).text().trim()).filter(Boolean);
}

/** The message to `to` after `after` whose subject is `subject` (other messages to the buyer may arrive in between). */
async function received(to: string, after: number, subject: string): Promise<Received> {
  for (let seq = after; ;) {
    const mail = await (await mailbox()).next(to, seq);
    if (mail.subject === subject) return mail;
    seq = mail.seq;
  }
}

/** Where the order goes, the country's name the page and the mail must write, and how a label meets its value. */
const CASES: Array<{ locale: Locale; address: Record<string, string>; country: string; separator: RegExp }> = [
  { locale: 'fr', address: ADDRESS.FR, country: 'France', separator: /^[\u00a0\u202f]: $/ },
  { locale: 'de', address: ADDRESS.FR, country: 'Frankreich', separator: /^: $/ },
];

describe.each(CASES)('the e-mails in $locale say what the order page says', ({ locale, address, country, separator }) => {
  it('carrier, tracking number, totals, country and colons as on the page; no label twice', async () => {
    const box = await mailbox();
    // The confirmation leaves right after complete_checkout's response.
    let seen = box.messages.length;
    const { label, orderId, ready } = await paidOrder(handler, undefined, { language: locale, address });
    const to = ready.buyer.email as string;
    const store = catalog.store.name;
    const ui = mailUi(locale);
    const cui = checkoutUi(locale);

    await send();
    const confirmation = await received(to, seen, ui.confirmSubject({ label, store }));
    const record = (await loadOrder(db, orderId))!;
    const paid = load(orderPage(record, catalog.store, locale));

    seen = box.messages.length;
    expect((await ordersCli(db, ['ship', label, '--carrier', 'La Poste', '--tracking-number', '6A0042', '--tracking-url', 'https://www.laposte.fr/outils/suivre-vos-envois?code=6A0042'])).code).toBe(0);
    await send();
    const shipment = await received(to, seen, ui.shippedSubject({ label, store }));
    const shipped = load(orderPage((await loadOrder(db, orderId))!, catalog.store, locale));

    // The page's separator between a label and its value, read from its carrier line.
    const eventLines = brLines(shipped('.events [data-event-type="shipped"]').html()!);
    const carrierLine = eventLines.find((l) => l.startsWith(cui.carrier))!;
    expect(carrierLine, eventLines.join(' | ')).toMatch(/La Poste$/);
    const colon = carrierLine.slice(cui.carrier.length, -'La Poste'.length);
    expect(colon).toMatch(separator);

    // The shipment e-mail: carrier and tracking number lines as the page writes them.
    const shipmentLines = linesOf(shipment.text);
    expect(shipmentLines).toContain(carrierLine);
    expect(shipmentLines).toContain(eventLines.find((l) => l.startsWith(cui.trackingNumber)));

    // The confirmation: each total as "label<colon>amount", with the page's label and amount.
    const confirmationLines = linesOf(confirmation.text);
    for (const type of ['subtotal', 'fulfillment', 'total']) {
      const row = paid(`tfoot tr[data-total-type="${type}"]`);
      expect(row.length, type).toBe(1);
      expect(confirmationLines, type).toContain(`${row.find('th').text().trim()}${colon}${row.find('td').text().trim()}`);
    }
    // The delivery method as the page names it (title, carrier, description).
    expect(confirmationLines).toContain(paid('h3').first().text().trim());

    // The country's name in the message's language, as on the page.
    const pageAddress = brLines(paid('address').html()!);
    expect(pageAddress).toContain(country);
    expect(confirmationLines).toContain(country);
    expect(confirmationLines).not.toContain(address.address_country);

    for (const [name, lines] of [['confirmation', confirmationLines], ['shipment', shipmentLines]] as const) {
      // Wherever a label meets a value, the page's separator; in French nothing else before `: ; ? !`
      // (the store's own words: links and the products' titles, written in the content, are left out).
      const words = lines.map((l) => record.lines.reduce((w, x) => w.replaceAll(x.title, 'TITLE'), l.replace(/\b\w+:\/\/\S+/g, 'URL')));
      if (locale === 'fr') for (const l of words) expect(l, `${name}: "${l}"`).not.toMatch(/[^\u00a0\u202f][:;?!]/);
      else for (const l of words) expect(l, `${name}: "${l}"`).not.toMatch(/\s[:;?!]/);
      // No label twice: a heading is not repeated as the label of a line, nor any label as another's.
      const labels = lines.filter((l) => l !== '—').map((l) => (l.includes(colon) ? l.slice(0, l.indexOf(colon)) : l).toLocaleLowerCase(locale));
      const twice = labels.filter((l, i) => labels.indexOf(l) !== i);
      expect(twice, `${name} repeats a label:\n${lines.join('\n')}`).toEqual([]);
    }
    expect(shipmentLines.filter((l) => l.startsWith(cui.trackParcel))).toHaveLength(1);
  });
});
