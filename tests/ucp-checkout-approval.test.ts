// The buyer's approval, enforced by the server. complete_checkout charges only
// after the buyer approved these exact terms on the store's page, with the one-time code mailed
// to them, within 15 minutes; the attack cases (no approval, expired, terms changed, another
// checkout's approval, replay after completion, forged or cross-site posts) all fail; the page
// shows what is approved and its URL's base is explicit (request origin locally,
// content/store.yaml base_url in production). The code itself: tests/approval-code.test.ts.
import { describe, expect, it } from 'vitest';
import { load } from 'cheerio';
import { formatPrice } from '../src/views/format';
import { shopUi } from '../src/i18n/shop-ui';
import { publicBaseUrl } from '../src/checkout/commerce';
import { config as functionConfig } from '../netlify/functions/storefront';
import { createUrlSecrets } from '../src/checkout/secrets';
import { testDb } from './helpers/db';
import { ADDRESS, approve, callTool, catalog, checkoutHandler, complete, line, openApproval, postApproval, readyCheckout, requestCode, shipTo, stateOf, testClock, updateWith, uuid } from './helpers/checkout';
import { ITEMS, parcelMethodsTo } from './helpers/content';

/** Items cast by role over the content (tests/helpers/content.ts): a stocked parcel and a small one. */
const S = ITEMS.stocked.variant.id;
const M = ITEMS.small.variant.id;
/** A paid parcel method to France other than the cheapest. */
const EXPRESS = parcelMethodsTo('FR')[1];


const codes = (result: { messages?: Array<{ code?: string }> }) => (result.messages ?? []).map((m) => m.code);
const normalize = (text: string) => text.replace(/\s+/g, ' ').trim();

