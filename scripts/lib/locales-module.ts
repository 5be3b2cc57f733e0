/**
 * The store's locales are written once, in content/store.yaml (`default_locale`, `locales`).
 * `astro.config.mjs` reads them there; the code reads them from src/catalog/store-locales.ts,
 * which this module renders from the same file (TypeScript needs the codes as literal types, so
 * that every per-locale table is checked to be complete). scripts/write-locales.ts writes it
 * first in `npm run build`; tests/locales.test.ts fails when it is out of date.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

/** Path of the generated module, relative to the project root. */
export const LOCALES_MODULE = 'src/catalog/store-locales.ts';

/**
 * The text of src/catalog/store-locales.ts for the store.yaml under `root`.
 * @throws Error when store.yaml has no `default_locale` among two-letter `locales`
 */
export function localesModule(root: string): string {
  const store = parse(readFileSync(join(root, 'content/store.yaml'), 'utf8')) as { default_locale?: unknown; locales?: unknown; locale_tags?: unknown; locale_countries?: unknown };
  const locales = store.locales;
  if (!Array.isArray(locales) || !locales.every((l) => typeof l === 'string' && /^[a-z]{2}$/.test(l))) {
    throw new Error('content/store.yaml: locales: expected a list of two-letter language codes like [fr, en]');
  }
  if (typeof store.default_locale !== 'string' || !locales.includes(store.default_locale)) {
    throw new Error('content/store.yaml: default_locale: expected one of the locales');
  }
  const perLocale = (field: 'locale_tags' | 'locale_countries', valid: RegExp, example: string): Record<string, string> => {
    const map = store[field] as Record<string, unknown> | undefined;
    for (const locale of locales as string[]) {
      const value = map?.[locale];
      if (typeof value !== 'string' || !valid.test(value)) throw new Error(`content/store.yaml: ${field}.${locale}: expected ${example}`);
    }
    const extra = Object.keys(map ?? {}).filter((k) => !(locales as string[]).includes(k));
    if (extra.length) throw new Error(`content/store.yaml: ${field}.${extra[0]}: not one of the locales`);
    return map as Record<string, string>;
  };
  const tags = perLocale('locale_tags', /^[a-z]{2,3}(-[A-Z]{2})?$/, 'a BCP 47 tag like fr-FR');
  const countries = perLocale('locale_countries', /^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 code like FR');
  const table = (map: Record<string, string>) => `{ ${(locales as string[]).map((l) => `${l}: '${map[l]}'`).join(', ')} }`;
  return [
    '// Generated from content/store.yaml (`default_locale`, `locales`, `locale_tags`, `locale_countries`) by scripts/write-locales.ts,',
    '// which `npm run build` runs first: change the locales there, not here.',
    '',
    '/** The default locale: served without a URL prefix; other locales fall back to its text. */',
    `export const DEFAULT_LOCALE = ${JSON.stringify(store.default_locale).replace(/"/g, "'")} as const;`,
    '/** Every locale of the store, in content/store.yaml order. */',
    `export const LOCALES = [${locales.map((l) => `'${l}'`).join(', ')}] as const;`,
    '/** BCP 47 tag of each locale: `hreflang`, and `Intl` formatting of prices, dates and numbers. */',
    `export const LOCALE_TAGS: Record<(typeof LOCALES)[number], string> = ${table(tags)};`,
    '/** The country each locale\'s buyers most likely live in: the checkout\'s first choice when the store delivers there. */',
    `export const LOCALE_COUNTRIES: Record<(typeof LOCALES)[number], string> = ${table(countries)};`,
    '',
  ].join('\n');
}
