/**
 * The price and the stock status of a product or variant, and a product's card in a grid, in
 * HTML, as every page writes them: the static product page, collection and home pages
 * (src/pages/[...locale]/products/[handle].astro, src/components/CollectionPage.astro,
 * HomePage.astro) and the function's search results page (src/http/html/search-view.ts). A price
 * is formatted per locale from integer cents, with the VAT mention and the exact decimal string
 * of the `.json` endpoints in `<data value>` for machines and tests; a compare-at price is struck
 * through, labelled for screen readers. Availability is in words, never colour alone.
 * Plain functions rather than Astro components: a build writes them some 350,000 times (each
 * variant of 24,000 product pages, each card of 2,300 collection pages, for 2,000 products), and
 * an Astro component costs a render context of its own each time (README "Performance").
 * `html` escapes text as Astro does (`&<>"'`); the attribute values it escapes (decimal strings,
 * ids, statuses, handles) hold none of those characters, and an image path is written by
 * `attribute` as Astro writes it, so the bytes are Astro's.
 */
import type { Locale } from '../catalog/locales';
import { toDecimal } from '../commerce/money';
import type { StockStatus } from '../commerce/stock';
import { ui } from '../i18n/ui';
import { formatPrice } from '../views/format';
import { localizedPath, paths } from '../catalog/urls';
import { attribute, html, type Html } from '../views/html';
import type { ProductView } from './product-view';

export interface PriceShown {
  /** EUR cents, VAT included. */
  cents: number;
  /** EUR cents, VAT included, or null. */
  compareAt?: number | null;
  /** Show "From {price}" (variants differ in price). */
  from?: boolean;
  /** The variant priced, written as `data-variant-id` (product page's variant table). */
  variantId?: number;
}

/** `<p class="price">…</p>` of a price in `locale` (docs/storefront.md "Same numbers as the JSON"). */
export function priceHtml(locale: Locale, { cents, compareAt = null, from = false, variantId }: PriceShown): Html {
  const s = ui(locale);
  const [before, after] = from ? s.priceFrom({ price: '\u0000' }).split('\u0000') : ['', ''];
  const variant = variantId === undefined ? '' : html` data-variant-id="${variantId}"`;
  return html`<p class="price">${compareAt !== null && html`<span class="visually-hidden">${s.salePrice}${s.colon}</span>`}${before}<data value="${toDecimal(cents)}" data-price${variant}>${formatPrice(cents, locale)}</data>${after} <span class="vat">${s.vatIncluded}</span> ${compareAt !== null && html`<s><span class="visually-hidden">${s.regularPrice}${s.colon}</span><data value="${toDecimal(compareAt)}" data-compare-at-price>${formatPrice(compareAt, locale)}</data></s>`}</p>`;
}

/** `<span class="stock …">` of a stock status (src/commerce/stock.ts) in words of `locale`. */
export function stockBadgeHtml(locale: Locale, status: StockStatus): Html {
  const s = ui(locale);
  const label = { in_stock: s.inStock, backorder: s.backorder, out_of_stock: s.outOfStock }[status];
  return html`<span class="stock stock-${status}" data-status="${status}">${label}</span>`;
}

/** What a product card shows: the fields of a product view (src/storefront/product-view.ts) or of a search result. */
export interface CardShown {
  handle: string;
  title: string;
  /** The first image, `src` a path under public/; none: no <img>. */
  image?: { src: string; width: number; height: number } | null;
  price: PriceShown;
  status: StockStatus;
}

/**
 * `<li class="card">` of a product in a grid: image, title (a link to the product page), price
 * and availability.
 * @param level heading level of the title in the page outline (2 in a collection, 3 under a section heading)
 * @param eager images above the fold load eagerly, the others lazily
 */
export function productCardHtml(locale: Locale, card: CardShown, level: 2 | 3, eager = false): Html {
  const { image } = card;
  const img = image && html`<img${attribute('src', image.src)} width="${image.width}" height="${image.height}" alt="" loading="${eager ? 'eager' : 'lazy'}" decoding="async">`;
  return html`<li class="card" data-handle="${card.handle}"><a href="${localizedPath(locale, paths.product(card.handle))}">${img}<h${level}>${card.title}</h${level}></a>${priceHtml(locale, card.price)}${stockBadgeHtml(locale, card.status)}</li>`;
}

/** The card of a product as an HTML page's view has it (src/storefront/product-view.ts). */
export function viewCard(product: ProductView): CardShown {
  return {
    handle: product.handle,
    title: product.title,
    image: product.images[0],
    price: { cents: product.price, compareAt: product.compareAt, from: product.priceVaries },
    status: product.status,
  };
}
