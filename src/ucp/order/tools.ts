/**
 * `get_order` (UCP order capability): the order a completed checkout placed, read through the
 * store's rule (src/checkout/orders.ts): an unknown id, an order never paid and an order of
 * another platform all read as `not_found`, so an id reveals nothing to anyone but the platform
 * that placed it.
 */
import { getOrder } from '../../checkout/orders';
import { notFound } from '../messages';
import { OPERATION, defineTool } from '../tools/types';
import { CAPABILITY } from '../version';
import type { ErrorResponse } from '../wire/common';
import { Order } from '../wire/order';
import { renderOrder } from './view';

export const getOrderTool = defineTool<undefined>({
  name: 'get_order',
  title: 'Get an order',
  description: 'Read an order by id (order.id of a completed checkout): line items with quantities (fulfilled = shipped) and status, totals, delivery expectations, fulfillment events (processing, shipped with carrier and tracking, delivered) and adjustments (cancellation, refund).',
  capability: CAPABILITY.order,
  output: Order,
  ...OPERATION.get,
  async run({ id }, env): Promise<Order | ErrorResponse> {
    const order = await getOrder(env, env.owner, id);
    return order ? renderOrder(order, env) : notFound(env.version, `No order has the id "${id}" (orders are visible to the platform that placed them).`);
  },
});