describe('no charge without the buyer\'s approval of the current terms', () => {
  const clock = testClock();
  const { handler, db } = checkoutHandler({ now: clock.now });
  const chargedOrders = async (checkout: { id: string }) => (await callTool(handler, 'get_checkout', { id: checkout.id })).order;

  it('without approval: requires_escalation, a requires_buyer_review message and the continue_url; nothing charged', async () => {
    const ready = await readyCheckout(handler);
    const result = await complete(handler, ready.id);
    expect(result.status).toBe('requires_escalation');
    expect(result.continue_url).toBe(ready.continue_url);
    expect(result.messages).toContainEqual(expect.objectContaining({ type: 'error', code: 'buyer_approval_required', severity: 'requires_buyer_review' }));
    expect(await chargedOrders(ready)).toBeUndefined();
  });

  it('an approval lasts 15 minutes', async () => {
    const ready = await readyCheckout(handler);
    await approve(handler, ready);
    clock.advance(15 * 60);
    expect((await callTool(handler, 'get_checkout', { id: ready.id })).status).toBe('ready_for_complete');
    clock.advance(1);
    const lapsed = await complete(handler, ready.id);
    expect(lapsed.status).toBe('requires_escalation');
    expect(lapsed.messages.find((m: { code: string }) => m.code === 'buyer_approval_required').content).toBe(shopUi('fr').approvalRequired); // the checkout's context.language (fr)
    await approve(handler, ready);
    expect((await complete(handler, ready.id)).status).toBe('completed');
  });

  it('any change of the terms voids it, and changing them back does not revive it', async () => {
    const ready = await readyCheckout(handler, [line(S, 1)]);
    await approve(handler, ready);
    // Each update repeats the rest of the checkout (a full replacement) and changes one term.
    const changed = await updateWith(handler, ready, { line_items: [line(S, 2)] });
    expect(changed.status).toBe('requires_escalation');
    expect((await complete(handler, ready.id)).status).toBe('requires_escalation');
    const back = await updateWith(handler, ready, { line_items: [line(S, 1)] });
    expect(back.totals).toEqual(ready.totals);
    expect(back.status).toBe('requires_escalation');
    for (const change of [
      { fulfillment: shipTo(ADDRESS.FR, EXPRESS) },
      (r: any) => ({ fulfillment: shipTo({ ...ADDRESS.FR, street_address: '13 rue des Mariniers' }, r.fulfillment.methods[0].groups[0].selected_option_id) }),
    ]) {
      const again = await readyCheckout(handler);
      await approve(handler, again);
      const updated = await updateWith(handler, again, typeof change === 'function' ? change(again) : change);
      expect(updated.messages.filter((m: { type: string }) => m.type === 'error').map((m: { code: string }) => m.code)).toEqual(['buyer_approval_required']);
      expect(updated.status).toBe('requires_escalation');
    }
  });

  it('the page refuses terms that changed between showing and posting (409) and shows the new ones', async () => {
    const ready = await readyCheckout(handler);
    const page = await openApproval(handler, ready.continue_url);
    const doubled = await updateWith(handler, ready, { line_items: [line(S, 2)] });
    for (const action of ['send', 'confirm']) {
      const posted = await postApproval(handler, ready.continue_url, { s: page.secret!, terms: page.terms!, action, code: '000000' });
      expect(posted.status).toBe(409);
      expect(load(posted.text)('tfoot tr.total [data-amount]').attr('data-amount')).toBe(String(doubled.totals.at(-1).amount));
      expect(load(posted.text)('input[name="terms"]').attr('value')).not.toBe(page.terms);
    }
    expect((await callTool(handler, 'get_checkout', { id: ready.id })).status).toBe('requires_escalation');
  });

  it('an approval cannot be moved to another checkout', async () => {
    const a = await readyCheckout(handler);
    const b = await readyCheckout(handler);
    const pageA = await openApproval(handler, a.continue_url);
    const pageB = await openApproval(handler, b.continue_url);
    expect(pageA.terms).not.toBe(pageB.terms);
    expect((await postApproval(handler, b.continue_url, { s: pageA.secret!, terms: pageA.terms!, action: 'send' })).status).toBe(404);
    expect((await postApproval(handler, b.continue_url, { s: pageB.secret!, terms: pageA.terms!, action: 'send' })).status).toBe(409);
    await approve(handler, a);
    expect((await callTool(handler, 'get_checkout', { id: b.id })).status).toBe('requires_escalation');
    expect((await complete(handler, b.id)).status).toBe('requires_escalation');
  });

  it('an approval cannot be replayed after completion', async () => {
    const ready = await readyCheckout(handler);
    const page = await approve(handler, ready);
    const done = await complete(handler, ready.id);
    expect(done.status).toBe('completed');
    const replay = await postApproval(handler, ready.continue_url, { s: page.secret!, terms: page.terms!, action: 'confirm', code: page.code });
    expect(replay.status).toBe(409);
    expect(load(replay.text)('button.order-button')).toHaveLength(0);
    const second = await complete(handler, ready.id);
    expect(second.order).toEqual(done.order);
    expect(codes(second)).toEqual(['checkout_completed']);
  });

  it('cannot be forged through the API: fields an agent could send do not approve anything', async () => {
    const ready = await readyCheckout(handler);
    const page = await openApproval(handler, ready.continue_url);
    const forged = await callTool(handler, 'update_checkout', { id: ready.id, checkout: { ...stateOf(ready), approval: { terms_hash: page.terms, approved_at: Math.floor(clock.now() / 1000) }, buyer: { email: 'camille@example.org', consent: { marketing: true } } } });
    expect(forged.status).toBe('requires_escalation');
    const withToken = await callTool(handler, 'complete_checkout', { id: ready.id, meta: { 'idempotency-key': uuid() }, checkout: { approval: page.terms, payment: { instruments: [{ id: 'x', handler_id: 'sandbox_card', type: 'card', credential: { type: 'approval_token', token: page.terms } }] } } });
    expect(withToken.status).toBe('requires_escalation');
    const { rows } = await db.query('SELECT approved_terms_hash, approved_at FROM checkouts WHERE id = $1', [ready.id]);
    expect(rows).toEqual([{ approved_terms_hash: null, approved_at: null }]);
  });

  it('the form is CSRF-safe: other origins, other content types and wrong secrets are refused; the URL secret is needed to read the page', async () => {
    const ready = await readyCheckout(handler);
    const page = await openApproval(handler, ready.continue_url);
    expect((await postApproval(handler, ready.continue_url, { s: page.secret!, terms: page.terms! }, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await postApproval(handler, ready.continue_url, { s: page.secret!, terms: page.terms! }, { origin: 'null', 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await postApproval(handler, ready.continue_url, { s: page.secret!, terms: page.terms! }, { 'content-type': 'text/plain' })).status).toBe(400);
    expect((await postApproval(handler, ready.continue_url, { s: 'A'.repeat(43), terms: page.terms! })).status).toBe(404);
    const url = new URL(ready.continue_url);
    const wrong = await handler(new Request(`${url.origin}${url.pathname}?s=${'B'.repeat(43)}`));
    const unknown = await handler(new Request(`${url.origin}/checkout/approve/chk_${'C'.repeat(32)}?s=${url.searchParams.get('s')}`));
    const bare = await handler(new Request(`${url.origin}${url.pathname}`));
    expect([wrong.status, unknown.status, bare.status]).toEqual([404, 404, 404]);
    expect(await wrong.text()).toBe(await unknown.text());
    expect((await callTool(handler, 'get_checkout', { id: ready.id })).status).toBe('requires_escalation');
  });
});

describe('the approval page', () => {
  const { handler } = checkoutHandler();

  it('shows lines, totals with VAT, address, shipping, the terms and withdrawal links and the order button with the amount', async () => {
    const ready = await readyCheckout(handler, [line(S, 1), line(M, 2)], { option: EXPRESS });
    const first = load((await openApproval(handler, ready.continue_url)).text);
    expect(first('button.order-button'), 'no order button before the code is sent').toHaveLength(0);
    expect(first('form input[name="action"][value="send"]')).toHaveLength(1);
    await requestCode(handler, ready);
    const page = await openApproval(handler, ready.continue_url);
    expect(page.status).toBe(200);
    const $ = load(page.text);
    expect($('input#code[autocomplete="one-time-code"][inputmode="numeric"]')).toHaveLength(1);
    expect($('label[for="code"]').text()).toContain('Code reçu par e-mail');
    expect($('html').attr('lang')).toBe('fr-FR');
    const total = ready.totals.at(-1);
    expect(normalize($('button.order-button').text())).toBe(normalize(`Commander avec obligation de paiement — ${formatPrice(total.amount, 'fr')}`));
    expect($('tbody tr').map((_i, tr) => $(tr).attr('data-line-id')).get()).toEqual([`li_${S}`, `li_${M}`]);
    expect($('tbody tr').eq(1).find('td').eq(1).text()).toBe('2');
    const shown = $('tfoot [data-amount]').map((_i, el) => Number($(el).attr('data-amount'))).get();
    expect(shown).toEqual(ready.totals.flatMap((t: { amount: number; lines?: Array<{ amount: number }> }) => [t.amount, ...(t.lines ?? []).map((l) => l.amount)]));
    expect($('tfoot').text()).toContain('dont TVA 20');
    expect($('address').text()).toContain('12 rue des Mariniers');
    expect($('[data-option-id]').attr('data-option-id')).toBe(EXPRESS);
    expect($(`a[href="/pages/${catalog.store.pages.terms}/"]`)).toHaveLength(1);
    expect($(`a[href="/pages/${catalog.store.pages.returns}/"]`)).toHaveLength(1);
  });

  it('is localized from the checkout\'s language, with the locale\'s order button', async () => {
    const labels = { de: 'Zahlungspflichtig bestellen', nl: 'Bestellen met betalingsverplichting', sv: 'Beställ med betalningsskyldighet', cs: 'Objednávka zavazující k platbě' } as const;
    for (const [locale, label] of Object.entries(labels)) {
      const ready = await readyCheckout(handler, [line(M)], { language: locale, address: ADDRESS.DE });
      expect(ready.continue_url).toContain(`/${locale}/checkout/approve/`);
      await requestCode(handler, ready);
      const $ = load((await openApproval(handler, ready.continue_url)).text);
      expect(normalize($('button.order-button').text())).toBe(normalize(`${label} — ${formatPrice(ready.totals.at(-1).amount, locale as 'de')}`));
      expect($(`a[href="/${locale}/pages/${catalog.store.pages.returns}/"]`)).toHaveLength(1);
    }
  });

  it('is private: no cache, no secret in referrers, no framing, no indexing, a strict CSP', async () => {
    const ready = await readyCheckout(handler);
    const page = await openApproval(handler, ready.continue_url);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('referrer-policy')).toBe('strict-origin');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('x-robots-tag')).toContain('noindex');
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'.*form-action 'self'.*frame-ancestors 'none'/);
  });

  it('an incomplete checkout has no order button, and its approval is refused', async () => {
    const created = await callTool(handler, 'create_checkout', { checkout: { line_items: [line(S)], buyer: { email: 'a@b.example' }, fulfillment: { methods: [{ destinations: [ADDRESS.FR] }] } } });
    expect(created.status).toBe('incomplete');
    const ready = await readyCheckout(handler);
    const { secret } = await openApproval(handler, ready.continue_url);
    await updateWith(handler, ready, { fulfillment: shipTo(ADDRESS.FR, null) });
    const page = await openApproval(handler, ready.continue_url);
    const $ = load(page.text);
    // No code to send, no order button: the only form left is "this is not right" (refusing the order).
    expect($('button.order-button, input[name="action"][value="send"], input[name="action"][value="confirm"]')).toHaveLength(0);
    expect($('form input[name="action"]').map((_i, el) => $(el).attr('value')).get()).toEqual(['refuse']);
    expect($('.notice.wait')).toHaveLength(1);
    expect((await postApproval(handler, ready.continue_url, { s: secret!, terms: 'x' })).status).toBe(409);
  });
});

describe('the base URL of continue_url and permalink_url', () => {
  it('is the request origin only when asked (local runs and tests), content/store.yaml base_url otherwise', () => {
    expect(publicBaseUrl('https://shop.example/', 'http://deploy-preview.test', true)).toBe('http://deploy-preview.test');
    expect(publicBaseUrl('https://shop.example/', 'https://evil.example', false)).toBe('https://shop.example');
    // `npm start` (netlify serve) sets no NETLIFY_DEV: a loopback origin is a local run.
    for (const local of ['http://localhost:8888', 'http://127.0.0.1:35000', 'http://[::1]:8888', 'http://shop.localhost:8888']) expect(publicBaseUrl('https://shop.example', local, false)).toBe(local);
    expect(publicBaseUrl('https://shop.example', undefined, true)).toBe('https://shop.example');
    expect(publicBaseUrl('https://shop.example', 'javascript:alert(1)', true)).toBe('https://shop.example');
  });

  it('production builds continue_url on the store\'s base_url whatever host the request came to', async () => {
    const { handler } = checkoutHandler({ useRequestOrigin: false });
    const rpc = async (name: string, args: unknown) => {
      const res = await handler(new Request('https://deploy-preview-7--poissons-et-pousses.netlify.app/api/ucp/mcp', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }) }));
      const body = await res.json();
      if (!body.result) throw new Error(JSON.stringify(body));
      return body.result.structuredContent;
    };
    const ready = await rpc('create_checkout', { checkout: { line_items: [line(M)], buyer: { email: 'a@b.example' }, fulfillment: { methods: [{ destinations: [ADDRESS.FR], groups: [{ selected_option_id: parcelMethodsTo('FR')[0] }] }] } } });
    expect(ready.status).toBe('requires_escalation');
    expect(ready.continue_url.startsWith(`${catalog.store.base_url}/checkout/approve/${ready.id}?s=`)).toBe(true);
    expect(ready.links[0].url.startsWith(catalog.store.base_url)).toBe(true);
    // The same service answering on a loopback host (npm start) builds them on that host.
    const local = await readyCheckout(handler);
    expect(local.continue_url.startsWith('http://localhost:8888/checkout/approve/')).toBe(true);
  });

  it('the function serves the approval and order pages under every locale prefix', () => {
    expect(functionConfig.path).toEqual(expect.arrayContaining(['/checkout/approve/*', '/:locale/checkout/approve/*', '/orders/*', '/:locale/orders/*']));
  });
});

