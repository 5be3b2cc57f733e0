/**
 * The outbox handler of each message kind, wired to what it needs. The function (through the
 * UCP service) and the scheduled sweep build their handlers here, so a message is delivered
 * the same way whoever picks it up.
 */
import { type MailDeps, mailHandler } from '../mail/messages';
import { type WebhookDeps, webhookHandler } from '../ucp/webhooks/order-webhooks';
import type { OutboxHandlers } from './deliver';

/** What every handler needs: the mail transport, and the signing key and URL rules of webhooks. */
export type OutboxDeps = MailDeps & Pick<WebhookDeps, 'signingKey' | 'allowInsecure' | 'now'>;

/** The handlers of every kind the store queues: `mail` (SMTP) and `webhook` (signed POST). */
export function outboxHandlers(deps: OutboxDeps): OutboxHandlers {
  return { mail: mailHandler(deps), webhook: webhookHandler(deps) };
}
