// The order tells its story to the buyer: the order status page (12 locales) shows each line's
// state, every fulfillment event (carrier, tracking number and link) and every adjustment
// (cancellation, refund with its amount); e-mails in the order's locale, through the outbox, on
// shipment (tracking link), delivery, cancellation and refund; the merchant is mailed each new
// order at content/store.yaml `mail.merchant`.
import { describe, expect, it } from 'vitest';
import { load } from 'cheerio';
import { LOCALES } from '../src/catalog/locales';
import { checkoutUi } from '../src/i18n/checkout-ui';
import { mailUi } from '../src/i18n/mail-ui';
import { orderPage } from '../src/http/html/order-page';
import { loadOrder } from '../src/state/orders';
import { ADDRESS, catalog, checkoutHandler, line } from './helpers/checkout';
import { ITEMS } from './helpers/content';
import { mailbox } from './helpers/mail';
import { ordersCli, paidOrder } from './helpers/orders';

// What the orders buy (tests/helpers/content.ts roles); `paidOrder` without lines buys 3 × SMALL,
// 1 × STOCKED and a line with nothing to ship (tests/helpers/orders.ts).
const SMALL = ITEMS.small.variant.id;
const STOCKED = ITEMS.stocked.variant.id;

const { handler, db, ucp } = checkoutHandler();
const send = () => ucp.deliverOutbox({ origin: 'http://localhost:8888' });

describe('the buyer follows the order', () => {
  it('e-mails in the order\'s locale on shipment (tracking link), delivery, refund; the merchant gets each new order', async () => {
    const box = await mailbox();
    const { label, orderId, ready } = await paidOrder(handler, undefined, { language: 'de', address: ADDRESS.DE });
    const to = ready.buyer.email;
    await send();
    const merchant = await box.next(catalog.store.mail.merchant, 0);
    expect(merchant.subject).toMatch(new RegExp(`^Nouvelle commande ${label} — \\d+,\\d{2}\u00a0€$`));
    expect(merchant.text).toContain(`npm run orders -- ship ${label}`);
    expect(merchant.text).toContain(to);
    let seen = box.messages.length;

    await ordersCli(db, ['ship', label, '--carrier', 'DHL', '--tracking-number', 'JJD0099', '--tracking-url', 'https://www.dhl.de/de/privatkunden.html?piececode=JJD0099', '--line', `li_${SMALL}:2`]);
    expect(box.messages.length, 'nothing is sent inside the merchant\'s command').toBe(seen);
    await send();
    const shipped = await box.next(to, seen);
    expect(shipped.subject).toBe(`Ihre Bestellung ${label} ist unterwegs — ${catalog.store.name}`);
    expect(shipped.headers.get('content-language')).toBe('de-DE');
    expect(shipped.text).toContain('2 × ');
    expect(shipped.text).toContain('Sendungsnummer: JJD0099');
    expect(shipped.text).toContain('Der Rest Ihrer Bestellung folgt');
    expect(load(shipped.html)('a[href="https://www.dhl.de/de/privatkunden.html?piececode=JJD0099"]').text()).toBe('Sendung verfolgen');
    seen = shipped.seq;

    await ordersCli(db, ['ship', label, '--carrier', 'DHL', '--tracking-number', 'JJD0100']);
    await ordersCli(db, ['deliver', label]);
    await ordersCli(db, ['refund', label, '--cents', '500', '--reason', 'Karton beschädigt']);
    await send();
    const rest = await box.next(to, seen);
    expect(rest.subject).toBe(`Ihre Bestellung ${label} ist unterwegs — ${catalog.store.name}`);
    expect(rest.text).not.toContain('Der Rest Ihrer Bestellung folgt');
    const delivered = await box.next(to, rest.seq);
    expect(delivered.subject).toBe(`Ihre Bestellung ${label} wurde zugestellt — ${catalog.store.name}`);
    expect(delivered.text).toContain('Widerrufsrecht');
    const refunded = await box.next(to, delivered.seq);
    expect(refunded.subject).toBe(`Erstattung zu Ihrer Bestellung ${label} — ${catalog.store.name}`);
    expect(refunded.text).toContain(`Wir haben Ihnen 5,00\u00a0€ für Ihre Bestellung ${label} erstattet.`);
    expect(refunded.text).toContain('Karton beschädigt');
    expect(refunded.text).toContain(`/de/orders/${orderId}?s=`);
  });

  it('a cancellation e-mail says what was refunded', async () => {
    const box = await mailbox();
    const { label, ready } = await paidOrder(handler, [line(SMALL)], { language: 'en' });
    await send();
    const seen = box.messages.length;
    await ordersCli(db, ['cancel', label, '--reason', 'Out of stock at our supplier']);
    await send();
    const mail = await box.next(ready.buyer.email, seen);
    expect(mail.subject).toBe(`Your order ${label} has been canceled — ${catalog.store.name}`);
    expect(mail.text).toContain(`We have refunded €${(ready.totals.at(-1).amount / 100).toFixed(2)} to your payment card.`);
    expect(mail.text).toContain('Out of stock at our supplier');
  });

  it('the order page shows each line\'s state, every event with tracking and every adjustment', async () => {
    const { label, done } = await paidOrder(handler, undefined, { language: 'fr' });
    await ordersCli(db, ['ship', label, '--carrier', 'Colissimo', '--tracking-number', '6A999', '--tracking-url', 'https://www.laposte.fr/suivi?code=6A999', '--line', `li_${SMALL}:1`]);
    // An amount of the test's choosing (not a price), under any order total.
    await ordersCli(db, ['refund', label, '--cents', '1490', '--reason', 'geste commercial']);
    const res = await handler(new Request(done.order.permalink_url));
    expect(res.status).toBe(200);
    const $ = load(await res.text());
    expect($('[data-status]').attr('data-status')).toBe('partially_shipped');
    expect($('[data-status]').text()).toBe('Partiellement expédiée');
    expect($(`.line-status [data-line-id="li_${SMALL}"]`).attr('data-line-status')).toBe('partial');
    expect($(`.line-status [data-line-id="li_${SMALL}"]`).text()).toContain('1 sur 3 expédiés');
    expect($(`.line-status [data-line-id="li_${STOCKED}"]`).text()).toContain('En préparation');
    const shipped = $('.events [data-event-type="shipped"]');
    expect(shipped.text()).toContain('Transporteur\u202f: Colissimo');
    expect(shipped.find('[data-tracking-number]').text()).toBe('6A999');
    expect(shipped.find('a').attr('href')).toBe('https://www.laposte.fr/suivi?code=6A999');
    expect(shipped.find('a').text()).toBe('Suivre le colis');
    const refund = $('.adjustments [data-adjustment-type="refund"]');
    expect(refund.attr('data-amount')).toBe('1490');
    expect(refund.text()).toContain('Remboursement de 14,90\u00a0€');
    expect(refund.text()).toContain('geste commercial');
  });

  it('every locale has its own words for the page and the e-mails, and renders a canceled order', async () => {
    const { label, orderId } = await paidOrder(handler, [line(SMALL)]);
    await ordersCli(db, ['cancel', label]);
    const record = (await loadOrder(db, orderId))!;
    for (const locale of LOCALES) {
      const ui = checkoutUi(locale);
      const $ = load(orderPage(record, catalog.store, locale));
      expect($('[data-status]').text(), locale).toBe(ui.statusCanceled);
      expect($('.line-status li').text(), locale).toContain(ui.lineRemoved);
      expect($('.adjustments li').text(), locale).toContain(ui.adjustmentCancellation);
      if (locale !== 'fr') {
        for (const key of ['statusShipped', 'trackParcel', 'adjustments', 'itemsStatus'] as const) expect(ui[key], `${locale} ${key}`).not.toBe(checkoutUi('fr')[key]);
        for (const key of ['shippedSubject', 'deliveredIntro', 'canceledIntro', 'refundedIntro', 'refundDelay', 'newOrderIntro'] as const) expect(mailUi(locale)[key], `${locale} ${key}`).not.toBe(mailUi('fr')[key]);
      }
    }
  });
});

