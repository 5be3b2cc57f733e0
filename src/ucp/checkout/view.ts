/**
 * A checkout of the core (src/checkout/view.ts) as a UCP checkout with the fulfillment extension
 * (`shopping/checkout.json` + `fulfillment.json` of the negotiated version): priced line items
 * and totals, one shipping method with its destination and one group of options, policy links,
 * `ucp.payment_handlers`, the payment instrument the checkout names (display facts only), the
 * status and its messages, `continue_url` while the buyer must act, and the order once completed (rendered from the order as paid, never re-priced). What differs
 * between versions is in versions.ts.
 */
import { ADDRESS_FIELDS, type Address } from '../../commerce/address';
import type { NamedInstrument, OrderRecord } from '../../commerce/records';
import { type CheckoutStatus as CoreStatus, type CheckoutView, readerTotals } from '../../checkout/view';
import type { PricedLine } from '../../checkout/lines';
import type { SavedAddress } from '../../checkout/saved-addresses';
import { catalogIndex } from '../../catalog/ids';
import { paymentHandlers } from '../payment-handlers';
import { messagesOf } from '../problems';
import type { ToolEnv } from '../tools/types';
import { CAPABILITY, COMMON_CAPABILITY } from '../version';
import type { Checkout, CheckoutStatus, Fulfillment, PaymentTerm } from '../wire/checkout';
import { type OfferedTerm, offeredTerms } from '../../checkout/payment-terms';
import type { LineItem } from '../wire/cart';
import { wireFormat } from './versions';
import type { AppliedDiscount as CoreDiscount } from '../../commerce/discounts';
import { localize } from '../../catalog/localize';
import type { Locale } from '../../catalog/locales';

/** Ids the store assigns in the fulfillment extension (one method, destination and group). */
export const FULFILLMENT_IDS = { method: 'shipping_1', destination: 'destination_1', group: 'group_1' } as const;

const STATUS: Record<CoreStatus, CheckoutStatus> = {
  incomplete: 'incomplete', needs_buyer: 'requires_escalation', ready: 'ready_for_complete', paying: 'complete_in_progress', completed: 'completed', canceled: 'canceled',
};

/** The `ucp` block of checkout responses: capabilities of the operation and the payment handlers. */
export function checkoutUcp(env: Pick<ToolEnv, 'ucp' | 'version' | 'catalog'>): Checkout['ucp'] {
  return { ...env.ucp([CAPABILITY.checkout, CAPABILITY.fulfillment, CAPABILITY.discount, COMMON_CAPABILITY.paymentTerms]), payment_handlers: paymentHandlers(env.catalog.store, env.version) };
}

/** A UCP line item (`item.price` a bare integer in cents; totals subtotal and total). */
export function lineItemOf(line: PricedLine, variantGid: string): LineItem {
  return {
    id: line.id,
    item: { id: variantGid, title: line.title, price: line.unitPrice, ...(line.imageUrl ? { image_url: line.imageUrl } : {}) },
    quantity: line.quantity,
    totals: [{ type: 'subtotal', amount: line.total }, { type: 'total', amount: line.total }],
  };
}

/** A line of a paid order as a UCP line item (`item.price` in cents; totals subtotal and total). */
export function orderLineItem(line: OrderRecord['lines'][number], gid: (variantId: number) => string): LineItem {
  return {
    id: line.id,
    item: { id: gid(line.variant_id), title: line.title, price: line.unit_price, ...(line.image_url ? { image_url: line.image_url } : {}) },
    quantity: line.quantity,
    totals: [{ type: 'subtotal', amount: line.total }, { type: 'total', amount: line.total }],
  };
}

/** The address fields that are set, in the store's order. */
const addressFields = (address: Address) => Object.fromEntries(ADDRESS_FIELDS.flatMap((f) => (address[f] ? [[f, address[f]]] : [])));

/**
 * The fulfillment extension of a checkout: its destination (`destination_1`, selected), then the
 * linked account's saved addresses, each under its own id for `selected_destination_id`.
 */
function renderFulfillment(view: CheckoutView, env: Pick<ToolEnv, 'version'>, lineIds: string[], saved: readonly SavedAddress[]): Fulfillment {
  const format = wireFormat(env.version);
  const address = view.order ? view.order.destination : view.record.address;
  const hasAddress = !!address && Object.keys(address).length > 0;
  const options = view.priced
    ? view.priced.quotes.map((q) => ({ id: q.id, title: q.title, description: q.description, carrier: q.carrier, price: view.priced!.optionPrices.get(q.id) ?? q.price }))
    : view.order?.shipping ? [{ ...view.order.shipping, price: view.order.totals.find((t) => t.type === 'fulfillment')?.amount ?? 0 }] : [];
  const selected = view.priced ? view.priced.option?.id : view.order?.shipping?.id;
  return {
    methods: [{
      id: FULFILLMENT_IDS.method,
      type: 'shipping',
      line_item_ids: lineIds,
      destinations: [
        ...(hasAddress ? [format.destination({ id: FULFILLMENT_IDS.destination, ...addressFields(address) })] : []),
        ...saved.map((s) => format.destination({ id: s.id, ...addressFields(s.address) })),
      ],
      selected_destination_id: hasAddress ? FULFILLMENT_IDS.destination : null,
      groups: [{
        id: FULFILLMENT_IDS.group,
        line_item_ids: lineIds,
        options: options.map((o) => ({ id: o.id, title: o.title, description: format.optionDescription(o.description), carrier: o.carrier, totals: [{ type: 'total', amount: o.price }] })),
        selected_option_id: selected ?? null,
      }],
    }],
  };
}

