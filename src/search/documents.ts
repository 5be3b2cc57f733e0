/**
 * The documents of the predictive search, built from the catalog snapshot for one locale
 * (docs/storefront.md "Predictive search"): published products, collections, pages, articles, and the
 * phrases offered as query suggestions. A document holds only searchable text and its
 * reference (`type` + `handle`); prices, availability and URLs are read from the catalog when a
 * result is rendered, so they always equal the catalog endpoints'.
 */
import type { Catalog, ContentPage } from '../catalog/types';
import type { Locale } from '../catalog/locales';
import { DEFAULT_LOCALE } from '../catalog/locales';
import { localize } from '../catalog/localize';
import { publishedProducts } from '../catalog/query';
import { variantTitle, viewContext } from '../views/context';
import type { CatalogProduct } from '../catalog/types';
import { plainText } from './text';
import { fold } from './analyze';

/** Resource types of `resources[type]` (docs/storefront.md "Predictive search"). */
export const RESOURCE_TYPES = ['product', 'collection', 'page', 'article', 'query'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

/**
 * Searchable fields, named as Shopify's `resources[options][fields]` values
 * (docs/storefront.md "Predictive search"): products use all but author; pages title/body/author;
 * articles title/body/tag/author; collections and query suggestions title (and body).
 */
export const SEARCH_FIELDS = ['title', 'product_type', 'tag', 'vendor', 'variants.title', 'variants.sku', 'variants.barcode', 'body', 'author'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

export interface SearchDocument {
  /** Unique in the locale: `<type>:<handle>` (`product:kit-aquaponie-balcon`, `query:pompe à air`). */
  id: string;
  type: ResourceType;
  /** Handle of the resource; for a query suggestion, its text. */
  handle: string;
  /** Raw (not yet analysed) text per field. */
  fields: Partial<Record<SearchField, string>>;
}

/** The locale's version of a Markdown page or article, French when it has no translation (README "Content model": the French fallback). */
export function pageVersion<M>(page: ContentPage<M>, locale: Locale) {
  return page.locales[locale] ?? page.locales[DEFAULT_LOCALE]!;
}

function productDocument(product: CatalogProduct, catalog: Catalog, locale: Locale): SearchDocument {
  const ctx = viewContext(catalog, locale);
  const variantTitles = product.options.length ? product.variants.map((_, i) => variantTitle(product, i, ctx)) : [];
  return {
    id: `product:${product.handle}`,
    type: 'product',
    handle: product.handle,
    fields: {
      title: localize(product.title, locale),
      product_type: localize(product.product_type, locale),
      tag: product.tags.join(' '),
      vendor: product.vendor,
      'variants.title': variantTitles.join(' '),
      'variants.sku': product.variants.map((v) => v.sku ?? '').join(' '),
      'variants.barcode': product.variants.map((v) => v.barcode ?? '').join(' '),
      body: plainText(product.body_html[locale]),
    },
  };
}

/**
 * Query suggestions offered in a locale: the product types and collection titles (lower-cased,
 * without duplicates after folding), i.e. words and phrases of the catalog (docs/storefront.md
 * "Predictive search": Shopify builds them "from words and phrases in the product catalog").
 */
export function suggestionPhrases(catalog: Catalog, locale: Locale): string[] {
  const phrases = new Map<string, string>();
  const add = (text: string) => {
    const phrase = text.trim().toLowerCase();
    const key = fold(phrase, locale);
    if (phrase && !phrases.has(key)) phrases.set(key, phrase);
  };
  for (const product of publishedProducts(catalog)) add(localize(product.product_type, locale));
  for (const collection of catalog.collections) if (!collection.all) add(localize(collection.title, locale));
  return [...phrases.values()];
}

/**
 * Every search document of a locale, in a stable order (products by id, then collections,
 * pages, articles, suggestions).
 */
export function searchDocuments(catalog: Catalog, locale: Locale): SearchDocument[] {
  const docs: SearchDocument[] = publishedProducts(catalog).map((p) => productDocument(p as CatalogProduct, catalog, locale));
  for (const c of catalog.collections) {
    docs.push({
      id: `collection:${c.handle}`,
      type: 'collection',
      handle: c.handle,
      fields: { title: localize(c.title, locale), body: c.body ? localize(c.body, locale) : '' },
    });
  }
  for (const page of catalog.pages) {
    const v = pageVersion(page, locale);
    docs.push({
      id: `page:${page.handle}`,
      type: 'page',
      handle: page.handle,
      fields: { title: v.meta.title, body: `${v.meta.description} ${plainText(v.html)}`, author: v.meta.author },
    });
  }
  for (const article of catalog.articles) {
    const v = pageVersion(article, locale);
    docs.push({
      id: `article:${article.handle}`,
      type: 'article',
      handle: article.handle,
      fields: { title: v.meta.title, body: `${v.meta.description} ${plainText(v.html)}`, tag: v.meta.tags.join(' '), author: v.meta.author },
    });
  }
  for (const phrase of suggestionPhrases(catalog, locale)) {
    docs.push({ id: `query:${phrase}`, type: 'query', handle: phrase, fields: { title: phrase } });
  }
  return docs;
}
