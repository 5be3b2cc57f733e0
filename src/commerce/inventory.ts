/**
 * Live stock of the catalog's tracked variants (docs/decisions.md "Availability is per country and
 * live"): the units sold since each variant's count, and the lines of an order as stock takes.
 * The reading itself is handed in (src/state/stock.ts `stockLedger` wires the database), so this
 * module does no I/O of its own. Taking stock happens in the transaction of complete_checkout
 * (src/state/stock.ts `takeStock`); the ledger only reads, with a short per-process cache for the
 * storefront (a cache, never a guard: correctness is in the database).
 */
import type { Catalog } from '../catalog/types';
import type { Inventory, Variant } from '../catalog/schema';

/** One line to take stock for: a tracked variant, its count in content and the quantity. */
export interface StockTake {
  variantId: number;
  inventory: Inventory;
  quantity: number;
}

/** A tracked variant with its count in content. */
export interface TrackedVariant {
  variantId: number;
  inventory: Inventory;
}

/**
 * Reads the units sold since each variant's current count.
 * @returns sold units by variant id (0 for a count nothing was sold of yet)
 * @throws when the store cannot be read
 */
export type SoldReader = (variants: readonly TrackedVariant[]) => Promise<Map<number, number>>;

/**
 * Units sold since each variant's stock count, by variant id, for display: what the live views
 * (`.js`, lists with a query, search, UCP) hand to src/commerce/market.ts `productOffers`.
 */
export type SoldUnits = (variantIds: readonly number[]) => Promise<ReadonlyMap<number, number>>;

export interface StockLedgerOptions {
  /** How long `soldCached` may serve a read, in milliseconds (default 2000). */
  cacheMs?: number;
  /** Clock, epoch milliseconds. */
  now?: () => number;
  /**
   * True for an error meaning the store is unavailable: display reads then answer the last values
   * read. Other errors propagate (default: every error propagates).
   */
  isOutage?: (error: unknown) => boolean;
}

/** Live stock over a reader of units sold and a catalog snapshot. */
export class StockLedger {
  private readonly variants = new Map<number, Variant>();
  private readonly cache = new Map<number, { sold: number; at: number }>();
  private readonly cacheMs: number;
  private readonly now: () => number;
  private readonly isOutage: (error: unknown) => boolean;
  private lastOutageLog = -Infinity;

  constructor(private readonly read: SoldReader, catalog: Catalog, options: StockLedgerOptions = {}) {
    for (const product of catalog.products) for (const variant of product.variants) this.variants.set(variant.id, variant);
    this.cacheMs = options.cacheMs ?? 2000;
    this.now = options.now ?? Date.now;
    this.isOutage = options.isOutage ?? (() => false);
  }

  private tracked(variantIds: readonly number[]): TrackedVariant[] {
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
   * @throws what the reader throws (StateError when the database fails)
   */
  async sold(variantIds: readonly number[]): Promise<Map<number, number>> {
    const sold = await this.read(this.tracked(variantIds));
    for (const [id, units] of sold) this.cache.set(id, { sold: units, at: this.now() });
    return sold;
  }

  /**
   * Units sold for display (catalog tools, carts, checkout messages): like `sold`, but during an
   * outage (`isOutage`) it logs and answers the last values read (none: the counted stock), so
   * reading the catalog keeps working. Stock is still taken strictly (src/state/stock.ts).
   */
  async soldForDisplay(variantIds: readonly number[]): Promise<Map<number, number>> {
    try {
      return await this.sold(variantIds);
    } catch (error) {
      if (!this.isOutage(error)) throw error;
      if (this.now() - this.lastOutageLog > 60_000) {
        this.lastOutageLog = this.now();
        console.error('stock: the database is unavailable; showing the last known stock', (error as Error).message);
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
