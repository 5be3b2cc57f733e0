// Issue 38 "Offers are content": content/discounts/*.yaml is validated with the rest of the
// content, and a bad offer is a build error naming its file and field.
import { describe, expect, it } from 'vitest';
import { ContentError, loadContent } from '../src/catalog/load';
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
    expect(catalog.discounts).toEqual([expect.objectContaining({ handle: 'hiver', code: 'HIVER10', method: 'across', combines: false, priority: 0, once_per_buyer: false, applies_to: { products: [FIXTURE.handle] } })]);
  });

  it('the store\'s content has its two code offers and no automatic one', () => {
    const { catalog } = loadContent('.');
    expect(catalog.discounts.map((d) => [d.handle, d.code, d.automatic ?? false])).toEqual([['bienvenue', 'BIENVENUE10', false], ['livraison-offerte', 'LIVRAISON', false]]);
  });

  it.each([
    ['an unknown collection', offer({ applies_to: { collections: ['serres'] } }), 'content/discounts/bad.yaml: applies_to.collections[0]: "serres" is not a collection (no content/collections/serres.yaml)'],
    ['an unknown product', offer({ applies_to: { products: ['kit-inconnu'] } }), 'content/discounts/bad.yaml: applies_to.products[0]: "kit-inconnu" is not a product (no content/products/kit-inconnu.yaml)'],
    ['an unknown variant', offer({ applies_to: { variants: [999999] } }), 'content/discounts/bad.yaml: applies_to.variants[0]: 999999 is not a variant id of any product'],
    ['an end before the start', offer({ starts_at: '2026-12-24', ends_at: '2026-12-01' }), 'content/discounts/bad.yaml: ends_at: "2026-12-01" is not after starts_at "2026-12-24"'],
    ['a code and automatic', offer({ automatic: true }), 'content/discounts/bad.yaml: code: an offer has either a code or automatic: true, not both and not neither'],
    ['neither a code nor automatic', offer({ code: undefined }), 'content/discounts/bad.yaml: code: an offer has either a code or automatic: true, not both and not neither'],
    ['an amount with three decimals', offer({ value: { amount: '5.005' } }), 'content/discounts/bad.yaml: value.amount: "5.005" is not an amount like "12.50"'],
    ['two values', offer({ value: { percentage: 10, free_shipping: true } }), 'content/discounts/bad.yaml: value: write exactly one of percentage, amount or free_shipping'],
    ['a percentage above 100', offer({ value: { percentage: 120 } }), 'content/discounts/bad.yaml: value.percentage: Too big: expected number to be <=100'],
    ['a date that is not one', offer({ ends_at: '24/12/2026' }), 'content/discounts/bad.yaml: ends_at: "24/12/2026" is not a date like "2026-12-24" or a time like "2026-12-24T08:00" (Europe/Paris)'],
  ])('names the file and field of %s', (_, bad, expected) => {
    expect(errorsOf({ 'content/discounts/bad.yaml': JSON.parse(JSON.stringify(bad)) })).toContain(expected);
  });

  it('refuses two offers with one code, whatever its case', () => {
    expect(errorsOf({ 'content/discounts/a.yaml': offer(), 'content/discounts/b.yaml': offer({ code: 'hiver10' }) }))
      .toEqual(['content/discounts/b.yaml: code: "hiver10" is already the code of content/discounts/a.yaml (codes are matched without regard to case)']);
  });
});
