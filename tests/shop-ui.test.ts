// The cart and checkout pages' words (src/i18n/shop-ui.ts) in the store's 12 locales: every key has a
// text in every locale, with the French text's placeholders (filled by `t()`), and no locale but
// English is left in English.
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../src/catalog/locales';
import { shopUi, type ShopUi } from '../src/i18n/shop-ui';

const fr = shopUi('fr');
const en = shopUi('en');
const keys = Object.keys(fr) as Array<keyof ShopUi>;

/** The `{name}` placeholders of a text, sorted (a doubled or missing one shows). */
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('shop UI strings (src/i18n/shop-ui.ts)', () => {
  it.each(LOCALES)('%s: every key of the French text, in its order, with a non-empty text', (locale) => {
    const ui = shopUi(locale);
    expect(Object.keys(ui)).toEqual(keys);
    for (const key of keys) {
      expect(typeof ui[key], `${locale}.${key}`).toBe('string');
      expect(ui[key].trim(), `${locale}.${key}`).not.toBe('');
    }
  });

  it.each(LOCALES)('%s: each text has the French text’s placeholders, each once', (locale) => {
    const ui = shopUi(locale);
    for (const key of keys) expect(placeholders(ui[key]), `${locale}.${key}`).toEqual(placeholders(fr[key]));
  });

  it('the French placeholders are each used once', () => {
    for (const key of keys) expect(new Set(placeholders(fr[key])).size, key).toBe(placeholders(fr[key]).length);
  });

  it.each(LOCALES.filter((l) => l !== 'fr' && l !== 'en'))('%s: translated, not English (at least 80%% of the texts differ)', (locale) => {
    const ui = shopUi(locale);
    expect(ui).not.toBe(en);
    const same = keys.filter((key) => ui[key] === en[key]);
    expect(same.length, `same as English: ${same.join(', ')}`).toBeLessThanOrEqual(Math.floor(keys.length * 0.2));
  });
});
