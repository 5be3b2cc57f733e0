/**
 * What an event of a paid order queues, in the transaction that records it: the buyer's e-mail
 * (src/mail/order-updates.ts), the merchant's for a new order, and, when the platform that
 * placed the order declared an order webhook, the webhook (rendered, signed and sent at the
 * platform's protocol version by the outbox's webhook handler). Nothing is sent here: the
 * outbox delivers after the commit, and retries.
 */
import { randomUUID } from 'node:crypto';
import { DEFAULT_LOCALE } from '../catalog/locales';
import type { OrderEventKind } from '../commerce/fulfillment';
import type { OrderRecord } from '../commerce/records';
import { queueNewOrder, queueOrderUpdate } from '../mail/order-updates';
import type { Queryable } from '../state/db';
import { enqueue } from '../state/outbox';

/** An event to announce: what happened, the id of its fulfillment event or adjustment, and when (ISO 8601). */
export interface AnnouncedEvent {
  kind: OrderEventKind;
  id: string;
  occurred_at: string;
}

/** The outbox payload of an order webhook (kind `webhook`). */
export interface WebhookPayload {
  order_id: string;
  url: string;
  /** Protocol version the platform negotiated when it placed the order (absent: the order predates the field). */
  version?: string;
  event: OrderEventKind;
  /** `events[].id` or `adjustments[].id` of the order. */
  event_id: string;
  /** `Webhook-Id`: fixed when queued, the same on every attempt. */
  webhook_id: string;
  /** `Webhook-Timestamp`: when the event occurred, seconds since the epoch. */
  timestamp: number;
}

/**
 * Queues the webhook of an order event when the order's platform has one (once per event: the
 * dedupe key names it).
 * @param now epoch ms
 * @returns the outbox message id, or null when the platform has no webhook or it was already queued
 */
export async function queueOrderWebhook(q: Queryable, order: Pick<OrderRecord, 'id' | 'webhook_url' | 'webhook_version'>, event: AnnouncedEvent, now: number): Promise<number | null> {
  if (!order.webhook_url) return null;
  const payload: WebhookPayload = {
    order_id: order.id, url: order.webhook_url, ...(order.webhook_version ? { version: order.webhook_version } : {}), event: event.kind, event_id: event.id,
    webhook_id: randomUUID(), timestamp: Math.floor(Date.parse(event.occurred_at) / 1000),
  };
  return enqueue(q, { kind: 'webhook', dedupeKey: `webhook:${order.id}:${event.id}`, payload }, now);
}

/**
 * Queues the messages of one order event.
 * @param now epoch ms
 */
export async function announceOrderEvent(tx: Queryable, order: OrderRecord, event: AnnouncedEvent, now: number): Promise<void> {
  if (event.kind === 'created') await queueNewOrder(tx, order, DEFAULT_LOCALE, now);
  else await queueOrderUpdate(tx, order, event.kind, event.id, now);
  await queueOrderWebhook(tx, order, event, now);
}
