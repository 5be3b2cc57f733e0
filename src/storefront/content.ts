/**
 * Collections, content pages and articles as the HTML storefront shows them: the collection a
 * product's breadcrumb goes through, the text of a page in a locale (with the French fallback of
 * README "Content model"), and the articles of the guides blog, newest first.
 */
import type { Catalog, CatalogProduct, ContentPage } from '../catalog/types';
import type { Collection } from '../catalog/schema';
import { DEFAULT_LOCALE, type Locale } from '../catalog/locales';
import { collectionProducts } from '../catalog/query';

/**
 * The collection a product's breadcrumb shows: the first collection (by id) other than `all`
 * that lists it, or `all` when none does; undefined only if the catalog has no such collection.
 */
export function primaryCollection(catalog: Catalog, product: CatalogProduct): Collection | undefined {
  let primary = primaries.get(catalog);
  if (!primary) {
    // Once per catalog: collections by id, the first one listing a product wins.
    primary = new Map();
    for (const collection of catalog.collections.filter((c) => !c.all)) {
      for (const p of collectionProducts(catalog, collection)) if (!primary.has(p.id)) primary.set(p.id, collection);
    }
    primaries.set(catalog, primary);
  }
  return primary.get(product.id) ?? catalog.collections.find((c) => c.all);
}
const primaries = new WeakMap<Catalog, Map<number, Collection>>();

export interface LocalizedEntry<M> {
  meta: M;
  html: string;
  /** The locale of the text: `locale` itself, or French when the page has no translation yet. */
  lang: Locale;
  translated: boolean;
}

/** The text of a page or article in `locale`, falling back to French (always present: the build requires it). */
export function localizedEntry<M>(entry: ContentPage<M>, locale: Locale): LocalizedEntry<M> {
  const own = entry.locales[locale];
  const text = own ?? entry.locales[DEFAULT_LOCALE]!;
  return { meta: text.meta, html: text.html, lang: own ? locale : DEFAULT_LOCALE, translated: !!own };
}

/** Articles of the guides blog, newest first (by the French `published_at`, identical in every locale). */
export function articlesNewestFirst(catalog: Catalog): Catalog['articles'] {
  const published = (a: Catalog['articles'][number]) => Date.parse(a.locales[DEFAULT_LOCALE]!.meta.published_at);
  return [...catalog.articles].sort((a, b) => published(b) - published(a) || a.id - b.id);
}
