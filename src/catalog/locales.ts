/**
 * The store's 12 locales (docs/storefront.md "Locales"), written once in content/store.yaml
 * and read here through src/catalog/store-locales.ts (generated from it by `npm run build`).
 * French is the default locale and has no URL prefix; every other locale is served under `/<code>`.
 */
import { DEFAULT_LOCALE, LOCALES, LOCALE_COUNTRIES, LOCALE_TAGS } from './store-locales';

export { DEFAULT_LOCALE, LOCALES, LOCALE_COUNTRIES, LOCALE_TAGS };
export type Locale = (typeof LOCALES)[number];

/** True when `value` is one of the 12 locale codes. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** `value` when it is one of the 12 locale codes, else the default locale (French): for stored tags. */
export function localeOr(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/** URL prefix of a locale: `''` for French, `'/en'` for English, ... */
export function localePrefix(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? '' : `/${locale}`;
}

/**
 * Splits a pathname into its locale and the rest: `/de/products.json` → `{locale:'de', path:'/products.json'}`,
 * `/products.json` → `{locale:'fr', ...}`. Returns null when the first segment looks like a locale
 * prefix (two lowercase letters) that the store does not serve, so an unknown prefix is never served as French.
 */
export function splitLocale(pathname: string): { locale: Locale; path: string } | null {
  const match = /^\/([a-z]{2})(\/.*)$/.exec(pathname);
  if (!match) return { locale: DEFAULT_LOCALE, path: pathname };
  const [, code, rest] = match;
  if (isLocale(code) && code !== DEFAULT_LOCALE) return { locale: code, path: rest };
  return null;
}

