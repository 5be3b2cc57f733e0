/**
 * The core's problems (./problems.ts) as sentences in one of the store's 12 locales: the words
 * the buyer's pages show (src/http/html/shop-problems.ts) and the `content` of the UCP messages
 * of a request whose `context.language` names a store locale (src/ucp/problems.ts).
 */
import type { Locale } from '../catalog/locales';
import type { Problem, ProblemCode, ProblemData } from './problems';
import { checkoutUi } from '../i18n/checkout-ui';
import { quotesUi } from '../i18n/quotes-ui';
import { shopUi } from '../i18n/shop-ui';
import { formatDate, formatPrice } from '../views/format';

const text = (value: unknown) => (Array.isArray(value) ? value.join(', ') : String(value ?? ''));

type Words = (data: ProblemData, locale: Locale, problem: Problem) => string;

/**
 * The sentence of every code the core reports (src/checkout/problems.ts), in the shopper's
 * language. A `Record` of every `ProblemCode`: a code added to the core without words here is a
 * type error, never a generic sentence. Codes only an agent's call can cause (a payment handler,
 * a token) have the words of what the shopper would do about them.
 */
const WORDS: Record<ProblemCode, Words> = {
  currency_unsupported: (d, l) => shopUi(l).currencyOnly({ store: text(d.store) }),
  prices_exclude_vat: (d, l) => shopUi(l).pricesExcludeVat({ country: text(d.country) }),
  destination_not_served: (_d, l) => shopUi(l).countryUndeliverable,
  territory_not_served: (d, l) => shopUi(l).territoryUndeliverable({ territory: text(d.territory) }),
  invalid_country: (_d, l) => shopUi(l).countryUnknown,
  unknown_item: (_d, l) => shopUi(l).unknownVariant,
  variant_required: (_d, l) => shopUi(l).unknownVariant,
  item_unavailable: (d, l) => shopUi(l).itemUnavailable({ title: text(d.title) }),
  out_of_stock: (d, l) => shopUi(l).outOfStock({ title: text(d.title) }),
  insufficient_stock: (d, l) => shopUi(l).insufficientStock({ title: text(d.title), left: text(d.left) }),
  quantity_adjusted: (d, l) => shopUi(l).quantityAdjusted({ title: text(d.title), left: text(d.left) }),
  quantity_limit: (d, l) => shopUi(l).quantityLimit({ title: text(d.title), max: text(d.max) }),
  lines_limit: (d, l) => shopUi(l).linesLimit({ max: text(d.max) }),
  variant_gone: (_d, l) => shopUi(l).variantGone,
  backorder: (d, l) => shopUi(l).backorder({ title: text(d.title), units: text(d.units) }),
  price_changed: (d, l) => shopUi(l).priceChanged({ title: text(d.title), was: formatPrice(Number(d.was), l), now: formatPrice(Number(d.now), l) }),
  no_lines: (_d, l) => shopUi(l).cartEmpty,
  email_missing: (_d, l) => shopUi(l).emailMissing,
  email_invalid: (_d, l) => shopUi(l).emailInvalid,
  address_missing: (_d, l) => shopUi(l).fieldMissing,
  address_field_missing: (_d, l) => shopUi(l).fieldMissing,
  recipient_missing: (_d, l) => shopUi(l).recipientMissing,
  country_invalid: (_d, l) => shopUi(l).countryUndeliverable,
  postal_code_invalid: (_d, l) => shopUi(l).postalCodeInvalid,
  territory_undeliverable: (d, l) => shopUi(l).territoryUndeliverable({ territory: text(d.territory) }),
  country_undeliverable: (_d, l) => shopUi(l).countryUndeliverable,
  product_not_shipped: (d, l) => shopUi(l).productNotShipped({ titles: text(d.titles) }),
  no_shipping_method: (_d, l) => shopUi(l).noShippingMethod,
  option_missing: (_d, l) => shopUi(l).optionMissing,
  option_not_offered: (_d, l) => shopUi(l).optionMissing,
  free_shipping: (d, l) => shopUi(l).freeShippingFrom({ threshold: formatPrice(Number(d.threshold), l) }),
  several_methods_ignored: (_d, l) => shopUi(l).oneMethodOnly,
  total_too_large: (d, l) => shopUi(l).totalTooLarge({ max: formatPrice(Number(d.max), l) }),
  approval_required: (_d, l) => shopUi(l).approvalRequired,
  authentication_required: (_d, l) => shopUi(l).authenticationRequired,
  checkout_completed: (_d, l) => shopUi(l).checkoutClosed,
  checkout_canceled: (_d, l) => shopUi(l).checkoutClosed,
  refused_by_buyer: (_d, l) => checkoutUi(l).refusedNotice,
  payment_in_progress: (_d, l) => shopUi(l).paymentBusy,
  cart_not_found: (_d, l) => shopUi(l).cartGone,
  instrument_ambiguous: (d, l) => (d.sent === 0 ? shopUi(l).instrumentMissing : shopUi(l).oneInstrument),
  handler_unknown: (_d, l) => shopUi(l).paymentMethodRefused,
  instrument_type_refused: (_d, l) => shopUi(l).paymentMethodRefused,
  brand_refused: (_d, l) => shopUi(l).cardBrandRefused,
  credential_missing: (_d, l) => shopUi(l).cardNumberInvalid,
  token_unknown: (_d, l) => shopUi(l).cardNumberInvalid,
  payment_declined: (_d, l) => shopUi(l).declined,
  payment_needs_authentication: (_d, l) => shopUi(l).authenticationRequired,
  instrument_changed: (_d, l) => shopUi(l).instrumentChanged,
  invoice_not_granted: (_d, l) => shopUi(l).invoiceNotGranted,
  purchase_order_missing: (_d, l) => shopUi(l).purchaseOrderMissing,
  sold_out_at_payment: (d, l) => shopUi(l).soldOutAtPayment({ title: text(d.title), left: text(d.left) }),
  quote_applied: (d, l) => quotesUi(l).applied({ number: text(d.number), date: formatDate(text(d.valid_until), l) }),
  quote_not_applied: (d, l) => quoteNotApplied(text(d.reason), text(d.number), l),
  discount_rejected: (d, l) => discountRejected(d, l),
  account_email_kept: (d, l) => shopUi(l).accountEmailKept({ email: text(d.email) }),
  payment_term_needs_account: (_d, l) => shopUi(l).termNeedsAccount,
  payment_term_unknown: (_d, l) => shopUi(l).termUnknown,
};

