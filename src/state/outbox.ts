/**
 * The outbox (table `outbox`): messages the store must send (e-mails, webhooks) are written in
 * the same transaction as the change they report, then delivered by src/outbox/deliver.ts. A
 * message is leased while it is being sent, so two instances never send it at once, and a
 * sender that dies mid-send leaves it to be sent again when the lease runs out (at least once).
 * What a request queues is stored leased to that request already (`collectQueued`), which sends
 * it after its response without reading it back; the sweep takes it once the lease runs out.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { afterCommit, at, iso, type Queryable } from './db';

export interface OutboxMessage<P = unknown> {
  id: number;
  /** What delivers it: `mail`, `webhook`, … (src/outbox/deliver.ts handlers). */
  kind: string;
  /** Unique per event: queueing the same event twice keeps the first. */
  dedupe_key: string;
  payload: P;
  /** Delivery attempts started so far, this one included once leased. */
  attempts: number;
  /** ISO 8601. */
  created_at: string;
  /** ISO 8601, while undelivered: when the next attempt is due (or the running attempt's lease ends). */
  next_attempt_at?: string;
  delivered_at?: string;
  last_error?: string;
}

interface Row {
  id: string;
  kind: string;
  dedupe_key: string;
  payload: unknown;
  attempts: number;
  created_at: Date;
  next_attempt_at: Date;
  delivered_at: Date | null;
  last_error: string | null;
}

const COLUMNS = 'id, kind, dedupe_key, payload, attempts, created_at, next_attempt_at, delivered_at, last_error';

function fromRow(row: Row): OutboxMessage {
  return {
    id: Number(row.id), kind: row.kind, dedupe_key: row.dedupe_key, payload: row.payload, attempts: row.attempts, created_at: iso(row.created_at),
    ...(row.delivered_at ? { delivered_at: iso(row.delivered_at) } : { next_attempt_at: iso(row.next_attempt_at) }),
    ...(row.last_error ? { last_error: row.last_error } : {}),
  };
}

/**
 * The ids queued by the request running in the current async context (see `collectQueued`).
 * Request-scoped, never shared between requests, and it guards nothing: a request that loses
 * it only leaves its messages to the scheduled sweep.
 */
const queuedByRequest = new AsyncLocalStorage<number[]>();

/**
 * The messages a request queued already leased to itself (`leasedQueued`), by the request's list
 * of ids: request-scoped like it, and a saving only (without it, `leaseDue` reads them).
 */
const leasedByRequest = new WeakMap<number[], OutboxMessage[]>();

/** How long a message is leased to its sender before another may take it, in seconds. */
export const DELIVERY_LEASE_SECONDS = 120;

/**
 * Runs `work` and lists in `into` the id of every message it queues (`enqueue`) and commits, so
 * that the request can deliver them once it has answered (src/http/router.ts). Those messages
 * are stored already leased to the request (one attempt, not due before the lease ends), so
 * that it sends them without reading them back (`leasedQueued`); if it never does, the sweep
 * sends them once the lease ends.
 * @returns what `work` returns
 */
export function collectQueued<T>(into: number[], work: () => Promise<T>): Promise<T> {
  return queuedByRequest.run(into, work);
}

/**
 * The messages the request whose list of ids is `ids` (`collectQueued`) queued and committed,
 * leased to it; each is handed out once.
 */
export function leasedQueued(ids: number[]): OutboxMessage[] {
  const messages = leasedByRequest.get(ids) ?? [];
  leasedByRequest.delete(ids);
  return messages;
}

/** A message to queue: what delivers it, its dedupe key, its payload. */
export interface NewMessage {
  kind: string;
  dedupeKey: string;
  payload: unknown;
}

/**
 * A stand-in for the database that records the messages `enqueue` is asked to queue instead of
 * queuing them (see `plannedMessages`); any other statement sent to it throws.
 */
class MessagePlan implements Queryable {
  readonly messages: NewMessage[] = [];
  async query(): Promise<never> {
    throw new Error('a message plan takes messages only');
  }
}

