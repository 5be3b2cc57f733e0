// The words of the interface live in one catalogue per locale (messages/<locale>.json, ICU
// MessageFormat), compiled by scripts/build-messages.ts (rules: scripts/lib/messages.ts): a
// catalogue that misses a key of the French one, has one it does not, does not parse, or uses
// other arguments than the French message fails the build, naming the file and the key; every
// key is used somewhere; every locale but English is translated.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../src/catalog/locales';
import { type Catalogues, compileCatalogues, readCatalogues, unusedKeys } from '../scripts/lib/messages';
import { escapeTemplate } from '../src/http/html/summary';
import { html } from '../src/views/html';
import { checkoutUi } from '../src/i18n/checkout-ui';
import { shopUi } from '../src/i18n/shop-ui';
import { ui } from '../src/i18n/ui';

const ROOT = join(import.meta.dirname, '..');
const real = readCatalogues(ROOT);

/** The catalogues with `change` applied to a deep copy. */
function changed(change: (c: Catalogues['byLocale']) => void): Catalogues {
  const byLocale = structuredClone(real.byLocale);
  change(byLocale);
  return { byLocale, descriptions: real.descriptions };
}

const errorsOf = (catalogues: Catalogues) => {
  const result = compileCatalogues(catalogues);
  return 'errors' in result ? result.errors : [];
};

describe('the build checks every catalogue against the French one', () => {
  it('the catalogues compile, and the modules under src/i18n/generated/ are theirs', () => {
    const result = compileCatalogues(real);
    // A module and its types per namespace.
    expect('files' in result && result.files.length).toBe(2 * Object.keys(real.byLocale.fr).length);
    if (!('files' in result)) return;
    for (const file of result.files) expect(readFileSync(join(ROOT, file.path), 'utf8'), file.path).toBe(file.text);
  });

  it('a key missing in one locale, or one the French catalogue does not have, is an error naming the file and the key', () => {
    expect(errorsOf(changed((c) => delete c.de.shop.cartTitle))).toEqual([expect.stringMatching(/^messages\/de\.json: shop\.cartTitle: missing \(French: "Panier"\)$/)]);
    expect(errorsOf(changed((c) => (c.it.shop.extraKey = 'Carrello')))).toEqual(['messages/it.json: shop.extraKey: not in messages/fr.json']);
  });

  it('an argument that differs from the French message\'s (a name, a plural where French has text) is an error', () => {
    expect(errorsOf(changed((c) => (c.nl.shop.quantityOf = 'Aantal {titel}')))).toEqual(['messages/nl.json: shop.quantityOf: arguments {titel} differ from the French message\'s {title}']);
    expect(errorsOf(changed((c) => (c.sv.shop.removeItem = 'Ta bort {title, plural, one {en} other {flera}}'))))
      .toEqual(['messages/sv.json: shop.removeItem: arguments {title, plural} differ from the French message\'s {title}']);
    expect(errorsOf(changed((c) => (c.pl.ui.itemCount = '{n} produktów'))))
      .toEqual(['messages/pl.json: ui.itemCount: arguments {n} differ from the French message\'s {n, plural}']);
  });

  it('a message that does not parse is an error naming the file and the key', () => {
    expect(errorsOf(changed((c) => (c.es.shop.quantityOf = 'Cantidad de {title')))).toEqual([expect.stringMatching(/^messages\/es\.json: shop\.quantityOf: Unexpected message end/)]);
    // A plural without `other`, and a category Danish does not have.
    expect(errorsOf(changed((c) => (c.da.ui.itemCount = '{n, plural, one {# vare}}')))).toEqual([expect.stringMatching(/^messages\/da\.json: ui\.itemCount: No 'other' form/)]);
    expect(errorsOf(changed((c) => (c.da.ui.itemCount = '{n, plural, one {# vare} few {# varer} other {# varer}}')))).toEqual([expect.stringMatching(/^messages\/da\.json: ui\.itemCount: .*few/)]);
  });

  it('every key of the French catalogue is used by the code', () => {
    expect(unusedKeys(ROOT, real)).toEqual([]);
  });
});

describe('what the catalogues say', () => {
  it.each(LOCALES)('%s: every message has a text', (locale) => {
    for (const [namespace, messages] of Object.entries(real.byLocale[locale])) {
      for (const [key, message] of Object.entries(messages)) expect(message.trim(), `${locale} ${namespace}.${key}`).not.toBe('');
    }
  });

  it.each(LOCALES.filter((l) => l !== 'fr' && l !== 'en'))('%s: translated, not English (at least 80%% of the messages differ)', (locale) => {
    const keys = Object.entries(real.byLocale.en).flatMap(([namespace, messages]) => Object.keys(messages).map((key) => [namespace, key] as const));
    const same = keys.filter(([namespace, key]) => real.byLocale[locale][namespace][key] === real.byLocale.en[namespace][key]);
    expect(same.map(([n, k]) => `${n}.${k}`).length, `same as English: ${same.join(', ')}`).toBeLessThanOrEqual(Math.floor(keys.length * 0.2));
  });

  it('plurals follow CLDR: the forms of French, Polish and Russian counts', () => {
    expect([0, 1, 2, 1_000_000].map((n) => ui('fr').itemCount({ n }))).toEqual(['0 article', '1 article', '2 articles', '1\u202f000\u202f000 d’articles']);
    expect([1, 2, 5, 22, 25].map((n) => ui('pl').itemCount({ n }))).toEqual(['1 produkt', '2 produkty', '5 produktów', '22 produkty', '25 produktów']);
    expect([1, 3, 5, 21].map((n) => ui('ru').productCount({ n }))).toEqual(['1 товар', '3 товара', '5 товаров', '21 товар']);
  });

  it('a message with HTML arguments (links) escapes its own text, not the links', () => {
    const legal = escapeTemplate(checkoutUi('it').legal, { terms: html`<a href="/t">T</a>`, withdrawal: html`<a href="/w">W</a>` });
    expect(legal.value).toContain('<a href="/t">T</a>');
    expect(legal.value).toContain('<a href="/w">W</a>');
    expect(legal.value).not.toContain('{');
    expect(shopUi('fr').quantityOf({ title: '<b>' })).toBe('Quantité de <b>');
  });
});
