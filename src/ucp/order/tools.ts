/**
 * `get_order` (UCP 2026-04-08 order capability; docs/ucp.md §3): the order created by
 * complete_checkout. An unknown id, an order that was never paid (voided, or still being
 * completed) and an order of another platform all read as `not_found` (an error_response,
 * docs/ucp.md §7), so an id reveals nothing to anyone but the platform that placed it.
 */
import { loadCheckoutRecovered } from '../checkout/completion';
import { notFound } from '../messages';
import { OPERATION, defineTool } from '../tools/types';
import { CAPABILITY } from '../version';
import type { ErrorResponse } from '../wire/common';
import { Order } from '../wire/order';
import { isPaid, loadOrder } from '../../state/orders';
import { renderOrder } from './view';

export const getOrderTool = defineTool<undefined>({
  name: 'get_order',
  title: 'Get an order',
  description: 'Read an order by id (order.id of a completed checkout): line items with quantities (fulfilled = shipped) and status, totals, delivery expectations, fulfillment events (processing, shipped with carrier and tracking, delivered) and adjustments (cancellation, refund).',
  capability: CAPABILITY.order,
  output: Order,
  ...OPERATION.get,
  async run({ id }, env): Promise<Order | ErrorResponse> {
    let order = await loadOrder(env.db, id);
    if (order?.status === 'pending_payment') {
      // A completion that crashed: recovering its checkout finishes or voids the order.
      await loadCheckoutRecovered(env, order.checkout_id);
      order = await loadOrder(env.db, id);
    }
    if (!order || !isPaid(order.status) || order.platform !== env.platform) {
      return notFound(env.version, `No order has the id "${id}" (orders are visible to the platform that placed them).`);
    }
    return renderOrder(order, env);
  },
});