/**
 * The messages `queue` would queue (through `enqueue`), recorded instead of stored, so that the
 * statement that records an event can queue them too (one statement for both).
 * @param queue queues messages on the Queryable it is given, and sends nothing else through it
 * @returns the messages, in the order they were asked for
 */
export async function plannedMessages(queue: (q: Queryable) => Promise<unknown>): Promise<NewMessage[]> {
  const plan = new MessagePlan();
  await queue(plan);
  return plan.messages;
}

/** Attempts and due time of a message queued at `now` (epoch ms): leased to the current request, if any, else due at once. */
function firstLease(now: number): { attempts: number; due: Date } {
  return queuedByRequest.getStore() ? { attempts: 1, due: at(now + DELIVERY_LEASE_SECONDS * 1000) } : { attempts: 0, due: at(now) };
}

/**
 * The SQL of a data-modifying CTE that queues `messages` (skipping dedupe keys already queued)
 * when the CTE named `gate` returned a row; it returns the `id` and `dedupe_key` of each queued.
 * @param first the number of the first of its six parameters
 * @param now epoch ms
 * @returns the CTE's body and its parameters; hand what it returns to `noteQueued`
 */
export function enqueueWhen(gate: string, messages: readonly NewMessage[], first: number, now: number): { sql: string; values: unknown[] } {
  const lease = firstLease(now);
  const p = (i: number) => `$${first + i}`;
  return {
    sql: `INSERT INTO outbox (kind, dedupe_key, payload, created_at, next_attempt_at, attempts)
      SELECT m.kind, m.dedupe_key, m.payload, ${p(3)}::timestamptz, ${p(4)}::timestamptz, ${p(5)}::int
      FROM unnest(${p(0)}::text[], ${p(1)}::text[], ${p(2)}::jsonb[]) AS m(kind, dedupe_key, payload)
      WHERE EXISTS (SELECT 1 FROM ${gate})
      ON CONFLICT (dedupe_key) DO NOTHING RETURNING id, dedupe_key`,
    values: [messages.map((m) => m.kind), messages.map((m) => m.dedupeKey), messages.map((m) => JSON.stringify(m.payload)), at(now), lease.due, lease.attempts],
  };
}

/**
 * Lists the messages a statement of the current request queued (`enqueueWhen`'s rows) for
 * delivery after its response, once committed (`afterCommit`).
 * @param now epoch ms, when they were queued
 * @returns their ids
 */
export function noteQueued(rows: ReadonlyArray<{ id: number | string; dedupe_key: string }>, messages: readonly NewMessage[], now: number): number[] {
  const ids = rows.map((r) => Number(r.id));
  const into = queuedByRequest.getStore();
  if (!into || !rows.length) return ids;
  const lease = firstLease(now);
  const leased = rows.flatMap((row): OutboxMessage[] => {
    const message = messages.find((m) => m.dedupeKey === row.dedupe_key);
    return message ? [{
      id: Number(row.id), kind: message.kind, dedupe_key: message.dedupeKey, payload: JSON.parse(JSON.stringify(message.payload)),
      attempts: lease.attempts, created_at: iso(at(now)), next_attempt_at: iso(lease.due),
    }] : [];
  });
  afterCommit(() => {
    into.push(...ids);
    leasedByRequest.set(into, [...(leasedByRequest.get(into) ?? []), ...leased]);
  });
  return ids;
}

/**
 * Queues a message: due at once, or leased to the request running (`collectQueued`).
 * @param now epoch ms
 * @returns the message id, or null when a message with this `dedupeKey` was already queued
 *          (always null for a message plan: see `plannedMessages`)
 */
export async function enqueue(q: Queryable, message: NewMessage, now: number): Promise<number | null> {
  if (q instanceof MessagePlan) {
    q.messages.push(message);
    return null;
  }
  const lease = firstLease(now);
  const { rows } = await q.query<{ id: string; dedupe_key: string }>(
    `INSERT INTO outbox (kind, dedupe_key, payload, created_at, next_attempt_at, attempts) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (dedupe_key) DO NOTHING RETURNING id, dedupe_key`,
    [message.kind, message.dedupeKey, JSON.stringify(message.payload), at(now), lease.due, lease.attempts],
  );
  return noteQueued(rows, [message], now)[0] ?? null;
}

