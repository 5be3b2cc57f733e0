/**
 * The checkout page `[/<locale>]/checkout` of a person buying on the site (docs/storefront.md
 * "Buying on the site"): contact, delivery address (the countries the store serves, named in the page's
 * language), the shipping options with their prices and delays, the summary with the VAT
 * disclosed as the approval page discloses it (summary.ts), and the card payment with the order
 * button that names the amount. Each error is written beside its field, in the page's language,
 * and the entries are kept (the card's excepted: it is never echoed). One form, plain posts:
 * "Continue" stores the entries; the order button stores them too and pays only when the terms
 * are still those the button named (the form carries their hash).
 */
import { quotesUi } from '../../i18n/quotes-ui';
import type { Locale } from '../../catalog/locales';
import { localePrefix } from '../../catalog/locales';
import type { Store } from '../../catalog/schema';
import { localizedPath, paths } from '../../catalog/urls';
import { itemCount } from '../../checkout/site-cart';
import type { CheckoutView } from '../../checkout/view';
import { totalAmount } from '../../commerce/totals';
import { checkoutUi } from '../../i18n/checkout-ui';
import { type ShopUi, shopUi } from '../../i18n/shop-ui';

import { addressLines, formatDate, formatPrice } from '../../views/format';
import type { OrderingOrganisation } from '../../commerce/business';
import { type Address, addressFingerprint } from '../../commerce/address';
import type { SavedAddress } from '../../checkout/saved-addresses';
import { type Html, html } from '../../views/html';
import { page } from './shell';
import { countryOptions, defaultCountry, labelledInput, labelledSelect } from './fields';
import { MAX_PURCHASE_ORDER } from '../../commerce/payment-terms';
import { type CheckoutField, backorderNotices, problemField, problemText } from './shop-problems';
import { BRAND_NAMES, addressBlock, escapeTemplate, shownDiscounts, summaryTable } from './summary';
import { discountField } from './discount-field';

/**
 * The checkout form's script (public/scripts/checkout.js, from src/scripts/checkout.js): when the
 * buyer changes the address or the shipping option, it stores the entries as "Continue" does and
 * puts the page's new summary, options and order button in place, so the button always names the
 * amount it will charge. Without it, "Continue" does the same with a reload.
 */
export const CHECKOUT_SCRIPT = '/scripts/checkout.js';

/** What the page says besides the checkout's own state. */
export interface CheckoutPageState {
  view: CheckoutView;
  /** Errors beside their fields (the checkout's problems are added when `showErrors`). */
  fieldErrors?: Partial<Record<CheckoutField, string>>;
  /** Write the checkout's problems beside their fields (after a post, not on a first visit). */
  showErrors?: boolean;
  notice?: { kind: 'ok' | 'no' | 'wait'; text: string };
  /** The sandbox bank's 3-D Secure challenge for this card. */
  challenge?: { token: string; brand: string; lastDigits: string };
  /** The purchase-order number typed, kept when the page comes back with an error. */
  purchaseOrder?: string;
  /** The signed-in buyer's saved addresses, offered above the address fields. */
  savedAddresses?: readonly SavedAddress[];
  /** The card's expiry typed, kept when the page comes back (never its number or code: PCI DSS). */
  cardExpiry?: string;
}

/** A labelled input of the checkout form with its error beside it. */
const field = (name: CheckoutField, label: string, value: string, error: string | undefined, attrs: Html, optional?: string, hint?: string): Html => labelledInput(name, label, value, error, attrs, optional, hint);

/** The country list: the store's countries in the page's language, alphabetically. */
function countrySelect(store: Pick<Store, 'countries_served'>, selected: string, error: string | undefined, locale: Locale, ui: ShopUi): Html {
  return labelledSelect('address_country', ui.country, countryOptions(store.countries_served, locale), selected, error, html`autocomplete="country"`);
}

/**
 * The way to order on invoice, for a member of a business granted it: the purchase order and the
 * button that names the amount and the way of paying.
 */
function onInvoice(complete: boolean, amount: number, purchaseOrder: string, error: string | undefined, purchaseOrderRequired: boolean, locale: Locale): Html {
  const ui = shopUi(locale);
  return html`<section class="on-invoice"><h2>${ui.payOnInvoiceHeading}</h2><p class="small">${ui.payOnInvoiceIntro}</p>
${field('purchase_order', ui.purchaseOrderLabel, purchaseOrder, error, html`type="text" maxlength="${String(MAX_PURCHASE_ORDER)}"${purchaseOrderRequired ? html` required` : ''}`, purchaseOrderRequired ? undefined : ui.optional, ui.purchaseOrderHint)}
${complete ? html`<button type="submit" name="action" value="order_on_invoice" class="order-button">${ui.orderOnInvoiceButton({ amount: formatPrice(amount, locale) })}</button>` : ''}</section>`;
}

