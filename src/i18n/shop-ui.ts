/**
 * Words of the store's own cart and checkout pages served by the function
 * (src/http/html/cart-page.ts, checkout-page.ts; docs/storefront.md "Buying on the site"), in the
 * store's 12 locales. The summary's labels and the order button are the "checkout" messages,
 * shared with the approval page, so the VAT disclosure and the button that states the obligation
 * to pay read the same on both.
 * The words are messages/<locale>.json "shop" (ICU MessageFormat), compiled by
 * scripts/build-messages.ts into ./generated/shop.js: a message without arguments is its text, one
 * with arguments a function of them (`ui.addedCount({ count })`).
 */
import type { Locale } from '../catalog/locales';
import messages, { type ShopMessages } from './generated/shop.js';

export type ShopUi = ShopMessages;

/** The "shop" messages of a locale. */
export function shopUi(locale: Locale): ShopUi {
  return messages[locale];
}
