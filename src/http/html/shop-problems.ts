/**
 * The core's problems (src/checkout/problems.ts) on the cart and checkout pages: their sentences
 * in the shopper's language (`problemText`, src/checkout/problem-text.ts, shared with the UCP
 * messages), the backorder notices, and the form field each one belongs beside (WCAG 3.3.1: an
 * error is named at its field).
 */
import type { Locale } from '../../catalog/locales';
import type { Problem } from '../../checkout/problems';
import { problemText } from '../../checkout/problem-text';
import { type Html, html } from '../../views/html';

export { problemText };

/** The fields of the checkout form (their `name` attributes). */
export const CHECKOUT_FIELDS = ['email', 'first_name', 'last_name', 'street_address', 'extended_address', 'postal_code', 'address_locality', 'address_country', 'phone_number', 'shipping_option', 'purchase_order', 'discount_code', 'card_number', 'card_expiry', 'card_cvc'] as const;
export type CheckoutField = (typeof CHECKOUT_FIELDS)[number];

/**
 * The lines sold on backorder, told before the buyer pays (the delivery times of the shipping
 * options hold for what is in stock): one notice per line, e.g. "Kit : 2 article(s) seront
 * expédiés dès leur réassort."
 */
export function backorderNotices(problems: readonly Problem[], locale: Locale): Html {
  return html`${problems.filter((p) => p.code === 'backorder').map((p) => html`<p class="notice wait" role="status" data-backorder>${problemText(p, locale)}</p>`)}`;
}

/**
 * The field a problem is shown beside, or null for one about the order as a whole (a line, the
 * state of the checkout). A problem of the whole address (territory, no shipping method) goes
 * beside the postal code, which decides it.
 */
export function problemField(problem: Problem): CheckoutField | null {
  const at = problem.at;
  if (problem.code === 'email_missing' || problem.code === 'email_invalid') return 'email';
  if (problem.code === 'option_missing' || problem.code === 'option_not_offered') return 'shipping_option';
  if (problem.code === 'address_missing') return 'street_address';
  if (problem.code === 'purchase_order_missing') return 'purchase_order';
  if (problem.code === 'product_not_shipped') return 'address_country';
  if (at && 'address' in at) {
    if (at.address === 'whole') return 'postal_code';
    if (at.address === 'address_region') return 'postal_code';
    return at.address;
  }
  return null;
}
