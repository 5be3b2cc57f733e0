/**
 * Result objects of `GET /search/suggest.json`, with the fields and key order of Shopify's
 * Predictive Search API (docs/storefront.md "Predictive search"). Product prices and
 * availability are taken from the Ajax product view (src/views/product-ajax.ts), so
 * they equal the catalog endpoints' for the same variants; amounts are decimal EUR strings.
 */
import type { CatalogProduct, ContentPage } from '../catalog/types';
import type { ArticleMeta, Collection, Image, PageMeta } from '../catalog/schema';
import { localePrefix } from '../catalog/locales';
import { localize } from '../catalog/localize';
import { type ViewContext, imageUrl, productPath } from '../views/context';
import { productAjax } from '../views/product-ajax';
import { decimalOrNull, toDecimal } from '../commerce/money';
import { productOffers, summarizeOffers } from '../commerce/market';
import { pageVersion } from './documents';
import { excerpt, plainText } from './text';
import { fold } from './analyze';

/** Where a result sits in its list and what was typed: Shopify's tracking parameters on result URLs. */
export interface ResultPosition {
  /** 1-based position in the type's list. */
  position: number;
  /** The query as typed. */
  q: string;
}

/** `path?_pos=1&_psq=<q>&_ss=e&_v=1.0`, the form of Shopify's predictive-search result URLs. */
function tracked(path: string, at: ResultPosition): string {
  return `${path}?${new URLSearchParams({ _pos: String(at.position), _psq: at.q, _ss: 'e', _v: '1.0' })}`;
}

/**
 * A result as a response lists it: `record` (whose `url` is the plain storefront path, as the
 * build writes it, src/search/result-records.ts) with Shopify's tracking parameters on `url`.
 * Key order is kept (`url` stays where the record has it).
 */
export function positioned<T extends { url: string }>(record: T, at: ResultPosition): T {
  return { ...record, url: tracked(record.url, at) };
}

/** Shopify's `featured_image` group `{alt, aspect_ratio, height, url, width}`, or null without an image. */
function featuredImage(ctx: ViewContext, image: Image | undefined, alt: string | undefined) {
  if (!image) return null;
  return { alt: alt ?? '', aspect_ratio: Math.round((image.width / image.height) * 1000) / 1000, height: image.height, url: imageUrl(ctx, image), width: image.width };
}

/**
 * A product result, `url` without tracking parameters ({@link positioned} adds them). `variants` is always [] (Shopify fills it only for variant-title matches);
 * `body` is a plain-text excerpt of the description. Two keys follow Shopify's, so that a
 * suggestion can show what the product page shows (src/storefront/product-view.ts):
 * `stock_status` (`in_stock`, `backorder` or `out_of_stock`, the best of the variants', from the
 * stock counted in content like `available`) and `price_compare_at` (the compare-at price of the variant priced `price`,
 * a decimal string, or null; `compare_at_price_min` may belong to another variant).
 */
export function productResult(product: CatalogProduct, ctx: ViewContext) {
  const ajax = productAjax(product, ctx);
  const offer = summarizeOffers(productOffers(ctx.catalog.store, product, undefined));
  const image = product.images[0];
  return {
    id: product.id,
    title: ajax.title,
    handle: product.handle,
    url: productPath(ctx, product.handle),
    price: toDecimal(ajax.price),
    price_min: toDecimal(ajax.price_min),
    price_max: toDecimal(ajax.price_max),
    compare_at_price_min: toDecimal(ajax.compare_at_price_min),
    compare_at_price_max: toDecimal(ajax.compare_at_price_max),
    available: ajax.available,
    vendor: ajax.vendor,
    type: ajax.type,
    tags: ajax.tags,
    image: image ? imageUrl(ctx, image) : null,
    variants: [] as never[],
    featured_image: featuredImage(ctx, image, image && localize(image.alt, ctx.locale)),
    body: excerpt(plainText(ajax.description)),
    stock_status: offer.status,
    // The compare-at price of the first cheapest variant, as the product page picks it.
    price_compare_at: decimalOrNull(offer.cheapest.compareAtPrice),
  };
}

