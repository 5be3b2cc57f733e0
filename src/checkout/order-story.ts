/**
 * The story of an order after payment, as every reader tells it (get_order, the order status
 * page, the webhooks): each line's quantities (ordered; still due, 0 once canceled; shipped)
 * and state, what ships now to the destination, what waits on backorder and what is not shipped
 * at all, then the append-only events and adjustments of the record.
 */
import { type Locale, localeOr } from '../catalog/locales';
import { shippedUnits } from '../commerce/fulfillment';
import type { OrderItem, OrderRecord } from '../commerce/records';
import { type WordedTotal, wordedTotals } from '../i18n/totals';
import { checkoutUi } from '../i18n/checkout-ui';

export type LineState = 'processing' | 'partial' | 'fulfilled' | 'removed';

export interface LineQuantities {
  /** Units ordered. */
  original: number;
  /** Units still owed: the ordered units, 0 once the order is canceled. */
  total: number;
  /** Units shipped. */
  fulfilled: number;
}

export interface OrderLineStory {
  line: OrderItem;
  quantity: LineQuantities;
  state: LineState;
}

/** What ships when: `now` to the destination, `backorder` when restocked, `none` (nothing to ship). */
export interface Expectation {
  id: 'exp_1' | 'exp_2' | 'exp_3';
  kind: 'now' | 'backorder' | 'none';
  line_items: Array<{ id: string; quantity: number }>;
}

/** State of a line from its quantities. */
export function lineState(quantity: LineQuantities): LineState {
  if (quantity.total === 0) return 'removed';
  if (quantity.fulfilled === quantity.total) return 'fulfilled';
  return quantity.fulfilled > 0 ? 'partial' : 'processing';
}

/** The locale of an order's pages and e-mails. */
export function orderLocale(order: Pick<OrderRecord, 'locale'>): Locale {
  return localeOr(order.locale);
}

/**
 * An order's events as its platform reads them: `processing` described in the order's language
 * (the stored event holds its type only), the others with what the merchant wrote, if anything.
 */
export function orderReaderEvents(order: Pick<OrderRecord, 'locale' | 'events'>): OrderRecord['events'] {
  const processing = checkoutUi(orderLocale(order)).statusProcessing;
  return order.events.map((event) => (event.type === 'processing' ? inStoredOrder({ ...event, description: processing }) : event));
}

/** A stored order's totals as its buyer and platform read them: the lines under the total worded in the order's language, members in `jsonb` order. */
export function orderReaderTotals(order: Pick<OrderRecord, 'locale' | 'totals'>): WordedTotal[] {
  return wordedTotals(order.totals, orderLocale(order)).map((total) =>
    total.lines ? inStoredOrder({ ...total, lines: total.lines.map(inStoredOrder) }) : total);
}

/**
 * `value` with its members in the order PostgreSQL's `jsonb` gives an order's stored members
 * (shorter keys first, then bytewise: PostgreSQL documentation §8.14.4, "jsonb does not preserve
 * the order of object keys"), so that a member worded when read (a VAT line's `display_text`, the
 * processing event's `description`) stands where it stood when it was stored, and agents keep
 * reading the bytes they read.
 */
function inStoredOrder<T extends object>(value: T): T {
  const order = ([a]: [string, unknown], [b]: [string, unknown]) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
  return Object.fromEntries(Object.entries(value).sort(order)) as T;
}

/** Each line with its quantities and state. */
export function lineStories(order: OrderRecord): OrderLineStory[] {
  const shipped = shippedUnits(order.events);
  const canceled = order.status === 'canceled';
  return order.lines.map((line) => {
    const quantity = { original: line.quantity, total: canceled ? 0 : line.quantity, fulfilled: shipped.get(line.id) ?? 0 };
    return { line, quantity, state: lineState(quantity) };
  });
}

/** What ships now, on backorder, and not at all (none once canceled). */
export function expectations(order: OrderRecord): Expectation[] {
  if (order.status === 'canceled') return [];
  const digital = new Set(order.digital_line_ids);
  const now: Expectation['line_items'] = [];
  const later: Expectation['line_items'] = [];
  for (const line of order.lines) {
    if (digital.has(line.id)) continue;
    const back = Math.min(order.backordered[line.id] ?? 0, line.quantity);
    if (line.quantity - back > 0) now.push({ id: line.id, quantity: line.quantity - back });
    if (back > 0) later.push({ id: line.id, quantity: back });
  }
  const none = order.lines.filter((l) => digital.has(l.id)).map((l) => ({ id: l.id, quantity: l.quantity }));
  const out: Expectation[] = [];
  if (now.length) out.push({ id: 'exp_1', kind: 'now', line_items: now });
  if (later.length) out.push({ id: 'exp_2', kind: 'backorder', line_items: later });
  if (none.length) out.push({ id: 'exp_3', kind: 'none', line_items: none });
  return out;
}
