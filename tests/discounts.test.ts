// Issue 38 "The rules live in the core": eligibility, stacking, allocation by the largest
// remainder, VAT per rate on the discounted amounts (src/commerce/discounts.ts), with examples
// and property tests over random carts, offers and shipping.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { CatalogDiscount } from '../src/catalog/discount-schema';
import { type DiscountLine, NO_USAGE, allocateLargestRemainder, applyDiscounts, discountedParts, parisInstant } from '../src/commerce/discounts';
import type { Taxation } from '../src/commerce/pricing-context';
import { buildTotals } from '../src/commerce/totals';
import { netOfVat } from '../src/commerce/vat';

const vat = (rate: number): Taxation => ({ kind: 'vat', rate });
const line = (total: number, extra: Partial<DiscountLine> = {}): DiscountLine => ({ variantId: 1, productHandle: 'pompe', collections: ['pompes'], quantity: 1, total, taxation: vat(20), ...extra });
const offer = (handle: string, extra: Partial<CatalogDiscount> = {}): CatalogDiscount => ({
  handle, code: handle.toUpperCase(), title: { fr: handle }, value: { percentage: 10 }, applies_to: 'all', method: 'across', once_per_buyer: false, combines: false, priority: 0, ...extra,
});
const NOW = Date.parse('2026-12-03T12:00:00Z');
const run = (offers: CatalogDiscount[], codes: string[], lines: DiscountLine[], shipping: number | null = null, usage = NO_USAGE) =>
  applyDiscounts({ offers, codes, lines, shipping: shipping === null ? null : { amount: shipping, taxation: vat(20) }, now: NOW, usage });

describe('allocation by the largest remainder', () => {
  it('shares 100 cents over three equal lines as 34, 33, 33 (ties to the first)', () => {
    expect(allocateLargestRemainder(100, [500, 500, 500])).toEqual([34, 33, 33]);
  });
  it('gives the leftover cents to the largest remainders', () => {
    // Quotas 1.5, 3.3, 5.2 of 10: floors 1, 3, 5, one cent left for the largest remainder (0.5).
    expect(allocateLargestRemainder(10, [15, 33, 52])).toEqual([2, 3, 5]);
  });
  it('refuses more than the weights hold, and negative or fractional cents', () => {
    expect(() => allocateLargestRemainder(11, [5, 5])).toThrow(/cannot share 11/);
    expect(() => allocateLargestRemainder(-1, [5])).toThrow(/non-negative/);
    expect(() => allocateLargestRemainder(1.5, [5])).toThrow(/non-negative/);
  });
});

describe('Europe/Paris times', () => {
  it('reads a winter date from midnight at UTC+1 and a summer time at UTC+2', () => {
    expect(new Date(parisInstant('2026-12-24')).toISOString()).toBe('2026-12-23T23:00:00.000Z');
    expect(new Date(parisInstant('2026-07-14T08:30')).toISOString()).toBe('2026-07-14T06:30:00.000Z');
  });
});