/** Why a code does not apply, in words (src/commerce/discounts.ts `RejectionReason`). */
function discountRejected(d: ProblemData, locale: Locale): string {
  const ui = shopUi(locale);
  const code = text(d.code);
  const date = () => formatDate(new Date(Number(d.at)).toISOString(), locale);
  switch (d.reason) {
    case 'not_started': return ui.discountNotStarted({ code, date: date() });
    case 'expired': return ui.discountExpired({ code, date: date() });
    case 'minimum': return ui.discountMinimum({ code, amount: formatPrice(Number(d.minimum), locale) });
    case 'not_applicable': return ui.discountNotApplicable({ code });
    case 'already_used': return ui.discountAlreadyUsed({ code });
    case 'exhausted': return ui.discountExhausted({ code });
    case 'not_combinable': return ui.discountNotCombinable({ code });
    default: return ui.discountUnknown({ code });
  }
}

/** Why a quote does not price the checkout, in words (src/commerce/quotes.ts `quoteMismatch`). */
function quoteNotApplied(reason: string, number: string, locale: Locale): string {
  const ui = quotesUi(locale);
  switch (reason) {
    case 'expired': return ui.notAppliedExpired({ number });
    case 'ordered': return ui.notAppliedOrdered({ number });
    case 'lines': return ui.notAppliedLines({ number });
    case 'country': return ui.notAppliedCountry({ number });
    default: return ui.notAppliedAccount;
  }
}

/** A problem as a sentence for the shopper, in `locale` (every code has its own: `WORDS`). */
export function problemText(problem: Problem, locale: Locale): string {
  return WORDS[problem.code](problem.data ?? {}, locale, problem);
}
