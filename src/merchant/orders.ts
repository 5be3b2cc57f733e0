/**
 * What the merchant does to orders (docs/decisions.md "Orders live on after payment"): read them,
 * ship (whole or part, with carrier and tracking), mark deliveries, cancel before anything
 * shipped (stock given back, charge refunded) and refund (never more than was paid). Each
 * change is one transaction that locks the order row (`SELECT … FOR UPDATE`), so two merchants,
 * or the merchant and a sweep, never interleave on one order; the change, its UCP fulfillment
 * event or adjustment, and the messages it owes (the buyer's e-mail, the platform's signed
 * webhook: src/checkout/order-events.ts) commit together or not at all. Nothing is sent here.
 * A refusal throws `MerchantError` (or the rules' `OrderRuleError`) before anything is written.
 */
import { releaseDiscountUses } from '../state/discount-uses';
import {
  type LineProgress, type LineUnits, type PaidOrderStatus, applyUnits, chargedLines, checkCancelable, planDelivery, planLineRefund, planShipment, refundAmount, statusOf,
  OrderRuleError,
} from '../commerce/fulfillment';
import { type Db, type Queryable, transaction } from '../state/db';
import { type ChargeRecord, type OrderAdjustment, type OrderEvent, type OrderLine, type OrderRecord, findOrder, isPaid, loadCharge, orderLines, saveLineProgress, saveOrder } from '../state/orders';
import { type RefundRecord, refundsOf } from '../state/refunds';
import { type OutboxMessage, messagesOfOrder } from '../state/outbox';
import { releaseStock } from '../state/stock';
import { announceOrderEvent } from '../checkout/order-events';
import { refundCharge } from '../checkout/payment/refund';
import { type SellerSource, issueCancellationCreditNote, issueRefundCreditNote } from '../documents/issue';
import { received, withTransfer } from '../commerce/payment-terms';
import { totalAmount } from '../commerce/totals';
import type { DocumentRecord } from '../commerce/documents';
import { documentsOfOrder } from '../state/documents';
import { storeFromContent } from '../catalog/store-file';

/** A merchant request that cannot be done; the message is one whole sentence. */
export class MerchantError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MerchantError';
  }
}

/** An order with everything the merchant reads about it. */
export interface OrderDetails {
  order: OrderRecord & { status: PaidOrderStatus };
  lines: OrderLine[];
  charge: ChargeRecord | null;
  refunds: RefundRecord[];
  /** E-mails and webhooks about the order, with their delivery state. */
  messages: OutboxMessage[];
  /** Its invoice and credit notes, oldest first. */
  documents: DocumentRecord[];
}

interface Locked {
  order: OrderRecord & { status: PaidOrderStatus };
  lines: OrderLine[];
  progress: LineProgress[];
}

/** Loads a paid order by id or label, locking it when `tx` is a transaction. */
async function lockOrder(tx: Queryable, ref: string, forUpdate: boolean): Promise<Locked> {
  const order = await findOrder(tx, ref, forUpdate);
  if (!order) throw new MerchantError(`Unknown order "${ref}": give an order id (ord_…) or a label (PP-…).`);
  if (!isPaid(order.status)) throw new MerchantError(`Order ${order.label} was never paid (${order.status}): there is nothing to do with it.`);
  const lines = await orderLines(tx, order.id);
  const digital = new Set(order.digital_line_ids);
  const progress = lines.map((l) => ({ line_id: l.line_id, title: l.title, quantity: l.quantity, shipped: l.shipped, delivered: l.delivered, digital: digital.has(l.line_id) }));
  return { order: order as Locked['order'], lines, progress };
}

/**
 * Runs one change on a locked order: `work` returns the new order (with its appended event or
 * adjustment) and the event to announce; the order and its messages are saved in the same transaction.
 */
async function change(db: Db, ref: string, now: () => number, work: (locked: Locked, tx: Queryable, at: string) => Promise<{ order: OrderRecord; progress?: LineProgress[]; event: Parameters<typeof announceOrderEvent>[2] }>): Promise<OrderRecord> {
  return transaction(db, async (tx) => {
    const locked = await lockOrder(tx, ref, true);
    const at = new Date(now()).toISOString();
    const { order, progress, event } = await work(locked, tx, at);
    if (progress) await saveLineProgress(tx, order.id, progress);
    await saveOrder(tx, order, now());
    await announceOrderEvent(tx, order, event, now());
    return order;
  });
}

/**
 * An order with its lines, charge, refunds and messages.
 * @param ref order id or label
 * @throws MerchantError for an unknown or unpaid order
 */
