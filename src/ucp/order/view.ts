/**
 * An order of the store (src/commerce/records.ts, its story in src/checkout/order-story.ts) as a
 * UCP order (`shopping/order.json`): line items with quantities (original; total, 0 once
 * canceled; fulfilled, the units shipped) and their status, the totals as paid, fulfillment
 * expectations (what ships now to the destination, what is on backorder, what is not shipped at
 * all), the append-only events and the adjustments. The order is the same at both versions
 * this store speaks, apart from the `ucp` block.
 */
import { catalogIndex } from '../../catalog/ids';
import type { Catalog } from '../../catalog/types';
import type { OrderRecord } from '../../commerce/records';
import type { CommerceContext } from '../../checkout/context';
import { type Expectation as CoreExpectation, expectations, lineStories, orderLocale, orderReaderEvents, orderReaderTotals } from '../../checkout/order-story';
import { orderUrl } from '../../checkout/urls';
import type { ToolEnv } from '../tools/types';
import { orderLineItem, wirePaymentTerm } from '../checkout/view';
import { offeredTerms } from '../../checkout/payment-terms';
import { CAPABILITY, COMMON_CAPABILITY } from '../version';
import type { Expectation, Order } from '../wire/order';

/** What rendering an order needs: the catalog (ids), the `ucp` block, and the secrets and base URL of its permalink. */
export type OrderRenderEnv = Pick<ToolEnv, 'ucp'> & Pick<CommerceContext, 'secrets' | 'baseUrl'> & { catalog: Catalog };

/** An expectation with its English description for agents. */
function expectationOf(e: CoreExpectation, order: OrderRecord): Expectation {
  const shipping = order.shipping;
  const how = shipping ? `${shipping.title} (${shipping.carrier}): ${shipping.description}` : '';
  const base = { id: e.id, line_items: e.line_items, destination: order.destination };
  if (e.kind === 'now') return { ...base, method_type: 'shipping', description: how, fulfillable_on: 'now' };
  if (e.kind === 'backorder') return { ...base, method_type: 'shipping', description: `On backorder, shipped when restocked${how ? ` — ${how}` : ''}` };
  return { ...base, method_type: 'digital', description: 'Nothing to ship: access details are sent by email.', fulfillable_on: 'now' };
}

/** Renders an order for `get_order` and for its webhooks. */
export async function renderOrder(order: OrderRecord, env: OrderRenderEnv): Promise<Order> {
  const index = catalogIndex(env.catalog);
  const gid = (variantId: number) => index.variantGid({ id: variantId });
  const adjustments = order.adjustments ?? [];
  const ucp = env.ucp([CAPABILITY.order, COMMON_CAPABILITY.paymentTerms]);
  // The payment terms extension, when negotiated: the term the order was placed on (its schedule sums to the total).
  const accepted = ucp.capabilities?.[COMMON_CAPABILITY.paymentTerms] ? offeredTerms({ order }, Date.parse(order.created_at))?.terms[0] : undefined;
  return {
    ucp,
    id: order.id,
    label: order.label,
    checkout_id: order.checkout_id,
    permalink_url: await orderUrl(env, order, orderLocale(order)),
    line_items: lineStories(order).map(({ line, quantity, state }) => ({ ...orderLineItem(line, gid), quantity, status: state })),
    fulfillment: { expectations: expectations(order).map((e) => expectationOf(e, order)), events: orderReaderEvents(order) },
    ...(adjustments.length ? { adjustments } : {}),
    currency: order.currency,
    totals: orderReaderTotals(order),
    ...(accepted ? { payment: { accepted_term: wirePaymentTerm(accepted) } } : {}),
  };
}
