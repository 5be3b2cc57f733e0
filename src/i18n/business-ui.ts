/**
 * Words of the business account's form and status (src/http/html/business-page.ts) in the
 * store's 12 locales: messages/<locale>.json "business", compiled by scripts/build-messages.ts.
 */
import type { Locale } from '../catalog/locales';
import messages, { type BusinessMessages } from './generated/business.js';

export type BusinessUi = BusinessMessages;

/** The "business" messages of a locale. */
export function businessUi(locale: Locale): BusinessUi {
  return messages[locale];
}
