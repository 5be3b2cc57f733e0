// Business terms on the site's checkout (src/commerce/pricing-context.ts through
// src/checkout/pricing.ts): a German company with a VIES-valid number, signed in, pays no French
// VAT on goods sent to Germany, with the exemption's mention on the checkout, the order page, the
// confirmation e-mail and the invoice (its VAT number on it); an Irish consumer pays Irish VAT as
// before; signing out prices the same cart as a consumer's again. Real PostgreSQL and SMTP, the
// local VIES server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viesAdapter } from '../src/accounts/vies';
import { netOfVat } from '../src/commerce/vat';
import { ITEMS, priceOf } from './helpers/content';
import { checkoutHandler, line, shipTo, uuid } from './helpers/checkout';
import { oauthParties } from './helpers/oauth';
import { callRaw } from './helpers/ucp';
import { expectUcpValid, validatorForResult } from './helpers/ucp-schemas';
import { approvedBusiness } from './helpers/business';
import { mailbox } from './helpers/mail';
import { CARDS, type Page, Shopper, checkoutForm, totalOf } from './helpers/shopper';
import { VIES, type ViesServer, startViesServer } from './helpers/vies-server';

let vies: ViesServer;
let app: ReturnType<typeof checkoutHandler>;
beforeAll(async () => {
  vies = await startViesServer({ DE136308783: { json: VIES.valid('DE', '136308783', { name: 'Gartenbau Weber GmbH', address: 'Berlin', requestIdentifier: 'WAPIAAAAZ1' }) } });
  app = checkoutHandler({ vies: viesAdapter({ endpoint: vies.endpoint, timeoutMs: 2000 }) });
});
afterAll(() => vies?.close());

const GERMAN = { first_name: 'Jonas', last_name: 'Weber', street_address: 'Hauptstraße 5', extended_address: '', postal_code: '10115', address_locality: 'Berlin', address_country: 'DE', phone_number: '' };
const IRISH = { first_name: 'Aoife', last_name: 'Byrne', street_address: '1 Grafton Street', extended_address: '', postal_code: 'D02 X285', address_locality: 'Dublin', address_country: 'IE', phone_number: '' };

const germanCompany = (email: string) => approvedBusiness(app, email, {
  kind: 'company', legal_name: 'Gartenbau Weber GmbH', country: 'DE', street_address: 'Gewerbehof 12', postal_code: '10117',
  address_locality: 'Berlin', vat_number: 'DE136308783', siret: '', uai: '', contact_name: 'Jonas Weber', contact_phone: '',
}, '/de');

/** The checkout page with the cart's item, after the address was saved. */
async function checkoutTo(shopper: Shopper, address: Record<string, string>, email: string): Promise<Page> {
  expect((await shopper.post('/de/cart/add', { id: ITEMS.stocked.variant.id, quantity: 1 })).status).toBe(303);
  const first = await shopper.get('/de/checkout');
  const saved = await shopper.post('/de/checkout', { ...checkoutForm(first), ...address, email, action: 'save' });
  expect(saved.status, saved.html.slice(0, 600)).toBe(303);
  return shopper.get('/de/checkout');
}

const totalLines = (page: Page) => page.$('tfoot tr').toArray().map((tr) => page.$(tr).text().replace(/\s+/g, ' ').trim());

async function pay(shopper: Shopper, page: Page, address: Record<string, string>, email: string): Promise<Page> {
  const paid = await shopper.post('/de/checkout', {
    ...checkoutForm(page), ...address, email, shipping_option: String(page.$('input[name=shipping_option]:checked').val()),
    card_number: CARDS.pays, card_expiry: '12/34', card_cvc: '123', action: 'pay',
  });
  expect(paid.status, paid.$('.notice').text()).toBe(303);
  return shopper.follow(paid);
}

