// Totals that add up, VAT included, for every checkout: a property test over
// random carts, addresses and shipping choices. Each priced checkout has exactly one subtotal and
// one total, every entry but total sums to total, the VAT lines under total sum to total, there
// is never a tax line, line totals are price × quantity, the fulfillment entry is the chosen
// option's price, and the whole checkout validates against the UCP schemas of each version the store speaks.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createUcpService } from '../src/ucp/service';
import { priceCheckout } from '../src/checkout/pricing';
import { viewCheckout } from '../src/checkout/view';
import { renderCheckout } from '../src/ucp/checkout/view';
import { COMMON_CAPABILITY, UCP_VERSIONS } from '../src/ucp/version';
import { newCheckoutId, type CheckoutRecord } from '../src/state/checkouts';
import { destinationVatRate, isEuCountry, netOfVat } from '../src/commerce/vat';
import { LOCALES } from '../src/catalog/locales';
import { catalog, published } from './helpers/checkout';
import { expectUcpValid, ucpValidatorsFor } from './helpers/ucp-schemas';
import { testDb } from './helpers/db';

const env = createUcpService({ catalog, db: testDb() }).commerce.context('http://localhost:8888');
// At 2026-08-25 with the payment terms extension (validated composed into checkout.json).
const renderAt = (version: (typeof UCP_VERSIONS)[number]) => ({
  catalog, version, now: () => Date.parse('2026-11-20T10:00:00Z'), ucp: () => ({ version, status: 'success' as const }),
  capabilities: new Map<string, string>(version === '2026-04-08' ? [] : [[COMMON_CAPABILITY.paymentTerms, version]]),
});
const variants = published.flatMap((p) => p.variants.map((v) => v.id));
const countries = [...catalog.store.countries_served, 'US', 'JP'];
const ADDRESSES: Record<string, { postal_code: string; address_locality: string }> = { FR: { postal_code: '69007', address_locality: 'Lyon' } };

const checkoutArb = fc.record({
  lines: fc.uniqueArray(fc.record({ variant_id: fc.constantFrom(...variants), quantity: fc.integer({ min: 1, max: 3 }) }), { minLength: 1, maxLength: 4, selector: (l) => l.variant_id }),
  country: fc.constantFrom(...countries),
  option: fc.option(fc.constantFrom(...catalog.shipping.methods.map((m) => m.id)), { nil: undefined }),
  language: fc.constantFrom(...LOCALES),
});

describe('checkout totals (docs/agent-commerce.md "Totals and VAT")', () => {
  it('add up for random carts, addresses and shipping options, and validate against the UCP schemas', async () => {
    let ready = 0;
    await fc.assert(
      fc.asyncProperty(checkoutArb, async ({ lines, country, option, language }) => {
        const record: CheckoutRecord = {
          id: newCheckoutId(), platform: 'anonymous', created_at: '2026-11-20T10:00:00.000Z', updated_at: '2026-11-20T10:00:00.000Z', expires_at: '2099-01-01T00:00:00.000Z',
          state: 'open', lines, context: { language }, buyer: { email: 'a@b.example' },
          address: { first_name: 'A', last_name: 'B', street_address: '1 rue X', address_country: country, ...(ADDRESSES[country] ?? { postal_code: '1000', address_locality: 'City' }) },
          option_id: option ?? null, approval_secret: { nonce: 'n', digest: 'd' },
        };
        const priced = await priceCheckout(env, record);
        const { totals } = priced;
        const total = totals.filter((t) => t.type === 'total');
        expect(total).toHaveLength(1);
        expect(totals.filter((t) => t.type === 'subtotal')).toHaveLength(1);
        expect(totals.some((t) => t.type === 'tax')).toBe(false);
        expect(totals.filter((t) => t.type !== 'total').reduce((s, t) => s + t.amount, 0)).toBe(total[0].amount);
        expect(total[0].lines!.reduce((s, l) => s + l.amount, 0)).toBe(total[0].amount);
        for (const t of totals) expect(Number.isSafeInteger(t.amount) && t.amount >= 0).toBe(true);
        for (const l of priced.lines) expect(l.total).toBe(l.unitPrice * l.quantity);
        expect(totals[0].amount).toBe(priced.lines.reduce((s, l) => s + l.unitPrice * l.quantity, 0));
        const fulfillment = totals.find((t) => t.type === 'fulfillment');
        expect(fulfillment?.amount ?? null).toBe(priced.option ? priced.optionPrices.get(priced.option.id) : null);
        if (isEuCountry(catalog.store, country)) {
          const rate = destinationVatRate(catalog.store, country);
          expect(total[0].lines).toEqual([expect.objectContaining({ amount: netOfVat(total[0].amount, rate) }), expect.objectContaining({ amount: total[0].amount - netOfVat(total[0].amount, rate) })]);
        }
        if (priced.complete) ready++;
        const view = await viewCheckout(env, record, { priced });
        for (const version of UCP_VERSIONS) {
          const rendered = renderCheckout(view, renderAt(version));
          for (const li of rendered.line_items) expect(li.totals).toEqual([{ type: 'subtotal', amount: li.item.price * li.quantity }, { type: 'total', amount: li.item.price * li.quantity }]);
          expectUcpValid(ucpValidatorsFor(version).checkout, rendered, `checkout rendered at ${version}`);
        }
      }),
      { numRuns: 400 },
    );
    // The generator reaches complete checkouts too, not only broken ones (20 to 30 of the 400 runs
    // are, measured; 10 keeps a run of bad luck from failing, and a generator that never reaches one still fails).
    expect(ready).toBeGreaterThanOrEqual(10);
  });
});
