// Quotes of business accounts (src/commerce/quotes.ts, src/checkout/quotes.ts): a school's member
// turns a checkout into a numbered quote valid 30 days (shipping included, business terms), a
// printable page and a PDF; the quote is ordered at its prices after the catalogue changed, once;
// two checkouts of one quote racing make one order; an expired quote prices nothing; another
// organisation, or no session, never reaches it. Real PostgreSQL and SMTP.
import { afterEach, describe, expect, it } from 'vitest';
import { extractText } from 'unpdf';
import { ITEMS, priceOf } from './helpers/content';
import { checkoutHandler, testClock, uuid } from './helpers/checkout';
import { type Application, approvedBusiness, signedIn } from './helpers/business';
import { CARDS, FRENCH_BUYER, type Page, Shopper, checkoutForm, totalOf } from './helpers/shopper';
import { formatPrice } from '../src/views/format';

const clock = testClock(Date.now());
const app = checkoutHandler({ now: clock.now });
const SCHOOL: Application = {
  kind: 'school', legal_name: 'Collège Louise Michel', country: 'FR', street_address: '8 rue Pasteur', postal_code: '69007', address_locality: 'Lyon',
  vat_number: '', siret: '38032143000023', uai: '0951099D', contact_name: 'Claire Durand', contact_phone: '',
};

const listed = ITEMS.stocked.variant.price;
afterEach(() => { ITEMS.stocked.variant.price = listed; });

/** The checkout page with two units of the stocked item, the French address saved and the cheapest option chosen. */
async function checkoutOf(shopper: Shopper, email: string): Promise<Page> {
  expect((await shopper.post('/cart/add', { id: ITEMS.stocked.variant.id, quantity: 2 })).status).toBe(303);
  const first = await shopper.get('/checkout');
  expect((await shopper.post('/checkout', { ...checkoutForm(first), ...FRENCH_BUYER, email, action: 'save' })).status).toBe(303);
  return shopper.get('/checkout');
}

const submit = (shopper: Shopper, page: Page, email: string, action: string) => shopper.post('/checkout', {
  ...checkoutForm(page), ...FRENCH_BUYER, email, shipping_option: String(page.$('input[name=shipping_option]:checked').val()), action,
});

/** Makes a quote of the shopper's checkout; returns its page. */
async function makeQuote(shopper: Shopper, email: string): Promise<{ page: Page; path: string; checkoutTotal: number }> {
  const checkout = await checkoutOf(shopper, email);
  expect(checkout.$('[data-quote-ask]').text()).toContain('Collège Louise Michel');
  const made = await submit(shopper, checkout, email, 'quote');
  expect(made.status, made.$('.notice').text()).toBe(303);
  const path = new URL(made.headers.get('location')!, 'http://x').pathname;
  expect(path).toMatch(/^\/account\/quotes\/qt_[\w-]{22}$/);
  return { page: await shopper.follow(made), path, checkoutTotal: totalOf(checkout) };
}

const orderedQuote = (email: string) => app.db.query<{ id: string; total: string; data: any }>(`SELECT id, total, data FROM orders WHERE buyer_email = $1 AND status <> 'voided'`, [email]).then((r) => r.rows);

