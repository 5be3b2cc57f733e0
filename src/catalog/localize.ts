/** Picking the text of a locale, with the French fallback (docs/storefront.md "Locales"; README "Content model": a missing translation falls back to French). */
import type { Locale } from './locales';

type Translations = { fr: string } & Partial<Record<Locale, string>>;

/** Text of `value` in `locale`, falling back to French; a plain string is the same in every locale. */
export function localize(value: Translations | string, locale: Locale): string {
  return typeof value === 'string' ? value : (value[locale] ?? value.fr);
}
