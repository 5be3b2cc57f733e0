/**
 * The cart page `[/<locale>]/cart` (docs/storefront.md "Buying on the site"): each line with its picture,
 * variant, unit price and quantity (change, remove), the subtotal with VAT included, the
 * discount code field and the offers applied (discount-field.ts), what
 * changed since the shopper added a line (sold out, stock left, price), and the way to the
 * checkout. Every control is a plain form post: it works without JavaScript.
 */
import type { Locale } from '../../catalog/locales';
import { localePrefix } from '../../catalog/locales';
import { localize } from '../../catalog/localize';
import { ORDER_LIMITS } from '../../commerce/order-lines';
import type { Store } from '../../catalog/schema';
import { localizedPath, paths } from '../../catalog/urls';
import type { PricedCart } from '../../checkout/carts';
import { itemCount } from '../../checkout/site-cart';
import type { PricedLine } from '../../checkout/lines';
import type { Problem } from '../../checkout/problems';
import { shopUi } from '../../i18n/shop-ui';

import { formatPrice } from '../../views/format';
import { type Html, html } from '../../views/html';
import { page } from './shell';
import { shownDiscounts, shownPrice } from './summary';
import { checkoutUi } from '../../i18n/checkout-ui';
import { netOfVat } from '../../commerce/vat';
import { problemText } from './shop-problems';
import { discountField } from './discount-field';

/** A message about the last change, from the redirect's query (`added`, `refused`). */
export interface CartNotice {
  kind: 'ok' | 'no';
  text: string;
  /** The field the message is about, written beside it instead of at the top. */
  field?: 'discount_code';
}

/** An amount in cents, with its value for machines. */
const amount = (cents: number, locale: Locale) => html`<data value="${cents}" data-amount="${cents}">${formatPrice(cents, locale)}</data>`;

/**
 * The offers applied, each with its title and what it takes off, then the total after them
 * (nothing when none applies). A free-shipping offer takes its amount at checkout, once a
 * shipping option is chosen: the cart says so.
 */
function discountLines(cart: PricedCart, locale: Locale, exclVat: boolean): Html {
  const ui = shopUi(locale);
  const applied = cart.discounts.applied;
  if (!applied.length) return html``;
  const shown = shownDiscounts(applied, locale);
  return html`<ul class="cart-discounts">${shown.map((d) => (d.amount > 0
    ? html`<li data-discount-code="${d.code ?? ''}"><span>${d.title}${d.code ? html` <span class="small">(${d.code})</span>` : ''}</span> ${amount(-d.amount, locale)}</li>`
    : html`<li data-discount-code="${d.code ?? ''}" class="small">${ui.discountAtCheckout({ title: d.title })}</li>`))}</ul>
${cart.discounts.total > 0 ? html`<p class="cart-subtotal cart-total"><span>${exclVat ? checkoutUi(locale).total : ui.totalAfterDiscounts}</span> ${exclVat ? memberAmount(cart.lines, cart.discounts.lineDiscounts, locale) : amount(cart.total, locale)}</p>` : ''}`;
}

/** The image of a line's variant (path on this site, not the catalog's absolute URL: the page's CSP allows only 'self'). */
function lineImage(line: PricedLine, locale: Locale): Html {
  const image = line.product.images[(line.variant.image ?? 1) - 1];
  return image ? html`<img src="${image.src}" alt="${localize(image.alt, locale)}" width="72" height="72" loading="lazy">` : html`<span class="no-image"></span>`;
}

/** One line: picture, title linked to its product, unit price, quantity form, remove form, line total. */
function lineRow(line: PricedLine, problems: readonly Problem[], locale: Locale, index: number, exclVat: boolean): Html {
  const rate = line.offer.taxation.kind === 'vat' ? line.offer.taxation.rate : 0;
  const ui = shopUi(locale);
  const prefix = localePrefix(locale);
  const said = problems.filter((p) => p.at && 'line' in p.at && p.at.line === index);
  return html`<li class="cart-line" data-variant-id="${line.variant.id}">
${lineImage(line, locale)}
<div class="cart-line-text">
<a href="${localizedPath(locale, paths.product(line.product.handle))}" class="cart-line-title">${line.title}</a>
<p class="small"><span>${ui.unitPrice}</span> ${exclVat ? shownPrice(line.unitPrice, rate, locale, true) : html`<data value="${line.unitPrice}">${formatPrice(line.unitPrice, locale)}</data>`}</p>
${said.map((p) => html`<p class="field-error" role="status">${problemText(p, locale)}</p>`)}
<div class="cart-line-controls">
<form method="post" action="${prefix}/cart/change" class="inline-form">
<input type="hidden" name="id" value="${line.variant.id}">
<label class="visually-hidden" for="qty-${line.variant.id}">${ui.quantityOf({ title: line.title })}</label>
<input id="qty-${line.variant.id}" class="qty" type="number" name="quantity" min="0" max="${ORDER_LIMITS.lineQuantity}" inputmode="numeric" value="${line.quantity}" required>
<button type="submit" class="secondary-button">${ui.update}</button>
</form>
<form method="post" action="${prefix}/cart/change" class="inline-form">
<input type="hidden" name="id" value="${line.variant.id}"><input type="hidden" name="quantity" value="0">
<button type="submit" class="link-button" aria-label="${ui.removeItem({ title: line.title })}">${ui.remove}</button>
</form>
</div>
</div>
<p class="cart-line-total">${shownPrice(line.total, rate, locale, exclVat)}</p>
</li>`;
}

