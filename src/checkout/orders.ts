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
import { type CommerceContext, type Owner, ownedBy } from './context';

export type PaidOrder = OrderRecord & { status: PaidOrderStatus };

/**
 * Whether `owner` may read `order`: its own (src/commerce/owner.ts `ownedBy`), or, for a platform
 * linked to an account, any order of that account wherever it was placed (UCP identity linking:
 * `dev.ucp.shopping.order:read`, which the UCP adapter checks the token carries), as the
 * account page lists them (the account's verified e-mail, src/checkout/account-orders.ts).
 */
function readableBy(owner: Owner, order: OrderRecord): boolean {
  if (ownedBy(owner, order)) return true;
  const email = order.buyer.email?.trim().toLowerCase();
  return !!owner.account && !!email && email === owner.account.email.toLowerCase();
}

/**
 * A paid order, recovering a crashed payment first.
 * @param owner only an order this owner may read (`readableBy`); undefined for any owner (the buyer's page, which holds the URL's secret)
 * @returns the order, or null when unknown, never paid, or another owner's
 */
export async function getOrder(ctx: Pick<CommerceContext, 'db' | 'now'>, owner: Owner | undefined, id: string): Promise<PaidOrder | null> {
  let order = await loadOrder(ctx.db, id);
  if (order?.status === 'pending_payment') {
    await loadCheckoutRecovered(ctx, order.checkout_id);
    order = await loadOrder(ctx.db, id);
  }
  if (!order || !isPaid(order.status) || (owner && !readableBy(owner, order))) return null;
  return order as PaidOrder;
}
