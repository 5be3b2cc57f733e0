// Pure commerce rules: money, totals (property test of the UCP sum check), shipping, approval.
import { APPROVAL_CODE, approvalCodeDigest, approvalCodeMatches, mayResend, newApprovalCode, parseApprovalCode } from '../src/commerce/approval-code';
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { toCents, toDecimal } from '../src/commerce/money';
import { buildTotals, storedTotalLines } from '../src/commerce/totals';
import { totalLineText, wordedTotals } from '../src/i18n/totals';
import type { Locale } from '../src/catalog/locales';
import { freeShippingThreshold, shippingQuotes, type ShippableLine } from '../src/commerce/shipping';
import { approvalValid, termsHash, newSecret, secretDigest, secretMatches, type Terms } from '../src/commerce/approval';
import { canonicalJson } from '../src/commerce/canonical-json';
import { destinationVatRate, disclosedVatRate, originVatRate, priceForCountry } from '../src/commerce/vat';
import { addressProblems, emailProblem, normalizeAddress } from '../src/commerce/address';
import { variantOffer } from '../src/commerce/market';
import { checkLine } from '../src/commerce/order-lines';
import { LOCALES } from '../src/catalog/locales';
import { catalog } from './helpers/site';

const { store, shipping } = catalog;

describe('money', () => {
  it('round-trips every amount without floats', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 99_999_999 }), (cents) => toCents(toDecimal(cents)) === cents));
    expect(toDecimal(14990)).toBe('149.90');
    expect(toDecimal(5)).toBe('0.05');
    expect(() => toCents('12,5')).toThrow(/not a price/);
  });
});

describe('totals (docs/agent-commerce.md "Totals and VAT")', () => {
  it('entries other than total sum to total; VAT lines sum to total; never a positive tax line', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5_000_000 }), fc.option(fc.integer({ min: 0, max: 50_000 }), { nil: null }), fc.integer({ min: 0, max: 100 }),
        fc.constantFrom(...store.countries_served), fc.constantFrom(...LOCALES),
        (subtotal, fulfillment, discountPercent, country, locale) => {
          const discount = Math.floor(((subtotal + (fulfillment ?? 0)) * discountPercent) / 100);
          const totals = buildTotals(subtotal, fulfillment, discount, destinationVatRate(store, country));
          const total = totals.filter((t) => t.type === 'total');
          expect(total).toHaveLength(1);
          expect(totals.filter((t) => t.type === 'subtotal')).toHaveLength(1);
          expect(totals.filter((t) => t.type !== 'total').reduce((s, t) => s + t.amount, 0)).toBe(total[0].amount);
          expect(total[0].lines!.reduce((s, l) => s + l.amount, 0)).toBe(total[0].amount);
          expect(totals.some((t) => t.type === 'tax')).toBe(false);
          for (const t of totals) expect(Number.isSafeInteger(t.amount)).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('discloses the destination rate in the EU and no VAT outside', () => {
    const de = buildTotals(10000, 490, 0, destinationVatRate(store, 'DE'));
    expect(de.at(-1)).toEqual({ type: 'total', amount: 10490, lines: [{ kind: 'net', amount: 8815 }, { kind: 'vat', rate: 19, amount: 1675 }] });
    expect(wordedTotals(de, 'de').at(-1)!.lines).toEqual([{ display_text: 'Nettobetrag', amount: 8815 }, { display_text: 'enthaltene MwSt. 19 %', amount: 1675 }]);
    const ch = buildTotals(priceForCountry(store, 12000, 'CH'), 2990, 0, destinationVatRate(store, 'CH'));
    expect(ch[0].amount).toBe(10000);
    expect(ch.at(-1)!.lines).toEqual([{ kind: 'exempt', amount: 12990 }]);
    expect(wordedTotals(ch, 'en').at(-1)!.lines).toEqual([{ display_text: 'Export outside the EU, no VAT', amount: 12990 }]);
  });

  it('words a VAT line in any language, the rate as each writes it, and reads a stored sentence back as its code', () => {
    const line = { kind: 'vat' as const, rate: 5.5, amount: 100 };
    expect(['fr', 'en', 'de', 'pt'].map((l) => totalLineText(line, l as Locale))).toEqual(['dont TVA 5,5 %', 'incl. VAT 5.5 %', 'enthaltene MwSt. 5,5 %', 'IVA incluído 5,5 %']);
    expect(storedTotalLines([{ display_text: 'Montant HT', amount: 900 }, { display_text: 'dont TVA 5,5 %', amount: 100 }])).toEqual([{ kind: 'net', amount: 900 }, { kind: 'vat', rate: 5.5, amount: 100 }]);
    expect(storedTotalLines([{ display_text: 'Ausfuhr außerhalb der EU, ohne MwSt.', amount: 1000 }])).toEqual([{ kind: 'exempt', amount: 1000 }]);
    expect(storedTotalLines([{ kind: 'vat', rate: 21, amount: 5 }])).toEqual([{ kind: 'vat', rate: 21, amount: 5 }]);
  });
});

