/**
 * The outbox handler of each message kind, wired to what it needs. The function (through the
 * UCP service) and the scheduled sweep build their handlers here, so a message is delivered
 * the same way whoever picks it up.
 */
import { type MailDeps, mailHandler } from '../mail/messages';
import type { OutboxHandlers } from './deliver';

/** The handlers of every kind the store queues. */
export function outboxHandlers(deps: MailDeps): OutboxHandlers {
  return { mail: mailHandler(deps) };
}
