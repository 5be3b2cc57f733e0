/**
 * Stock sold, in the database (tables `stock_levels`, `stock_movements`; docs/decisions.md
 * "Availability is per country and live"). Available stock = the quantity counted in content on
 * `counted_at` minus the units sold since then, so each tracked variant has one row per count
 * date; a new count in content starts a new row at 0.
 *
 * Taking stock is one conditional `UPDATE ... WHERE sold + n <= counted` per line inside the
 * transaction that writes the order (src/checkout/complete.ts), so two buyers can never
 * both take the last unit; the table's CHECK says the same. What an order took is recorded in
 * `stock_movements` and given back, once, when the order is voided.
 */
import type { Inventory } from '../catalog/schema';
import type { Catalog } from '../catalog/types';
import { StockLedger, type StockLedgerOptions, type StockTake } from '../commerce/inventory';
import { at, type Db, isStateError, type Queryable } from './db';

export type TakeResult =
  | { ok: true; /** Units sold beyond the counted stock (policy `continue`), by variant id. */ backordered: Map<number, number> }
  | { ok: false; variantId: number; /** Units that were left. */ left: number };

/**
 * Takes stock for the lines of an order, in the caller's transaction. On `ok: false` some lines
 * may already be taken: the caller must roll back (to a savepoint taken before the call).
 * @param orderId the order the units go to (its row must exist: movements reference it)
 * @returns ok with the backordered units, or the first `deny` variant with fewer units left than asked
 * @throws StateError when the database fails
 */
export async function takeStock(tx: Queryable, orderId: string, lines: readonly StockTake[]): Promise<TakeResult> {
  const backordered = new Map<number, number>();
  for (const { variantId, inventory, quantity } of lines) {
    await tx.query(
      'INSERT INTO stock_levels (variant_id, counted_at, counted, policy) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
      [variantId, inventory.counted_at, inventory.quantity, inventory.policy],
    );
    const { rows } = await tx.query<{ sold: number }>(
      `UPDATE stock_levels SET sold = sold + $3, counted = $4, policy = $5
       WHERE variant_id = $1 AND counted_at = $2 AND ($5 = 'continue' OR sold + $3 <= $4) RETURNING sold`,
      [variantId, inventory.counted_at, quantity, inventory.quantity, inventory.policy],
    );
    if (!rows[0]) {
      const sold = await soldUnits(tx, [{ variantId, inventory }]);
      return { ok: false, variantId, left: Math.max(0, inventory.quantity - (sold.get(variantId) ?? 0)) };
    }
    const leftBefore = inventory.quantity - (rows[0].sold - quantity);
    const over = quantity - Math.max(0, Math.min(leftBefore, quantity));
    if (over > 0) backordered.set(variantId, over);
    await tx.query(
      `INSERT INTO stock_movements (order_id, variant_id, counted_at, quantity) VALUES ($1, $2, $3, $4)
       ON CONFLICT (order_id, variant_id, counted_at) DO UPDATE SET quantity = stock_movements.quantity + EXCLUDED.quantity`,
      [orderId, variantId, inventory.counted_at, quantity],
    );
  }
  return { ok: true, backordered };
}

/**
 * Gives back what an order took, once (a second call finds nothing left to release).
 * @param now epoch ms, stamped on the movements
 * @returns the units given back
 */
export async function releaseStock(tx: Queryable, orderId: string, now: number): Promise<number> {
  const { rows } = await tx.query<{ released: string | null }>(
    `WITH released AS (
       UPDATE stock_movements SET released_at = $2 WHERE order_id = $1 AND released_at IS NULL RETURNING variant_id, counted_at, quantity
     ), levels AS (
       UPDATE stock_levels s SET sold = s.sold - r.quantity FROM released r WHERE s.variant_id = r.variant_id AND s.counted_at = r.counted_at
     )
     SELECT sum(quantity) AS released FROM released`,
    [orderId, at(now)],
  );
  return Number(rows[0]?.released ?? 0);
}

/**
 * Units sold since each variant's current count.
 * @param variants tracked variants with their inventory from content
 * @returns sold units by variant id (0 for a count nothing was sold of yet)
 */
export async function soldUnits(q: Queryable, variants: ReadonlyArray<{ variantId: number; inventory: Pick<Inventory, 'counted_at'> }>): Promise<Map<number, number>> {
  const out = new Map<number, number>(variants.map((v) => [v.variantId, 0]));
  if (!variants.length) return out;
  const { rows } = await q.query<{ variant_id: string; sold: number }>(
    `SELECT s.variant_id, s.sold FROM stock_levels s JOIN unnest($1::bigint[], $2::text[]) AS k(variant_id, counted_at)
     ON s.variant_id = k.variant_id AND s.counted_at = k.counted_at`,
    [variants.map((v) => v.variantId), variants.map((v) => v.inventory.counted_at)],
  );
  for (const row of rows) out.set(Number(row.variant_id), row.sold);
  return out;
}

/**
 * The live stock of a catalog over this database (src/commerce/inventory.ts): units sold read with
 * `soldUnits`; a StateError counts as an outage, during which display reads show the last values.
 */
export function stockLedger(db: Db, catalog: Catalog, options: Omit<StockLedgerOptions, 'isOutage'> = {}): StockLedger {
  return new StockLedger((variants) => soldUnits(db, variants), catalog, { ...options, isOutage: isStateError });
}
