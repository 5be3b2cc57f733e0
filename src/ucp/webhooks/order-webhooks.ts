/**
 * Order webhooks (UCP order capability "Events"; docs/agent-commerce.md "Order webhooks"): when the platform
 * that placed an order named a `webhook_url` in its profile (order capability `config`,
 * `order.json#/$defs/platform_schema`), every event of the order (created, shipped, delivered,
 * canceled, refunded) is POSTed to it with the full order, signed (signature.ts).
 *
 * Delivery is only ever from the outbox (kind `webhook`, src/outbox/deliver.ts): the change
 * queues the message (src/checkout/order-events.ts) in its own transaction and the sweep sends it, never the buyer's or the
 * merchant's request; a failed attempt is retried with exponential backoff until the platform
 * answers 2xx (at least once). `Webhook-Id` (a UUID fixed when queued) and `Webhook-Timestamp`
 * (when the event occurred) are the same on every retry, so the platform can drop duplicates;
 * the body is the order as it is when sent (UCP: the order entity is a current-state snapshot),
 * plus `event_id` (the fulfillment event or adjustment reported) and `created_time`. The URL
 * is reached under the SSRF rules of profile fetches (src/ucp/platform/safe-fetch.ts).
 */
import type { Catalog } from '../../catalog/types';
import type { WebhookPayload } from '../../checkout/order-events';
import type { UrlSecrets } from '../../checkout/secrets';
import type { Queryable } from '../../state/db';
import { loadOrder } from '../../state/orders';
import type { OutboxHandler } from '../../outbox/deliver';
import { requestSafely } from '../platform/safe-fetch';
import { renderOrder } from '../order/view';
import { CAPABILITY, UCP_VERSION, isUcpVersion, versionProfilePath } from '../version';
import type { SigningKey } from './keys';
import { signRequest } from './signature';

/** Deadline and largest answer read of one webhook attempt. */
export const WEBHOOK_LIMITS = { timeoutMs: 10_000, maxBytes: 65_536 } as const;

/** The version of orders placed before the store recorded the platform's version: the only one it spoke then. */
const VERSION_BEFORE_RECORDING = '2026-04-08' as const;

/** What sending webhooks needs. */
export interface WebhookDeps {
  db: Queryable;
  /** The catalog (ids of the order's items). */
  catalog: Catalog;
  secrets: UrlSecrets;
  /** Base URL of the store (its `/.well-known/ucp` is the `UCP-Agent` profile; order page links). */
  baseUrl: string;
  /** The signing key, or null when none is configured (messages then wait in the outbox). */
  signingKey: SigningKey | null;
  /** http and local webhook URLs (NETLIFY_DEV and tests only). */
  allowInsecure: boolean;
  /** Clock, epoch ms (the signature's `created`). */
  now: () => number;
}

/**
 * The outbox handler of `webhook` messages: renders the order, signs the request and POSTs it.
 * @throws when no key is configured, the order is gone, the URL is refused, or the platform does
 *         not answer 2xx (the message is retried)
 */
export function webhookHandler(deps: WebhookDeps): OutboxHandler {
  return async (message) => {
    const payload = message.payload as WebhookPayload;
    if (!deps.signingKey) throw new Error('UCP_SIGNING_KEY is not set: the webhook stays in the outbox');
    const order = await loadOrder(deps.db, payload.order_id);
    if (!order) throw new Error(`order ${payload.order_id} not found`);
    const version = isUcpVersion(payload.version) ? payload.version : VERSION_BEFORE_RECORDING;
    const env = {
      catalog: deps.catalog, secrets: deps.secrets, baseUrl: deps.baseUrl,
      ucp: () => ({ version, capabilities: { [CAPABILITY.order]: [{ version }] } }),
    };
    const body = JSON.stringify({ ...(await renderOrder(order, env)), event_id: payload.event_id, created_time: new Date(payload.timestamp * 1000).toISOString() });
    const headers = signRequest({
      method: 'POST', url: payload.url, body,
      headers: {
        'content-type': 'application/json',
        // The store's profile at the order's version: where that version's verifiers find the key.
        'ucp-agent': `profile="${deps.baseUrl}${version === UCP_VERSION ? '/.well-known/ucp' : versionProfilePath(version)}"`,
        'webhook-id': payload.webhook_id,
        'webhook-timestamp': String(payload.timestamp),
      },
    }, deps.signingKey, Math.floor(deps.now() / 1000));
    const res = await requestSafely(payload.url, { method: 'POST', headers, body }, { allowInsecure: deps.allowInsecure, ...WEBHOOK_LIMITS }, 'webhook');
    if (res.status < 200 || res.status > 299) throw new Error(`the platform answered HTTP ${res.status}`);
  };
}
