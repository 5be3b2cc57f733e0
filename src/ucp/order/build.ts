/**
 * The order record written by complete_checkout: a snapshot of the checkout
 * the buyer approved and paid (line items, totals, fulfillment, links), the destination, the
 * shipping option, which lines ship and which units are on backorder. The snapshot is what the
 * completed checkout and the order show from then on: they are never re-priced.
 */
import { unitRequiresShipping } from '../../commerce/shipping';
import type { PricedCheckout } from '../checkout/pricing';
import type { CheckoutRecord } from '../../state/checkouts';
import { checkoutLocale } from '../checkout/view';
import type { ToolEnv } from '../tools/types';
import type { Checkout } from '../wire/checkout';
import { type CheckoutSnapshot, type NewOrderLine, type OrderRecord, newOrderLabel } from '../../state/orders';

/** The checkout without what only a live checkout has (ucp, status, messages, continue_url, order). */
export function snapshotOf(checkout: Checkout): CheckoutSnapshot {
  const { ucp: _u, status: _s, messages: _m, continue_url: _c, order: _o, ...snapshot } = checkout;
  return snapshot;
}

/**
 * A new `pending_payment` order for a checkout being completed.
 * @param checkout the rendered checkout (ready_for_complete)
 * @param backordered units sold beyond the counted stock, by variant id (src/state/stock.ts)
 */
export async function buildOrder(env: ToolEnv, orderId: string, record: CheckoutRecord, priced: PricedCheckout, checkout: Checkout, backordered: ReadonlyMap<number, number>): Promise<OrderRecord> {
  const option = priced.option;
  return {
    id: orderId,
    label: newOrderLabel(env.now()),
    checkout_id: record.id,
    platform: record.platform,
    status: 'pending_payment',
    created_at: new Date(env.now()).toISOString(),
    locale: checkoutLocale(record),
    checkout: snapshotOf(checkout),
    destination: record.address ?? {},
    shipping: option ? { id: option.id, title: option.title, description: option.description, carrier: option.carrier, min_days: option.minDays, max_days: option.maxDays } : null,
    digital_line_ids: priced.lines.filter((l) => !unitRequiresShipping(l.variant)).map((l) => l.lineItem.id),
    backordered: Object.fromEntries(priced.lines.flatMap((l) => (backordered.get(l.variant.id) ? [[l.lineItem.id, backordered.get(l.variant.id)!]] : []))),
    events: [],
    ...(env.webhookUrl ? { webhook_url: env.webhookUrl } : {}),
    secret: await env.secrets.mint('order', orderId),
  };
}

/**
 * The order's lines as the merchant reads them (table `order_lines`).
 * @param backordered units sold beyond the counted stock, by variant id
 * @returns one line per line item: unit price and line total in cents, VAT included
 */
export function orderLinesOf(priced: PricedCheckout, backordered: ReadonlyMap<number, number>): NewOrderLine[] {
  return priced.lines.map(({ variant, lineItem }) => ({
    line_id: lineItem.id,
    variant_id: variant.id,
    title: lineItem.item.title,
    quantity: lineItem.quantity,
    unit_price: lineItem.item.price,
    total: lineItem.totals.find((t) => t.type === 'total')?.amount ?? lineItem.item.price * lineItem.quantity,
    backordered: backordered.get(variant.id) ?? 0,
  }));
}
