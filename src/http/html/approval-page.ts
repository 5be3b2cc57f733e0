/**
 * The approval page of a checkout (the `continue_url`; docs/agent-commerce.md "Buyer approval"): the buyer sees
 * the lines, the totals with VAT, the delivery address and method, the links to the terms of
 * sale and the right of withdrawal, and places the order with a button that states the
 * obligation to pay and the amount ("Commander avec obligation de paiement — 149,90 €";
 * Directive 2011/83/EU art. 8(2), BGB § 312j (3)). That button needs the one-time code mailed
 * to the buyer (src/checkout/approval.ts): the page first offers to send it. It names the
 * payment instrument the assistant will pay with (handler, brand and last digits), which the
 * approval covers, or else the accepted payment methods, the assistant choosing among them. A
 * secondary button refuses the order ("this is not right"): the checkout is canceled and the
 * page says so. Every form posts the URL's secret and the hash of the terms shown (CSRF-safe: a
 * third party knows neither).
 */
import type { Locale } from '../../catalog/locales';
import { localePrefix } from '../../catalog/locales';
import { formatPrice } from '../../views/format';
import { localizedPath, paths } from '../../catalog/urls';
import type { Store } from '../../catalog/schema';
import { type CheckoutUi, checkoutUi } from '../../i18n/checkout-ui';
import { approvalCodeUi } from '../../i18n/approval-code-ui';
import { shopUi } from '../../i18n/shop-ui';

import type { CheckoutReview } from '../../checkout/review';
import type { NamedInstrument } from '../../commerce/records';
import { type Html, html } from '../../views/html';
import { page } from './shell';
import { backorderNotices } from './shop-problems';
import { BRAND_NAMES, addressBlock, escapeTemplate, formatTime, shownDiscounts, summaryTable } from './summary';
import { totalAmount } from '../../commerce/totals';

/** Why the page is shown again after a form was posted (src/checkout/approval.ts outcomes). */
export type ApprovalNotice =
  | { kind: 'none' | 'changed' | 'dead' | 'expired' | 'no_code' | 'malformed' | 'delayed' }
  | { kind: 'wrong'; triesLeft: number }
  | { kind: 'too_many'; retryAfterSeconds: number };

function noticeText(notice: ApprovalNotice, locale: Locale): string | null {
  const ui = checkoutUi(locale);
  const codeUi = approvalCodeUi(locale);
  switch (notice.kind) {
    case 'none': return null;
    case 'changed': return ui.changed;
    case 'wrong': return codeUi.wrongCode({ tries: notice.triesLeft });
    case 'dead': return codeUi.deadCode;
    case 'expired': return codeUi.expiredCode;
    case 'no_code': return codeUi.noCode;
    case 'malformed': return codeUi.malformedCode;
    case 'delayed': return codeUi.sendDelayed;
    case 'too_many': return codeUi.tooMany({ minutes: Math.ceil(notice.retryAfterSeconds / 60) });
  }
}

/** The name of a payment handler in the buyer's language (its id when the page knows no name). */
function handlerName(handlerId: string, ui: CheckoutUi): string {
  return handlerId === 'sandbox_card' ? ui.handlerSandboxCard : handlerId;
}

/** An instrument for people: "Carte bancaire (mode test) — Visa se terminant par 4242". */
function instrumentText(instrument: NamedInstrument, ui: CheckoutUi): string {
  const card = [instrument.brand ? BRAND_NAMES[instrument.brand] ?? instrument.brand : '', instrument.last_digits ? ui.cardEnding({ digits: instrument.last_digits }) : ''].filter(Boolean).join(' ');
  return card ? `${handlerName(instrument.handler_id, ui)} — ${card}` : handlerName(instrument.handler_id, ui);
}

