// Issue 38 "a 100 % code needs no card", on real PostgreSQL: when the discounts cover the whole
// total, the checkout completes with no payment instrument (over UCP `payment: {}`, on the
// site's page without the card's fields), a charge of 0 is recorded under `nothing_due` (every
// paid order keeps its charge), the invoice and the e-mail say there was nothing to pay, its
// Factur-X data names no means of payment, and the merchant's list says "nothing due". A total
// above 0 still needs an instrument: refused with a clear message, nothing charged.
import { describe, expect, it } from 'vitest';
import type { CatalogDiscount } from '../src/catalog/discount-schema';
import { en16931Data } from '../src/documents/render/facturx';
import { documentFile } from '../src/documents/render/file';
import { documentView } from '../src/documents/render/view';
import { documentsOfOrder } from '../src/state/documents';
import { listOrders } from '../src/state/order-list';
import { ADDRESS, approve, buyerEmail, callTool, checkoutHandler, line, payment, shipTo, stateOf, uuid } from './helpers/checkout';
import { ITEMS, catalog } from './helpers/content';
import { testDb } from './helpers/db';
import { mailbox } from './helpers/mail';
import { FRENCH_BUYER, Shopper, checkoutForm, totalOf } from './helpers/shopper';

const offer = (handle: string, extra: Partial<CatalogDiscount>): CatalogDiscount => ({
  handle, code: handle.toUpperCase(), title: { fr: `Offre ${handle}`, en: `Offer ${handle}` }, value: { percentage: 100 }, applies_to: 'all', method: 'across', once_per_buyer: false, combines: true, priority: 1, ...extra,
});
/** Everything free: the goods (100 %) and the shipping. */
const FREE = [offer('cadeau', {}), offer('port-cadeau', { value: { free_shipping: true }, priority: 2 })];
const CODES = FREE.map((o) => o.code!);
const testCatalog = { ...catalog, discounts: [...catalog.discounts, ...FREE] };

const db = testDb();
const { handler } = checkoutHandler({ db, catalog: testCatalog });
const S = ITEMS.small.variant.id;
const call = (tool: string, args: Record<string, unknown>) => callTool(handler, tool, args);

/** An approved checkout of 2 × small shipped to Lyon with `codes`. */
async function approvedCheckout(codes: string[], email = buyerEmail()) {
  const created = await call('create_checkout', { checkout: { line_items: [line(S, 2)], buyer: { email }, context: { language: 'fr' }, fulfillment: shipTo(ADDRESS.FR), discounts: { codes } } });
  const option = created.fulfillment.methods[0].groups[0].options[0].id;
  const ready = await call('update_checkout', { id: created.id, checkout: { ...stateOf(created), fulfillment: shipTo(ADDRESS.FR, option), discounts: { codes } } });
  await approve(handler, ready);
  return { ready, email };
}

const total = (checkout: { totals: Array<{ type: string; amount: number }> }) => checkout.totals.find((t) => t.type === 'total')!.amount;

