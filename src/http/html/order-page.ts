/**
 * The order status page of an order (its `permalink_url`), for the buyer: number, date, status,
 * the lines and totals as paid, what became of each line (shipped, partly shipped, delivered,
 * canceled), the delivery address and method, what ships now and what is on backorder, every
 * fulfillment event (shipped with carrier, tracking number and link; delivered) and every
 * adjustment (cancellation, refund with its amount). It shows the same facts as `get_order`,
 * told from the same story (src/checkout/order-story.ts).
 */
import type { Locale } from '../../catalog/locales';
import { brandName, formatDate, formatPrice } from '../../views/format';
import type { Store } from '../../catalog/schema';
import { type CheckoutUi, checkoutUi } from '../../i18n/checkout-ui';
import { type TextOf, ui as siteUi } from '../../i18n/ui';
import type { OrderRecord, OrderStatus } from '../../commerce/records';
import { type OrderLineStory, expectations, lineStories } from '../../checkout/order-story';
import { html } from '../../views/html';
import { page } from './shell';
import { documentsUi } from '../../i18n/documents-ui';
import { addressBlock, escapeTemplate, shownDiscounts, summaryTable } from './summary';
import { totalAmount } from '../../commerce/totals';
import type { DocumentPayment } from '../../commerce/documents';
import { orderPaymentText, totalStillDue } from '../../mail/payment-text';

const STATUS: Partial<Record<OrderStatus, TextOf<CheckoutUi>>> = {
  processing: 'statusProcessing', partially_shipped: 'statusPartiallyShipped', shipped: 'statusShipped', delivered: 'statusDelivered', canceled: 'statusCanceled',
};
const EVENT: Record<string, TextOf<CheckoutUi>> = { processing: 'statusProcessing', shipped: 'eventShipped', delivered: 'eventDelivered' };

/** What became of one line, in words. */
function lineState({ state, quantity }: OrderLineStory, delivered: number, ui: CheckoutUi): string {
  if (state === 'removed') return ui.lineRemoved;
  if (state === 'fulfilled') return delivered >= quantity.total ? ui.lineDelivered : ui.lineShipped;
  if (state === 'partial') return ui.linePartial({ shipped: quantity.fulfilled, quantity: quantity.total });
  return ui.statusProcessing;
}

/** A link to one of the order's documents (invoice, credit note): its page and its PDF. */
export interface DocumentLink { title: string; url: string; pdfUrl: string; pdfLabel: string }

/**
 * The order status page in `locale`.
 * @param documents its invoice and credit notes, oldest first
 */
export function orderPage(record: OrderRecord, store: Pick<Store, 'name'>, locale: Locale, documents: readonly DocumentLink[] = [], payment?: DocumentPayment): string {
  const ui = checkoutUi(locale);
  const colon = siteUi(locale).colon;
  const title = ui.orderTitle({ label: record.label });
  const titles = new Map(record.lines.map((l) => [l.id, l.title]));
  const stories = lineStories(record);
  const delivered = new Map<string, number>();
  for (const e of record.events) if (e.type === 'delivered') for (const l of e.line_items) delivered.set(l.id, (delivered.get(l.id) ?? 0) + l.quantity);
  const describe = (kind: string) => (kind === 'backorder' ? ui.backorder : kind === 'none' ? ui.noShipping : record.shipping ? `${record.shipping.title} (${record.shipping.carrier}) — ${record.shipping.description}` : ui.shipment);
  const units = (lines: ReadonlyArray<{ id: string; quantity: number }>) => lines.map((l) => `${titles.get(l.id) ?? l.id} × ${Math.abs(l.quantity)}`).join(', ');
  const adjustments = record.adjustments ?? [];
  const refunded = -adjustments.reduce((sum, a) => sum + totalAmount(a.totals), 0);
  const canceled = record.status === 'canceled';
  // The order number is one word on a phone: "PP-20261120-K7QD2M", never "PP-" then the rest.
  const body = html`<h1>${escapeTemplate(ui.orderTitle, { label: html`<span class="order-number">${record.label}</span>` })}</h1>
${canceled ? '' : html`<p class="notice ok" role="status"><strong>${ui.orderThanks}</strong>${record.buyer.email ? html`<br>${ui.orderConfirmationSent({ email: record.buyer.email })}` : ''}</p>`}
<p>${ui.orderPlaced({ date: formatDate(record.created_at, locale) })}</p>
${orderPaymentText(record, payment, locale).map((line) => html`<p data-payment>${line}</p>`)}
<p><strong>${ui.orderStatus}</strong>${colon}<span data-status="${record.status}">${ui[STATUS[record.status] ?? 'statusProcessing']}</span></p>
<h2>${ui.items}</h2>
${summaryTable(record.lines.map((l) => ({ id: l.id, title: l.title, unitPrice: l.unit_price, quantity: l.quantity, total: l.total })), record.totals, locale, ui, { shippingTitle: record.shipping?.title, paid: { refunded, due: totalStillDue(record) }, discounts: shownDiscounts(record.discounts ?? [], locale) })}
<h2>${ui.itemsStatus}</h2>
<ul class="line-status">${stories.map((story) => html`<li data-line-id="${story.line.id}" data-line-status="${story.state}">${story.line.title}${colon}${lineState(story, delivered.get(story.line.id) ?? 0, ui)}</li>`)}</ul>
<h2>${ui.deliveryHeading}</h2>
${addressBlock(record.destination, locale)}
${expectations(record).map((e) => html`<h3>${describe(e.kind)}</h3><ul>${e.line_items.map((l) => html`<li>${titles.get(l.id) ?? l.id} × ${l.quantity}</li>`)}</ul>`)}
<h2>${ui.events}</h2>
<ol class="events">${record.events.map((e) => html`<li data-event-type="${e.type}"><time datetime="${e.occurred_at}">${formatDate(e.occurred_at, locale)}</time> — ${EVENT[e.type] ? ui[EVENT[e.type]] : e.type}${e.type === 'processing' ? '' : html` (${units(e.line_items)})`}${e.carrier ? html`<br>${ui.carrier}${colon}${e.carrier}` : ''}${e.tracking_number ? html`<br>${ui.trackingNumber}${colon}<span data-tracking-number>${e.tracking_number}</span>` : ''}${e.tracking_url ? html`<br><a href="${e.tracking_url}" rel="noopener noreferrer">${ui.trackParcel}</a>` : ''}</li>`)}</ol>
${adjustments.length ? html`<h2>${ui.adjustments}</h2>
<ol class="adjustments">${adjustments.map((a) => {
    const refunded = -totalAmount(a.totals);
    const what = [a.type === 'cancellation' ? ui.adjustmentCancellation : '', refunded > 0 ? ui.adjustmentRefund({ amount: formatPrice(refunded, locale) }) : ''].filter(Boolean).join(' — ');
    return html`<li data-adjustment-type="${a.type}" data-amount="${refunded}"><time datetime="${a.occurred_at}">${formatDate(a.occurred_at, locale)}</time> — ${what}${a.description ? html`<br>${a.description}` : ''}</li>`;
  })}</ol>` : ''}
${documents.length ? html`<h2>${documentsUi(locale).documents}</h2>
<ul class="documents">${documents.map((d) => html`<li><a href="${d.url}">${d.title}</a> · <a href="${d.pdfUrl}">${d.pdfLabel}</a></li>`)}</ul>` : ''}`;
  return page(locale, title, store.name, body);
}
