/**
 * Words of the HTML storefront in the store's 12 locales (docs/storefront.md "Locales"):
 * navigation, labels, availability, VAT mention, pagination, 404 text. Product, collection and
 * page text comes from content/; only the words of the interface live in the catalogues
 * (messages/<locale>.json "ui", ICU MessageFormat: counts by CLDR plural rules), compiled by
 * scripts/build-messages.ts into ./generated/ui.js: a message without arguments is its text, one
 * with arguments a function of them (`ui(locale).productCount({ n })`).
 */
import type { Locale } from '../catalog/locales';
import messages, { type UiMessages, pluralForms } from './generated/ui.js';

export type UiStrings = UiMessages;

/** The keys of a namespace whose messages take no argument (their value is the text): for a key chosen at run time. */
export type TextOf<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T];

/** Language names by locale, made on first use: `Intl.DisplayNames` costs tens of milliseconds, which a cold start of the function must not pay. */
const languageNames = new Map<Locale, string>();

/**
 * A language's name in itself, capitalised as a list of languages shows it ("Français",
 * "Čeština"): CLDR's, through `Intl.DisplayNames`, the same in every locale.
 */
export function languageName(locale: Locale): string {
  let name = languageNames.get(locale);
  if (name === undefined) {
    const own = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
    name = own[0].toLocaleUpperCase(locale) + own.slice(1);
    languageNames.set(locale, name);
  }
  return name;
}

/**
 * The forms of the counted "ui" messages (`itemCount`, `productCount`) by CLDR category, `{n}`
 * for the number: for the browser scripts a page hands them to, which pick one with
 * `Intl.PluralRules` (src/scripts/add-to-cart.ts, cart-count.ts).
 */
export function uiPlurals(locale: Locale): (typeof pluralForms)[Locale] {
  return pluralForms[locale];
}

/** The "ui" messages of a locale. */
export function ui(locale: Locale): UiStrings {
  return messages[locale];
}
