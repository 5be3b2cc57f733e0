/**
 * Stock and availability of a variant (docs/decisions.md "Availability is per country and live").
 * Stock = quantity counted in content at `counted_at` minus units sold since then.
 */
import type { Variant } from '../catalog/schema';

/** UCP availability statuses used by this store (UCP types/variant.json `availability.status`). */
export type StockStatus = 'in_stock' | 'backorder' | 'out_of_stock';

/**
 * Units left of a tracked variant: counted quantity minus `sold` (units sold since the count).
 * @returns null for an untracked variant (unlimited), otherwise an integer that is negative
 *          only for backorders (policy `continue`).
 */
export function unitsLeft(variant: Pick<Variant, 'inventory'>, sold = 0): number | null {
  return variant.inventory ? variant.inventory.quantity - sold : null;
}

/**
 * Stock status of a variant after `sold` units: untracked or positive stock → in_stock;
 * none left with policy `continue` → backorder; none left with policy `deny` → out_of_stock
 * (Shopify inventory_policy semantics).
 */
export function stockStatus(variant: Pick<Variant, 'inventory'>, sold = 0): StockStatus {
  const left = unitsLeft(variant, sold);
  if (left === null || left > 0) return 'in_stock';
  return variant.inventory!.policy === 'continue' ? 'backorder' : 'out_of_stock';
}

/** Shopify's `available` flag: the variant can be bought now (in stock or on backorder). */
export function isAvailable(variant: Pick<Variant, 'inventory'>, sold = 0): boolean {
  return stockStatus(variant, sold) !== 'out_of_stock';
}

/**
 * Status of a product from its variants' statuses, the best one a buyer can get: in_stock when
 * any variant is; else backorder when any is; else out_of_stock (what a product page shows).
 */
export function bestStatus(statuses: readonly StockStatus[]): StockStatus {
  if (statuses.includes('in_stock')) return 'in_stock';
  return statuses.includes('backorder') ? 'backorder' : 'out_of_stock';
}
