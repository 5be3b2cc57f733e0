/**
 * The order a payment writes: the lines and totals the buyer approved and paid, the buyer, the
 * destination and shipping option, which lines ship and which units are on backorder. It is
 * what the completed checkout, the order status page, the e-mails, the merchant and the order
 * webhooks show from then on: never re-priced.
 */
import { unitRequiresShipping } from '../commerce/shipping';
import type { CheckoutRecord, OrderRecord } from '../commerce/records';
import { type NewOrderLine, newOrderLabel } from '../state/orders';
import type { CommerceContext, Owner } from './context';
import type { PricedCheckout } from './pricing';
import { checkoutLocale } from './urls';

/** What a sale is, apart from its ids and its story: what a quote shows and an order keeps (src/documents/issue-data.ts `Sale`). */
export type SaleContent = Pick<OrderRecord, 'locale' | 'currency' | 'buyer' | 'lines' | 'shipping_taxation' | 'business' | 'totals' | 'destination' | 'shipping' | 'discounts'>;

/**
 * The lines, totals, buyer, destination and shipping option of a priced checkout, as an order
 * (and a quote) keeps them. Amounts in cents, as priced.
 */
export function saleContent(record: CheckoutRecord, priced: PricedCheckout, currency: string): SaleContent {
  const option = priced.option;
  return {
    locale: checkoutLocale(record),
    currency,
    buyer: record.buyer ?? {},
    lines: priced.lines.map((l) => ({
      id: l.id, variant_id: l.variant.id, title: l.title, unit_price: l.unitPrice, quantity: l.quantity, total: l.total, ...(l.imageUrl ? { image_url: l.imageUrl } : {}),
      taxation: l.offer.taxation,
    })),
    ...(option ? { shipping_taxation: priced.shippingTaxation } : {}),
    ...(priced.organisation ? { business: priced.organisation } : {}),
    totals: priced.totals,
    ...(priced.discounts.applied.length ? { discounts: priced.discounts.applied } : {}),
    destination: record.address ?? {},
    shipping: option ? { id: option.id, title: option.title, description: option.description, carrier: option.carrier, min_days: option.minDays, max_days: option.maxDays } : null,
  };
}

/**
 * A new `pending_payment` order for a checkout being paid.
 * @param backordered units sold beyond the counted stock, by variant id (src/state/stock.ts)
 */
export async function buildOrder(ctx: CommerceContext, owner: Owner, orderId: string, record: CheckoutRecord, priced: PricedCheckout, backordered: ReadonlyMap<number, number>): Promise<OrderRecord> {
  const now = ctx.now();
  const sale = saleContent(record, priced, ctx.catalog.store.currency);
  const { locale, currency, buyer, lines, shipping_taxation, business, totals, destination, shipping, discounts } = sale;
  return {
    id: orderId,
    label: newOrderLabel(now),
    checkout_id: record.id,
    platform: record.platform,
    status: 'pending_payment',
    created_at: new Date(now).toISOString(),
    locale, currency, buyer, lines,
    ...(shipping_taxation ? { shipping_taxation } : {}),
    ...(business ? { business } : {}),
    ...(record.account ? { account: { user_id: record.account.user_id } } : {}),
    totals, destination, shipping,
    ...(discounts ? { discounts } : {}),
    digital_line_ids: priced.lines.filter((l) => !unitRequiresShipping(l.variant)).map((l) => l.id),
    backordered: Object.fromEntries(priced.lines.flatMap((l) => (backordered.get(l.variant.id) ? [[l.id, backordered.get(l.variant.id)!]] : []))),
    events: [],
    ...(owner.webhook ? { webhook_url: owner.webhook.url, webhook_version: owner.webhook.version } : {}),
    secret: await ctx.secrets.mint('order', orderId),
  };
}

/**
 * The order's lines as the merchant reads them (table `order_lines`).
 * @returns one line per line of the order: unit price and line total in cents, VAT included
 */
export function orderLinesOf(order: Pick<OrderRecord, 'lines' | 'backordered'>): NewOrderLine[] {
  return order.lines.map((l) => ({
    line_id: l.id, variant_id: l.variant_id, title: l.title, quantity: l.quantity, unit_price: l.unit_price, total: l.total, backordered: order.backordered[l.id] ?? 0,
  }));
}
