// Saved delivery addresses (src/checkout/saved-addresses.ts): an order placed signed in saves its
// address once (the same address typed with other capitals is one); the next checkout starts
// from it with its cheapest option chosen, and offers the saved ones to choose from; the account
// page lists and deletes them; another account's id neither fills a checkout nor deletes anything.
import { describe, expect, it } from 'vitest';
import { ITEMS } from './helpers/content';
import { checkoutHandler, uuid } from './helpers/checkout';
import { signedIn } from './helpers/business';
import { CARDS, FRENCH_BUYER, type Page, type Shopper, checkoutForm } from './helpers/shopper';

const app = checkoutHandler();
const LYON = { ...FRENCH_BUYER, email: undefined };
const PARIS = { ...LYON, first_name: 'Camille', street_address: '4 rue de Rivoli', postal_code: '75004', address_locality: 'Paris' };

async function order(shopper: Shopper, email: string, address: Record<string, string | undefined>): Promise<Page> {
  expect((await shopper.post('/cart/add', { id: ITEMS.stocked.variant.id, quantity: 1 })).status).toBe(303);
  const first = await shopper.get('/checkout');
  const saved = await shopper.post('/checkout', { ...checkoutForm(first), ...address, email, action: 'save' });
  expect(saved.status, saved.html.slice(0, 300)).toBe(303);
  const page = await shopper.get('/checkout');
  const paid = await shopper.post('/checkout', {
    ...checkoutForm(page), ...address, email, shipping_option: String(page.$('input[name=shipping_option]:checked').val()),
    card_number: CARDS.pays, card_expiry: '12/34', card_cvc: '123', action: 'pay',
  });
  expect(paid.status, paid.$('.notice').text()).toBe(303);
  return shopper.follow(paid);
}

const rows = async (email: string) => (await app.db.query<{ id: string; address: any }>(
  `SELECT a.id, a.address FROM saved_addresses a JOIN "auth_user" u ON u.id = a.user_id WHERE u.email = $1 ORDER BY a.used_at DESC`, [email])).rows;

describe('saved addresses', () => {
  const email = `camille+${uuid()}@example.org`;
  let shopper: Shopper;

  it('an order placed signed in saves its address, once', async () => {
    shopper = await signedIn(app, email);
    await order(shopper, email, LYON);
    await order(shopper, email, { ...LYON, street_address: '12  RUE DES MARINIERS', address_locality: 'lyon' });
    const saved = await rows(email);
    expect(saved.length).toBe(1);
    expect(saved[0].address).toMatchObject({ first_name: 'Camille', postal_code: '69007', address_country: 'FR' });
  });

  it('the next checkout starts from the latest address with its cheapest option, and offers the others', async () => {
    await order(shopper, email, PARIS);
    expect((await shopper.post('/cart/add', { id: ITEMS.stocked.variant.id, quantity: 1 })).status).toBe(303);
    const page = await shopper.get('/checkout');
    expect(page.$('#street_address').val()).toBe('4 rue de Rivoli');
    expect(page.$('input[name=shipping_option]:checked').length).toBe(1);
    const choices = page.$('#address_id option').toArray().map((o) => page.$(o).text());
    // The same address typed again is one, kept as last typed.
    expect(choices).toEqual([expect.stringContaining('4 rue de Rivoli'), expect.stringMatching(/12\s+rue des mariniers, 69007 lyon/i)]);
    const lyon = page.$('#address_id option').eq(1).attr('value')!;
    const used = await shopper.post('/checkout', { ...checkoutForm(page), address_id: lyon, action: 'use_address' });
    expect(used.status).toBe(303);
    const again = await shopper.get('/checkout');
    expect(again.$('#street_address').val()).toMatch(/^12\s+rue des mariniers$/i);
    expect(again.$('#address_id option:selected').attr('value')).toBe(lyon);
  });

  it('another account can neither use nor delete them', async () => {
    const [target] = await rows(email);
    const other = `autre+${uuid()}@example.org`;
    const intruder = await signedIn(app, other);
    expect((await intruder.post('/cart/add', { id: ITEMS.stocked.variant.id, quantity: 1 })).status).toBe(303);
    const page = await intruder.get('/checkout');
    expect(page.$('#address_id').length).toBe(0);
    await intruder.post('/checkout', { ...checkoutForm(page), address_id: target.id, action: 'use_address' });
    expect((await intruder.get('/checkout')).$('#street_address').val()).toBe('');
    await intruder.post('/account', { action: 'delete_address', address_id: target.id });
    expect((await rows(email)).map((r) => r.id)).toContain(target.id);
  });

  it('the account page lists them and deletes one', async () => {
    const account = await shopper.get('/account');
    expect(account.$('.saved-addresses li').length).toBe(2);
    const id = account.$('.saved-addresses input[name=address_id]').first().val() as string;
    const deleted = await shopper.follow(await shopper.post('/account', { action: 'delete_address', address_id: id }));
    expect(deleted.$('.notice.ok').text()).toBe('Adresse supprimée.');
    expect(deleted.$('.saved-addresses li').length).toBe(1);
    expect((await rows(email)).map((r) => r.id)).not.toContain(id);
  });
});

describe('the session while shopping', () => {
  it('the checkout page renews a day-old session as the account page does (the cookie slides with it)', async () => {
    const email = `slide+${uuid()}@example.org`;
    const shopper = await signedIn(app, email);
    // The session was opened two days ago: the library renews it at the next read.
    await app.db.query(`UPDATE "auth_session" s SET "expiresAt" = now() + interval '5 days', "updatedAt" = now() - interval '2 days' FROM "auth_user" u WHERE u.id = s."userId" AND u.email = $1`, [email]);
    expect((await shopper.post('/cart/add', { id: ITEMS.stocked.variant.id, quantity: 1 })).status).toBe(303);
    const page = await shopper.get('/checkout');
    expect(page.headers.getSetCookie().some((c) => c.startsWith('__Secure-pp.session_token='))).toBe(true);
    const { rows: [session] } = await app.db.query<{ expires: Date }>(`SELECT s."expiresAt" AS expires FROM "auth_session" s JOIN "auth_user" u ON u.id = s."userId" WHERE u.email = $1`, [email]);
    expect(session.expires.getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
  });
});
