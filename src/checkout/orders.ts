/**
 * Reading a placed order. An unknown id, an order that was never paid (voided, or still being
 * paid) and an order of another owner all read as absent, so an id reveals nothing to anyone
 * but its owner. An order still `pending_payment` is first recovered through its checkout (a
 * payment that crashed is finished or undone: completion.ts).
 */
import type { OrderRecord } from '../commerce/records';
import type { PaidOrderStatus } from '../commerce/fulfillment';
import { isPaid, loadOrder } from '../state/orders';
import { loadCheckoutRecovered } from './completion';
import type { CommerceContext, Owner } from './context';

export type PaidOrder = OrderRecord & { status: PaidOrderStatus };

/**
 * A paid order, recovering a crashed payment first.
 * @param owner only an order of this owner; undefined for any owner (the buyer's page, which holds the URL's secret)
 * @returns the order, or null when unknown, never paid, or another owner's
 */
export async function getOrder(ctx: Pick<CommerceContext, 'db' | 'now'>, owner: Owner | undefined, id: string): Promise<PaidOrder | null> {
  let order = await loadOrder(ctx.db, id);
  if (order?.status === 'pending_payment') {
    await loadCheckoutRecovered(ctx, order.checkout_id);
    order = await loadOrder(ctx.db, id);
  }
  if (!order || !isPaid(order.status) || (owner && order.platform !== owner.platform)) return null;
  return order as PaidOrder;
}
