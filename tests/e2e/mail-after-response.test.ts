// Under the Netlify CLI (`npm start`), as in production, a message a request queues is delivered
// after the response through `context.waitUntil` (src/http/router.ts): the approval code asked
// for on the store's page reaches the mail catcher within 2 s of the answer, and the order
// confirmation within 2 s of complete_checkout's, without waiting for the scheduled sweep.
import { describe, expect, it } from 'vitest';
import { BASE, MAIL_WEB } from './base';
import { call, catalog, codeOf, completeCheckout, newBuyerEmail, scarce, waitForMail } from './shop-client';

/** An untracked parcel variant (unlimited stock): the local database outlives runs. */
const variant = catalog.products.filter((p) => p.published && !p.freight && !p.ships_to).flatMap((p) => p.variants).find((v) => !v.inventory && v.grams > 0 && v.grams < 5000 && v.id !== scarce.id)!;
const ADDRESS = { first_name: 'Camille', last_name: 'Martin', street_address: '12 rue des Mariniers', postal_code: '69007', address_locality: 'Lyon', address_country: 'FR' };

describe('messages leave after the response, under the Netlify CLI', () => {
  it('the approval code and the order confirmation arrive within 2 s of their responses', async () => {
    const email = newBuyerEmail();
    const created = await call(BASE, 'create_checkout', { checkout: { line_items: [{ item: { id: String(variant.id) }, quantity: 1 }], buyer: { email }, fulfillment: { methods: [{ type: 'shipping', destinations: [ADDRESS] }] } } });
    const option = created.result.fulfillment.methods[0].groups[0].options[0].id;
    // update_checkout is a full replacement: the lines, the buyer and the address again, with the option.
    const ready = await call(BASE, 'update_checkout', { id: created.result.id, checkout: { line_items: [{ item: { id: String(variant.id) }, quantity: 1 }], buyer: { email }, fulfillment: { methods: [{ type: 'shipping', destinations: [ADDRESS], groups: [{ selected_option_id: option }] }] } } });
    expect(ready.result.status).toBe('requires_escalation');
    const url = new URL(ready.result.continue_url);
    const page = await (await fetch(url)).text();
    const form = { s: /name="s" value="([^"]+)"/.exec(page)![1], terms: /name="terms" value="([^"]+)"/.exec(page)![1] };
    const post = (fields: Record<string, string>) => fetch(`${url.origin}${url.pathname}`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: url.origin }, body: new URLSearchParams({ ...form, ...fields }).toString() });

    const askedAt = Date.now();
    const sent = await post({ action: 'send' });
    expect(sent.status).toBe(303);
    const answeredAt = Date.now();
    const codeMail = await waitForMail(MAIL_WEB, email, /\d{6}/, 2000);
    console.log(`approval code: answered in ${answeredAt - askedAt} ms, in the mail catcher ${Date.now() - answeredAt} ms after the response`);
    expect((await post({ action: 'confirm', code: codeOf(codeMail) })).status).toBe(303);

    const done = await completeCheckout(BASE, created.result.id);
    expect(done.result.status).toBe('completed');
    const completedAt = Date.now();
    await waitForMail(MAIL_WEB, email, new RegExp(done.result.order.label), 2000);
    console.log(`order confirmation: in the mail catcher ${Date.now() - completedAt} ms after the response`);
  });
});