/** The payment section: nothing to pay (the discounts cover it), the bank transfer term selected, the instrument the checkout names, or the accepted handlers and brands. */
function paymentSection(review: CheckoutReview, ui: CheckoutUi): Html {
  const instrument = review.view.record.instrument;
  const term = review.deferredTerm;
  const said = review.view.priced?.nothingDue
    ? html`<p class="notice ok nothing-due">${ui.nothingToPay}</p>`
    : term
    ? html`<p data-payment-term="${term.id}"><strong>${term.title}</strong> — ${term.schedule.description}</p>`
    : instrument
    ? html`<p data-instrument="${instrument.handler_id}">${ui.paymentNamed({ instrument: instrumentText(instrument, ui) })}</p>`
    : html`<p data-accepted-payment>${ui.paymentAccepted({
      handlers: review.acceptedPayment.map((h) => `${handlerName(h.handlerId, ui)} — ${h.instruments.flatMap((i) => i.brands).map((b) => BRAND_NAMES[b] ?? b).join(', ')}`).join('; '),
    })}</p>`;
  return html`<h2>${ui.paymentHeading}</h2>
${said}`;
}

/** The secondary action "this is not right": refuses the order (the checkout is canceled). */
function refuseForm(review: CheckoutReview, locale: Locale, secret: string): Html {
  const ui = checkoutUi(locale);
  const action = `${localePrefix(locale)}/checkout/approve/${review.view.record.id}`;
  return html`<form method="post" action="${action}" class="refuse"><input type="hidden" name="s" value="${secret}"><input type="hidden" name="terms" value="${review.termsHash}"><input type="hidden" name="action" value="refuse">
<p class="small">${ui.refuseIntro}</p>
<button type="submit" class="secondary-button refuse-button">${ui.refuseButton}</button></form>`;
}

/**
 * The approval step: a button that mails the one-time code, then the code field with the order
 * button (and a button for a new code).
 */
function approvalForms(review: CheckoutReview, locale: Locale, secret: string, total: number): Html {
  const ui = checkoutUi(locale);
  const codeUi = approvalCodeUi(locale);
  const action = `${localePrefix(locale)}/checkout/approve/${review.view.record.id}`;
  const email = review.view.record.buyer?.email ?? '';
  const hidden = (step: 'send' | 'confirm') => html`<input type="hidden" name="s" value="${secret}"><input type="hidden" name="terms" value="${review.termsHash}"><input type="hidden" name="action" value="${step}">`;
  if (!review.code) {
    return html`<p>${codeUi.sendIntro({ email })}</p>
<form method="post" action="${action}">${hidden('send')}<button type="submit" class="primary-button">${codeUi.sendButton}</button></form>`;
  }
  return html`<p class="notice wait" role="status">${codeUi.codeSent({ email, time: formatTime(review.code.sentAt, locale) })}</p>
<form method="post" action="${action}">${hidden('confirm')}
<label for="code">${codeUi.codeLabel} <span class="small">(${codeUi.codeHint})</span></label>
<input id="code" name="code" class="code-input" type="text" inputmode="numeric" autocomplete="one-time-code" maxlength="12" required>
<button type="submit" class="order-button">${ui.orderButton} — ${formatPrice(total, locale)}</button>
</form>
<form method="post" action="${action}">${hidden('send')}<button type="submit" class="secondary-button">${codeUi.resendButton}</button></form>
<p class="small">${ui.afterNote}</p>`;
}

/**
 * The approval page.
 * @param secret the URL's secret (posted back in hidden fields)
 * @param notice why the page is shown again after a post (default: nothing to say)
 */