/** A collection result (`/collections/<handle>`), `url` without tracking parameters. */
export function collectionResult(collection: Collection, ctx: ViewContext) {
  return {
    id: collection.id,
    title: localize(collection.title, ctx.locale),
    handle: collection.handle,
    url: `${localePrefix(ctx.locale)}/collections/${collection.handle}`,
    body: collection.body ? excerpt(localize(collection.body, ctx.locale)) : '',
    published_at: collection.published_at,
    featured_image: featuredImage(ctx, collection.image, collection.image && localize(collection.image.alt, ctx.locale)),
  };
}

/**
 * The fields a page and an article result start with, in Shopify's order, from the locale's
 * version of the entry (French when untranslated); `version` is that version.
 * @param path the entry's storefront path in the locale (the result's `url`, without tracking parameters)
 */
function entryResult<M extends PageMeta>(entry: ContentPage<M>, ctx: ViewContext, path: string) {
  const version = pageVersion(entry, ctx.locale);
  return {
    version,
    head: { id: entry.id, title: version.meta.title, handle: entry.handle, url: path, body: excerpt(plainText(version.html)), author: version.meta.author },
  };
}

/** A page result (`/pages/<handle>`): the locale's version, French when untranslated; `url` without tracking parameters. */
export function pageResult(page: ContentPage<PageMeta>, ctx: ViewContext) {
  const { version, head } = entryResult(page, ctx, `${localePrefix(ctx.locale)}/pages/${page.handle}`);
  return { ...head, published_at: version.meta.published_at };
}

/** Path of an article: the store has one blog, `guides` (Shopify's `/blogs/<blog>/<article>` form). */
export function articlePath(ctx: Pick<ViewContext, 'locale'>, handle: string): string {
  return `${localePrefix(ctx.locale)}/blogs/guides/${handle}`;
}

/** An article result; `summary_html` is the article's description as one paragraph; `url` without tracking parameters. */
export function articleResult(article: ContentPage<ArticleMeta>, ctx: ViewContext) {
  const { version: v, head } = entryResult(article, ctx, articlePath(ctx, article.handle));
  return {
    ...head,
    image: v.meta.image ? imageUrl(ctx, v.meta.image as unknown as Image) : null,
    published_at: v.meta.published_at,
    summary_html: `<p>${escapeHtml(v.meta.description)}</p>`,
    tags: [...v.meta.tags].sort(),
  };
}

/**
 * A query suggestion: `styled_text` marks, in each word, the part the shopper typed
 * (`<mark>pom</mark><span>pes</span>`), like Shopify's `<mark>cos</mark><span>tume</span>`.
 * @param typed folded words of the query
 */
export function queryResult(text: string, typed: readonly string[], ctx: Pick<ViewContext, 'locale'>, at: ResultPosition) {
  const styled = text
    .split(/([\p{L}\p{N}]+)/u)
    .map((part, i) => {
      const cut = i % 2 ? typedPrefixLength(part, typed, ctx) : 0; // odd parts are words
      if (!cut) return escapeHtml(part);
      const rest = part.slice(cut);
      return `<mark>${escapeHtml(part.slice(0, cut))}</mark>${rest ? `<span>${escapeHtml(rest)}</span>` : ''}`;
    })
    .join('');
  const url = `${localePrefix(ctx.locale)}/search?${new URLSearchParams({ _pos: String(at.position), _psq: at.q, _ss: 'e', _v: '1.0', q: text })}`;
  return { text, styled_text: styled, url };
}

/** Length of the longest beginning of `word` whose folded form is one of the typed words (0: none). */
function typedPrefixLength(word: string, typed: readonly string[], ctx: Pick<ViewContext, 'locale'>): number {
  const folded = fold(word, ctx.locale);
  let best = 0;
  for (const t of typed) {
    if (!t || !folded.startsWith(t)) continue;
    for (let k = 1; k <= word.length; k++) {
      if (fold(word.slice(0, k), ctx.locale) === t) {
        best = Math.max(best, k);
        break;
      }
    }
  }
  return best;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
