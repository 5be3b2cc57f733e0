// The pricing context (src/commerce/pricing-context.ts): prices and VAT follow the destination
// and the buyer's VAT status. Property tests over random carts, destinations and buyer statuses:
// consumers are priced as before business terms (the destination's VAT, src/commerce/vat.ts),
// every total adds up, every cent is accounted for, the VAT of each rate is that rate applied to
// its part, and only an approved business with a VIES-valid number of another member state pays
// no VAT on goods shipped to that state (Directive 2006/112/EC art. 138; CGI 262 ter I), while its
// trainings keep French VAT (art. 53).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BuyerVatStatus, CONSUMER, type Supply, type Taxation, intraEuSupply, lineTaxation, priceUnder, shippingTaxation } from '../src/commerce/pricing-context';
import { type TaxedAmount, buildTotals } from '../src/commerce/totals';
import { disclosedVatRate, isEuCountry, netOfVat, originVatRate, priceForCountry } from '../src/commerce/vat';
import { catalog } from './helpers/site';

const { store } = catalog;
const countries = [...store.countries_served, 'US'];

const buyerArb: fc.Arbitrary<BuyerVatStatus> = fc.oneof(
  fc.constant(CONSUMER),
  fc.record({
    kind: fc.constant('business' as const), legalName: fc.constant('Org'), country: fc.constantFrom(...countries),
    vatNumber: fc.option(fc.constant('XX123'), { nil: null }), viesValid: fc.boolean(),
  }),
);
const lineArb = fc.record({ gross: fc.integer({ min: 0, max: 500_000 }), quantity: fc.integer({ min: 1, max: 20 }), supply: fc.constantFrom<Supply>('goods', 'service') });

/** A cart priced the way src/checkout/pricing.ts does: each line under its taxation, shipping as the goods. */
function price(buyer: BuyerVatStatus, country: string | undefined, lines: ReadonlyArray<{ gross: number; quantity: number; supply: Supply }>, shippingGross: number | null) {
  const destination = country ? { country } : undefined;
  const priced = lines.map((l) => {
    const taxation = lineTaxation(store, buyer, destination, l.supply);
    return { taxation, total: priceUnder(store, l.gross, taxation) * l.quantity };
  });
  const shipTax = shippingTaxation(store, buyer, destination);
  const shipping = shippingGross === null ? null : priceUnder(store, shippingGross, shipTax);
  const parts: TaxedAmount[] = [...priced.map((p) => ({ taxation: p.taxation, amount: p.total })), { taxation: shipTax, amount: shipping ?? 0 }];
  const subtotal = priced.reduce((s, p) => s + p.total, 0);
  return { priced, parts, shipping, totals: buildTotals(subtotal, shipping, 0, parts) };
}