describe('shipping quotes (content/shipping.yaml)', () => {
  const parcel = (grams: number, quantity = 1, grossPrice = 3000): ShippableLine => ({ grams, quantity, freight: false, shipsTo: null, grossPrice });
  const to = (country: string, postalCode?: string) => ({ country, postalCode });
  const threshold = freeShippingThreshold(shipping);

  it('prices by weight band and zone, cheapest first', () => {
    const quotes = shippingQuotes(store, shipping, [parcel(800)], to('FR'), 'fr');
    expect(Array.isArray(quotes)).toBe(true);
    const byId = Object.fromEntries((quotes as Exclude<typeof quotes, { reason: string }>).map((q) => [q.id, q.price]));
    // The pick-up point method of content (relay, 4,50 €) is not offered: no point can be chosen yet.
    expect(byId).toEqual({ colissimo: 590, express: 1290 });
    const heavier = shippingQuotes(store, shipping, [parcel(2500, 2, 1500)], to('FR'), 'fr') as Array<{ id: string; price: number }>;
    expect(heavier.find((q) => q.id === 'colissimo')!.price).toBe(890);
  });

  it('ships free from the threshold (content prices, VAT included) on eligible methods only', () => {
    const quotes = shippingQuotes(store, shipping, [parcel(400, 2, threshold / 2)], to('FR'), 'fr') as Array<{ id: string; price: number; free: boolean }>;
    expect(quotes.find((q) => q.id === 'colissimo')).toMatchObject({ price: 0, free: true });
    expect(quotes.find((q) => q.id === 'express')).toMatchObject({ price: 1290, free: false });
    const below = shippingQuotes(store, shipping, [parcel(800, 1, threshold - 1)], to('FR'), 'fr') as Array<{ id: string; free: boolean }>;
    expect(below.some((q) => q.free)).toBe(false);
  });

  it('prices shipping net of French VAT for an export, gross in the EU', () => {
    const ch = shippingQuotes(store, shipping, [parcel(800)], to('CH'), 'en') as Array<{ price: number; destinationPrice: number }>;
    for (const q of ch) expect(q.destinationPrice).toBe(priceForCountry(store, q.price, 'CH'));
    const de = shippingQuotes(store, shipping, [parcel(800)], to('DE'), 'de') as Array<{ price: number; destinationPrice: number }>;
    for (const q of de) expect(q.destinationPrice).toBe(q.price);
  });

  it('sends freight products by freight only, and refuses unserved countries and restricted products', () => {
    const freight = shippingQuotes(store, shipping, [{ grams: 118000, quantity: 1, freight: true, shipsTo: ['FR', 'DE'], grossPrice: 189000 }], to('DE'), 'de') as Array<{ id: string }>;
    expect(freight.map((q) => q.id)).toEqual(['freight']);
    expect(shippingQuotes(store, shipping, [parcel(100)], to('US'), 'en')).toEqual({ reason: 'country_not_served', country: 'US' });
    expect(shippingQuotes(store, shipping, [parcel(100), { ...parcel(100), shipsTo: ['FR'] }], to('CH'), 'en')).toEqual({ reason: 'product_not_shipped', country: 'CH', lineIndexes: [1] });
    expect(shippingQuotes(store, shipping, [parcel(100)], to('FR', '97400'), 'fr')).toMatchObject({ reason: 'territory', country: 'FR' });
  });
});

describe('VAT rate of a checkout', () => {
  it('is the destination rate where the store delivers, the origin rate otherwise', () => {
    expect(disclosedVatRate(store, 'DE')).toBe(destinationVatRate(store, 'DE'));
    expect(disclosedVatRate(store, 'CH')).toBe(0);
    expect(disclosedVatRate(store, undefined)).toBe(originVatRate(store));
    expect(disclosedVatRate(store, 'US')).toBe(originVatRate(store));
  });
});

