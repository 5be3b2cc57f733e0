// Issue 38 "Agents": the discount extension (dev.ucp.shopping.discount) on checkouts at both
// UCP versions over MCP: `discounts.codes` in create and update (a full replacement: left out is
// cleared), `discounts.applied` with allocations as JSONPaths into the answer, a code that does
// not apply as a warning of the `discount_code_*` family on `$.discounts.codes`, the approval
// bound to the discounts shown, and one use per buyer counted when the order is completed.
// Every result is validated against the version's schemas with the discount extension composed
// (tests/helpers/ucp-schemas.ts).
import { describe, expect, it } from 'vitest';
import { load } from 'cheerio';
import { UCP_VERSIONS, type UcpVersion, capabilitiesAt } from '../src/ucp/version';
import { approve, buyerEmail, callTool, checkoutHandler, line, payment, shipTo, stateOf, uuid, ADDRESS } from './helpers/checkout';
import { ITEMS, catalog } from './helpers/content';
import { testDb } from './helpers/db';
import { agentProfilesEachVersion } from './helpers/ucp';

const S = ITEMS.small.variant.id;
const welcome = catalog.discounts.find((d) => d.code === 'BIENVENUE10')!;

const profileUrl = agentProfilesEachVersion();

const { handler } = checkoutHandler({ db: testDb() });

function at(version: UcpVersion) {
  return (tool: string, args: Record<string, unknown>) => callTool(handler, tool, { meta: { 'ucp-agent': { profile: profileUrl(version) }, 'idempotency-key': uuid() }, ...args });
}

/** A checkout of `quantity` small items (three: above 50 €; one: below) shipped to Lyon, with `codes`, its cheapest option chosen. */
async function discounted(version: UcpVersion, codes: string[], email = buyerEmail(), quantity = 3) {
  const call = at(version);
  const created = await call('create_checkout', { checkout: { line_items: [line(S, quantity)], buyer: { email }, context: { language: 'fr' }, fulfillment: shipTo(ADDRESS.FR), discounts: { codes } } });
  const option = created.fulfillment.methods[0].groups[0].options[0].id;
  return call('update_checkout', { id: created.id, checkout: { ...stateOf(created), fulfillment: shipTo(ADDRESS.FR, option), discounts: { codes } } });
}

const amountOf = (checkout: any, type: string) => checkout.totals.find((t: { type: string }) => t.type === type)?.amount;

describe.each(UCP_VERSIONS)('the discount extension at %s', (version) => {
  it('the profile declares it on cart and checkout; a code applies with its allocations, totals add up', async () => {
    // The profiles are built from these declarations and validated whole in tests/ucp-profile.test.ts.
    expect(capabilitiesAt(version)['dev.ucp.shopping.discount']).toMatchObject({ version, extends: ['dev.ucp.shopping.cart', 'dev.ucp.shopping.checkout'], schema: `https://ucp.dev/${version}/schemas/shopping/discount.json` });

    const checkout = await discounted(version, ['  bienvenue10 ']);
    expect(checkout.ucp.capabilities['dev.ucp.shopping.discount']).toEqual([{ version }]);
    const subtotal = amountOf(checkout, 'subtotal');
    const [applied] = checkout.discounts.applied;
    expect(applied).toMatchObject({ code: 'BIENVENUE10', title: welcome.title.fr, automatic: false, method: 'across', priority: 1 });
    expect(applied.amount).toBe(Math.floor((subtotal * 10 + 50) / 100));
    expect(applied.allocations).toEqual([{ path: '$.line_items[0]', amount: applied.amount }]);
    expect(amountOf(checkout, 'discount')).toBe(-applied.amount);
    expect(amountOf(checkout, 'total')).toBe(subtotal + amountOf(checkout, 'fulfillment') - applied.amount);
    const total = checkout.totals.find((t: { type: string }) => t.type === 'total');
    expect(total.lines.reduce((sum: number, l: { amount: number }) => sum + l.amount, 0)).toBe(total.amount);
    expect(checkout.messages?.filter((m: { code?: string }) => m.code?.startsWith('discount_code')) ?? []).toEqual([]);
  });

  it('a code that does not exist, or whose minimum is not reached, is a warning on $.discounts.codes and takes nothing off', async () => {
    const checkout = await discounted(version, ['NOPE', 'livraison'], buyerEmail(), 1);
    expect(checkout.discounts.applied).toEqual([]);
    expect(amountOf(checkout, 'discount')).toBeUndefined();
    const warnings = checkout.messages.filter((m: { code?: string }) => m.code?.startsWith('discount_code'));
    expect(warnings.map((m: { type: string; code: string; path: string }) => [m.type, m.code, m.path])).toEqual([
      ['warning', 'discount_code_invalid', '$.discounts.codes'],
      ['warning', 'discount_code_user_ineligible', '$.discounts.codes'],
    ]);
    // The checkout's context.language is fr: the messages are French (src/checkout/problem-text.ts).
    expect(warnings[1].content).toMatch(/^Le code LIVRAISON s’applique dès 50,00.€/);
  });

  it('an update that leaves discounts out clears the codes; the approval binds the discounts shown', async () => {
    const checkout = await discounted(version, ['BIENVENUE10']);
    await approve(handler, checkout);
    const call = at(version);
    expect((await call('get_checkout', { id: checkout.id })).status).toBe('ready_for_complete');
    const cleared = await call('update_checkout', { id: checkout.id, checkout: { ...stateOf(checkout), discounts: undefined } });
    expect(cleared.discounts).toEqual({ codes: [], applied: [] });
    expect(cleared.status, 'the terms changed: the approval is void').toBe('requires_escalation');
  });

  it('the buyer\'s approval page shows each discount as a line with its title and amount', async () => {
    const ready = await discounted(version, ['BIENVENUE10']);
    const [applied] = ready.discounts.applied;
    const page = load(await (await handler(new Request(ready.continue_url))).text());
    const row = page('tr.discount[data-discount-code=BIENVENUE10]');
    expect(row.find('th').text()).toContain(welcome.title.fr);
    expect(Number(row.find('data').attr('value'))).toBe(-applied.amount);
  });

  it('one use per buyer: once an order used the welcome code, the same e-mail is told so', async () => {
    const email = buyerEmail();
    const first = await discounted(version, ['BIENVENUE10'], email);
    await approve(handler, first);
    const paid = await at(version)('complete_checkout', { id: first.id, checkout: { payment: payment() } });
    expect(paid.status).toBe('completed');
    expect(paid.discounts.applied.map((d: { code: string }) => d.code)).toEqual(['BIENVENUE10']);
    const again = await discounted(version, ['BIENVENUE10'], email.toUpperCase());
    expect(again.discounts.applied).toEqual([]);
    expect(again.messages.find((m: { code?: string }) => m.code?.startsWith('discount_code'))).toMatchObject({ code: 'discount_code_user_ineligible', path: '$.discounts.codes' });
  });

  // The uses are read with the checkout's row (src/state/checkouts.ts), for the buyer an update sets.
  it('the uses read with the checkout are current: an update naming a buyer who used the code, and a read after another order used it', async () => {
    const email = buyerEmail();
    const call = at(version);
    const ineligible = (c: any) => c.messages.find((m: { code?: string }) => m.code === 'discount_code_user_ineligible');
    const anonymous = await call('create_checkout', { checkout: { line_items: [line(S, 3)], context: { language: 'fr' }, fulfillment: shipTo(ADDRESS.FR), discounts: { codes: ['BIENVENUE10'] } } });
    expect(anonymous.discounts.applied.map((d: { code: string }) => d.code), 'no e-mail yet: the code applies').toEqual(['BIENVENUE10']);
    const waiting = await discounted(version, ['BIENVENUE10'], email);
    expect(waiting.discounts.applied).toHaveLength(1);

    const first = await discounted(version, ['BIENVENUE10'], email);
    await approve(handler, first);
    expect((await call('complete_checkout', { id: first.id, checkout: { payment: payment() } })).status).toBe('completed');

    const named = await call('update_checkout', { id: anonymous.id, checkout: { ...stateOf(anonymous), buyer: { email }, discounts: { codes: ['BIENVENUE10'] } } });
    expect(named.discounts.applied, 'the buyer the update names used it').toEqual([]);
    expect(ineligible(named)).toBeDefined();
    const reread = await call('get_checkout', { id: waiting.id });
    expect(reread.discounts.applied, 'read after the order that used it').toEqual([]);
    expect(ineligible(reread)).toBeDefined();
  });
});

