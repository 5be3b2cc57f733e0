/**
 * A priced cart of the core (src/checkout/carts.ts) as a UCP cart (`shopping/cart.json`):
 * line items with unit prices in EUR cents for the cart's destination (bare integers, as in
 * checkout), line and cart totals with exactly one `subtotal` and one `total` (prices include
 * VAT inside the EU, so no `tax` line; shipping is estimated at checkout), a `discount` total
 * and the discount extension's `discounts` when it is negotiated, and the messages of the
 * hints, the request and the lines.
 */
import { catalogIndex } from '../../catalog/ids';
import type { PricedCart } from '../../checkout/carts';
import { lineItemOf, renderDiscounts } from '../checkout/view';
import { localeOfLanguage } from '../../checkout/shopper';
import { messagesOf } from '../problems';
import type { ToolEnv } from '../tools/types';
import { CAPABILITY } from '../version';
import type { Cart } from '../wire/cart';

/** Renders a cart at the call's version. */
export function renderCart(cart: PricedCart, env: Pick<ToolEnv, 'ucp' | 'catalog' | 'capabilities'>): Cart {
  const { record } = cart;
  const index = catalogIndex(env.catalog);
  const messages = messagesOf(cart.problems, record.context?.language);
  const off = cart.discounts.total;
  const totals = [{ type: 'subtotal', amount: cart.subtotal }, ...(off > 0 ? [{ type: 'discount', amount: -off }] : []), { type: 'total', amount: cart.total }];
  const discounts = env.capabilities.has(CAPABILITY.discount) ? { discounts: renderDiscounts(record.discount_codes ?? [], cart.discounts.applied, localeOfLanguage(record.context?.language), totals) } : {};
  return {
    ucp: env.ucp([CAPABILITY.cart, CAPABILITY.discount]),
    id: record.id,
    line_items: cart.lines.map((l) => lineItemOf(l, index.variantGid(l.variant))),
    currency: env.catalog.store.currency,
    totals,
    ...(record.context ? { context: record.context } : {}),
    ...(record.buyer ? { buyer: record.buyer } : {}),
    ...(messages.length ? { messages } : {}),
    ...discounts,
    expires_at: record.expires_at,
  };
}
