/**
 * Discount codes on the site's pages (issue 38, point 4), in-process on the real PostgreSQL
 * server: the code field of the cart and of the checkout (plain form posts: no script), the
 * offer shown as a line with its title and amount, the reason in words beside the field when a
 * code does not apply, and the order page after payment. Offers: content/discounts/
 * (BIENVENUE10: 10 %, once per buyer; LIVRAISON: free shipping from 50 €).
 */
import { describe, expect, it } from 'vitest';
import { ITEMS, priceOf } from './helpers/content';
import { checkoutHandler, uuid } from './helpers/checkout';
import { testDb } from './helpers/db';
import { CARDS, FRENCH_BUYER, type Page, Shopper, checkoutForm, totalOf } from './helpers/shopper';
import { formatPrice } from '../src/views/format';
import { allocateLargestRemainder } from '../src/commerce/discounts';

const db = testDb();
const { handler } = checkoutHandler({ db });

/** A shopper with `quantity` of the small parcel in the cart. */
async function withCart(quantity = 2, locale = '') {
  const shopper = new Shopper(handler);
  expect((await shopper.post(`${locale}/cart/add`, { id: ITEMS.small.variant.id, quantity })).status).toBe(303);
  return shopper;
}

/** Types a code in the cart's field and follows the redirect back to the cart. */
async function typeCode(shopper: Shopper, code: string, locale = ''): Promise<Page> {
  const posted = await shopper.post(`${locale}/cart/discount`, { discount_code: code, action: 'discount' });
  expect(posted.status, posted.html.slice(0, 300)).toBe(303);
  expect(posted.location).toBe(`${locale}/cart#discount`);
  return shopper.follow(posted);
}

/** What the field says of each code given: code → [applied, sentence]. */
const codesOn = (page: Page) => Object.fromEntries(page.$('.discount-codes li').map((_, li) => [[page.$(li).attr('data-discount-code'), [page.$(li).attr('data-applied') === 'true', page.$(li).find('p').text()]]]).get());
const cents = (page: Page, selector: string) => Number(page.$(selector).attr('value'));
const unit = priceOf(ITEMS.small.variant);

describe('the cart page', () => {
  it('a code typed in any case applies: its line names the offer and takes 10 % off, the total follows', async () => {
    const page = await typeCode(await withCart(2), 'bienvenue10');
    const off = Math.round(unit * 2 * 0.1);
    expect(codesOn(page)).toEqual({ bienvenue10: [true, 'Code bienvenue10 appliqué.'] });
    const line = page.$('.cart-discounts li[data-discount-code=BIENVENUE10]');
    expect(line.text()).toContain('Bienvenue : 10 % sur votre première commande');
    expect(Number(line.find('data').attr('value'))).toBe(-off);
    expect(cents(page, '.cart-total data')).toBe(unit * 2 - off);
    expect(page.$('.notice').length, 'the reason is beside the field, not on top').toBe(0);
  });

  it('a code that does not apply is kept with its reason in words; its button takes it off', async () => {
    const shopper = await withCart(1);
    const page = await typeCode(shopper, 'livraison');
    expect(codesOn(page)).toEqual({ livraison: [false, `Le code LIVRAISON s’applique dès ${formatPrice(5000, 'fr')} d’achats.`] });
    const unknown = await typeCode(shopper, ' nope ');
    expect(codesOn(unknown).NOPE ?? codesOn(unknown).nope).toEqual([false, 'Le code NOPE n’existe pas.']);
    expect(unknown.$('.cart-total').length, 'no total after discounts when none applies').toBe(0);
    const removed = await shopper.follow(await shopper.post('/cart/discount', { remove: 'LIVRAISON' }));
    expect(Object.keys(codesOn(removed))).toEqual(['nope']);
  });

  it('in German, the field, the line and the reason are German', async () => {
    const shopper = await withCart(2, '/de');
    const page = await typeCode(shopper, 'BIENVENUE10', '/de');
    expect(page.$('label[for=discount_code]').text()).toBe('Rabattcode');
    expect(page.$('.cart-discounts').text()).toContain('Willkommen: 10 % auf Ihre erste Bestellung');
    expect(page.$('.cart-total span').first().text()).toBe('Summe nach Rabatten inkl. MwSt.');
    const expired = await typeCode(shopper, 'GIBTESNICHT', '/de');
    expect(codesOn(expired).GIBTESNICHT).toEqual([false, 'Den Code GIBTESNICHT gibt es nicht.']);
  });

  it('a code with a control character is refused beside the field, with 422, and nothing is stored', async () => {
    const shopper = await withCart(1);
    const refused = await shopper.post('/cart/discount', { discount_code: 'BIEN\u0007VENUE10' });
    expect(refused.status).toBe(422);
    expect(refused.$('#discount_code-error').text()).not.toBe('');
    expect(refused.$('#discount_code').attr('aria-invalid')).toBe('true');
    expect(codesOn(await shopper.get('/cart'))).toEqual({});
  });

  it('a post without a cart goes back to the cart page and stores nothing', async () => {
    const posted = await new Shopper(handler).post('/cart/discount', { discount_code: 'BIENVENUE10' });
    expect(posted.status).toBe(303);
    expect(posted.location).toBe('/cart');
  });
});

