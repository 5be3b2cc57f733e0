/**
 * Uses of discount offers as the database keeps them (tables `discount_counts` and
 * `discount_uses`, migration 20261209090000_discount_uses). A use is taken by the transaction
 * that claims a checkout for its order (src/checkout/complete.ts) and given back when that
 * payment is undone or the order canceled (src/checkout/completion.ts, src/merchant). The cap is
 * enforced by the row lock of an upsert, never by a count read before: racing completions of the
 * last uses take exactly what is left.
 */
import type { DiscountUsage } from '../commerce/discounts';
import { at, type Queryable } from './db';

/** The largest `cap` a counter holds: an offer without a usage limit. */
const NO_CAP = 2_147_483_647;

/** What a completion takes of an offer. */
export interface DiscountUse {
  /** The offer's handle (content/discounts/{handle}.yaml). */
  offer: string;
  /** One use per buyer (`once_per_buyer`). */
  once: boolean;
  /** Total uses allowed (`usage_limit`), or null. */
  limit: number | null;
}

/** The key of a buyer for one-use offers: the e-mail, trimmed and in lower case. */
export function buyerKey(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * How often `offers` were used, in all and by `buyer`, in one statement.
 * @param offers handles (only these are read)
 * @param buyer `buyerKey` of the checkout's e-mail, or null before one is known
 * @throws StateError when the database fails
 */
export async function discountUsage(q: Queryable, offers: readonly string[], buyer: string | null): Promise<DiscountUsage> {
  const { rows } = await q.query<{ offer: string; used: number; mine: boolean }>(
    `SELECT c.offer, c.used, EXISTS (SELECT 1 FROM discount_uses u WHERE u.offer = c.offer AND u.buyer = $2 AND u.once) AS mine
       FROM discount_counts c WHERE c.offer = ANY($1::text[])`,
    [offers, buyer ?? ''],
  );
  return { totalUsed: new Map(rows.map((r) => [r.offer, r.used])), usedByBuyer: new Set(rows.filter((r) => r.mine).map((r) => r.offer)) };
}

/**
 * Takes one use of each offer for `orderId`, in one statement, inside the completion's
 * transaction: each counter is raised only while below its cap, and a one-use offer is refused
 * to a buyer who has a use of it already.
 * @returns the offers that could not be taken (empty: all taken). When not empty the caller rolls
 *          back to a savepoint taken before: the uses that were taken are undone with it.
 * @throws StateError when the database fails
 */
export async function takeDiscountUses(q: Queryable, orderId: string, buyer: string, uses: readonly DiscountUse[], now: number): Promise<string[]> {
  if (!uses.length) return [];
  const { rows: [row] } = await q.query<{ counted: string[] | null; used: string[] | null }>(
    `WITH wanted AS (SELECT * FROM unnest($2::text[], $3::boolean[], $4::integer[]) AS w (offer, once, cap)),
     counted AS (
       INSERT INTO discount_counts (offer, used, cap) SELECT offer, 1, cap FROM wanted
       ON CONFLICT (offer) DO UPDATE SET used = discount_counts.used + 1, cap = EXCLUDED.cap
       WHERE discount_counts.used < EXCLUDED.cap
       RETURNING offer),
     used AS (
       INSERT INTO discount_uses (offer, order_id, buyer, once, used_at) SELECT offer, $1, $5, once, $6 FROM wanted
       ON CONFLICT DO NOTHING
       RETURNING offer)
     SELECT (SELECT array_agg(offer) FROM counted) AS counted, (SELECT array_agg(offer) FROM used) AS used`,
    [orderId, uses.map((u) => u.offer), uses.map((u) => u.once), uses.map((u) => u.limit ?? NO_CAP), buyer, at(now)],
  );
  const counted = new Set(row?.counted ?? []);
  const used = new Set(row?.used ?? []);
  return uses.filter((u) => !counted.has(u.offer) || !used.has(u.offer)).map((u) => u.offer);
}

/** Gives back the uses of an order whose payment was undone or that was canceled. @throws StateError when the database fails */
export async function releaseDiscountUses(q: Queryable, orderId: string): Promise<void> {
  await q.query(
    `WITH gone AS (DELETE FROM discount_uses WHERE order_id = $1 RETURNING offer)
     UPDATE discount_counts c SET used = c.used - 1 FROM gone WHERE c.offer = gone.offer`,
    [orderId],
  );
}
