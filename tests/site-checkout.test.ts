/**
 * People buy on the site (docs/storefront.md "Buying on the site"): the cart and checkout pages and the Ajax
 * cart, in-process on the real PostgreSQL server, the e-mails over real SMTP. Each test is what
 * a shopper or the merchant would notice: a page, a redirect, a cookie, an order, a mail.
 */
import { frozenLimiter } from './helpers/rate-limit';
import { describe, expect, it } from 'vitest';
import { createHandler } from '../src/http/router';
import { localize } from '../src/catalog/localize';
import { ITEMS, SINGLE, catalog, findVariant, priceOf } from './helpers/content';
import { ADDRESS, approve, callTool, checkoutHandler, line, payment, readyCheckout, shipTo, uuid } from './helpers/checkout';
import { mailbox } from './helpers/mail';
import { testDb } from './helpers/db';
import { CARDS, FRENCH_BUYER, type Page, Shopper, checkoutForm, totalOf } from './helpers/shopper';

const db = testDb();
const { handler, ucp } = checkoutHandler({ db });

/** A shopper with `quantity` of a variant in the cart (the form post of the product page). */
async function withCart(variantId: number, quantity = 1, locale = '') {
  const shopper = new Shopper(handler);
  const added = await shopper.post(`${locale}/cart/add`, { id: variantId, quantity });
  expect(added.status).toBe(303);
  expect(added.location).toBe(`${locale}/cart?added=${variantId}`);
  return shopper;
}

/** The checkout page after the contact and address were saved (the cheapest option chosen for the buyer). */
async function filledCheckout(shopper: Shopper, buyer: Record<string, string> = { ...FRENCH_BUYER, email: `web+${uuid()}@example.org` }, locale = '') {
  const first = await shopper.get(`${locale}/checkout`);
  expect(first.status).toBe(200);
  const saved = await shopper.post(`${locale}/checkout`, { ...checkoutForm(first), ...buyer, action: 'save' });
  expect(saved.status, saved.html.slice(0, 500)).toBe(303);
  // The page opens at what comes next, the delivery options and the card, not at its top.
  expect(saved.location).toBe(`${locale}/checkout#shipping`);
  const page = await shopper.follow(saved);
  expect(page.$('button[value=pay]').length, 'the order button once everything is set').toBe(1);
  return page;
}

/** The buyer's orders that were paid (a declined or interrupted payment leaves a `voided` one). */
/** A light parcel with few units left: an agent buys them all between a shopper's cart and payment. */
const scarceItem = findVariant((p, v) => v.inventory?.policy === 'deny' && v.inventory.quantity >= 1 && v.inventory.quantity <= 5 && !p.freight && v.grams * v.inventory.quantity <= 5000 && (!p.ships_to || p.ships_to.includes('FR')), 'a light parcel with 1 to 5 units left, shipped to France');
/** Another one, for racing shoppers. */
const racedItem = findVariant((p, v) => v.inventory?.policy === 'deny' && v.inventory.quantity >= 2 && v.inventory.quantity <= 4 && !p.freight && v.grams <= 3000 && (!p.ships_to || p.ships_to.includes('FR')) && v.id !== ITEMS.small.variant.id && v.id !== scarceItem.variant.id, 'a light parcel with 2 to 4 units left, shipped to France, not the scarce one');

const ordersOf = async (email: string) => (await (await db.raw()).query("SELECT id, total FROM orders WHERE buyer_email = $1 AND status <> 'voided'", [email])).rows;

