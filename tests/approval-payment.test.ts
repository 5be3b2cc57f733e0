// The approval names the payment method and can be refused (docs/agent-commerce.md "Buyer
// approval", "Payment handlers"; public/ucp/payment-handlers/sandbox-card.md):
// - an instrument the platform names with update_checkout (its facts, never a credential) is
//   shown on the approval page and covered by the approval: paying with another one needs a new
//   approval and charges nothing; without one, the page lists the accepted handler and brands
//   and any accepted instrument pays;
// - a declined payment voids the approval: another try waits for the buyer;
// - "this is not right" on the page cancels the checkout; the agent reads that the buyer refused.
// Every tool result is checked against the UCP schemas by callTool.
import { describe, expect, it } from 'vitest';
import { load } from 'cheerio';
import { approve, callTool, checkoutHandler, complete, openApproval, postApproval, readyCheckout, stateOf, updateWith, uuid } from './helpers/checkout';
import { checkoutUi } from '../src/i18n/checkout-ui';
import { shopUi } from '../src/i18n/shop-ui';


const { handler, db } = checkoutHandler();
const fr = checkoutUi('fr');

type Card = { id?: string; brand?: string; last_digits?: string };
/** A sandbox card instrument (selected); with a token only when paying. */
const instrument = (card: Card, token?: string) => ({
  id: card.id ?? 'pi_1', handler_id: 'sandbox_card', type: 'card', selected: true,
  ...(card.brand || card.last_digits ? { display: { ...(card.brand ? { brand: card.brand } : {}), ...(card.last_digits ? { last_digits: card.last_digits } : {}) } } : {}),
  ...(token ? { credential: { type: 'token', token } } : {}),
});
const MASTERCARD = { brand: 'mastercard', last_digits: '5454' };

/** update_checkout naming an instrument (a credential sent along is not kept), the rest of the checkout sent as it is (a full replacement). */
const name = (checkout: any, card: Card, extra: Record<string, unknown> = {}) =>
  updateWith(handler, checkout, { payment: { instruments: [{ ...instrument(card), ...extra }] } });
/** complete_checkout with one card and a new idempotency key. */
const pay = (id: string, card: Card, token = 'success_token') =>
  callTool(handler, 'complete_checkout', { meta: { 'idempotency-key': uuid() }, id, checkout: { payment: { instruments: [instrument(card, token)] } } });
const charges = async (checkoutId: string) =>
  (await db.query<{ display: unknown }>('SELECT c.display FROM charges c JOIN orders o ON o.id = c.order_id WHERE o.checkout_id = $1', [checkoutId])).rows;
const codes = (result: { messages?: Array<{ code?: string }> }) => (result.messages ?? []).map((m) => m.code);
const page = async (checkout: { continue_url: string }) => load((await openApproval(handler, checkout.continue_url)).text);

