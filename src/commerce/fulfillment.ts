/**
 * The rules of an order after payment (docs/decisions.md "Orders live on after payment"), as plain
 * functions over plain data: what a shipment may contain, what a delivery covers, when an order
 * may be canceled, how much may be refunded, and the order's status from its lines' progress.
 * Every refusal is an `OrderRuleError`: one whole sentence a merchant can act on, its amounts kept
 * in cents for the layer that writes them in the merchant's locale. The database repeats the two
 * money-and-goods rules as CHECK constraints (never more shipped than ordered, never more refunded
 * than captured): these functions explain, the database guards.
 */
import { unitShares } from './allocation';
import { discountsByTarget } from './discounts';
import type { OrderRecord } from './records';

/** A line of a paid order with its progress. Quantities in units. */
export interface LineProgress {
  line_id: string;
  title: string;
  quantity: number;
  shipped: number;
  delivered: number;
  /** Nothing to ship (weight 0: training, vouchers): not needed for the order to count as shipped. */
  digital: boolean;
}

/** Units of one line in a shipment or delivery (UCP `fulfillment_event.line_items[]`). */
export interface LineUnits {
  id: string;
  quantity: number;
}

/** Statuses of a paid order (the `orders.status` values after payment): what buyers, platforms and the merchant see. */
export const PAID_STATUSES = ['processing', 'partially_shipped', 'shipped', 'delivered', 'canceled'] as const;
export type PaidOrderStatus = (typeof PAID_STATUSES)[number];

/** How an amount is written in a sentence, from integer cents (e.g. the merchant's `formatPrice`). */
export type MoneyText = (cents: number) => string;

/** Amounts in the default message of an `OrderRuleError`: "6980 cents", the unit stated. */
const CENTS_TEXT: MoneyText = (cents) => `${cents} cents`;

/**
 * A request the order's state refuses, told in one whole sentence for the merchant. Amounts stay
 * data: `amounts` holds them in cents and the sentence marks their places as `{name}`, so the
 * layer that knows the merchant's locale writes them (`told`); `message` writes them in cents.
 */
export class OrderRuleError extends Error {
  /** The sentence with `{name}` where each of `amounts` goes. */
  readonly template: string;
  /** The amounts the sentence speaks of, in cents, by name. */
  readonly amounts: Readonly<Record<string, number>>;

  /**
   * @param template one sentence; `{name}` marks where `amounts[name]` goes
   * @param amounts cents, by name
   */
  constructor(template: string, amounts: Record<string, number> = {}) {
    super(fill(template, amounts, CENTS_TEXT));
    this.name = 'OrderRuleError';
    this.template = template;
    this.amounts = amounts;
  }

  /** The sentence with each amount written by `money`, e.g. "… at most 69,80 € can be refunded." */
  told(money: MoneyText): string {
    return fill(this.template, this.amounts, money);
  }
}

/** `template` with `{name}` replaced by `money(amounts[name])`, for the names `amounts` holds only. */
function fill(template: string, amounts: Readonly<Record<string, number>>, money: MoneyText): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(amounts, name) ? money(amounts[name]) : whole));
}

const left = (line: LineProgress) => line.quantity - line.shipped;

/**
 * Units asked per line id (a line named twice adds up).
 * @throws OrderRuleError for a quantity that is not a whole number of at least 1
 */
function unitsWanted(requested: readonly LineUnits[]): Map<string, number> {
  const wanted = new Map<string, number>();
  for (const r of requested) {
    if (!Number.isInteger(r.quantity) || r.quantity < 1) throw new OrderRuleError(`The quantity of line ${r.id} must be a whole number of at least 1.`);
    wanted.set(r.id, (wanted.get(r.id) ?? 0) + r.quantity);
  }
  return wanted;
}


/**
 * The units of a shipment.
 * @param requested `[{id, quantity}]` chosen by the merchant (a line named twice adds up), or
 *        undefined for every unit still to ship of the lines that ship (not the digital ones)
 * @returns the shipment's lines, in the order's line order
 * @throws OrderRuleError for a canceled order, an unknown line, a quantity below 1, more units
 *         than are left to ship, or nothing left to ship
 */
