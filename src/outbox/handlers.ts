/**
 * The outbox handler of each message kind, wired to what it needs. The function (through the
 * UCP service) and the scheduled sweep build their handlers here, so a message is delivered
 * the same way whoever picks it up.
 */
import type { Store } from '../catalog/schema';
import type { Locale } from '../catalog/locales';
import type { Db } from '../state/db';
import type { OrderRecord } from '../state/orders';
import { mailHandler } from '../mail/messages';
import type { Mailer } from '../mail/transport';
import type { OutboxHandlers } from './deliver';

/** What the handlers need: the database, the store, the mailer, the URL base and the service's keys and URLs. */
export interface OutboxDeps {
  db: Db;
  store: Store;
  mailer: Mailer;
  baseUrl: string;
  sealKey: () => Promise<Buffer>;
  orderUrl: (order: OrderRecord, locale: Locale) => Promise<string>;
}

/** The handlers of every kind the store queues. */
export function outboxHandlers(deps: OutboxDeps): OutboxHandlers {
  return { mail: mailHandler(deps) };
}