describe('a payment instrument named before the approval', () => {
  it('is shown on the page (handler, brand, last digits), covered by the approval, and pays', async () => {
    const ready = await readyCheckout(handler);
    const named = await name(ready, { ...MASTERCARD, id: 'pi_mc' }, { credential: { type: 'token', token: 'tok_secret_1' } });
    expect(named.status).toBe('requires_escalation');
    expect(named.payment.instruments, 'the named instrument (payment.terms beside it: the payment terms extension)').toEqual([{ id: 'pi_mc', handler_id: 'sandbox_card', type: 'card', selected: true, display: MASTERCARD }]);
    expect(JSON.stringify(named)).not.toMatch(/credential|tok_secret_1/);
    const { rows: [row] } = await db.query<{ data: { instrument?: unknown } }>('SELECT data FROM checkouts WHERE id = $1', [ready.id]);
    expect(row.data.instrument).toEqual({ id: 'pi_mc', handler_id: 'sandbox_card', type: 'card', ...MASTERCARD });
    expect(JSON.stringify(row.data)).not.toMatch(/credential|tok_secret_1/);

    const $ = await page(named);
    expect($('[data-instrument="sandbox_card"]').text()).toContain(`${fr.handlerSandboxCard} — Mastercard ${fr.cardEnding({ digits: '5454' })}`);
    expect($('[data-accepted-payment]').length).toBe(0);
    await approve(handler, named);
    expect((await callTool(handler, 'get_checkout', { id: ready.id })).status).toBe('ready_for_complete');

    // The platform's id of the instrument may differ: its facts are what the buyer approved.
    const paid = await pay(ready.id, { ...MASTERCARD, id: 'pi_other' });
    expect(paid.status).toBe('completed');
    expect(await charges(ready.id)).toEqual([{ display: MASTERCARD }]);
  });

  it.each([
    ['another brand', { brand: 'visa', last_digits: '5454' }],
    ['other last digits', { brand: 'mastercard', last_digits: '4444' }],
    ['no display', {}],
  ])('paying with %s needs a new approval (requires_escalation), nothing charged; once approved, it pays', async (_what, other) => {
    const ready = await readyCheckout(handler);
    await name(ready, MASTERCARD);
    await approve(handler, ready);
    const refused = await pay(ready.id, other);
    expect(refused.status).toBe('requires_escalation');
    expect(refused.continue_url).toBe(ready.continue_url);
    expect(codes(refused)).toEqual(expect.arrayContaining(['buyer_approval_required', 'payment_not_charged']));
    expect(refused.order).toBeUndefined();
    expect(await charges(ready.id)).toEqual([]);
    // The instrument sent is now the checkout's: the page shows it to the buyer.
    expect(refused.payment.instruments).toEqual([expect.objectContaining({ handler_id: 'sandbox_card', type: 'card', ...(Object.keys(other).length ? { display: other } : {}) })]);
    await approve(handler, refused);
    expect((await pay(ready.id, other)).status).toBe('completed');
    expect(await charges(ready.id)).toHaveLength(1);
  });

  it('naming another instrument after the approval voids it; [] names none; an instrument the store does not accept is refused and not named', async () => {
    const ready = await readyCheckout(handler);
    await name(ready, MASTERCARD);
    await approve(handler, ready);
    const renamed = await name(ready, { brand: 'cb', last_digits: '1234' });
    expect(renamed.status).toBe('requires_escalation');
    for (const [sent, path] of [
      [{ ...instrument({ brand: 'amex', last_digits: '0005' }) }, '$.payment.instruments[0].display.brand'],
      [{ ...instrument({}), handler_id: 'dev.ucp.mock_payment' }, '$.payment.instruments[0].handler_id'],
      [{ ...instrument({}), type: 'wallet' }, '$.payment.instruments[0].type'],
    ] as const) {
      const result = await updateWith(handler, ready, { payment: { instruments: [sent] } });
      expect(result.messages).toContainEqual(expect.objectContaining({ type: 'error', code: 'invalid_payment', path }));
      expect(result.payment.instruments[0].display).toEqual({ brand: 'cb', last_digits: '1234' });
    }
    const cleared = await updateWith(handler, ready, { payment: { instruments: [] } });
    expect(cleared.payment.instruments).toBeUndefined();
    // A full replacement without payment names none either.
    await name(ready, MASTERCARD);
    const { payment: _named, ...withoutPayment } = stateOf(renamed);
    expect((await callTool(handler, 'update_checkout', { id: ready.id, checkout: withoutPayment })).payment.instruments).toBeUndefined();
    expect((await page(cleared))('[data-accepted-payment]').length).toBe(1);
  });
});

describe('no instrument named', () => {
  it('the page lists the accepted handler and brands and says the assistant chooses; any accepted instrument pays', async () => {
    const ready = await readyCheckout(handler);
    expect(ready.payment.instruments).toBeUndefined();
    const $ = await page(ready);
    const accepted = $('[data-accepted-payment]').text();
    expect(accepted).toBe(fr.paymentAccepted({ handlers: `${fr.handlerSandboxCard} — Visa, Mastercard, CB` }));
    expect($('[data-instrument]').length).toBe(0);
    const english = await readyCheckout(handler, undefined, { language: 'en' });
    expect((await page(english))('[data-accepted-payment]').text()).toContain('Payment card (test mode) — Visa, Mastercard, CB');
    await approve(handler, ready);
    expect((await pay(ready.id, { brand: 'cb', last_digits: '1234' })).status).toBe('completed');
    expect(await charges(ready.id)).toEqual([{ display: { brand: 'cb', last_digits: '1234' } }]);
    // Any accepted brand, but not another one.
    await approve(handler, english);
    const amex = await pay(english.id, { brand: 'amex' });
    expect(amex.status).toBe('ready_for_complete');
    expect(amex.messages).toContainEqual(expect.objectContaining({ code: 'invalid_payment', path: '$.payment.instruments[0].display.brand' }));
    expect((await pay(english.id, { brand: 'visa', last_digits: '4242' })).status).toBe('completed');
  });
});