/** A business member's way to a quote of this checkout instead of paying now (src/checkout/quotes.ts). */
function quoteAsk(organisation: string, locale: Locale): Html {
  const ui = quotesUi(locale);
  return html`<section class="quote-ask" data-quote-ask><h2>${ui.askTitle}</h2><p>${ui.askIntro({ name: organisation })}</p>
<button type="submit" name="action" value="quote" class="secondary-button wide">${ui.askButton}</button></section>`;
}

/**
 * The organisation a member of a business account orders for: its name, its VAT number as VIES
 * verified it (or pending: French VAT applies until it is), and the billing address its invoice
 * goes to, apart from the delivery address below (../shared/docs/business.md "Invoices").
 */
function organisationSection(organisation: OrderingOrganisation, locale: Locale): Html {
  const ui = shopUi(locale);
  const { vat_number: number, vat_verified_at: verified } = organisation;
  const vat = number ? html`<p class="small" data-vat="${verified ? 'verified' : 'pending'}">${verified ? ui.vatNumberVerified({ number, date: formatDate(verified, locale) }) : ui.vatNumberPending({ number })}</p>` : '';
  return html`<section class="organisation" data-business><h2>${ui.organisationHeading}</h2>
<p>${ui.orderingFor({ name: organisation.legal_name })}</p>${vat}
<h3>${ui.billingAddressHeading}</h3>${addressBlock(organisation.billing_address, locale)}
<p class="small">${ui.billingAddressNote}</p></section>`;
}

/** The priced lines as the summary shows them, each with the VAT rate its prices include. */
const summaryLines = (priced: CheckoutView['priced']) =>
  (priced?.lines ?? []).map((l) => ({ ...l, vatRate: l.offer.taxation.kind === 'vat' ? l.offer.taxation.rate : 0 }));

/**
 * The signed-in buyer's saved addresses as a list to choose from, with the button that fills the
 * delivery address with the one chosen (the current address selected when it is one of them).
 */
function savedAddressChoice(saved: readonly SavedAddress[], current: Address | undefined, locale: Locale): Html {
  if (!saved.length) return html``;
  const ui = shopUi(locale);
  const now = current ? addressFingerprint(current) : '';
  const options = saved.map((s) => ({ value: s.id, label: addressLines(s.address, locale).join(', ') }));
  const selected = saved.find((s) => addressFingerprint(s.address) === now)?.id ?? saved[0].id;
  return html`<div class="saved-addresses">${labelledSelect('address_id', ui.savedAddressLabel, options, selected, undefined)}
<button type="submit" name="action" value="use_address" class="secondary-button">${ui.useSavedAddress}</button></div>`;
}

/** The shipping options for the address, each with its price and delay, as radio buttons. */
function shippingOptions(view: CheckoutView, error: string | undefined, locale: Locale, ui: ShopUi): Html {
  const priced = view.priced;
  const quotes = priced?.quotes ?? [];
  if (!quotes.length) return html`<p class="small">${ui.shippingNeedsAddress}</p>${error ? html`<p class="field-error">${error}</p>` : ''}`;
  const chosen = priced?.option?.id;
  return html`<fieldset class="options${error ? ' has-error' : ''}"${error ? html` aria-describedby="shipping_option-error"` : ''}><legend class="visually-hidden">${ui.shippingHeading}</legend>
${error ? html`<p class="field-error" id="shipping_option-error">${error}</p>` : ''}
${quotes.map((q) => {
    const price = priced!.optionPrices.get(q.id) ?? q.destinationPrice;
    return html`<label class="option"><input type="radio" name="shipping_option" value="${q.id}"${q.id === chosen ? html` checked` : ''}>
<span class="option-text"><span class="option-title">${q.title}</span> <span class="small">${q.carrier} · ${ui.shippingDays({ min: q.minDays, max: q.maxDays })}</span></span>
<span class="option-price">${price === 0 ? ui.free : formatPrice(price, locale)}</span></label>`;
  })}</fieldset>`;
}

