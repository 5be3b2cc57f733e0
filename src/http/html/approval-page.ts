/**
 * The approval page of a checkout (issue #6 point 4; docs/ucp.md §5 lever 1): the buyer sees
 * the lines, the totals with VAT, the delivery address and method, the links to the terms of
 * sale and the right of withdrawal, and places the order with a button that states the
 * obligation to pay and the amount ("Commander avec obligation de paiement — 149,90 €";
 * Directive 2011/83/EU art. 8(2), BGB § 312j (3)). The form posts the URL's secret and the
 * hash of the terms shown (CSRF-safe: a third party knows neither).
 */
import type { Locale } from '../../catalog/locales';
import { localePrefix } from '../../catalog/locales';
import { formatPrice } from '../../views/format';
import { localizedPath, paths } from '../../storefront/urls';
import type { Store } from '../../catalog/schema';
import { checkoutUi } from '../../i18n/checkout-ui';
import { t } from '../../i18n/ui';
import type { CheckoutReview } from '../../ucp/checkout/buyer';
import { Html, html, page } from './shell';
import { addressBlock, formatTime, summaryTable } from './summary';

export type ApprovalNotice = 'none' | 'changed';

/**
 * The approval page.
 * @param secret the URL's secret (posted back in a hidden field)
 * @param notice `changed` when a posted approval was refused because the terms changed
 */
export function approvalPage(review: CheckoutReview, store: Pick<Store, 'name' | 'pages'>, locale: Locale, secret: string, notice: ApprovalNotice = 'none'): string {
  const ui = checkoutUi(locale);
  const { checkout } = review;
  const method = checkout.fulfillment?.methods[0];
  const group = method?.groups?.[0];
  const option = group?.options?.find((o) => o.id === group.selected_option_id);
  const total = checkout.totals.find((x) => x.type === 'total')?.amount ?? 0;
  const pageLink = (handle: string, label: string) => html`<a href="${localizedPath(locale, paths.page(handle))}" target="_blank" rel="noopener noreferrer">${label}</a>`;
  const legal = escapeTemplate(ui.legal, { terms: pageLink(store.pages.terms, ui.termsLink), withdrawal: pageLink(store.pages.returns, ui.withdrawalLink) });
  const canApprove = checkout.status === 'requires_escalation' && !review.approvedUntil;

  const notices: Html[] = [];
  if (notice === 'changed') notices.push(html`<p class="notice no" role="alert">${ui.changed}</p>`);
  if (checkout.status === 'completed') {
    const link = review.orderUrl ? new URL(review.orderUrl) : undefined;
    notices.push(html`<p class="notice ok" role="status">${t(ui.completedNotice, { label: checkout.order?.label ?? '' })} ${link ? html`<a href="${link.pathname}${link.search}">${ui.orderStatusLink}</a>` : ''}</p>`);
  } else if (checkout.status === 'canceled') notices.push(html`<p class="notice no" role="status">${ui.canceledNotice}</p>`);
  else if (checkout.status === 'incomplete') notices.push(html`<p class="notice wait" role="status">${ui.incomplete}</p>`);
  else if (review.approvedUntil) notices.push(html`<p class="notice ok" role="status" data-approved="true">${t(ui.approved, { time: formatTime(review.approvedUntil, locale) })}</p>`);

  const body = html`<h1>${ui.reviewTitle}</h1>
<p>${t(ui.reviewIntro, { store: store.name })}</p>
${notices}
<h2>${ui.items}</h2>
${summaryTable(checkout.line_items, checkout.totals, locale, ui, option?.title)}
<h2>${ui.deliveryHeading}</h2>
<h3>${ui.deliveryAddress}</h3>
${addressBlock(review.record.address, locale)}
${option ? html`<h3>${ui.deliveryMethod}</h3><p data-option-id="${option.id}">${option.title}${option.carrier ? ` (${option.carrier})` : ''} — ${option.description ?? ''}</p>` : ''}
${checkout.buyer?.email ? html`<h3>${ui.contactEmail}</h3><p>${checkout.buyer.email}</p>` : ''}
<p>${legal}</p>
${canApprove ? html`<form method="post" action="${localePrefix(locale)}/checkout/approve/${checkout.id}">
<input type="hidden" name="s" value="${secret}"><input type="hidden" name="terms" value="${review.termsHash}">
<button type="submit" class="order-button">${ui.orderButton} — ${formatPrice(total, locale)}</button>
</form>
<p class="small">${ui.afterNote}</p>` : ''}`;
  return page(locale, ui.reviewTitle, store.name, body);
}

/** Fills `{name}` placeholders of a UI string with HTML fragments (the text around them is escaped). */
function escapeTemplate(template: string, values: Record<string, Html>): Html {
  return new Html(template.split(/(\{\w+\})/).map((part) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    return name && values[name] ? values[name].value : html`${part}`.value;
  }).join(''));
}

/** The page for an unknown checkout or a wrong secret (the two look the same). */
export function invalidLinkPage(store: Pick<Store, 'name'>, locale: Locale): string {
  const ui = checkoutUi(locale);
  return page(locale, ui.notFoundTitle, store.name, html`<h1>${ui.notFoundTitle}</h1><p>${ui.notFoundText}</p>`);
}
