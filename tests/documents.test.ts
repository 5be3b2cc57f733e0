// Every sale has its document (issue "Invoices and credit notes"): the invoice of a paid order,
// issued in the statement that makes it paid; a credit note per refund, referring to it; both
// immutable, numbered without gaps, readable by the buyer alone (page and PDF), sent with the
// e-mails, and summed in the merchant's books. Real PostgreSQL, real SMTP, PDF text read back
// with a PDF library (unpdf, pdf.js).
import { InvoiceService } from '@e-invoice-eu/core';
import { PDFArray, PDFDict, PDFDocument, type PDFHexString, PDFName, type PDFRawStream, type PDFString, decodePDFRawStream } from '@cantoo/pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import type { DocumentRecord } from '../src/commerce/documents';
import { en16931Data } from '../src/documents/render/facturx';
import { documentFile } from '../src/documents/render/file';
import { documentsOfOrder } from '../src/state/documents';
import { ADDRESS, catalog, checkoutHandler, testClock } from './helpers/checkout';
import { testDb } from './helpers/db';
import { mailbox } from './helpers/mail';
import { ordersCli, paidOrder } from './helpers/orders';

const clock = testClock(Date.parse('2026-11-20T10:00:00Z'));
const db = testDb();
const { handler, ucp } = checkoutHandler({ db, now: clock.now });
const deliver = () => ucp.deliverOutbox({ origin: 'http://localhost:8888' });
const get = async (url: string) => {
  const res = await handler(new Request(url.startsWith('http') ? url : `http://localhost:8888${url}`));
  return { status: res.status, type: res.headers.get('content-type'), body: Buffer.from(await res.arrayBuffer()) };
};

/** The text of a PDF, page by page joined, as a reader's copy-paste would give it. */
async function pdfText(bytes: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text;
}

/** The facts of the books CSV of a period. */
async function books(from: string, to: string) {
  const { code, out } = await ordersCli(db, ['invoices', '--from', from, '--to', to, '--csv']);
  expect(code).toBe(0);
  const [head, ...rows] = out.trim().split(/\r?\n/).map((l) => l.split(','));
  return rows.map((r) => Object.fromEntries(head.map((h, i) => [h, r[i]])));
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** The files embedded in a PDF (its EmbeddedFiles name tree), by name. */
async function embeddedFiles(bytes: Buffer): Promise<Record<string, string>> {
  const doc = await PDFDocument.load(bytes);
  const tree = doc.catalog.lookupMaybe(PDFName.of('Names'), PDFDict)?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict)?.lookupMaybe(PDFName.of('Names'), PDFArray);
  const files: Record<string, string> = {};
  for (let i = 0; tree && i < tree.size(); i += 2) {
    const spec = tree.lookup(i + 1, PDFDict);
    const stream = spec.lookup(PDFName.of('EF'), PDFDict).lookup(PDFName.of('F')) as PDFRawStream;
    const name = tree.lookup(i) as PDFString | PDFHexString;
    files[name.decodeText()] = Buffer.from(decodePDFRawStream(stream).decode()).toString();
  }
  return files;
}

