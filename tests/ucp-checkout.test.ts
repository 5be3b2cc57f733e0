// The checkout tools end to end (the standard flow of docs/agent-commerce.md "Endpoint and tools" on a
// real PostgreSQL database), the status
// lifecycle of docs/agent-commerce.md "Carts and checkouts" with every transition and error, the fulfillment extension and
// shipping rules, terminal states, expiry and idempotent replays. Every result is validated
// against the official UCP schemas (callTool).
import { beforeAll, describe, expect, it } from 'vitest';
import { netOfVat } from '../src/commerce/vat';
import { CHECKOUT_TTL_SECONDS } from '../src/state/checkouts';
import { ADDRESS, approve, callRaw, callTool, catalog, checkoutHandler, complete, line, readyCheckout, shipTo, stateOf, testClock, updateWith, uuid } from './helpers/checkout';
import { expectUcpValid, ucpValidatorsFor } from './helpers/ucp-schemas';
import { post, sdkClient, type Handler } from './helpers/ucp';
import { ITEMS, bandPrice, exportPrice, parcelMethodsTo, priceOf, titleOf, vatRateOf } from './helpers/content';
const codes = (result: { messages?: Array<{ code?: string }> }) => (result.messages ?? []).map((m) => m.code);
/** The items bought (tests/helpers/content.ts): a parcel priced from the free-shipping threshold, a small cheap parcel, nothing to ship. */
const { stocked, small, digital } = ITEMS;
const S = stocked.variant.id;
const M = small.variant.id;

