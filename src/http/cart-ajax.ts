/**
 * The cart in the wire shapes of Shopify's Ajax Cart API (`/cart.js`, `/cart/add.js`,
 * `/cart/change.js`; docs/shopify-formats.md): a line item and a cart, amounts in cents with
 * VAT included. The cart's token is left out: the cart's id is the `HttpOnly` cookie's secret.
 */
import type { Locale } from '../catalog/locales';
import { localize } from '../catalog/localize';
import { localizedPath, paths } from '../catalog/urls';
import type { PricedCart } from '../checkout/carts';
import type { PricedLine } from '../checkout/lines';
import { itemCount } from '../checkout/site-cart';
import { unitRequiresShipping } from '../commerce/shipping';

/** A cart line as Shopify's Ajax API writes it. */
export function ajaxLineItem(line: PricedLine, locale: Locale): Record<string, unknown> {
  const image = line.product.images[(line.variant.image ?? 1) - 1];
  const productTitle = localize(line.product.title, locale);
  return {
    id: line.variant.id,
    variant_id: line.variant.id,
    product_id: line.product.id,
    key: `${line.variant.id}`,
    quantity: line.quantity,
    title: line.title,
    product_title: productTitle,
    variant_title: line.title === productTitle ? null : line.title.slice(productTitle.length + 3),
    sku: line.variant.sku ?? null,
    price: line.unitPrice,
    original_price: line.unitPrice,
    final_price: line.unitPrice,
    line_price: line.total,
    original_line_price: line.total,
    final_line_price: line.total,
    handle: line.product.handle,
    url: `${localizedPath(locale, paths.product(line.product.handle))}?variant=${line.variant.id}`,
    image: image?.src ?? null,
    requires_shipping: unitRequiresShipping(line.variant),
  };
}

/** A cart as Shopify's `/cart.js` writes it (an empty one when there is no cart). */
export function ajaxCart(cart: PricedCart | null, locale: Locale, currency: string): Record<string, unknown> {
  const lines = cart?.lines ?? [];
  const total = cart?.subtotal ?? 0;
  return {
    note: null,
    attributes: {},
    original_total_price: total,
    total_price: total,
    total_discount: 0,
    items_subtotal_price: total,
    item_count: itemCount(lines),
    items: lines.map((line) => ajaxLineItem(line, locale)),
    requires_shipping: lines.some((line) => unitRequiresShipping(line.variant)),
    currency,
  };
}