describe('cart', () => {
  it('a German cart stays German: after a quantity change and after another item is added, its lines read in German', async () => {
    const small = catalog.products.find((p) => p.variants.some((v) => v.id === ITEMS.small.variant.id))!;
    const stocked = catalog.products.find((p) => p.variants.some((v) => v.id === ITEMS.stocked.variant.id))!;
    const shopper = new Shopper(handler);
    await shopper.post('/de/cart/add', { id: ITEMS.small.variant.id, quantity: 1 });
    const titles = (page: Page) => page.$('.cart-line-title').map((_, e) => page.$(e).text()).get();
    const changed = await shopper.follow(await shopper.post('/de/cart/change', { id: ITEMS.small.variant.id, quantity: 2 }));
    expect(titles(changed)).toEqual([expect.stringContaining(localize(small.title, 'de'))]);
    await shopper.post('/de/cart/add', { id: ITEMS.stocked.variant.id, quantity: 1 });
    const page = await shopper.get('/de/cart');
    expect(titles(page)).toEqual([expect.stringContaining(localize(small.title, 'de')), expect.stringContaining(localize(stocked.title, 'de'))]);
    expect(localize(small.title, 'de')).not.toBe(localize(small.title, 'fr'));
  });

  it('adds a variant with a plain form post: 303 to the cart, HttpOnly cart cookie and a readable count', async () => {
    const shopper = new Shopper(handler);
    const added = await shopper.post('/cart/add', { id: ITEMS.small.variant.id, quantity: 2 });
    expect(added.status).toBe(303);
    const cookies = added.headers.getSetCookie();
    const cart = cookies.find((c) => c.startsWith('cart='))!;
    expect(cart).toMatch(/^cart=cart_[A-Za-z0-9_-]{32}; /);
    for (const flag of ['HttpOnly', 'Secure', 'SameSite=Lax', 'Path=/']) expect(cart).toContain(flag);
    const count = cookies.find((c) => c.startsWith('cart_count='))!;
    expect(count).toMatch(/^cart_count=2; /);
    expect(count).not.toContain('HttpOnly');
    const page = await shopper.follow(added);
    expect(page.status).toBe(200);
    expect(page.$('[role=status]').first().text()).toContain('2');
    const row = page.$(`li[data-variant-id=${ITEMS.small.variant.id}]`);
    expect(row.find('img').attr('src')).toMatch(/^\/images\//);
    expect(Number(row.find('input[name=quantity]').val())).toBe(2);
    expect(Number(page.$('.cart-subtotal data').attr('value'))).toBe(2 * priceOf(ITEMS.small.variant));
    expect(page.$('.cart-subtotal').text()).toContain('TVA incluse');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
  });

  it('adding the same variant again adds to its line; changing and removing lines; an empty cart says so and links on', async () => {
    const shopper = await withCart(ITEMS.small.variant.id);
    await shopper.post('/cart/add', { id: ITEMS.small.variant.id, quantity: 2 });
    await shopper.post('/cart/add', { id: ITEMS.stocked.variant.id });
    let page = await shopper.get('/cart');
    expect(page.$('li.cart-line').length).toBe(2);
    expect(Number(page.$(`li[data-variant-id=${ITEMS.small.variant.id}] input[name=quantity]`).val())).toBe(3);
    expect(shopper.cookies.get('cart_count')).toBe('4');
    page = await shopper.follow(await shopper.post('/cart/change', { id: ITEMS.small.variant.id, quantity: 1 }));
    expect(Number(page.$(`li[data-variant-id=${ITEMS.small.variant.id}] input[name=quantity]`).val())).toBe(1);
    await shopper.post('/cart/change', { id: ITEMS.small.variant.id, quantity: 0 });
    page = await shopper.follow(await shopper.post('/cart/change', { id: ITEMS.stocked.variant.id, quantity: 0 }));
    expect(page.$('li.cart-line').length).toBe(0);
    expect(page.$('main').text()).toContain('Votre panier est vide');
    expect(page.$('main a.primary-button').attr('href')).toBe('/');
    expect(shopper.cookies.get('cart_count')).toBe('0');
  });

  it("speaks Shopify's Ajax cart: /cart/add.js, /cart.js, /cart/change.js, errors as {status, message, description}", async () => {
    const shopper = new Shopper(handler);
    const added = await shopper.postJson('/en/cart/add.js', { id: SINGLE.variants[0].id, quantity: 1 });
    expect(added.status).toBe(200);
    expect(added.headers.get('content-type')).toMatch(/^application\/json/);
    const item = JSON.parse(added.html);
    expect(item).toMatchObject({ id: SINGLE.variants[0].id, variant_id: SINGLE.variants[0].id, product_id: SINGLE.id, quantity: 1, price: priceOf(SINGLE.variants[0]), handle: SINGLE.handle });
    const cart = JSON.parse((await shopper.get('/en/cart.js')).html);
    expect(cart).toMatchObject({ item_count: 1, total_price: priceOf(SINGLE.variants[0]), currency: 'EUR' });
    expect(cart).not.toHaveProperty('token');
    const unknown = await shopper.postJson('/en/cart/add.js', { id: 999999999, quantity: 1 });
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.html)).toEqual({ status: 404, message: 'Cart Error', description: expect.stringMatching(/no longer for sale|does not exist/) });
    const soldOut = await shopper.postJson('/de/cart/add.js', { id: ITEMS.soldOut.variant.id, quantity: 1 });
    expect(soldOut.status).toBe(422);
    expect(JSON.parse(soldOut.html).status).toBe(422);
    const changed = JSON.parse((await shopper.postJson('/en/cart/change.js', { id: SINGLE.variants[0].id, quantity: 3 })).html);
    expect(changed.item_count).toBe(3);
  });

  it('a sold-out variant is refused on the cart page, in the page language, and the cart keeps its lines', async () => {
    const shopper = await withCart(ITEMS.small.variant.id, 1, '/de');
    const refused = await shopper.post('/de/cart/add', { id: ITEMS.soldOut.variant.id, quantity: 1 });
    expect(refused.location).toBe(`/de/cart?refused=${ITEMS.soldOut.variant.id}&why=out_of_stock`);
    const page = await shopper.follow(refused);
    expect(page.$('html').attr('lang')).toBe('de-DE');
    expect(page.$('li.cart-line').length).toBe(1);
  });

  it('says when the price of a line changed since it was added', async () => {
    const shopper = await withCart(ITEMS.small.variant.id);
    const raw = await db.raw();
    const cartId = shopper.cookies.get('cart')!;
    const { rows } = await raw.query('SELECT data FROM carts WHERE id = $1', [cartId]);
    const data = rows[0].data;
    data.lines[0].price_seen = priceOf(ITEMS.small.variant) - 100;
    await raw.query('UPDATE carts SET data = $2 WHERE id = $1', [cartId, data]);
    const page = await shopper.get('/cart');
    expect(page.$(`li[data-variant-id=${ITEMS.small.variant.id}] .field-error`).text()).toMatch(/Le prix de .* a changé/);
  });
});