/** Fills the checkout's contact and address and follows to the page with the order button. */
async function fillCheckout(shopper: Shopper, email: string): Promise<Page> {
  const first = await shopper.get('/checkout');
  const saved = await shopper.post('/checkout', { ...checkoutForm(first), ...FRENCH_BUYER, email, action: 'save' });
  expect(saved.status, saved.html.slice(0, 300)).toBe(303);
  return shopper.follow(saved);
}

describe('the checkout page and the order', () => {
  it('the cart\'s code comes to the checkout; the order is paid with it and its page shows the discount line', async () => {
    const shopper = await withCart(2);
    await typeCode(shopper, 'BIENVENUE10');
    const email = `disc+${uuid()}@example.org`;
    const page = await fillCheckout(shopper, email);
    const row = page.$('tr.discount[data-discount-code=BIENVENUE10]');
    expect(row.find('th').text()).toContain('Bienvenue : 10 % sur votre première commande');
    const off = Math.round(unit * 2 * 0.1);
    expect(Number(row.find('data').attr('value'))).toBe(-off);
    const subtotal = Number(page.$('tr.subtotal data').attr('value'));
    const shipping = Number(page.$('tr.fulfillment data').attr('value') ?? 0);
    expect(totalOf(page)).toBe(subtotal + shipping - off);
    expect(codesOn(page)).toEqual({ BIENVENUE10: [true, 'Code BIENVENUE10 appliqué.'] });
    const paid = await shopper.post('/checkout', { ...checkoutForm(page), ...FRENCH_BUYER, email, shipping_option: String(page.$('input[name=shipping_option]:checked').val()), card_number: CARDS.pays, card_expiry: '12/30', card_cvc: '123', action: 'pay' });
    expect(paid.status, paid.html.slice(0, 500)).toBe(303);
    const order = await shopper.follow(paid);
    expect(Number(order.$('tr.discount[data-discount-code=BIENVENUE10] data').attr('value'))).toBe(-off);
    expect(Number(order.$('tr.total data').attr('value'))).toBe(subtotal + shipping - off);
    const { rows } = await (await db.raw()).query('SELECT total FROM orders WHERE buyer_email = $1', [email]);
    expect(rows.map((r) => Number(r.total))).toEqual([subtotal + shipping - off]);

    // The same buyer's next cart: the code is "already used" once the checkout knows the e-mail.
    const again = await withCart(1);
    await typeCode(again, 'BIENVENUE10');
    const second = await fillCheckout(again, email);
    expect(codesOn(second)).toEqual({ BIENVENUE10: [false, 'Vous avez déjà utilisé le code BIENVENUE10.'] });
    expect(second.$('tr.discount').length).toBe(0);
  });

  it('a code typed on the checkout page applies there and in the cart; its button takes it off both', async () => {
    const shopper = await withCart(3);
    const page = await fillCheckout(shopper, `disc+${uuid()}@example.org`);
    const applied = await shopper.post('/checkout', { ...checkoutForm(page), ...FRENCH_BUYER, email: String(page.$('#email').val()), discount_code: 'bienvenue10', action: 'discount' });
    expect(applied.status).toBe(303);
    expect(applied.location).toBe('/checkout#discount');
    const shown = await shopper.follow(applied);
    const off = allocateLargestRemainder(Math.round(unit * 3 * 0.1), [unit * 3])[0];
    expect(Number(shown.$('tr.discount data').attr('value'))).toBe(-off);
    expect(checkoutForm(shown).terms, 'the discount is part of the terms the order button names').not.toBe(checkoutForm(page).terms);
    expect(codesOn(await shopper.get('/cart'))).toEqual({ bienvenue10: [true, 'Code bienvenue10 appliqué.'] });
    const removed = await shopper.follow(await shopper.post('/checkout', { ...checkoutForm(shown), ...FRENCH_BUYER, email: String(shown.$('#email').val()), remove_code: 'bienvenue10' }));
    expect(removed.$('tr.discount').length).toBe(0);
    expect(codesOn(await shopper.get('/cart'))).toEqual({});
  });

  it('pressing the order button with a code just typed applies it and says the amount changed, charging nothing', async () => {
    const shopper = await withCart(2);
    const email = `disc+${uuid()}@example.org`;
    const page = await fillCheckout(shopper, email);
    const before = totalOf(page);
    const pressed = await shopper.post('/checkout', { ...checkoutForm(page), ...FRENCH_BUYER, email, shipping_option: String(page.$('input[name=shipping_option]:checked').val()), discount_code: 'BIENVENUE10', card_number: CARDS.pays, card_expiry: '12/30', card_cvc: '123', action: 'pay' });
    expect(pressed.status).toBe(409);
    expect(totalOf(pressed)).toBeLessThan(before);
    const { rows } = await (await db.raw()).query("SELECT id FROM orders WHERE buyer_email = $1 AND status <> 'voided'", [email]);
    expect(rows).toEqual([]);
  });
});