describe('which offers apply, and how much', () => {
  it('10 % of three lines: rounded half up on their sum, shared so the allocations sum to it', () => {
    const out = run([offer('hiver')], ['hiver'], [line(1999), line(2999), line(4999)]);
    // 10 % of 99.97 € = 9.997 → 10.00 €.
    expect(out.applied[0].amount).toBe(1000);
    expect(out.applied[0].allocations.reduce((a, x) => a + x.amount, 0)).toBe(1000);
    expect(out.lineDiscounts).toEqual([200, 300, 500]);
    expect(out.rejected).toEqual([]);
  });

  it('a fixed amount across the lines never takes more than they cost', () => {
    const out = run([offer('cadeau', { value: { amount: '50' } })], ['CADEAU'], [line(1200), line(800)]);
    expect(out.total).toBe(2000);
    expect(out.lineDiscounts).toEqual([1200, 800]);
  });

  it('a fixed amount per unit (method each) counts the quantity, capped at each line', () => {
    const out = run([offer('unite', { value: { amount: '2' }, method: 'each' })], ['unite'], [line(3000, { quantity: 3 }), line(100, { quantity: 1 })]);
    expect(out.lineDiscounts).toEqual([600, 100]);
  });

  it('free shipping takes off the shipping only', () => {
    const out = run([offer('port', { value: { free_shipping: true } })], ['port'], [line(4000)], 690);
    expect(out.shippingDiscount).toBe(690);
    expect(out.lineDiscounts).toEqual([0]);
    expect(out.applied[0].allocations).toEqual([{ target: { kind: 'shipping' }, amount: 690 }]);
  });

  it('only the lines the offer names: a collection, a product, a variant', () => {
    const lines = [line(1000, { collections: ['pompes'] }), line(1000, { collections: ['filtration'], productHandle: 'filtre', variantId: 2 })];
    expect(run([offer('p', { applies_to: { collections: ['filtration'] } })], ['p'], lines).lineDiscounts).toEqual([0, 100]);
    expect(run([offer('p', { applies_to: { products: ['pompe'] } })], ['p'], lines).lineDiscounts).toEqual([100, 0]);
    expect(run([offer('p', { applies_to: { variants: [2] } })], ['p'], lines).lineDiscounts).toEqual([0, 100]);
    expect(run([offer('p', { applies_to: { variants: [3] } })], ['p'], lines).rejected).toEqual([{ code: 'P', reason: 'not_applicable' }]);
  });

  it('says why a code does not apply: unknown, not started, expired, minimum, already used, exhausted', () => {
    const lines = [line(4000)];
    expect(run([], ['  nope '], lines).rejected).toEqual([{ code: 'NOPE', reason: 'unknown' }]);
    expect(run([offer('a', { starts_at: '2026-12-24' })], ['a'], lines).rejected).toEqual([{ code: 'A', reason: 'not_started', detail: { at: parisInstant('2026-12-24') } }]);
    expect(run([offer('a', { ends_at: '2026-12-01' })], ['a'], lines).rejected).toEqual([{ code: 'A', reason: 'expired', detail: { at: parisInstant('2026-12-01') } }]);
    expect(run([offer('a', { minimum_subtotal: '50' })], ['a'], lines).rejected).toEqual([{ code: 'A', reason: 'minimum', detail: { minimum: 5000 } }]);
    expect(run([offer('a', { once_per_buyer: true })], ['a'], lines, null, { usedByBuyer: new Set(['a']), totalUsed: new Map() }).rejected).toEqual([{ code: 'A', reason: 'already_used' }]);
    expect(run([offer('a', { usage_limit: 3 })], ['a'], lines, null, { usedByBuyer: new Set(), totalUsed: new Map([['a', 3]]) }).rejected).toEqual([{ code: 'A', reason: 'exhausted' }]);
    expect(run([offer('a', { usage_limit: 3 })], ['a'], lines, null, { usedByBuyer: new Set(), totalUsed: new Map([['a', 2]]) }).applied).toHaveLength(1);
  });

  it('an automatic offer applies without a code; one that does not fit is silent', () => {
    const auto = offer('noel', { code: undefined, automatic: true, minimum_subtotal: '30' });
    expect(run([auto], [], [line(4000)]).applied.map((d) => [d.handle, d.code, d.automatic, d.amount])).toEqual([['noel', null, true, 400]]);
    expect(run([auto], [], [line(2000)])).toMatchObject({ applied: [], rejected: [] });
  });

  it('offers that combine stack by priority, each on what the earlier left', () => {
    const out = run([offer('b', { combines: true, priority: 2, value: { amount: '10' } }), offer('a', { combines: true, priority: 1, value: { percentage: 50 } })], ['b', 'a'], [line(10000)]);
    expect(out.applied.map((d) => [d.handle, d.amount])).toEqual([['a', 5000], ['b', 1000]]);
  });

  it('an offer that does not combine applies alone: the best single choice wins, the other code is refused', () => {
    const out = run([offer('dix', { value: { percentage: 10 } }), offer('vingt', { value: { percentage: 20 } })], ['dix', 'vingt'], [line(10000)]);
    expect(out.applied.map((d) => d.handle)).toEqual(['vingt']);
    expect(out.rejected).toEqual([{ code: 'DIX', reason: 'not_combinable' }]);
  });

  it('100 % brings the lines to zero, never below', () => {
    const out = run([offer('tout', { value: { percentage: 100 }, combines: true }), offer('plus', { value: { amount: '5' }, combines: true, priority: 1 })], ['tout', 'plus'], [line(1234), line(1)]);
    expect(out.lineDiscounts).toEqual([1234, 1]);
    expect(out.applied.map((d) => d.amount)).toEqual([1235, 0]);
  });
});