describe('the purchase flow', () => {
  const clock = testClock();
  let handler: Handler;
  beforeAll(() => {
    handler = checkoutHandler({ now: clock.now }).handler;
  });

  it('tools/list → search_catalog → create_cart → create_checkout → update_checkout → approval → complete_checkout → get_order', async () => {
    const list = await post(handler, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const names = (list.body.result.tools as Array<{ name: string }>).map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['create_checkout', 'get_checkout', 'update_checkout', 'complete_checkout', 'cancel_checkout', 'get_order']));

    const search = await callTool(handler, 'search_catalog', { catalog: { query: titleOf(stocked.product), context: { address_country: 'FR', currency: 'EUR' } } });
    const variant = search.products[0].variants[0];
    const cart = await callTool(handler, 'create_cart', { cart: { line_items: [{ item: { id: variant.id }, quantity: 1 }], context: { address_country: 'FR', language: 'fr' } } });
    const created = await callTool(handler, 'create_checkout', { checkout: { cart_id: cart.id } });
    expect(created).toMatchObject({ status: 'incomplete', currency: 'EUR', line_items: [{ item: { id: variant.id, price: variant.price.amount }, quantity: 1 }] });
    expect(created.id).toMatch(/^chk_[A-Za-z0-9_-]{32}$/);
    expect(created.expires_at).toBe(new Date(clock.now() + CHECKOUT_TTL_SECONDS * 1000).toISOString());
    expect(codes(created)).toEqual(['missing', 'missing']);
    expect(created.messages.map((m: { path: string }) => m.path)).toEqual(['$.buyer.email', '$.fulfillment.methods[0].destinations']);

    // Each update sends the whole checkout (UCP: a full replacement): what it leaves out is cleared.
    const addressed = await callTool(handler, 'update_checkout', { id: created.id, checkout: { ...stateOf(created), buyer: { email: 'camille@example.org' }, fulfillment: shipTo(ADDRESS.FR) } });
    expect(addressed.status).toBe('incomplete');
    expect(addressed.messages.find((m: { code: string }) => m.code === 'missing').path).toBe('$.fulfillment.methods[0].groups[0].selected_option_id');
    const group = addressed.fulfillment.methods[0].groups[0];
    const chosen = group.options.find((o: { id: string }) => o.id === parcelMethodsTo('FR')[1]);
    // The address is kept by naming its destination (selected_destination_id) instead of sending it again.
    const ready = await callTool(handler, 'update_checkout', {
      id: created.id,
      checkout: { ...stateOf(addressed), fulfillment: { methods: [{ id: 'shipping_1', line_item_ids: [created.line_items[0].id], selected_destination_id: addressed.fulfillment.methods[0].selected_destination_id, groups: [{ id: group.id, selected_option_id: parcelMethodsTo('FR')[1] }] }] } },
    });
    expect(ready.fulfillment.methods[0].destinations).toEqual(addressed.fulfillment.methods[0].destinations);
    expect(ready.status).toBe('requires_escalation');
    expect(ready.continue_url).toMatch(new RegExp(`^http://localhost:8888/checkout/approve/${ready.id}\\?s=[A-Za-z0-9_-]{43}$`));
    expect(ready.messages.find((m: { code: string }) => m.code === 'buyer_approval_required')).toMatchObject({ type: 'error', severity: 'requires_buyer_review' });
    expect(ready.totals).toEqual([
      { type: 'subtotal', amount: variant.price.amount },
      { type: 'fulfillment', amount: chosen.totals[0].amount },
      { type: 'total', amount: variant.price.amount + chosen.totals[0].amount, lines: expect.any(Array) },
    ]);

    const refused = await complete(handler, ready.id);
    expect(refused.status).toBe('requires_escalation');
    expect(refused.order).toBeUndefined();

    await approve(handler, ready);
    expect((await callTool(handler, 'get_checkout', { id: ready.id })).status).toBe('ready_for_complete');
    const done = await complete(handler, ready.id);
    expect(done.status).toBe('completed');
    expect(done.order.id).toMatch(/^ord_/);
    expect(done.order.permalink_url).toMatch(new RegExp(`^http://localhost:8888/orders/${done.order.id}\\?s=`));
    expect(done.totals).toEqual(ready.totals);

    const order = await callTool(handler, 'get_order', { id: done.order.id });
    expect(order).toMatchObject({ id: done.order.id, checkout_id: ready.id, currency: 'EUR', totals: ready.totals });
    expect(order.line_items[0]).toMatchObject({ quantity: { original: 1, total: 1, fulfilled: 0 }, status: 'processing' });
    expect(order.fulfillment.events.map((e: { type: string }) => e.type)).toEqual(['processing']);
    expect((await handler(new Request(done.order.permalink_url))).status).toBe(200);
    expect((await callTool(handler, 'get_checkout', { id: ready.id })).status).toBe('completed');
  });

  it('a live checkout of the same cart is returned; after it is canceled, a new one is created', async () => {
    const cart = await callTool(handler, 'create_cart', { cart: { line_items: [line(S)] } });
    const first = await callTool(handler, 'create_checkout', { checkout: { cart_id: cart.id } });
    const again = await callTool(handler, 'create_checkout', { checkout: { cart_id: cart.id, line_items: [line(M)] } });
    expect(again.id).toBe(first.id);
    expect(again.line_items.map((li: { id: string }) => li.id)).toEqual([`li_${S}`]);
    await callTool(handler, 'cancel_checkout', { id: first.id, meta: { 'idempotency-key': uuid() } });
    const fresh = await callTool(handler, 'create_checkout', { checkout: { cart_id: cart.id } });
    expect(fresh.id).not.toBe(first.id);
  });
});