describe('URL secrets', () => {
  it('are derived from UCP_URL_SECRET_KEY when set (nothing stored), else from a key created once in the database; records keep only a digest', async () => {
    const db = testDb();
    const storedKeys = async () => (await db.query<{ name: string }>('SELECT name FROM service_keys')).rows.map((r) => r.name);
    expect(() => createUrlSecrets(db, 'too short')).toThrow(/32 characters/);
    const keyed = createUrlSecrets(db, 'k'.repeat(32));
    const ref = await keyed.mint('approve', 'chk_1');
    const secret = await keyed.secret('approve', 'chk_1', ref);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(ref)).not.toContain(secret);
    expect(keyed.matches(secret, ref)).toBe(true);
    expect(keyed.matches(await keyed.secret('order', 'chk_1', ref), ref)).toBe(false);
    expect(keyed.matches(await keyed.secret('approve', 'chk_2', ref), ref)).toBe(false);
    expect(await storedKeys()).toEqual([]);
    // Two instances without the environment key: both create a key at once, one is kept and shared.
    const a = createUrlSecrets(db);
    const b = createUrlSecrets(db);
    const [shared] = await Promise.all([a.mint('order', 'ord_1'), b.mint('order', 'ord_2')]);
    expect(b.matches(await a.secret('order', 'ord_1', shared), shared)).toBe(true);
    expect(await storedKeys()).toEqual(['url-secrets']);
  });
});