/**
 * An amount excluding VAT first (each line's VAT taken out at its rate, on what it costs after
 * its discounts), VAT included beside it.
 * @param lineDiscounts cents off each line, by index (none: the lines' totals)
 */
function memberAmount(lines: readonly PricedLine[], lineDiscounts: readonly number[], locale: Locale): Html {
  const ui = checkoutUi(locale);
  const charged = (l: PricedLine, i: number) => l.total - (lineDiscounts[i] ?? 0);
  const gross = lines.reduce((sum, l, i) => sum + charged(l, i), 0);
  const net = lines.reduce((sum, l, i) => sum + (l.offer.taxation.kind === 'vat' ? netOfVat(charged(l, i), l.offer.taxation.rate) : charged(l, i)), 0);
  return html`<data value="${net}" data-amount="${net}" data-excl-vat>${ui.exclVat({ amount: formatPrice(net, locale) })}</data> · <span class="small">${ui.inclVat({ amount: formatPrice(gross, locale) })}</span>`;
}

/**
 * The cart page.
 * @param cart the shopper's cart, priced; null when there is none
 * @param notice what the last change did (from the redirect's query)
 * @param exclVat prices excluding VAT first, VAT included beside them (a member of a business account)
 */
export function cartPage(cart: PricedCart | null, store: Pick<Store, 'name'>, locale: Locale, notice?: CartNotice, exclVat = false): string {
  const ui = shopUi(locale);
  const prefix = localePrefix(locale);
  const lines = cart?.lines ?? [];
  const said = notice && !notice.field ? html`<p class="notice ${notice.kind}" role="status">${notice.text}</p>` : '';
  if (!lines.length) {
    const body = html`<h1>${ui.cartTitle}</h1>${said}<p>${ui.cartEmpty}</p><p><a class="primary-button" href="${prefix}/">${ui.browseCollections}</a></p>`;
    return page(locale, ui.cartTitle, store.name, body, { cartCount: 0 });
  }
  const problems = cart!.problems;
  // A code's problem is said beside the code (discount-field.ts), the lines' beside their line.
  const unplaced = problems.filter((p) => (!p.at || !('line' in p.at)) && p.code !== 'discount_rejected');
  const blocked = problems.some((p) => p.level === 'error' && p.at && 'line' in p.at);
  const body = html`<h1>${ui.cartTitle}</h1>
${said}
${unplaced.map((p) => html`<p class="notice ${p.level === 'error' ? 'no' : 'wait'}" role="status">${problemText(p, locale)}</p>`)}
<ul class="cart-lines">${lines.map((line, i) => lineRow(line, problems, locale, i, exclVat))}</ul>
<p class="cart-subtotal"><span>${exclVat ? checkoutUi(locale).subtotal : ui.subtotalVat}</span> ${exclVat ? memberAmount(lines, [], locale) : amount(cart!.subtotal, locale)}</p>
${discountLines(cart!, locale, exclVat)}
<form method="post" action="${prefix}/cart/discount" class="cart-discount-form">${discountField({ codes: cart!.record.discount_codes ?? [], applied: cart!.discounts.applied, problems }, locale, 'remove', notice?.field === 'discount_code' ? notice.text : undefined)}</form>
<p class="small">${ui.shippingNext}</p>
${blocked ? '' : html`<p><a class="primary-button" href="${prefix}/checkout">${ui.toCheckout}</a></p>`}
<p><a href="${prefix}/">${ui.continueShopping}</a></p>`;
  return page(locale, ui.cartTitle, store.name, body, { cartCount: itemCount(cart!.record.lines) });
}
