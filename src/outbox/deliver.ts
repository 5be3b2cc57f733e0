/**
 * Delivering the outbox (src/state/outbox.ts): each due message is leased (a request's own
 * messages come leased to it), handed to the handler of its kind (SMTP for `mail`, an HTTP POST
 * for `webhook`), then marked delivered (all of a run in one statement), or
 * failed with a retry time that doubles with every attempt (30 s, 1 min, 2 min … capped at 1 h).
 * Nothing is ever dropped: a message is retried until its handler succeeds, so a mail server
 * that is down delays messages and loses none. Delivery never runs inside the database
 * transaction that queued the message, nor before the response of the request that queued it:
 * the request hands what it queued to the platform's `waitUntil` (src/http/router.ts), and the
 * scheduled sweep (netlify/functions/sweep.ts) sends whatever is still due.
 */
import { type Db, isStateError } from '../state/db';
import { DELIVERY_LEASE_SECONDS, leaseDue, leasedQueued, markDelivered, markFailed, type OutboxMessage } from '../state/outbox';

/**
 * Sends one message.
 * @returns optionally the payload to keep once delivered (e.g. without a sealed secret)
 * @throws anything when the message was not delivered (it is retried later)
 */
export type OutboxHandler = (message: OutboxMessage) => Promise<{ keepPayload?: unknown } | void>;

export type OutboxHandlers = Readonly<Record<string, OutboxHandler>>;

/** First retry delay and the cap of the exponential backoff, in seconds. */
export const RETRY = { firstSeconds: 30, maxSeconds: 3600 } as const;

/** How long a leased message is left to its sender before another may take it, in seconds. */
export const LEASE_SECONDS = DELIVERY_LEASE_SECONDS;

/**
 * Delay before the next attempt after `attempts` failed ones: 30 s × 2^(attempts−1), at most 1 h.
 * @param attempts attempts made so far (≥ 1)
 * @returns seconds
 */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(RETRY.maxSeconds, RETRY.firstSeconds * 2 ** Math.max(0, Math.min(attempts - 1, 20)));
}

export interface DeliveryReport {
  delivered: number;
  failed: number;
}

/**
 * Sends the due messages (or only `options.ids`), one at a time, then records the deliveries in
 * one statement (also when a database failure stops the run).
 * @param now clock, epoch ms
 * @param options.limit most messages leased in this run (default 25)
 * @returns how many were delivered and how many failed (and will be retried)
 * @throws StateError when the database fails (messages sent but not recorded stay leased and are
 *         sent again after the lease: at least once)
 */
export async function deliverDue(db: Db, handlers: OutboxHandlers, now: () => number, options: { ids?: number[]; limit?: number } = {}): Promise<DeliveryReport> {
  // What the request queued comes leased to it already; only the others are leased (and read) here.
  const own = options.ids ? leasedQueued(options.ids) : [];
  const others = options.ids?.filter((id) => !own.some((m) => m.id === id));
  const leased = others?.length === 0 ? own : [...own, ...await leaseDue(db, now(), { limit: options.limit ?? 25, leaseSeconds: LEASE_SECONDS, ids: others })].sort((a, b) => a.id - b.id);
  const report: DeliveryReport = { delivered: 0, failed: 0 };
  const delivered: Array<{ id: number; payload?: unknown }> = [];
  try {
    for (const message of leased) {
      const handler = handlers[message.kind];
      try {
        if (!handler) throw new Error(`no handler for outbox messages of kind "${message.kind}"`);
        const outcome = await handler(message);
        delivered.push({ id: message.id, payload: outcome?.keepPayload });
      } catch (error) {
        if (isStateError(error)) throw error;
        const reason = (error as Error)?.message ?? String(error);
        console.warn(`outbox: ${message.kind} #${message.id} attempt ${message.attempts} failed: ${reason}`);
        await markFailed(db, message.id, now() + retryDelaySeconds(message.attempts) * 1000, reason);
        report.failed += 1;
      }
    }
  } finally {
    await markDelivered(db, delivered, now());
  }
  report.delivered = delivered.length;
  return report;
}