/** The errors of the form by field: those given, then the checkout's own when `showErrors`. */
function errorsOf(state: CheckoutPageState, locale: Locale): Partial<Record<CheckoutField, string>> {
  const errors: Partial<Record<CheckoutField, string>> = {};
  if (state.showErrors) {
    for (const problem of state.view.problems) {
      const at = problem.level === 'error' ? problemField(problem) : null;
      if (at && !errors[at]) errors[at] = problemText(problem, locale);
    }
  }
  return { ...errors, ...state.fieldErrors };
}

/** The sandbox bank's 3-D Secure challenge, in place of the form. */
function challengeSection(state: CheckoutPageState, locale: Locale, amount: number): Html {
  const ui = shopUi(locale);
  const c = state.challenge!;
  const card = `${BRAND_NAMES[c.brand] ?? c.brand} ${ui.cardEnding({ digits: c.lastDigits })}`;
  return html`<section class="challenge" aria-labelledby="challenge-title"><h2 id="challenge-title">${ui.challengeTitle}</h2>
<p>${ui.challengeText({ amount: formatPrice(amount, locale), card })}</p>
<form method="post" action="${localePrefix(locale)}/checkout">
<input type="hidden" name="checkout" value="${state.view.record.id}"><input type="hidden" name="terms" value="${state.view.priced?.termsHash ?? ''}">
<input type="hidden" name="challenge" value="${c.token}"><input type="hidden" name="card_brand" value="${c.brand}"><input type="hidden" name="card_last_digits" value="${c.lastDigits}">
<button type="submit" name="action" value="authenticate" class="primary-button">${ui.challengeConfirm}</button>
<button type="submit" name="action" value="cancel_challenge" class="secondary-button">${ui.challengeCancel}</button>
</form></section>`;
}

/**
 * The checkout page.
 * @param state the checkout (open: the form; anything else: its state) and what to say
 */
