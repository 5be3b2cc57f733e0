/** The validated content as one plain object: what the build renders and snapshots for the function. */
import type { Locale } from './locales';
import type { Product, Collection, Store, Shipping, PageMeta, ArticleMeta } from './schema';
import type { CatalogDiscount } from './discount-schema';

/** A Markdown page or article: one entry per handle, one rendered body per available locale. */
export interface ContentPage<M> {
  handle: string;
  id: number;
  locales: Partial<Record<Locale, {
    meta: M;
    html: string;
    /**
     * The Markdown source. Present in the build's snapshot (`.generated/catalog.json`); left out
     * of the function's (`.generated/function-catalog.json`, src/catalog/snapshot.ts
     * `functionSnapshot`): no request is answered with it, and it weighs on the cold start.
     */
    markdown?: string;
  }>>;
}

/** A product as loaded: the content file plus its description rendered to HTML in every locale (French fallback applied). */
export type CatalogProduct = Product & { body_html: Record<Locale, string> };

export interface Catalog {
  store: Store;
  shipping: Shipping;
  /** Every product file, published or not, sorted by id ascending. */
  products: CatalogProduct[];
  collections: Collection[];
  /** Discount offers (content/discounts), sorted by file name; applied by src/commerce/discounts.ts. */
  discounts: CatalogDiscount[];
  pages: ContentPage<PageMeta>[];
  articles: ContentPage<ArticleMeta>[];
}