describe('a stored order holds codes, and reads in its reader\'s language', () => {
  it('an order placed in German: its VAT lines read in French on the French page and in the merchant\'s e-mail, in German on the German page', async () => {
    const box = await mailbox();
    const seen = box.messages.length;
    const { done, label } = await paidOrder(handler, [line(SMALL)], { language: 'de', address: ADDRESS.DE });
    const { rows: [row] } = await db.query<{ data: { totals: Array<{ lines?: unknown[] }> } }>('SELECT data FROM orders WHERE id = $1', [done.order.id]);
    expect(row.data.totals.at(-1)!.lines, 'stored as codes and amounts').toEqual([{ kind: 'net', amount: expect.any(Number) }, { kind: 'vat', rate: 19, amount: expect.any(Number) }]);
    const vatOf = async (url: string) => load(await (await handler(new Request(url))).text())('tr.vat th').map((_, e) => load(e).text()).get();
    const german = new URL(done.order.permalink_url);
    expect(german.pathname.startsWith('/de/')).toBe(true);
    expect(await vatOf(german.href)).toEqual(['Nettobetrag', 'enthaltene MwSt. 19 %']);
    expect(await vatOf(`${german.origin}${german.pathname.slice(3)}${german.search}`)).toEqual(['Montant HT', 'dont TVA 19 %']);
    await send();
    const merchant = box.messages.find((m) => m.seq > seen && m.to.includes(catalog.store.mail.merchant) && m.subject.includes(label));
    expect(merchant?.text).toContain('dont TVA 19 %');
    expect(merchant?.text).not.toContain('MwSt');
  });
});

describe('the order page after paying', () => {
  it('thanks the buyer, says where the confirmation went and how it was paid, calls the total paid, and shows what a partial refund left', async () => {
    const { done, label, ready } = await paidOrder(handler, [line(SMALL, 2)], { language: 'fr' });
    const page = async () => load(await (await handler(new Request(done.order.permalink_url))).text());
    let $ = await page();
    expect($('h1').text()).toBe(`Commande ${label}`);
    expect($('h1 .order-number').text(), 'the order number does not break on a phone').toBe(label);
    expect($('.notice.ok strong').text()).toBe('Merci pour votre commande\u202f!');
    expect($('.notice.ok').text()).toContain(`La confirmation a été envoyée à ${ready.buyer.email}.`);
    expect($('[data-payment]').text()).toMatch(/^Payée le \d+ \S+ \d{4} par carte Visa se terminant par 4242\.$/);
    expect($('tr[data-total-type=total] th').first().text()).toBe('Total payé');
    expect($('body').text()).not.toContain('Total à payer');
    expect($('tr[data-total-type=refunded]')).toHaveLength(0);
    const total = done.totals.at(-1).amount as number;
    await ordersCli(db, ['refund', label, '--cents', '500', '--reason', 'Geste']);
    $ = await page();
    expect($('tr[data-total-type=refunded] td data').attr('value')).toBe('-500');
    expect($('tr[data-total-type=net] th').text()).toBe('Total après remboursement');
    expect($('tr[data-total-type=net] td data').attr('value')).toBe(String(total - 500));
  });
});
