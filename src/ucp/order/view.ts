/**
 * The UCP order of an order record (UCP 2026-04-08 `shopping/order.json`; docs/ucp.md §3
 * "Order"): line items with quantities (original; total, 0 once canceled; fulfilled, the units
 * shipped) and their derived status, the totals of the paid checkout, fulfillment expectations
 * (what ships now to the destination, what is on backorder, what is not shipped at all), the
 * append-only events (an order starts with `processing`; then `shipped` with carrier and
 * tracking, `delivered`) and the adjustments (`cancellation`, `refund` with the amount).
 */
import { type Locale, localeOr } from '../../catalog/locales';
import { shippedUnits } from '../../commerce/fulfillment';
import { orderUrl } from '../checkout/view';
import type { ToolEnv } from '../tools/types';
import { CAPABILITY } from '../version';
import type { Expectation, Order, OrderLineItem } from '../wire/order';
import type { OrderRecord } from '../../state/orders';

/** Status of an order line from its quantities (order_line_item.json `status` description). */
export function lineStatus(quantity: OrderLineItem['quantity']): OrderLineItem['status'] {
  if (quantity.total === 0) return 'removed';
  if (quantity.fulfilled === quantity.total) return 'fulfilled';
  return quantity.fulfilled > 0 ? 'partial' : 'processing';
}

/** The locale of an order's pages. */
export function orderLocale(order: Pick<OrderRecord, 'locale'>): Locale {
  return localeOr(order.locale);
}

/** The fulfillment expectations of an order: shipping now, shipping on backorder, not shipped. */
export function expectations(order: OrderRecord): Expectation[] {
  const destination = order.destination;
  const digital = new Set(order.digital_line_ids);
  const lines = order.checkout.line_items;
  const now: Expectation['line_items'] = [];
  const later: Expectation['line_items'] = [];
  for (const li of lines) {
    if (digital.has(li.id)) continue;
    const back = Math.min(order.backordered[li.id] ?? 0, li.quantity);
    if (li.quantity - back > 0) now.push({ id: li.id, quantity: li.quantity - back });
    if (back > 0) later.push({ id: li.id, quantity: back });
  }
  const shipping = order.shipping;
  const how = shipping ? `${shipping.title} (${shipping.carrier}): ${shipping.description}` : '';
  const out: Expectation[] = [];
  if (now.length) out.push({ id: 'exp_1', line_items: now, method_type: 'shipping', destination, description: how, fulfillable_on: 'now' });
  if (later.length) out.push({ id: 'exp_2', line_items: later, method_type: 'shipping', destination, description: `On backorder, shipped when restocked${how ? ` — ${how}` : ''}` });
  const none = lines.filter((li) => digital.has(li.id)).map((li) => ({ id: li.id, quantity: li.quantity }));
  if (none.length) out.push({ id: 'exp_3', line_items: none, method_type: 'digital', destination, description: 'Nothing to ship: access details are sent by email.', fulfillable_on: 'now' });
  return out;
}

/** What rendering an order needs: the `ucp` block, and the secrets and base URL of its permalink. */
export type OrderRenderEnv = Pick<ToolEnv, 'ucp' | 'secrets' | 'baseUrl'>;

/** Renders an order for `get_order` and for its webhooks. */
export async function renderOrder(order: OrderRecord, env: OrderRenderEnv): Promise<Order> {
  const shipped = shippedUnits(order.events);
  const canceled = order.status === 'canceled';
  const lineItems: OrderLineItem[] = order.checkout.line_items.map((li) => {
    const quantity = { original: li.quantity, total: canceled ? 0 : li.quantity, fulfilled: shipped.get(li.id) ?? 0 };
    return { id: li.id, item: li.item, quantity, totals: li.totals, status: lineStatus(quantity) };
  });
  const adjustments = order.adjustments ?? [];
  return {
    ucp: env.ucp([CAPABILITY.order]),
    id: order.id,
    label: order.label,
    checkout_id: order.checkout_id,
    permalink_url: await orderUrl(env, order, orderLocale(order)),
    line_items: lineItems,
    fulfillment: { expectations: canceled ? [] : expectations(order), events: order.events },
    ...(adjustments.length ? { adjustments } : {}),
    currency: order.checkout.currency,
    totals: order.checkout.totals,
  };
}