describe('checkout lifecycle and errors (docs/agent-commerce.md "Carts and checkouts")', () => {
  const clock = testClock();
  const { handler } = checkoutHandler({ now: clock.now });

  it('create_checkout needs line items or a cart; unknown carts and unbuyable items give error responses', async () => {
    const none = await callRaw(handler, 'create_checkout', { checkout: {} });
    expect(none.body.error).toMatchObject({ code: -32602 });
    expect(none.body.error.message).toContain('checkout.line_items');
    const badQuantity = await callRaw(handler, 'create_checkout', { checkout: { line_items: [line(S, 0)] } });
    expect(badQuantity.body.error.message).toContain('checkout.line_items[0].quantity');
    const cart = await callTool(handler, 'create_checkout', { checkout: { cart_id: 'cart_nope' } });
    expect(cart).toMatchObject({ ucp: { status: 'error' }, messages: [{ code: 'not_found', severity: 'unrecoverable' }] });
    const { soldOut } = ITEMS;
    const unbuyable = await callTool(handler, 'create_checkout', { checkout: { line_items: [line('nope'), line(soldOut.variant.id)] } });
    expect(unbuyable.ucp.status).toBe('error');
    expect(codes(unbuyable)).toEqual(['not_found', 'out_of_stock']);
    const empty = await callTool(handler, 'create_checkout', { checkout: { line_items: [] } });
    expect(codes(empty)).toEqual(['missing']);
  });

  it('unknown, malformed and other platforms\' ids are not_found', async () => {
    for (const id of ['chk_' + 'A'.repeat(32), 'nope', '../carts/x']) {
      for (const tool of ['get_checkout', 'update_checkout', 'cancel_checkout', 'complete_checkout']) {
        const args = { id, meta: { 'idempotency-key': uuid() }, checkout: tool === 'complete_checkout' ? { payment: { instruments: [{ id: 'p', handler_id: 'sandbox_card', type: 'card' }] } } : { line_items: [line(S)] } };
        const result = await callTool(handler, tool, tool === 'get_checkout' || tool === 'cancel_checkout' ? { id, meta: args.meta } : args);
        expect(result, `${tool} ${id}`).toMatchObject({ ucp: { status: 'error' }, messages: [{ code: 'not_found' }] });
      }
    }
  });

  it('ready_for_complete → incomplete when an update introduces a problem, and back; any change voids the approval', async () => {
    const ready = await readyCheckout(handler);
    await approve(handler, ready);
    expect((await callTool(handler, 'get_checkout', { id: ready.id })).status).toBe('ready_for_complete');
    const broken = await updateWith(handler, ready, { fulfillment: shipTo(ADDRESS.US) });
    expect(broken.status).toBe('incomplete');
    expect(codes(broken)).toContain('address_undeliverable');
    const back = await updateWith(handler, ready, { fulfillment: shipTo(ADDRESS.FR, ready.fulfillment.methods[0].groups[0].selected_option_id) });
    expect(back.totals).toEqual(ready.totals);
    expect(back.status).toBe('requires_escalation');
  });

  it('full replacement, the rest of the checkout sent as it was: line items replaced, the option cleared with null, an invalid buyer refused, destinations [] removes the address', async () => {
    const ready = await readyCheckout(handler);
    const more = await updateWith(handler, ready, { line_items: [line(S, 2), line(M, 3)] });
    expect(more.line_items.map((li: { id: string; quantity: number }) => [li.id, li.quantity])).toEqual([[`li_${S}`, 2], [`li_${M}`, 3]]);
    expect(more.buyer).toEqual(ready.buyer);
    expect(more.fulfillment.methods[0].destinations[0]).toMatchObject(ADDRESS.FR);
    const cleared = await updateWith(handler, more, { fulfillment: shipTo(ADDRESS.FR, null) });
    expect(cleared.fulfillment.methods[0].groups[0].selected_option_id).toBeNull();
    expect(cleared.status).toBe('incomplete');
    const badEmail = await callRaw(handler, 'update_checkout', { id: ready.id, checkout: { ...stateOf(ready), buyer: { email: 'not-an-email' } } });
    expect(badEmail.body.error).toMatchObject({ code: -32602, data: { argument: 'checkout.buyer.email' } });
    expect((await callTool(handler, 'get_checkout', { id: ready.id })).buyer).toEqual(ready.buyer);
    const noAddress = await updateWith(handler, ready, { fulfillment: { methods: [{ destinations: [] }] } });
    expect(noAddress.fulfillment.methods[0].destinations).toEqual([]);
    const partial = await updateWith(handler, ready, { fulfillment: shipTo({ address_country: 'FR', postal_code: '69007' }) });
    expect(partial.messages.filter((m: { code: string }) => m.code === 'invalid_address').map((m: { path: string }) => m.path)).toEqual([
      '$.fulfillment.methods[0].destinations[0].street_address', '$.fulfillment.methods[0].destinations[0].address_locality', '$.fulfillment.methods[0].destinations[0].last_name',
    ]);
  });

  it('completed and canceled are terminal: later calls return the checkout with an error and change nothing', async () => {
    const ready = await readyCheckout(handler);
    await approve(handler, ready);
    const done = await complete(handler, ready.id);
    const update = await callTool(handler, 'update_checkout', { id: ready.id, checkout: { line_items: [line(S, 5)] } });
    expect(update).toMatchObject({ status: 'completed', line_items: done.line_items, order: done.order });
    expect(update.messages).toEqual([expect.objectContaining({ code: 'checkout_completed', severity: 'unrecoverable' })]);
    expect(codes(await callTool(handler, 'cancel_checkout', { id: ready.id, meta: { 'idempotency-key': uuid() } }))).toEqual(['checkout_completed']);
    const again = await complete(handler, ready.id);
    expect(again.status).toBe('completed');
    expect(codes(again)).toEqual(['checkout_completed']);

    const other = await readyCheckout(handler);
    const canceled = await callTool(handler, 'cancel_checkout', { id: other.id, meta: { 'idempotency-key': uuid() } });
    expect(canceled.status).toBe('canceled');
    expect(canceled.continue_url).toBeUndefined();
    for (const result of [
      await callTool(handler, 'update_checkout', { id: other.id, checkout: { line_items: [line(S)], buyer: { email: 'x@y.example' } } }),
      await callTool(handler, 'cancel_checkout', { id: other.id, meta: { 'idempotency-key': uuid() } }),
      await complete(handler, other.id),
    ]) {
      expect(result.status).toBe('canceled');
      expect(codes(result)).toContain('checkout_canceled');
      expect(result.buyer).toEqual({ email: other.buyer.email });
    }
  });

  it('replays with the same idempotency key return the cached response; another payload with the key is a 409', async () => {
    const ready = await readyCheckout(handler);
    const key = uuid();
    const first = await callTool(handler, 'cancel_checkout', { id: ready.id, meta: { 'idempotency-key': key } });
    const replay = await callTool(handler, 'cancel_checkout', { id: ready.id, meta: { 'idempotency-key': key } });
    expect(replay).toEqual(first);
    expect(replay.messages.filter((m: { type: string }) => m.type === 'error')).toEqual([]);
    expect((await callTool(handler, 'cancel_checkout', { id: ready.id, meta: { 'idempotency-key': uuid() } })).messages).toContainEqual(expect.objectContaining({ type: 'error', code: 'checkout_canceled' }));
    const conflict = await callRaw(handler, 'cancel_checkout', { id: (await readyCheckout(handler)).id, meta: { 'idempotency-key': key } });
    expect(conflict.status).toBe(409);
    expect(conflict.body.error).toMatchObject({ code: -32000, data: { code: 'idempotency_conflict' } });
    const missingKey = await callRaw(handler, 'cancel_checkout', { id: ready.id });
    expect(missingKey.body.error.message).toContain('meta.idempotency-key');
  });

  it('expires 6 hours after creation and then reads as canceled', async () => {
    const ready = await readyCheckout(handler);
    clock.advance(CHECKOUT_TTL_SECONDS - 1);
    expect((await callTool(handler, 'get_checkout', { id: ready.id })).status).toBe('requires_escalation');
    clock.advance(2);
    const expired = await callTool(handler, 'get_checkout', { id: ready.id });
    expect(expired.status).toBe('canceled');
    expect(codes(expired)).toEqual(['checkout_canceled']);
    expect(codes(await callTool(handler, 'update_checkout', { id: ready.id, checkout: { line_items: [line(S)] } }))).toContain('checkout_canceled');
    expect((await complete(handler, ready.id)).status).toBe('canceled');
  });
});