export function planShipment(status: PaidOrderStatus, lines: readonly LineProgress[], requested?: readonly LineUnits[]): LineUnits[] {
  if (status === 'canceled') throw new OrderRuleError('The order is canceled: nothing can ship.');
  if (!requested) {
    const all = lines.filter((l) => !l.digital && left(l) > 0).map((l) => ({ id: l.line_id, quantity: left(l) }));
    if (!all.length) throw new OrderRuleError('Nothing is left to ship in this order.');
    return all;
  }
  const wanted = unitsWanted(requested);
  for (const [id, quantity] of wanted) {
    const line = lines.find((l) => l.line_id === id);
    if (!line) throw new OrderRuleError(`The order has no line ${id} (its lines: ${lines.map((l) => l.line_id).join(', ')}).`);
    if (quantity > left(line)) {
      throw new OrderRuleError(`Cannot ship ${quantity} × ${id} (${line.title}): ordered ${line.quantity}, already shipped ${line.shipped}, ${left(line)} left to ship.`);
    }
  }
  return lines.filter((l) => wanted.has(l.line_id)).map((l) => ({ id: l.line_id, quantity: wanted.get(l.line_id)! }));
}

/**
 * The units a delivery covers: everything shipped and not yet delivered.
 * @throws OrderRuleError for a canceled order or when no shipped unit waits for delivery
 */
export function planDelivery(status: PaidOrderStatus, lines: readonly LineProgress[]): LineUnits[] {
  if (status === 'canceled') throw new OrderRuleError('The order is canceled: nothing can be delivered.');
  const transit = lines.filter((l) => l.shipped > l.delivered).map((l) => ({ id: l.line_id, quantity: l.shipped - l.delivered }));
  if (!transit.length) throw new OrderRuleError('No shipped unit is waiting for delivery: ship first.');
  return transit;
}

/**
 * Units shipped so far per line id: the sum of the `shipped` fulfillment events' lines.
 * @param events an order's fulfillment events, oldest first (a prefix of them: shipped up to then)
 */
export function shippedUnits(events: ReadonlyArray<{ type: string; line_items: readonly LineUnits[] }>): Map<string, number> {
  const shipped = new Map<string, number>();
  for (const e of events) if (e.type === 'shipped') for (const l of e.line_items) shipped.set(l.id, (shipped.get(l.id) ?? 0) + l.quantity);
  return shipped;
}

/**
 * The lines after a shipment or delivery.
 * @param field `shipped` or `delivered`
 */
export function applyUnits(lines: readonly LineProgress[], units: readonly LineUnits[], field: 'shipped' | 'delivered'): LineProgress[] {
  const add = new Map(units.map((u) => [u.id, u.quantity]));
  return lines.map((l) => ({ ...l, [field]: l[field] + (add.get(l.line_id) ?? 0) }));
}

/**
 * The status of a paid, not canceled order from its lines: `delivered` when every unit to ship
 * was delivered, `shipped` when every one left, `partially_shipped` when some did,
 * `processing` otherwise. An order with only digital lines counts all its lines.
 */
export function statusOf(lines: readonly LineProgress[]): Exclude<PaidOrderStatus, 'canceled'> {
  const physical = lines.filter((l) => !l.digital);
  const counted = physical.length ? physical : lines;
  if (counted.every((l) => l.delivered === l.quantity)) return 'delivered';
  if (counted.every((l) => l.shipped === l.quantity)) return 'shipped';
  return lines.some((l) => l.shipped > 0) ? 'partially_shipped' : 'processing';
}

/**
 * Checks that an order may be canceled: only before anything shipped (afterwards the buyer's
 * right of withdrawal applies and the merchant refunds instead).
 * @throws OrderRuleError when it is already canceled or some unit shipped
 */
export function checkCancelable(status: PaidOrderStatus, lines: readonly LineProgress[]): void {
  if (status === 'canceled') throw new OrderRuleError('The order is already canceled.');
  const shipped = lines.reduce((n, l) => n + l.shipped, 0);
  if (shipped > 0) throw new OrderRuleError(`The order can no longer be canceled, as ${shipped} unit(s) already shipped: refund instead.`);
}

/**
 * The amount of a refund.
 * @param requested cents, or undefined for everything still refundable
 * @param charge what was captured and what was already refunded, cents
 * @returns the cents to refund (> 0)
 * @throws OrderRuleError for an amount that is not a positive whole number of cents, more than
 *         is left to refund, or nothing left
 */