export function approvalPage(review: CheckoutReview, store: Pick<Store, 'name' | 'pages'>, locale: Locale, secret: string, notice: ApprovalNotice = { kind: 'none' }): string {
  const ui = checkoutUi(locale);
  const { view } = review;
  const { record } = view;
  const option = view.priced?.option ?? (view.order?.shipping ? { ...view.order.shipping } : undefined);
  const lines = view.order ? view.order.lines.map((l) => ({ id: l.id, title: l.title, unitPrice: l.unit_price, quantity: l.quantity, total: l.total })) : view.priced?.lines ?? [];
  const totals = view.order?.totals ?? view.priced?.totals ?? [];
  const total = totalAmount(totals);
  const buyer = view.order?.buyer ?? record.buyer;
  const pageLink = (handle: string, label: string) => html`<a href="${localizedPath(locale, paths.page(handle))}" target="_blank" rel="noopener noreferrer">${label}</a>`;
  const legal = escapeTemplate(ui.legal, { terms: pageLink(store.pages.terms, ui.termsLink), withdrawal: pageLink(store.pages.returns, ui.withdrawalLink) });
  const canApprove = view.status === 'needs_buyer' && !review.approvedUntil;
  const buyerName = [buyer?.first_name, buyer?.last_name].filter(Boolean).join(' ');

  const notices: Html[] = [];
  const said = noticeText(notice, locale);
  if (said) notices.push(html`<p class="notice ${notice.kind === 'delayed' ? 'wait' : 'no'}" role="alert">${said}</p>`);
  if (view.status === 'completed') {
    const link = review.orderUrl ? new URL(review.orderUrl) : undefined;
    notices.push(html`<p class="notice ok" role="status">${ui.completedNotice({ label: view.order?.label ?? record.order?.label ?? '' })} ${link ? html`<a href="${link.pathname}${link.search}">${ui.orderStatusLink}</a>` : ''}</p>`);
  } else if (view.status === 'canceled') {
    const refused = record.state === 'canceled' && record.cancel_reason === 'refused_by_buyer';
    notices.push(html`<p class="notice no" role="status"${refused ? html` data-refused="true"` : ''}>${refused ? ui.refusedNotice : ui.canceledNotice}</p>`);
  } else if (view.status === 'incomplete') notices.push(html`<p class="notice wait" role="status">${ui.incomplete}</p>`);
  else if (review.approvedUntil) notices.push(html`<p class="notice ok" role="status" data-approved="true">${ui.approved({ time: formatTime(review.approvedUntil, locale) })}</p>`);
  else if (view.status === 'needs_buyer' && record.escalation?.reason === 'payment_declined') notices.push(html`<p class="notice wait" role="status" data-declined="true">${ui.declinedNotice}</p>`);
  else if (view.status === 'needs_buyer' && record.escalation?.reason === 'requires_3ds') notices.push(html`<p class="notice wait" role="status" data-authentication="true">${ui.authenticationNotice}</p>`);
  const open = view.status === 'incomplete' || view.status === 'needs_buyer' || view.status === 'ready';

  const body = html`<h1>${ui.reviewTitle}</h1>
<p>${ui.reviewIntro({ store: store.name })}</p>
${notices}
<h2>${ui.items}</h2>
${summaryTable(lines, totals, locale, ui, { shippingTitle: option?.title, discounts: shownDiscounts(view.order?.discounts ?? view.priced?.discounts.applied ?? [], locale) })}
${open ? backorderNotices(view.problems, locale) : ''}
<h2>${ui.deliveryHeading}</h2>
<h3>${ui.deliveryAddress}</h3>
${addressBlock(view.order?.destination ?? record.address, locale)}
${option ? html`<h3>${ui.deliveryMethod}</h3><p data-option-id="${option.id}">${option.title}${option.carrier ? ` (${option.carrier})` : ''} — ${option.description ?? ''}</p>` : ''}
${buyer?.email ? html`<h3>${ui.contactEmail}</h3><p>${buyerName ? html`${buyerName}<br>` : ''}${buyer.email}</p>` : ''}
${open ? paymentSection(review, ui) : ''}
<p>${legal}</p>
${canApprove ? approvalForms(review, locale, secret, total) : ''}
${open ? refuseForm(review, locale, secret) : ''}`;
  return page(locale, ui.reviewTitle, store.name, body);
}

/** The page for an unknown checkout or a wrong secret (the two look the same). */
export function invalidLinkPage(store: Pick<Store, 'name'>, locale: Locale): string {
  const ui = checkoutUi(locale);
  return page(locale, ui.notFoundTitle, store.name, html`<h1>${ui.notFoundTitle}</h1><p>${ui.notFoundText}</p>`);
}

/**
 * The page of a post refused by the per-IP rate limit: a sentence and a way back, drawn without
 * reading the checkout (a burst of posts must cost the store as little as possible).
 * @param back the approval page's own URL
 */
export function rateLimitedPage(store: Pick<Store, 'name'>, locale: Locale, back: string): string {
  const ui = checkoutUi(locale);
  return page(locale, ui.reviewTitle, store.name, html`<h1>${ui.reviewTitle}</h1><p class="notice no" role="alert">${shopUi(locale).tooManyRequests}</p><p><a href="${back}">${ui.reviewTitle}</a></p>`);
}
