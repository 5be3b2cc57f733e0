/**
 * Words of quotes (src/http/html/quote-page.ts, the checkout's quote section, the quote as a
 * document) in the store's 12 locales: messages/<locale>.json "quotes", compiled by
 * scripts/build-messages.ts.
 */
import type { Locale } from '../catalog/locales';
import messages, { type QuotesMessages } from './generated/quotes.js';

export type QuotesUi = QuotesMessages;

/** The "quotes" messages of a locale. */
export function quotesUi(locale: Locale): QuotesUi {
  return messages[locale];
}
