/**
 * The core's problems (src/checkout/problems.ts) in the shopper's language, for the cart and
 * checkout pages, and the form field each one belongs beside (WCAG 3.3.1: an error is named
 * at its field).
 */
import type { Locale } from '../../catalog/locales';
import type { Problem } from '../../checkout/problems';
import { shopUi } from '../../i18n/shop-ui';
import { t } from '../../i18n/ui';
import { formatPrice } from '../../views/format';

/** The fields of the checkout form (their `name` attributes). */
export const CHECKOUT_FIELDS = ['email', 'first_name', 'last_name', 'street_address', 'extended_address', 'postal_code', 'address_locality', 'address_country', 'phone_number', 'shipping_option', 'card_number', 'card_expiry', 'card_cvc'] as const;
export type CheckoutField = (typeof CHECKOUT_FIELDS)[number];

const text = (value: unknown) => (Array.isArray(value) ? value.join(', ') : String(value ?? ''));

/**
 * A problem as a sentence for the shopper.
 * @returns the sentence in `locale`; a generic one for a code the pages never show
 */
export function problemText(problem: Problem, locale: Locale): string {
  const ui = shopUi(locale);
  const d = problem.data ?? {};
  switch (problem.code) {
    case 'out_of_stock': return t(ui.outOfStock, { title: text(d.title) });
    case 'insufficient_stock': return t(ui.insufficientStock, { title: text(d.title), left: text(d.left) });
    case 'quantity_adjusted': return t(ui.quantityAdjusted, { title: text(d.title), left: text(d.left) });
    case 'quantity_limit': return t(ui.quantityLimit, { title: text(d.title), max: text(d.max) });
    case 'lines_limit': return t(ui.linesLimit, { max: text(d.max) });
    case 'total_too_large': return t(ui.totalTooLarge, { max: formatPrice(Number(d.max), locale) });
    case 'variant_gone': return ui.variantGone;
    case 'item_unavailable': return t(ui.itemUnavailable, { title: text(d.title) });
    case 'backorder': return t(ui.backorder, { title: text(d.title), units: text(d.units) });
    case 'price_changed': return t(ui.priceChanged, { title: text(d.title), was: formatPrice(Number(d.was), locale), now: formatPrice(Number(d.now), locale) });
    case 'unknown_item': case 'variant_required': return ui.unknownVariant;
    case 'email_missing': return ui.emailMissing;
    case 'email_invalid': return ui.emailInvalid;
    case 'address_missing': case 'address_field_missing': return ui.fieldMissing;
    case 'recipient_missing': return ui.recipientMissing;
    case 'country_invalid': case 'country_undeliverable': case 'destination_not_served': return ui.countryUndeliverable;
    case 'territory_undeliverable': case 'territory_not_served': return t(ui.territoryUndeliverable, { territory: text(d.territory) });
    case 'product_not_shipped': return t(ui.productNotShipped, { titles: text(d.titles) });
    case 'no_shipping_method': return ui.noShippingMethod;
    case 'option_missing': case 'option_not_offered': return ui.optionMissing;
    case 'sold_out_at_payment': return t(ui.soldOutAtPayment, { title: text(d.title), left: text(d.left) });
    case 'payment_declined': return ui.declined;
    case 'payment_in_progress': return ui.paymentBusy;
    case 'checkout_completed': case 'checkout_canceled': return ui.checkoutClosed;
    default: return ui.checkoutClosed;
  }
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
  if (problem.code === 'product_not_shipped') return 'address_country';
  if (at && 'address' in at) {
    if (at.address === 'whole') return 'postal_code';
    if (at.address === 'address_region') return 'postal_code';
    return at.address;
  }
  return null;
}
