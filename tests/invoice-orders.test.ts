// Ordering on invoice (src/commerce/payment-terms.ts through src/checkout/complete.ts): a school
// orders without a card, the order is placed with its stock held and its invoice asking for a
// bank transfer within 30 days (IBAN, reference), the confirmation says how to pay and carries no
// consumer withdrawal text; a public body must give a purchase order; a consumer cannot order on
// invoice even by forging the form; the merchant records transfers (partial amounts add up) with
// `npm run orders -- paid`; an order never paid is cancelled with a credit note of its invoice.
// Real PostgreSQL and SMTP.
import { describe, expect, it } from 'vitest';
import { FRENCH_BUYER, type Page, type Shopper, checkoutForm, totalOf } from './helpers/shopper';
import { ITEMS, priceOf } from './helpers/content';
import { netOfVat } from '../src/commerce/vat';
import { checkoutHandler, testClock, uuid } from './helpers/checkout';
import { remindOverdueInvoices } from '../src/checkout/invoice-reminders';
import { type Application, approvedBusiness } from './helpers/business';
import { mailbox } from './helpers/mail';
import { ordersCli } from './helpers/orders';
import { Shopper as Browser } from './helpers/shopper';

const clock = testClock(Date.now());
const app = checkoutHandler({ now: clock.now });
const SCHOOL: Application = {
  kind: 'school', legal_name: 'École Jean Moulin', country: 'FR', street_address: '3 place de la Mairie', postal_code: '69007', address_locality: 'Lyon',
  vat_number: '', siret: '38032143000023', uai: '0951099D', contact_name: 'Claire Durand', contact_phone: '',
};
const TOWN: Application = { ...SCHOOL, kind: 'public_body', legal_name: 'Mairie de Lyon 7e', uai: '' };

async function checkoutWith(shopper: Shopper, email: string): Promise<Page> {
  expect((await shopper.post('/cart/add', { id: ITEMS.stocked.variant.id, quantity: 1 })).status).toBe(303);
  const first = await shopper.get('/checkout');
  expect((await shopper.post('/checkout', { ...checkoutForm(first), ...FRENCH_BUYER, email, action: 'save' })).status).toBe(303);
  return shopper.get('/checkout');
}

const orderOnInvoice = (shopper: Shopper, page: Page, email: string, purchaseOrder = '') => shopper.post('/checkout', {
  ...checkoutForm(page), ...FRENCH_BUYER, email, shipping_option: String(page.$('input[name=shipping_option]:checked').val()), purchase_order: purchaseOrder, action: 'order_on_invoice',
});

const stored = async (email: string) => (await app.db.query<{ id: string; label: string; status: string; created_at: Date; data: any }>(`SELECT id, label, status, created_at, data FROM orders WHERE buyer_email = $1 AND status <> 'voided'`, [email])).rows;

