/**
 * The UCP cart of a stored cart (UCP 2026-04-08 `shopping/cart.json`; docs/ucp.md §3):
 * line items with unit prices in EUR cents for the cart's destination (bare integers, as in
 * checkout), line and cart totals with exactly one `subtotal` and one `total` (prices include
 * VAT inside the EU, so no `tax` line; shipping is estimated at checkout), and messages about
 * lines that can no longer be bought as they are.
 */
import { localize } from '../../catalog/localize';
import { imageUrl } from '../../views/context';
import { ucpVariantTitle } from '../../views/ucp-product';
import { type VariantOffer, variantOffer } from '../../commerce/market';
import type { CatalogProduct } from '../../catalog/types';
import type { Variant } from '../../catalog/schema';
import { checkLine } from '../../commerce/order-lines';
import { errorMessage, warningMessage } from '../messages';
import { type CatalogCall, catalogCall } from '../catalog/shared';
import { destinationLabel } from '../context';
import type { ToolEnv } from '../tools/types';
import { CAPABILITY } from '../version';
import type { Cart, LineItem } from '../wire/cart';
import type { Message } from '../wire/common';
import type { CartLine, CartRecord } from '../../state/carts';

/** A priced line: the UCP line item and what it was priced from. */
export interface PricedLine {
  lineItem: LineItem;
  product: CatalogProduct;
  variant: Variant;
  offer: VariantOffer;
}

/**
 * Prices stored lines for the call's buyer (locale, destination) with live stock: UCP line
 * items (`li_<variant id>`, unit price in EUR cents for the destination, line totals) and the
 * messages about lines that cannot be bought as they are (no longer sold, not deliverable, out
 * of stock, fewer units left, backorder). Shared by carts and checkouts.
 * @param messages receives the messages, with JSONPaths into `line_items`
 * @returns the lines still sold, in stored order
 */
export async function priceLines(lines: readonly CartLine[], call: CatalogCall, messages: Message[]): Promise<PricedLine[]> {
  const store = call.ctx.catalog.store;
  const resolved = lines.map((line) => ({ line, hit: call.index.resolve(String(line.variant_id)) }));
  const view = await call.view([...new Set(resolved.flatMap((r) => (r.hit ? [r.hit.product] : [])))]);
  const priced: PricedLine[] = [];
  for (const { line, hit } of resolved) {
    if (!hit || hit.kind !== 'variant') {
      messages.push(errorMessage('not_found', `Variant ${line.variant_id} is no longer sold and was removed.`, 'recoverable'));
      continue;
    }
    const { product, variant } = hit;
    const index = product.variants.indexOf(variant);
    const sold = view.sold?.get(variant.id) ?? 0;
    const offer = variantOffer(store, product, variant, call.buyer.destination, sold);
    const productTitle = localize(product.title, call.ctx.locale);
    const title = product.options.length ? `${productTitle} — ${ucpVariantTitle(product, index, call.ctx)}` : productTitle;
    const image = product.images[(variant.image ?? 1) - 1];
    const amount = offer.price * line.quantity;
    const path = `$.line_items[${priced.length}]`;
    const verdict = checkLine(variant, offer, line.quantity);
    if (verdict.kind === 'unshippable') messages.push(errorMessage('item_unavailable', `${title} cannot be delivered to ${destinationLabel(call.buyer.destination)}.`, 'recoverable', path));
    else if (verdict.kind === 'out_of_stock') messages.push(errorMessage('out_of_stock', `${title} is out of stock.`, 'recoverable', path));
    else if (verdict.kind === 'short') messages.push(errorMessage('out_of_stock', `Only ${verdict.left} × ${title} left in stock; lower the quantity.`, 'recoverable', `${path}.quantity`));
    else if (verdict.kind === 'backorder') messages.push(warningMessage('delayed_fulfillment', `${verdict.units} × ${title} on backorder: shipped when restocked.`, path));
    priced.push({
      product, variant, offer,
      lineItem: {
        id: `li_${variant.id}`,
        item: { id: call.index.variantGid(variant), title, price: offer.price, ...(image ? { image_url: imageUrl(call.ctx, image) } : {}) },
        quantity: line.quantity,
        totals: [{ type: 'subtotal', amount }, { type: 'total', amount }],
      },
    });
  }
  return priced;
}

/**
 * Renders a cart.
 * @param extra messages of the request that produced this state (left-out items, adjusted quantities), listed first
 */
export async function renderCart(record: CartRecord, env: ToolEnv, extra: readonly Message[] = []): Promise<Cart> {
  const call = catalogCall(env, record.context);
  const store = env.catalog.store;
  const messages: Message[] = [...call.buyer.messages, ...extra];
  const lineItems = (await priceLines(record.lines, call, messages)).map((p) => p.lineItem);
  const subtotal = lineItems.reduce((sum, li) => sum + li.item.price * li.quantity, 0);
  return {
    ucp: env.ucp([CAPABILITY.cart]),
    id: record.id,
    line_items: lineItems,
    currency: store.currency,
    totals: [{ type: 'subtotal', amount: subtotal }, { type: 'total', amount: subtotal }],
    ...(record.context ? { context: record.context } : {}),
    ...(record.buyer ? { buyer: record.buyer } : {}),
    ...(messages.length ? { messages } : {}),
    expires_at: record.expires_at,
  };
}
