/**
 * Words of the account pages (src/http/html/account-page.ts) in the store's 12 locales:
 * messages/<locale>.json "account" (ICU MessageFormat), compiled by scripts/build-messages.ts
 * into ./generated/account.js.
 */
import type { Locale } from '../catalog/locales';
import messages, { type AccountMessages } from './generated/account.js';

export type AccountUi = AccountMessages;

/** The "account" messages of a locale. */
export function accountUi(locale: Locale): AccountUi {
  return messages[locale];
}
