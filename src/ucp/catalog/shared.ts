/**
 * What the three catalog tools share: reading the request context into a view (locale,
 * destination, ids), live stock for the products shown, UCP filters (categories, price in
 * minor units of `context.currency`; docs/agent-commerce.md "Catalog tools") and the per-product "does not ship there"
 * warnings.
 */
import type { CatalogProduct } from '../../catalog/types';
import { servesDestination, shipsTo, variantOffer } from '../../commerce/market';
import { localize } from '../../catalog/localize';
import { type Shopper, type ShopperView, shopperView } from '../../checkout/shopper';
import { infoMessage, warningMessage } from '../messages';
import { messagesOf } from '../problems';
import type { ToolEnv } from '../tools/types';
import type { Context, Message } from '../wire/common';
import type { Filters } from '../wire/catalog';

/** A catalog call: the shopper of the request's context, with the hints' problems as UCP messages. */
export interface CatalogCall extends ShopperView {
  buyer: Shopper & { messages: Message[] };
}

/** Prepares a catalog tool call from the request `context`. */
export function catalogCall(env: ToolEnv, context: Context | undefined): CatalogCall {
  const view = shopperView(env, context);
  return { ...view, buyer: { ...view.shopper, messages: messagesOf(view.shopper.problems, context?.language) } };
}

/** True when the request carries at least one filter this store applies. */
export function hasFilters(filters: Filters | undefined): boolean {
  return !!(filters?.categories?.length || filters?.price?.min !== undefined || filters?.price?.max !== undefined);
}

/**
 * Keeps the products matching the filters (AND of categories and price): a category filter
 * matches `categories[].value` (any of the listed values); a price filter matches when at
 * least one variant's price for the destination lies within [min, max] cents. A price filter
 * in another currency than EUR is ignored with an info message (no conversion).
 * @param messages receives the info messages
 */
export function applyFilters(products: readonly CatalogProduct[], filters: Filters | undefined, call: CatalogCall, messages: Message[], currency: string | undefined): CatalogProduct[] {
  let out = [...products];
  const categories = filters?.categories?.map((c) => c.trim().toLowerCase());
  if (categories?.length) out = out.filter((p) => categories.includes(p.category));
  const price = filters?.price;
  if (price && (price.min !== undefined || price.max !== undefined)) {
    if (call.buyer.foreignCurrency) {
      messages.push(infoMessage('filter_ignored', `The price filter was ignored: it is denominated in ${currency?.toUpperCase()}, and prices are in EUR only.`));
    } else {
      const min = price.min ?? 0;
      const max = price.max ?? Number.MAX_SAFE_INTEGER;
      const store = call.ctx.catalog.store;
      out = out.filter((p) => p.variants.some((v) => {
        const amount = variantOffer(store, p, v, call.buyer.destination).price;
        return amount >= min && amount <= max;
      }));
    }
  }
  return out;
}

/**
 * A warning per listed product that does not ship to the buyer's country when the store
 * serves that destination (an unserved one gets one warning for the whole response, from
 * src/checkout/shopper.ts).
 * @param at JSONPath of the product in the response, e.g. `(i) => "$.products[" + i + "]"`
 */
export function shippingWarnings(products: readonly CatalogProduct[], call: CatalogCall, at: (i: number) => string): Message[] {
  const destination = call.buyer.destination;
  const store = call.ctx.catalog.store;
  if (destination === undefined || !servesDestination(store, destination)) return [];
  const country = destination.country;
  return products.flatMap((p, i) =>
    shipsTo(store, p, destination)
      ? []
      : [warningMessage('item_unavailable', `${localize(p.title, call.ctx.locale)} cannot be delivered to ${country}; it ships to ${(p.ships_to ?? store.countries_served).join(', ')}.`, at(i))],
  );
}
