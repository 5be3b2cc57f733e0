/**
 * Units sold per variant, kept in state (docs/design.md "Availability is per country and live";
 * issue #6 "Stock, live and never oversold"). Available stock = the quantity counted in content
 * on `counted_at` minus the units sold since then, so each tracked variant has one counter per
 * count date: `stock/<variant id>/<counted_at>` = `{sold, holds}`. A new count in content starts
 * a new counter at 0.
 *
 * Completing a checkout takes stock in two steps so that a crash never loses or doubles units:
 * `hold` adds the quantity to `sold` and remembers it under the checkout id (a second hold by the
 * same checkout is a no-op), then `commit` forgets the hold (the units stay sold) or `release`
 * gives them back. Every change is a compare-and-set on the state store, retried on conflict,
 * and serialised per key inside the process (docs/platform.md: local Blobs conditional writes
 * are not atomic), so concurrent completions can never sell a `deny` variant below zero.
 */
import type { Catalog } from '../../catalog/types';
import type { Variant } from '../../catalog/schema';
import type { StateStore } from '../../state/port';
import { KeyedLock } from '../../state/keyed-lock';
import { serverError } from '../errors';

interface StockDoc {
  /** Units sold since the count, holds included. */
  sold: number;
  /** Units held by checkouts being completed, by checkout id. */
  holds: Record<string, number>;
}

/** One line to take stock for. */
export interface StockLine {
  variantId: number;
  quantity: number;
}

export type HoldResult =
  | { ok: true; /** Units sold beyond the counted stock (policy `continue`), by variant id. */ backordered: Map<number, number> }
  | { ok: false; variantId: number; /** Units that were left. */ left: number };

const ATTEMPTS = 12;

export interface StockLedgerOptions {
  /** How long `soldCached` may serve a read, in milliseconds (default 2000). */
  cacheMs?: number;
  /** Clock, epoch milliseconds. */
  now?: () => number;
}

/** The ledger of units sold, over a state store and a catalog snapshot. Create one per process. */
export class StockLedger {
  private readonly lock = new KeyedLock();
  private readonly variants = new Map<number, Variant>();
  private readonly cache = new Map<number, { sold: number; at: number }>();
  private readonly cacheMs: number;
  private readonly now: () => number;
  private lastOutageLog = -Infinity;

  constructor(private readonly state: StateStore, catalog: Catalog, options: StockLedgerOptions = {}) {
    for (const product of catalog.products) for (const variant of product.variants) this.variants.set(variant.id, variant);
    this.cacheMs = options.cacheMs ?? 2000;
    this.now = options.now ?? Date.now;
  }

  /** State key of a tracked variant's counter, or null for untracked or unknown variants. */
  private key(variantId: number): string | null {
    const inventory = this.variants.get(variantId)?.inventory;
    return inventory ? `stock/${variantId}/${inventory.counted_at}` : null;
  }