describe('invoices and credit notes', () => {
  let german: Awaited<ReturnType<typeof paidOrder>>;
  let french: Awaited<ReturnType<typeof paidOrder>>;
  let invoice: DocumentRecord;

  it('a paid order has its invoice at once: the year\'s next number, its lines in the order\'s language, shipping as a line, the VAT of the destination adding up to the charge', async () => {
    german = await paidOrder(handler, undefined, { language: 'de', address: ADDRESS.DE });
    const documents = await documentsOfOrder(db, german.orderId);
    expect(documents.map((d) => [d.number, d.data.kind])).toEqual([['FA-2026-000001', 'invoice']]);
    invoice = documents[0];
    const { data } = invoice;
    expect(invoice.issued_at).toBe('2026-11-20T10:00:00.000Z');
    expect(data.locale).toBe('de');
    expect(data.regime).toBe('oss');
    expect(data.country).toBe('DE');
    expect(data.seller).toMatchObject({ name: 'Poissons & Pousses SAS', siren: '912345675', vat_number: 'FR65912345675' });
    expect(data.buyer).toMatchObject({ name: 'Jonas Weber', address: { street_address: 'Hauptstraße 5', postal_code: '10115', address_locality: 'Berlin', address_country: 'DE' } });
    const order = await (await import('../src/state/orders')).loadOrder(db, german.orderId);
    expect(data.lines.filter((l) => l.kind === 'item').map((l) => [l.description, l.quantity])).toEqual(order!.lines.map((l) => [l.title, l.quantity]));
    expect(data.lines.filter((l) => l.kind === 'shipping')).toHaveLength(1);
    expect(data.vat_groups).toEqual([{ rate: 19, net: data.totals.net, vat: data.totals.vat, gross: data.totals.gross }]);
    expect(data.totals.gross).toBe(german.done.totals.at(-1).amount);
    for (const l of data.lines) expect(l.net + l.vat).toBe(l.gross);
    expect(sum(data.lines.map((l) => l.net))).toBe(data.totals.net);
    expect(data.payment).toMatchObject({ method: 'card', at: '2026-11-20T10:00:00.000Z' });
  });

  it('each refund gets a credit note of its own number, referring to the invoice; a refund above what is left is refused and makes no document', async () => {
    clock.advance(3600);
    expect((await ordersCli(db, ['refund', german.label, '--cents', '500', '--reason', 'Karton beschädigt'], clock.now)).code).toBe(0);
    const tooMuch = await ordersCli(db, ['refund', german.label, '--cents', String(invoice.data.totals.gross), '--reason', 'zu viel'], clock.now);
    expect(tooMuch.code).toBe(1);
    expect(await documentsOfOrder(db, german.orderId)).toHaveLength(2);
    clock.advance(3600);
    expect((await ordersCli(db, ['refund', german.label, '--reason', 'Rücksendung'], clock.now)).code).toBe(0);
    const documents = await documentsOfOrder(db, german.orderId);
    expect(documents.map((d) => d.number)).toEqual(['FA-2026-000001', 'AV-2026-000001', 'AV-2026-000002']);
    const credits = documents.slice(1);
    for (const c of credits) expect(c.data.credit).toMatchObject({ invoice_id: invoice.id, invoice_number: 'FA-2026-000001', invoice_issued_at: invoice.issued_at });
    expect(credits.map((c) => c.data.totals.gross)).toEqual([500, invoice.data.totals.gross - 500]);
    for (const c of credits) expect(c.data.vat_groups.map((g) => [g.rate, g.net + g.vat])).toEqual([[19, c.data.totals.gross]]);
    // What the documents say was charged and given back is what the card was charged and refunded.
    const charge = await (await import('../src/state/orders')).loadCharge(db, german.orderId);
    expect(invoice.data.totals.gross).toBe(charge!.amount);
    expect(sum(credits.map((c) => c.data.totals.gross))).toBe(charge!.refunded);
  });

  it('an issued document can be neither changed nor deleted, and its number is never used twice', async () => {
    const pool = await db.raw();
    await expect(pool.query(`UPDATE documents SET gross = gross + 1 WHERE number = 'FA-2026-000001'`)).rejects.toThrow(/cannot be changed: issue a credit note/);
    await expect(pool.query(`DELETE FROM documents WHERE number = 'AV-2026-000001'`)).rejects.toThrow(/cannot be changed/);
    const { rows } = await pool.query(`SELECT series, year, last_number FROM document_sequences ORDER BY series DESC`);
    expect(rows).toEqual([{ series: 'FA', year: 2026, last_number: 1 }, { series: 'AV', year: 2026, last_number: 2 }]);
  });

  it('the order page links its documents; each opens as a page and as a PDF with the order\'s secret only', async () => {
    const permalink = new URL(german.done.order.permalink_url);
    const page = (await get(permalink.pathname + permalink.search)).body.toString();
    const links = [...page.matchAll(/href="([^"]*\/documents\/[^"]+)"/g)].map((m) => m[1].replaceAll('&amp;', '&'));
    expect(links).toHaveLength(6);
    expect(page).toContain('Rechnungen und Rechnungskorrekturen');
    const [html, pdf] = links;
    const shown = await get(html);
    expect(shown.status).toBe(200);
    expect(shown.body.toString()).toContain('Rechnung FA-2026-000001');
    const file = await get(pdf);
    expect([file.status, file.type]).toEqual([200, 'application/pdf']);
    expect(await pdfText(file.body)).toContain('FA-2026-000001');
    // A wrong secret, or this order's secret with another order's document: the same 404.
    expect((await get(html.replace(/s=[^&]+/, 's=wrong'))).status).toBe(404);
    const other = await paidOrder(handler);
    const otherDocument = (await documentsOfOrder(db, other.orderId))[0];
    expect((await get(html.replace(invoice.id, otherDocument.id))).status).toBe(404);
    expect((await get(pdf.replace(invoice.id, 'doc_nope'))).status).toBe(404);
  });

  it('the confirmation e-mail carries the invoice, the refund e-mail its credit note, as PDFs', async () => {
    const box = await mailbox();
    const seen = box.messages.length;
    const order = await paidOrder(handler, undefined, { language: 'fr' });
    french = order;
    await ordersCli(db, ['refund', order.label, '--cents', '300', '--reason', 'Geste commercial'], clock.now);
    await deliver();
    const to = order.ready.buyer.email.toLowerCase();
    // After the approval code's e-mail: the confirmation, then the refund's.
    const mails = box.messages.filter((m) => m.seq > seen && m.to.includes(to)).slice(-2);
    const numbers = (await documentsOfOrder(db, order.orderId)).map((d) => d.number);
    expect(mails.map((m) => m.attachments.map((a) => [a.filename, a.contentType]))).toEqual([[[`${numbers[0]}.pdf`, 'application/pdf']], [[`${numbers[1]}.pdf`, 'application/pdf']]]);
    expect(mails[0].text).toContain(`Le document ${numbers[0]} est joint à ce message au format PDF.`);
    expect(await pdfText(mails[1].attachments[0].content)).toContain(`Avoir ${numbers[1]}`);
  });

  it('the books of a month: one row per document and VAT rate, credit notes negative, summing to what was charged less what was refunded', async () => {
    const rows = await books('2026-11-01', '2026-11-30');
    const pool = await db.raw();
    const { rows: [money] } = await pool.query('SELECT sum(amount)::int AS charged, sum(refunded)::int AS refunded FROM charges');
    expect(sum(rows.map((r) => Number(r.gross_cents)))).toBe(money.charged - money.refunded);
    for (const r of rows) expect(Number(r.net_cents) + Number(r.vat_cents)).toBe(Number(r.gross_cents));
    expect(rows.filter((r) => r.type === 'credit_note').every((r) => Number(r.gross_cents) < 0)).toBe(true);
    expect(rows.find((r) => r.number === 'FA-2026-000001')).toMatchObject({ country: 'DE', vat_regime: 'oss', vat_rate: '19', buyer_name: 'Jonas Weber', order: german.label });
    expect(await books('2026-12-01', '2026-12-31')).toEqual([]);
    const table = (await ordersCli(db, ['invoices', '--from', '2026-11-01', '--to', '2026-11-30'])).out;
    expect(table).toContain('by country and VAT rate');
    expect(table).toMatch(/DE\s+19 %\s+oss/);
    expect((await ordersCli(db, ['invoices', '--from', '2026-11-01'])).err).toContain('needs --to');
    expect((await ordersCli(db, ['show', german.label])).out).toMatch(/\ndocuments\n {2}FA-2026-000001 .+ invoice .+\n {2}AV-2026-000001 .+ credit note of FA-2026-000001 +5,00\u00a0€/);
  });

  it('golden files: an invoice and a credit note in German and in French, as the text of their PDFs reads', async () => {
    for (const [locale, order] of [['de', german], ['fr', french]] as const) {
      const [invoiceOf, creditOf] = await documentsOfOrder(db, order.orderId);
      for (const document of [invoiceOf, creditOf]) {
        const text = (await pdfText((await documentFile(document, catalog.store.legal_name)).content)).replaceAll(order.label, 'PP-<label>');
        await expect(`${text}\n`).toMatchFileSnapshot(`snapshots/documents/${document.data.kind}-${locale}.txt`);
      }
    }
  });

  it('the order export names net, VAT and rate, shipping, buyer, shipping method and payment', async () => {
    const { out } = await ordersCli(db, ['export', '--csv']);
    const [head, ...rows] = out.trim().split(/\r?\n/).map((l) => l.split(','));
    expect(head).toEqual(expect.arrayContaining(['net_cents', 'vat_cents', 'vat_rate', 'shipping_cents', 'buyer_name', 'shipping_method', 'payment_method']));
    const row = Object.fromEntries(head.map((h, i) => [h, rows.find((r) => r[1] === german.label)![i]]));
    expect(row).toMatchObject({ net_cents: String(invoice.data.totals.net), vat_cents: String(invoice.data.totals.vat), vat_rate: '19', buyer_name: 'Jonas Weber', payment_method: 'card visa' });
    expect(Number(row.shipping_cents)).toBe(invoice.data.lines.find((l) => l.kind === 'shipping')!.gross);
  });
});

