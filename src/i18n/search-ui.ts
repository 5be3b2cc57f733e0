/**
 * Words of the storefront's search in the 12 locales: the search box in every page's header, its
 * suggestions popup (src/scripts/predictive-search.ts) and the results page the function renders
 * (src/http/search-page.ts). A namespace of its own, so the search function's bundle holds only
 * these.
 * The words are messages/<locale>.json "search" (ICU MessageFormat), compiled by
 * scripts/build-messages.ts into ./generated/search.js: a message without arguments is its text, one
 * with arguments a function of them (`ui.addedCount({ count })`).
 */
import type { Locale } from '../catalog/locales';
import messages, { type SearchMessages, pluralForms } from './generated/search.js';

export type SearchStrings = SearchMessages;

/** The forms of the counted "search" messages by CLDR category, `{n}` for the number: for the search box's script (src/scripts/predictive-search.ts). */
export function searchPlurals(locale: Locale): (typeof pluralForms)[Locale] {
  return pluralForms[locale];
}

/** The "search" messages of a locale. */
export function searchUi(locale: Locale): SearchStrings {
  return messages[locale];
}
