/**
 * Requests for what the store does not sell (docs/storefront.md "What the store sells": live
 * fish and turnkey commercial farms; clients are directed to a contact page). Detected the way
 * `/search/suggest.json` answers them: the query's best match among products and pages, in the
 * locale's search index, is the store's page on what it does not sell (content/store.yaml
 * `pages.not_sold`), which links to the contact page. A query that also names a product the store
 * sells ("fish food", "koi fish") has a product as best match and is not out of scope.
 */
import type { Catalog } from '../catalog/types';
import type { Locale } from '../catalog/locales';
import { analyzeQuery } from './analyze';
import { localeIndex } from './index-store';
import type { LocaleIndex } from './locale-index';

const TYPES = new Set(['product', 'page'] as const);

/**
 * True when `q` asks for something the store does not sell.
 * @param q the buyer's terms, in the language of `locale`
 * @param index the locale's search index (default: the built one); a missing index means no
 *        detection (false), never an error: the caller still answers the search
 */
export function isOutOfScope(catalog: Catalog, locale: Locale, q: string, index?: LocaleIndex): boolean {
  if (!q.trim()) return false;
  try {
    // The trailing space makes the last word complete rather than a prefix being typed.
    const [best] = (index ?? localeIndex(locale)).search(analyzeQuery(`${q} `, locale), { types: TYPES });
    return best?.type === 'page' && best.handle === catalog.store.pages.not_sold;
  } catch (error) {
    console.error('out-of-scope detection unavailable', error);
    return false;
  }
}
