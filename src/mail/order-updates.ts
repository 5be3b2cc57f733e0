/**
 * The e-mails about an order after it was paid, queued in the outbox (kind `mail`) by the
 * transaction of the change and rendered when sent (src/mail/messages.ts `mailHandler`):
 * - to the buyer, in the order's locale: `shipped` (what the parcel holds, carrier, tracking
 *   number and link; whether more parcels follow), `delivered` (with the right of withdrawal,
 *   whose 14 days run from delivery: Directive 2011/83/EU art. 9(2)(b)), `canceled` (with the
 *   money given back) and `refunded` (amount and reason);
 * - to the merchant (content/store.yaml `mail.merchant`), in the store's default locale: every
 *   new paid order, with the command line that ships it.
 * Each message names the fulfillment event or adjustment it reports, so a message sent late
 * still tells what happened then.
 */
import { type Locale } from '../catalog/locales';
import { addressLines, formatDate, formatPrice } from '../views/format';
import { type OrderEventKind, shippedUnits } from '../commerce/fulfillment';
import { checkoutUi } from '../i18n/checkout-ui';
import { mailUi } from '../i18n/mail-ui';

import type { Queryable } from '../state/db';
import { enqueue } from '../state/outbox';
import type { OrderRecord } from '../state/orders';
import { type Block, type MailContent, labelled } from './layout';
import { type MailDeps, type MailPayload, orderTable, withdrawalBlock } from './messages';
import { totalAmount } from '../commerce/totals';

type UpdatePayload = Extract<MailPayload, { template: 'order_update' }>;

/**
 * Queues the buyer's e-mail about a fulfillment event or an adjustment (once per event: the
 * dedupe key names it).
 * @param eventId the `events[].id` or `adjustments[].id` of the order
 * @param now epoch ms
 * @returns the outbox message id, or null when already queued or the order has no buyer e-mail
 */
export async function queueOrderUpdate(q: Queryable, order: Pick<OrderRecord, 'id' | 'locale' | 'buyer'>, event: UpdatePayload['event'], eventId: string, now: number): Promise<number | null> {
  const to = order.buyer.email;
  if (!to) return null;
  const payload: MailPayload = { template: 'order_update', locale: order.locale, to, order_id: order.id, event, event_id: eventId };
  return enqueue(q, { kind: 'mail', dedupeKey: `mail:order_update:${order.id}:${eventId}`, payload }, now);
}

/**
 * Queues the merchant's e-mail about a new paid order (once per order).
 * @param locale the store's default locale
 * @param now epoch ms
 */
export async function queueNewOrder(q: Queryable, order: Pick<OrderRecord, 'id'>, locale: Locale, now: number): Promise<number | null> {
  const payload: MailPayload = { template: 'new_order', locale, order_id: order.id };
  return enqueue(q, { kind: 'mail', dedupeKey: `mail:new_order:${order.id}`, payload }, now);
}

const titleOf = (order: OrderRecord, lineId: string) => order.lines.find((l) => l.id === lineId)?.title ?? lineId;

/** True when, after the shipment `eventId`, some unit to ship had not left yet. */
function moreToFollow(order: OrderRecord, eventId: string): boolean {
  const until = order.events.findIndex((e) => e.id === eventId);
  const shipped = shippedUnits(order.events.slice(0, until + 1));
  const digital = new Set(order.digital_line_ids);
  return order.lines.some((l) => !digital.has(l.id) && (shipped.get(l.id) ?? 0) < l.quantity);
}

/**
 * The buyer's message about one event of an order.
 * @throws Error when the order has no such event (the message is retried, then kept failing)
 */
export async function orderUpdateContent(order: OrderRecord, payload: UpdatePayload, deps: MailDeps, locale: Locale): Promise<MailContent> {
  const ui = mailUi(locale);
  const vars = { label: order.label, store: deps.store.name };
  const link: Block = { kind: 'link', label: ui.orderLink, href: await deps.orderUrl(order, locale) };
  const reply = (subject: (values: typeof vars) => string, blocks: Block[]): MailContent => ({ to: payload.to, subject: subject(vars), blocks: [...blocks, link] });
  if (payload.event === 'shipped' || payload.event === 'delivered') {
    const event = order.events.find((e) => e.id === payload.event_id);
    if (!event) throw new Error(`order ${order.id} has no event ${payload.event_id}`);
    if (payload.event === 'delivered') return reply(ui.deliveredSubject, [{ kind: 'text', text: ui.deliveredIntro(vars) }, withdrawalBlock(deps, locale)]);
    // Carrier, tracking number and link in the order page's words (src/i18n/checkout-ui.ts).
    const cui = checkoutUi(locale);
    const tracking = [event.carrier ? labelled(cui.carrier, event.carrier, locale) : '', event.tracking_number ? labelled(cui.trackingNumber, event.tracking_number, locale) : ''].filter(Boolean);
    return reply(ui.shippedSubject, [
      { kind: 'text', text: ui.shippedIntro(vars) },
      { kind: 'section', heading: ui.shippedItems, lines: event.line_items.map((l) => `${l.quantity} × ${titleOf(order, l.id)}`) },
      ...(tracking.length ? [{ kind: 'section' as const, lines: tracking }] : []),
      ...(event.tracking_url ? [{ kind: 'link' as const, label: cui.trackParcel, href: event.tracking_url }] : []),
      ...(moreToFollow(order, event.id) ? [{ kind: 'text' as const, text: ui.shippedPartial }] : []),
    ]);
  }
  const adjustment = order.adjustments?.find((a) => a.id === payload.event_id);
  if (!adjustment) throw new Error(`order ${order.id} has no adjustment ${payload.event_id}`);
  const refunded = -totalAmount(adjustment.totals);
  const amount = formatPrice(refunded, locale);
  const money: Block[] = refunded > 0 ? [{ kind: 'text', text: ui.refundedToCard({ amount }) }, { kind: 'text', text: ui.refundDelay }] : [];
  const reason: Block[] = adjustment.description ? [{ kind: 'section', heading: ui.reason, lines: [adjustment.description] }] : [];
  if (payload.event === 'canceled') return reply(ui.canceledSubject, [{ kind: 'text', text: ui.canceledIntro(vars) }, ...reason, ...money]);
  return reply(ui.refundedSubject, [{ kind: 'text', text: ui.refundedIntro({ ...vars, amount }) }, ...reason, { kind: 'text', text: ui.refundDelay }]);
}

/** The merchant's message about a new paid order: lines, totals, buyer, address, and how to ship it. */
export function newOrderContent(order: OrderRecord, deps: MailDeps, locale: Locale): MailContent {
  const ui = mailUi(locale);
  const total = totalAmount(order.totals);
  const shipping = order.shipping ? [`${order.shipping.title} (${order.shipping.carrier})`] : [];
  return {
    to: deps.store.mail.merchant,
    subject: ui.newOrderSubject({ label: order.label, amount: formatPrice(total, locale) }),
    blocks: [
      { kind: 'text', text: ui.newOrderIntro({ label: order.label, date: formatDate(order.created_at, locale) }) },
      orderTable(order, locale),
      { kind: 'section', heading: ui.buyer, lines: [order.buyer.email ?? '', ...addressLines(order.destination, locale), ...shipping].filter(Boolean) },
      { kind: 'section', heading: ui.shipWith, lines: [`npm run orders -- ship ${order.label} --carrier "${order.shipping?.carrier ?? '…'}" --tracking-number … --tracking-url …`] },
    ],
  };
}