describe('quotes of a business account', () => {
  it('a member makes a quote of the checkout: numbered, valid 30 days, shipping included, as a page, a PDF and in the account', async () => {
    const email = `intendance+${uuid()}@college.example`;
    const shopper = await approvedBusiness(app, email, SCHOOL);
    const { page, path, checkoutTotal } = await makeQuote(shopper, email);
    const title = page.$('article.document h1').text();
    expect(title).toMatch(/^Devis DV-\d{4}-\d{6}$/);
    const number = title.slice('Devis '.length);
    expect(page.$('.notice.ok').text()).toContain(`Devis ${number} établi`);
    // Its lines: the item twice and the shipping, totals equal to the checkout's.
    const rows = page.$('.doc-lines tbody tr').toArray().map((tr) => page.$(tr).text());
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatch(/Livraison/);
    expect(page.$('.doc-totals tr.total td').text()).toBe(formatPrice(checkoutTotal, 'fr'));
    const facts = page.$('.doc-facts').text();
    const validUntil = new Date(clock.now() + 30 * 86_400_000).toLocaleDateString('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Paris' });
    expect(facts).toContain(validUntil);
    expect(page.$('button[value=order]').text()).toBe('Commander à ces prix');
    // The PDF says the same.
    const pdf = await app.handler(new Request(`http://localhost${path}.pdf`, { headers: { cookie: [...shopper.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } }));
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const { text } = await extractText(new Uint8Array(await pdf.arrayBuffer()), { mergePages: true });
    expect(text).toContain(number);
    expect(text.replace(/\s+/g, ' ')).toContain(formatPrice(checkoutTotal, 'fr').replace(/\s+/g, ' '));
    // The account lists it.
    const account = await shopper.get('/account');
    expect(account.$(`[data-quote="${number}"]`).text()).toContain(`valable jusqu’au ${validUntil}`);
    // Nothing was ordered, and the cart is still there.
    expect(await orderedQuote(email)).toEqual([]);
  });

  it('ordered later at its prices although the catalogue changed; once only', async () => {
    const email = `gestion+${uuid()}@college.example`;
    const shopper = await approvedBusiness(app, email, SCHOOL);
    const { path, checkoutTotal } = await makeQuote(shopper, email);
    // The catalogue's price rises by 10 € (VAT included).
    ITEMS.stocked.variant.price = ((priceOf(ITEMS.stocked.variant) + 1000) / 100).toFixed(2);
    const catalogueCheckout = await shopper.get('/checkout');
    expect(totalOf(catalogueCheckout)).toBe(checkoutTotal + 2000);
    const quotePage = await shopper.get(path);
    const ordered = await shopper.post(path, { action: 'order' });
    expect(ordered.status, ordered.$('.notice').text()).toBe(303);
    expect(ordered.headers.get('location')).toBe('/checkout#shipping');
    const checkout = await shopper.get('/checkout');
    expect(checkout.$('[data-quote-notice]').text()).toMatch(/^Prix du devis DV-\d{4}-\d{6}, valable jusqu’au /);
    expect(totalOf(checkout)).toBe(checkoutTotal);
    expect(checkout.$('[data-quote-ask]').length).toBe(0);
    const placed = await submit(shopper, checkout, email, 'order_on_invoice');
    expect(placed.status, placed.$('.notice').text()).toBe(303);
    const [order] = await orderedQuote(email);
    expect(Number(order.total)).toBe(checkoutTotal);
    const { rows: [quote] } = await app.db.query<{ order_id: string }>('SELECT order_id FROM quotes WHERE number = $1', [quotePage.$('article.document h1').text().slice('Devis '.length)]);
    expect(quote.order_id).toBe(order.id);
    // Once: the quote now reads as ordered, and ordering it again is refused with a sentence.
    const again = await shopper.post(path, { action: 'order' });
    expect(again.status).toBe(409);
    expect(again.$('.notice.no').text()).toBe('Ce devis a déjà été commandé.');
    expect((await shopper.get(path)).$('[data-quote-status=ordered]').length).toBe(1);
  });

  it('two checkouts of one quote paying at once: one order at its prices; the other is priced again and says why', async () => {
    const email = `achats+${uuid()}@college.example`;
    const first = await approvedBusiness(app, email, SCHOOL);
    clock.advance(120);
    const second = await signedIn(app, email);
    const { path, checkoutTotal } = await makeQuote(first, email);
    ITEMS.stocked.variant.price = ((priceOf(ITEMS.stocked.variant) + 1000) / 100).toFixed(2);
    for (const shopper of [first, second]) expect((await shopper.post(path, { action: 'order' })).status).toBe(303);
    const pages = await Promise.all([first.get('/checkout'), second.get('/checkout')]);
    for (const page of pages) expect(totalOf(page)).toBe(checkoutTotal);
    const answers = await Promise.all([submit(first, pages[0], email, 'order_on_invoice'), submit(second, pages[1], email, 'order_on_invoice')]);
    expect(answers.map((a) => a.status).sort()).toEqual([303, 409]);
    const loser = answers.find((a) => a.status === 409)!;
    expect(loser.$('[data-quote-notice]').text()).toMatch(/^Le devis DV-\d{4}-\d{6} a déjà été commandé : les prix du jour s’appliquent\.$/);
    expect(totalOf(loser)).toBe(checkoutTotal + 2000);
    const orders = await orderedQuote(email);
    expect(orders.map((o) => Number(o.total))).toEqual([checkoutTotal]);
  });

  it('a declined card gives the quote back: still open, and ordered at its prices with the next card', async () => {
    const email = `compta+${uuid()}@college.example`;
    const shopper = await approvedBusiness(app, email, SCHOOL);
    const { path, checkoutTotal } = await makeQuote(shopper, email);
    expect((await shopper.post(path, { action: 'order' })).status).toBe(303);
    const card = (page: Page, number: string) => shopper.post('/checkout', {
      ...checkoutForm(page), ...FRENCH_BUYER, email, shipping_option: String(page.$('input[name=shipping_option]:checked').val()),
      card_number: number, card_expiry: '12/34', card_cvc: '123', action: 'pay',
    });
    const declined = await card(await shopper.get('/checkout'), CARDS.declined);
    expect(declined.status).toBe(422);
    const { rows: [quote] } = await app.db.query<{ order_id: string | null }>(`SELECT order_id FROM quotes WHERE id = $1`, [path.split('/').pop()]);
    expect(quote.order_id).toBeNull();
    const paid = await card(await shopper.get('/checkout'), CARDS.pays);
    expect(paid.status, paid.$('.notice').text()).toBe(303);
    expect((await orderedQuote(email)).map((o) => Number(o.total))).toEqual([checkoutTotal]);
  });

  it('past its 30 days a quote prices nothing and cannot be ordered', async () => {
    const email = `economat+${uuid()}@college.example`;
    const shopper = await approvedBusiness(app, email, SCHOOL);
    const { path } = await makeQuote(shopper, email);
    // Ordered in its last minute: its checkout is at its prices, then the quote runs out.
    clock.advance(30 * 86_400 - 60);
    expect((await shopper.post(path, { action: 'order' })).status).toBe(303);
    expect((await shopper.get('/checkout')).$('[data-quote-notice]').text()).toMatch(/^Prix du devis/);
    clock.advance(120);
    const checkout = await shopper.get('/checkout');
    expect(checkout.$('[data-quote-notice]').text()).toMatch(/^Le devis DV-\d{4}-\d{6} a expiré : les prix du jour s’appliquent\.$/);
    const refused = await shopper.post(path, { action: 'order' });
    expect(refused.status).toBe(409);
    expect(refused.$('.notice.no').text()).toBe('Ce devis a expiré : demandez-en un nouveau depuis la commande.');
    expect((await shopper.get('/account')).$('[data-quote]').first().text()).toContain('expiré');
  });

  it('another organisation, a consumer, or no session never reaches a quote; a consumer has no quote button and a forged post makes none', async () => {
    const email = `direction+${uuid()}@college.example`;
    const owner = await approvedBusiness(app, email, SCHOOL);
    const { path } = await makeQuote(owner, email);
    const other = await approvedBusiness(app, `direction+${uuid()}@lycee.example`, { ...SCHOOL, legal_name: 'Lycée Voltaire' });
    for (const suffix of ['', '.pdf']) expect((await other.get(`${path}${suffix}`)).status).toBe(404);
    expect((await other.post(path, { action: 'order' })).status).toBe(404);
    const guessed = await owner.get('/account/quotes/qt_AAAAAAAAAAAAAAAAAAAAAA');
    expect(guessed.status).toBe(404);
    const anonymous = new Shopper((r) => app.handler(r));
    expect((await anonymous.get(path)).status).toBe(303);
    const consumerEmail = `parent+${uuid()}@example.org`;
    const consumer = await signedIn(app, consumerEmail);
    const page = await checkoutOf(consumer, consumerEmail);
    expect(page.$('[data-quote-ask]').length).toBe(0);
    const forged = await submit(consumer, page, consumerEmail, 'quote');
    expect(forged.status).toBe(422);
    const { rows } = await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM quotes q JOIN business_accounts b ON b.id = q.business_account_id WHERE b.legal_name = 'Lycée Voltaire'`);
    expect(rows[0].n).toBe(0);
  });
});