export function checkoutPage(state: CheckoutPageState, store: Pick<Store, 'name' | 'pages' | 'countries_served' | 'vat'>, locale: Locale): string {
  const ui = shopUi(locale);
  const cui = checkoutUi(locale);
  const prefix = localePrefix(locale);
  const { view } = state;
  const { record } = view;
  const priced = view.priced;
  const totals = priced?.totals ?? [];
  const amount = totalAmount(totals);
  const errors = errorsOf(state, locale);
  const count = Object.keys(errors).length;
  const a = record.address ?? {};
  const b = record.buyer ?? {};
  // Problems of the lines and of the order's amount as a whole: no field of the form holds them.
  const lineProblems = state.showErrors ? view.problems.filter((p) => ((p.at && 'line' in p.at) || p.code === 'total_too_large') && p.code !== 'backorder') : [];
  const notices = html`${state.notice ? html`<p class="notice ${state.notice.kind}" role="alert">${state.notice.text}</p>` : ''}
${count ? html`<div class="notice no" role="alert"><p>${ui.errorSummary({ count })}</p><ul>${Object.entries(errors).map(([name, text]) => html`<li><a href="#${name === 'shipping_option' ? 'shipping' : name}">${text ?? ''}</a></li>`)}</ul></div>` : ''}
${lineProblems.map((p) => html`<p class="notice no" role="status">${problemText(p, locale)}</p>`)}
${backorderNotices(view.problems, locale)}${view.problems.filter((p) => p.code === 'quote_applied' || p.code === 'quote_not_applied').map((p) => html`<p class="notice ${p.code === 'quote_applied' ? 'ok' : 'no'}" role="status" data-quote-notice>${problemText(p, locale)}</p>`)}`;
  const summary = html`<div data-live="summary"><h2>${ui.summaryHeading}</h2>
${summaryTable(summaryLines(priced), totals, locale, cui, { shippingTitle: priced?.option?.title, exclVat: !!priced?.organisation, discounts: shownDiscounts(priced?.discounts.applied ?? [], locale) })}
<p><a href="${prefix}/cart">${ui.editCart}</a></p></div>`;
  const cartCount = { cartCount: itemCount(record.lines) };
  if (state.challenge) return page(locale, ui.checkoutTitle, store.name, html`<h1>${ui.checkoutTitle}</h1>${notices}${challengeSection(state, locale, amount)}${summary}`, cartCount);
  const scripted = { ...cartCount, scripts: [CHECKOUT_SCRIPT] };

  const pageLink = (handle: string, label: string) => html`<a href="${localizedPath(locale, paths.page(handle))}" target="_blank" rel="noopener">${label}</a>`;
  const legal = escapeTemplate(cui.legal, { terms: pageLink(store.pages.terms, cui.termsLink), withdrawal: pageLink(store.pages.returns, cui.withdrawalLink) });
  const card = (name: CheckoutField, label: string, attrs: Html, value = '') => field(name, label, value, errors[name], attrs);
  const body = html`<h1>${ui.checkoutTitle}</h1>
${notices}
<form method="post" action="${prefix}/checkout" class="checkout-form" novalidate>
<input type="hidden" name="checkout" value="${record.id}"><input type="hidden" name="terms" value="${priced?.termsHash ?? ''}" data-live-value="terms">
${priced?.organisation ? organisationSection(priced.organisation, locale) : ''}
<h2>${ui.contactHeading}</h2>
${field('email', ui.email, b.email ?? '', errors.email, html`type="email" autocomplete="email" required`)}
<p class="small">${ui.emailHint}</p>
<h2>${ui.addressHeading}</h2>
${savedAddressChoice(state.savedAddresses ?? [], record.address, locale)}
<div class="field-pair">${field('first_name', ui.firstName, a.first_name ?? b.first_name ?? '', errors.first_name, html`autocomplete="given-name"`)}${field('last_name', ui.lastName, a.last_name ?? b.last_name ?? '', errors.last_name, html`autocomplete="family-name"`)}</div>
${field('street_address', ui.street, a.street_address ?? '', errors.street_address, html`autocomplete="address-line1" required`)}
${field('extended_address', ui.extended, a.extended_address ?? '', errors.extended_address, html`autocomplete="address-line2"`, ui.optional)}
<div class="field-pair">${field('postal_code', ui.postalCode, a.postal_code ?? '', errors.postal_code, html`autocomplete="postal-code" required`)}${field('address_locality', ui.city, a.address_locality ?? '', errors.address_locality, html`autocomplete="address-level2" required`)}</div>
${countrySelect(store, a.address_country ?? defaultCountry(store, locale), errors.address_country, locale, ui)}
${field('phone_number', ui.phone, a.phone_number ?? b.phone_number ?? '', errors.phone_number, html`type="tel" autocomplete="tel"`, ui.optional)}
<h2 id="shipping">${ui.shippingHeading}</h2>
<div data-live="options">${shippingOptions(view, errors.shipping_option, locale, ui)}</div>
<button type="submit" name="action" value="save" class="secondary-button wide">${ui.saveButton}</button>
${summary}
${discountField({ codes: record.discount_codes ?? [], applied: priced?.discounts.applied ?? [], problems: view.problems }, locale, 'remove_code', errors.discount_code)}${priced?.organisation && !priced.quote ? quoteAsk(priced.organisation.legal_name, locale) : ''}
<div data-live="invoice">${priced?.payOnInvoice.granted && !priced.nothingDue ? onInvoice(priced.complete, amount, state.purchaseOrder ?? '', errors.purchase_order, priced.payOnInvoice.purchaseOrderRequired, locale) : ''}</div>
${priced?.nothingDue ? html`<p class="notice ok nothing-due">${cui.nothingToPay}</p>` : html`<h2>${priced?.payOnInvoice.granted ? ui.orByCard : ui.cardHeading}</h2>
<p class="small">${ui.sandboxNote}</p>
<ul class="small test-cards"><li><code>4242 4242 4242 4242</code> — ${ui.testCardPays}</li><li><code>4000 0000 0000 0002</code> — ${ui.testCardDeclined}</li><li><code>4000 0000 0000 3220</code> — ${ui.testCard3ds}</li></ul>
${card('card_number', ui.cardNumber, html`inputmode="numeric" autocomplete="cc-number" maxlength="23"`)}
<div class="field-pair">${card('card_expiry', ui.cardExpiry, html`inputmode="numeric" autocomplete="cc-exp" maxlength="7"`, state.cardExpiry ?? '')}${card('card_cvc', ui.cardCvc, html`inputmode="numeric" autocomplete="cc-csc" maxlength="4"`)}</div>`}
<p>${legal}</p>
<div data-live="order" aria-live="polite">${priced?.complete ? html`<button type="submit" name="action" value="pay" class="order-button">${cui.orderButton} — ${formatPrice(amount, locale)}</button>` : ''}</div>
</form>`;
  return page(locale, ui.checkoutTitle, store.name, body, scripted);
}
