/**
 * Words of the buyer's pages served by the function (docs/agent-commerce.md "Buyer approval"): the
 * approval page of a checkout and the order status page, in the store's 12 locales. The order
 * button states the obligation to pay, as the terms of sale say in every language
 * (content/pages/conditions-generales-de-vente; BGB § 312j (3), Code de la consommation
 * art. L221-14, Directive 2011/83/EU art. 8(2)).
 * The words are messages/<locale>.json "checkout" (ICU MessageFormat), compiled by
 * scripts/build-messages.ts into ./generated/checkout.js: a message without arguments is its text, one
 * with arguments a function of them (`ui.addedCount({ count })`).
 */
import type { Locale } from '../catalog/locales';
import messages, { type CheckoutMessages } from './generated/checkout.js';

export type CheckoutUi = CheckoutMessages;

/** The "checkout" messages of a locale. */
export function checkoutUi(locale: Locale): CheckoutUi {
  return messages[locale];
}
