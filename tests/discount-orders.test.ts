// Issue 38 "Orders after" and "invoices, e-mails show each discount", on real PostgreSQL: an
// order paid with the welcome code (BIENVENUE10, 10 %) through the UCP checkout; a refund of
// units of a discounted line gives back what they were charged (never the list price), one
// unit after the other to exactly the line's charged amount, with a credit note whose VAT per
// rate adds up and which states the rebate of those units; the merchant's `show` and CSV carry
// the discounts; the invoice (PDF and Factur-X XML) states each rebate with the lines at what
// was charged; the approval-code e-mail and the order confirmation tell each discount, text and
// HTML, in the mail's language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load } from 'cheerio';
import { extractText, getDocumentProxy } from 'unpdf';
import { CAPABILITIES, UCP_VERSIONS } from '../src/ucp/version';
import { unitShares } from '../src/commerce/allocation';
import { chargedLines } from '../src/commerce/fulfillment';
import { netOfVat } from '../src/commerce/vat';
import { en16931Data } from '../src/documents/render/facturx';
import { documentFile } from '../src/documents/render/file';
import { documentView } from '../src/documents/render/view';
import { documentsOfOrder } from '../src/state/documents';
import { loadOrder } from '../src/state/orders';
import { formatPrice } from '../src/views/format';
import type { DocumentRecord } from '../src/commerce/documents';
import { ADDRESS, approve, buyerEmail, callTool, checkoutHandler, line, payment, shipTo, stateOf, uuid } from './helpers/checkout';
import { ITEMS, catalog } from './helpers/content';
import { testDb } from './helpers/db';
import { mailbox } from './helpers/mail';
import { ordersCli } from './helpers/orders';
import { platformProfile, profileServer } from './helpers/ucp';

const S = ITEMS.small.variant.id;
const STOCKED = ITEMS.stocked.variant.id;
const welcome = catalog.discounts.find((d) => d.code === 'BIENVENUE10')!;
const version = UCP_VERSIONS[0];

let profiles: Awaited<ReturnType<typeof profileServer>>;
beforeAll(async () => {
  profiles = await profileServer({
    '/agent.json': (res: import('node:http').ServerResponse) => res.writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify(platformProfile(version, Object.fromEntries(Object.keys(CAPABILITIES).map((c) => [c, [version]]))))),
  });
});
afterAll(() => profiles?.close());

const db = testDb();
const { handler, ucp } = checkoutHandler({ db });
const call = (tool: string, args: Record<string, unknown>) => callTool(handler, tool, { meta: { 'ucp-agent': { profile: `${profiles.url}/agent.json` }, 'idempotency-key': uuid() }, ...args });

/**
 * An order of 2 × small and 1 × stocked shipped to Lyon with BIENVENUE10, paid by card, in
 * `language`; returns the approval-code mail, the confirmation, the completed checkout and the order.
 */
async function discountedOrder(language = 'fr') {
  const email = buyerEmail();
  const codes = ['BIENVENUE10'];
  const created = await call('create_checkout', { checkout: { line_items: [line(S, 2), line(STOCKED, 1)], buyer: { email }, context: { language }, fulfillment: shipTo(ADDRESS.FR), discounts: { codes } } });
  const option = created.fulfillment.methods[0].groups[0].options[0].id;
  const ready = await call('update_checkout', { id: created.id, checkout: { ...stateOf(created), fulfillment: shipTo(ADDRESS.FR, option), discounts: { codes } } });
  expect(ready.discounts.applied.map((d: { code: string }) => d.code)).toEqual(['BIENVENUE10']);
  const box = await mailbox();
  const { mail: codeMail } = await approve(handler, ready);
  const before = box.messages.length;
  const done = await call('complete_checkout', { id: ready.id, checkout: { payment: payment() } });
  expect(done.status, JSON.stringify(done.messages)).toBe('completed');
  const confirmation = await box.next(email, before);
  const order = (await loadOrder(db, done.order.id))!;
  return { codeMail, confirmation, done, order, label: done.order.label as string };
}

let fr: Awaited<ReturnType<typeof discountedOrder>>;
beforeAll(async () => {
  fr = await discountedOrder();
});

