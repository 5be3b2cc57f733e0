/**
 * What an event of a paid order queues, in the transaction that records it: the buyer's e-mail
 * (src/mail/order-updates.ts) and, when the platform that placed the order has an order
 * webhook, the signed webhook (src/ucp/webhooks/order-webhooks.ts). A new order also tells
 * the merchant; its buyer's confirmation is queued by the completion itself
 * (src/ucp/checkout/completion.ts). Nothing is sent here: the outbox delivers after the commit.
 */
import { DEFAULT_LOCALE } from '../../catalog/locales';
import type { OrderEventKind } from '../../commerce/fulfillment';
import type { Queryable } from '../../state/db';
import type { OrderRecord } from '../../state/orders';
import { queueNewOrder, queueOrderUpdate } from '../../mail/order-updates';
import { queueOrderWebhook } from '../webhooks/order-webhooks';

/**
 * Queues the messages of one order event.
 * @param event what happened, the id of its fulfillment event or adjustment, and when (ISO 8601)
 * @param now epoch ms
 */
export async function announceOrderEvent(tx: Queryable, order: OrderRecord, event: { kind: OrderEventKind; id: string; occurred_at: string }, now: number): Promise<void> {
  if (event.kind === 'created') await queueNewOrder(tx, order, DEFAULT_LOCALE, now);
  else await queueOrderUpdate(tx, order, event.kind, event.id, now);
  await queueOrderWebhook(tx, order, event, now);
}
