/**
 * Live stock of the catalog's tracked variants: the units sold since each variant's count, read
 * from the database (src/state/stock.ts), and the lines of an order as stock takes. Taking stock
 * itself happens in the transaction of complete_checkout; this class only reads, with a short
 * per-process cache for the storefront (a cache, never a guard: correctness is in the database).
 */
import type { Catalog } from '../../catalog/types';
import type { Variant } from '../../catalog/schema';
import type { Db } from '../../state/db';
import { isStateError } from '../../state/db';
import { type StockTake, soldUnits } from '../../state/stock';

export interface StockLedgerOptions {
  /** How long `soldCached` may serve a read, in milliseconds (default 2000). */
  cacheMs?: number;
  /** Clock, epoch milliseconds. */
  now?: () => number;
}

/** Live stock over a database and a catalog snapshot. */
export class StockLedger {
  private readonly variants = new Map<number, Variant>();
  private readonly cache = new Map<number, { sold: number; at: number }>();
  private readonly cacheMs: number;
  private readonly now: () => number;
  private lastOutageLog = -Infinity;

  constructor(private readonly db: Db, catalog: Catalog, options: StockLedgerOptions = {}) {
    for (const product of catalog.products) for (const variant of product.variants) this.variants.set(variant.id, variant);
    this.cacheMs = options.cacheMs ?? 2000;
    this.now = options.now ?? Date.now;
  }

  private tracked(variantIds: readonly number[]) {
    return [...new Set(variantIds)].flatMap((variantId) => {
      const inventory = this.variants.get(variantId)?.inventory;
      return inventory ? [{ variantId, inventory }] : [];
    });
  }

  /**
   * The stock takes of an order's lines: tracked variants only (untracked ones are unlimited).
   * @param lines variant ids and quantities
   */
  takes(lines: ReadonlyArray<{ variant_id: number; quantity: number }>): StockTake[] {
    return lines.flatMap((line) => {
      const inventory = this.variants.get(line.variant_id)?.inventory;
      return inventory ? [{ variantId: line.variant_id, inventory, quantity: line.quantity }] : [];
    });
  }

  /**
   * Units sold since the count, read fresh.
   * @returns sold units by variant id, for the tracked variants among `variantIds`
   * @throws StateError when the database fails
   */
  async sold(variantIds: readonly number[]): Promise<Map<number, number>> {
    const sold = await soldUnits(this.db, this.tracked(variantIds));
    for (const [id, units] of sold) this.cache.set(id, { sold: units, at: this.now() });
    return sold;
  }

  /**
   * Units sold for display (catalog tools, carts, checkout messages): like `sold`, but when the
   * database fails it logs and answers the last values read (none: the counted stock), so reading
   * the catalog keeps working during an outage. Stock is still taken strictly (src/state/stock.ts).
   */
  async soldForDisplay(variantIds: readonly number[]): Promise<Map<number, number>> {
    try {
      return await this.sold(variantIds);
    } catch (error) {
      if (!isStateError(error)) throw error;
      if (this.now() - this.lastOutageLog > 60_000) {
        this.lastOutageLog = this.now();
        console.error('stock: the database is unavailable; showing the last known stock', error.message);
      }
      return new Map(this.tracked(variantIds).map(({ variantId }) => [variantId, this.cache.get(variantId)?.sold ?? 0]));
    }
  }

  /**
   * Like `soldForDisplay`, but answers from a per-process cache younger than `cacheMs` (for the
   * storefront `.js` endpoint, which the CDN caches for a few seconds as well).
   */
  async soldCached(variantIds: readonly number[]): Promise<Map<number, number>> {
    const now = this.now();
    const tracked = this.tracked(variantIds).map((t) => t.variantId);
    const stale = tracked.filter((id) => !(now - (this.cache.get(id)?.at ?? -Infinity) < this.cacheMs));
    const fresh = stale.length ? await this.soldForDisplay(stale) : new Map<number, number>();
    return new Map(tracked.map((id) => [id, fresh.get(id) ?? this.cache.get(id)?.sold ?? 0]));
  }

  /** Forgets cached values of these variants (after this process changed their stock). */
  forget(variantIds: readonly number[]): void {
    for (const id of variantIds) this.cache.delete(id);
  }
}