describe('order lines (stock policy and destination)', () => {
  const tracked = (quantity: number, policy: 'deny' | 'continue') => ({ price: '10.00', compare_at_price: null, grams: 500, inventory: { quantity, counted_at: '2026-01-01', policy } });
  const verdict = (variant: ReturnType<typeof tracked> | { price: string; compare_at_price: null; grams: number; inventory: null }, sold: number, quantity: number, country?: string, shipsTo: string[] | null = null) =>
    checkLine(variant, variantOffer(store, { ships_to: shipsTo }, variant, country ? { country } : undefined, sold), quantity);

  it('caps deny lines to what is left, puts continue lines on backorder, leaves untracked ones alone', () => {
    expect(verdict(tracked(3, 'deny'), 0, 5)).toEqual({ kind: 'short', left: 3 });
    expect(verdict(tracked(3, 'deny'), 3, 1)).toEqual({ kind: 'out_of_stock' });
    expect(verdict(tracked(3, 'deny'), 1, 2)).toEqual({ kind: 'ok' });
    expect(verdict(tracked(2, 'continue'), 2, 3)).toEqual({ kind: 'backorder', units: 3 });
    expect(verdict(tracked(2, 'continue'), 0, 3)).toEqual({ kind: 'backorder', units: 1 });
    expect(verdict({ price: '10.00', compare_at_price: null, grams: 500, inventory: null }, 0, 99)).toEqual({ kind: 'ok' });
  });

  it('refuses a product that does not ship to the destination before looking at stock', () => {
    expect(verdict(tracked(0, 'deny'), 0, 1, 'CH', ['FR'])).toEqual({ kind: 'unshippable' });
  });
});

describe('shipping address and e-mail', () => {
  it('normalises the known fields and names what is missing', () => {
    const address = normalizeAddress({ street_address: ' 1 rue X ', address_country: 'fr', postal_code: '', first_name: 'A' });
    expect(address).toEqual({ street_address: '1 rue X', address_country: 'FR', first_name: 'A' });
    expect(addressProblems(address)).toEqual([{ field: 'postal_code', problem: 'required' }, { field: 'address_locality', problem: 'required' }]);
    expect(addressProblems({ address_country: 'France' })).toContainEqual({ field: 'address_country', problem: 'country' });
    expect(addressProblems({ address_country: 'FR', street_address: 's', postal_code: '75001', address_locality: 'l' })).toEqual([{ field: 'last_name', problem: 'recipient' }]);
  });

  it('checks a postal code against its country\'s format (postcode-validator), and takes any code for a country it does not know', () => {
    const at = (country: string, postal_code: string) => addressProblems({ address_country: country, street_address: 's', postal_code, address_locality: 'l', last_name: 'n' });
    for (const [country, code] of [['FR', '69007'], ['FR', '97400'], ['DE', '10115'], ['BE', '1000'], ['NL', '1012 AB'], ['CH', '8001'], ['GB', 'SW1A 1AA'], ['PL', '00-950'], ['CZ', '110 00'], ['SE', '114 55'], ['PT', '1000-001']] as const) {
      expect(at(country, code), `${country} ${code}`).toEqual([]);
    }
    for (const [country, code] of [['FR', '4400'], ['DE', '3500'], ['NL', 'ABCD'], ['PL', '00950x']] as const) {
      expect(at(country, code), `${country} ${code}`).toEqual([{ field: 'postal_code', problem: 'format' }]);
    }
  });

  it('checks the e-mail address', () => {
    expect(emailProblem(undefined)).toBe('missing');
    expect(emailProblem('  ')).toBe('missing');
    expect(emailProblem('camille@')).toBe('invalid');
    expect(emailProblem('junk,camille@example.org')).toBe('invalid');
    expect(emailProblem(' camille@example.org ')).toBeNull();
  });
});

