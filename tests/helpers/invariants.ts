/**
 * What must hold in the database after any run of the purchase path, once crashed completions
 * are recovered (docs/decisions.md "Never oversell, never charge twice"), checked in SQL.
 */
import { expect } from 'vitest';
import type pg from 'pg';

/** SQL list of the statuses of an order that was never paid; every other status is a paid order (src/commerce/fulfillment.ts PAID_STATUSES). */
const UNPAID = `('pending_payment', 'voided')`;

/** Counts of each kind of row, for the assertions of a test. */
export async function tally(pool: pg.Pool) {
  const { rows } = await pool.query(`SELECT
    (SELECT count(*) FROM charges)::int AS charges,
    (SELECT count(*) FROM orders WHERE status NOT IN ${UNPAID})::int AS paid_orders,
    (SELECT count(*) FROM orders WHERE status = 'voided')::int AS voided_orders,
    (SELECT count(*) FROM orders WHERE status = 'pending_payment')::int AS pending_orders,
    (SELECT count(*) FROM checkouts WHERE state = 'completing')::int AS completing,
    (SELECT count(*) FROM checkouts WHERE state = 'completed')::int AS completed`);
  return rows[0] as { charges: number; paid_orders: number; voided_orders: number; pending_orders: number; completing: number; completed: number };
}

/**
 * Asserts the purchase invariants: every charge belongs to a paid order and every paid order has
 * exactly one charge (an order placed on invoice has none until the merchant records the transfer); a completed checkout has its paid order and vice versa; stock sold equals
 * what live orders took (plus `presold` units by variant id); voided orders hold no stock; and,
 * unless `allowInFlight`, no completion is left half done.
 */
export async function expectConsistent(pool: pg.Pool, options: { presold?: Record<number, number>; allowInFlight?: boolean } = {}) {
  const q = async (sql: string) => (await pool.query(sql)).rows;
  expect(await q(`SELECT c.order_id FROM charges c JOIN orders o ON o.id = c.order_id WHERE o.status IN ${UNPAID}`), 'a charge without its paid order').toEqual([]);
  // An order placed on invoice (a business account's bank transfer within 30 days) is placed without a charge.
  expect(await q(`SELECT o.id FROM orders o LEFT JOIN charges c ON c.order_id = o.id WHERE o.status NOT IN ${UNPAID} AND c.order_id IS NULL AND NOT (o.data ? 'invoice_payment')`), 'a paid order without its charge').toEqual([]);
  expect(await q(`SELECT k.id FROM checkouts k LEFT JOIN orders o ON o.id = k.order_id WHERE k.state = 'completed' AND (o.status IS NULL OR o.status IN ${UNPAID})`), 'a completed checkout without its paid order').toEqual([]);
  expect(await q(`SELECT o.id FROM orders o JOIN checkouts k ON k.id = o.checkout_id WHERE o.status NOT IN ${UNPAID} AND k.order_id IS DISTINCT FROM o.id`), 'a paid order whose checkout is not completed with it').toEqual([]);
  expect(await q(`SELECT o.id FROM orders o JOIN stock_movements m ON m.order_id = o.id WHERE o.status = 'voided' AND m.released_at IS NULL`), 'a voided order still holding stock').toEqual([]);
  const levels = await q(`SELECT s.variant_id::int AS variant_id, s.sold, coalesce(sum(m.quantity) FILTER (WHERE m.released_at IS NULL), 0)::int AS taken
    FROM stock_levels s LEFT JOIN stock_movements m ON m.variant_id = s.variant_id AND m.counted_at = s.counted_at GROUP BY s.variant_id, s.counted_at, s.sold`);
  for (const level of levels) expect(level.sold, `units sold of variant ${level.variant_id}`).toBe(level.taken + (options.presold?.[level.variant_id] ?? 0));
  if (!options.allowInFlight) {
    expect(await q(`SELECT id FROM checkouts WHERE state = 'completing'`), 'a completion left half done').toEqual([]);
    expect(await q(`SELECT id FROM orders WHERE status = 'pending_payment'`), 'an order left pending').toEqual([]);
  }
}

/** Marks `units` of a tracked variant as sold by earlier orders (as if counted stock had gone down). */
export async function presell(pool: pg.Pool, variant: { id: number; inventory: { quantity: number; counted_at: string; policy: string } | null }, units: number) {
  const inventory = variant.inventory!;
  await pool.query(
    `INSERT INTO stock_levels (variant_id, counted_at, counted, policy, sold) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (variant_id, counted_at) DO UPDATE SET sold = EXCLUDED.sold`,
    [variant.id, inventory.counted_at, inventory.quantity, inventory.policy, units],
  );
}