describe('checkout', () => {
  it('without a cart the checkout page sends the shopper to the cart', async () => {
    const page = await new Shopper(handler).get('/checkout');
    expect(page.status).toBe(303);
    expect(page.location).toBe('/cart');
  });

  it('writes each error beside its field in the page language, keeps the entries, and never echoes the card', async () => {
    const shopper = await withCart(ITEMS.small.variant.id, 1, '/de');
    const first = await shopper.get('/de/checkout');
    expect(first.$('select[name=address_country] option[value=DE]').text()).toBe('Deutschland');
    const page = await shopper.post('/de/checkout', { ...checkoutForm(first), email: 'nicht-gültig', first_name: 'Jonas', last_name: 'Weber', street_address: '', postal_code: '10115', address_locality: 'Berlin', address_country: 'DE', action: 'save' });
    expect(page.status).toBe(422);
    expect(page.$('#email').attr('aria-invalid')).toBe('true');
    expect(page.$('#email-error').text()).not.toBe('');
    expect(page.$('#street_address-error').text()).not.toBe('');
    expect(page.$('#email').val()).toBe('nicht-gültig');
    expect(page.$('#address_locality').val()).toBe('Berlin');
    expect(page.$('[role=alert] li').length).toBeGreaterThanOrEqual(2);
    const ready = await filledCheckout(shopper, { ...FRENCH_BUYER, address_country: 'DE', postal_code: '10115', address_locality: 'Berlin', email: `jonas+${uuid()}@example.org` }, '/de');
    const refused = await shopper.post('/de/checkout', { ...checkoutForm(ready), ...FRENCH_BUYER, address_country: 'DE', postal_code: '10115', address_locality: 'Berlin', email: ready.$('#email').val() as string, shipping_option: ready.$('input[name=shipping_option]:checked').val() as string, card_number: '4242 4242 4242 4241', card_expiry: '01/20', card_cvc: '12', action: 'pay' });
    expect(refused.status).toBe(422);
    for (const f of ['card_number', 'card_expiry', 'card_cvc']) expect(refused.$(`#${f}-error`).text(), f).not.toBe('');
    expect(refused.html).not.toContain('4241');
    expect(refused.$('#card_number').val()).toBe('');
  });

  it('the order button names the amount; the web checkout totals equal an MCP checkout of the same lines and address', async () => {
    const shopper = await withCart(ITEMS.small.variant.id, 2);
    await shopper.post('/cart/add', { id: ITEMS.stocked.variant.id, quantity: 1 });
    const page = await filledCheckout(shopper);
    const option = String(page.$('input[name=shipping_option]:checked').val());
    const web = totalOf(page);
    expect(page.$('button[value=pay]').text()).toMatch(/^Commander avec obligation de paiement — \d[\d\s\u00a0\u202f]*,\d\d\s?€$/u);
    expect(page.$('button[value=pay]').text()).toContain(page.$('tr.total td').text().trim());
    const mcp = await callTool(handler, 'create_checkout', { meta: { 'idempotency-key': uuid() }, checkout: { line_items: [line(ITEMS.small.variant.id, 2), line(ITEMS.stocked.variant.id)], buyer: { email: 'agent@example.org' }, context: { language: 'fr' } } });
    const updated = await callTool(handler, 'update_checkout', { meta: { 'idempotency-key': uuid() }, id: mcp.id, checkout: { line_items: [line(ITEMS.small.variant.id, 2), line(ITEMS.stocked.variant.id)], buyer: { email: 'agent@example.org' }, context: { language: 'fr' }, fulfillment: shipTo(ADDRESS.FR, option) } });
    const amounts = (totals: Array<{ type: string; amount: number }>) => totals.map((t) => [t.type, t.amount]);
    expect(web).toBe(updated.totals.find((t: { type: string }) => t.type === 'total').amount);
    const webTotals = page.$('tfoot tr[data-total-type]').toArray().map((tr) => [page.$(tr).attr('data-total-type'), Number(page.$(tr).find('data').attr('value'))]);
    expect(webTotals).toEqual(amounts(updated.totals));
  });

  it('pays with the test card: 303 to the order page, confirmation and merchant mails, cart emptied, card never stored', async () => {
    const box = await mailbox();
    const email = `paid+${uuid()}@example.org`;
    const shopper = await withCart(ITEMS.small.variant.id);
    const page = await filledCheckout(shopper, { ...FRENCH_BUYER, email });
    const after = box.messages.length;
    const paid = await shopper.post('/checkout', { ...checkoutForm(page), ...FRENCH_BUYER, email, shipping_option: String(page.$('input[name=shipping_option]:checked').val()), card_number: CARDS.pays, card_expiry: '12/34', card_cvc: '123', action: 'pay' });
    expect(paid.status, paid.html.slice(0, 800)).toBe(303);
    expect(paid.location).toMatch(/^\/orders\/[^?]+\?s=/);
    expect(shopper.cookies.get('cart_count')).toBe('0');
    const order = await shopper.follow(paid);
    expect(order.status).toBe(200);
    expect(order.html).toContain(String(page.$('tr.total td').text().trim()));
    const orders = await ordersOf(email);
    expect(orders).toHaveLength(1);
    expect(Number(orders[0].total)).toBe(totalOf(page));
    const confirmation = await box.next(email, after);
    expect(confirmation.subject).toMatch(/commande/i);
    expect((await shopper.get('/cart')).$('li.cart-line').length).toBe(0);
    const dump = JSON.stringify((await (await db.raw()).query("SELECT c.data AS checkout, ch.* FROM checkouts c LEFT JOIN orders o ON o.checkout_id = c.id LEFT JOIN charges ch ON ch.order_id = o.id WHERE o.buyer_email = $1", [email])).rows);
    expect(dump).toContain('4242');
    expect(dump).not.toContain('4242424242424242');
    expect(dump).not.toMatch(/4242 4242/);
  });

  it('a declined card changes nothing and lets the buyer pay with another', async () => {
    const email = `declined+${uuid()}@example.org`;
    const shopper = await withCart(ITEMS.small.variant.id);
    const page = await filledCheckout(shopper, { ...FRENCH_BUYER, email });
    const form = { ...checkoutForm(page), ...FRENCH_BUYER, email, shipping_option: String(page.$('input[name=shipping_option]:checked').val()), card_expiry: '12/34', card_cvc: '123', action: 'pay' };
    const declined = await shopper.post('/checkout', { ...form, card_number: CARDS.declined });
    expect(declined.status).toBe(422);
    expect(declined.$('#card_number-error').text()).toMatch(/refusé/);
    expect(await ordersOf(email)).toHaveLength(0);
    const again = await shopper.post('/checkout', { ...form, ...checkoutForm(declined), card_number: CARDS.pays });
    expect(again.status, again.html.slice(0, 600)).toBe(303);
    expect(await ordersOf(email)).toHaveLength(1);
  });

  it('a 3-D Secure card pays once the buyer passes the challenge, which survives a reload; a forged challenge pays nothing', async () => {
    const email = `threeds+${uuid()}@example.org`;
    const shopper = await withCart(ITEMS.small.variant.id);
    const page = await filledCheckout(shopper, { ...FRENCH_BUYER, email });
    const asked = await shopper.post('/checkout', { ...checkoutForm(page), ...FRENCH_BUYER, email, shipping_option: String(page.$('input[name=shipping_option]:checked').val()), card_number: CARDS.threeDs, card_expiry: '12/34', card_cvc: '123', action: 'pay' });
    // Post, redirect, get: the challenge is a page of its own, kept in an HttpOnly cookie.
    expect(asked.status).toBe(303);
    expect(asked.location).toBe('/checkout');
    expect(asked.headers.getSetCookie().find((c) => c.startsWith('card_challenge='))).toMatch(/HttpOnly/);
    const challenge = await shopper.follow(asked);
    expect(challenge.$('.challenge').text()).toContain('3220');
    const reloaded = await shopper.get('/checkout');
    expect(reloaded.$('.challenge').text(), 'a reload shows the challenge again').toContain('3220');
    const form = reloaded.$('.challenge form');
    const fields = Object.fromEntries(form.find('input[type=hidden]').toArray().map((i) => [reloaded.$(i).attr('name')!, String(reloaded.$(i).val())]));
    const forged = await shopper.post('/checkout', { ...fields, challenge: 'x'.repeat(43), action: 'authenticate' });
    expect(forged.status).toBe(303);
    expect(await ordersOf(email)).toHaveLength(0);
    const passed = await shopper.post('/checkout', { ...fields, action: 'authenticate' });
    expect(passed.status, passed.html.slice(0, 600)).toBe(303);
    expect(passed.location).toMatch(/^\/orders\//);
    expect(passed.headers.getSetCookie().find((c) => c.startsWith('card_challenge='))).toMatch(/Max-Age=0/);
    expect(await ordersOf(email)).toHaveLength(1);
  });

  it('a challenge left for other terms is void: the checkout shows the form, and nothing is paid', async () => {
    const email = `threeds-void+${uuid()}@example.org`;
    const shopper = await withCart(ITEMS.small.variant.id);
    const page = await filledCheckout(shopper, { ...FRENCH_BUYER, email });
    const options = page.$('input[name=shipping_option]').toArray().map((i) => String(page.$(i).val()));
    const chosen = String(page.$('input[name=shipping_option]:checked').val());
    const other = options.find((o) => o !== chosen);
    if (!other) throw new Error('the test needs two shipping options to France');
    const asked = await shopper.post('/checkout', { ...checkoutForm(page), ...FRENCH_BUYER, email, shipping_option: chosen, card_number: CARDS.threeDs, card_expiry: '12/34', card_cvc: '123', action: 'pay' });
    expect(asked.status).toBe(303);
    // Another tab changes the option: the amount the challenge named is not the one due any more.
    const changed = await shopper.post('/checkout', { ...checkoutForm(page), ...FRENCH_BUYER, email, shipping_option: other, action: 'save' });
    expect(changed.status).toBe(303);
    const after = await shopper.get('/checkout');
    expect(after.$('.challenge')).toHaveLength(0);
    expect(after.$('form.checkout-form')).toHaveLength(1);
    expect(after.headers.getSetCookie().find((c) => c.startsWith('card_challenge='))).toMatch(/Max-Age=0/);
    expect(await ordersOf(email)).toHaveLength(0);
  });

  it('a double click makes one order and one charge, and both clicks land on it', async () => {
    const email = `double+${uuid()}@example.org`;
    const shopper = await withCart(ITEMS.small.variant.id);
    const page = await filledCheckout(shopper, { ...FRENCH_BUYER, email });
    const form = { ...checkoutForm(page), ...FRENCH_BUYER, email, shipping_option: String(page.$('input[name=shipping_option]:checked').val()), card_number: CARDS.pays, card_expiry: '12/34', card_cvc: '123', action: 'pay' };
    const clicks = await Promise.all([shopper.post('/checkout', form), shopper.post('/checkout', form), shopper.post('/checkout', form)]);
    const orders = await ordersOf(email);
    expect(orders).toHaveLength(1);
    for (const click of clicks) {
      expect(click.status, click.html.slice(0, 400)).toBe(303);
      expect(click.location).toContain(`/orders/${orders[0].id}`);
    }
    const charges = await (await db.raw()).query('SELECT count(*)::int AS n FROM charges WHERE order_id = $1', [orders[0].id]);
    expect(charges.rows[0].n).toBe(1);
    const reload = await shopper.post('/checkout', form);
    expect(reload.location).toContain(`/orders/${orders[0].id}`);
  });

  it('a line that sold out between the cart and the payment is reported and nothing is ordered', async () => {
    const scarce = scarceItem.variant;
    const email = `soldout+${uuid()}@example.org`;
    const shopper = await withCart(scarce.id, 1);
    const page = await filledCheckout(shopper, { ...FRENCH_BUYER, email });
    // Another buyer (an agent) takes every unit left.
    const left = JSON.parse((await shopper.get(`/products/${scarceItem.product.handle}.js`)).html).variants.find((v: { id: number }) => v.id === scarce.id).inventory_quantity ?? scarce.inventory!.quantity;
    const other = await readyCheckout(handler, [line(scarce.id, left)], { address: ADDRESS.FR });
    await approve(handler, other);
    const done = await callTool(handler, 'complete_checkout', { meta: { 'idempotency-key': uuid() }, id: other.id, checkout: { payment: payment() } });
    expect(done.status).toBe('completed');
    const paid = await shopper.post('/checkout', { ...checkoutForm(page), ...FRENCH_BUYER, email, shipping_option: String(page.$('input[name=shipping_option]:checked').val()), card_number: CARDS.pays, card_expiry: '12/34', card_cvc: '123', action: 'pay' });
    expect([409, 422]).toContain(paid.status);
    expect(paid.$('[role=alert]').first().text()).toMatch(/épuisé.*rien n’a été débité/);
    expect(await ordersOf(email)).toHaveLength(0);
  });

  it('racing buyers on the site never oversell: as many orders as units left, the others told it sold out', async () => {
    const item = racedItem;
    const left = item.variant.inventory!.quantity;
    const buyers = await Promise.all(Array.from({ length: left + 3 }, async (_, i) => {
      const shopper = await withCart(item.variant.id, 1);
      const email = `race${i}+${uuid()}@example.org`;
      const page = await filledCheckout(shopper, { ...FRENCH_BUYER, email });
      return { shopper, email, form: { ...checkoutForm(page), ...FRENCH_BUYER, email, shipping_option: String(page.$('input[name=shipping_option]:checked').val()), card_number: CARDS.pays, card_expiry: '12/34', card_cvc: '123', action: 'pay' } };
    }));
    const answers = await Promise.all(buyers.map((b) => b.shopper.post('/checkout', b.form)));
    const paid = answers.filter((a) => a.status === 303 && a.location?.startsWith('/orders/'));
    expect(paid).toHaveLength(left);
    for (const refused of answers.filter((a) => a.status !== 303)) expect(refused.$('[role=alert], [role=status]').text()).toMatch(/épuisé|reste/);
    const orders = (await Promise.all(buyers.map((b) => ordersOf(b.email)))).flat();
    expect(orders).toHaveLength(left);
  });

  it("an agent's checkout cannot be paid through the store's pages", async () => {
    const agent = await callTool(handler, 'create_checkout', { meta: { 'idempotency-key': uuid() }, checkout: { line_items: [line(ITEMS.small.variant.id)], buyer: { email: 'agent-own@example.org' }, fulfillment: shipTo(ADDRESS.FR) } });
    const shopper = await withCart(ITEMS.small.variant.id);
    const page = await shopper.get('/checkout');
    expect(checkoutForm(page).checkout).not.toBe(agent.id);
    const tried = await shopper.post('/checkout', { checkout: agent.id, terms: checkoutForm(page).terms, ...FRENCH_BUYER, email: 'agent-own@example.org', card_number: CARDS.pays, card_expiry: '12/34', card_cvc: '123', action: 'pay' });
    expect(tried.status).toBe(303);
    expect(tried.location).toBe('/checkout');
    expect(await ordersOf('agent-own@example.org')).toHaveLength(0);
  });

  it('changed terms are not paid: the page shows the new amount first', async () => {
    const email = `changed+${uuid()}@example.org`;
    const shopper = await withCart(ITEMS.small.variant.id);
    const page = await filledCheckout(shopper, { ...FRENCH_BUYER, email });
    const options = page.$('input[name=shipping_option]').toArray().map((i) => String(page.$(i).val()));
    const other = options.find((o) => o !== String(page.$('input[name=shipping_option]:checked').val()));
    if (!other) throw new Error('the test needs two shipping options to France');
    const paid = await shopper.post('/checkout', { ...checkoutForm(page), ...FRENCH_BUYER, email, shipping_option: other, card_number: CARDS.pays, card_expiry: '12/34', card_cvc: '123', action: 'pay' });
    expect(paid.status).toBe(409);
    // The notice says why and names the amount the button now charges; every entry is kept but the card's number and code.
    const notice = paid.$('[role=alert]').first().text();
    expect(notice).toMatch(/montant/);
    const shown = paid.$('tr.total data').text().trim();
    expect(shown).toMatch(/€/);
    expect(notice).toContain(shown);
    expect(notice).toContain('Rien n’a été débité');
    expect(paid.$('button[value=pay]').text()).toContain(shown);
    expect(paid.$('input[name=email]').val()).toBe(email);
    expect(paid.$('input[name=street_address]').val()).toBe(FRENCH_BUYER.street_address);
    expect(paid.$('input[name=postal_code]').val()).toBe(FRENCH_BUYER.postal_code);
    expect(paid.$('input[name=shipping_option]:checked').val()).toBe(other);
    expect(paid.$('input[name=card_expiry]').val()).toBe('12/34');
    expect(paid.$('input[name=card_number]').val() ?? '').toBe('');
    expect(paid.$('input[name=card_cvc]').val() ?? '').toBe('');
    expect(await ordersOf(email)).toHaveLength(0);
  });
});

describe('guards', () => {
  it('refuses cross-site posts (403), wrong methods (405), bodies it cannot read (400): never a 500, nothing stored', async () => {
    const shopper = new Shopper(handler);
    const before = (await (await db.raw()).query('SELECT count(*)::int AS n FROM carts')).rows[0].n;
    expect((await shopper.post('/cart/add', { id: ITEMS.small.variant.id }, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await shopper.postJson('/cart/add.js', [1, 2])).status).toBe(400);
    expect((await shopper.post('/cart/add', { id: 'abc' })).status).toBe(303);
    expect((await shopper.post('/cart/add', { id: ITEMS.small.variant.id, quantity: -3 })).status).toBe(303);
    expect((await shopper.get('/cart/add')).status).toBe(405);
    const junk = await handler(new Request('http://localhost:8888/checkout', { method: 'POST', headers: { 'content-type': 'text/plain', origin: 'http://localhost:8888' }, body: '\u0000'.repeat(10) }));
    expect(junk.status).toBe(400);
    expect((await (await db.raw()).query('SELECT count(*)::int AS n FROM carts')).rows[0].n).toBe(before);
  });

  it('rate-limits the forms per client IP like the UCP endpoint', async () => {
    const limited = createHandler({ catalog, ucp, rateLimiter: frozenLimiter(db, 2) });
    const send = () => limited(new Request('http://localhost:8888/cart/add', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:8888' }, body: `id=${ITEMS.small.variant.id}` }), { ip: '203.0.113.77' });
    expect((await send()).status).toBe(303);
    expect((await send()).status).toBe(303);
    const third = await send();
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