export async function orderDetails(db: Db, ref: string): Promise<OrderDetails> {
  const { order, lines } = await lockOrder(db, ref, false);
  const [charge, refunds, messages, documents] = await Promise.all([loadCharge(db, order.id), refundsOf(db, order.id), messagesOfOrder(db, order.id), documentsOfOrder(db, order.id)]);
  return { order, lines, charge, refunds, messages, documents };
}

const nextId = (prefix: string, list: ReadonlyArray<{ id: string }>) => `${prefix}_${list.length + 1}`;

/**
 * Ships units of an order: a `shipped` fulfillment event with carrier and tracking.
 * @param shipment.lines units per line id, or undefined for every unit left to ship
 * @param shipment.trackingUrl absolute http(s) URL of the carrier's tracking page
 * @returns the order after the shipment
 * @throws MerchantError / OrderRuleError (unknown order, canceled, more than ordered, bad URL)
 */
export async function shipOrder(db: Db, ref: string, shipment: { carrier: string; trackingNumber: string; trackingUrl?: string; lines?: LineUnits[] }, now: () => number = Date.now): Promise<OrderRecord> {
  const carrier = shipment.carrier.trim();
  const trackingNumber = shipment.trackingNumber.trim();
  if (!carrier) throw new MerchantError('The carrier (--carrier) must not be empty.');
  if (!trackingNumber) throw new MerchantError('The tracking number (--tracking-number) must not be empty.');
  if (shipment.trackingUrl !== undefined && !(URL.canParse(shipment.trackingUrl) && /^https?:$/.test(new URL(shipment.trackingUrl).protocol))) {
    throw new MerchantError(`The tracking URL "${shipment.trackingUrl}" (--tracking-url) is not an absolute http(s) URL.`);
  }
  return change(db, ref, now, async ({ order, progress }, _tx, at) => {
    const units = planShipment(order.status, progress, shipment.lines);
    const after = applyUnits(progress, units, 'shipped');
    const event: OrderEvent = {
      id: nextId('evt', order.events), occurred_at: at, type: 'shipped', line_items: units, carrier, tracking_number: trackingNumber,
      ...(shipment.trackingUrl ? { tracking_url: shipment.trackingUrl } : {}),
    };
    return { order: { ...order, status: statusOf(after), events: [...order.events, event] }, progress: after, event: { kind: 'shipped', id: event.id, occurred_at: at } };
  });
}

/**
 * Marks every shipped, undelivered unit delivered: a `delivered` fulfillment event.
 * @throws MerchantError / OrderRuleError (unknown order, canceled, nothing in transit)
 */
export async function deliverOrder(db: Db, ref: string, now: () => number = Date.now): Promise<OrderRecord> {
  return change(db, ref, now, async ({ order, progress }, _tx, at) => {
    const units = planDelivery(order.status, progress);
    const after = applyUnits(progress, units, 'delivered');
    const event: OrderEvent = { id: nextId('evt', order.events), occurred_at: at, type: 'delivered', line_items: units };
    return { order: { ...order, status: statusOf(after), events: [...order.events, event] }, progress: after, event: { kind: 'delivered', id: event.id, occurred_at: at } };
  });
}

/** The charge of an order, to refund. @throws MerchantError when the order has none */
async function chargeOf(tx: Queryable, order: OrderRecord): Promise<ChargeRecord> {
  const charge = await loadCharge(tx, order.id);
  if (!charge) throw new MerchantError(`Order ${order.label} has no charge to refund.`);
  return charge;
}

/**
 * Cancels an order before anything shipped: its stock is given back, what was paid and not yet
 * refunded is refunded (with its credit note), every line's quantity drops to 0 (a `cancellation` adjustment).
 * @param reason sent to the buyer word for word, in the e-mail and on the order page (default: none given)
 * @throws MerchantError / OrderRuleError (unknown order, already canceled, something shipped)
 */