describe('Factur-X for a business buyer', () => {
  it('the PDF of an invoice to a VAT-registered buyer carries its EN 16931 CII XML; the library refuses data without a mandatory field', async () => {
    const [issued] = await documentsOfOrder(db, (await paidOrder(handler)).orderId);
    const business: DocumentRecord = { ...issued, data: { ...issued.data, buyer: { ...issued.data.buyer, name: 'Lycée agricole de Lyon', vat_number: 'FR40303265045' } } };
    const file = await documentFile(business, catalog.store.legal_name);
    const files = await embeddedFiles(file.content);
    expect(Object.keys(files)).toEqual(['factur-x.xml']);
    const xml = files['factur-x.xml'];
    expect(xml).toContain('<ram:ID>urn:cen.eu:en16931:2017</ram:ID>');
    expect(xml).toContain(`<ram:ID>${issued.number}</ram:ID>`);
    expect(xml).toContain('<ram:TypeCode>380</ram:TypeCode>');
    expect(xml).toContain('FR65912345675');
    expect(xml).toContain('FR40303265045');
    expect(xml).toContain(`<ram:GrandTotalAmount>${(issued.data.totals.gross / 100).toFixed(2)}</ram:GrandTotalAmount>`);
    // An intra-Community supply (CGI 262 ter I): VAT category K with its exemption reason, the library's EN 16931 checks passed.
    const zero = issued.data.vat_groups.map((g) => ({ ...g, rate: 0, vat: 0, net: g.gross }));
    const intraEu: DocumentRecord = { ...business, data: { ...business.data, regime: 'intra_eu', vat_groups: zero, lines: business.data.lines.map((l) => ({ ...l, vat_rate: 0, vat: 0, net: l.gross, unit_net: Math.round(l.gross / l.quantity) })), totals: { ...business.data.totals, vat: 0, net: business.data.totals.gross } } };
    const intraXml = (await embeddedFiles((await documentFile(intraEu, catalog.store.legal_name)).content))['factur-x.xml'];
    expect(intraXml).toContain('<ram:CategoryCode>K</ram:CategoryCode>');
    expect(intraXml).toContain('VATEX-EU-IC');
    // A consumer's invoice is a plain PDF.
    expect(await embeddedFiles((await documentFile(issued, 'x')).content)).toEqual({});
    // The seller's name (BT-27) removed: the library's EN 16931 check refuses it.
    const data = en16931Data(business) as unknown as { 'ubl:Invoice': Record<string, any> };
    delete data['ubl:Invoice']['cac:AccountingSupplierParty']['cac:Party']['cac:PartyLegalEntity']['cbc:RegistrationName'];
    const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined } as unknown as Console;
    await expect(new InvoiceService(quiet).generate(data as never, { format: 'Factur-X-EN16931', lang: 'fr-fr', pdf: { buffer: new Uint8Array(file.content), filename: 'x.pdf', mimetype: 'application/pdf' } })).rejects.toThrow(/validation failed/);
  });
});