describe('the pricing context', () => {
  it('consumers are unchanged: the destination’s VAT (OSS), none outside the EU, one rate for the whole total', () => {
    fc.assert(fc.property(fc.array(lineArb, { minLength: 1, maxLength: 6 }), fc.option(fc.constantFrom(...countries), { nil: undefined }), fc.option(fc.integer({ min: 0, max: 5000 }), { nil: null }), (lines, country, ship) => {
      const { priced, totals, shipping } = price(CONSUMER, country, lines, ship);
      lines.forEach((l, i) => expect(priced[i].total).toBe(priceForCountry(store, l.gross, country) * l.quantity));
      if (ship !== null) expect(shipping).toBe(priceForCountry(store, ship, country));
      // Totals as before wherever a checkout can be paid (an unserved destination never is).
      const before = buildTotals(priced.reduce((s, p) => s + p.total, 0), shipping, 0, disclosedVatRate(store, country));
      if (country === undefined || store.countries_served.includes(country)) expect(totals).toEqual(before);
    }), { numRuns: 1500 });
  });

  it('every total adds up and every cent is accounted for, for any buyer, cart and destination', () => {
    fc.assert(fc.property(buyerArb, fc.array(lineArb, { minLength: 1, maxLength: 6 }), fc.option(fc.constantFrom(...countries), { nil: undefined }), fc.option(fc.integer({ min: 0, max: 5000 }), { nil: null }), (buyer, lines, country, ship) => {
      const { totals, parts } = price(buyer, country, lines, ship);
      const total = totals.find((t) => t.type === 'total')!;
      expect(totals.filter((t) => t.type !== 'total').reduce((s, t) => s + t.amount, 0)).toBe(total.amount);
      expect(total.lines!.reduce((s, l) => s + l.amount, 0)).toBe(total.amount);
      // The VAT of each rate is that rate's part less its net, rounded half up (vat.ts netOfVat).
      const byRate = new Map<number, number>();
      for (const p of parts) if (p.taxation.kind === 'vat' && p.taxation.rate > 0) byRate.set(p.taxation.rate, (byRate.get(p.taxation.rate) ?? 0) + p.amount);
      for (const line of total.lines!.filter((l) => l.kind === 'vat')) {
        const gross = byRate.get(line.rate!)!;
        expect(line.amount).toBe(gross - netOfVat(gross, line.rate!));
      }
      expect(total.lines!.filter((l) => l.kind === 'vat').map((l) => l.rate)).toEqual([...byRate.keys()].sort((a, b) => a - b));
      for (const t of totals) expect(Number.isSafeInteger(t.amount)).toBe(true);
    }), { numRuns: 3000 });
  });

  it('only a VIES-valid business of another member state, goods shipped to that state, pays no VAT on them', () => {
    fc.assert(fc.property(buyerArb, fc.constantFrom(...countries), fc.constantFrom<Supply>('goods', 'service'), (buyer, country, supply) => {
      const taxation: Taxation = lineTaxation(store, buyer, { country }, supply);
      const exempt = buyer.kind === 'business' && buyer.viesValid && buyer.vatNumber !== null && buyer.country === country && country !== 'FR' && isEuCountry(store, country);
      expect(intraEuSupply(store, buyer, { country })).toBe(exempt);
      if (exempt) expect(taxation).toEqual(supply === 'goods' ? { kind: 'intra_eu' } : { kind: 'vat', rate: originVatRate(store) });
      else expect(taxation).toEqual(lineTaxation(store, CONSUMER, { country }, supply));
    }), { numRuns: 2000 });
  });

  it('a German company with a valid number: goods and shipping net of French VAT, the mention under the total; its training at French VAT', () => {
    const weber: BuyerVatStatus = { kind: 'business', legalName: 'Gartenbau Weber GmbH', country: 'DE', vatNumber: 'DE136308783', viesValid: true };
    const goods = price(weber, 'DE', [{ gross: 24900, quantity: 2, supply: 'goods' }], 1290);
    expect(goods.priced[0].total).toBe(2 * netOfVat(24900, 20));
    expect(goods.shipping).toBe(netOfVat(1290, 20));
    expect(goods.totals.at(-1)!.lines).toEqual([{ kind: 'intra_eu', amount: 2 * netOfVat(24900, 20) + netOfVat(1290, 20) }]);
    const mixed = price(weber, 'DE', [{ gross: 24900, quantity: 1, supply: 'goods' }, { gross: 18000, quantity: 1, supply: 'service' }], 1290);
    const lines = mixed.totals.at(-1)!.lines!;
    expect(lines.map((l) => l.kind)).toEqual(['net', 'vat']);
    expect(lines[1]).toEqual({ kind: 'vat', rate: 20, amount: 18000 - netOfVat(18000, 20) });
    // The same company while VIES has not confirmed its number, or shipping to France: German VAT / French VAT as for a consumer.
    expect(price({ ...weber, viesValid: false }, 'DE', [{ gross: 24900, quantity: 1, supply: 'goods' }], 1290).totals).toEqual(price(CONSUMER, 'DE', [{ gross: 24900, quantity: 1, supply: 'goods' }], 1290).totals);
    expect(price(weber, 'FR', [{ gross: 24900, quantity: 1, supply: 'goods' }], 1290).totals.at(-1)!.lines![1]).toMatchObject({ kind: 'vat', rate: 20 });
  });

  it('a French business pays French VAT, as a consumer in France', () => {
    const school: BuyerVatStatus = { kind: 'business', legalName: 'Lycée Lumière', country: 'FR', vatNumber: 'FR40303265045', viesValid: true };
    expect(price(school, 'FR', [{ gross: 59900, quantity: 1, supply: 'goods' }], 0).totals).toEqual(price(CONSUMER, 'FR', [{ gross: 59900, quantity: 1, supply: 'goods' }], 0).totals);
  });

  it('buildTotals refuses parts that do not sum to the total', () => {
    expect(() => buildTotals(1000, 100, 0, [{ taxation: { kind: 'vat', rate: 20 }, amount: 1000 }])).toThrow(/sum to 1000/);
  });
});
