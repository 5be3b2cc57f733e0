/**
 * A priced cart of the core (src/checkout/carts.ts) as a UCP cart (`shopping/cart.json`):
 * line items with unit prices in EUR cents for the cart's destination (bare integers, as in
 * checkout), line and cart totals with exactly one `subtotal` and one `total` (prices include
 * VAT inside the EU, so no `tax` line; shipping is estimated at checkout), and the messages of
 * the hints, the request and the lines.
 */
import { catalogIndex } from '../../catalog/ids';
import type { PricedCart } from '../../checkout/carts';
import { lineItemOf } from '../checkout/view';
import { messagesOf } from '../problems';
import type { ToolEnv } from '../tools/types';
import { CAPABILITY } from '../version';
import type { Cart } from '../wire/cart';

/** Renders a cart at the call's version. */
export function renderCart(cart: PricedCart, env: Pick<ToolEnv, 'ucp' | 'catalog'>): Cart {
  const { record } = cart;
  const index = catalogIndex(env.catalog);
  const messages = messagesOf(cart.problems, record.context?.language);
  return {
    ucp: env.ucp([CAPABILITY.cart]),
    id: record.id,
    line_items: cart.lines.map((l) => lineItemOf(l, index.variantGid(l.variant))),
    currency: env.catalog.store.currency,
    totals: [{ type: 'subtotal', amount: cart.subtotal }, { type: 'total', amount: cart.subtotal }],
    ...(record.context ? { context: record.context } : {}),
    ...(record.buyer ? { buyer: record.buyer } : {}),
    ...(messages.length ? { messages } : {}),
    expires_at: record.expires_at,
  };
}