/** `payment.instruments` of a checkout that names an instrument: that instrument, selected, with its brand and last digits when known. */
function renderInstrument(instrument: NamedInstrument): NonNullable<Checkout['payment']> {
  const display = { ...(instrument.brand ? { brand: instrument.brand } : {}), ...(instrument.last_digits ? { last_digits: instrument.last_digits } : {}) };
  return { instruments: [{ id: instrument.id, handler_id: instrument.handler_id, type: instrument.type, selected: true, ...(Object.keys(display).length ? { display } : {}) }] };
}

/** A payment term of the core (src/checkout/payment-terms.ts) on the wire (common/types/payment_term.json). */
export function wirePaymentTerm(term: OfferedTerm): PaymentTerm {
  const { type, description, due_at, amount } = term.schedule;
  return { id: term.id, title: term.title, schedules: [{ id: `${term.id}_1`, type, description: { plain: description }, ...(due_at ? { due_at } : {}), amount }] };
}

/**
 * `payment`: the named instrument, and, when the payment terms extension was negotiated, the
 * terms offered with the one selected (present together: payment_terms.json).
 */
function renderPayment(view: CheckoutView, env: Pick<ToolEnv, 'capabilities' | 'now'>): { payment?: NonNullable<Checkout['payment']> } {
  const instrument = view.record.instrument ? renderInstrument(view.record.instrument) : {};
  const offered = env.capabilities.has(COMMON_CAPABILITY.paymentTerms) ? offeredTerms(view, env.now()) : null;
  const terms = offered ? { terms: offered.terms.map(wirePaymentTerm), selected_term_id: offered.selected } : {};
  const payment = { ...instrument, ...terms };
  return Object.keys(payment).length ? { payment } : {};
}

/**
 * The discount extension's `discounts`: the codes as stored and each discount applied, its
 * title in the checkout's language and its allocations as JSONPaths into this response (a line
 * item, or the `fulfillment` entry of `totals`).
 */
export function renderDiscounts(codes: readonly string[], applied: readonly CoreDiscount[], locale: Locale, totals: ReadonlyArray<{ type: string }>): NonNullable<Checkout['discounts']> {
  const shipping = totals.findIndex((t) => t.type === 'fulfillment');
  return {
    codes: [...codes],
    applied: applied.map((d) => ({
      ...(d.code ? { code: d.code } : {}),
      title: localize(d.title, locale),
      amount: d.amount,
      automatic: d.automatic,
      method: d.method,
      priority: d.priority,
      allocations: d.allocations.map((a) => ({ path: a.target.kind === 'line' ? `$.line_items[${a.target.index}]` : `$.totals[${shipping}]`, amount: a.amount })),
    })),
  };
}

/**
 * Renders a checkout for a tool result at the call's version.
 * @param saved the linked account's saved addresses (src/checkout/saved-addresses.ts `accountAddresses`), listed as destinations
 * @throws nothing of its own (the view is already read)
 */
export function renderCheckout(view: CheckoutView, env: Pick<ToolEnv, 'ucp' | 'version' | 'catalog' | 'capabilities' | 'now'>, saved: readonly SavedAddress[] = []): Checkout {
  const { record } = view;
  const index = catalogIndex(env.catalog);
  const gid = (variantId: number) => index.variantGid({ id: variantId });
  const lineItems = view.order ? view.order.lines.map((l) => orderLineItem(l, gid)) : view.priced!.lines.map((l) => lineItemOf(l, index.variantGid(l.variant)));
  const messages = messagesOf(view.problems, record.context?.language);
  const buyer = view.order ? (Object.keys(view.order.buyer).length ? view.order.buyer : undefined) : record.buyer;
  const totals = readerTotals(view);
  const applied = view.order ? view.order.discounts ?? [] : view.priced?.discounts.applied ?? [];
  const discounts = env.capabilities.has(CAPABILITY.discount) ? { discounts: renderDiscounts(record.discount_codes ?? [], applied, view.order ? (view.order.locale as Locale) : view.priced!.locale, totals) } : {};
  return {
    ucp: checkoutUcp(env),
    id: record.id,
    status: STATUS[view.status],
    currency: view.order?.currency ?? env.catalog.store.currency,
    line_items: lineItems,
    ...(buyer ? { buyer } : {}),
    ...(record.context ? { context: record.context } : {}),
    fulfillment: renderFulfillment(view, env, lineItems.map((li) => li.id), saved),
    totals,
    links: view.links,
    ...(messages.length ? { messages } : {}),
    expires_at: record.expires_at,
    ...(view.approvalUrl ? { continue_url: view.approvalUrl } : {}),
    ...renderPayment(view, env),
    ...discounts,
    ...(view.order && view.orderUrl ? { order: { id: view.order.id, label: view.order.label, permalink_url: view.orderUrl } } : {}),
  };
}
