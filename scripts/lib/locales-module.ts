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
  const store = parse(readFileSync(join(root, 'content/store.yaml'), 'utf8')) as { default_locale?: unknown; locales?: unknown };
  const locales = store.locales;
  if (!Array.isArray(locales) || !locales.every((l) => typeof l === 'string' && /^[a-z]{2}$/.test(l))) {
    throw new Error('content/store.yaml: locales: expected a list of two-letter language codes like [fr, en]');
  }
  if (typeof store.default_locale !== 'string' || !locales.includes(store.default_locale)) {
    throw new Error('content/store.yaml: default_locale: expected one of the locales');
  }
  return [
    '// Generated from content/store.yaml (`default_locale`, `locales`) by scripts/write-locales.ts,',
    '// which `npm run build` runs first: change the locales there, not here.',
    '',
    '/** The default locale: served without a URL prefix; other locales fall back to its text. */',
    `export const DEFAULT_LOCALE = ${JSON.stringify(store.default_locale).replace(/"/g, "'")} as const;`,
    '/** Every locale of the store, in content/store.yaml order. */',
    `export const LOCALES = [${locales.map((l) => `'${l}'`).join(', ')}] as const;`,
    '',
  ].join('\n');
}