// Property tests: random carts of 1–8 lines at mixed rates, random offers and shipping.
const RATES = [0, 5.5, 10, 20];
const lineArb = fc.record({
  variantId: fc.integer({ min: 1, max: 4 }),
  productHandle: fc.constantFrom('pompe', 'filtre', 'kit'),
  collections: fc.subarray(['pompes', 'filtration', 'kits']),
  quantity: fc.integer({ min: 1, max: 20 }),
  total: fc.integer({ min: 0, max: 500_000 }),
  taxation: fc.constantFrom(...RATES).map((r): Taxation => (r ? vat(r) : { kind: 'export' })),
});
const offerArb = (handle: string) => fc.record({
  value: fc.oneof(fc.integer({ min: 1, max: 100 }).map((p) => ({ percentage: p })), fc.integer({ min: 1, max: 100_000 }).map((c) => ({ amount: (c / 100).toFixed(2) })), fc.constant({ free_shipping: true as const })),
  method: fc.constantFrom('across' as const, 'each' as const),
  combines: fc.boolean(),
  priority: fc.integer({ min: 0, max: 3 }),
  applies_to: fc.oneof(fc.constant('all' as const), fc.constantFrom('pompes', 'filtration').map((c) => ({ collections: [c] })), fc.constantFrom(1, 2).map((v) => ({ variants: [v] }))),
}).map((o) => offer(handle, { ...o, method: 'amount' in o.value ? o.method : 'across' }));
const cartArb = fc.record({
  lines: fc.array(lineArb, { minLength: 1, maxLength: 8 }),
  offers: fc.tuple(offerArb('a'), offerArb('b'), offerArb('c')),
  shipping: fc.option(fc.integer({ min: 0, max: 5_000 }), { nil: null }),
  shippingRate: fc.constantFrom(...RATES),
});

describe('properties over random carts', () => {
  it('allocations sum to each discount; every line and the shipping stay between zero and their price', () => {
    fc.assert(fc.property(cartArb, ({ lines, offers, shipping }) => {
      const out = run([...offers], ['a', 'b', 'c'], lines, shipping);
      for (const d of out.applied) expect(d.allocations.reduce((a, x) => a + x.amount, 0)).toBe(d.amount);
      out.lineDiscounts.forEach((off, i) => { expect(off).toBeGreaterThanOrEqual(0); expect(off).toBeLessThanOrEqual(lines[i].total); });
      expect(out.shippingDiscount).toBeGreaterThanOrEqual(0);
      expect(out.shippingDiscount).toBeLessThanOrEqual(shipping ?? 0);
      expect(out.total).toBe(out.lineDiscounts.reduce((a, x) => a + x, 0) + out.shippingDiscount);
      // Every code is either applied or refused with a reason.
      expect(out.applied.length + out.rejected.length).toBe(3);
    }), { numRuns: 400 });
  });

  it('the totals add up, and the VAT of each rate is that rate applied to its discounted amounts', () => {
    fc.assert(fc.property(cartArb, ({ lines, offers, shipping, shippingRate }) => {
      const shipTax: Taxation = shippingRate ? vat(shippingRate) : { kind: 'export' };
      const out = applyDiscounts({ offers: [...offers], codes: ['a', 'b', 'c'], lines, shipping: shipping === null ? null : { amount: shipping, taxation: shipTax }, now: NOW, usage: NO_USAGE });
      const parts = discountedParts(lines, out.lineDiscounts, shipping === null ? null : { amount: shipping, taxation: shipTax }, out.shippingDiscount);
      const subtotal = lines.reduce((a, l) => a + l.total, 0);
      const totals = buildTotals(subtotal, shipping, out.total, parts);
      const total = totals.find((t) => t.type === 'total')!;
      expect(totals.filter((t) => t.type !== 'total').reduce((a, t) => a + t.amount, 0)).toBe(total.amount);
      expect(total.amount).toBe(subtotal + (shipping ?? 0) - out.total);
      expect(total.lines!.reduce((a, l) => a + l.amount, 0)).toBe(total.amount);
      for (const rate of RATES.filter((r) => r > 0)) {
        const charged = parts.filter((p) => p.taxation.kind === 'vat' && p.taxation.rate === rate).reduce((a, p) => a + p.amount, 0);
        const shown = total.lines!.find((l) => l.kind === 'vat' && l.rate === rate)?.amount ?? 0;
        expect(shown, `VAT at ${rate} %`).toBe(charged - netOfVat(charged, rate));
      }
    }), { numRuns: 400 });
  });
});