describe('a declined payment voids the approval', () => {
  it('after fail_token, success_token with a new key is refused (requires_escalation) until the buyer approves again', async () => {
    const ready = await readyCheckout(handler);
    await approve(handler, ready);
    const declined = await complete(handler, ready.id, 'fail_token');
    expect(declined.status).toBe('requires_escalation');
    expect(declined.messages).toContainEqual(expect.objectContaining({ type: 'error', code: 'payment_failed' }));
    expect(declined.messages).toContainEqual(expect.objectContaining({ type: 'error', code: 'buyer_approval_required', severity: 'requires_buyer_review', content: shopUi('fr').approvalRequired }));
    const retried = await complete(handler, ready.id, 'success_token', uuid());
    expect(retried.status).toBe('requires_escalation');
    expect(retried.order).toBeUndefined();
    expect(await charges(ready.id)).toEqual([]);
    // The page tells the buyer and offers the code again.
    const $ = await page(declined);
    expect($('[data-declined="true"]').text()).toBe(fr.declinedNotice);
    expect($('input[name="action"][value="send"]').length).toBe(1);
    await approve(handler, declined);
    expect((await complete(handler, ready.id, 'success_token', uuid())).status).toBe('completed');
    expect(await charges(ready.id)).toHaveLength(1);
  });

  it('with a named instrument, the next one is named for the buyer to approve', async () => {
    const ready = await readyCheckout(handler);
    await name(ready, MASTERCARD);
    await approve(handler, ready);
    expect((await pay(ready.id, MASTERCARD, 'fail_token')).status).toBe('requires_escalation');
    const other = await pay(ready.id, { brand: 'visa', last_digits: '4242' });
    expect(other.status).toBe('requires_escalation');
    expect(other.payment.instruments[0].display).toEqual({ brand: 'visa', last_digits: '4242' });
    const $ = await page(other);
    expect($('[data-instrument]').text()).toContain(`Visa ${fr.cardEnding({ digits: '4242' })}`);
    expect($('[data-declined="true"]').length).toBe(1);
    await approve(handler, other);
    expect((await pay(ready.id, { brand: 'visa', last_digits: '4242' })).status).toBe('completed');
    expect(await charges(ready.id)).toEqual([{ display: { brand: 'visa', last_digits: '4242' } }]);
  });
});

describe('"this is not right": the buyer refuses the order on the page', () => {
  const refuseForm = (fields: { secret?: string; terms?: string }) => ({ s: fields.secret!, terms: fields.terms!, action: 'refuse' });

  it('cancels the checkout; the agent reads that the buyer refused; the page confirms it; nothing can be paid', async () => {
    const ready = await readyCheckout(handler);
    const shown = await openApproval(handler, ready.continue_url);
    const $ = load(shown.text);
    const button = $('form input[name="action"][value="refuse"]').closest('form').find('button');
    expect(button.attr('class')).toContain('secondary-button');
    expect(button.text()).toBe(fr.refuseButton);

    // The same checks as the other actions: secret, terms shown, same site.
    expect((await postApproval(handler, ready.continue_url, { ...refuseForm(shown), s: 'wrong' })).status).toBe(404);
    expect((await postApproval(handler, ready.continue_url, { ...refuseForm(shown), terms: '0'.repeat(64) })).status).toBe(409);
    expect((await postApproval(handler, ready.continue_url, refuseForm(shown), { origin: 'https://evil.example' })).status).toBe(403);
    expect((await callTool(handler, 'get_checkout', { id: ready.id })).status).toBe('requires_escalation');

    const refused = await postApproval(handler, ready.continue_url, refuseForm(shown));
    expect(refused.status).toBe(303);
    expect(refused.location).toBe(`${new URL(ready.continue_url).pathname}${new URL(ready.continue_url).search}`);

    const read = await callTool(handler, 'get_checkout', { id: ready.id });
    expect(read.status).toBe('canceled');
    expect(read.continue_url).toBeUndefined();
    expect(read.messages).toEqual([expect.objectContaining({ type: 'info', code: 'checkout_canceled', content: fr.refusedNotice })]);

    const after = await page(ready);
    expect(after('.notice[data-refused="true"]').text()).toBe(fr.refusedNotice);
    expect(after('form').length).toBe(0);

    const paid = await complete(handler, ready.id);
    expect(paid.status).toBe('canceled');
    expect(paid.messages).toContainEqual(expect.objectContaining({ type: 'error', code: 'checkout_canceled' }));
    expect(await charges(ready.id)).toEqual([]);
    expect((await postApproval(handler, ready.continue_url, refuseForm(shown))).status).toBe(409);
  });

  it('after approving too: the approval is void and the agent cannot pay', async () => {
    const ready = await readyCheckout(handler, undefined, { language: 'de' });
    const approved = await approve(handler, ready);
    expect((await callTool(handler, 'get_checkout', { id: ready.id })).status).toBe('ready_for_complete');
    const shown = await openApproval(handler, ready.continue_url);
    expect(shown.terms).toBe(approved.terms);
    expect((await postApproval(handler, ready.continue_url, refuseForm(shown))).status).toBe(303);
    expect((await page(ready))('.notice[data-refused="true"]').text()).toBe(checkoutUi('de').refusedNotice);
    const paid = await complete(handler, ready.id);
    expect(paid.status).toBe('canceled');
    expect(codes(paid)).toContain('checkout_canceled');
    expect(await charges(ready.id)).toEqual([]);
  });
});