describe.each(UCP_VERSIONS)('carts with discount codes at %s', (version) => {
  it('create_cart applies a code: discounts.applied with its allocation, a discount total, the total after it', async () => {
    const cart = await at(version)('create_cart', { cart: { line_items: [line(S, 3)], context: { language: 'de' }, discounts: { codes: ['Bienvenue10'] } } });
    expect(cart.ucp.capabilities['dev.ucp.shopping.discount']).toEqual([{ version }]);
    const subtotal = amountOf(cart, 'subtotal');
    const [applied] = cart.discounts.applied;
    expect(cart.discounts.codes).toEqual(['Bienvenue10']);
    expect(applied).toMatchObject({ code: 'BIENVENUE10', title: welcome.title.de, method: 'across' });
    expect(applied.allocations).toEqual([{ path: '$.line_items[0]', amount: applied.amount }]);
    expect(amountOf(cart, 'discount')).toBe(-applied.amount);
    expect(amountOf(cart, 'total')).toBe(subtotal - applied.amount);
  });

  it('free shipping applies with nothing to take before a shipping option; an unknown code is a warning in the cart\'s language', async () => {
    const cart = await at(version)('create_cart', { cart: { line_items: [line(S, 3)], context: { language: 'en' }, discounts: { codes: ['LIVRAISON', 'NOPE'] } } });
    expect(cart.discounts.applied.map((d: { code: string; amount: number }) => [d.code, d.amount])).toEqual([['LIVRAISON', 0]]);
    expect(amountOf(cart, 'discount')).toBeUndefined();
    expect(amountOf(cart, 'total')).toBe(amountOf(cart, 'subtotal'));
    const warning = cart.messages.find((m: { code?: string }) => m.code?.startsWith('discount_code'));
    expect(warning).toMatchObject({ type: 'warning', code: 'discount_code_invalid', path: '$.discounts.codes', content: 'The code NOPE does not exist.' });
  });

  it('update_cart is a full replacement: discounts left out are cleared; a checkout of the cart takes its codes', async () => {
    const call = at(version);
    const cart = await call('create_cart', { cart: { line_items: [line(S, 3)], discounts: { codes: ['BIENVENUE10'] } } });
    const checkout = await call('create_checkout', { checkout: { cart_id: cart.id, buyer: { email: buyerEmail() } } });
    expect(checkout.discounts.codes).toEqual(['BIENVENUE10']);
    expect(checkout.discounts.applied.map((d: { code: string }) => d.code)).toEqual(['BIENVENUE10']);
    const updated = await call('update_cart', { id: cart.id, cart: { line_items: [line(S, 2)] } });
    expect(updated.discounts).toEqual({ codes: [], applied: [] });
    expect(amountOf(updated, 'total')).toBe(amountOf(updated, 'subtotal'));
  });
});