  /**
   * Units sold since the count, read fresh from state.
   * @returns sold units by variant id, for the tracked variants among `variantIds`
   * @throws StateError when the store fails
   */
  async sold(variantIds: readonly number[]): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    await Promise.all([...new Set(variantIds)].map(async (id) => {
      const key = this.key(id);
      if (!key) return;
      const doc = await this.state.get<StockDoc>(key);
      const sold = doc?.value.sold ?? 0;
      out.set(id, sold);
      this.cache.set(id, { sold, at: this.now() });
    }));
    return out;
  }

  /**
   * Units sold for display (catalog tools, carts, checkout messages): like `sold`, but when the
   * store fails it logs and answers the last values read (none: the counted stock), so reading
   * the catalog keeps working during a storage outage. Stock is still taken strictly (`hold`).
   */
  async soldForDisplay(variantIds: readonly number[]): Promise<Map<number, number>> {
    try {
      return await this.sold(variantIds);
    } catch (error) {
      if ((error as { name?: string }).name !== 'StateError') throw error;
      if (this.now() - this.lastOutageLog > 60_000) {
        this.lastOutageLog = this.now();
        console.error('stock ledger: the state store is unavailable; showing the last known stock', (error as Error).message);
      }
      return new Map(variantIds.flatMap((id) => (this.key(id) ? [[id, this.cache.get(id)?.sold ?? 0] as [number, number]] : [])));
    }
  }

  /**
   * Like `soldForDisplay`, but answers from a per-process cache younger than `cacheMs` (for the
   * storefront `.js` endpoint, which the CDN caches for a few seconds as well).
   */
  async soldCached(variantIds: readonly number[]): Promise<Map<number, number>> {
    const now = this.now();
    const stale = variantIds.filter((id) => this.key(id) && !(now - (this.cache.get(id)?.at ?? -Infinity) < this.cacheMs));
    const fresh = stale.length ? await this.soldForDisplay(stale) : new Map<number, number>();
    const out = new Map<number, number>();
    for (const id of variantIds) {
      if (!this.key(id)) continue;
      out.set(id, fresh.get(id) ?? this.cache.get(id)?.sold ?? 0);
    }
    return out;
  }

  /** Read-modify-write of one counter with compare-and-set, serialised per key in the process. */
  private update<T>(key: string, change: (doc: StockDoc) => { doc: StockDoc | null; result: T }): Promise<T> {
    return this.lock.run(key, async () => {
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        const stored = await this.state.get<StockDoc>(key);
        const { doc, result } = change(stored?.value ?? { sold: 0, holds: {} });
        if (!doc) return result;
        const written = stored ? await this.state.set(key, doc, { ifMatch: stored.etag }) : await this.state.set(key, doc, { ifNew: true });
        if (written) return result;
        await new Promise((resolve) => setTimeout(resolve, 2 + Math.random() * 10 * (attempt + 1)));
      }
      throw serverError('conflict', `stock of ${key} is contended; retry`);
    });
  }

  /**
   * Holds stock for a checkout being completed, line by line; if one line cannot be served
   * (policy `deny` and fewer units left), the holds already taken are released.
   * @returns ok with the backordered units, or the first variant that ran out and the units left
   * @throws UcpProtocolError -32000 `conflict` when a counter stays contended; StateError when the store fails
   */
  async hold(checkoutId: string, lines: readonly StockLine[]): Promise<HoldResult> {
    const taken: number[] = [];
    const backordered = new Map<number, number>();
    for (const line of lines) {
      const key = this.key(line.variantId);
      const inventory = this.variants.get(line.variantId)?.inventory;
      if (!key || !inventory) continue;
      type Outcome = { ok: true; over: number } | { ok: false; left: number };
      const outcome = await this.update<Outcome>(key, (doc) => {
        if (doc.holds[checkoutId] !== undefined) return { doc: null, result: { ok: true, over: 0 } };
        const left = inventory.quantity - doc.sold;
        if (inventory.policy === 'deny' && line.quantity > left) return { doc: null, result: { ok: false, left: Math.max(0, left) } };
        const over = line.quantity - Math.max(0, Math.min(left, line.quantity));
        return { doc: { sold: doc.sold + line.quantity, holds: { ...doc.holds, [checkoutId]: line.quantity } }, result: { ok: true, over } };
      }).catch(async (error) => {
        await this.release(checkoutId, taken);
        throw error;
      });
      if (!outcome.ok) {
        await this.release(checkoutId, taken);
        return { ok: false, variantId: line.variantId, left: outcome.left };
      }
      taken.push(line.variantId);
      if (outcome.over > 0) backordered.set(line.variantId, outcome.over);
      this.cache.delete(line.variantId);
    }
    return { ok: true, backordered };
  }

  /** Gives back the units a checkout holds on these variants (no-op where it holds none). */
  async release(checkoutId: string, variantIds: readonly number[]): Promise<void> {
    await this.settle(checkoutId, variantIds, true);
  }

  /** Makes a checkout's holds final: the units stay sold, the hold entries are dropped. */
  async commit(checkoutId: string, variantIds: readonly number[]): Promise<void> {
    await this.settle(checkoutId, variantIds, false);
  }

  private async settle(checkoutId: string, variantIds: readonly number[], giveBack: boolean): Promise<void> {
    for (const variantId of variantIds) {
      const key = this.key(variantId);
      if (!key) continue;
      await this.update(key, (doc) => {
        const held = doc.holds[checkoutId];
        if (held === undefined) return { doc: null, result: undefined };
        const { [checkoutId]: _dropped, ...holds } = doc.holds;
        return { doc: { sold: giveBack ? doc.sold - held : doc.sold, holds }, result: undefined };
      });
      this.cache.delete(variantId);
    }
  }
}
