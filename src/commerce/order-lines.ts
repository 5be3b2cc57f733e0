/**
 * Whether a quantity of a variant can be ordered by a buyer (docs/decisions.md "Availability is per
 * country and live"; Shopify `inventory_policy`): carts and checkouts apply the same rule to each
 * line, the cart by leaving lines out or lowering quantities, the checkout by flagging them.
 */
import type { Variant } from '../catalog/schema';
import type { VariantOffer } from './market';

/**
 * The bounds of one order, the same on every surface (tools, REST, the site's cart and
 * checkout), however its lines were merged:
 * - `lineQuantity`: units of one variant in one cart or checkout;
 * - `lines`: lines of one cart or checkout;
 * - `totalCents`: the largest order total the store takes online, 1,000,000.00 EUR. Larger
 *   orders are quoted (a business account). The bound also keeps every amount of an order
 *   (lines, shipping, VAT, charges, refunds: none exceeds the total) well within the stored
 *   `integer` columns (2^31 − 1 cents, about 21.4 million EUR).
 */
export const ORDER_LIMITS = { lineQuantity: 999, lines: 100, totalCents: 100_000_000 } as const;

/**
 * The verdict on one line:
 * - `unshippable`: the product does not ship to the buyer's destination;
 * - `out_of_stock`: nothing left and no backorder;
 * - `short`: policy `deny` with fewer units left (`left`, at least 1) than asked;
 * - `backorder`: policy `continue` with `units` beyond the stock, shipped when restocked;
 * - `ok`: in stock, or untracked.
 */
export type LineVerdict =
  | { kind: 'unshippable' }
  | { kind: 'out_of_stock' }
  | { kind: 'short'; left: number }
  | { kind: 'backorder'; units: number }
  | { kind: 'ok' };

/**
 * Checks `quantity` units of a variant against its offer to this buyer.
 * @param offer from src/commerce/market.ts `variantOffer` (destination and units sold applied)
 * @param quantity units asked, >= 1
 */
export function checkLine(variant: Pick<Variant, 'inventory'>, offer: VariantOffer, quantity: number): LineVerdict {
  if (!offer.shippable) return { kind: 'unshippable' };
  if (offer.status === 'out_of_stock') return { kind: 'out_of_stock' };
  const left = offer.unitsLeft;
  if (left === null || !variant.inventory) return { kind: 'ok' };
  if (variant.inventory.policy === 'deny') return quantity > left ? { kind: 'short', left } : { kind: 'ok' };
  const units = quantity - Math.max(left, 0);
  return units > 0 ? { kind: 'backorder', units } : { kind: 'ok' };
}