describe('a checkout its discounts cover entirely', () => {
  it('completes over UCP with payment: {} — a charge of 0 under nothing_due, an invoice and an e-mail saying nothing was to pay', async () => {
    const { ready, email } = await approvedCheckout(CODES);
    expect(total(ready)).toBe(0);
    expect(ready.discounts.applied.map((d: { code: string }) => d.code)).toEqual(CODES);
    const box = await mailbox();
    const before = box.messages.length;
    const done = await call('complete_checkout', { id: ready.id, meta: { 'idempotency-key': uuid() }, checkout: { payment: {} } });
    expect(done.status, JSON.stringify(done.messages)).toBe('completed');

    const raw = await db.raw();
    const { rows: [charge] } = await raw.query('SELECT amount, handler, display FROM charges WHERE order_id = $1', [done.order.id]);
    expect(charge).toEqual({ amount: 0, handler: 'nothing_due', display: {} });
    const [invoice] = (await documentsOfOrder(db, done.order.id)).filter((d) => d.data.kind === 'invoice');
    expect(invoice.data.payment).toMatchObject({ method: 'none' });
    expect(documentView(invoice).notes).toContain('Rien à payer\u202f: les remises couvrent la totalité du montant.');
    expect(en16931Data(invoice)).not.toHaveProperty('ubl:Invoice.cac:PaymentMeans');
    expect(JSON.stringify(en16931Data(invoice))).not.toContain('PaymentMeans');
    // To a business: the Factur-X library's EN 16931 checks pass on an invoice of 0 without a means of payment.
    const business = { ...invoice, data: { ...invoice.data, buyer: { ...invoice.data.buyer, name: 'Lycée agricole de Lyon', vat_number: 'FR40303265045' } } };
    const file = await documentFile(business, catalog.store.legal_name);
    expect(file.content.includes(Buffer.from('factur-x.xml'))).toBe(true);

    const confirmation = await box.next(email, before);
    expect(confirmation.text).toContain('Rien à payer\u202f: les remises ont couvert toute la commande.');
    expect(confirmation.text).not.toMatch(/carte/i);
    const listed = (await listOrders(db)).find((o) => o.id === done.order.id);
    expect(listed).toMatchObject({ total: 0, payment_method: 'nothing due' });
  });

  it('an instrument sent anyway is not charged', async () => {
    const { ready } = await approvedCheckout(CODES);
    const done = await call('complete_checkout', { id: ready.id, meta: { 'idempotency-key': uuid() }, checkout: { payment: payment() } });
    expect(done.status).toBe('completed');
    const { rows } = await (await db.raw()).query('SELECT amount, handler FROM charges WHERE order_id = $1', [done.order.id]);
    expect(rows).toEqual([{ amount: 0, handler: 'nothing_due' }]);
  });

  it('a total above 0 without an instrument is refused with a clear message; nothing is charged or ordered', async () => {
    const { ready } = await approvedCheckout(['CADEAU']);
    expect(total(ready), 'the goods are free, the shipping is not').toBeGreaterThan(0);
    const refused = await call('complete_checkout', { id: ready.id, meta: { 'idempotency-key': uuid() }, checkout: { payment: {} } });
    expect(refused.status).toBe('ready_for_complete');
    expect(refused.messages, JSON.stringify(refused.messages)).toContainEqual(expect.objectContaining({ type: 'error', code: 'invalid_payment', content: 'Aucun moyen de paiement n’est indiqué\u202f: indiquez celui qui paiera le total.' }));
    const { rows } = await (await db.raw()).query('SELECT count(*)::int AS n FROM orders WHERE checkout_id = $1', [ready.id]);
    expect(rows).toEqual([{ n: 0 }]);
  });
});

describe('the site\'s checkout page with nothing to pay', () => {
  it('asks for no card, says why, and orders without one', async () => {
    const shopper = new Shopper(handler);
    expect((await shopper.post('/cart/add', { id: S, quantity: 1 })).status).toBe(303);
    for (const code of CODES) expect((await shopper.post('/cart/discount', { discount_code: code, action: 'discount' })).status).toBe(303);
    const email = `free+${uuid()}@example.org`;
    const first = await shopper.get('/checkout');
    const page = await shopper.follow(await shopper.post('/checkout', { ...checkoutForm(first), ...FRENCH_BUYER, email, action: 'save' }));
    expect(totalOf(page)).toBe(0);
    expect(page.$('input[name=card_number]').length, 'no card field').toBe(0);
    expect(page.$('.nothing-due').text()).toBe('Rien à payer\u202f: les remises couvrent toute la commande, aucune carte n’est nécessaire.');
    const paid = await shopper.post('/checkout', { ...checkoutForm(page), ...FRENCH_BUYER, email, shipping_option: String(page.$('input[name=shipping_option]:checked').val()), action: 'pay' });
    expect(paid.status, paid.html.slice(0, 500)).toBe(303);
    const order = await shopper.follow(paid);
    expect(order.$('main').text()).toContain('Rien à payer\u202f: les remises ont couvert toute la commande.');
    const { rows } = await (await db.raw()).query('SELECT o.total, c.handler FROM orders o JOIN charges c ON c.order_id = o.id WHERE o.buyer_email = $1', [email]);
    expect(rows).toEqual([{ total: 0, handler: 'nothing_due' }]);
  });

  it('a total above 0 still asks for the card', async () => {
    const shopper = new Shopper(handler);
    await shopper.post('/cart/add', { id: S, quantity: 1 });
    await shopper.post('/cart/discount', { discount_code: 'CADEAU', action: 'discount' });
    const first = await shopper.get('/checkout');
    const page = await shopper.follow(await shopper.post('/checkout', { ...checkoutForm(first), ...FRENCH_BUYER, email: `paying+${uuid()}@example.org`, action: 'save' }));
    expect(totalOf(page)).toBeGreaterThan(0);
    expect(page.$('input[name=card_number]').length).toBe(1);
    expect(page.$('.nothing-due').length).toBe(0);
  });
});