describe('fulfillment and shipping (content/shipping.yaml; docs/agent-commerce.md "Fulfillment")', () => {
  const { handler } = checkoutHandler();

  it('one shipping method with its destination and one group whose options have distinguishable titles', async () => {
    const ready = await readyCheckout(handler, [line(M)], { address: ADDRESS.DE, language: 'de' });
    const { methods } = ready.fulfillment;
    expect(methods).toHaveLength(1);
    expect(methods[0]).toMatchObject({ type: 'shipping', selected_destination_id: methods[0].destinations[0].id, line_item_ids: [`li_${M}`] });
    expect(methods[0].groups).toHaveLength(1);
    // UCP 2026-08-25 (no platform profile: the current version) tags the destination and gives descriptions as {plain}.
    expect(methods[0].destinations[0].type).toBe('shipping_address');
    const options = (methods[0].groups[0].options as Array<{ id: string; title: string; description: { plain: string }; totals: Array<{ amount: number }> }>)
      .map((o) => ({ ...o, description: o.description.plain }));
    // Every parcel method of Germany's zone, cheapest first, at its weight band's price (content/shipping.yaml).
    expect(options.map((o) => o.id).sort()).toEqual(parcelMethodsTo('DE').sort());
    expect(options.map((o) => o.totals[0].amount)).toEqual(options.map((o) => bandPrice(o.id, small.variant.grams)));
    expect(options.map((o) => o.totals[0].amount)).toEqual(options.map((o) => o.totals[0].amount).sort((a, b) => a - b));
    expect(new Set(options.map((o) => o.title)).size).toBe(options.length);
    for (const o of options) {
      expect(o.description).not.toBe(o.title);
      expect(o.description.startsWith(o.title)).toBe(false);
      expect(o.description).not.toMatch(/€|EUR|\d+[.,]\d\d/);
    }
    const total = priceOf(small.variant) + options[0].totals[0].amount;
    const rate = vatRateOf('DE');
    expect(ready.totals.at(-1).lines).toEqual([
      { display_text: 'Nettobetrag', amount: netOfVat(total, rate) },
      { display_text: `enthaltene MwSt. ${String(rate).replace('.', ',')} %`, amount: total - netOfVat(total, rate) },
    ]);
    expect(ready.links.map((l: { type: string }) => l.type)).toEqual(['terms_of_service', 'refund_policy', 'privacy_policy', 'shipping_policy']);
    expect(ready.links[0].url).toBe('http://localhost:8888/de/pages/conditions-generales-de-vente/');
  });

  it('refuses destinations the store does not serve: another country, overseas France, a product restricted to some countries', async () => {
    const us = await callTool(handler, 'create_checkout', { checkout: { line_items: [line(S)], buyer: { email: 'a@b.example' }, fulfillment: shipTo(ADDRESS.US) } });
    expect(codes(us)).toContain('address_undeliverable');
    expect(us.fulfillment.methods[0].groups[0].options).toEqual([]);
    const reunion = await callTool(handler, 'create_checkout', { checkout: { line_items: [line(S)], buyer: { email: 'a@b.example' }, fulfillment: shipTo(ADDRESS.REUNION) } });
    expect(reunion.messages.find((m: { code: string }) => m.code === 'address_undeliverable').content).toContain('overseas');
    const seeds = await callTool(handler, 'create_checkout', { checkout: { line_items: [line(ITEMS.restricted.variant.id)], buyer: { email: 'a@b.example' } } });
    const swiss = await updateWith(handler, seeds, { fulfillment: shipTo(ADDRESS.CH) });
    expect(swiss.status).toBe('incomplete');
    expect(codes(swiss)).toEqual(expect.arrayContaining(['item_unavailable', 'address_undeliverable']));
  });

  it('outside the EU, items and shipping are net of French VAT and the total says so', async () => {
    const ready = await readyCheckout(handler, [line(M)], { address: ADDRESS.CH, language: 'en' });
    const [option] = ready.fulfillment.methods[0].groups[0].options;
    const item = exportPrice(priceOf(small.variant));
    const shipping = exportPrice(bandPrice(option.id, small.variant.grams));
    expect(ready.line_items[0].item.price).toBe(item);
    expect(option.totals[0].amount).toBe(shipping);
    expect(ready.totals).toEqual([
      { type: 'subtotal', amount: item },
      { type: 'fulfillment', amount: shipping },
      { type: 'total', amount: item + shipping, lines: [{ display_text: 'Export outside the EU, no VAT', amount: item + shipping }] },
    ]);
  });

  it('freight products travel by freight only, and only where freight goes; free shipping from the threshold', async () => {
    const freightMethods = catalog.shipping.methods.filter((m) => m.freight).map((m) => m.id);
    const tank = await readyCheckout(handler, [line(ITEMS.freight.variant.id)], { address: ADDRESS.DE });
    expect(tank.fulfillment.methods[0].groups[0].options.map((o: { id: string }) => o.id)).toEqual(freightMethods);
    const mixed = await callTool(handler, 'create_checkout', { checkout: { line_items: [line(ITEMS.freight.variant.id), line(M)], buyer: { email: 'a@b.example' }, fulfillment: shipTo({ ...ADDRESS.FR }) } });
    expect(mixed.fulfillment.methods[0].groups[0].options.map((o: { id: string }) => o.id), 'freight carries the whole order').toEqual(freightMethods);
    const sweden = await callTool(handler, 'create_checkout', { checkout: { line_items: [line(ITEMS.freight.variant.id)], buyer: { email: 'a@b.example' }, fulfillment: shipTo({ ...ADDRESS.DE, address_country: 'SE' }) } });
    expect(codes(sweden)).toContain('address_undeliverable');
    const big = await readyCheckout(handler, [line(S)], { address: ADDRESS.FR });
    const options = big.fulfillment.methods[0].groups[0].options as Array<{ id: string; totals: Array<{ amount: number }> }>;
    const eligible = parcelMethodsTo('FR', true);
    expect(options.filter((o) => o.totals[0].amount === 0).map((o) => o.id).sort()).toEqual(eligible.sort());
    for (const o of options.filter((x) => !eligible.includes(x.id))) expect(o.totals[0].amount).toBe(bandPrice(o.id, stocked.variant.grams));
    expect(codes(big)).toContain('free_shipping');
  });

  it('nothing to ship (training, vouchers): no shipping option needed, the address still is', async () => {
    const course = await callTool(handler, 'create_checkout', { checkout: { line_items: [line(digital.variant.id)], buyer: { email: 'a@b.example' }, fulfillment: shipTo(ADDRESS.FR) } });
    expect(course.status).toBe('requires_escalation');
    expect(course.fulfillment.methods[0].groups[0].options).toEqual([]);
    expect(course.totals.map((t: { type: string }) => t.type)).toEqual(['subtotal', 'total']);
  });

  it('the schemas used are not vacuous: a checkout without payment_handlers or with a positive discount fails', async () => {
    const ready = await readyCheckout(handler);
    const { payment_handlers: _dropped, ...ucp } = ready.ucp;
    const validators = ucpValidatorsFor(ready.ucp.version);
    expect(validators.checkout({ ...ready, ucp })).toBe(false);
    expect(validators.checkout({ ...ready, totals: [...ready.totals, { type: 'discount', amount: 5 }] })).toBe(false);
    expect(validators.checkout({ ...ready, status: 'done' })).toBe(false);
    expectUcpValid(validators.checkout, ready);
  });
});

