/**
 * Turning requested cart lines into stored lines (docs/ucp.md §3 `create_cart`): each
 * `item.id` must name a variant of a published product (a product id is accepted when the
 * product has a single variant); duplicate variants are merged; the verdict of
 * src/commerce/order-lines.ts `checkLine` decides the rest: items that cannot be bought by this
 * buyer are left out with a message (not shippable, out of stock); a quantity above the units
 * left of a `deny` variant is lowered to what is left (`quantity_adjusted`).
 */
import { localize } from '../../catalog/localize';
import { variantOffer } from '../../commerce/market';
import { checkLine } from '../../commerce/order-lines';
import { errorMessage, warningMessage } from '../messages';
import type { CatalogCall } from '../catalog/shared';
import { destinationLabel } from '../context';
import type { Message } from '../wire/common';
import type { CartLine } from '../../state/carts';

export interface RequestedLine {
  item: { id: string };
  quantity: number;
}

/**
 * Resolves requested lines for the call's buyer (country from `context`).
 * @returns the lines to store (in request order) and the messages about left-out or adjusted items
 */
export async function resolveLines(requested: readonly RequestedLine[], call: CatalogCall): Promise<{ lines: CartLine[]; messages: Message[] }> {
  const messages: Message[] = [];
  const store = call.ctx.catalog.store;
  const merged = new Map<number, { quantity: number; hit: NonNullable<ReturnType<CatalogCall['index']['resolve']>> & { kind: 'variant' } }>();
  for (const [i, line] of requested.entries()) {
    const path = `line_items[${i}].item.id`;
    const hit = call.index.resolve(line.item.id);
    if (!hit) {
      messages.push(errorMessage('not_found', `No variant has the id "${line.item.id}" (${path}); find variant ids with search_catalog.`, 'recoverable'));
      continue;
    }
    const variantHit = hit.kind === 'variant' ? hit : hit.product.variants.length === 1 ? { kind: 'variant' as const, product: hit.product, variant: hit.product.variants[0] } : undefined;
    if (!variantHit) {
      messages.push(errorMessage('variant_required', `"${line.item.id}" (${path}) is a product with ${hit.product.variants.length} variants; use the id of one of its variants.`, 'recoverable'));
      continue;
    }
    const previous = merged.get(variantHit.variant.id);
    merged.set(variantHit.variant.id, { quantity: (previous?.quantity ?? 0) + line.quantity, hit: variantHit });
  }
  const view = await call.view([...new Set([...merged.values()].map((m) => m.hit.product))]);
  const lines: CartLine[] = [];
  for (const { quantity, hit } of merged.values()) {
    const { product, variant } = hit;
    const title = localize(product.title, call.ctx.locale);
    const sold = view.sold?.get(variant.id) ?? 0;
    const verdict = checkLine(variant, variantOffer(store, product, variant, call.buyer.destination, sold), quantity);
    if (verdict.kind === 'unshippable') {
      messages.push(errorMessage('item_unavailable', `${title} cannot be delivered to ${destinationLabel(call.buyer.destination)}; it was not added.`, 'recoverable'));
      continue;
    }
    if (verdict.kind === 'out_of_stock') {
      messages.push(errorMessage('out_of_stock', `${title} is out of stock; it was not added.`, 'recoverable'));
      continue;
    }
    if (verdict.kind === 'short') {
      messages.push(warningMessage('quantity_adjusted', `Only ${verdict.left} × ${title} in stock: the quantity was lowered from ${quantity} to ${verdict.left}.`, `$.line_items[${lines.length}].quantity`));
    }
    lines.push({ variant_id: variant.id, quantity: verdict.kind === 'short' ? verdict.left : quantity });
  }
  return { lines, messages };
}
