// Issue 38 "Offers are content": content/discounts/*.yaml is validated with the rest of the
// content, and a bad offer is a build error naming its file and field.
import { describe, expect, it } from 'vitest';
import { ContentError, loadContent } from '../src/catalog/load';
import { functionSnapshot } from '../src/catalog/snapshot';
import { splitLocaleText } from '../src/catalog/locale-text';
import { LOCALES } from '../src/catalog/locales';
import { contentFixture, productYaml } from './helpers/content-fixture';

const FIXTURE = productYaml() as { handle: string; variants: Array<{ id: number }> };
const offer = (extra: Record<string, unknown> = {}) => ({ code: 'HIVER10', title: { fr: 'Hiver' }, value: { percentage: 10 }, ...extra });

function errorsOf(files: Record<string, Record<string, unknown>>): string[] {
  try {
    loadContent(contentFixture(files));
  } catch (e) {
    if (e instanceof ContentError) return e.errors;
    throw e;
  }
  return [];
}

describe('discount offers as content', () => {
  it('loads a valid offer with its defaults and its handle from the file name', () => {
    const { catalog } = loadContent(contentFixture({ 'content/discounts/hiver.yaml': offer({ applies_to: { products: [FIXTURE.handle] } }) }));
    expect(catalog.discounts).toEqual([expect.objectContaining({ handle: 'hiver', code: 'HIVER10', method: 'across', combines: false, priority: 1, once_per_buyer: false, applies_to: { products: [FIXTURE.handle] } })]);
  });

  it('reads amounts in euros, as a string or a number, into cents', () => {
    const { catalog } = loadContent(contentFixture({
      'content/discounts/a.yaml': offer({ value: { amount: '12.5' }, minimum_subtotal: 49.9, method: 'each' }),
      'content/discounts/b.yaml': offer({ code: 'B-B_3', value: { amount: 7 }, minimum_subtotal: '100.00', automatic: false }),
    }));
    expect(catalog.discounts.map((d) => [d.handle, d.value.amount, d.minimum_subtotal, d.method])).toEqual([['a', 1250, 4990, 'each'], ['b', 700, 10000, 'across']]);
  });

  it('takes an automatic offer without a code, and times to the second', () => {
    const { catalog } = loadContent(contentFixture({ 'content/discounts/noel.yaml': offer({ code: undefined, automatic: true, starts_at: '2026-12-01', ends_at: '2026-12-24T18:30:00' }) }));
    expect(catalog.discounts[0]).toMatchObject({ handle: 'noel', automatic: true, starts_at: '2026-12-01', ends_at: '2026-12-24T18:30:00' });
    expect(catalog.discounts[0].code).toBeUndefined();
  });

  it('the store\'s content has its two code offers and no automatic one', () => {
    const { catalog } = loadContent('.');
    expect(catalog.discounts.map((d) => [d.handle, d.code, d.automatic ?? false])).toEqual([['bienvenue', 'BIENVENUE10', false], ['livraison-offerte', 'LIVRAISON', false]]);
    const [welcome, shipping] = catalog.discounts;
    expect(welcome).toMatchObject({ value: { percentage: 10 }, applies_to: 'all', once_per_buyer: true, combines: false });
    expect(welcome.minimum_subtotal).toBeUndefined();
    expect(shipping).toMatchObject({ value: { free_shipping: true }, minimum_subtotal: 5000, once_per_buyer: false });
    // Titles in the 12 locales, none falling back to French.
    for (const d of catalog.discounts) expect(Object.keys(d.title).sort(), d.handle).toEqual([...LOCALES].sort());
  });

  it('the function\'s snapshot carries the offers with their titles in every locale', () => {
    const { catalog } = loadContent('.');
    const { base } = splitLocaleText(functionSnapshot(catalog));
    expect(base.discounts).toEqual(catalog.discounts);
    expect(JSON.parse(JSON.stringify(base)).discounts[1].title.de).toBe('Kostenloser Versand ab 50 €');
  });

  it('an absent content/discounts folder is no offers', () => {
    expect(loadContent(contentFixture()).catalog.discounts).toEqual([]);
  });

  it.each([
    ['an unknown collection', offer({ applies_to: { collections: ['serres'] } }), 'content/discounts/bad.yaml: applies_to.collections[0]: "serres" is not a collection (no content/collections/serres.yaml)'],
    ['an unknown product', offer({ applies_to: { products: ['kit-inconnu'] } }), 'content/discounts/bad.yaml: applies_to.products[0]: "kit-inconnu" is not a product (no content/products/kit-inconnu.yaml)'],
    ['an unknown variant', offer({ applies_to: { variants: [999999] } }), 'content/discounts/bad.yaml: applies_to.variants[0]: 999999 is not a variant id of any product'],
    ['an end before the start', offer({ starts_at: '2026-12-24', ends_at: '2026-12-01' }), 'content/discounts/bad.yaml: ends_at: "2026-12-01" is not after starts_at "2026-12-24"'],
    ['an end at the start, written differently', offer({ starts_at: '2026-12-24', ends_at: '2026-12-24T00:00' }), 'content/discounts/bad.yaml: ends_at: "2026-12-24T00:00" is not after starts_at "2026-12-24"'],
    ['a number of euros with three decimals', offer({ value: { amount: 5.005 } }), 'content/discounts/bad.yaml: value.amount: 5.005 is not an amount like "12.50" (euros, at most two decimals)'],
    ['an amount of zero', offer({ value: { amount: '0.00' } }), 'content/discounts/bad.yaml: value.amount: must be more than 0'],
    ['a minimum that is not an amount', offer({ minimum_subtotal: true }), 'content/discounts/bad.yaml: minimum_subtotal: true is not an amount in euros like "12.50"'],
    ['free shipping per unit', offer({ value: { free_shipping: true }, method: 'each' }), 'content/discounts/bad.yaml: method: method: each is for an amount (or a percentage) per unit, not free shipping'],
    ['a code too short', offer({ code: 'AB' }), 'content/discounts/bad.yaml: code: "AB" is not a code (3 to 32 letters, digits, - or _)'],
    ['a code with a space', offer({ code: 'HIVER 10' }), 'content/discounts/bad.yaml: code: "HIVER 10" is not a code (3 to 32 letters, digits, - or _)'],
    ['a straight apostrophe in the French title', offer({ title: { fr: "L'hiver" } }), 'content/discounts/bad.yaml: title.fr: '],
    ['a locale the store does not have', offer({ title: { fr: 'Hiver', jp: 'Fuyu' } }), 'content/discounts/bad.yaml: title: unknown locale "jp" (locales are fr, en, de, nl, cs, ru, it, pt, pl, es, sv, da)'],
    ['a code and automatic', offer({ automatic: true }), 'content/discounts/bad.yaml: code: an offer has either a code or automatic: true, not both and not neither'],
    ['neither a code nor automatic', offer({ code: undefined }), 'content/discounts/bad.yaml: code: an offer has either a code or automatic: true, not both and not neither'],
    ['an amount with three decimals', offer({ value: { amount: '5.005' } }), 'content/discounts/bad.yaml: value.amount: "5.005" is not an amount like "12.50"'],
    ['two values', offer({ value: { percentage: 10, free_shipping: true } }), 'content/discounts/bad.yaml: value: write exactly one of percentage, amount or free_shipping'],
    ['a percentage above 100', offer({ value: { percentage: 120 } }), 'content/discounts/bad.yaml: value.percentage: Too big: expected number to be <=100'],
    ['a date that is not one', offer({ ends_at: '24/12/2026' }), 'content/discounts/bad.yaml: ends_at: "24/12/2026" is not a date like "2026-12-24" or a time like "2026-12-24T08:00" (Europe/Paris)'],
  ])('names the file and field of %s', (_, bad, expected) => {
    const errors = errorsOf({ 'content/discounts/bad.yaml': JSON.parse(JSON.stringify(bad)) });
    expect(errors.some((e) => (expected.endsWith(': ') ? e.startsWith(expected) : e === expected)), errors.join('\n')).toBe(true);
  });

  it('refuses two offers with one code, whatever its case', () => {
    expect(errorsOf({ 'content/discounts/a.yaml': offer(), 'content/discounts/b.yaml': offer({ code: 'hiver10' }) }))
      .toEqual(['content/discounts/b.yaml: code: "hiver10" is already the code of content/discounts/a.yaml (codes are matched without regard to case)']);
  });
});