export function refundAmount(requested: number | undefined, charge: { amount: number; refunded: number }): number {
  const refundable = charge.amount - charge.refunded;
  const paid = charge.amount;
  if (refundable <= 0) throw new OrderRuleError('Nothing is left to refund: the {paid} paid has all been refunded.', { paid });
  if (requested === undefined) return refundable;
  if (!Number.isSafeInteger(requested) || requested < 1) throw new OrderRuleError('The amount to refund must be a whole number of cents, at least 1.');
  if (requested > refundable) {
    throw new OrderRuleError('Cannot refund {requested}: {paid} was paid and {refunded} already refunded, so at most {refundable} can be refunded.', { requested, paid, refunded: charge.refunded, refundable });
  }
  return requested;
}

/**
 * A line of a paid order as its refunds see it: what was charged for it (its total less the
 * discounts allocated to it, cents, VAT included) and the units already refunded.
 */
export interface ChargedLine {
  line_id: string;
  title: string;
  quantity: number;
  /** Cents paid for the whole line: `OrderItem.total` minus its discounts' allocations. */
  charged: number;
  /** Units refunded by earlier line refunds. */
  refunded: number;
}

/**
 * The lines of an order as charged (issue 38 "a partial refund of a discounted line refunds what
 * was paid for it, not the list price"): each line's total less its discounts' allocations, and
 * the units its earlier refund adjustments gave back (their `line_items`, negative quantities).
 */
export function chargedLines(order: Pick<OrderRecord, 'lines' | 'discounts' | 'adjustments'>): ChargedLine[] {
  const off = discountsByTarget(order.discounts ?? [], order.lines.length).lines;
  const refunded = new Map<string, number>();
  for (const a of order.adjustments ?? []) if (a.type === 'refund') for (const l of a.line_items ?? []) refunded.set(l.id, (refunded.get(l.id) ?? 0) - l.quantity);
  return order.lines.map((l, i) => ({ line_id: l.id, title: l.title, quantity: l.quantity, charged: l.total - off[i], refunded: refunded.get(l.id) ?? 0 }));
}

/** Units of a line refunded, with the cents they were charged. */
export interface RefundedUnits extends LineUnits {
  /** Cents, ≥ 0: the shares of the line's charged amount of these units. */
  amount: number;
  /** The order line's index. */
  index: number;
  /** How many units of the line earlier refunds gave back (these units follow them). */
  after: number;
}

/**
 * What a refund of units of lines gives back: for each line, the units' shares of what was
 * charged for the line, shared over its units by largest remainder (src/commerce/allocation.ts
 * `unitShares`) and taken in order after the units already refunded, so that refunding every
 * unit, one by one or together, gives back exactly what the line was charged, to the cent.
 * @param requested `[{id, quantity}]` (a line named twice adds up)
 * @returns the refunded units per line, in the order's line order
 * @throws OrderRuleError for an unknown line, a quantity below 1, or more units than are left to refund
 */
export function planLineRefund(lines: readonly ChargedLine[], requested: readonly LineUnits[]): RefundedUnits[] {
  const wanted = unitsWanted(requested);
  for (const [id, quantity] of wanted) {
    const line = lines.find((l) => l.line_id === id);
    if (!line) throw new OrderRuleError(`The order has no line ${id} (its lines: ${lines.map((l) => l.line_id).join(', ')}).`);
    if (quantity > line.quantity - line.refunded) {
      throw new OrderRuleError(`Cannot refund ${quantity} × ${id} (${line.title}): ordered ${line.quantity}, already refunded ${line.refunded}, ${line.quantity - line.refunded} left to refund.`);
    }
  }
  return lines.flatMap((l, index) => {
    const quantity = wanted.get(l.line_id);
    if (!quantity) return [];
    const amount = unitShares(l.charged, l.quantity).slice(l.refunded, l.refunded + quantity).reduce((a, x) => a + x, 0);
    return [{ id: l.line_id, quantity, amount, index, after: l.refunded }];
  });
}

/**
 * What happened to an order, as buyers' e-mails and platforms' webhooks report it (UCP order
 * capability, docs/agent-commerce.md "Order webhooks": the business pushes every lifecycle change).
 */
export type OrderEventKind = 'created' | 'shipped' | 'delivered' | 'canceled' | 'refunded';