export async function cancelOrder(db: Db, ref: string, reason: string | undefined, now: () => number = Date.now, seller: SellerSource = storeFromContent): Promise<OrderRecord> {
  return change(db, ref, now, async ({ order, progress }, tx, at) => {
    checkCancelable(order.status, progress);
    if (order.invoice_payment && received(order.invoice_payment) > 0) {
      throw new OrderRuleError('Transfers of {received} were received for this order on invoice: give them back by bank transfer first, then cancel.', { received: received(order.invoice_payment) });
    }
    await releaseStock(tx, order.id, now());
    // A canceled order gives its discounts' uses back (issue 38: "cancelling an order gives its use back").
    await releaseDiscountUses(tx, order.id);
    const adjustments = order.adjustments ?? [];
    const id = nextId('adj', adjustments);
    let refunded: { amount: number } | null = null;
    if (order.invoice_payment) {
      // Never paid: nothing to give back, but the invoice issued at the order is cancelled by a credit note of its whole amount.
      await issueCancellationCreditNote(tx, seller, order, { id: `cancel_${order.id}`, amount: totalAmount(order.totals), reason: reason ?? 'order canceled', created_at: at, adjustment_id: id }, now());
    } else {
      const charge = await chargeOf(tx, order);
      // A charge already refunded in full leaves nothing to give back: the cancellation carries no total.
      const refund = charge.refunded < charge.amount ? await refundCharge(tx, charge, refundAmount(undefined, charge), reason ?? 'order canceled', now()) : null;
      if (refund) await issueRefundCreditNote(tx, seller, order, { ...refund, adjustment_id: id }, now());
      refunded = refund;
    }
    const adjustment: OrderAdjustment = {
      id, type: 'cancellation', occurred_at: at, status: 'completed',
      line_items: progress.map((l) => ({ id: l.line_id, quantity: -l.quantity })),
      ...(refunded ? { totals: [{ type: 'total' as const, amount: -refunded.amount }] } : {}),
      ...(reason ? { description: reason } : {}),
    };
    return { order: { ...order, status: 'canceled', adjustments: [...adjustments, adjustment] }, event: { kind: 'canceled', id: adjustment.id, occurred_at: at } };
  });
}

/**
 * Records a bank transfer received for an order on invoice (partial amounts add up); the order's
 * payment is then partly or fully paid (src/commerce/payment-terms.ts).
 * @param transfer.amount cents, > 0, at most what is left to pay
 * @param transfer.reference what the bank statement says
 * @throws MerchantError / OrderRuleError (unknown order, paid by card, amount above what is left, empty reference)
 */
export async function recordTransfer(db: Db, ref: string, transfer: { amount: number; reference: string }, now: () => number = Date.now): Promise<OrderRecord> {
  const reference = transfer.reference.trim();
  if (!reference) throw new MerchantError('The reference (--reference) must not be empty: write what the bank statement says.');
  return transaction(db, async (tx) => {
    const { order } = await lockOrder(tx, ref, true);
    if (!order.invoice_payment) throw new MerchantError(`Order ${order.label} was paid by card: there is no transfer to record.`);
    const invoice_payment = withTransfer(order.invoice_payment, totalAmount(order.totals), { amount: transfer.amount, reference, received_at: new Date(now()).toISOString() });
    const updated = { ...order, invoice_payment };
    await saveOrder(tx, updated, now());
    return updated;
  });
}

/**
 * Refunds part or all of what was paid (a `refund` adjustment and its credit note, in the same
 * transaction); the order's status is unchanged. A refund of units of lines gives back what those
 * units were charged, after the order's discounts (src/commerce/fulfillment.ts `planLineRefund`),
 * and its adjustment names them (negative quantities: UCP adjustment `line_items`).
 * @param request.amount cents, or undefined for everything not yet refunded
 * @param request.lines units per line id to refund instead of an amount
 * @param request.reason sent to the buyer word for word, in the e-mail and on the order page
 * @throws MerchantError / OrderRuleError (unknown order, empty reason, both an amount and lines,
 *         an unknown line, more units than are left, more than paid, nothing left)
 */
export async function refundOrder(db: Db, ref: string, request: { amount?: number; lines?: LineUnits[]; reason: string }, now: () => number = Date.now, seller: SellerSource = storeFromContent): Promise<OrderRecord> {
  const reason = request.reason.trim();
  if (!reason) throw new MerchantError('The reason (--reason) must not be empty: the buyer is told why.');
  if (request.amount !== undefined && request.lines?.length) throw new MerchantError('Refund either an amount (--amount, --cents) or units of lines (--line), not both.');
  return change(db, ref, now, async ({ order }, tx, at) => {
    const charge = await chargeOf(tx, order);
    const units = request.lines?.length ? planLineRefund(chargedLines(order), request.lines) : undefined;
    const requested = units ? units.reduce((a, u) => a + u.amount, 0) : request.amount;
    const refunded = await refundCharge(tx, charge, refundAmount(requested, charge), reason, now());
    const adjustments = order.adjustments ?? [];
    const id = nextId('adj', adjustments);
    await issueRefundCreditNote(tx, seller, order, { ...refunded, adjustment_id: id }, now(), units);
    const adjustment: OrderAdjustment = {
      id, type: 'refund', occurred_at: at, status: 'completed',
      ...(units ? { line_items: units.map((u) => ({ id: u.id, quantity: -u.quantity })) } : {}),
      totals: [{ type: 'total', amount: -refunded.amount }], description: reason,
    };
    return { order: { ...order, adjustments: [...adjustments, adjustment] }, event: { kind: 'refunded', id: adjustment.id, occurred_at: at } };
  });
}