const pdfText = async (bytes: Buffer) => (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text;
const sum = (xs: readonly number[]) => xs.reduce((a, x) => a + x, 0);

describe('refunding units of a discounted line', () => {
  it('gives back the units\' share of what the line was charged; unit by unit, exactly the line; credit notes with VAT per rate adding up and the units\' rebate', async () => {
    const [applied] = fr.order.discounts!;
    const smallIndex = fr.order.lines.findIndex((l) => l.variant_id === S);
    const small = fr.order.lines[smallIndex];
    const off = sum(applied.allocations.filter((a) => a.target.kind === 'line' && a.target.index === smallIndex).map((a) => a.amount));
    expect(off, 'the 10 % takes something off the line').toBeGreaterThan(0);
    const charged = small.total - off;
    expect(chargedLines(fr.order)[smallIndex]).toMatchObject({ line_id: small.id, charged, refunded: 0 });

    const first = await ordersCli(db, ['refund', fr.label, '--reason', 'one pump broken', '--line', `${small.id}:1`]);
    expect(first.code, first.err).toBe(0);
    // Half of what was charged for the 2 units (the odd cent, if any, with the first unit): never half the list price.
    const half = Math.ceil(charged / 2);
    expect(half).toBe(unitShares(charged, 2)[0]);
    expect(half).toBeLessThan(small.unit_price);
    expect(first.out).toContain(`refunded ${formatPrice(half, 'fr')}`);

    const second = await ordersCli(db, ['refund', fr.label, '--reason', 'the other one too', '--line', `${small.id}:1`]);
    expect(second.code, second.err).toBe(0);
    const refunds = (await (await db.raw()).query<{ amount: number }>('SELECT amount FROM refunds WHERE order_id = $1 ORDER BY created_at, id', [fr.order.id])).rows.map((r) => r.amount);
    expect(refunds).toEqual([half, charged - half]);
    expect(sum(refunds), 'unit by unit, exactly what the line was charged').toBe(charged);
    // No unit is left to refund on that line: refused before anything is written.
    const third = await ordersCli(db, ['refund', fr.label, '--reason', 'again', '--line', `${small.id}:1`]);
    expect(third.code).toBe(1);
    expect(third.err).toMatch(/already refunded 2, 0 left to refund/);
    expect((await ordersCli(db, ['refund', fr.label, '--reason', 'x', '--line', `${small.id}:1`, '--cents', '100'])).code).toBe(2);

    const credits = (await documentsOfOrder(db, fr.order.id)).filter((d) => d.data.kind === 'credit_note');
    expect(credits).toHaveLength(2);
    const rate = (await documentsOfOrder(db, fr.order.id)).find((d) => d.data.kind === 'invoice')!.data.lines.find((l) => l.line_id === small.id)!.vat_rate;
    credits.forEach((credit, i) => {
      const { data } = credit;
      expect(data.lines.map((l) => [l.kind, l.line_id, l.quantity, l.vat_rate, l.gross])).toEqual([['item', small.id, 1, rate, refunds[i]]]);
      for (const l of data.lines) expect(l.net + l.vat).toBe(l.gross);
      for (const g of data.vat_groups) {
        expect(g.net + g.vat).toBe(g.gross);
        expect(g.net).toBe(netOfVat(g.gross, g.rate));
        expect(sum(data.lines.filter((l) => l.vat_rate === g.rate).map((l) => l.net))).toBe(g.net);
      }
      expect(data.totals).toEqual({ net: sum(data.vat_groups.map((g) => g.net)), vat: sum(data.vat_groups.map((g) => g.vat)), gross: refunds[i] });
    });
    // The units' rebate: their list price less what they were charged, over both credit notes the line's whole discount.
    const rebates = credits.map((c) => c.data.discounts?.[0]);
    expect(rebates.map((r) => r?.code)).toEqual(['BIENVENUE10', 'BIENVENUE10']);
    expect(rebates[0]!.amount).toBe(unitShares(small.total, 2)[0] - half);
    expect(sum(rebates.map((r) => r!.amount))).toBe(off);

    const order = await call('get_order', { id: fr.order.id });
    expect(order.adjustments.map((a: any) => [a.type, a.line_items, a.totals])).toEqual([
      ['refund', [{ id: small.id, quantity: -1 }], [{ type: 'total', amount: -half }]],
      ['refund', [{ id: small.id, quantity: -1 }], [{ type: 'total', amount: -(charged - half) }]],
    ]);
  });
});

describe('cancelling a discounted order', () => {
  it('gives the use back (the buyer may use the code again), and its credit note takes back the invoice\'s rebates', async () => {
    const placed = await discountedOrder();
    const email = placed.order.buyer.email!;
    const raw = await db.raw();
    expect((await raw.query('SELECT offer FROM discount_uses WHERE order_id = $1', [placed.order.id])).rows).toEqual([{ offer: welcome.handle }]);
    const canceled = await ordersCli(db, ['cancel', placed.label, '--reason', 'changed my mind']);
    expect(canceled.code, canceled.err).toBe(0);
    expect((await raw.query('SELECT offer FROM discount_uses WHERE order_id = $1', [placed.order.id])).rows).toEqual([]);
    const docs = await documentsOfOrder(db, placed.order.id);
    const invoice = docs.find((d) => d.data.kind === 'invoice')!;
    const credit = docs.find((d) => d.data.kind === 'credit_note')!;
    expect(credit.data.totals.gross).toBe(invoice.data.totals.gross);
    expect(credit.data.discounts).toEqual(invoice.data.discounts);
    expect(documentView(credit).rebates?.rows.length).toBe(1);

    const again = await call('create_checkout', { checkout: { line_items: [line(S, 1)], buyer: { email }, context: { language: 'fr' }, fulfillment: shipTo(ADDRESS.FR), discounts: { codes: ['BIENVENUE10'] } } });
    expect(again.discounts.applied.map((d: { code: string }) => d.code), 'the use was given back').toEqual(['BIENVENUE10']);
  });
});

describe('the merchant\'s command line', () => {
  it('show prints each discount (code, amount, French title); export --csv carries its cents and codes', async () => {
    const [applied] = fr.order.discounts!;
    const shown = await ordersCli(db, ['show', fr.label]);
    expect(shown.code, shown.err).toBe(0);
    expect(shown.out).toContain(`\ndiscounts\n  BIENVENUE10  ${formatPrice(-applied.amount, 'fr')}  ${welcome.title.fr}\n`);
    expect(shown.out).toMatch(new RegExp(`adj_1 .* refund .*li_${S}×1`));

    const exported = await ordersCli(db, ['export', '--csv']);
    const [head, ...rows] = exported.out.trimEnd().split('\r\n').map((l) => l.split(','));
    const row = Object.fromEntries(head.map((h, i) => [h, rows.find((r) => r[1] === fr.label)![i]]));
    expect(row).toMatchObject({ discount_cents: String(applied.amount), discount_codes: 'BIENVENUE10' });
    expect(Number(row.total_cents)).toBe(fr.done.totals.at(-1).amount);
  });
});

describe('the invoice of a discounted order', () => {
  let invoice: DocumentRecord;
  beforeAll(async () => {
    invoice = (await documentsOfOrder(db, fr.order.id)).find((d) => d.data.kind === 'invoice')!;
  });

  it('its lines are at what was charged and add up to the payment; under them each rebate, titled in the document\'s language, with its code and amount', async () => {
    const [applied] = fr.order.discounts!;
    const { data } = invoice;
    expect(data.discounts).toEqual([{ title: welcome.title, code: 'BIENVENUE10', amount: applied.amount }]);
    expect(sum(data.lines.map((l) => l.gross))).toBe(data.totals.gross);
    expect(data.totals.gross).toBe(fr.done.totals.at(-1).amount);
    const items = data.lines.filter((l) => l.kind === 'item');
    expect(sum(fr.order.lines.map((l) => l.total)) - sum(items.map((l) => l.gross))).toBe(applied.amount);

    const amount = formatPrice(-applied.amount, 'fr');
    expect(documentView(invoice).rebates).toEqual({ heading: 'Remises accordées, déjà déduites des montants ci-dessus', rows: [[`${welcome.title.fr} (code BIENVENUE10)`, amount]] });
    // A German document of the same order names the offer in German.
    expect(documentView({ ...invoice, data: { ...data, locale: 'de' } }).rebates!.rows[0][0]).toBe(`${welcome.title.de} (Code BIENVENUE10)`);
    const text = (await pdfText((await documentFile(invoice, catalog.store.legal_name)).content)).replace(/\s+/g, ' ');
    expect(text).toContain('Remises accordées');
    expect(text).toContain(welcome.title.fr.replace(/\s+/g, ' '));
    expect(text).toContain('BIENVENUE10');
    expect(text).toContain(amount.replace(/\s+/g, ' '));
  });

  it('its Factur-X XML (a business buyer) passes the library\'s EN 16931 checks, adds up, and states the rebate in its note', async () => {
    const business: DocumentRecord = { ...invoice, data: { ...invoice.data, buyer: { ...invoice.data.buyer, name: 'Lycée agricole de Lyon', vat_number: 'FR40303265045' } } };
    const data = en16931Data(business) as unknown as { 'ubl:Invoice': Record<string, any> };
    const xml = data['ubl:Invoice'];
    expect(xml['cbc:Note']).toHaveLength(1);
    expect(xml['cbc:Note'][0]).toContain('BIENVENUE10');
    const lines = xml['cac:InvoiceLine'].map((l: any) => Math.round(Number(l['cbc:LineExtensionAmount']) * 100));
    expect(sum(lines)).toBe(invoice.data.totals.net);
    // The library validates the data and writes the CII: generating the PDF/A-3 is the check.
    const file = await documentFile(business, catalog.store.legal_name);
    expect(file.content.length).toBeGreaterThan(1000);
  });
});

describe('the e-mails of a discounted order', () => {
  it('the approval code and the confirmation tell each discount with its title and negative amount, text and HTML, in the mail\'s language', async () => {
    const [applied] = fr.order.discounts!;
    const amount = formatPrice(-applied.amount, 'fr');
    for (const mail of [fr.codeMail, fr.confirmation]) {
      for (const part of [mail.text, load(mail.html).text()]) {
        expect(part).toContain(`${welcome.title.fr} (code BIENVENUE10)`);
        expect(part).toContain(amount);
      }
    }
    expect(fr.codeMail.text).toContain('Réductions comprises dans ce montant');

    const de = await discountedOrder('de');
    const [deApplied] = de.order.discounts!;
    for (const mail of [de.codeMail, de.confirmation]) {
      expect(mail.headers.get('content-language')).toBe('de-DE');
      for (const part of [mail.text, load(mail.html).text()]) {
        expect(part).toContain(`${welcome.title.de} (Code BIENVENUE10)`);
        expect(part).toContain(formatPrice(-deApplied.amount, 'de'));
      }
    }
    await ucp.deliverOutbox({ origin: 'http://localhost:8888' });
  });
});