describe('ordering on invoice', () => {
  let schoolOrder = '';

  it('a school orders without a card: placed at once, stock held, invoice asking for a transfer, confirmation saying how to pay', async () => {
    const email = `intendance+${uuid()}@ecole.example`;
    const shopper = await approvedBusiness(app, email, SCHOOL);
    const page = await checkoutWith(shopper, email);
    expect(page.$('[data-business]').text()).toContain('École Jean Moulin');
    // A member of a business reads prices excluding VAT first, VAT included beside them.
    const unit = page.$('tbody tr').first().find('td').eq(2);
    expect(unit.find('[data-excl-vat]').attr('value')).toBe(String(netOfVat(priceOf(ITEMS.stocked.variant), 20)));
    expect(unit.find('[data-excl-vat]').text()).toMatch(/ HT$/);
    expect(unit.find('.small').text()).toMatch(/ TTC$/);
    const button = page.$('button[value=order_on_invoice]');
    expect(button.text()).toMatch(/^Commander sur facture — \d/);
    expect(button.text()).toContain(page.$('tr.total td').text().trim());
    const box = await mailbox();
    const before = box.messages.length;
    const placed = await orderOnInvoice(shopper, page, email);
    expect(placed.status, placed.html.slice(0, 500)).toBe(303);
    const order = await shopper.follow(placed);
    expect(order.html).toContain('À régler par virement avant le');
    expect(order.html).toContain('FR7630006000011234567890189');
    expect(order.$('tr.total th').first().text()).toBe('Total à régler');
    const [row] = await stored(email);
    schoolOrder = row.label;
    expect(row.status).toBe('processing');
    expect(row.data.invoice_payment).toMatchObject({ method: 'bank_transfer', reference: row.label, purchase_order: null, transfers: [] });
    expect(Date.parse(row.data.invoice_payment.due_at) - row.created_at.getTime()).toBe(30 * 86_400_000);
    const { rows: takes } = await app.db.query('SELECT * FROM stock_movements WHERE order_id = $1', [row.id]);
    expect(takes.length).toBeGreaterThan(0);
    const { rows: [invoice] } = await app.db.query<{ number: string; data: any }>(`SELECT number, data FROM documents WHERE order_id = $1 AND kind = 'invoice'`, [row.id]);
    expect(invoice.number).toMatch(/^FA-\d{4}-\d{6}$/);
    expect(invoice.data.payment).toMatchObject({ method: 'bank_transfer', iban: 'FR7630006000011234567890189', bic: 'AGRIFRPP', reference: row.label });
    expect(invoice.data.buyer.name).toBe('École Jean Moulin');
    await app.ucp.deliverOutbox();
    const mail = await box.next(email, before);
    expect(mail.text).toContain('À régler par virement avant le');
    // No consumer withdrawal text in the body (the legal footer links every policy page, as on every e-mail).
    expect(mail.text.split('\n—\n')[0]).not.toMatch(/rétractation/i);
    expect(mail.text).not.toContain('votre paiement');
    expect(mail.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
    // An organisation's invoice is Factur-X even without a VAT number (a school), with the terms between professionals.
    expect(mail.attachments[0].content.toString('latin1')).toContain('factur-x.xml');
    expect(invoice.data.buyer.organisation).toBe(true);
    expect(totalOf(page)).toBeGreaterThan(0);
  });

  it('the export names the organisation and the bank transfer', async () => {
    const { out } = await ordersCli(app.db, ['export', '--csv']);
    const [head, ...rows] = out.trim().split(/\r?\n/).map((l) => l.split(','));
    const row = Object.fromEntries(head.map((h, i) => [h, rows.find((r) => r[1] === schoolOrder)![i]]));
    expect(row).toMatchObject({ buyer_name: 'École Jean Moulin', payment_method: 'bank transfer', vat_rate: '20' });
    expect(Number(row.net_cents) + Number(row.vat_cents)).toBe(Number(row.total_cents));
  });

  it('a public body must give its purchase order: refused beside the field without one, on the invoice with one', async () => {
    const email = `achats+${uuid()}@mairie.example`;
    const shopper = await approvedBusiness(app, email, TOWN);
    const page = await checkoutWith(shopper, email);
    expect(page.$('#purchase_order').attr('required')).toBeDefined();
    const refused = await orderOnInvoice(shopper, page, email);
    expect(refused.status).toBe(422);
    expect(refused.$('#purchase_order-error').text()).toContain('bon de commande');
    expect(await stored(email)).toEqual([]);
    // A page that comes back (here: terms the page no longer shows) keeps the purchase order typed.
    const stale = await shopper.post('/checkout', { ...checkoutForm(refused), ...FRENCH_BUYER, email, shipping_option: String(refused.$('input[name=shipping_option]:checked').val()), purchase_order: 'EJ-2026-00042', terms: 'stale', action: 'order_on_invoice' });
    expect(stale.status).toBe(409);
    expect(stale.$('#purchase_order').val()).toBe('EJ-2026-00042');
    const placed = await orderOnInvoice(shopper, refused, email, 'EJ-2026-00042');
    expect(placed.status, placed.html.slice(0, 300)).toBe(303);
    const [row] = await stored(email);
    expect(row.data.invoice_payment.purchase_order).toBe('EJ-2026-00042');
    const { rows: [invoice] } = await app.db.query<{ data: any }>(`SELECT data FROM documents WHERE order_id = $1`, [row.id]);
    expect(invoice.data.payment.purchase_order).toBe('EJ-2026-00042');
  });

  it('a consumer cannot order on invoice, even with a forged form: nothing is ordered', async () => {
    const email = `parent+${uuid()}@example.org`;
    const shopper = new Browser((r) => app.handler(r));
    const page = await checkoutWith(shopper, email);
    expect(page.$('button[value=order_on_invoice]').length).toBe(0);
    const forged = await orderOnInvoice(shopper, page, email);
    expect(forged.status).toBe(422);
    expect(forged.html).toContain('payez par carte');
    expect(await stored(email)).toEqual([]);
  });

  it('the merchant records transfers: partial amounts add up, then paid in full; more than is due, or a card order, is refused', async () => {
    const first = await ordersCli(app.db, ['paid', schoolOrder, '--amount', '100', '--reference', 'VIR ECOLE 1']);
    expect(first.code, first.err).toBe(0);
    expect(first.out.trim()).toMatch(new RegExp(`^${schoolOrder} transfer of 100,00\\s€ recorded \\(VIR ECOLE 1\\): [\\d,\\s]+€ left to pay by \\d{4}-\\d{2}-\\d{2}$`, 'u'));
    const show = await ordersCli(app.db, ['show', schoolOrder]);
    expect(show.out).toMatch(/on invoice, partially paid: 100,00\s€ received/u);
    const rest = await ordersCli(app.db, ['paid', schoolOrder, '--reference', 'VIR ECOLE 2']);
    expect(rest.out).toContain('paid in full');
    const again = await ordersCli(app.db, ['paid', schoolOrder, '--cents', '1', '--reference', 'VIR 3']);
    expect(again.code).toBe(1);
    expect(again.err).toContain('paid in full already');
    expect((await ordersCli(app.db, ['paid', schoolOrder, '--amount', '5'])).code).toBe(2);
  });

  it('past its due date, an order not paid in full reminds the buyer and the merchant once; a paid one does not', async () => {
    const email = `compta+${uuid()}@ecole.example`;
    const shopper = await approvedBusiness(app, email, SCHOOL);
    expect((await orderOnInvoice(shopper, await checkoutWith(shopper, email), email)).status).toBe(303);
    const [row] = await stored(email);
    expect(await remindOverdueInvoices(app.db, 'fr', clock.now())).toBe(0);
    clock.advance(31 * 86_400);
    const box = await mailbox();
    const before = box.messages.length;
    const reminded = await remindOverdueInvoices(app.db, 'fr', clock.now());
    expect(reminded).toBeGreaterThanOrEqual(1);
    expect(await remindOverdueInvoices(app.db, 'fr', clock.now())).toBe(0);
    await app.ucp.deliverOutbox();
    const reminder = await box.next(email, before);
    expect(reminder.subject).toContain(`Rappel : commande ${row.label}`.replace(' :', '\u202f:'));
    expect(reminder.text).toContain('FR7630006000011234567890189');
    const merchant = box.messages.slice(before).find((m) => m.to.includes('boutique@poissons-et-pousses.example') && m.subject.includes(row.label));
    expect(merchant?.text).toContain(`npm run orders -- paid ${row.label}`);
    const { rows: [after] } = await app.db.query<{ data: any }>('SELECT data FROM orders WHERE id = $1', [row.id]);
    expect(after.data.invoice_payment.reminded_at).toBe(new Date(clock.now()).toISOString());
    // The school's first order was paid in full before: never reminded.
    const { rows: [paid] } = await app.db.query<{ data: any }>('SELECT data FROM orders WHERE label = $1', [schoolOrder]);
    expect(paid.data.invoice_payment.reminded_at).toBeUndefined();
  });

  it('an order never paid is cancelled with a credit note of its whole invoice; one with a transfer received is not', async () => {
    const email = `intendance+${uuid()}@ecole.example`;
    const shopper = await approvedBusiness(app, email, SCHOOL);
    const placed = await orderOnInvoice(shopper, await checkoutWith(shopper, email), email);
    expect(placed.status).toBe(303);
    const [row] = await stored(email);
    const canceled = await ordersCli(app.db, ['cancel', row.label, '--reason', 'Commande annulée par l’école']);
    expect(canceled.code, canceled.err).toBe(0);
    const { rows: documents } = await app.db.query<{ number: string; kind: string; data: any }>(`SELECT number, kind, data FROM documents WHERE order_id = $1 ORDER BY number`, [row.id]);
    expect(documents.map((d) => d.kind).sort()).toEqual(['credit_note', 'invoice']);
    const credit = documents.find((d) => d.kind === 'credit_note')!;
    expect(credit.number).toMatch(/^AV-/);
    expect(credit.data.totals.gross).toBe(documents.find((d) => d.kind === 'invoice')!.data.totals.gross);
    const { rows: takes } = await app.db.query<{ released_at: Date | null }>('SELECT released_at FROM stock_movements WHERE order_id = $1', [row.id]);
    expect(takes.every((t) => t.released_at !== null)).toBe(true);

    const other = `intendance+${uuid()}@ecole.example`;
    const buyer = await approvedBusiness(app, other, SCHOOL);
    expect((await orderOnInvoice(buyer, await checkoutWith(buyer, other), other)).status).toBe(303);
    const [paidSome] = await stored(other);
    expect((await ordersCli(app.db, ['paid', paidSome.label, '--amount', '10', '--reference', 'VIR'])).code).toBe(0);
    const refused = await ordersCli(app.db, ['cancel', paidSome.label]);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('give them back by bank transfer first');
  });
});