/**
 * Leases due, undelivered messages: each one's attempt count goes up and it is not due again
 * before `now + leaseSeconds`, so no other sender takes it meanwhile.
 * @param now epoch ms
 * @param options.ids only these messages (a request delivering what it just queued)
 * @returns the leased messages in queue order (by id), at most `limit`
 */
export async function leaseDue(q: Queryable, now: number, options: { limit: number; leaseSeconds: number; ids?: number[] }): Promise<OutboxMessage[]> {
  const { rows } = await q.query<Row>(
    `UPDATE outbox SET attempts = attempts + 1, next_attempt_at = $2
     WHERE id IN (SELECT id FROM outbox WHERE delivered_at IS NULL AND next_attempt_at <= $1 ${options.ids ? 'AND id = ANY($4::bigint[])' : ''}
                  ORDER BY next_attempt_at LIMIT $3 FOR UPDATE SKIP LOCKED)
     RETURNING ${COLUMNS}`,
    [at(now), at(now + options.leaseSeconds * 1000), options.limit, ...(options.ids ? [options.ids] : [])],
  );
  return rows.map(fromRow).sort((a, b) => a.id - b.id);
}

/**
 * Records deliveries, in one statement; a `payload` replaces the stored one when given (to drop
 * what must not be kept once sent, such as a sealed one-time code).
 * @param now epoch ms
 */
export async function markDelivered(q: Queryable, delivered: ReadonlyArray<{ id: number; payload?: unknown }>, now: number): Promise<void> {
  if (!delivered.length) return;
  await q.query(
    `UPDATE outbox o SET delivered_at = $2, last_error = NULL, payload = coalesce(d.payload, o.payload)
     FROM unnest($1::bigint[], $3::jsonb[]) AS d(id, payload) WHERE o.id = d.id`,
    [delivered.map((d) => d.id), at(now), delivered.map((d) => (d.payload === undefined ? null : JSON.stringify(d.payload)))],
  );
}

/**
 * Records a failed attempt and when to try again.
 * @param retryAt epoch ms
 * @param error what went wrong (kept for the merchant; truncated to 500 characters)
 */
export async function markFailed(q: Queryable, id: number, retryAt: number, error: string): Promise<void> {
  await q.query('UPDATE outbox SET next_attempt_at = $2, last_error = $3 WHERE id = $1', [id, at(retryAt), error.slice(0, 500)]);
}

/**
 * Messages of one kind, newest first (for the merchant's tools and tests).
 * @param options.dedupePrefix only those whose dedupe key starts with this
 */
export async function listMessages(q: Queryable, kind: string, options: { dedupePrefix?: string; limit?: number } = {}): Promise<OutboxMessage[]> {
  const { rows } = await q.query<Row>(
    `SELECT ${COLUMNS} FROM outbox
     WHERE kind = $1 AND dedupe_key LIKE $2 ORDER BY id DESC LIMIT $3`,
    [kind, `${(options.dedupePrefix ?? '').replace(/[\\%_]/g, '\\$&')}%`, options.limit ?? 100],
  );
  return rows.map(fromRow);
}

/** Messages about one order (those whose payload names it in `order_id`), oldest first, for the merchant. */
export async function messagesOfOrder(q: Queryable, orderId: string): Promise<OutboxMessage[]> {
  const { rows } = await q.query<Row>(
    `SELECT ${COLUMNS} FROM outbox
     WHERE payload ->> 'order_id' = $1 ORDER BY id`,
    [orderId],
  );
  return rows.map(fromRow);
}

/**
 * Messages not delivered yet, oldest first (the merchant's `npm run orders -- outbox`): what is
 * late, how often it was tried, the last error and when it is tried again. The outbox never
 * gives up on a message, so this is where one stuck for good shows.
 * @param limit at most this many (default 100)
 */
export async function undeliveredMessages(q: Queryable, limit = 100): Promise<OutboxMessage[]> {
  const { rows } = await q.query<Row>(`SELECT ${COLUMNS} FROM outbox WHERE delivered_at IS NULL ORDER BY id LIMIT $1`, [limit]);
  return rows.map(fromRow);
}