describe('business terms at the site’s checkout', () => {
  it('a German company with a valid number pays no French VAT on goods to Germany, with the mention on the page, the order, the e-mail and the invoice', async () => {
    const email = `einkauf+${uuid()}@weber.example`;
    const shopper = await germanCompany(email);
    const page = await checkoutTo(shopper, GERMAN, email);
    // The e-mail is prefilled with the account's; the organisation, its VAT number as VIES verified it, and its billing address apart from the delivery.
    expect(page.$('#email').val()).toBe(email);
    const organisation = page.$('[data-business]');
    expect(organisation.text()).toContain('Gartenbau Weber GmbH');
    expect(organisation.find('[data-vat=verified]').text()).toMatch(/^USt-IdNr\. DE136308783, in VIES bestätigt am \d/);
    expect(organisation.find('address').text()).toContain('Gewerbehof 12');
    const net = netOfVat(priceOf(ITEMS.stocked.variant), 20);
    expect(page.$('tbody .line-total data, tbody data').first().attr('value')).toBe(String(net));
    expect(totalLines(page).join(' | ')).toContain('Steuerfreie innergemeinschaftliche Lieferung');
    expect(totalLines(page).join(' | ')).not.toMatch(/MwSt\. 19/);
    const box = await mailbox();
    const before = box.messages.length;
    const order = await pay(shopper, page, GERMAN, email);
    expect(order.html).toContain('Steuerfreie innergemeinschaftliche Lieferung');
    const { rows: [stored] } = await app.db.query<{ data: any; total: string }>('SELECT data, total FROM orders WHERE buyer_email = $1', [email]);
    expect(Number(stored.total)).toBe(totalOf(page));
    expect(stored.data.business).toMatchObject({ legal_name: 'Gartenbau Weber GmbH', vat_number: 'DE136308783', country: 'DE', billing_address: { street_address: 'Gewerbehof 12' } });
    expect(stored.data.business.vat_verified_at).toEqual(expect.any(String));
    expect(stored.data.destination.street_address).toBe('Hauptstraße 5');
    expect(stored.data.lines[0].taxation).toEqual({ kind: 'intra_eu' });
    await app.ucp.deliverOutbox();
    const mail = await box.next(email, before);
    expect(mail.text).toContain('Steuerfreie innergemeinschaftliche Lieferung');
    // The invoice goes with it as Factur-X (a PDF with its EN 16931 XML: VAT category K, exemption VATEX-EU-IC), which the library validated.
    const [pdf] = mail.attachments;
    expect(pdf.contentType).toBe('application/pdf');
    const xml = pdf.content.toString('latin1');
    expect(xml).toContain('factur-x.xml');
    const { rows: [invoice] } = await app.db.query<{ data: any }>(`SELECT d.data FROM documents d JOIN orders o ON o.id = d.order_id WHERE o.buyer_email = $1 AND d.kind = 'invoice'`, [email]);
    expect(invoice.data).toMatchObject({ regime: 'intra_eu', buyer: { name: 'Gartenbau Weber GmbH', vat_number: 'DE136308783', address: { street_address: 'Gewerbehof 12', postal_code: '10117' } } });
    expect(invoice.data.vat_groups).toEqual([expect.objectContaining({ rate: 0, vat: 0 })]);
  });

  it('an Irish consumer pays Irish VAT as before', async () => {
    const email = `aoife+${uuid()}@example.ie`;
    const shopper = new Shopper((r) => app.handler(r));
    const page = await checkoutTo(shopper, IRISH, email);
    expect(page.$('tbody data').first().attr('value')).toBe(String(priceOf(ITEMS.stocked.variant)));
    expect(totalLines(page).join(' | ')).toMatch(/23\s?%/);
  });

  it('signed out, the same person’s cart is a consumer’s again: German VAT, no mention', async () => {
    const email = `einkauf+${uuid()}@weber.example`;
    const shopper = await germanCompany(email);
    const business = await checkoutTo(shopper, GERMAN, email);
    expect(totalLines(business).join(' | ')).toContain('Steuerfreie innergemeinschaftliche Lieferung');
    expect((await shopper.post('/de/account', { action: 'sign_out' })).status).toBe(303);
    const consumer = await shopper.get('/de/checkout');
    expect(totalLines(consumer).join(' | ')).not.toContain('Steuerfreie innergemeinschaftliche Lieferung');
    expect(totalLines(consumer).join(' | ')).toMatch(/19\s?%/);
    expect(totalOf(consumer)).toBeGreaterThan(totalOf(business));
    // The order button of the business page no longer pays: its terms are not the checkout's now.
    const stale = await shopper.post('/de/checkout', {
      ...checkoutForm(business), ...GERMAN, email, shipping_option: String(business.$('input[name=shipping_option]:checked').val()),
      card_number: CARDS.pays, card_expiry: '12/34', card_cvc: '123', action: 'pay',
    });
    expect(stale.status).toBe(409);
  });
});

describe('business terms in the site’s cart', () => {
  it('a member sees the cart excluding VAT first (the German company: no French VAT for Germany); signed out, the same cart is a consumer’s again', async () => {
    const email = `lager+${uuid()}@weber.example`;
    const shopper = await germanCompany(email);
    expect((await shopper.post('/de/cart/add', { id: ITEMS.stocked.variant.id, quantity: 2 })).status).toBe(303);
    const cart = await shopper.get('/de/cart');
    const gross = priceOf(ITEMS.stocked.variant);
    const net = netOfVat(gross, 20);
    // Goods to Germany for a VIES-valid German company: an intra-EU supply, priced net of French VAT.
    expect(cart.$('.cart-line-total data').attr('value')).toBe(String(net * 2));
    expect(cart.$('.cart-subtotal [data-excl-vat]').attr('value')).toBe(String(net * 2));
    const consumer = new Shopper((r) => app.handler(r));
    for (const [name, value] of shopper.cookies) if (name.includes('cart')) consumer.cookies.set(name, value);
    const anonymous = await consumer.get('/de/cart');
    expect(anonymous.$('.cart-line-total data').attr('value')).toBe(String(gross * 2));
    expect(anonymous.$('[data-excl-vat]').length).toBe(0);
  });
});

describe('business terms through a linked platform (UCP identity linking, issue 37 point 3)', () => {
  it('the company\'s agent, linked to its account, gets the site\'s business prices over MCP: no French VAT on goods to Germany, where a guest pays VAT', async () => {
    const email = `agent-einkauf+${uuid()}@weber.example`;
    const shopper = await germanCompany(email);
    const { access_token } = await oauthParties(app).link(email, { shopper });
    const args = { checkout: { line_items: [line(ITEMS.stocked.variant.id)], context: { language: 'de' }, fulfillment: shipTo(GERMAN) } };
    const linked = (await callRaw(app.handler, 'create_checkout', args, { authorization: `Bearer ${access_token}` })).body.result.structuredContent;
    const guest = (await callRaw(app.handler, 'create_checkout', args)).body.result.structuredContent;
    expectUcpValid(validatorForResult('create_checkout', linked), linked, 'linked checkout');
    const total = (c: any) => c.totals.find((t: any) => t.type === 'total');
    const vatIn = (c: any) => (total(c).lines ?? []).filter((l: any) => /VAT|MwSt|USt/i.test(l.display_text ?? '')).reduce((sum: number, l: any) => sum + l.amount, 0);
    expect(linked.line_items[0].item.price, 'the line without VAT').toBeLessThan(guest.line_items[0].item.price);
    expect(vatIn(linked), 'no VAT in the linked total').toBe(0);
    expect(vatIn(guest), 'the guest pays VAT').toBeGreaterThan(0);
  });
});
