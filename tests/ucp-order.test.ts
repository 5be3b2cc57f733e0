// Orders persist in the database (another instance of the service reads them), get_order returns line
// items with quantities and status, totals, the destination, fulfillment expectations and
// events (starting with `processing`); unknown, malformed and other platforms' ids are
// not_found; the order's permalink_url is a localized status page protected by its secret.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load } from 'cheerio';
import { UCP_VERSION, CAPABILITIES } from '../src/ucp/version';
import { ADDRESS, approve, callTool, checkoutHandler, complete, line, readyCheckout } from './helpers/checkout';
import { platformProfile, profileServer } from './helpers/ucp';
import { testDb } from './helpers/db';
import { ITEMS } from './helpers/content';
import { checkoutUi } from '../src/i18n/checkout-ui';

/** A parcel in stock and an item with nothing to ship (tests/helpers/content.ts). */
const S = ITEMS.stocked.variant.id;
const D = ITEMS.digital.variant.id;

let profiles: Awaited<ReturnType<typeof profileServer>>;
beforeAll(async () => {
  const all = Object.fromEntries(Object.keys(CAPABILITIES).map((c) => [c, [UCP_VERSION]]));
  const json = (body: unknown) => (res: import('node:http').ServerResponse) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  profiles = await profileServer({ '/a.json': json(platformProfile(UCP_VERSION, all)), '/b.json': json(platformProfile(UCP_VERSION, all)) });
});
afterAll(async () => {
  await profiles.close();
});

describe('orders', () => {
  it('persist in the database: another instance of the service reads the order of a completed checkout', async () => {
    const db = testDb();
    const first = checkoutHandler({ db }).handler;
    const ready = await readyCheckout(first, [line(S), line(D)], { address: ADDRESS.DE, language: 'de' });
    await approve(first, ready);
    const done = await complete(first, ready.id);
    const second = checkoutHandler({ db }).handler;
    const order = await callTool(second, 'get_order', { id: done.order.id });
    expect(order).toMatchObject({ id: done.order.id, label: done.order.label, checkout_id: ready.id, currency: 'EUR', totals: ready.totals });
    expect(order.label).toMatch(/^PP-\d{8}-[A-HJ-NP-Z2-9]{6}$/);
    expect(order.line_items.map((li: { id: string; quantity: unknown; status: string }) => [li.id, li.quantity, li.status])).toEqual([
      [`li_${S}`, { original: 1, total: 1, fulfilled: 0 }, 'processing'],
      [`li_${D}`, { original: 1, total: 1, fulfilled: 0 }, 'processing'],
    ]);
    const [shipping, digital] = order.fulfillment.expectations;
    expect(shipping).toMatchObject({ method_type: 'shipping', line_items: [{ id: `li_${S}`, quantity: 1 }], destination: ADDRESS.DE, fulfillable_on: 'now' });
    expect(shipping.description).toContain(ready.fulfillment.methods[0].groups[0].options.find((o: { id: string }) => o.id === ready.fulfillment.methods[0].groups[0].selected_option_id).title);
    expect(digital).toMatchObject({ method_type: 'digital', line_items: [{ id: `li_${D}`, quantity: 1 }] });
    expect(order.fulfillment.events).toEqual([expect.objectContaining({ type: 'processing', line_items: [{ id: `li_${S}`, quantity: 1 }, { id: `li_${D}`, quantity: 1 }], description: checkoutUi('de').statusProcessing })]);
    expect(order.permalink_url).toMatch(new RegExp(`^http://localhost:8888/de/orders/${order.id}\\?s=[A-Za-z0-9_-]{43}$`));
    expect((await callTool(second, 'get_checkout', { id: ready.id })).order).toEqual(done.order);
  });

  it('unknown, malformed and other platforms\' order ids are not_found', async () => {
    const { handler } = checkoutHandler();
    const metaA = { 'ucp-agent': { profile: `${profiles.url}/a.json` } };
    const metaB = { 'ucp-agent': { profile: `${profiles.url}/b.json` } };
    const ready = await readyCheckout(handler, [line(ITEMS.small.variant.id)], { meta: metaA });
    await approve(handler, ready);
    const done = await callTool(handler, 'complete_checkout', { id: ready.id, meta: { ...metaA, 'idempotency-key': crypto.randomUUID() }, checkout: { payment: { instruments: [{ id: 'p', handler_id: 'sandbox_card', type: 'card', credential: { type: 'token', token: 'success_token' } }] } } });
    expect(done.status).toBe('completed');
    expect((await callTool(handler, 'get_order', { id: done.order.id, meta: metaA })).id).toBe(done.order.id);
    for (const [id, meta] of [[done.order.id, metaB], [done.order.id, undefined], [`ord_${'A'.repeat(32)}`, metaA], ['ord_x', metaA], ['../payments/x', metaA]] as const) {
      const result = await callTool(handler, 'get_order', { id, ...(meta ? { meta } : {}) });
      expect(result, String(id)).toMatchObject({ ucp: { status: 'error' }, messages: [{ type: 'error', code: 'not_found', severity: 'unrecoverable' }] });
    }
    expect(await callTool(handler, 'get_checkout', { id: ready.id, meta: metaB })).toMatchObject({ messages: [{ code: 'not_found' }] });
  });

  it('the permalink_url is a localized status page, readable only with its secret', async () => {
    const { handler } = checkoutHandler();
    const ready = await readyCheckout(handler, [line(S)], { language: 'it', address: ADDRESS.DE });
    await approve(handler, ready);
    const done = await complete(handler, ready.id);
    const res = await handler(new Request(done.order.permalink_url));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const $ = load(await res.text());
    expect($('html').attr('lang')).toBe('it-IT');
    expect($('h1').text()).toBe(`Ordine ${done.order.label}`);
    expect($('[data-status]').text()).toBe('In preparazione');
    expect($('tfoot tr.total [data-amount]').attr('data-amount')).toBe(String(ready.totals.at(-1).amount));
    const url = new URL(done.order.permalink_url);
    expect((await handler(new Request(`${url.origin}${url.pathname}?s=${'x'.repeat(43)}`))).status).toBe(404);
    expect((await handler(new Request(`${url.origin}${url.pathname}`, { method: 'POST' }))).status).toBe(405);
    const approvalPage = load(await (await handler(new Request(ready.continue_url))).text());
    expect(approvalPage('.notice.ok a').attr('href')).toBe(`${url.pathname}${url.search}`);
  });
});
