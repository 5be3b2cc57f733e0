/**
 * The order status page of an order (issue #6 point 7: the order's `permalink_url`), for the
 * buyer: number, date, status, the lines and totals as paid, the delivery address and method,
 * what ships now and what is on backorder, and the fulfillment events.
 */
import type { Locale } from '../../catalog/locales';
import { formatDate } from '../../views/format';
import type { Store } from '../../catalog/schema';
import { checkoutUi } from '../../i18n/checkout-ui';
import { t, ui as siteUi } from '../../i18n/ui';
import type { OrderRecord } from '../../state/orders';
import type { Order } from '../../ucp/wire/order';
import { html } from '../../views/html';
import { page } from './shell';
import { addressBlock, summaryTable } from './summary';

/** The order status page in `locale`. */
export function orderPage(record: OrderRecord, order: Order, store: Pick<Store, 'name'>, locale: Locale): string {
  const ui = checkoutUi(locale);
  const title = t(ui.orderTitle, { label: record.label });
  const titles = new Map(order.line_items.map((li) => [li.id, li.item.title]));
  const describe = (id: string) => (id === 'exp_2' ? ui.backorder : id === 'exp_3' ? ui.noShipping : record.shipping ? `${record.shipping.title} (${record.shipping.carrier}) — ${record.shipping.description}` : ui.shipment);
  const body = html`<h1>${title}</h1>
<p>${t(ui.orderPlaced, { date: formatDate(record.created_at, locale) })}</p>
<p><strong>${ui.orderStatus}</strong>${siteUi(locale).colon}<span data-status="processing">${ui.statusProcessing}</span></p>
<h2>${ui.items}</h2>
${summaryTable(record.checkout.line_items, record.checkout.totals, locale, ui, record.shipping?.title)}
<h2>${ui.deliveryHeading}</h2>
${addressBlock(record.destination, locale)}
${order.fulfillment.expectations.map((e) => html`<h3>${describe(e.id)}</h3><ul>${e.line_items.map((l) => html`<li>${titles.get(l.id) ?? l.id} × ${l.quantity}</li>`)}</ul>`)}
<h2>${ui.events}</h2>
<ol>${order.fulfillment.events.map((e) => html`<li><time datetime="${e.occurred_at}">${formatDate(e.occurred_at, locale)}</time> — ${e.type === 'processing' ? ui.statusProcessing : e.type}</li>`)}</ol>`;
  return page(locale, title, store.name, body);
}
