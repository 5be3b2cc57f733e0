// End to end against npm start (docs/storefront.md "Buying on the site"): the cart and checkout
// paths reach the function through the served stack (its `config.path`, in every locale), with
// their status codes, content types, cookies and refusals as the platform delivers them.
import { describe, expect, it } from 'vitest';
import { BASE } from './base';
import { catalogSnapshot } from '../../src/catalog/snapshot';

const catalog = catalogSnapshot();
// Untracked stock: the local database keeps what earlier runs bought, so a counted variant may be sold out.
const variant = catalog.products.find((p) => p.published && p.variants.length === 1 && p.variants[0].inventory === null && !p.ships_to)!.variants[0];
const sameSite = { origin: BASE, 'sec-fetch-site': 'same-origin' };

describe('shop paths on the served stack', () => {
  it('the cart page and the Ajax cart answer in every locale, with or without a trailing slash', async () => {
    for (const prefix of ['', '/en', '/de', '/cs']) {
      const page = await fetch(`${BASE}${prefix}/cart`);
      expect(page.status, `${prefix}/cart`).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.headers.get('x-frame-options')).toBe('DENY');
      expect((await fetch(`${BASE}${prefix}/cart/`)).status, `${prefix}/cart/`).toBe(200);
      const cart = await fetch(`${BASE}${prefix}/cart.js`);
      expect(cart.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await cart.json()).toMatchObject({ item_count: 0, items: [], currency: 'EUR' });
    }
  });

  it('adding sets the HttpOnly cart cookie and the count; the cart then holds the line; the checkout opens', async () => {
    const added = await fetch(`${BASE}/de/cart/add.js`, { method: 'POST', headers: { 'content-type': 'application/json', ...sameSite }, body: JSON.stringify({ id: variant.id, quantity: 2 }) });
    expect(added.status).toBe(200);
    const cookies = added.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith('cart='))).toMatch(/HttpOnly/);
    expect(cookies.find((c) => c.startsWith('cart_count='))).toMatch(/^cart_count=2;/);
    const jar = cookies.map((c) => c.split(';')[0]).join('; ');
    expect((await (await fetch(`${BASE}/de/cart.js`, { headers: { cookie: jar } })).json()).item_count).toBe(2);
    const checkout = await fetch(`${BASE}/de/checkout`, { headers: { cookie: jar }, redirect: 'manual' });
    expect(checkout.status).toBe(200);
    const html = await checkout.text();
    expect(html).toContain('<html lang="de-DE"');
    expect(html).toMatch(/<form method="post" action="\/de\/checkout" class="checkout-form"/);
    // The order button comes once the address and a shipping option are stored.
    expect(html).not.toContain('Zahlungspflichtig bestellen');
  });

  it('refuses what a client must not do, as JSON on the .js paths and never with a 500', async () => {
    // A cross-site form post of every shop form (the CLI hands some of them over as `<path>.html`).
    for (const path of ['/cart/add', '/de/cart/add', '/cart/change', '/checkout', '/cs/checkout']) {
      const refused = await fetch(`${BASE}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' }, body: `id=${variant.id}`, redirect: 'manual' });
      expect(refused.status, path).toBe(403);
    }
    expect((await fetch(`${BASE}/checkout`, { redirect: 'manual' })).headers.get('location')).toBe('/cart');
    const wrongMethod = await fetch(`${BASE}/cart/add.js`);
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('content-type')).toMatch(/^application\/json/);
    const crossSite = await fetch(`${BASE}/cart/add`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }, body: `id=${variant.id}`, redirect: 'manual' });
    expect(crossSite.status).toBe(403);
    const unknown = await fetch(`${BASE}/cart/add.js`, { method: 'POST', headers: { 'content-type': 'application/json', ...sameSite }, body: JSON.stringify({ id: 1, quantity: 1 }) });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ status: 404, message: 'Cart Error' });
    const junk = await fetch(`${BASE}/cart/add.js`, { method: 'POST', headers: { 'content-type': 'application/json', ...sameSite }, body: '{"id":' });
    expect(junk.status).toBe(400);
    const prefix = await fetch(`${BASE}/xx/cart`);
    expect(prefix.status).toBe(404);
  });
});