describe('the official MCP SDK client', () => {
  it('runs the checkout flow; every result passes the outputSchema the SDK validates it against', async () => {
    const { handler } = checkoutHandler();
    const client = await sdkClient(handler);
    // listTools caches each tool's outputSchema; from then on callTool validates structuredContent against it.
    expect((await client.listTools()).tools.find((t) => t.name === 'complete_checkout')?.outputSchema).toBeDefined();
    const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })).structuredContent as any;
    const created = await call('create_checkout', { checkout: { line_items: [line(S), line(digital.variant.id)], context: { language: 'en', currency: 'USD' } } });
    expect(created.status).toBe('incomplete');
    const addressed = await call('update_checkout', { id: created.id, checkout: { ...stateOf(created), buyer: { email: 'a@b.example', consent: { marketing: false } }, fulfillment: shipTo(ADDRESS.CH) } });
    const swiss = await call('update_checkout', { id: created.id, checkout: { ...stateOf(addressed), fulfillment: shipTo(ADDRESS.FR, parcelMethodsTo('FR')[1]) } });
    expect(swiss.status).toBe('requires_escalation');
    expect(await call('complete_checkout', { id: created.id, meta: { 'idempotency-key': uuid() }, checkout: { payment: { instruments: [{ id: 'p', handler_id: 'sandbox_card', type: 'card', credential: { type: 'token', token: 'success_token' } }] } } })).toMatchObject({ status: 'requires_escalation' });
    await approve(handler, swiss);
    const done = await call('complete_checkout', { id: created.id, meta: { 'idempotency-key': uuid() }, checkout: { payment: { instruments: [{ id: 'p', handler_id: 'sandbox_card', type: 'card', credential: { type: 'token', token: 'fail_token' } }] } } });
    // A declined payment voids the approval: the buyer approves again before another try.
    expect(done.status).toBe('requires_escalation');
    await approve(handler, done);
    const paid = await call('complete_checkout', { id: created.id, meta: { 'idempotency-key': uuid() }, checkout: { payment: { instruments: [{ id: 'p', handler_id: 'sandbox_card', type: 'card', credential: { type: 'token', token: 'success_token' } }] } } });
    expect(paid.status).toBe('completed');
    expect((await call('get_order', { id: paid.order.id })).id).toBe(paid.order.id);
    expect((await call('get_order', { id: 'ord_nope' })).ucp.status).toBe('error');
    expect((await call('cancel_checkout', { id: created.id, meta: { 'idempotency-key': uuid() } })).status).toBe('completed');
    await client.close();
  });
});