describe('buyer approval', () => {
  // Terms of the test's own (pure functions: nothing here is looked up in the content).
  const terms: Terms = {
    checkoutId: 'chk_1', currency: 'EUR', lines: [{ variantId: '100101', quantity: 1, unitPrice: 24900 }],
    totals: [{ type: 'subtotal', amount: 24900 }, { type: 'total', amount: 24900, included: [4150] }], buyer: { first_name: 'Camille', email: 'camille@example.org' },
    destination: { address_country: 'FR', postal_code: '69007' }, shippingOptionId: 'colissimo',
  };

  it('hashes canonical terms: key order does not matter, any change does', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: 3 }] })).toBe('{"a":[{"c":3,"d":2}],"b":1}');
    const h = termsHash(terms);
    expect(termsHash({ ...terms, destination: { postal_code: '69007', address_country: 'FR' } })).toBe(h);
    expect(termsHash({ ...terms, lines: [{ ...terms.lines[0], quantity: 2 }] })).not.toBe(h);
    expect(termsHash({ ...terms, shippingOptionId: 'express' })).not.toBe(h);
    expect(termsHash({ ...terms, checkoutId: 'chk_2' })).not.toBe(h);
    expect(termsHash({ ...terms, buyer: { ...terms.buyer, email: 'other@example.org' } })).not.toBe(h);
    expect(termsHash({ ...terms, buyer: { ...terms.buyer, last_name: 'Martin' } })).not.toBe(h);
    expect(termsHash({ ...terms, totals: [terms.totals[0], { type: 'total', amount: 24900, included: [4000] }] })).not.toBe(h);
  });

  it('is valid for 15 minutes and only for the approved terms', () => {
    const h = termsHash(terms);
    expect(approvalValid({ terms_hash: h, approved_at: 1000 }, h, 1000 + 900)).toBe(true);
    expect(approvalValid({ terms_hash: h, approved_at: 1000 }, h, 1000 + 901)).toBe(false);
    expect(approvalValid({ terms_hash: h, approved_at: 1000 }, 'other', 1001)).toBe(false);
    expect(approvalValid(null, h, 1001)).toBe(false);
  });

  it('stores only a digest of the unguessable secret', () => {
    const secret = newSecret();
    expect(secret.length).toBeGreaterThanOrEqual(43);
    expect(secretMatches(secret, secretDigest(secret))).toBe(true);
    expect(secretMatches(newSecret(), secretDigest(secret))).toBe(false);
  });
});

describe('approval codes', () => {
  const key = Buffer.alloc(32, 7);

  it('draws 6-digit codes (10^6 possible), leading zeros kept', () => {
    const codes = Array.from({ length: 2000 }, () => newApprovalCode());
    for (const c of codes) expect(c).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(1900);
  });

  it('stores an HMAC bound to the checkout, never the code', () => {
    const digest = approvalCodeDigest(key, 'chk_a', '004217');
    expect(digest).not.toContain('004217');
    expect(approvalCodeMatches(key, 'chk_a', '004217', digest)).toBe(true);
    expect(approvalCodeMatches(key, 'chk_b', '004217', digest)).toBe(false);
    expect(approvalCodeMatches(key, 'chk_a', '004218', digest)).toBe(false);
    expect(approvalCodeMatches(Buffer.alloc(32, 8), 'chk_a', '004217', digest)).toBe(false);
  });

  it('reads what a person types, refusing anything but 6 digits', () => {
    expect(parseApprovalCode(' 004 217 ')).toBe('004217');
    expect(parseApprovalCode('004-217')).toBe('004217');
    for (const bad of ['', '00421', '0042170', 'abcdef', '００４２１７']) expect(parseApprovalCode(bad)).toBeNull();
  });

  it('limits sends per checkout (5 an hour, 30 s apart) and per address (10 an hour)', () => {
    const none = { count: 0, oldestAt: null, latestAt: null };
    const now = 10_000_000;
    expect(mayResend({ checkout: none, address: none }, now)).toEqual({ ok: true });
    expect(mayResend({ checkout: { count: 1, oldestAt: now - 10_000, latestAt: now - 10_000 }, address: none }, now)).toEqual({ ok: false, retryAfterSeconds: 20 });
    expect(mayResend({ checkout: { count: 5, oldestAt: now - 600_000, latestAt: now - 60_000 }, address: none }, now)).toEqual({ ok: false, retryAfterSeconds: 3000 });
    expect(mayResend({ checkout: none, address: { count: 10, oldestAt: now - 3_000_000, latestAt: now } }, now)).toEqual({ ok: false, retryAfterSeconds: 600 });
    expect(APPROVAL_CODE).toMatchObject({ digits: 6, ttlSeconds: 600, maxWrongTries: 5 });
  });
});
