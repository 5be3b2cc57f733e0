/**
 * Words of the e-mails the store sends (src/mail/), in the store's 12 locales: the buyer's
 * one-time approval code and the order confirmation, which EU law wants on a durable medium with
 * the right of withdrawal (Directive 2011/83/EU art. 8(7)). Table labels (item, quantity,
 * totals, address) and the shipment's carrier, tracking number and link are the "checkout"
 * messages, the same words as the approval and order pages; a label meets its value with the
 * "ui" message `colon` (src/mail/layout.ts `labelled`).
 * The words are messages/<locale>.json "mail" (ICU MessageFormat), compiled by
 * scripts/build-messages.ts into ./generated/mail.js: a message without arguments is its text, one
 * with arguments a function of them (`ui.addedCount({ count })`).
 */
import type { Locale } from '../catalog/locales';
import messages, { type MailMessages } from './generated/mail.js';

export type MailUi = MailMessages;

/** The "mail" messages of a locale. */
export function mailUi(locale: Locale): MailUi {
  return messages[locale];
}
